//! The optimal strategy ([`OptimalStrategy`]): the solver's decisions, read
//! once into dense tables.

use super::{FlopChoice, PreflopChoice, RiverChoice, RiverQuery, Strategy};
use crate::cards::canonical::{for_each_subset, pair_cards, pair_index, subset_index, PAIRS};
use crate::cards::{Card, CardSet};
use crate::exact::game::{Action, Solution, ROW_WORDS};

/// 64-bit words per row of holdings (1,326 bits).
const WORDS: usize = ROW_WORDS;
/// Number of three-card sets of the 52-card deck.
const FLOPS: usize = 22_100;

/// The optimal strategy: every decision is the solver's
/// ([`Solution::preflop_raise`], [`Solution::flop_raise`],
/// [`Solution::river_raise`]), ties to the smaller bet as there.
///
/// The answers are read from the solution once, into dense tables, so that
/// a simulation never canonicalizes cards nor reads the solver's river
/// counts (see the sampler benchmark for what each costs):
/// - preflop: one entry per holding (1,326);
/// - flop: one bit per (flop, holding), 22,100 × 1,326 bits (3.7 MB), filled
///   from one query per holding on each canonical flop and copied to the
///   other flops of its class under the suit renaming that maps them;
/// - river: one bit per (canonical board, holding), 134,459 × 1,326 bits
///   (22 MB), read off the solution's river counts
///   ([`Solution::river_raise_rows`]), and the river table's locator giving,
///   for each of the 2,598,960 boards (by [`subset_index`]), its canonical
///   board and a suit renaming onto it.
///
/// A renaming that maps a board onto its canonical board maps each holding
/// to one with the same answer: the solver's values are exact counts over
/// all dealer holdings, which a renaming only permutes. A test compares the
/// tables with the solution's own answers on every deal of a reduced deck
/// and on random full-deck deals. Cards must come from the solution's deck.
pub struct OptimalStrategy<'s> {
    solution: &'s Solution<'s>,
    preflop: Vec<PreflopChoice>,
    /// `FLOPS` rows of `WORDS` words, by [`subset_index`] of the flop.
    flop_raise: Vec<u64>,
    /// One row of `WORDS` words per canonical board.
    river_raise: Vec<u64>,
}

/// Sets bit `h` of a row of holdings.
#[inline]
fn set_bit(row: &mut [u64], h: usize) {
    row[h / 64] |= 1 << (h % 64);
}

#[inline]
fn bit(row: &[u64], h: usize) -> bool {
    row[h / 64] >> (h % 64) & 1 == 1
}

impl<'s> OptimalStrategy<'s> {
    /// Reads the decision tables from a solution (26 MB).
    pub fn new(solution: &'s Solution<'s>) -> OptimalStrategy<'s> {
        let deck = solution.river.deck();
        let holdings: Vec<(usize, Card, Card)> = (0..PAIRS)
            .map(|h| {
                let (a, b) = pair_cards(h);
                (h, a, b)
            })
            .filter(|&(_, a, b)| deck.contains(a) && deck.contains(b))
            .collect();
        let mut preflop = vec![PreflopChoice::Check; PAIRS];
        for &(h, a, b) in &holdings {
            preflop[h] = match solution.preflop_raise(a, b) {
                Some(Action::Raise4x) => PreflopChoice::Raise4x,
                Some(Action::Raise3x) => PreflopChoice::Raise3x,
                Some(other) => panic!("preflop raise of {other:?}"),
                None => PreflopChoice::Check,
            };
        }
        // Flops: copy each canonical flop's row to every flop of its class.
        let river = solution.river;
        let flop_rows = solution.flop_raise_rows();
        let mut flop_raise = vec![0u64; FLOPS * WORDS];
        for_each_subset(deck, 3, |flop| {
            let f = subset_index(flop);
            let v = river.flop_locator()[f];
            let source = &flop_rows[(v >> 5) as usize * WORDS..][..WORDS];
            let map = river.pair_maps().map((v & 31) as usize);
            let row = &mut flop_raise[f * WORDS..(f + 1) * WORDS];
            for &(h, a, b) in &holdings {
                if !flop.contains(a) && !flop.contains(b) && bit(source, map[h] as usize) {
                    set_bit(row, h);
                }
            }
        });
        OptimalStrategy {
            solution,
            preflop,
            flop_raise,
            river_raise: solution.river_raise_rows(),
        }
    }

    /// The command-line name of the solver's strategy.
    pub const NAME: &'static str = "optimal";

    /// The solution this strategy plays.
    pub fn solution(&self) -> &'s Solution<'s> {
        self.solution
    }
}

/// The set of `cards`.
#[inline]
fn set_of(cards: &[Card]) -> CardSet {
    CardSet(cards.iter().fold(0, |m, c| m | c.mask()))
}

impl Strategy for OptimalStrategy<'_> {
    fn name(&self) -> &str {
        OptimalStrategy::NAME
    }

    #[inline]
    fn preflop(&self, hole: [Card; 2]) -> PreflopChoice {
        self.preflop[pair_index(hole[0], hole[1])]
    }

    #[inline]
    fn flop(&self, hole: [Card; 2], flop: [Card; 3]) -> FlopChoice {
        let row = &self.flop_raise[subset_index(set_of(&flop)) * WORDS..][..WORDS];
        if bit(row, pair_index(hole[0], hole[1])) {
            FlopChoice::Raise2x
        } else {
            FlopChoice::Check
        }
    }

    #[inline]
    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        self.river_located(hole, self.locate(board))
    }

    fn is_suit_symmetric(&self) -> bool {
        true
    }

    /// First every board's locator entry, then every decision bit: the
    /// reads of each pass are independent, so the processor overlaps their
    /// cache misses instead of waiting for two in a row per hand.
    fn river_batch(&self, hands: &[RiverQuery], choices: &mut [RiverChoice]) {
        const PASS: usize = 64;
        for (hands, choices) in hands.chunks(PASS).zip(choices.chunks_mut(PASS)) {
            let mut located = [0u32; PASS];
            for (v, (_, board)) in located.iter_mut().zip(hands) {
                *v = self.locate(*board);
            }
            for ((&v, (hole, _)), choice) in located.iter().zip(hands).zip(choices) {
                *choice = self.river_located(*hole, v);
            }
        }
    }
}

impl OptimalStrategy<'_> {
    /// The locator entry of a board: `row << 5 | renaming`.
    #[inline]
    fn locate(&self, board: [Card; 5]) -> u32 {
        self.solution.river.board_locator()[subset_index(set_of(&board))]
    }

    /// The river decision of `hole` on the located board.
    #[inline]
    fn river_located(&self, hole: [Card; 2], v: u32) -> RiverChoice {
        let map = self.solution.river.pair_maps().map((v & 31) as usize);
        let h = map[pair_index(hole[0], hole[1])] as usize;
        if bit(&self.river_raise[(v >> 5) as usize * WORDS..][..WORDS], h) {
            RiverChoice::Raise1x
        } else {
            RiverChoice::Fold
        }
    }
}
