//! The river table: for every suit-canonical five-card board and every
//! two-card holding, how many dealer holdings end in each [`Kind`] of
//! showdown, packed in 16 bits an entry ([`compact`]).
//!
//! # Rows by pairs of classes of cards
//! A holding's counts depend only on its pair of classes of cards (see
//! [`class_entries`]): a card's class is its rank, or, for a card of the
//! board's flush suit (three or more board cards), its rank plus 13. So a
//! board's row has one entry per pair of classes ([`class_pair`](classes::class_pair)): 91 on a
//! board with no flush suit (pairs of ranks), 351 on one with a flush suit,
//! instead of one entry per holding, each held in 16 bits ([`compact`]:
//! with the board's bytes of ties, 475 bytes a board on a 48-card deck,
//! docs/speed.md "Memory"). A suit renaming keeps every card's class (the
//! flush suit goes with it), so a holding's entry in its board's canonical row is at
//! [`RiverTable::positions`]`(board_context(board))[pair_index(a, b)]`,
//! computed on the board and holding as dealt, whichever renaming located
//! the row. An entry is 0 where no holding of its pair of
//! classes avoids the board; a holding that overlaps the board has no entry
//! (its position holds that of other holdings of its classes).
//!
//! The entries are in [`entry`], how a row holds them in [`compact`], the
//! classes of cards in [`classes`], the counts of a row in
//! [`board_counts`], the canonical boards and their locator in [`locator`].

mod board_counts;
mod classes;
mod compact;
mod entry;
mod locator;

pub(crate) use classes::{
    board_context, class_pair, flush_suit, CardClasses, CLASS_PAIRS, CONTEXTS, RANK_PAIRS,
};
pub use entry::RiverCounts;
pub(crate) use entry::{of_wide, Entry, Wide};

use super::pages::{assert_written, to_be_written_over_on_large_pages};
use crate::cards::canonical::{
    all_pairs, canonical_classes_under, canonical_form, pair_cards, pair_index, subset_index,
    PairMaps, SuitPermutation, Symmetry, PAIRS,
};
use crate::cards::{choose, Card, CardSet};
use crate::progress::Progress;
use classes::class_positions;
use compact::{class_counts, decode_row, river_row, row_words};
use locator::classes_and_locator;
use rayon::prelude::*;
use std::collections::HashMap;

/// Boards a batch of the table's build.
const BATCH: usize = 1 << 14;
/// Boards a task of a batch: their bytes of ties in one vector.
const TASK: usize = 256;

/// The large vectors of a river table, taken back from one table
/// ([`RiverTable::into_buffers`]) to build the next in
/// ([`RiverTable::build_reusing`]): the classes of dead cards of a shard
/// are solved one after the other, and memory written over costs less than
/// memory the system must find and zero again (docs/speed.md, "Classes of
/// partners by the shard"). Every element is written anew: the contents
/// are those of a table built from nothing.
#[derive(Default)]
pub struct TableBuffers {
    rows: Vec<u16>,
    ties: Vec<u8>,
    row_start: Vec<u32>,
    tie_start: Vec<u32>,
    boards: (Vec<(CardSet, u64)>, Vec<u32>),
}

/// The river counts of every holding on every canonical board of a deck.
pub struct RiverTable {
    pub(crate) deck: CardSet,
    /// The renamings deals are identified under (a [`Symmetry`]).
    pub(crate) perms: Vec<SuitPermutation>,
    pub(crate) pair_maps: PairMaps,
    /// Canonical boards and their class sizes.
    pub(crate) boards: Vec<(CardSet, u64)>,
    /// For every five-card subset of the 52 cards (by [`subset_index`]) that
    /// lies in the deck: its canonical board's row `<< 5 |` the index of a
    /// suit renaming onto it. Locating a board is one lookup.
    board_locator: Vec<u32>,
    /// The canonical flops with their class sizes.
    pub(crate) flops: Vec<(CardSet, u64)>,
    /// For every three-card subset of the 52 cards (by [`subset_index`]) in
    /// the deck: its canonical flop's position in `flops` `<< 5 |` a suit
    /// renaming onto it.
    flop_locator: Vec<u32>,
    /// `boards.len()` rows ([`compact`]: a head, then one 16-bit entry per
    /// pair of classes; see the module doc), one after the other.
    rows: Vec<u16>,
    /// Where each row starts in `rows`, and the end of the last.
    row_start: Vec<u32>,
    /// One bit per board: whether it has a flush suit.
    flush: Vec<u64>,
    /// [`RiverTable::positions`] of each flush context.
    positions: Vec<[u16; PAIRS]>,
    /// Per board, where its bytes of ties start in `ties`, and the end of
    /// the last.
    tie_start: Vec<u32>,
    /// The ties of 3 or more of the entries, board after board, in the
    /// order of the entries ([`compact`]).
    ties: Vec<u8>,
    /// Dealer holdings per deal, C(n-7, 2).
    pub(crate) dealer_hands: u32,
    /// The starting-hand classes (canonical holdings and class sizes).
    pub(crate) hole_classes: Vec<(CardSet, u64)>,
    /// The position in `hole_classes` of every holding (`None` for cards
    /// outside the deck).
    pub(crate) class_of_pair: Vec<Option<usize>>,
}

