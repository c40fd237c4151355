//! The rules of settlement: what every wager wins or loses. The one place
//! payouts are decided; the exact solver, the side-bet enumerations and the
//! sampler all call these functions (the hot loops call them once per outcome
//! kind to fill small tables, never re-deriving a rule).
//!
//! Base game (COMAR 36.05.16.11), Ante = Blind = 1 unit:
//! - Fold: Ante and Blind lose, whatever the dealer holds.
//! - Player higher: Play wins 1 to 1; Ante wins 1 to 1 if the dealer
//!   qualifies (pair or better) and pushes if not; Blind is paid by the Blind
//!   pay table when the hand is on it and pushes otherwise.
//! - Tie: Ante, Blind and Play push.
//! - Player lower: Play and Blind lose; Ante loses if the dealer qualifies
//!   and pushes if not, even though the dealer's hand is higher.
//!
//! Trips is settled on the player's best five of seven cards whatever
//! happens in the base game, folds included; under the rule
//! `must_beat_dealer` (the Florida racetrack variant) it is paid only when
//! that hand also beats the dealer's, a tie pushing a paying hand. The Six
//! Card Bonus is settled on the best five of the player's two cards and the
//! four bonus cards.
//!
//! The Bad Beat bonus is settled on both final hands: it pays, for each way
//! to win its table lists, the award of the category of the hand that lost
//! the showdown; a tie, and anything else, loses. The Progressive Payout
//! wager pays its own five-card hand (only the highest award), and the Envy
//! Bonus pays a fixed sum for each other player's qualifying hand.
//!
//! The Ultimate Pairs Bonus is settled on the player's two hole cards (and,
//! for a line that names them, the dealer's): the highest-paying line that
//! matches pays, else the wager loses; the base game does not enter, so it
//! stays in action after a fold (Washington State rules).
//!
//! A round given by its cards ([`Deal`], `settlement/deal.rs`) gives the
//! [`BaseRound`] these functions take: the report's worked examples are
//! settled that way.

use crate::cards::Card;
use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::rules::paytable::two_card::class_of;
use crate::rules::paytable::{Award, BadBeatWay, PayLine, PayTable, PayingHand, TripsRule};

mod deal;
mod player_dealer;
pub use deal::Deal;
pub use player_dealer::*;

/// How the player's hand compares with the dealer's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Versus {
    /// The player's hand is higher.
    PlayerHigher,
    /// The hands tie.
    Tie,
    /// The dealer's hand is higher.
    DealerHigher,
}

impl Versus {
    /// The showdown of the player's hand rank against the dealer's.
    #[inline]
    pub fn between<R: Ord>(player: R, dealer: R) -> Versus {
        match player.cmp(&dealer) {
            std::cmp::Ordering::Greater => Versus::PlayerHigher,
            std::cmp::Ordering::Equal => Versus::Tie,
            std::cmp::Ordering::Less => Versus::DealerHigher,
        }
    }
}

/// Whether a dealer's hand of this category qualifies: a pair or better.
#[inline]
pub fn dealer_qualifies(category: HandCategory) -> bool {
    category >= HandCategory::Pair
}

/// How a base-game round ended, from the player's side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BaseRound {
    /// The Play wager as a multiple of the Ante (4, 3, 2 or 1), 0 after a fold.
    pub play: u8,
    /// Category of the player's best five of seven cards.
    pub player: HandCategory,
    /// The showdown result (ignored after a fold).
    pub versus: Versus,
    /// Whether the dealer holds a pair or better (ignored after a fold).
    pub dealer_qualifies: bool,
}

/// Net result of each base-game wager, in Ante units.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct BaseNet {
    /// Net of the Ante.
    pub ante: Fraction,
    /// Net of the Blind.
    pub blind: Fraction,
    /// Net of the Play wager.
    pub play: Fraction,
}

impl BaseNet {
    /// Net result of the round.
    pub fn total(&self) -> Fraction {
        &self.ante + &self.blind + &self.play
    }
}

