//! Whose decisions the solve plays: the optimal ones, or a fixed
//! [`Policy`] evaluated exactly (with its river decisions coded once per
//! canonical board), alone or beside the optimal ones (to price its
//! deviations, [`cost`](super::cost)).

use super::Decision;
use crate::cards::{Card, CardSet};

/// What decided a fixed strategy's flop decision, when it can say: one of
/// its ordered rules (by index, from 0) or its default.
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
}

/// Whose decisions are played.
pub(crate) enum Choices<'p> {
    /// The action of highest expected value, smaller bet on a tie.
    Optimal,
    /// A fixed strategy, with its river decisions on every canonical board
    /// (one code per holding, see
    /// [`river_codes`](super::river_codes::river_codes): bit 0 the
    /// policy's, bit 1 the optimal decision when `with_optimal`).
    Fixed {
        policy: &'p dyn Policy,
        river_codes: Vec<u64>,
        /// The pass has two tables, the same pay table twice: the first
        /// plays the policy, the second the optimal flop and river
        /// decisions (the continuation values that price the policy's
        /// deviations).
        with_optimal: bool,
    },
}