impl RiverTable {
    /// Builds the table for `deck` (closed under suit renaming, at least 9
    /// cards), reporting to `progress`.
    pub fn build(deck: CardSet, progress: &dyn Progress) -> RiverTable {
        RiverTable::build_under(deck, &Symmetry::full(), progress)
    }

    /// Builds the table for `deck` (at least 9 cards) identifying deals
    /// under the renamings of `symmetry` only, which must map `deck` onto
    /// itself (a deck less a partner's cards: the renamings that fix them).
    /// Boards, flops and starting hands are then classes of `symmetry`.
    pub fn build_under(deck: CardSet, symmetry: &Symmetry, progress: &dyn Progress) -> RiverTable {
        RiverTable::build_reusing(deck, symmetry, progress, TableBuffers::default())
    }

    /// [`RiverTable::build_under`] in the memory of `buffers` (an earlier
    /// table's, [`RiverTable::into_buffers`]).
    pub fn build_reusing(
        deck: CardSet,
        symmetry: &Symmetry,
        progress: &dyn Progress,
        buffers: TableBuffers,
    ) -> RiverTable {
        assert!(deck.len() >= 9, "deck too small to deal a hand");
        assert!(
            symmetry.keeps(deck),
            "the renamings map the deck onto itself"
        );
        let perms = symmetry.perms().to_vec();
        let TableBuffers {
            rows,
            mut ties,
            mut row_start,
            mut tie_start,
            boards,
        } = buffers;
        let (boards, board_locator) = classes_and_locator(deck, 5, &perms, boards);
        let (flops, flop_locator) = classes_and_locator(deck, 3, &perms, Default::default());
        let dealer_hands = choose(deck.len() as u64 - 7, 2) as u32;
        let mut flush = vec![0u64; boards.len().div_ceil(64)];
        for (i, &(board, _)) in boards.iter().enumerate() {
            flush[i / 64] |= u64::from(flush_suit(board).is_some()) << (i % 64);
        }
        // Where each row starts: its length is known from its board.
        let lengths: Vec<u32> = boards
            .par_iter()
            .map(|&(board, _)| {
                let flush = flush_suit(board);
                row_words(&class_counts(deck.minus(board), flush), flush.is_some()) as u32
            })
            .collect();
        row_start.clear();
        row_start.push(0u32);
        for length in lengths {
            let end = row_start[row_start.len() - 1].checked_add(length);
            row_start.push(end.expect("row positions within 32 bits"));
        }
        // Every word of every row is written (compact::encode_row).
        let mut rows = to_be_written_over_on_large_pages(rows, row_start[boards.len()] as usize);
        progress.begin(
            "solving the base game: river table (1 of 2)",
            boards.len() as u64,
        );
        let hole_classes = canonical_classes_under(deck, 2, &perms);
        let class_index: HashMap<u64, usize> = hole_classes
            .iter()
            .enumerate()
            .map(|(i, (m, _))| (m.0, i))
            .collect();
        let class_of_pair: Vec<Option<usize>> = all_pairs()
            .iter()
            .map(|&(_, m)| {
                (m & !deck.0 == 0).then(|| class_index[&canonical_form(CardSet(m), &perms).0 .0])
            })
            .collect();
        // A batch of boards at a time, in parallel, in tasks of TASK
        // boards: each board's bytes of ties are then appended in order (so
        // that no more than a batch of them is held twice).
        tie_start.clear();
        ties.clear();
        let mut rest = &mut rows[..];
        for first in (0..boards.len()).step_by(BATCH) {
            let end = (first + BATCH).min(boards.len());
            let words = (row_start[end] - row_start[first]) as usize;
            let (mut batch, after) = std::mem::take(&mut rest).split_at_mut(words);
            rest = after;
            let mut row_slices: Vec<&mut [u16]> = Vec::with_capacity(end - first);
            for ends in row_start[first..=end].windows(2) {
                let (row, after) =
                    std::mem::take(&mut batch).split_at_mut((ends[1] - ends[0]) as usize);
                row_slices.push(row);
                batch = after;
            }
            // Per task: its boards' bytes of ties, and where each board's end.
            let own: Vec<(Vec<u8>, Vec<u32>)> = row_slices
                .par_chunks_mut(TASK)
                .zip(boards[first..end].par_chunks(TASK))
                .map(|(rows, boards)| {
                    let (mut own, mut ends) = (Vec::new(), Vec::with_capacity(TASK));
                    for (row, &(board, _)) in rows.iter_mut().zip(boards) {
                        river_row(deck, board, dealer_hands, row, &mut own);
                        ends.push(own.len() as u32);
                    }
                    progress.advance(boards.len() as u64);
                    (own, ends)
                })
                .collect();
            for (own, ends) in own {
                let base = u32::try_from(ties.len()).expect("ties within 32 bits");
                let mut last = 0;
                for end in ends {
                    tie_start.push(base + last);
                    last = end;
                }
                ties.extend_from_slice(&own);
            }
        }
        tie_start.push(u32::try_from(ties.len()).expect("ties within 32 bits"));
        // No row's word is all ones (a head word counts dealer holdings, at
        // most C(47,2) = 1,081; an entry's would need `x` = 1,023, and `x`
        // is at most 990): one still all ones was skipped (checked builds;
        // `compact::encode_row` writes them all).
        assert_written(&rows, "the river table's rows");
        progress.finish();
        let pair_maps = PairMaps::new(&perms);
        RiverTable {
            deck,
            perms,
            pair_maps,
            boards,
            board_locator,
            flops,
            flop_locator,
            rows,
            row_start,
            flush,
            positions: (0..CONTEXTS).map(class_positions).collect(),
            tie_start,
            ties,
            dealer_hands,
            hole_classes,
            class_of_pair,
        }
    }

