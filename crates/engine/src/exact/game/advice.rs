//! What the solved game advises at one decision: the exact expected value
//! of each choice (preflop, flop, river) and the optimal one, and the
//! decision rows the optimal strategy's tables are read from.

use super::payoffs::{balance_linear, SLOTS};
use super::sums::{flop_raise_bits, FlopSums, ROW_WORDS};
use super::{Action, Decision, HoleClass, Solution};
use crate::cards::canonical::{pair_index, PAIRS};
use crate::cards::{choose, Card, CardSet};
use crate::fraction::Fraction;
use rayon::prelude::*;

/// Expected values of the choices at one decision, per Ante, exact.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// `(choice, expected net of the whole hand)`, largest bet first.
    pub options: Vec<(Decision, Fraction)>,
    /// The optimal choice (smaller bet on a tie).
    pub best: Decision,
}

impl<'a> Solution<'a> {
    /// The class of a starting hand.
    pub fn class_of(&self, a: Card, b: Card) -> &HoleClass {
        let class = self.river.class_of_pair[pair_index(a, b)].expect("cards of the deck");
        &self.classes[class]
    }

    /// Flop sums of holding `{a, b}` on `flop`.
    fn flop_sums_of(&self, a: Card, b: Card, flop: CardSet) -> FlopSums {
        let (f, map) = self.river.locate_flop(flop);
        self.flop_sums[f * PAIRS + map[pair_index(a, b)] as usize]
    }

    /// Preflop: expected net of raising 4x, 3x and checking.
    pub fn preflop_advice(&self, a: Card, b: Card) -> Advice {
        let class = self.class_of(a, b);
        let n = self.deck_size();
        let per = class.combinations as i128
            * (choose(n - 2, 3) * choose(n - 5, 2) * self.river.dealer_hands as u64) as i128
            * self.payoffs.scale as i128;
        let ev = |v: i128| Fraction::new(v, per);
        Advice {
            options: vec![
                (Decision::Raise(Action::Raise4x), ev(class.raise_4x)),
                (Decision::Raise(Action::Raise3x), ev(class.raise_3x)),
                (Decision::Check, ev(class.check)),
            ],
            best: class.action,
        }
    }

    /// Flop: expected net of raising 2x and of checking (with optimal river play).
    pub fn flop_advice(&self, a: Card, b: Card, flop: CardSet) -> Advice {
        let s = self.flop_sums_of(a, b, flop);
        let n = self.deck_size();
        let per = (choose(n - 5, 2) * self.river.dealer_hands as u64) as i128
            * self.payoffs.scale as i128;
        let ev = |v: i64| Fraction::new(v as i128, per);
        Advice {
            options: vec![
                (Decision::Raise(Action::Raise2x), ev(s.raise(2))),
                (Decision::Check, ev(s.river)),
            ],
            best: if s.best().1 {
                Decision::Raise(Action::Raise2x)
            } else {
                Decision::Check
            },
        }
    }

    /// River: expected net of raising 1x and of folding.
    pub fn river_advice(&self, a: Card, b: Card, board: CardSet) -> Advice {
        let (value_1x, fold, raise) = self.river_values(a, b, board);
        let per = self.river.dealer_hands as i128 * self.payoffs.scale as i128;
        Advice {
            options: vec![
                (
                    Decision::Raise(Action::Raise1x),
                    Fraction::new(value_1x as i128, per),
                ),
                (Decision::Fold, Fraction::new(fold as i128, per)),
            ],
            best: if raise {
                Decision::Raise(Action::Raise1x)
            } else {
                Decision::Fold
            },
        }
    }

    fn river_values(&self, a: Card, b: Card, board: CardSet) -> (i64, i64, bool) {
        let (raise, fold) = self.payoffs.river(self.river.counts(board, a, b));
        (raise, fold, raise > fold)
    }

    /// The optimal preflop action (`None` = check).
    pub fn preflop_raise(&self, a: Card, b: Card) -> Option<Action> {
        match self.class_of(a, b).action {
            Decision::Raise(action) => Some(action),
            _ => None,
        }
    }

    /// Whether the optimal flop action (after a check) is to raise 2x.
    pub fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool {
        self.flop_sums_of(a, b, flop).best().1
    }

    /// Whether the optimal river action (after two checks) is to raise 1x.
    pub fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool {
        self.river_values(a, b, board).2
    }

    fn deck_size(&self) -> u64 {
        self.river.deck.len() as u64
    }

    /// The optimal river decision of every holding on every canonical board
    /// ([`ROW_WORDS`] words per board row): bit `h` is set when raising 1x
    /// beats folding for holding `h` (holdings that overlap the board: 0).
    pub fn river_raise_rows(&self) -> Vec<u64> {
        let river = self.river;
        let mut fold = [self.payoffs.fold_value(river.dealer_hands); SLOTS];
        let mut raise = self.payoffs.ante_blind_linear(river.dealer_hands);
        let balance = balance_linear(river.dealer_hands);
        let play_win = self.payoffs.play_win;
        for (r, b) in raise.slots.iter_mut().zip(&balance.slots) {
            for (r, b) in r.iter_mut().zip(b) {
                *r += b * play_win;
            }
        }
        if let Some(limited) = &self.payoffs.limited {
            let linears = limited.linears(play_win, river.dealer_hands);
            (raise, fold) = (linears.raise_river, linears.fold);
        }
        (0..river.boards.len())
            .into_par_iter()
            .flat_map_iter(|i| {
                let mut bits = [0u64; ROW_WORDS];
                for (h, e) in river.holding_entries(i) {
                    if raise.at(e) > fold[e.slot] {
                        bits[h / 64] |= 1 << (h % 64);
                    }
                }
                bits
            })
            .collect()
    }

    /// The flop decision (raise 2x) of every holding on every canonical flop
    /// ([`ROW_WORDS`] words per flop, in the order of the flop locator).
    pub fn flop_raise_rows(&self) -> Vec<u64> {
        flop_raise_bits(&self.flop_sums)
    }
}
