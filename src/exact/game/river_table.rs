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
//! # Packing
//! An entry holds the player's category and three counts `x`, `y`, `z`; the
//! fourth non-zero count is `dealer_hands - x - y - z` (dealer hands that
//! qualify and beat the player), the fifth is zero:
//! - a hand of a pair or better never loses to a dealer hand that does not
//!   qualify: `x` = wins against a qualifying hand, `y` = wins against one
//!   that does not, `z` = ties;
//! - a high-card hand never beats a qualifying hand: `x` = wins (dealer does
//!   not qualify), `y` = losses to a dealer that does not qualify, `z` = ties.
//!
//! Bits 0-3 hold the category plus one (0: no holding of the pair of
//! classes avoids the board, or the deck has none), bits 4-13 `x`, bits 14-23
//! `y` (counts are at most C(45,2) = 990 < 1,024), bits 24-31 `z`. Ties of
//! 255 or more (a holding that plays the board) are rare: the entry then has
//! `z = 255` and bits 4-23 give the position of the full counts in the
//! board's list of exceptions. Every value a pay table gives an entry is
//! linear in `x`, `y`, `z` with coefficients per category
//! ([`Linear`](super::payoffs::Linear)), so the flop pass never unpacks a
//! [`RiverCounts`].

use super::pages::zeroed_on_large_pages;
#[cfg(test)]
use super::CATEGORIES;
use super::{Kind, KINDS};
use crate::cards::canonical::{
    all_pairs, canonical_classes_under, canonical_form, pair_cards, pair_index, subset_index,
    subset_of_index, PairMaps, SuitPermutation, Symmetry, PAIRS,
};
use crate::cards::{choose, Card, CardSet, DECK_SIZE, RANKS, SUITS};
use crate::evaluator::{tables, HandCategory, HandRank, PartialHand};
#[cfg(test)]
use crate::exact::showdown::{cards_of, category_of, BoardScan};
use crate::progress::Progress;
use rayon::prelude::*;
use std::collections::HashMap;

/// Dealer holdings of each [`Kind`] for one player holding on one board, and
/// the category of the player's hand, packed in 64 bits (11 bits a count).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct RiverCounts(u64);

impl RiverCounts {
    const BITS: u32 = 11;
    const MASK: u64 = (1 << Self::BITS) - 1;

    pub(crate) fn new(counts: [u32; KINDS], category: HandCategory) -> RiverCounts {
        let mut packed = (category as u64) << (5 * Self::BITS);
        for (k, &c) in counts.iter().enumerate() {
            assert!((c as u64) <= Self::MASK, "a count of dealer holdings");
            packed |= (c as u64) << (k as u32 * Self::BITS);
        }
        RiverCounts(packed)
    }

    /// Dealer holdings ending in `kind`.
    #[inline]
    pub fn count(self, kind: usize) -> u32 {
        ((self.0 >> (kind as u32 * Self::BITS)) & Self::MASK) as u32
    }

    /// The counts of every kind, in the order of [`Kind::ALL`].
    #[inline]
    pub fn counts(self) -> [u32; KINDS] {
        std::array::from_fn(|k| self.count(k))
    }

    #[inline]
    pub(crate) fn category_index(self) -> usize {
        (self.0 >> (5 * Self::BITS)) as usize
    }

    /// The player's hand category.
    pub fn category(self) -> HandCategory {
        HandCategory::ALL[self.category_index()]
    }

    /// Dealer holdings beaten minus dealer holdings beating the player.
    pub fn balance(self) -> i32 {
        (self.count(0) + self.count(1)) as i32 - (self.count(3) + self.count(4)) as i32
    }
}

/// Bits of an entry's `x` and `y` fields.
const FIELD: u32 = 10;
const FIELD_MASK: u32 = (1 << FIELD) - 1;
/// The `z` value that marks an exception.
const ESCAPE: u32 = 255;

/// A row entry unpacked: category field (category + 1, 0 = no holding) and
/// the three counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub slot: usize,
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

impl Entry {
    /// The two kinds counted by `x` and `y` for category `p`.
    #[inline]
    pub(crate) fn kinds(p: usize) -> (Kind, Kind) {
        if p == HandCategory::HighCard.index() {
            (
                Kind::WinDealerDoesNotQualify,
                Kind::LoseDealerDoesNotQualify,
            )
        } else {
            (Kind::WinDealerQualifies, Kind::WinDealerDoesNotQualify)
        }
    }