    /// The table's large vectors, to build the next one in
    /// ([`RiverTable::build_reusing`]).
    pub fn into_buffers(self) -> TableBuffers {
        TableBuffers {
            rows: self.rows,
            ties: self.ties,
            row_start: self.row_start,
            tie_start: self.tie_start,
            boards: (self.boards, self.board_locator),
        }
    }

    /// The deck the table was built for.
    pub fn deck(&self) -> CardSet {
        self.deck
    }

    /// For every five-card subset of the 52 cards (by [`subset_index`]) in
    /// the deck: its canonical board's row `<< 5 |` the index (into
    /// the table's renamings, [`Symmetry::perms`]) of a suit renaming onto it.
    pub fn board_locator(&self) -> &[u32] {
        &self.board_locator
    }

    /// The same for every three-card subset and the canonical flops.
    pub fn flop_locator(&self) -> &[u32] {
        &self.flop_locator
    }

    /// The holding maps of the table's suit renamings.
    pub fn pair_maps(&self) -> &PairMaps {
        &self.pair_maps
    }

    /// Dealer holdings per deal, C(n-7, 2).
    pub fn dealer_hands(&self) -> u32 {
        self.dealer_hands
    }

    /// Number of canonical boards (rows).
    pub fn board_count(&self) -> usize {
        self.boards.len()
    }

    /// Bytes held by the table.
    pub fn size_in_bytes(&self) -> usize {
        self.rows.len() * 2
            + self.row_start.len() * 4
            + self.flush.len() * 8
            + self.ties.len()
            + self.tie_start.len() * 4
            + self.boards.len() * std::mem::size_of::<(CardSet, u64)>()
            + (self.board_locator.len() + self.flop_locator.len()) * 4
    }

    /// The row number of `board`'s canonical board and the index of a suit
    /// renaming onto it (into [`Symmetry::perms`]).
    #[inline]
    pub(crate) fn locate_row_perm(&self, board: CardSet) -> (usize, usize) {
        let v = self.board_locator[subset_index(board)];
        ((v >> 5) as usize, (v & 31) as usize)
    }

    /// The position of `flop`'s canonical flop and the holding map into it.
    #[inline]
    pub(crate) fn locate_flop(&self, flop: CardSet) -> (usize, &[u16; PAIRS]) {
        let v = self.flop_locator[subset_index(flop)];
        ((v >> 5) as usize, self.pair_maps.map((v & 31) as usize))
    }

    /// Whether canonical board `row` has a flush suit (its row then has
    /// [`CLASS_PAIRS`] entries, else [`RANK_PAIRS`]).
    #[inline]
    pub(crate) fn has_flush_suit(&self, row: usize) -> bool {
        self.flush[row / 64] >> (row % 64) & 1 == 1
    }

    /// The words of row `row` ([`compact`]).
    #[inline]
    pub(crate) fn row_words(&self, row: usize) -> &[u16] {
        &self.rows[self.row_start[row] as usize..self.row_start[row + 1] as usize]
    }

