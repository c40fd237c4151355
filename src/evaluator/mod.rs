//! The poker hand evaluator: best five-card hand of 5, 6 or 7 cards.
//!
//! The result is a [`HandRank`], one integer from 1 (7-5-4-3-2 offsuit, the
//! lowest hand) to 7,462 (a royal flush) that orders hands exactly as the
//! rules of COMAR 36.05.16.06 do: categories first, then the ranks that
//! decide within a category (kickers), the ace-low straight (wheel) being the
//! lowest straight. Equal numbers are ties. Because the 7,462 classes are
//! numbered in category order, the category is read from the number in O(1)
//! ([`HandRank::category`]).
//!
//! # How it works
//! Hands split into two cases.
//! - Five or more cards of one suit: the hand is a flush (or straight flush),
//!   and its value depends only on the 13-bit rank mask of that suit. A table
//!   of 8,192 entries holds the answer for every mask.
//! - Otherwise only the multiset of ranks matters. Each rank has a key
//!   ([`RANK_KEYS`]) chosen so that the sums of the keys of any multiset of at
//!   most seven ranks (at most four of each) are all different: the sum is a
//!   rank-multiset signature. The 73,775 signatures of 5-, 6- and 7-card
//!   multisets are spread over 18 million possible sums, so they are packed
//!   into a small table by row displacement (a perfect hash: each block of
//!   `2^ROW_BITS` sums gets an offset so that no two signatures share a slot).
//!   A lookup is `packed[sum + shift[sum >> ROW_BITS]]`, where a row's shift
//!   is its offset minus its first sum.
//!
//! Everything is built on first use by [`tables`] from first principles (the
//! ranking of five-card hands) and the builder asserts its invariants: 7,462
//! distinct five-card classes with the textbook counts per category, distinct
//! signatures, no collision in the packed table.
//!
//! [`PartialHand`] accumulates cards one at a time so that enumerations add the
//! last card (or two) to a prepared prefix.
//!
//! # Speed
//! The evaluator's hot path is the innermost loop of an enumeration: one
//! card added to a prepared hand, then ranked. Four choices keep it short;
//! each was measured by `benches/evaluator.rs`, and together they take the
//! seven-card enumeration from about 0.8 to about 1.2 billion hands per
//! second on one core of the development machine:
//! - the rank-key sum and the four suit counts share one `u64`, so adding a
//!   card is one table load and one addition (`CARD_STEP`), and the flush
//!   test is one mask of the same word (counts start at 3, so bit 3 of a
//!   suit's byte is set from five cards on);
//! - `CARD_STEP` has an entry for every `u8` card index, so its index needs
//!   no check or mask;
//! - the lookup tables have power-of-two lengths and indices are masked to
//!   them, which drops the bounds checks without `unsafe` (the masks never
//!   change a valid index: the builder asserts the sizes);
//! - each row of the packed table stores its offset minus its first sum, so
//!   a slot is the sum plus one loaded number, without column arithmetic.
//!
//! Tried and dropped, as the benchmark showed no gain or a loss: choosing
//! the flush or non-flush value without a branch (both lookups, then the
//! larger: twice as slow), a denser packed table (slower to build, no faster
//! to read), one shared table for both kinds of value, and routines that
//! rank the last card (or last two) of an enumeration in a batch.

use crate::cards::{Card, CardSet, RANKS, SUITS};
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// Per-rank keys whose sums identify every multiset of at most seven ranks
/// with at most four of a rank. Found by a greedy search (each key the
/// smallest value keeping all sums distinct); the table builder re-checks the
/// property, so a wrong key here fails loudly on first use.
pub const RANK_KEYS: [u32; RANKS] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/// Sums are packed in rows of `2^ROW_BITS` consecutive values.
const ROW_BITS: u32 = 7;
/// Length of the row-offset table: a power of two above the largest row
/// (the largest seven-card sum is below `2^25`; the builder checks it), so
/// that a row index masked with `ROWS - 1` is in bounds without a check.
const ROWS: usize = 1 << (25 - ROW_BITS);
/// Length of the packed table, a power of two for the same reason.
const PACKED: usize = 1 << 19;

