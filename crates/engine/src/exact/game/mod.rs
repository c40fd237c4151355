//! The exact optimal-strategy solver for the base game (Ante, Blind, Play).
//!
//! # What it computes
//! Every one of the C(n,2)·C(n-2,3)·C(n-5,2)·C(n-7,2) equally likely
//! sequences (player cards, flop, turn and river, dealer cards) of an
//! `n`-card deck (27,813,810,024,000 for 52 cards) is played with the
//! strategy that takes, at each decision, the action of highest expected
//! value given what the player sees, the smaller bet on an exact tie. All
//! sums are integers (money in units of `1/scale` Ante, where `scale` is the
//! common denominator of the Blind pays), so every result is an exact
//! fraction and identical for any number of threads.
//!
//! # How
//! - **River table** ([`river_table`]). For each of the 134,459
//!   suit-canonical five-card boards, the dealer holdings below / equal /
//!   above each player holding that avoid its two cards. A holding's counts
//!   depend only on its pair of classes of cards (a card's rank, or for a
//!   card of the board's flush suit the card itself), so each pair of classes
//!   is ranked once and corrected for the cards the player holds. The counts
//!   by showdown [`Kind`] do not depend on the pay table; three of them and
//!   the category are held in 16 bits an entry (one count derived from the
//!   row, ties of 3 or more in bytes: `river_table::compact`), one entry
//!   per pair of classes (91 or 351 a board), and serve every Blind pay
//!   table.
//! - **Payoffs** ([`payoffs`]). A Blind table's amounts as integers; every
//!   value of an entry (Ante + Blind, the Play balance) is linear in its
//!   packed counts, with coefficients per category, and provably fits the
//!   64-bit sums ([`check_blind_table`]).
//! - **Flop pass** ([`flop_pass`], its inner loop [`gather`], the river
//!   decisions as codes [`river_codes`], what it hands on [`sums`], the
//!   entry points [`solve`](mod@solve)). For each of the 1,755 canonical
//!   flops and every turn/river pair, the board's row is located (its
//!   canonical board; a holding's entry is at the position of its pair of
//!   classes, whatever the suit renaming) and each holding's entries are
//!   summed by category and by river decision (raise 1x or fold, decided
//!   once per entry and pay table): every value is linear in those sums, so
//!   two pay tables share each read of a row. The value of a Play of `p` is
//!   `a + p·b`, and the river decision is `max(a + b, fold)`; this gives,
//!   per holding and flop, the values of raising 2x and of checking, and the
//!   flop decision. The same sums count the outcomes of each starting-hand
//!   class as if it checked before the flop, by final action, result and
//!   player hand.
//! - **Preflop and tally** ([`tally`]). Per starting-hand class (169), the
//!   flop values are summed over all flops with the class sizes of the
//!   canonical flops. A class that checks keeps the outcomes the flop pass
//!   counted; one that raises takes all of them with its raise. The tallied
//!   value must equal the optimal value exactly, and the solver asserts it.
//!   For a fixed strategy's totals alone, the classes it raises before the
//!   flop are summed from every canonical board once ([`raised`]), not by
//!   the flop pass, which sums and decides only the classes that check.
//! - **Payout limit** ([`payout_limit`]). Under a limit per hand (COMAR
//!   36.05.16.12F) the capped values are linear per Play level instead of in
//!   the Play; the same pass sums them, and the decisions compare them. A
//!   fixed strategy is evaluated under a limit the same way, beside the
//!   optimal play knowing it ([`evaluate_limited_policy_cost`]).
//! - **Answers** ([`advice`], [`summary`], [`spot`]). The exact expected
//!   value of each choice at any decision, the return table and the figures
//!   a regulator reads; [`spot`] answers one river or flop decision by
//!   direct enumeration, without the solve.

mod advice;
pub mod cost;
mod flop_pass;
mod gather;
mod pages;
pub mod payoffs;
pub mod payout_limit;
mod policy;
mod raised;
mod river_codes;
mod river_rules;
pub mod river_table;
mod solve;
pub mod spot;
mod summary;
mod sums;
mod tally;

pub use advice::Advice;
pub use cost::{Deviation, Point, Situation, StrategyCost};
pub use payoffs::{check_blind_table, BlindRangeError, Payoffs, MAX_UNITS};
pub use payout_limit::{evaluate_limited_policy_cost, largest_win, limited_payoffs, solve_limited};
pub use policy::{Decider, Policy};
pub use river_table::{RiverCounts, RiverTable, TableBuffers};
pub use solve::{
    evaluate_policies_totals, evaluate_policy, evaluate_policy_cost, evaluate_policy_totals,
    for_each_solution, solve, solve_many, solve_totals, try_solve_many, PolicyEvaluation,
};
pub use summary::GameSummary;
pub use sums::{FlopSums, ROW_WORDS};

use crate::cards::Card;
use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::rules::paytable::PayTable;
use crate::rules::settlement::{BaseNet, Versus};

/// Number of hand categories.
const CATEGORIES: usize = HandCategory::COUNT;
/// Outcome kinds of a showdown, see [`Kind`].
const KINDS: usize = 5;

/// Outcome counts `[play][kind][category]` (a fold is counted under play 0
/// with the showdown it avoided).
pub type Tally = [[[u64; CATEGORIES]; KINDS]; 5];