/// Settles the Ante, Blind and Play of one round with the given Blind table.
pub fn settle_base(blind_table: &PayTable, round: BaseRound) -> BaseNet {
    let one = || Fraction::ONE;
    if round.play == 0 {
        return BaseNet {
            ante: -one(),
            blind: -one(),
            play: Fraction::ZERO,
        };
    }
    let play = Fraction::from_int(round.play as i128);
    match round.versus {
        Versus::Tie => BaseNet::default(),
        Versus::PlayerHigher => BaseNet {
            ante: if round.dealer_qualifies {
                one()
            } else {
                Fraction::ZERO
            },
            blind: blind_table
                .award_for_category(round.player)
                .map_or(Fraction::ZERO, |award| award.win_on(one())),
            play,
        },
        Versus::DealerHigher => BaseNet {
            ante: if round.dealer_qualifies {
                -one()
            } else {
                Fraction::ZERO
            },
            blind: -one(),
            play: -play,
        },
    }
}

/// Net result of a one-unit Trips wager on the player's final hand, for a
/// table whose rule does not look at the dealer's hand (the standard rule).
/// Panics for a `must_beat_dealer` table: use [`settle_trips_against`].
pub fn settle_trips(trips_table: &PayTable, player: HandCategory) -> Fraction {
    assert!(
        !trips_table.rules.trips.needs_dealer(),
        "Trips table {} is settled against the dealer's hand: use settle_trips_against",
        trips_table.id
    );
    settle_trips_against(trips_table, player, Versus::PlayerHigher)
}

/// Net result of a one-unit Trips wager on the player's final hand, given
/// how it compares with the dealer's, under the table's rule:
/// - standard: the table's award for the hand, or a loss, whatever `versus`;
/// - `must_beat_dealer`: a hand on the table wins its award when higher,
///   pushes on a tie, loses when lower; a hand not on the table loses.
pub fn settle_trips_against(
    trips_table: &PayTable,
    player: HandCategory,
    versus: Versus,
) -> Fraction {
    let lose = -Fraction::ONE;
    let Some(award) = trips_table.award_for_category(player) else {
        return lose;
    };
    match (trips_table.rules.trips, versus) {
        (TripsRule::Standard, _) | (TripsRule::MustBeatDealer, Versus::PlayerHigher) => {
            award.win_on(Fraction::ONE)
        }
        (TripsRule::MustBeatDealer, Versus::Tie) => Fraction::ZERO,
        (TripsRule::MustBeatDealer, Versus::DealerHigher) => lose,
    }
}

/// A payout limit per hand (COMAR 36.05.16.12F: "a maximum amount that is
/// payable to a player on a single hand"), in Antes, with the wagers of the
/// hand it covers besides the Ante, Blind and Play: an optional Trips
/// wager. The Progressive and the Six Card Bonus are not limited (.12F).
#[derive(Clone, PartialEq, Debug)]
pub struct PayoutLimit {
    /// The most paid on one hand, in Antes (positive).
    pub per_hand: Fraction,
    /// `false` (the default reading): the limit caps the sum of the wins on
    /// the Ante, Blind, Play and Trips, stakes excluded, not reduced by the
    /// wagers lost in the same hand. `true`: it caps that sum less the
    /// wagers lost (the net win).
    pub net_of_losses: bool,
    /// A Trips wager: its pay table (standard rule) and amount in Antes.
    pub trips: Option<(PayTable, Fraction)>,
}

/// Net result of one hand under a [`PayoutLimit`], in Antes.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LimitedNet {
    /// The Ante, Blind and Play as the pay tables settle them.
    pub base: BaseNet,
    /// The Trips wager as its table settles it (0 without one).
    pub trips: Fraction,
    /// What the limit keeps of the wins (0 when it does not bind).
    pub withheld: Fraction,
}

impl LimitedNet {
    /// Net result of the hand, after the limit.
    pub fn total(&self) -> Fraction {
        self.base.total() + &self.trips - &self.withheld
    }

    /// The wins of the hand before the limit, stakes excluded: the sum of
    /// the wagers that win.
    pub fn wins(&self) -> Fraction {
        [
            &self.base.ante,
            &self.base.blind,
            &self.base.play,
            &self.trips,
        ]
        .into_iter()
        .filter(|p| p.is_positive())
        .cloned()
        .sum()
    }
}