    #[cfg(test)]
    fn of(counts: [u32; KINDS], p: usize) -> Entry {
        let (kx, ky) = Entry::kinds(p);
        let entry = Entry {
            slot: p + 1,
            x: counts[kx as usize],
            y: counts[ky as usize],
            z: counts[Kind::Tie as usize],
        };
        // The packing relies on the fifth kind being empty.
        let fifth = if p == HandCategory::HighCard.index() {
            Kind::WinDealerQualifies
        } else {
            Kind::LoseDealerDoesNotQualify
        };
        assert_eq!(counts[fifth as usize], 0, "a kind that cannot happen");
        entry
    }

    /// The counts by kind, given the dealer holdings per deal.
    pub(crate) fn counts(self, dealer_hands: u32) -> RiverCounts {
        let p = self.slot - 1;
        let (kx, ky) = Entry::kinds(p);
        let mut counts = [0u32; KINDS];
        counts[kx as usize] = self.x;
        counts[ky as usize] = self.y;
        counts[Kind::Tie as usize] = self.z;
        counts[Kind::LoseDealerQualifies as usize] = dealer_hands - self.x - self.y - self.z;
        RiverCounts::new(counts, HandCategory::ALL[p])
    }
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

/// Unpacks an entry; `exceptions` gives its board's exceptions.
#[inline]
pub(crate) fn unpack<'e>(packed: u32, exceptions: impl FnOnce() -> &'e [u32]) -> Entry {
    let z = packed >> 24;
    let slot = (packed & 15) as usize;
    if z != ESCAPE {
        Entry {
            slot,
            x: packed >> 4 & FIELD_MASK,
            y: packed >> 14 & FIELD_MASK,
            z,
        }
    } else {
        let wide = exceptions()[(packed >> 4 & 0xf_ffff) as usize];
        Entry {
            slot,
            x: wide & FIELD_MASK,
            y: wide >> FIELD & FIELD_MASK,
            z: wide >> (2 * FIELD),
        }
    }
}

/// Packs an entry, pushing its counts to `exceptions` when its ties do not
/// fit in 8 bits.
fn pack(entry: Entry, exceptions: &mut Vec<u32>) -> u32 {
    assert!(entry.x <= FIELD_MASK && entry.y <= FIELD_MASK && entry.z <= FIELD_MASK);
    let slot = entry.slot as u32;
    if entry.z < ESCAPE {
        slot | entry.x << 4 | entry.y << 14 | entry.z << 24
    } else {
        let at = exceptions.len() as u32;
        exceptions.push(entry.x | entry.y << FIELD | entry.z << (2 * FIELD));
        slot | at << 4 | ESCAPE << 24
    }
}

/// The canonical `k`-card subsets of `deck` with their class sizes, as
/// [`canonical_classes_under`] gives them (sorted by mask), and for every `k`-card
/// subset of the 52 cards (by [`subset_index`]) that lies in `deck`: the
/// position of its canonical form among them `<< 5 |` the index of a suit
/// renaming onto it (0 elsewhere), found over the subsets by index, in
/// parallel.
fn classes_and_locator(
    deck: CardSet,
    k: usize,
    perms: &[SuitPermutation],
) -> (Vec<(CardSet, u64)>, Vec<u32>) {
    let subsets = choose(DECK_SIZE as u64, k as u64) as usize;
    let classes = canonical_classes_under(deck, k, perms);
    let mut table = vec![0u32; subsets];
    table
        .par_iter_mut()
        .enumerate()
        .for_each(|(index, located)| {
            let set = subset_of_index(index, k);
            if set.minus(deck).is_empty() {
                let (canon, perm) = canonical_form(set, perms);
                let position = classes
                    .binary_search_by_key(&canon.0, |(c, _)| c.0)
                    .expect("a canonical subset");
                *located = (position as u32) << 5 | perm as u32;
            }
        });
    (classes, table)
}

/// Card classes of a board: the cards of a suit with at most two cards on
/// the board, by rank (`0..RANKS`), and each card of the board's flush suit
/// (three or more of its cards on the board) on its own (`RANKS + rank`).
pub(crate) const CLASSES: usize = 2 * RANKS;

