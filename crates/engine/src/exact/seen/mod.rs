//! Game protection: the exact value of the base game to a player who sees
//! cards he should not (a flashed dealer hole card, an exposed community
//! card), playing the best strategy given what he sees.
//!
//! # The cases
//! A case is named like `dealer:1,flop:1`:
//! - `dealer:k` (k = 0, 1, 2): the player knows `k` of the dealer's two hole
//!   cards before his first (preflop) decision;
//! - `flop:1`: he also knows one of the three flop cards before the preflop
//!   decision (it tells him nothing more at the flop, where every flop card is
//!   shown);
//! - `turnriver:1`: he knows one of the turn/river cards before the preflop
//!   decision, and still knows it at the flop decision (the reading of
//!   E. Jacobson's published "One Dealer Card, One Turn/River Card" case);
//! - `turnriver-at-flop:1`: the other reading of "a turn/river card seen
//!   before the flop decision": the card becomes visible only after the
//!   preflop decision (say exposed while the flop is turned), so the preflop
//!   decision knows only the seen dealer cards, and the flop and river
//!   decisions know the card.
//!
//! Every seen card other than the late turn/river card is seen from the
//! start; every decision is the one of
//! highest expected value given what the player sees then (the smaller bet
//! on an exact tie, as in the base-game solver), and the river decision sums
//! over the dealer cards still unseen. `dealer:0` alone is the base game
//! (the same figures as [`crate::exact::game`]). Side bets settled on cards
//! dealt before any leak could be used (Trips, the Six Card Bonus) are not
//! decisions: seeing cards changes neither their pays nor their odds, so they
//! keep their own house edge and are not part of these figures.
//!
//! # Suit symmetry with seen cards
//! A starting situation is the player's two cards plus the seen dealer
//! cards; renaming suits changes no value, so the situations are grouped
//! into classes of the 24 suit renamings of the *pair* (player cards, seen
//! dealer cards): a seen card conditions the class, so there are many more
//! classes than the base game's 169 ([`situations`] counts them; the results
//! file records the number).
//! Each class is solved once on a representative and weighted by its size.
//! A seen flop or turn/river card is not part of the class: it is one of the
//! cards left, and one enumeration of the class's boards serves the case
//! without it and every choice of it ([`pass`]).
//!
//! # Exactness
//! Money is an integer number of `1/scale` Ante (`scale` the Blind table's
//! common denominator), every sum is an integer (64-bit where
//! [`MAX_LEAF_UNITS`] proves it holds, 128-bit above), and the classes'
//! integer totals are added in any order, so the figures are exact fractions
//! and identical for any number of threads.

pub mod dead;
pub mod dead_situation;
pub mod dead_sums;
pub mod partners;
pub(crate) mod pass;

use crate::cards::canonical::{for_each_subset, SuitPermutation};
use crate::cards::{Card, CardSet};
use crate::exact::game::{BlindRangeError, Payoffs};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use pass::Money;
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt;

/// The largest magnitude, in units of `1/scale` Ante, of the net result of
/// one deal with any Play (and of a fold) that the seen-card engine accepts:
/// 2^16. The squares it sums for the standard deviation then fit its 64-bit
/// sums (see [`pass`]). The built-in Blind tables need at most 1,010.
pub const MAX_LEAF_UNITS: i64 = 1 << 16;

/// Which extra community card the player sees (besides dealer cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// No community card.
    NoBoardCard = 0,
    /// One of the three flop cards, before the preflop decision.
    Flop = 1,
    /// One of the turn/river cards, before the preflop decision.
    TurnRiver = 2,
    /// One of the turn/river cards, seen only after the preflop decision:
    /// known at the flop and river decisions.
    TurnRiverAtFlop = 3,
}

impl Variant {
    /// All variants, in index order.
    pub const ALL: [Variant; 4] = [
        Variant::NoBoardCard,
        Variant::Flop,
        Variant::TurnRiver,
        Variant::TurnRiverAtFlop,
    ];
}

