//! The river table: for every suit-canonical five-card board and every
//! two-card holding, how many dealer holdings end in each [`Kind`] of
//! showdown, packed in 32 bits an entry.
//!
//! # Rows by pairs of classes of cards
//! A holding's counts depend only on its pair of classes of cards (see
//! [`class_entries`]): a card's class is its rank, or, for a card of the
//! board's flush suit (three or more board cards), its rank plus 13. So a
//! board's row has one entry per pair of classes ([`class_pair`]): 91 on a
//! board with no flush suit (pairs of ranks), 351 on one with a flush suit:
//! the rows take 110 MB for the full deck instead of 713 MB for one entry
//! per holding. A suit renaming keeps every card's class (the flush suit
//! goes with it), so a holding's entry in its board's canonical row is at
//! [`RiverTable::positions`]`(board_context(board))[pair_index(a, b)]`,
//! computed on the board and holding as dealt, whichever renaming located
//! the row. An entry is 0 where no holding of its pair of
//! classes avoids the board; a holding that overlaps the board has no entry
//! (its position holds that of other holdings of its classes).
//!
//! The entries and their packing are in [`entry`], the classes of cards in
//! [`classes`], the counts of a row in [`board_counts`], the canonical
//! boards and their locator in [`locator`].

mod board_counts;
mod classes;
mod entry;
mod locator;

pub(crate) use classes::{
    board_context, class_pair, flush_suit, CardClasses, CONTEXTS, RANK_PAIRS,
};
pub use entry::RiverCounts;
pub(crate) use entry::{unpack, Entry};

use super::pages::zeroed_on_large_pages;
use crate::cards::canonical::{
    all_pairs, canonical_classes_under, canonical_form, pair_cards, pair_index, subset_index,
    PairMaps, SuitPermutation, Symmetry, PAIRS,
};
use crate::cards::{choose, Card, CardSet};
use crate::progress::Progress;
use board_counts::river_row;
use classes::{class_positions, row_length};
use locator::classes_and_locator;
use rayon::prelude::*;
use std::collections::HashMap;

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
    /// `boards.len()` rows of packed entries, one per pair of classes
    /// (see the module doc), one after the other.
    pub(crate) rows: Vec<u32>,
    /// Where each row starts in `rows`, and the end of the last.
    row_start: Vec<u32>,
    /// [`RiverTable::positions`] of each flush context.
    positions: Vec<[u16; PAIRS]>,
    /// Per board, where its exceptions start in `exceptions`.
    pub(crate) exception_start: Vec<u32>,
    /// Counts of the entries with `z = 255`: `x | y << 10 | z << 20`.
    pub(crate) exceptions: Vec<u32>,
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
        assert!(deck.len() >= 9, "deck too small to deal a hand");
        assert!(
            symmetry.keeps(deck),
            "the renamings map the deck onto itself"
        );
        let perms = symmetry.perms().to_vec();
        let (boards, board_locator) = classes_and_locator(deck, 5, &perms);
        let (flops, flop_locator) = classes_and_locator(deck, 3, &perms);
        let dealer_hands = choose(deck.len() as u64 - 7, 2) as u32;
        let mut row_start = Vec::with_capacity(boards.len() + 1);
        row_start.push(0u32);
        for &(board, _) in &boards {
            let end = row_start[row_start.len() - 1] as usize + row_length(board);
            row_start.push(u32::try_from(end).expect("row positions within 32 bits"));
        }
        let mut rows = zeroed_on_large_pages(row_start[boards.len()] as usize);
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
        // (board, its exceptions) for the boards that have some.
        let mut row_slices: Vec<&mut [u32]> = Vec::with_capacity(boards.len());
        let mut rest = &mut rows[..];
        for ends in row_start.windows(2) {
            let (row, after) = rest.split_at_mut((ends[1] - ends[0]) as usize);
            row_slices.push(row);
            rest = after;
        }
        let mut per_board: Vec<(usize, Vec<u32>)> = row_slices
            .into_par_iter()
            .zip(boards.par_iter())
            .enumerate()
            .filter_map(|(i, (row, &(board, _)))| {
                let mut own = Vec::new();
                river_row(deck, board, dealer_hands, row, &mut own);
                progress.advance(1);
                (!own.is_empty()).then_some((i, own))
            })
            .collect();
        progress.finish();
        per_board.sort_unstable_by_key(|&(i, _)| i);
        let mut exception_start = vec![0u32; boards.len()];
        let mut exceptions = Vec::new();
        let mut next = per_board.into_iter().peekable();
        for (i, start) in exception_start.iter_mut().enumerate() {
            *start = exceptions.len() as u32;
            if let Some((_, own)) = next.next_if(|&(j, _)| j == i) {
                exceptions.extend(own);
            }
        }
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
            positions: (0..CONTEXTS).map(class_positions).collect(),
            exception_start,
            exceptions,
            dealer_hands,
            hole_classes,
            class_of_pair,
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
        self.rows.len() * 4
            + self.row_start.len() * 4
            + self.exceptions.len() * 4
            + self.exception_start.len() * 4
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

    /// Row `row` of packed entries, one per pair of classes.
    #[inline]
    pub(crate) fn row(&self, row: usize) -> &[u32] {
        &self.rows[self.row_range(row)]
    }

    /// Where row `row` lies in `rows` (and any table laid out like it).
    #[inline]
    pub(crate) fn row_range(&self, row: usize) -> std::ops::Range<usize> {
        self.row_start[row] as usize..self.row_start[row + 1] as usize
    }

    /// Every holding of the deck that avoids canonical board `row`, with its
    /// entry: `(holding, entry)`, in holding order.
    pub(crate) fn holding_entries(&self, row: usize) -> impl Iterator<Item = (usize, Entry)> + '_ {
        let board = self.boards[row].0;
        let positions = self.positions(board_context(board));
        let (entries, exceptions) = (self.row(row), self.row_exceptions(row));
        (0..PAIRS).filter_map(move |h| {
            let (a, b) = pair_cards(h);
            let holding = a.mask() | b.mask();
            (holding & (board.0 | !self.deck.0) == 0)
                .then(|| (h, unpack(entries[positions[h] as usize], || exceptions)))
        })
    }

    /// The position in its board's row of every holding's entry, on a
    /// board of flush context `context` ([`board_context`]; see the module
    /// doc): [`class_pair`] of the holding's two classes.
    #[inline]
    pub(crate) fn positions(&self, context: usize) -> &[u16; PAIRS] {
        &self.positions[context]
    }

    /// The exceptions of row `row`.
    #[inline]
    pub(crate) fn row_exceptions(&self, row: usize) -> &[u32] {
        let start = self.exception_start[row] as usize;
        let end = self
            .exception_start
            .get(row + 1)
            .map_or(self.exceptions.len(), |&e| e as usize);
        &self.exceptions[start..end]
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
        let entry = unpack(self.row(row)[position as usize], || {
            self.row_exceptions(row)
        });
        debug_assert!(
            entry.slot > 0,
            "an entry for every holding that avoids the board"
        );
        entry.counts(self.dealer_hands)
    }
}

