//! The river decisions the flop pass reads, as codes (bit `u` set: raise
//! 1x under the pass's table `u`): two bits per row entry for the optimal
//! decisions, which depend only on the entry ([`entry_codes`]), or two bits
//! per holding of each canonical board for a fixed policy's, which may tell
//! suits apart ([`river_codes`]).

use super::pages::zeroed_on_large_pages;
use super::river_table::{of_wide, Entry, RiverTable, Wide, CLASS_PAIRS};
use crate::cards::canonical::PAIRS;
use crate::progress::Progress;
use rayon::prelude::*;

/// Words of a canonical board's river codes (two bits per holding).
pub(super) const CODE_WORDS: usize = (2 * PAIRS).div_ceil(64);

/// The river decisions a pass reads, as codes (bit `u` set: raise under
/// the pass's table `u`).
#[derive(Clone, Copy)]
pub(super) enum Codes<'c> {
    /// Two bits per row entry, each row from a word
    /// ([`ENTRY_CODES`] entries a word): the optimal decisions, which
    /// depend only on the entry ([`entry_codes`]).
    ByEntry(&'c [u64]),
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

/// Row entries a word of [`entry_codes`]: 2 bits each.
pub(super) const ENTRY_CODES: usize = 32;

/// The code of entry `p` of a row whose codes are `words` ([`entry_codes`]).
#[inline(always)]
pub(super) fn entry_code(words: &[u64], p: usize) -> usize {
    (words[p / ENTRY_CODES] >> (2 * (p % ENTRY_CODES)) & 3) as usize
}

/// The words of row `row`'s codes in `codes` ([`entry_codes`]).
#[inline]
pub(super) fn row_codes<'c>(river: &RiverTable, codes: &'c [u64], row: usize) -> &'c [u64] {
    let start = river.entry_start(row, ENTRY_CODES) / ENTRY_CODES;
    &codes[start..start + river.entries_in_row(row).div_ceil(ENTRY_CODES)]
}

/// The river code of every row entry, two bits each (0 for an empty
/// entry), each row's from a word ([`RiverTable::entry_start`]), for codes
/// that depend only on the entry, as the optimal river decisions do: each
/// pair of classes of cards of a board is decided once. A byte an entry
/// took 0.2 GB for the 1.06 million boards of a deck less two cards of
/// different suits.
pub(super) fn entry_codes(river: &RiverTable, code: impl Fn(Entry) -> u8 + Sync) -> Vec<u64> {
    let boards = river.boards.len();
    // Allocated once at its size (a collected vector grows by doubling).
    let mut codes = vec![0u64; river.entry_start(boards, ENTRY_CODES) / ENTRY_CODES];
    let mut rows: Vec<(usize, &mut [u64])> = Vec::with_capacity(boards);
    let mut rest = &mut codes[..];
    for i in 0..boards {
        let (row, after) = rest.split_at_mut(river.entries_in_row(i).div_ceil(ENTRY_CODES));
        rows.push((i, row));
        rest = after;
    }
    rows.into_par_iter().for_each(|(i, out)| {
        let mut entries: [Wide; CLASS_PAIRS] = [0; CLASS_PAIRS];
        let n = river.read_row(i, &mut entries);
        for (p, &w) in entries[..n].iter().enumerate() {
            if w != 0 {
                let c = u64::from(code(of_wide(w)));
                debug_assert!(c < 4, "a code of two tables");
                out[p / ENTRY_CODES] |= c << (2 * (p % ENTRY_CODES));
            }
        }
    });
    codes
}
