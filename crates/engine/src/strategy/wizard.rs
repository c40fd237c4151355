//! The Wizard of Odds rule-of-thumb strategy ([`WizardStrategy`]).

use super::{
    dealer_outs, hand_of, hidden_pair_or_better, FlopChoice, PreflopChoice, RiverChoice, Strategy,
    StrategyName,
};
use crate::cards::{Card, SUITS};
use crate::evaluator::{tables, HandCategory};

/// Rank numbers used by the rules (`0` = deuce .. `12` = ace).
const DEUCE: usize = 0;
const THREE: usize = 1;
const FIVE: usize = 3;
const SIX: usize = 4;
const EIGHT: usize = 6;
const TEN: usize = 8;
const JACK: usize = 9;
const QUEEN: usize = 10;
const KING: usize = 11;
const ACE: usize = 12;

/// The rule-of-thumb strategy published by Michael Shackleford, the Wizard of
/// Odds (wizardofodds.com, "Ultimate Texas Hold 'Em": the basic strategy and
/// the preflop table of its strategy page), made precise as follows. Ranks
/// run 2 < 3 < ... < K < A; "suited" means both hole cards share a suit.
///
/// **Preflop** — raise 4x with
/// - any pair except 2-2;
/// - any ace;
/// - a king with any suited kicker, or K-5 or better offsuit;
/// - Q-6 or better suited, Q-8 or better offsuit;
/// - J-8 or better suited, J-T offsuit;
///
/// and check otherwise (3x is never chosen).
///
/// **Flop** (after a check) — raise 2x when any holds, check otherwise:
/// - the best five-card hand of the two hole cards and the flop is two pair or
///   better (a flop of three of a kind counts, as the rule is published);
/// - a hidden pair: a hole card has the rank of a flop card, or the hole cards
///   are a pair other than 2-2;
/// - four to a flush (exactly four of the five cards share a suit) with a
///   hole card of that suit ranked ten or better.
///
/// **River** (after two checks) — raise 1x when any holds, fold otherwise:
/// - a [hidden pair or better](hidden_pair_or_better);
/// - fewer than 21 [dealer outs](dealer_outs).
///
/// Suit-symmetric: only ranks and suit equalities are read.
#[derive(Clone, Copy, Debug, Default)]
pub struct WizardStrategy;

impl WizardStrategy {
    /// The preflop rule as a predicate, for tables and tests.
    pub fn raises_preflop(hole: [Card; 2]) -> bool {
        let (r0, r1) = (hole[0].rank(), hole[1].rank());
        let (high, low) = (r0.max(r1), r0.min(r1));
        if high == low {
            return high >= THREE;
        }
        let suited = hole[0].suit() == hole[1].suit();
        match high {
            ACE => true,
            KING => suited || low >= FIVE,
            QUEEN => low >= if suited { SIX } else { EIGHT },
            JACK => low >= if suited { EIGHT } else { TEN },
            _ => false,
        }
    }
}

impl Strategy for WizardStrategy {
    fn name(&self) -> &str {
        StrategyName::Wizard.name()
    }

    fn preflop(&self, hole: [Card; 2]) -> PreflopChoice {
        if WizardStrategy::raises_preflop(hole) {
            PreflopChoice::Raise4x
        } else {
            PreflopChoice::Check
        }
    }

    fn flop(&self, hole: [Card; 2], flop: [Card; 3]) -> FlopChoice {
        let five = [hole[0], hole[1], flop[0], flop[1], flop[2]];
        let category = tables().rank(hand_of(&five)).category();
        let (a, b) = (hole[0].rank(), hole[1].rank());
        let hidden_pair =
            (a == b && a != DEUCE) || flop.iter().any(|c| c.rank() == a || c.rank() == b);
        let mut suit_counts = [0u8; SUITS];
        for c in five {
            suit_counts[c.suit()] += 1;
        }
        let four_flush_with_ten = hole
            .iter()
            .any(|h| suit_counts[h.suit()] == 4 && h.rank() >= TEN);
        if category >= HandCategory::TwoPair || hidden_pair || four_flush_with_ten {
            FlopChoice::Raise2x
        } else {
            FlopChoice::Check
        }
    }

    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        if hidden_pair_or_better(hole, board) || dealer_outs(hole, board) < 21 {
            RiverChoice::Raise1x
        } else {
            RiverChoice::Fold
        }
    }

    fn is_suit_symmetric(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::tests::hole;

    #[test]
    fn wizard_preflop_table_matches_the_published_boundaries() {
        let raise = |t: &str| WizardStrategy::raises_preflop(hole(t));
        // Pairs: all but deuces.
        assert!(!raise("2c 2d") && raise("3c 3d") && raise("Ah As"));
        // Aces: any.
        assert!(raise("Ac 2d") && raise("Ac 2c"));
        // Kings: any suited kicker, 5 or better offsuit.
        assert!(raise("Kc 2c") && !raise("Kc 4d") && raise("Kc 5d"));
        // Queens: 6 suited, 8 offsuit.
        assert!(!raise("Qc 5c") && raise("Qc 6c") && !raise("Qc 7d") && raise("Qc 8d"));
        // Jacks: 8 suited, T offsuit.
        assert!(!raise("Jc 7c") && raise("Jc 8c") && !raise("Jc 9d") && raise("Jc Td"));
        // Nothing below a jack.
        assert!(!raise("Tc 9c") && !raise("9c 8c"));
        // 169 classes; count holdings raised: 72 pairs + 192 aces + 44 + 96
        // kings + 24 + 48 queens + 12 + 12 jacks.
        let n = (0..52)
            .flat_map(|a| (a + 1..52).map(move |b| (a, b)))
            .filter(|&(a, b)| {
                WizardStrategy::raises_preflop([Card::from_index(a), Card::from_index(b)])
            })
            .count();
        assert_eq!(n, 72 + 192 + 44 + 96 + 24 + 48 + 12 + 12);
    }
}
