//! Whose decisions the solve plays: the optimal ones, or a fixed
//! [`Policy`] evaluated exactly (with its river decisions coded once per
//! canonical board).

use super::Decision;
use crate::cards::{Card, CardSet};

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
}

/// Whose decisions are played.
pub(crate) enum Choices<'p> {
    /// The action of highest expected value, smaller bet on a tie.
    Optimal,
    /// A fixed strategy, with its river decisions on every canonical board
    /// (one code per holding, see
    /// [`river_codes`](super::river_codes::river_codes)).
    Fixed {
        policy: &'p dyn Policy,
        river_codes: Vec<u64>,
    },
}
