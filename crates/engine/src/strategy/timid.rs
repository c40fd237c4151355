//! The timid player ([`TimidStrategy`]): no raise before the river.

use super::{
    hidden_pair_or_better, FlopChoice, PreflopChoice, RiverChoice, Strategy, StrategyName,
};
use crate::cards::Card;

/// A cautious player: never raises before the river; on the river raises 1x
/// with a [hidden pair or better](hidden_pair_or_better) and folds otherwise.
/// Suit-symmetric.
#[derive(Clone, Copy, Debug, Default)]
pub struct TimidStrategy;

impl Strategy for TimidStrategy {
    fn name(&self) -> &str {
        StrategyName::Timid.name()
    }

    fn preflop(&self, _hole: [Card; 2]) -> PreflopChoice {
        PreflopChoice::Check
    }

    fn flop(&self, _hole: [Card; 2], _flop: [Card; 3]) -> FlopChoice {
        FlopChoice::Check
    }

    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        if hidden_pair_or_better(hole, board) {
            RiverChoice::Raise1x
        } else {
            RiverChoice::Fold
        }
    }

    fn is_suit_symmetric(&self) -> bool {
        true
    }
}