/// What adding each card does to a [`PartialHand`]'s `word`: the rank key in
/// the low 32 bits, one more card of the suit in the suit's byte of the high
/// 32 bits. Indexed by card, padded to 256 entries so that any `u8` card
/// index is in bounds without a check (a masked 64-entry table measured 7%
/// slower in the seven-card enumeration).
static CARD_STEP: [u64; 256] = {
    let mut steps = [0; 256];
    let mut card = 0;
    while card < RANKS * SUITS {
        let (rank, suit) = (card / SUITS, card % SUITS);
        steps[card] = RANK_KEYS[rank] as u64 | 1 << (32 + 8 * suit);
        card += 1;
    }
    steps
};

/// The `word` of no cards: zero key, and each suit's count byte starts at 3
/// so that bit 3 of the byte is set exactly when the suit holds 5 to 12 cards.
const EMPTY_WORD: u64 = 0x0303_0303 << 32;
/// Bit 3 of every suit-count byte of a `word`: set when a suit has a flush.
const FLUSH_BITS: u64 = 0x0808_0808 << 32;

/// The ten hand categories, lowest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum HandCategory {
    /// High card.
    HighCard,
    /// One pair.
    Pair,
    /// Two pair.
    TwoPair,
    /// Three of a kind.
    ThreeOfAKind,
    /// Straight.
    Straight,
    /// Flush.
    Flush,
    /// Full house.
    FullHouse,
    /// Four of a kind.
    FourOfAKind,
    /// Straight flush (not royal).
    StraightFlush,
    /// Royal flush.
    RoyalFlush,
}

impl HandCategory {
    /// Number of categories, high card to royal flush: the one home of this
    /// constant (arrays indexed by category use it).
    pub const COUNT: usize = 10;

    /// All categories, lowest first.
    pub const ALL: [HandCategory; HandCategory::COUNT] = [
        HandCategory::HighCard,
        HandCategory::Pair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
        HandCategory::RoyalFlush,
    ];

    /// The name used in pay-table files and machine-readable output.
    pub fn name(self) -> &'static str {
        match self {
            HandCategory::HighCard => "high_card",
            HandCategory::Pair => "pair",
            HandCategory::TwoPair => "two_pair",
            HandCategory::ThreeOfAKind => "three_of_a_kind",
            HandCategory::Straight => "straight",
            HandCategory::Flush => "flush",
            HandCategory::FullHouse => "full_house",
            HandCategory::FourOfAKind => "four_of_a_kind",
            HandCategory::StraightFlush => "straight_flush",
            HandCategory::RoyalFlush => "royal_flush",
        }
    }

    /// The category with the given [`name`](Self::name).
    pub fn from_name(name: &str) -> Option<HandCategory> {
        HandCategory::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Position in [`ALL`](Self::ALL), `0..10`.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Number of distinct five-card hand classes in the category (a
    /// textbook count: they add up to 7,462).
    pub fn class_count(self) -> u16 {
        match self {
            HandCategory::HighCard => 1277,
            HandCategory::Pair => 2860,
            HandCategory::TwoPair => 858,
            HandCategory::ThreeOfAKind => 858,
            HandCategory::Straight => 10,
            HandCategory::Flush => 1277,
            HandCategory::FullHouse => 156,
            HandCategory::FourOfAKind => 156,
            HandCategory::StraightFlush => 9,
            HandCategory::RoyalFlush => 1,
        }
    }
}

impl fmt::Display for HandCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            HandCategory::HighCard => "High card",
            HandCategory::Pair => "Pair",
            HandCategory::TwoPair => "Two pair",
            HandCategory::ThreeOfAKind => "Three of a kind",
            HandCategory::Straight => "Straight",
            HandCategory::Flush => "Flush",
            HandCategory::FullHouse => "Full house",
            HandCategory::FourOfAKind => "Four of a kind",
            HandCategory::StraightFlush => "Straight flush",
            HandCategory::RoyalFlush => "Royal flush",
        };
        f.write_str(text)
    }
}

/// Number of distinct five-card hand classes.
pub const HAND_CLASSES: u16 = 7462;

/// The value of a hand: 1 (worst) to 7,462 (royal flush); higher beats lower,
/// equal ties.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct HandRank(pub u16);

impl HandRank {
    /// The hand category, in O(1).
    #[inline]
    pub fn category(self) -> HandCategory {
        tables().category_of[self.0 as usize]
    }
}