/// The suit with three or more cards on `board` (five cards hold at most
/// one), if any.
#[inline]
pub(crate) fn flush_suit(board: CardSet) -> Option<usize> {
    // The cards of suit 0, one in every four card indices (rank * 4 + suit).
    const SUIT_0: u64 = 0x1_1111_1111_1111;
    (0..SUITS).find(|&s| (board.0 & SUIT_0 << s).count_ones() >= 3)
}

/// The flush context of a board: 0 for no flush suit, `1 + s` for flush
/// suit `s` (below [`CONTEXTS`]).
#[inline]
pub(crate) fn board_context(board: CardSet) -> usize {
    flush_suit(board).map_or(0, |s| s + 1)
}

/// Flush contexts of a board: none, or one of the four suits.
pub(crate) const CONTEXTS: usize = SUITS + 1;

/// Pairs of classes `r <= s`.
pub(crate) const CLASS_PAIRS: usize = CLASSES * (CLASSES + 1) / 2;

/// Pairs of ranks `r <= s`: the pairs of classes of a board with no flush
/// suit, the first [`RANK_PAIRS`] of [`class_pair`].
pub(crate) const RANK_PAIRS: usize = RANKS * (RANKS + 1) / 2;

/// The index of the pair of classes `{r, s}` (either order), below
/// [`CLASS_PAIRS`]; below [`RANK_PAIRS`] for two ranks (classes below 13).
#[inline]
pub(crate) fn class_pair(r: usize, s: usize) -> usize {
    let (r, s) = (r.min(s), r.max(s));
    s * (s + 1) / 2 + r
}

/// Entries of a board's row: [`RANK_PAIRS`] without a flush suit, else
/// [`CLASS_PAIRS`].
fn row_length(board: CardSet) -> usize {
    flush_suit(board).map_or(RANK_PAIRS, |_| CLASS_PAIRS)
}

/// [`class_pair`] of every holding's two classes on a board of flush
/// context `context` ([`board_context`]).
fn class_positions(context: usize) -> [u16; PAIRS] {
    let flush_suit = if context == 0 {
        None
    } else {
        Some(context - 1)
    };
    std::array::from_fn(|h| {
        let (a, b) = pair_cards(h);
        class_pair(card_class(a, flush_suit), card_class(b, flush_suit)) as u16
    })
}

/// The class of `card` on a board whose flush suit is `flush_suit`.
#[inline]
pub(crate) fn card_class(card: Card, flush_suit: Option<usize>) -> usize {
    if Some(card.suit()) == flush_suit {
        RANKS + card.rank()
    } else {
        card.rank()
    }
}

/// The cards of a set by class (see [`CLASSES`]).
pub(crate) struct CardClasses {
    /// The cards of each class.
    pub(crate) of_class: [[Card; SUITS]; CLASSES],
    /// How many cards each class has.
    pub(crate) left: [u32; CLASSES],
    /// The classes that have cards, in order.
    pub(crate) present: Vec<usize>,
}

impl CardClasses {
    /// The cards of `cards` by class, on a board whose flush suit is
    /// `flush_suit`.
    pub(crate) fn new(cards: CardSet, flush_suit: Option<usize>) -> CardClasses {
        let mut of_class = [[Card::from_index(0); SUITS]; CLASSES];
        let mut left = [0u32; CLASSES];
        let mut with_cards = 0u32;
        for card in cards.cards() {
            let k = card_class(card, flush_suit);
            of_class[k][left[k] as usize] = card;
            left[k] += 1;
            with_cards |= 1 << k;
        }
        // From a bit mask: a loop over all 26 classes that pushes the ones
        // with cards makes the compiler's loop analysis run for minutes.
        let mut present = Vec::with_capacity(CLASSES);
        while with_cards != 0 {
            present.push(with_cards.trailing_zeros() as usize);
            with_cards &= with_cards - 1;
        }
        CardClasses {
            of_class,
            left,
            present,
        }
    }

    /// Holdings of one card of class `r` and one of class `s` (two of `r`
    /// when `r = s`).
    #[inline]
    pub(crate) fn holdings(&self, r: usize, s: usize) -> u32 {
        if r == s {
            self.left[r] * self.left[r].saturating_sub(1) / 2
        } else {
            self.left[r] * self.left[s]
        }
    }

    /// One such holding (there must be one).
    #[inline]
    pub(crate) fn holding(&self, r: usize, s: usize) -> (Card, Card) {
        (self.of_class[r][0], self.of_class[s][usize::from(r == s)])
    }