/// What the player sees: a case such as `dealer:1,flop:1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seen {
    /// Dealer hole cards seen (0, 1 or 2).
    pub dealer: usize,
    /// The community card seen, if any.
    pub variant: Variant,
}

/// A `--seen` value that is not a case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--seen {text:?}: {why}; expected cases like dealer:1, dealer:2, flop:1, turnriver:1, turnriver-at-flop:1 or dealer:1,flop:1")]
pub struct SeenParseError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

impl Seen {
    /// The cases the results file lists, in order.
    pub const ALL: [Seen; 12] = {
        let mut all = [Seen {
            dealer: 0,
            variant: Variant::NoBoardCard,
        }; 12];
        let mut i = 0;
        while i < 12 {
            all[i] = Seen {
                dealer: i / 4,
                variant: Variant::ALL[i % 4],
            };
            i += 1;
        }
        all
    };

    /// Reads `dealer:1`, `flop:1`, `turnriver:1`, `turnriver-at-flop:1` and
    /// their combinations (comma-separated, each at most once; at most one
    /// community card).
    pub fn parse(text: &str) -> Result<Seen, SeenParseError> {
        let fail = |why: String| SeenParseError {
            text: text.to_string(),
            why,
        };
        let mut dealer = None;
        let mut flop = None;
        let mut turnriver = None;
        let mut turnriver_at_flop = None;
        for item in text.split(',').map(str::trim) {
            let (name, count) = item
                .split_once(':')
                .ok_or_else(|| fail(format!("{item:?} is not NAME:COUNT")))?;
            let count: usize = count
                .trim()
                .parse()
                .map_err(|_| fail(format!("{item:?}: the count is not a number")))?;
            let (slot, max) = match name.trim() {
                "dealer" => (&mut dealer, 2),
                "flop" => (&mut flop, 1),
                "turnriver" => (&mut turnriver, 1),
                "turnriver-at-flop" => (&mut turnriver_at_flop, 1),
                other => return Err(fail(format!("unknown card group {other:?}"))),
            };
            if count > max {
                return Err(fail(format!("{item:?}: at most {max} can be seen here")));
            }
            if slot.replace(count).is_some() {
                return Err(fail(format!("{name:?} is given twice")));
            }
        }
        let counts = (
            flop.unwrap_or(0),
            turnriver.unwrap_or(0),
            turnriver_at_flop.unwrap_or(0),
        );
        let variant =
            match counts {
                (0, 0, 0) => Variant::NoBoardCard,
                (1, 0, 0) => Variant::Flop,
                (0, 1, 0) => Variant::TurnRiver,
                (0, 0, 1) => Variant::TurnRiverAtFlop,
                (0, 1, 1) => return Err(fail(
                    "turnriver and turnriver-at-flop are two readings of one seen card: give one"
                        .into(),
                )),
                _ => {
                    return Err(fail(
                        "a flop card and a turn/river card together are not supported".into(),
                    ))
                }
            };
        Ok(Seen {
            dealer: dealer.unwrap_or(0),
            variant,
        })
    }
}

impl fmt::Display for Seen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![];
        if self.dealer > 0 || self.variant == Variant::NoBoardCard {
            parts.push(format!("dealer:{}", self.dealer));
        }
        match self.variant {
            Variant::NoBoardCard => {}
            Variant::Flop => parts.push("flop:1".into()),
            Variant::TurnRiver => parts.push("turnriver:1".into()),
            Variant::TurnRiverAtFlop => parts.push("turnriver-at-flop:1".into()),
        }
        write!(f, "{}", parts.join(","))
    }
}

/// The preflop choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decisions {
    /// Raise 4x.
    Raise4x,
    /// Raise 3x.
    Raise3x,
    /// Check.
    Check,
}

impl Decisions {
    /// `raise_4x`, `raise_3x` or `check`.
    pub fn name(self) -> &'static str {
        match self {
            Decisions::Raise4x => "raise_4x",
            Decisions::Raise3x => "raise_3x",
            Decisions::Check => "check",
        }
    }
}