/// Cards added one at a time, ready to be ranked once it holds 5 to 7 cards.
#[derive(Clone, Copy, Debug)]
pub struct PartialHand {
    /// Low 32 bits: the sum of the [`RANK_KEYS`] of the cards. High 32 bits:
    /// the number of cards of each suit plus 3, one byte per suit. Both are
    /// updated by one addition of [`CARD_STEP`]: a key sum stays below 2^25
    /// for any set of distinct cards, so it never carries into the counts.
    word: u64,
    /// Rank mask of each suit, 16 bits per suit.
    suit_masks: u64,
}

impl PartialHand {
    /// No cards.
    pub const EMPTY: PartialHand = PartialHand {
        word: EMPTY_WORD,
        suit_masks: 0,
    };

    /// The hand of the given cards.
    pub fn of(cards: CardSet) -> PartialHand {
        cards.cards().fold(PartialHand::EMPTY, |h, c| h.add(c))
    }

    /// This hand with one more card (the card must not already be in it).
    // Named `add` in the public API; it is not arithmetic, so no `ops::Add`.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, card: Card) -> PartialHand {
        let (rank, suit) = (card.rank(), card.suit());
        PartialHand {
            word: self.word + CARD_STEP[card.index()],
            suit_masks: self.suit_masks | (1 << (16 * suit + rank)),
        }
    }

    /// The rank-multiset signature: the sum of the cards' rank keys.
    #[inline]
    fn key(self) -> u32 {
        self.word as u32
    }

    /// The suit with five or more cards, if any.
    #[inline]
    fn flush_suit(self) -> Option<usize> {
        let high = self.word & FLUSH_BITS;
        if high == 0 {
            None
        } else {
            Some((high.trailing_zeros() as usize - 32) / 8)
        }
    }
}

impl Default for PartialHand {
    fn default() -> PartialHand {
        PartialHand::EMPTY
    }
}

/// The lookup tables. Built once by [`tables`].
pub struct Tables {
    /// Value of a flush for every 13-bit rank mask with 5 to 7 bits.
    flush: Box<[u16; 1 << RANKS]>,
    /// Per row of signatures, where the row starts in `packed` minus where
    /// it starts among signatures (`row << ROW_BITS`), modulo 2^32: adding
    /// the signature itself gives its slot, with no column arithmetic.
    row_shift: Box<[u32; ROWS]>,
    /// Packed signature table: value of the best non-flush hand, 0 if empty.
    packed: Box<[u16; PACKED]>,
    /// Category of each value `0..=7462` (index 0 unused).
    category_of: Vec<HandCategory>,
}

impl Tables {
    /// Value of a hand of 5 to 7 cards.
    #[inline]
    pub fn rank(&self, hand: PartialHand) -> HandRank {
        match hand.flush_suit() {
            Some(suit) => {
                let mask = (hand.suit_masks >> (16 * suit)) & 0x1fff; // < 8192
                HandRank(self.flush[mask as usize])
            }
            None => HandRank(self.rank_of_key(hand.key())),
        }
    }

    /// Value of the non-flush hand with this rank signature.
    #[inline]
    fn rank_of_key(&self, key: u32) -> u16 {
        // The masks never change the index of a key of 5 to 7 cards (the
        // builder checks the sizes); they let the compiler drop bounds checks.
        let row = (key >> ROW_BITS) as usize & (ROWS - 1);
        self.packed[key.wrapping_add(self.row_shift[row]) as usize & (PACKED - 1)]
    }

    /// Size in bytes of the signature and flush tables.
    pub fn size_in_bytes(&self) -> usize {
        self.flush.len() * 2 + self.row_shift.len() * 4 + self.packed.len() * 2
    }
}

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

/// Value of 5 to 7 cards.
pub fn evaluate(cards: CardSet) -> HandRank {
    debug_assert!((5..=7).contains(&cards.len()));
    tables().rank(PartialHand::of(cards))
}