    /// Calls `visit(r, s, number of holdings, one of them)` for every pair
    /// of classes `r <= s` that has holdings (plain loops: as an iterator,
    /// the preflop spot took a fifth longer).
    #[inline]
    pub(crate) fn for_each_pair(&self, mut visit: impl FnMut(usize, usize, u32, (Card, Card))) {
        for (i, &r) in self.present.iter().enumerate() {
            for &s in &self.present[i..] {
                let holdings = self.holdings(r, s);
                if holdings > 0 {
                    visit(r, s, holdings, self.holding(r, s));
                }
            }
        }
    }
}

/// The river counts of every holding of `deck - board`, by holding index
/// (`visit(holding, counts)`): [`class_entries`] given to each holding of
/// each pair of classes, for the tests.
#[cfg(test)]
pub(crate) fn river_entries(
    deck: CardSet,
    board: CardSet,
    dealer_hands: u32,
    mut visit: impl FnMut(usize, Entry),
) {
    let cards = CardClasses::new(deck.minus(board), flush_suit(board));
    class_entries(&cards, board, dealer_hands, |r, s, entry| {
        let left = &cards.left;
        for (i, &a) in cards.of_class[r][..left[r] as usize].iter().enumerate() {
            let from = if r == s { i + 1 } else { 0 };
            for &b in &cards.of_class[s][from..left[s] as usize] {
                visit(pair_index(a, b), entry);
            }
        }
    });
}

/// The river counts of every pair of classes of cards `(r, s)`, `r <= s`,
/// that has holdings among `cards` (the cards off `board`, by class):
/// `visit(r, s, counts)`.
///
/// **Why classes suffice.** Two cards of the same rank whose suit has at most
/// two cards on the board are interchangeable: seven cards then hold at most
/// four of that suit, so neither can be part of a flush, and exchanging them
/// changes no hand of the board. Such cards form one class per rank; every
/// card of the flush suit (a suit with three or more cards on the board; five
/// cards hold at most one) is a class of its own. A holding's hand, and the
/// dealer holdings it beats, ties and loses to, then depend only on its pair
/// of classes: at most 91 pairs on a board with no flush suit, at most 338
/// on the others, against 1,081 holdings.
///
/// **How.** Each pair of classes `(r, s)` is ranked once. Counted with all
/// the cards left, the dealer holdings weaker than it and equal to it are
/// sums over the pairs sorted by hand. A player's holding takes one card of
/// class `r` and one of class `s`, which removes from the dealer's reach, of
/// the holdings of classes `(r, u)`, `left[u]` for `u` other than `r` and
/// `left[r] - 1` for `u = r` (and as many again for `s`; the pair `(r, s)`
/// itself, counted from both sides, loses one fewer); when `r = s`, twice
/// that, less one. So per class `r`, the pairs `(r, u)` sorted by hand with
/// those weights give, for every `u`, the weight of the pairs of `r` weaker
/// than `(r, u)` and equal to it: the corrections are three lookups.
pub(crate) fn class_entries(
    cards: &CardClasses,
    board: CardSet,
    dealer_hands: u32,
    mut visit: impl FnMut(usize, usize, Entry),
) {
    let high_card = HandCategory::HighCard.index();
    let (classes, left) = (&cards.present, &cards.left);
    let holdings = |r: usize, s: usize| cards.holdings(r, s);
    let t = tables();
    let board_hand = PartialHand::of(board);
    // The pairs of classes that have holdings, weakest first, packed for a
    // fast sort ([`Packed`]: hand, r, s); and the hand of each, both orders.
    let mut pairs: Vec<Packed> = Vec::with_capacity(CLASSES * (CLASSES + 1) / 2);
    let mut hand = [[HandRank(0); CLASSES]; CLASSES];
    cards.for_each_pair(|r, s, _, (a, b)| {
        let rank = t.rank(board_hand.add(a).add(b));
        (hand[r][s], hand[s][r]) = (rank, rank);
        pairs.push(Packed::new(rank, r, s));
    });
    pairs.sort_unstable();
    let is_high = |rank: HandRank| u32::from(rank.category().index() == high_card);
    // Per pair of classes (both orders): the dealer holdings of a weaker hand
    // and of the same hand, counted with all the cards left; and the dealer
    // holdings of no pair.
    let mut weaker = [[0u32; CLASSES]; CLASSES];
    let mut same = [[0u32; CLASSES]; CLASSES];
    let mut no_pair = 0;
    let mut below = 0;
    for group in pairs.chunk_by(|x, y| x.hand() == y.hand()) {
        let equal: u32 = group.iter().map(|x| holdings(x.first(), x.second())).sum();
        for x in group {
            let (r, s) = (x.first(), x.second());
            (weaker[r][s], same[r][s]) = (below, equal);
            (weaker[s][r], same[s][r]) = (below, equal);
        }
        no_pair += is_high(group[0].hand()) * equal;
        below += equal;
    }
    // Per class r and class u: the weight (see above) of the pairs (r, v)
    // weaker than (r, u) and equal to it; per class r, that of its pairs of
    // no pair.
    let mut weaker_of = [[0u32; CLASSES]; CLASSES];
    let mut same_of = [[0u32; CLASSES]; CLASSES];
    let mut no_pair_of = [0u32; CLASSES];
    // (hand of (r, u), weight, u), packed.
    let mut partners: Vec<Packed> = Vec::with_capacity(CLASSES);
    for &r in classes {
        partners.clear();
        for &u in classes {
            let weight = if u == r { left[r] - 1 } else { left[u] };
            if weight > 0 {
                partners.push(Packed::new(hand[r][u], weight as usize, u));
            }
        }
        partners.sort_unstable();
        let mut below = 0;
        for group in partners.chunk_by(|x, y| x.hand() == y.hand()) {
            let equal: u32 = group.iter().map(|x| x.first() as u32).sum();
            for x in group {
                (weaker_of[r][x.second()], same_of[r][x.second()]) = (below, equal);
            }
            no_pair_of[r] += is_high(group[0].hand()) * equal;
            below += equal;
        }
    }
    for &x in &pairs {
        let (rank, r, s) = (x.hand(), x.first(), x.second());
        // The dealer holdings lost to the player's two cards, by kind.
        let (lost_weaker, lost_same, lost_no_pair) = if r == s {
            (
                2 * weaker_of[r][r],
                2 * same_of[r][r] - 1,
                2 * no_pair_of[r] - is_high(rank),
            )
        } else {
            (
                weaker_of[r][s] + weaker_of[s][r],
                same_of[r][s] + same_of[s][r] - 1,
                no_pair_of[r] + no_pair_of[s] - is_high(rank),
            )
        };
        let win = weaker[r][s] - lost_weaker;
        let tie = same[r][s] - lost_same;
        let no_pair = no_pair - lost_no_pair;
        let p = rank.category().index();
        let (x, y) = if p == high_card {
            (win, no_pair - win - tie)
        } else {
            (win - no_pair, no_pair)
        };
        debug_assert!(x + y + tie <= dealer_hands);
        let entry = Entry {
            slot: p + 1,
            x,
            y,
            z: tie,
        };
        visit(r, s, entry);
    }
}