/// Sums over equally likely deals played with the best strategy, money in
/// units of `1/scale` Ante.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Number of deals (sequences of cards).
    pub deals: i128,
    /// Net result summed over them.
    pub value: i128,
    /// Square of the net result summed over them (units `1/scale²`).
    pub square: i128,
    /// Deals by final Play: `[fold, 1x, 2x, 3x, 4x]`.
    pub actions: [i128; 5],
}

impl Tally {
    /// Adds `other` times `weight`, checked: a sum past `i128` stops the
    /// run (a bug, exit code 101) rather than wrap into a wrong figure.
    fn add_weighted(&mut self, other: &Tally, weight: i128) {
        let add = |sum: &mut i128, part: i128| {
            *sum = part
                .checked_mul(weight)
                .and_then(|p| sum.checked_add(p))
                .expect("a dead- or seen-card sum within i128");
        };
        add(&mut self.deals, other.deals);
        add(&mut self.value, other.value);
        add(&mut self.square, other.square);
        for (a, b) in self.actions.iter_mut().zip(other.actions) {
            add(a, b);
        }
    }
}

/// One preflop state (the situation plus the seen community card, if any):
/// the values of its three choices summed over its deals, the choice and
/// the tally of its deals under the best strategy.
#[derive(Clone, Debug)]
pub struct PreflopState {
    /// The seen community card, if any.
    pub seen: Option<Card>,
    /// Raise 4x, in units of `1/scale` Ante summed over the deals.
    pub raise_4x: i128,
    /// Raise 3x, same units.
    pub raise_3x: i128,
    /// Check (then the best flop and river decisions), same units.
    pub check: i128,
    /// The best choice (the smaller bet on a tie).
    pub decision: Decisions,
    /// The deals under the best strategy.
    pub tally: Tally,
}

/// The solved case.
#[derive(Clone, Debug)]
pub struct SeenCase {
    /// What the player sees.
    pub seen: Seen,
    /// Id of the Blind pay table.
    pub paytable: String,
    /// SHA-256 of the Blind table's contents
    /// ([`PayTable::contents_sha256`]).
    pub paytable_sha256: String,
    /// Money unit: `1/scale` Ante.
    pub scale: i64,
    /// Sums over every deal.
    pub tally: Tally,
    /// Number of starting-situation classes solved.
    pub classes: usize,
}

impl SeenCase {
    /// The player's expectation per hand, in Antes (positive: the player
    /// has the edge).
    pub fn per_ante(&self) -> Fraction {
        Fraction::new(self.tally.value, self.tally.deals * self.scale as i128)
    }

    /// Average total wagered per hand (Ante + Blind + Play), in Antes.
    pub fn average_wagered(&self) -> Fraction {
        let plays: i128 = (0..5).map(|p| p as i128 * self.tally.actions[p]).sum();
        Fraction::new(2 * self.tally.deals + plays, self.tally.deals)
    }

    /// The player's expectation per unit wagered in total.
    pub fn per_total_wagered(&self) -> Fraction {
        let plays: i128 = (0..5).map(|p| p as i128 * self.tally.actions[p]).sum();
        Fraction::new(
            self.tally.value,
            (2 * self.tally.deals + plays) * self.scale as i128,
        )
    }

    /// Share of the deals ending with each Play `[fold, 1x, 2x, 3x, 4x]`.
    pub fn action_shares(&self) -> [Fraction; 5] {
        self.tally
            .actions
            .map(|n| Fraction::new(n, self.tally.deals))
    }

    /// Variance of one hand's net result, in Antes squared.
    pub fn variance(&self) -> Fraction {
        let s = self.scale as i128;
        let second = Fraction::new(self.tally.square, self.tally.deals * s * s);
        let mean = self.per_ante();
        second - mean.clone() * mean
    }

    /// Standard deviation of one hand's net result, in Antes.
    pub fn std_dev(&self) -> f64 {
        self.variance().to_f64().sqrt()
    }

    /// Hands after which the expected win exceeds two standard deviations of
    /// the total: `4σ²/μ²` (None when the expectation is zero).
    pub fn hands_until_visible(&self) -> Option<Fraction> {
        let mean = self.per_ante();
        if mean.is_zero() {
            return None;
        }
        Some(Fraction::from_int(4) * self.variance() / (mean.clone() * mean))
    }
}