/// An ordering key of one five-card hand, from first principles: category in
/// the high bits, then the deciding ranks (groups by size, then by rank; the
/// top card for straights, with the wheel five-high).
fn five_card_order_key(ranks: &[usize; 5], flush: bool) -> u32 {
    let mut counts = [0u8; RANKS];
    for &r in ranks {
        counts[r] += 1;
    }
    // Groups (count, rank), largest group first, higher rank first.
    let mut groups: Vec<(u8, usize)> = (0..RANKS)
        .rev()
        .filter(|&r| counts[r] > 0)
        .map(|r| (counts[r], r))
        .collect();
    groups.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let straight_high = if groups.len() == 5 {
        let (hi, lo) = (groups[0].1, groups[4].1);
        if hi - lo == 4 {
            Some(hi)
        } else if hi == 12 && groups[1].1 == 3 {
            Some(3) // A-2-3-4-5: five high
        } else {
            None
        }
    } else {
        None
    };
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let category = match (straight_high, flush, shape.as_slice()) {
        (Some(12), true, _) => HandCategory::RoyalFlush,
        (Some(_), true, _) => HandCategory::StraightFlush,
        (_, _, [4, 1]) => HandCategory::FourOfAKind,
        (_, _, [3, 2]) => HandCategory::FullHouse,
        (_, true, _) => HandCategory::Flush,
        (Some(_), false, _) => HandCategory::Straight,
        (_, _, [3, 1, 1]) => HandCategory::ThreeOfAKind,
        (_, _, [2, 2, 1]) => HandCategory::TwoPair,
        (_, _, [2, 1, 1, 1]) => HandCategory::Pair,
        _ => HandCategory::HighCard,
    };
    // Royal and straight flush share one scale: a royal is the top straight flush.
    let scale = match category {
        HandCategory::RoyalFlush => HandCategory::StraightFlush,
        c => c,
    };
    let mut key = (scale as u32) << 20;
    match straight_high {
        Some(high) => key |= (high as u32) << 16,
        None => {
            for (i, g) in groups.iter().enumerate() {
                key |= (g.1 as u32) << (16 - 4 * i);
            }
        }
    }
    key
}