/// How a showdown ends for the player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// The player wins; the dealer qualifies.
    WinDealerQualifies = 0,
    /// The player wins; the dealer does not qualify.
    WinDealerDoesNotQualify = 1,
    /// The hands tie.
    Tie = 2,
    /// The dealer wins and qualifies.
    LoseDealerQualifies = 3,
    /// The dealer wins without qualifying.
    LoseDealerDoesNotQualify = 4,
}

impl Kind {
    /// All kinds, in index order.
    pub(crate) const ALL: [Kind; KINDS] = [
        Kind::WinDealerQualifies,
        Kind::WinDealerDoesNotQualify,
        Kind::Tie,
        Kind::LoseDealerQualifies,
        Kind::LoseDealerDoesNotQualify,
    ];

    pub(crate) fn versus(self) -> Versus {
        match self {
            Kind::WinDealerQualifies | Kind::WinDealerDoesNotQualify => Versus::PlayerHigher,
            Kind::Tie => Versus::Tie,
            _ => Versus::DealerHigher,
        }
    }

    pub(crate) fn dealer_qualifies(self) -> bool {
        matches!(
            self,
            Kind::WinDealerQualifies | Kind::Tie | Kind::LoseDealerQualifies
        )
    }
}

/// The player's final action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Action {
    /// Fold on the river (no Play wager).
    Fold,
    /// Play wager of 1x the Ante (on the river).
    Raise1x,
    /// Play wager of 2x the Ante (on the flop).
    Raise2x,
    /// Play wager of 3x the Ante (preflop).
    Raise3x,
    /// Play wager of 4x the Ante (preflop).
    Raise4x,
}

impl Action {
    /// All actions, the order of [`play`](Self::play) `0..=4`.
    pub const ALL: [Action; 5] = [
        Action::Fold,
        Action::Raise1x,
        Action::Raise2x,
        Action::Raise3x,
        Action::Raise4x,
    ];

    /// The Play wager in Antes (0 for a fold).
    pub fn play(self) -> u8 {
        self as u8
    }

    /// The action whose Play wager is `play` Antes (`0..=4`).
    pub(crate) fn from_play(play: u8) -> Action {
        Action::ALL[play as usize]
    }

    /// The name used in output: `fold`, `raise_1x` .. `raise_4x`.
    pub fn name(self) -> &'static str {
        match self {
            Action::Fold => "fold",
            Action::Raise1x => "raise_1x",
            Action::Raise2x => "raise_2x",
            Action::Raise3x => "raise_3x",
            Action::Raise4x => "raise_4x",
        }
    }
}

/// A decision the player can make.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// Raise: the Play wager of the action.
    Raise(Action),
    /// Check.
    Check,
    /// Fold.
    Fold,
}

impl Decision {
    /// The name used in output: `raise_4x` .. `raise_1x`, `check`, `fold`.
    pub fn name(self) -> &'static str {
        match self {
            Decision::Raise(a) => a.name(),
            Decision::Check => "check",
            Decision::Fold => "fold",
        }
    }
}

/// A starting-hand class and its decision.
#[derive(Clone, Debug)]
pub struct HoleClass {
    /// Canonical holding of the class.
    pub cards: (Card, Card),
    /// Holdings in the class.
    pub combinations: u64,
    /// Values summed over the class, every flop, turn/river and dealer
    /// holding, in units of `1/scale` Ante: raise 4x, raise 3x, check.
    pub raise_4x: i128,
    /// Raise 3x, same units.
    pub raise_3x: i128,
    /// Check, same units.
    pub check: i128,
    /// The optimal decision (smaller bet on a tie).
    pub action: Decision,
}

/// One distinct outcome of the base game under the optimal strategy.
#[derive(Clone, Debug)]
pub struct ReturnLine {
    /// The final action.
    pub action: Action,
    /// `None` after a fold.
    pub kind: Option<Kind>,
    /// The player's hand when it decides the Blind (a paying hand), else None.
    pub blind_hand: Option<HandCategory>,
    /// Number of equally likely sequences with this outcome.
    pub combinations: u64,
    /// Net result of the Ante, Blind and Play wagers.
    pub net: BaseNet,
    /// Under a payout limit with a Trips wager, the player's hand when
    /// Trips pays it, else None.
    pub trips_hand: Option<HandCategory>,
    /// Under a payout limit, the Trips wager's net (0 without one).
    pub trips: Fraction,
    /// Under a payout limit, what it keeps of the wins (0 when it does not
    /// bind).
    pub withheld: Fraction,
}

impl ReturnLine {
    /// Net result of the hand: the wagers' nets less what the limit keeps.
    pub fn total(&self) -> Fraction {
        self.net.total() + &self.trips - &self.withheld
    }
}

/// The solved base game for one Blind pay table.
pub struct Solution<'a> {
    /// The river table the solution was computed from.
    pub river: &'a RiverTable,
    /// The money of each outcome under the Blind pay table.
    pub payoffs: Payoffs,
    /// The Blind pay table solved for.
    pub blind_table: PayTable,
    /// Every starting-hand class with its values and decision.
    pub classes: Vec<HoleClass>,
    /// `flops.len()` rows of [`PAIRS`] sums (none when solved by
    /// [`solve_totals`]).
    pub(crate) flop_sums: Vec<FlopSums>,
    /// Value of the whole game in units of `1/scale` Ante, summed over all
    /// sequences.
    pub total_value: i128,
    /// Number of equally likely sequences.
    pub sequences: u64,
    /// Outcome counts `[play][kind][category]` (a fold is counted under play
    /// 0 with the showdown it avoided).
    pub tally: Tally,
}