/// Why a case cannot be solved for a Blind table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeenError {
    /// The base game's own limit.
    #[error(transparent)]
    Range(#[from] BlindRangeError),
    /// Above [`MAX_LEAF_UNITS`].
    #[error(
        "Blind pay table {id}: the seen-card analysis needs every one-hand amount, as a multiple \
         of 1/d Ante (d = the common denominator of the pays), to be at most 2^16 (65,536) in size; \
         one is {units}/{scale} Ante"
    )]
    TooLarge {
        /// Id of the table.
        id: String,
        /// The largest amount in units.
        units: i64,
        /// The units' denominator.
        scale: i64,
    },
}

/// The table's money, or why the engine cannot hold it; cheap, to be
/// called before any heavy work.
pub fn check_blind_table(blind_table: &PayTable) -> Result<(), SeenError> {
    money(blind_table).map(|_| ())
}

fn money(blind_table: &PayTable) -> Result<(Money, i64), SeenError> {
    let payoffs = Payoffs::new(blind_table)?;
    let money = Money::new(&payoffs);
    let largest = money.largest_amount();
    if largest > MAX_LEAF_UNITS {
        return Err(SeenError::TooLarge {
            id: blind_table.id.clone(),
            units: largest,
            scale: payoffs.scale,
        });
    }
    Ok((money, payoffs.scale))
}

/// A starting-situation class: a representative (player cards, seen dealer
/// cards) and the number of situations in the class.
#[derive(Clone, Debug)]
pub struct Situation {
    /// The player's two cards.
    pub player: (Card, Card),
    /// The seen dealer cards.
    pub dealer: Vec<Card>,
    /// Number of situations in the class.
    pub size: u64,
}

/// The classes of (player's two cards, `dealer` seen dealer cards) of `deck`
/// (closed under suit renaming) under the 24 suit renamings, sorted.
pub fn situations(deck: CardSet, dealer: usize) -> Vec<Situation> {
    let perms = SuitPermutation::all();
    let mut classes: HashMap<(u64, u64), u64> = HashMap::new();
    for_each_subset(deck, 2, |player| {
        for_each_subset(deck.minus(player), dealer, |seen| {
            let key = perms
                .iter()
                .map(|p| (p.set(player).0, p.set(seen).0))
                .min()
                .expect("24 renamings");
            *classes.entry(key).or_insert(0) += 1;
        });
    });
    let mut out: Vec<_> = classes.into_iter().collect();
    out.sort_unstable();
    out.into_iter()
        .map(|((player, seen), size)| {
            let p = CardSet(player).to_vec();
            Situation {
                player: (p[0], p[1]),
                dealer: CardSet(seen).to_vec(),
                size,
            }
        })
        .collect()
}

/// Every preflop state of one situation, by [`Variant`] (the state without
/// a community card; one per seen flop card; one per seen turn/river card;
/// the one state of a turn/river card seen at the flop), with the money's
/// `scale` (values are in `1/scale` Ante).
pub fn solve_situation(
    blind_table: &PayTable,
    deck: CardSet,
    player: (Card, Card),
    dealer: &[Card],
) -> Result<(i64, [Vec<PreflopState>; 4]), SeenError> {
    let (money, scale) = money(blind_table)?;
    Ok((scale, pass::solve_situation(player, dealer, deck, &money)))
}