/// Every multiset of `size` ranks with at most four of each, as rank counts.
fn rank_multisets(size: u8) -> Vec<[u8; RANKS]> {
    fn walk(rank: usize, left: u8, counts: &mut [u8; RANKS], out: &mut Vec<[u8; RANKS]>) {
        if rank == RANKS {
            if left == 0 {
                out.push(*counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            walk(rank + 1, left - c, counts, out);
        }
        counts[rank] = 0;
    }
    let mut out = Vec::new();
    walk(0, size, &mut [0; RANKS], &mut out);
    out
}

/// Every five-card sub-multiset of `counts`, as sorted rank lists.
fn five_card_subsets(counts: &[u8; RANKS]) -> Vec<[usize; 5]> {
    fn walk(
        rank: usize,
        taken: usize,
        counts: &[u8; RANKS],
        cur: &mut [usize; 5],
        out: &mut Vec<[usize; 5]>,
    ) {
        if taken == 5 {
            out.push(*cur);
            return;
        }
        if rank == RANKS {
            return;
        }
        for c in (0..=(counts[rank] as usize).min(5 - taken)).rev() {
            for slot in cur.iter_mut().skip(taken).take(c) {
                *slot = rank;
            }
            walk(rank + 1, taken + c, counts, cur, out);
        }
    }
    let mut out = Vec::new();
    walk(0, 0, counts, &mut [0; 5], &mut out);
    out
}

fn build_tables() -> Tables {
    // 1. Number the five-card classes in order.
    let mut keys: Vec<u32> = Vec::new();
    for counts in rank_multisets(5) {
        let ranks = five_card_subsets(&counts)[0];
        keys.push(five_card_order_key(&ranks, false));
        if counts.iter().all(|&c| c <= 1) {
            keys.push(five_card_order_key(&ranks, true));
        }
    }
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), HAND_CLASSES as usize, "five-card classes");
    let value_of: HashMap<u32, u16> = keys
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u16 + 1))
        .collect();
    // The value of every five-card hand, by rank signature (non-flush) and
    // by rank mask (flush), so that the best of 21 subsets is 21 lookups.
    let signature = |ranks: &[usize; 5]| -> u32 { ranks.iter().map(|&r| RANK_KEYS[r]).sum() };
    let mut plain_value: HashMap<u32, u16> = HashMap::new();
    let mut flush_value: HashMap<u32, u16> = HashMap::new();
    for counts in rank_multisets(5) {
        let ranks = five_card_subsets(&counts)[0];
        plain_value.insert(
            signature(&ranks),
            value_of[&five_card_order_key(&ranks, false)],
        );
        if counts.iter().all(|&c| c <= 1) {
            let mask = ranks.iter().fold(0u32, |m, &r| m | 1 << r);
            flush_value.insert(mask, value_of[&five_card_order_key(&ranks, true)]);
        }
    }
    let best = |subsets: Vec<[usize; 5]>, flush: bool| -> u16 {
        subsets
            .iter()
            .map(|r| {
                if flush {
                    flush_value[&r.iter().fold(0u32, |m, &x| m | 1 << x)]
                } else {
                    plain_value[&signature(r)]
                }
            })
            .max()
            .expect("at least one five-card subset")
    };

    // 2. Category of each value, checked against the textbook class counts.
    let mut category_of = vec![HandCategory::HighCard; HAND_CLASSES as usize + 1];
    let mut next = 1usize;
    for category in HandCategory::ALL {
        let n = category.class_count() as usize;
        category_of[next..next + n].fill(category);
        next += n;
    }
    assert_eq!(next, HAND_CLASSES as usize + 1);
    for (i, &k) in keys.iter().enumerate() {
        let cat = category_of[i + 1];
        let scale = if cat == HandCategory::RoyalFlush {
            HandCategory::StraightFlush
        } else {
            cat
        };
        assert_eq!(
            k >> 20,
            scale as u32,
            "class {} out of category order",
            i + 1
        );
    }
    assert_eq!(
        keys[HAND_CLASSES as usize - 1] & 0xf_0000,
        12 << 16,
        "top class is the royal flush"
    );

    // 3. Flushes: every 13-bit mask of 5 to 7 ranks.
    let mut flush = vec![0u16; 1 << RANKS];
    for (mask, slot) in flush.iter_mut().enumerate() {
        let n = (mask as u32).count_ones();
        if (5..=7).contains(&n) {
            let mut counts = [0u8; RANKS];
            for (r, c) in counts.iter_mut().enumerate() {
                *c = ((mask >> r) & 1) as u8;
            }
            *slot = best(five_card_subsets(&counts), true);
        }
    }

    // 4. Non-flush hands by rank signature, packed by row displacement.
    let mut entries: Vec<(u32, u16)> = Vec::new();
    for size in 5..=7u8 {
        for counts in rank_multisets(size) {
            let key: u32 = (0..RANKS).map(|r| counts[r] as u32 * RANK_KEYS[r]).sum();
            entries.push((key, best(five_card_subsets(&counts), false)));
        }
    }
    let mut sorted_keys: Vec<u32> = entries.iter().map(|e| e.0).collect();
    sorted_keys.sort_unstable();
    sorted_keys.dedup();
    assert_eq!(sorted_keys.len(), entries.len(), "rank signatures collide");
    let (row_offset, packed) = pack_rows(&entries);

    // Any set of distinct cards (four of each rank at most) has a key sum
    // below 2^25: it never carries into the suit counts of a `word`, and
    // its row is below `ROWS`, so the row mask never changes it.
    assert!(4 * RANK_KEYS.iter().sum::<u32>() < 1 << 25, "key sums fit");
    assert!(row_offset.len() <= ROWS, "row-offset table size");
    assert!(packed.len() <= PACKED, "packed table size");
    let mut row_shift: Vec<u32> = row_offset
        .iter()
        .enumerate()
        .map(|(row, &offset)| offset.wrapping_sub((row as u32) << ROW_BITS))
        .collect();
    row_shift.resize(ROWS, 0);
    let mut packed = packed;
    packed.resize(PACKED, 0);
    let tables = Tables {
        flush: flush
            .into_boxed_slice()
            .try_into()
            .expect("8192 flush masks"),
        row_shift: row_shift.into_boxed_slice().try_into().expect("ROWS"),
        packed: packed.into_boxed_slice().try_into().expect("PACKED"),
        category_of,
    };
    for &(key, value) in &entries {
        assert_eq!(tables.rank_of_key(key), value, "packed table lookup");
    }
    tables
}

