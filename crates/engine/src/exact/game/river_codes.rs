//! The river decisions the flop pass reads, as codes (bit `u` set: raise
//! 1x under the pass's table `u`): for the optimal decisions, which depend
//! only on the entry, computed from the entry as its row is read
//! ([`RiverRule`]); for a fixed policy's, which may tell suits apart, two
//! bits per holding of each canonical board ([`river_codes`]).

use super::pages::zeroed_on_large_pages;
use super::payoffs::{Linear, SLOTS};
use super::river_table::{Entry, RiverTable};
use crate::cards::canonical::PAIRS;
use crate::progress::Progress;
use rayon::prelude::*;

/// Words of a canonical board's river codes (two bits per holding).
pub(super) const CODE_WORDS: usize = (2 * PAIRS).div_ceil(64);

/// The river decisions a pass reads, as codes (bit `u` set: raise under
/// the pass's table `u`).
#[derive(Clone, Copy)]
pub(super) enum Codes<'c> {
    /// The optimal decisions, which depend only on the entry: computed
    /// from it as its row is read ([`RiverRule`]).
    ByEntry(&'c RiverRule),
    /// Two bits per holding of each canonical board, [`CODE_WORDS`] words a
    /// board: a fixed policy's, which may tell suits apart ([`river_codes`]).
    ByHolding(&'c [u64]),
}

/// The river codes of every canonical board, two bits per holding
/// ([`CODE_WORDS`] words a board), advancing `progress` a board at a time:
/// `code(row, holding, entry)` for the holdings of the deck that avoid the
/// board, 0 elsewhere.
pub(crate) fn river_codes(
    river: &RiverTable,
    progress: &dyn Progress,
    code: impl Fn(usize, usize, Entry) -> u64 + Sync,
) -> Vec<u64> {
    let mut codes = zeroed_on_large_pages(river.boards.len() * CODE_WORDS);
    codes
        .par_chunks_mut(CODE_WORDS)
        .enumerate()
        .for_each(|(i, words)| {
            for (h, e) in river.holding_entries(i) {
                words[h / 32] |= code(i, h, e) << (2 * (h % 32));
            }
            progress.advance(1);
        });
    codes
}

/// The optimal river decisions of one or two pay tables, by entry: raise
/// 1x under table `u` when its value beats folding. Computed from the entry
/// each time a row is read, in the same pass (a table of two bits per
/// entry, held through the pass, took 88 MB for the 1.9 million boards of
/// three dead cards: docs/speed.md, "Reading a row").
pub(crate) struct RiverRule {
    /// Per table: the value of raising 1x on the river, and of folding per
    /// category slot.
    tables: Vec<(Linear, [i64; SLOTS])>,
}

impl RiverRule {
    /// The rule of one or two tables, each its river raise and fold.
    pub(crate) fn new(tables: Vec<(Linear, [i64; SLOTS])>) -> RiverRule {
        assert!(
            (1..=2).contains(&tables.len()),
            "passes of one or two tables"
        );
        RiverRule { tables }
    }

    /// Coded slots an entry can take: [`SLOTS`] times the codes of the
    /// rule's tables (2 for one table, 4 for two); the first of a
    /// holding's accumulators.
    #[inline]
    pub(crate) fn coded_slots(&self) -> usize {
        SLOTS << self.tables.len()
    }

    /// The code of entry `e` (not empty): bit `u` set when raising 1x
    /// beats folding under table `u`.
    #[inline(always)]
    pub(crate) fn code(&self, e: Entry) -> usize {
        let raise =
            |(linear, fold): &(Linear, [i64; SLOTS])| usize::from(linear.at(e) > fold[e.slot]);
        match self.tables.as_slice() {
            [t] => raise(t),
            [t, u] => raise(t) | raise(u) << 1,
            _ => unreachable!("passes of one or two tables"),
        }
    }

    /// What entry `e`'s code adds to its slot in 64 bits ([`Wide`]'s slot
    /// field): [`SLOTS`] times the code, the coded slot.
    ///
    /// [`Wide`]: super::river_table::Wide
    #[inline(always)]
    pub(crate) fn slot_add(&self, e: Entry) -> u64 {
        ((SLOTS * self.code(e)) as u64) << 48
    }
}
