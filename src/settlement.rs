//! The rules of settlement: what every wager wins or loses. The one place
//! payouts are decided; the exact solver, the side-bet enumerations and the
//! sampler all call these functions (the hot loops call them once per outcome
//! kind to fill small tables, never re-deriving a rule).
//!
//! Base game (COMAR 36.05.16.11, seeds/004), Ante = Blind = 1 unit:
//! - Fold: Ante and Blind lose, whatever the dealer holds.
//! - Player higher: Play wins 1 to 1; Ante wins 1 to 1 if the dealer
//!   qualifies (pair or better) and pushes if not; Blind is paid by the Blind
//!   pay table when the hand is on it and pushes otherwise.
//! - Tie: Ante, Blind and Play push.
//! - Player lower: Play and Blind lose; Ante loses if the dealer qualifies
//!   and pushes if not, even though the dealer's hand is higher.
//!
//! Trips is settled on the player's best five of seven cards whatever
//! happens in the base game, folds included. The Six Card Bonus is settled on
//! the best five of the player's two cards and the four bonus cards.

use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::paytable::{PayLine, PayTable, PayingHand};

/// How the player's hand compares with the dealer's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Versus {
    PlayerHigher,
    Tie,
    DealerHigher,
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
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct BaseNet {
    pub ante: Fraction,
    pub blind: Fraction,
    pub play: Fraction,
}

impl BaseNet {
    /// Net result of the round.
    pub fn total(self) -> Fraction {
        self.ante + self.blind + self.play
    }
}

/// Settles the Ante, Blind and Play of one round with the given Blind table.
pub fn settle_base(blind_table: &PayTable, round: BaseRound) -> BaseNet {
    let one = Fraction::ONE;
    if round.play == 0 {
        return BaseNet {
            ante: -one,
            blind: -one,
            play: Fraction::ZERO,
        };
    }
    let play = Fraction::from_int(round.play as i128);
    match round.versus {
        Versus::Tie => BaseNet::default(),
        Versus::PlayerHigher => BaseNet {
            ante: if round.dealer_qualifies {
                one
            } else {
                Fraction::ZERO
            },
            blind: blind_table
                .award_for_category(round.player)
                .map_or(Fraction::ZERO, |award| award.win_on(one)),
            play,
        },
        Versus::DealerHigher => BaseNet {
            ante: if round.dealer_qualifies {
                -one
            } else {
                Fraction::ZERO
            },
            blind: -one,
            play: -play,
        },
    }
}

/// Net result of a one-unit Trips wager on the player's final hand.
pub fn settle_trips(trips_table: &PayTable, player: HandCategory) -> Fraction {
    trips_table
        .award_for_category(player)
        .map_or(-Fraction::ONE, |award| award.win_on(Fraction::ONE))
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
    }
}

/// Net result, in dollars, of a Six Card Bonus wager of `wager` dollars on
/// the given six-card hand (a Super Royal or the best five-card category; see
/// [`six_card_pay_line`] for which line pays a Super Royal).
pub fn settle_six_card(six_card_table: &PayTable, hand: PayingHand, wager: Fraction) -> Fraction {
    six_card_pay_line(six_card_table, hand).map_or(-wager, |line| line.award.win_on(wager))
}