/// [`river_entries`] the long way, the reference its tests compare with:
/// the board's holdings ranked, sorted and swept once; a holding of
/// category `p` beats the dealer holdings of lower categories that avoid
/// its cards and those of its own category below it.
#[cfg(test)]
fn entries_by_sweep(
    deck: CardSet,
    board: CardSet,
    dealer_hands: u32,
    mut visit: impl FnMut(usize, Entry),
) {
    let scan = BoardScan::new(deck, board);
    let high_card = HandCategory::HighCard.index();
    // Dealer holdings of a category below `p`, all and per card.
    let mut lower_total = [0u32; CATEGORIES];
    let mut lower_with = [[0u32; CATEGORIES]; DECK_SIZE];
    for p in 1..CATEGORIES {
        lower_total[p] = lower_total[p - 1] + scan.total[p - 1];
        for (lower, with) in lower_with.iter_mut().zip(&scan.with) {
            lower[p] = lower[p - 1] + with[p - 1];
        }
    }
    scan.sweep(|e, below, equal| {
        let (a, b) = cards_of(e);
        let p = category_of(e);
        // The holding itself is of category p, so never among the lower ones.
        let win = lower_total[p] - lower_with[a][p] - lower_with[b][p] + below;
        let tie = equal;
        // Dealer hands with no pair do not qualify.
        let no_pair = scan.avoiding(a, b, p, high_card);
        let (x, y) = if p == high_card {
            // Wins (all against a dealer who does not qualify), losses to a
            // dealer who does not qualify.
            (win, no_pair - win - tie)
        } else {
            // Wins against a qualifying dealer, against one who does not.
            (win - no_pair, no_pair)
        };
        debug_assert!(x + y + tie <= dealer_hands);
        visit(
            b * (b - 1) / 2 + a,
            Entry {
                slot: p + 1,
                x,
                y,
                z: tie,
            },
        );
    });
}

