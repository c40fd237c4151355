//! The river decisions the flop pass reads, as codes (bit `u` set: raise
//! 1x under the pass's table `u`): one byte per row entry for the optimal
//! decisions, which depend only on the entry ([`entry_codes`]), or two bits
//! per holding of each canonical board for a fixed policy's, which may tell
//! suits apart ([`river_codes`]).

use super::pages::zeroed_on_large_pages;
use super::river_table::{unpack, Entry, RiverTable};
use crate::cards::canonical::PAIRS;
use crate::progress::Progress;
use rayon::prelude::*;

/// Words of a canonical board's river codes (two bits per holding).
pub(super) const CODE_WORDS: usize = (2 * PAIRS).div_ceil(64);

/// The river decisions a pass reads, as codes (bit `u` set: raise under
/// the pass's table `u`).
#[derive(Clone, Copy)]
pub(super) enum Codes<'c> {
    /// One byte per row entry, in the layout of the rows: the optimal
    /// decisions, which depend only on the entry ([`entry_codes`]).
    ByEntry(&'c [u8]),
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

/// The river code of every row entry, one byte each in the layout of the
/// rows (0 for an empty entry), for codes that depend only on the entry, as
/// the optimal river decisions do: each pair of classes of cards of a board
/// is decided once.
pub(super) fn entry_codes(river: &RiverTable, code: impl Fn(Entry) -> u8 + Sync) -> Vec<u8> {
    // Allocated once at its size (a collected vector grows by doubling).
    let mut codes = vec![0u8; river.rows.len()];
    let mut rows: Vec<(usize, &mut [u8])> = Vec::with_capacity(river.boards.len());
    let mut rest = &mut codes[..];
    for i in 0..river.boards.len() {
        let (row, after) = rest.split_at_mut(river.row_range(i).len());
        rows.push((i, row));
        rest = after;
    }
    rows.into_par_iter().for_each(|(i, out)| {
        for (c, &entry) in out.iter_mut().zip(river.row(i)) {
            if entry & 15 != 0 {
                *c = code(unpack(entry, || river.row_exceptions(i)));
            }
        }
    });
    codes
}