/// Solves the four cases with `dealer` seen dealer cards (no community
/// card, a flop card, a turn/river card, a turn/river card seen at the flop),
/// in [`Variant`] order, on `deck` under `blind_table`.
pub fn solve(
    blind_table: &PayTable,
    deck: CardSet,
    dealer: usize,
    progress: &dyn Progress,
) -> Result<[SeenCase; 4], SeenError> {
    assert!(dealer <= 2, "at most two dealer cards");
    let (money, scale) = money(blind_table)?;
    let classes = situations(deck, dealer);
    progress.begin("seen cards", classes.len() as u64);
    let tallies = classes
        .par_iter()
        .map(|class| {
            let states = pass::solve_situation(class.player, &class.dealer, deck, &money);
            progress.advance(1);
            states.map(|list| {
                let mut t = Tally::default();
                for state in &list {
                    t.add_weighted(&state.tally, class.size as i128);
                }
                t
            })
        })
        .reduce(
            || std::array::from_fn(|_| Tally::default()),
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x.add_weighted(y, 1);
                }
                a
            },
        );
    progress.finish();
    let [none, flop, turnriver, turnriver_at_flop] = tallies;
    let case = |variant: Variant, tally: Tally| SeenCase {
        seen: Seen { dealer, variant },
        paytable: blind_table.id.clone(),
        paytable_sha256: blind_table.contents_sha256(),
        scale,
        tally,
        classes: classes.len(),
    };
    Ok([
        case(Variant::NoBoardCard, none),
        case(Variant::Flop, flop),
        case(Variant::TurnRiver, turnriver),
        case(Variant::TurnRiverAtFlop, turnriver_at_flop),
    ])
}

/// The preflop chart given seen dealer cards: for each class of the
/// player's two cards under the suit renamings that fix the seen cards, a
/// representative, the class size and the preflop state without a seen
/// community card (`Variant::NoBoardCard`) or of a player who will see a
/// turn/river card at the flop decision (`Variant::TurnRiverAtFlop`), with
/// the money's `scale`. Solves one situation per class.
///
/// # Panics
/// For a variant whose community card is seen before the preflop decision.
pub fn preflop_chart(
    blind_table: &PayTable,
    deck: CardSet,
    dealer: &[Card],
    variant: Variant,
    progress: &dyn Progress,
) -> Result<(i64, Vec<(Situation, PreflopState)>), SeenError> {
    assert!(
        matches!(variant, Variant::NoBoardCard | Variant::TurnRiverAtFlop),
        "a chart's preflop decision sees no community card"
    );
    let (money, scale) = money(blind_table)?;
    let seen = CardSet::from_cards(dealer);
    let fixing: Vec<SuitPermutation> = SuitPermutation::all()
        .into_iter()
        .filter(|p| p.set(seen) == seen)
        .collect();
    let mut classes: HashMap<u64, u64> = HashMap::new();
    for_each_subset(deck.minus(seen), 2, |player| {
        let key = fixing
            .iter()
            .map(|p| p.set(player).0)
            .min()
            .expect("identity");
        *classes.entry(key).or_insert(0) += 1;
    });
    let mut keys: Vec<(u64, u64)> = classes.into_iter().collect();
    keys.sort_unstable();
    progress.begin("seen-card chart", keys.len() as u64);
    let chart = keys
        .par_iter()
        .map(|&(player, size)| {
            let p = CardSet(player).to_vec();
            let mut states = pass::solve_situation((p[0], p[1]), dealer, deck, &money);
            let state = std::mem::take(&mut states[variant as usize]);
            progress.advance(1);
            let situation = Situation {
                player: (p[0], p[1]),
                dealer: dealer.to_vec(),
                size,
            };
            (situation, state.into_iter().next().expect("one state"))
        })
        .collect();
    progress.finish();
    Ok((scale, chart))
}

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn a_weighted_sum_adds_exactly_and_stops_rather_than_wrap() {
        let one = Tally {
            deals: 3,
            value: -7,
            square: 49,
            actions: [1, 0, 2, 0, 0],
        };
        let mut sum = Tally::default();
        sum.add_weighted(&one, 5);
        sum.add_weighted(&one, 1);
        assert_eq!(
            sum,
            Tally {
                deals: 18,
                value: -42,
                square: 294,
                actions: [6, 0, 12, 0, 0],
            }
        );
        // Twice i128::MAX / 2 + 1 is past i128: wrapping would go negative.
        let huge = Tally {
            square: i128::MAX / 2 + 1,
            ..Tally::default()
        };
        let result = std::panic::catch_unwind(move || {
            let mut sum = Tally::default();
            sum.add_weighted(&huge, 2);
            sum
        });
        assert!(result.is_err(), "a sum past i128 was accepted");
    }
}