/// Settles one hand with the Blind table under a payout limit: every wager
/// as its table says (Trips after a fold too), then the wins above the limit
/// withheld (see [`PayoutLimit::net_of_losses`] for what is capped).
/// Panics on a Trips table settled against the dealer (refused earlier).
pub fn settle_limited(blind_table: &PayTable, limit: &PayoutLimit, round: BaseRound) -> LimitedNet {
    let base = settle_base(blind_table, round);
    let trips = limit
        .trips
        .as_ref()
        .map_or(Fraction::ZERO, |(table, amount)| {
            settle_trips(table, round.player) * amount
        });
    let mut net = LimitedNet {
        base,
        trips,
        withheld: Fraction::ZERO,
    };
    let capped = if limit.net_of_losses {
        net.total()
    } else {
        net.wins()
    };
    if capped > limit.per_hand {
        net.withheld = capped - &limit.per_hand;
    }
    net
}

/// The way and the category a Bad Beat wager is paid on, if it wins: the
/// player's hand when it loses the showdown, the dealer's when it does, each
/// only if the table lists that way and pays that category. A tie wins
/// nothing.
pub fn bad_beat_paid_hand(
    bad_beat_table: &PayTable,
    player: HandCategory,
    versus: Versus,
    dealer: HandCategory,
) -> Option<(BadBeatWay, HandCategory)> {
    let (way, losing) = match versus {
        Versus::DealerHigher => (BadBeatWay::PlayerLosingHand, player),
        Versus::PlayerHigher => (BadBeatWay::DealerBeatenHand, dealer),
        Versus::Tie => return None,
    };
    let listed = bad_beat_table.rules.bad_beat_pays_on.contains(&way);
    (listed && bad_beat_table.award_for_category(losing).is_some()).then_some((way, losing))
}

/// Net result of a one-unit Bad Beat wager on the final hands (see
/// [`bad_beat_paid_hand`]): the award of the paid category, else a loss.
pub fn settle_bad_beat(
    bad_beat_table: &PayTable,
    player: HandCategory,
    versus: Versus,
    dealer: HandCategory,
) -> Fraction {
    bad_beat_paid_hand(bad_beat_table, player, versus, dealer)
        .and_then(|(_, losing)| bad_beat_table.award_for_category(losing))
        .map_or(-Fraction::ONE, |award| award.win_on(Fraction::ONE))
}

/// Net result, in dollars, of a Progressive wager of `wager` dollars on the
/// player's own hand (its category; only the highest award is paid) with
/// the meter at `meter` dollars. With `wager_returned` (the default) a win is
/// the award and the wager comes back; otherwise the award includes the
/// wager ("for 1"). The Envy Bonus is apart: [`envy_bonus`].
pub fn settle_progressive(
    progressive_table: &PayTable,
    hand: HandCategory,
    wager: Fraction,
    meter: Fraction,
) -> Fraction {
    settle_progressive_meters(progressive_table, hand, wager, std::slice::from_ref(&meter))
}

/// [`settle_progressive`] with an amount for each meter of the table
/// (`meters[i]` pays the lines of meter `i`, see
/// [`crate::rules::paytable::meters`]); a single amount pays every meter.
pub fn settle_progressive_meters(
    progressive_table: &PayTable,
    hand: HandCategory,
    wager: Fraction,
    meters: &[Fraction],
) -> Fraction {
    match progressive_table.award_for_category(hand) {
        None => -wager,
        Some(award) => {
            let meter = match award {
                Award::Meter { meter, .. } if meters.len() > 1 => Some(meters[meter].clone()),
                _ => meters.first().cloned(),
            };
            let paid = award.win_at_meter(wager.clone(), meter);
            if progressive_table.rules.wager_returned {
                paid
            } else {
                paid - wager
            }
        }
    }
}

/// The Envy Bonus, in dollars, paid to a Progressive wager of `wager`
/// dollars for one other player holding a hand of `other` (nothing if the
/// table's schedule for that wager does not list it, or has no schedule for
/// that wager).
pub fn envy_bonus(progressive_table: &PayTable, other: HandCategory, wager: Fraction) -> Fraction {
    progressive_table
        .rules
        .envy
        .iter()
        .find(|e| Fraction::from_int(e.wager as i128) == wager)
        .and_then(|e| e.award_for(other))
        .map_or(Fraction::ZERO, |d| Fraction::from_int(d as i128))
}

