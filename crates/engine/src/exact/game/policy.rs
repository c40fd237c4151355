//! Whose decisions the solve plays: the optimal ones, or a fixed
//! [`Policy`] evaluated exactly (with its river decisions coded once per
//! canonical board), alone or beside the optimal ones (to price its
//! deviations, [`cost`](super::cost)).

use super::Decision;
use crate::cards::{Card, CardSet};

/// What decided a fixed strategy's flop or river decision, when it can
/// say: one of its ordered rules (by index, from 0) or its default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Decider {
    /// The rule of that index (from 0, in the strategy's order).
    Rule(usize),
    /// No rule matched: the default action.
    Default,
}

/// A fixed, deterministic strategy to evaluate exactly instead of the
/// optimal one. It must be suit-symmetric: renaming the suits of all cards
/// never changes a decision (the enumeration visits one deal per class).
pub trait Policy: Sync {
    /// Preflop: `Raise(Raise4x)`, `Raise(Raise3x)` or `Check`.
    fn preflop(&self, a: Card, b: Card) -> Decision;
    /// Flop, after a check: raise 2x?
    fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool;
    /// River, after two checks: raise 1x (else fold)?
    fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool;
    /// What decided the flop decision ([`flop_raise`](Self::flop_raise)),
    /// for the report of what the strategy costs; `None` when the strategy
    /// cannot say (its flop deviations are then grouped by the made hand).
    fn flop_decider(&self, _a: Card, _b: Card, _flop: CardSet) -> Option<Decider> {
        None
    }
    /// What decided the river decisions of several holdings on one board
    /// ([`river_raises`](Self::river_raises)): `deciders[i]` for
    /// `holes[i]`, when the strategy can say (`true`); `false` (the
    /// default) when it cannot (its river deviations are then grouped by
    /// the made hand).
    fn river_deciders(
        &self,
        _board: CardSet,
        _holes: &[[Card; 2]],
        _deciders: &mut [Decider],
    ) -> bool {
        false
    }
    /// Whether the river decision on a board depends only on the holding's
    /// pair of classes of cards there (each card's rank, or the card itself
    /// for a card of the board's flush suit: the river table's classes, so
    /// its entries' positions): the pass then decides once per position of
    /// each canonical board's row ([`river_codes::position_codes`]) and
    /// sums the boards without a flush suit per pair of ranks, as the
    /// optimal solve does. `false` (the default): once per holding.
    ///
    /// [`river_codes::position_codes`]: super::river_codes::position_codes
    fn river_by_classes(&self) -> bool {
        false
    }
    /// [`river_raise`](Self::river_raise) of several holdings on one board:
    /// `raises[i]` for `holes[i]` (the default asks one by one).
    fn river_raises(&self, board: CardSet, holes: &[[Card; 2]], raises: &mut [bool]) {
        for (&[a, b], raise) in holes.iter().zip(raises) {
            *raise = self.river_raise(a, b, board);
        }
    }
}

/// Whose decisions are played.
pub(crate) enum Choices<'p> {
    /// The action of highest expected value, smaller bet on a tie.
    Optimal,
    /// A fixed strategy, with its river decisions on every canonical board
    /// (one code per holding, see
    /// [`river_codes`](super::river_codes::river_codes), or, when
    /// `by_classes`, per position of the row,
    /// [`position_codes`](super::river_codes::position_codes): bit 0 the
    /// policy's, bit 1 the optimal decision when `with_optimal`, the
    /// `second` policy's when given).
    Fixed {
        policy: &'p dyn Policy,
        river_codes: Vec<u64>,
        /// The codes are by position ([`Policy::river_by_classes`]).
        by_classes: bool,
        /// The pass has two tables, the same pay table twice: the first
        /// plays the policy, the second the optimal flop and river
        /// decisions (the continuation values that price the policy's
        /// deviations).
        with_optimal: bool,
        /// The pass has two tables, the same pay table twice, the first
        /// played by `policy`, the second by this one (its river decisions
        /// bit 1 of the codes): two strategies evaluated with one read of
        /// the river table (a player mix,
        /// [`evaluate_policies_totals`](super::evaluate_policies_totals)).
        second: Option<&'p dyn Policy>,
    },
}

/// The starting-hand classes a policy raises before the flop, for the
/// river decisions a pass of its totals alone may leave untaken: a holding
/// of such a class never reaches the river decision, so its code there
/// changes no total (it only moves [`HoleClass::check`](super::HoleClass)
/// of the class, the value of a check the policy never makes).
pub(crate) struct PreflopRaised {
    /// `[high rank][low rank]` offsuit (and pairs), `[low][high]` suited.
    raised: [[bool; 13]; 13],
}

impl PreflopRaised {
    /// The classes `policy` raises (4x or 3x).
    pub(crate) fn of(policy: &dyn Policy) -> PreflopRaised {
        let mut raised = [[false; 13]; 13];
        for (row, raised_row) in raised.iter_mut().enumerate() {
            for (column, raised) in raised_row.iter_mut().enumerate() {
                // Offsuit (and pairs) on and below the diagonal (the row
                // the higher rank), suited above it (the row the lower).
                let suit = usize::from(row >= column);
                let (a, b) = (Card::new(row, 0), Card::new(column, suit));
                *raised = policy.preflop(a, b) != Decision::Check;
            }
        }
        PreflopRaised { raised }
    }

    /// Whether no holding of the pair of classes of cards of `hole` on
    /// `board` (the cards of its rank, or the card itself for a card of the
    /// board's flush suit `flush`) reaches the river: every class it can be
    /// is raised before the flop. Two cards of different ranks out of the
    /// flush suit may be suited or not: both must be raised.
    pub(crate) fn never_reaches_river(&self, [a, b]: [Card; 2], flush: Option<usize>) -> bool {
        let (high, low) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
        let offsuit = self.raised[high][low];
        let suited = high != low && self.raised[low][high];
        let in_flush = |c: Card| Some(c.suit()) == flush;
        match (high == low, in_flush(a), in_flush(b)) {
            (true, _, _) => offsuit,
            (false, true, true) => suited,
            (false, true, false) | (false, false, true) => offsuit,
            (false, false, false) => offsuit && suited,
        }
    }
}