    /// The entries of row `row`, one per pair of classes, written out into
    /// the start of `out` (at least [`CLASS_PAIRS`] long): returns how many.
    #[inline]
    pub(crate) fn read_row(&self, row: usize, out: &mut [Wide]) -> usize {
        self.read_row_coded(row, out, |_, _| 0)
    }

    /// [`RiverTable::read_row`], with `code(position, entry)` added to each
    /// entry written out (`position`: its pair of classes, [`class_pair`];
    /// the flop pass's river code in the slot field), in the same pass.
    #[inline(always)]
    pub(crate) fn read_row_coded(
        &self,
        row: usize,
        out: &mut [Wide],
        code: impl Fn(usize, Entry) -> u64,
    ) -> usize {
        let board = self.boards[row].0;
        let left = class_counts(self.deck.minus(board), flush_suit(board));
        let n = self.entries_in_row(row);
        decode_row(
            self.row_words(row),
            self.row_ties(row),
            &left,
            &mut out[..n],
            code,
        );
        n
    }

    /// The entries of row `row`: [`CLASS_PAIRS`] on a board with a flush
    /// suit, else [`RANK_PAIRS`].
    #[inline]
    pub(crate) fn entries_in_row(&self, row: usize) -> usize {
        if self.has_flush_suit(row) {
            CLASS_PAIRS
        } else {
            RANK_PAIRS
        }
    }

    /// Every holding of the deck that avoids canonical board `row`, with its
    /// entry: `(holding, entry)`, in holding order.
    pub(crate) fn holding_entries(&self, row: usize) -> impl Iterator<Item = (usize, Entry)> + '_ {
        let board = self.boards[row].0;
        let positions = self.positions(board_context(board));
        let mut entries = [0; CLASS_PAIRS];
        self.read_row(row, &mut entries);
        (0..PAIRS).filter_map(move |h| {
            let (a, b) = pair_cards(h);
            let holding = a.mask() | b.mask();
            (holding & (board.0 | !self.deck.0) == 0)
                .then(|| (h, of_wide(entries[positions[h] as usize])))
        })
    }

    /// Every pair of classes of canonical board `row` that has holdings of
    /// the deck, with one of them and, `with_entries`, its entry (else
    /// [`Entry::EMPTY`], the row not read): `visit(position, holding,
    /// entry)`, `position` the pair's place in the row ([`class_pair`]).
    pub(crate) fn class_entries(
        &self,
        row: usize,
        with_entries: bool,
        mut visit: impl FnMut(usize, [Card; 2], Entry),
    ) {
        let board = self.boards[row].0;
        let cards = CardClasses::new(self.deck.minus(board), flush_suit(board));
        if !with_entries {
            // No row read, nor a row's room zeroed (a tenth of the work of
            // a strategy's river decisions).
            cards.for_each_pair(|r, s, _, (a, b)| visit(class_pair(r, s), [a, b], Entry::EMPTY));
            return;
        }
        let mut entries = [0; CLASS_PAIRS];
        self.read_row(row, &mut entries);
        cards.for_each_pair(|r, s, _, (a, b)| {
            let position = class_pair(r, s);
            visit(position, [a, b], of_wide(entries[position]));
        });
    }

    /// The position in its board's row of every holding's entry, on a
    /// board of flush context `context` ([`board_context`]; see the module
    /// doc): [`class_pair`](classes::class_pair) of the holding's two classes.
    #[inline]
    pub(crate) fn positions(&self, context: usize) -> &[u16; PAIRS] {
        &self.positions[context]
    }

    /// The bytes of ties of row `row` ([`compact`]).
    #[inline]
    pub(crate) fn row_ties(&self, row: usize) -> &[u8] {
        &self.ties[self.tie_start[row] as usize..self.tie_start[row + 1] as usize]
    }

    /// The river counts of holding `{a, b}` on `board` (five cards, disjoint).
    pub fn counts(&self, board: CardSet, a: Card, b: Card) -> RiverCounts {
        let holding = a.mask() | b.mask();
        assert!(
            a != b && holding & board.0 == 0 && holding & !self.deck.0 == 0,
            "a holding of the deck that avoids the board"
        );
        let (row, _) = self.locate_row_perm(board);
        let position = self.positions(board_context(board))[pair_index(a, b)];
        let mut entries = [0; CLASS_PAIRS];
        self.read_row(row, &mut entries);
        let entry = of_wide(entries[position as usize]);
        debug_assert!(
            entry.slot > 0,
            "an entry for every holding that avoids the board"
        );
        entry.counts(self.dealer_hands)
    }
}

#[cfg(test)]
pub(super) mod tests;