/// A hand rank and two small numbers (below 256) in 32 bits, ordered by the
/// hand first: `hand << 16 | first << 8 | second`, so that sorting compares
/// one integer instead of a tuple.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Packed(u32);

impl Packed {
    #[inline]
    fn new(hand: HandRank, first: usize, second: usize) -> Packed {
        debug_assert!(first < 256 && second < 256);
        Packed(u32::from(hand.0) << 16 | (first as u32) << 8 | second as u32)
    }

    #[inline]
    fn hand(self) -> HandRank {
        HandRank((self.0 >> 16) as u16)
    }

    #[inline]
    fn first(self) -> usize {
        (self.0 >> 8 & 0xff) as usize
    }

    #[inline]
    fn second(self) -> usize {
        (self.0 & 0xff) as usize
    }
}

/// Fills `row` (and the board's `exceptions`) with the packed river counts
/// of every pair of classes of `deck - board` (see the module doc).
fn river_row(
    deck: CardSet,
    board: CardSet,
    dealer_hands: u32,
    row: &mut [u32],
    exceptions: &mut Vec<u32>,
) {
    let cards = CardClasses::new(deck.minus(board), flush_suit(board));
    class_entries(&cards, board, dealer_hands, |r, s, entry| {
        row[class_pair(r, s)] = pack(entry, exceptions);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The entries of every holding of a board, in holding order.
    fn entries_of(deck: CardSet, board: CardSet, by_sweep: bool) -> Vec<(usize, Entry)> {
        let dealer_hands = choose(deck.len() as u64 - 7, 2) as u32;
        let mut out = Vec::new();
        let visit = |h, e| out.push((h, e));
        if by_sweep {
            entries_by_sweep(deck, board, dealer_hands, visit);
        } else {
            river_entries(deck, board, dealer_hands, visit);
        }
        out.sort_unstable_by_key(|&(h, _)| h);
        out
    }

    #[test]
    fn counts_by_classes_of_cards_equal_the_sweep() {
        // The river table's way (pairs of classes of cards, corrected for
        // the player's cards) against the long way (every holding ranked,
        // sorted and swept): on every board of a 24-card deck (9 to ace)
        // and one in 41 of the full deck's canonical boards, with and
        // without a flush suit.
        let small = crate::cards::canonical::deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
        let mut boards: Vec<(CardSet, CardSet)> = Vec::new();
        crate::cards::canonical::for_each_subset(small, 5, |b| boards.push((small, b)));
        let full = CardSet::FULL_DECK;
        boards.extend(
            crate::cards::canonical::canonical_classes(full, 5)
                .into_iter()
                .step_by(41)
                .map(|(b, _)| (full, b)),
        );
        let mut compared = [0; 2];
        for (deck, board) in boards {
            let by_classes = entries_of(deck, board, false);
            assert_eq!(by_classes.len(), choose(deck.len() as u64 - 5, 2) as usize);
            assert_eq!(by_classes, entries_of(deck, board, true), "board {board:?}");
            compared[usize::from(flush_suit(board).is_none())] += 1;
        }
        assert!(
            compared.iter().all(|&n| n > 1000),
            "{compared:?} boards compared"
        );
    }

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

    #[test]
    fn packing_round_trips() {
        // Every shape of entry, including ties that need an exception.
        let mut exceptions = Vec::new();
        for p in 0..CATEGORIES {
            for (x, y, z) in [
                (0, 0, 0),
                (990, 0, 0),
                (3, 987, 0),
                (0, 0, 990),
                (1, 2, 254),
            ] {
                for z in [z, 255, 700] {
                    if x + y + z > 990 {
                        continue;
                    }
                    let entry = Entry {
                        slot: p + 1,
                        x,
                        y,
                        z,
                    };
                    let packed = pack(entry, &mut exceptions);
                    assert_eq!(unpack(packed, || &exceptions), entry);
                    let counts = entry.counts(990);
                    assert_eq!(Entry::of(counts.counts(), p), entry);
                    assert_eq!(counts.counts().iter().sum::<u32>(), 990);
                }
            }
        }
        assert!(!exceptions.is_empty());
    }
}