/// The line of a Six Card Bonus table that pays the given six-card hand, if
/// any. `hand` is [`PayingHand::SuperRoyalOf`] the suit for A-K-Q-J-10-9 of
/// one suit, else the category of the best five cards. A Super Royal is paid
/// by the table's line for its suit, else by its any-suit `super_royal` line
/// (and then only by that line, not also as a royal flush); a table with
/// neither pays it as the royal flush it holds: the Super Royal exists only
/// for tables that name it (COMAR 36.05.16.06F(8)).
pub fn six_card_pay_line(six_card_table: &PayTable, hand: PayingHand) -> Option<PayLine> {
    let royal = PayingHand::Category(HandCategory::RoyalFlush);
    match hand {
        PayingHand::SuperRoyalOf(_) => six_card_table
            .line_for(hand)
            .or_else(|| six_card_table.line_for(PayingHand::SuperRoyal))
            .or_else(|| six_card_table.line_for(royal)),
        PayingHand::SuperRoyal => six_card_table
            .line_for(hand)
            .or_else(|| six_card_table.line_for(royal)),
        PayingHand::Category(_) => six_card_table.line_for(hand),
        PayingHand::TwoCards(_) => None,
    }
}

/// Net result, in dollars, of a Six Card Bonus wager of `wager` dollars on
/// the given six-card hand (a Super Royal or the best five-card category; see
/// [`six_card_pay_line`] for which line pays a Super Royal).
pub fn settle_six_card(six_card_table: &PayTable, hand: PayingHand, wager: Fraction) -> Fraction {
    match six_card_pay_line(six_card_table, hand) {
        Some(line) => line.award.win_on(wager),
        None => -wager,
    }
}

/// The lines of an Ultimate Pairs Bonus table that match a deal whose
/// player's two cards are of class `player` and dealer's of class `dealer`
/// ([`crate::rules::paytable::two_card::class_of`]), keeping only those with
/// the highest award: the table pays the highest-paying line that matches.
/// Indices into `lines`, in order. (A table the reader accepts never has two
/// here: that would be ambiguous, and it refuses it.)
pub fn ultimate_pairs_best_lines(lines: &[PayLine], player: usize, dealer: usize) -> Vec<usize> {
    let mut best: Vec<usize> = Vec::new();
    let mut best_win: Option<Fraction> = None;
    for (i, line) in lines.iter().enumerate() {
        let PayingHand::TwoCards(hand) = line.hand else {
            continue;
        };
        if !hand.matches(player, dealer) {
            continue;
        }
        let win = line.award.win_on(Fraction::ONE);
        match best_win.as_ref().map(|b| win.cmp(b)) {
            Some(std::cmp::Ordering::Less) => {}
            Some(std::cmp::Ordering::Equal) => best.push(i),
            _ => {
                best = vec![i];
                best_win = Some(win);
            }
        }
    }
    best
}

/// The line of an Ultimate Pairs Bonus table that pays a deal (classes as in
/// [`ultimate_pairs_best_lines`]), if any: the highest-paying line among
/// those whose player's hands (and, for a line that names them, dealer's
/// hands) match.
pub fn ultimate_pairs_pay_line(
    pairs_table: &PayTable,
    player: usize,
    dealer: usize,
) -> Option<PayLine> {
    ultimate_pairs_best_lines(&pairs_table.lines, player, dealer)
        .first()
        .map(|&i| pairs_table.lines[i])
}

/// Net result of a one-unit Ultimate Pairs Bonus wager on the player's and
/// the dealer's two hole cards: the award of the line that pays
/// ([`ultimate_pairs_pay_line`]), else a loss. Nothing else enters: the
/// wager is settled whatever happens in the base game, a fold included
/// (Washington State rules, Ultimate Pairs Bonus rule 4: it "remains in
/// action").
pub fn settle_ultimate_pairs(
    pairs_table: &PayTable,
    player: (Card, Card),
    dealer: (Card, Card),
) -> Fraction {
    let p = class_of(player.0, player.1);
    let d = class_of(dealer.0, dealer.1);
    settle_ultimate_pairs_classes(pairs_table, p, d)
}

/// [`settle_ultimate_pairs`] of a deal given by the classes of the two hands
/// (all the wager looks at).
pub fn settle_ultimate_pairs_classes(
    pairs_table: &PayTable,
    player: usize,
    dealer: usize,
) -> Fraction {
    ultimate_pairs_pay_line(pairs_table, player, dealer)
        .map_or(-Fraction::ONE, |line| line.award.win_on(Fraction::ONE))
}