/// Packs sparse `(key, value)` pairs into one array: each row of `2^ROW_BITS`
/// keys is placed at the first offset where its occupied columns land on free
/// slots (rows with most entries first). Returns the row offsets and the array.
fn pack_rows(entries: &[(u32, u16)]) -> (Vec<u32>, Vec<u16>) {
    const TRIES: usize = 1000;
    let width = 1usize << ROW_BITS;
    let max_key = entries.iter().map(|e| e.0).max().unwrap_or(0);
    let rows = (max_key >> ROW_BITS) as usize + 1;
    let mut by_row: Vec<Vec<(usize, u16)>> = vec![Vec::new(); rows];
    for &(key, value) in entries {
        by_row[(key >> ROW_BITS) as usize].push(((key as usize) & (width - 1), value));
    }
    let mut order: Vec<usize> = (0..rows).filter(|&r| !by_row[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), r));
    // `next_free` is a union-find "next unused slot at or after i" with path
    // halving; the slot past the end is always free.
    let capacity = 64 * entries.len() + 2 * width;
    let mut next_free: Vec<usize> = (0..=capacity).collect();
    fn find(next_free: &mut [usize], mut i: usize) -> usize {
        while next_free[i] != i {
            next_free[i] = next_free[next_free[i]];
            i = next_free[i];
        }
        i
    }
    let mut packed = vec![0u16; capacity];
    let mut row_offset = vec![0u32; rows]; // rows with no entries are never read
    let mut end = width;
    let mut high = width; // every slot at or above `high` is free
    for &r in &order {
        let cols = &by_row[r];
        // No offset below the first free slot minus the first column can fit.
        let min_col = cols.iter().map(|&(c, _)| c).min().unwrap_or(0);
        let mut offset = find(&mut next_free, 0).saturating_sub(min_col);
        // First fit, but after a few failed tries place the row past the
        // highest used slot (every slot there is free): this bounds the
        // build time at the cost of a longer table (about 400,000 slots instead of 90,000, built in
        // 50 ms instead of a second).
        let mut tries = 0;
        'place: loop {
            for &(c, _) in cols {
                let free = find(&mut next_free, offset + c);
                if free != offset + c {
                    tries += 1;
                    offset = if tries > TRIES {
                        high - min_col
                    } else {
                        free - c
                    };
                    continue 'place;
                }
            }
            break;
        }
        assert!(offset + width <= capacity, "packed table capacity");
        for &(c, v) in cols {
            packed[offset + c] = v;
            next_free[offset + c] = offset + c + 1;
            high = high.max(offset + c + 1);
        }
        row_offset[r] = offset as u32;
        end = end.max(offset + width);
    }
    packed.truncate(end);
    (row_offset, packed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn rank_of(text: &str) -> HandRank {
        evaluate(CardSet::from_cards(&parse_cards(text).unwrap()))
    }

    #[test]
    fn orders_textbook_examples() {
        // Rules .06: the ace-low straight is the lowest straight.
        assert!(rank_of("As 2d 3c 4h 5s") < rank_of("2d 3c 4h 5s 6c"));
        assert!(rank_of("As Kd Qc Jh Ts") > rank_of("Ks Qd Jc Th 9s"));
        assert_eq!(
            rank_of("As Ks Qs Js Ts").category(),
            HandCategory::RoyalFlush
        );
        assert_eq!(rank_of("As Ks Qs Js Ts"), HandRank(HAND_CLASSES));
        assert_eq!(rank_of("7s 5d 4c 3h 2s"), HandRank(1));
        assert_eq!(
            rank_of("5s 4s 3s 2s As").category(),
            HandCategory::StraightFlush
        );
        // Kickers decide; the sixth and seventh cards do not.
        assert!(rank_of("Ah Ad Kc 7s 2d") > rank_of("Ah Ad Qc Js Td"));
        assert_eq!(
            rank_of("Ah Ad Kc Qs Jd 3c 2c"),
            rank_of("As Ac Kd Qh Js 4d 3h")
        );
        // Two pair on a board with three pairs uses the best kicker.
        assert_eq!(
            rank_of("Ah Ad Kc Ks Qd Qc 2c").category(),
            HandCategory::TwoPair
        );
        assert!(rank_of("Ah Ad Kc Ks Qd Qc 2c") > rank_of("Ah Ad Kc Ks Jd Jc 2c"));
        // Two sets make a full house.
        assert_eq!(
            rank_of("9h 9d 9c 4s 4d 4c 2c").category(),
            HandCategory::FullHouse
        );
    }
}
