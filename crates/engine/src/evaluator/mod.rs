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
//! The tables are built from first principles (the ranking of five-card
//! hands) by [`builder`], which asserts their invariants: 7,462 distinct
//! five-card classes with the textbook counts per category, distinct
//! signatures, no collision in the packed table. The build runs at compile
//! time (the crate's `build.rs` writes the tables to `OUT_DIR`); [`tables`]
//! reads them on first use in about a millisecond, so that a command that
//! ranks a few hands (a spot query) does not pay the 0.1 s of the build.
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
use std::fmt;
use std::sync::OnceLock;

// The build script runs the builder and writes its bytes; in the crate a
// test runs it, and the bytes are only read.
#[allow(dead_code)]
mod builder;

pub use builder::RANK_KEYS;
use builder::{Built, PACKED, ROWS, ROW_BITS};

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
        builder::CLASS_COUNTS[self.index()]
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
    /// The evaluator's tables from the builder's, with the category of
    /// every value (in category order, [`HandCategory::class_count`] each).
    fn new(built: Built) -> Tables {
        let mut category_of = Vec::with_capacity(HAND_CLASSES as usize + 1);
        category_of.push(HandCategory::HighCard); // index 0, unused
        for category in HandCategory::ALL {
            category_of.extend(std::iter::repeat_n(
                category,
                category.class_count() as usize,
            ));
        }
        assert_eq!(category_of.len(), HAND_CLASSES as usize + 1);
        Tables {
            flush: built.flush.try_into().expect("8192 flush masks"),
            row_shift: built.row_shift.try_into().expect("ROWS"),
            packed: built.packed.try_into().expect("PACKED"),
            category_of,
        }
    }

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

/// The tables, read on first use from the bytes the build script wrote
/// (see [`builder`]).
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        Tables::new(Built::from_bytes(include_bytes!(concat!(
            env!("OUT_DIR"),
            "/evaluator_tables.bin"
        ))))
    })
}

/// Value of 5 to 7 cards.
pub fn evaluate(cards: CardSet) -> HandRank {
    debug_assert!((5..=7).contains(&cards.len()));
    tables().rank(PartialHand::of(cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn rank_of(text: &str) -> HandRank {
        evaluate(CardSet::from_cards(&parse_cards(text).unwrap()))
    }

    #[test]
    fn compiled_tables_are_the_builders() {
        // The tables the build script wrote are what the builder (with its
        // invariant checks) gives now.
        let fresh = Tables::new(builder::build());
        let t = tables();
        assert!(fresh.flush == t.flush);
        assert!(fresh.row_shift == t.row_shift);
        assert!(fresh.packed == t.packed);
        assert_eq!(fresh.category_of, t.category_of);
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