#[cfg(test)]
mod tests {
    use super::board_counts::tests::entries_of;
    use super::entry::ESCAPE;
    use super::*;

    #[test]
    fn table_lookups_equal_the_sweep_on_every_board() {
        // `RiverTable::counts`, which reads a board's canonical row at the
        // position of the holding's pair of classes of cards, against the
        // sweep of the board itself (not its canonical form), for every
        // holding: on every board of a 24-card deck (9 to ace), so that every
        // suit renaming locates some row, and on one in 97 of the full
        // deck's 2,598,960 boards, where some entries' ties do not fit 8 bits
        // and are read from the board's exceptions.
        let small = crate::cards::canonical::deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
        let mut compared = [0usize; 2];
        let mut renamed = 0;
        let mut renamings = std::collections::BTreeSet::new();
        let mut exceptions = 0;
        for (deck, step) in [(small, 1), (CardSet::FULL_DECK, 97)] {
            let table = RiverTable::build(deck, &crate::progress::Silent);
            let mut i = 0;
            crate::cards::canonical::for_each_subset(deck, 5, |board| {
                i += 1;
                if i % step != 0 {
                    return;
                }
                let (row, perm) = table.locate_row_perm(board);
                renamed += usize::from(table.boards[row].0 != board);
                renamings.insert(perm);
                for (h, entry) in entries_of(deck, board, true) {
                    exceptions += usize::from(entry.z >= ESCAPE);
                    let (a, b) = pair_cards(h);
                    assert_eq!(
                        table.counts(board, a, b),
                        entry.counts(table.dealer_hands),
                        "{a}{b} on {board:?}"
                    );
                }
                compared[usize::from(flush_suit(board).is_none())] += 1;
            });
        }
        assert!(
            compared.iter().all(|&n| n > 10_000) && renamed > 10_000,
            "{compared:?} boards compared, {renamed} renamed"
        );
        assert_eq!(renamings.len(), 24, "every suit renaming locates a row");
        assert!(exceptions > 0, "some ties read from the exceptions");
    }
}
