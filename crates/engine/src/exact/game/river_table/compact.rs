//! A board's row as it is held: 16 bits an entry, half the 32 of an
//! [`Entry`] written out, so that a solve of 1.7 million boards (a 48-card
//! deck under the identity alone) stays under 1 GiB (docs/speed.md,
//! "Memory").
//!
//! One of an entry's counts need not be held: the dealer holdings of no
//! pair (which do not qualify) that avoid the player's two cards are those
//! of the board, less those holding one of the player's cards, plus the
//! player's own two cards when they make no pair. A card's such holdings
//! depend only on its class of cards (see [`classes`](super::classes)), so
//! a row holds, once, the board's dealer holdings of no pair and those of
//! each class; then `y` follows from `x` and `z`
//! (`class_entries` computes it so; [`encode_row`] checks it on every entry):
//! - a pair or better beats every dealer hand of no pair: `y` = no pair of
//!   the board − that of each card's class;
//! - a high card wins, ties or loses to the dealer's hands of no pair:
//!   `x + y + z` = that, plus one.
//!
//! A row's words: the board's dealer holdings of no pair, those of each
//! class ([`RANKS`] without a flush suit, [`CLASSES`] with one), then one
//! word per pair of classes that has holdings off the board (the others,
//! known from the board, have no entry: a quarter of the pairs of a board
//! with a flush suit): `slot | x << 4 | tag << 14` (slot: category plus
//! one; `x` at most C(45,2) = 990 < 1,024), the tag the ties when 0 to 2,
//! or 3 for ties read in turn from the board's bytes of ties: a byte
//! `b < 255` for `b + 3` ties, else the next two bytes (little-endian).
//! Three entries in four have 3 ties or more. [`decode_row`] reads a row
//! whole, in order.

use super::board_counts::class_entries;
use super::classes::{class_pair, flush_suit, CardClasses, CLASSES, CLASS_PAIRS, RANK_PAIRS};
use super::entry::{wide, Entry, Wide};
use crate::cards::{CardSet, RANKS};
use crate::evaluator::HandCategory;

/// The slot of a high card.
const HIGH_SLOT: u32 = HandCategory::HighCard as u32 + 1;
/// The tie tag that sends to the board's list of ties.
const LISTED: u32 = 3;

/// Words of a row: its head (the board's dealer holdings of no pair, then
/// those of each class) and its entries, given the cards off the board by
/// class ([`class_counts`]) and whether it has a flush suit.
pub(super) fn row_words(left: &[u32; CLASSES], flush: bool) -> usize {
    let (classes, pairs) = shape(flush);
    let entries = PAIR_CLASSES[..pairs]
        .iter()
        .filter(|&&(r, s)| has_holdings(left, r, s))
        .count();
    1 + classes + entries
}

/// Classes and pairs of classes of a row with or without a flush suit.
#[inline(always)]
fn shape(flush: bool) -> (usize, usize) {
    if flush {
        (CLASSES, CLASS_PAIRS)
    } else {
        (RANKS, RANK_PAIRS)
    }
}

/// Whether the pair of classes `(r, s)` has holdings among the cards of
/// `left` (by class).
#[inline(always)]
fn has_holdings(left: &[u32; CLASSES], r: u8, s: u8) -> bool {
    let (r, s) = (r as usize, s as usize);
    if r == s {
        left[r] >= 2
    } else {
        left[r] > 0 && left[s] > 0
    }
}

/// The cards of `cards` per class of cards on a board whose flush suit is
/// `flush` (as [`CardClasses::new`] counts them, without listing them).
#[inline]
pub(super) fn class_counts(cards: CardSet, flush: Option<usize>) -> [u32; CLASSES] {
    let mut left = [0u32; CLASSES];
    for (r, left) in left[..RANKS].iter_mut().enumerate() {
        // The four cards of rank r, one bit a suit.
        let of_rank = (cards.0 >> (4 * r) & 15) as u32;
        *left = of_rank.count_ones();
    }
    if let Some(f) = flush {
        for r in 0..RANKS {
            let card = (cards.0 >> (4 * r + f) & 1) as u32;
            left[r] -= card;
            left[RANKS + r] = card;
        }
    }
    left
}

/// The two classes of each pair of classes, in the order of
/// [`class_pair`](super::classes::class_pair): `s * (s + 1) / 2 + r`,
/// `r <= s`.
const PAIR_CLASSES: [(u8, u8); CLASS_PAIRS] = {
    let mut pairs = [(0u8, 0u8); CLASS_PAIRS];
    let (mut r, mut s, mut i) = (0, 0, 0);
    while i < CLASS_PAIRS {
        pairs[i] = (r as u8, s as u8);
        i += 1;
        if r == s {
            (r, s) = (0, s + 1);
        } else {
            r += 1;
        }
    }
    pairs
};

/// Writes the entries of a row (`entries`: one per pair of classes,
/// [`RANK_PAIRS`] or [`CLASS_PAIRS`] of them, slot 0 where none) into
/// `row` ([`row_words`]), pushing the ties of 3 or more to `ties`; `cards`
/// are the cards off the board by class.
///
/// # Panics
/// If an entry's `y` is not the one its row gives (see the module doc), or
/// a count does not fit its field.
pub(super) fn encode_row(
    cards: &CardClasses,
    entries: &[Entry],
    row: &mut [u16],
    ties: &mut Vec<u8>,
) {
    let (classes, _) = shape(entries.len() == CLASS_PAIRS);
    let is_high = |p: usize| u32::from(entries[p].slot as u32 == HIGH_SLOT);
    // The dealer holdings of no pair: all, and those holding a given card
    // of each class (the other card of the class `u`, or of another).
    let mut no_pair = 0u32;
    let mut no_pair_of = [0u32; CLASSES];
    for (p, &(r, s)) in PAIR_CLASSES[..entries.len()].iter().enumerate() {
        let (r, s) = (r as usize, s as usize);
        no_pair += is_high(p) * cards.holdings(r, s);
        // (Each class with a card: `left[r] - 1` does not go below zero.)
        let with =
            |own: usize, other: usize| is_high(p) * (cards.left[other] - u32::from(own == other));
        if cards.left[r] > 0 {
            no_pair_of[r] += with(r, s);
        }
        if r != s && cards.left[s] > 0 {
            no_pair_of[s] += with(s, r);
        }
    }
    row[0] = field(no_pair);
    for (word, &n) in row[1..=classes].iter_mut().zip(&no_pair_of) {
        *word = field(n);
    }
    let (head, words) = row.split_at_mut(1 + classes);
    let mut words = words.iter_mut();
    for (e, &(r, s)) in entries.iter().zip(&PAIR_CLASSES) {
        assert_eq!(
            e.slot != 0,
            has_holdings(&cards.left, r, s),
            "an entry where the pair of classes has holdings"
        );
        if e.slot == 0 {
            continue;
        }
        let y = derived_y(head, (r, s), e.slot as u32, e.x, e.z);
        assert_eq!(Some(e.y), y, "the row gives the entry's y");
        assert!(e.slot < 16 && e.x < 1 << 10, "an entry's fields");
        let tag = e.z.min(LISTED);
        if tag == LISTED {
            match u8::try_from(e.z - LISTED) {
                Ok(b) if b < u8::MAX => ties.push(b),
                _ => {
                    ties.push(u8::MAX);
                    ties.extend_from_slice(&field(e.z).to_le_bytes());
                }
            }
        }
        *words.next().expect("a word per entry") = (e.slot as u32 | e.x << 4 | tag << 14) as u16;
    }
    assert!(words.next().is_none(), "a row's words");
}

/// A count as a word.
fn field(n: u32) -> u16 {
    u16::try_from(n).expect("a count of dealer holdings within 16 bits")
}

/// The `y` of an entry of classes `(r, s)` (see the module doc), from the
/// `head` of its row; `None` where it would not be a count.
#[inline(always)]
fn derived_y(head: &[u16], (r, s): (u8, u8), slot: u32, x: u32, z: u32) -> Option<u32> {
    let of_class = &head[1..];
    let avoiding = u32::from(head[0])
        .checked_sub(u32::from(of_class[r as usize]))?
        .checked_sub(u32::from(of_class[s as usize]))?;
    if slot == HIGH_SLOT {
        (avoiding + 1).checked_sub(x)?.checked_sub(z)
    } else {
        Some(avoiding)
    }
}

/// The entries of a row written by [`encode_row`], into `out` (one
/// [`Wide`] per pair of classes, 0 where none; `out` as long as the row
/// has pairs of classes), given the board's bytes of ties and its cards
/// left by class ([`class_counts`]); `code(position, entry)` is added to
/// each entry written out, `position` its pair of classes (the flop pass
/// adds its river code to the slot field, the coded slot; 0 for the plain
/// entries).
///
/// One pass, in order, with no branch on the data but whether a pair of
/// classes has holdings (the same on most boards) and ties of 258 or more
/// (rare): a tie read from the bytes of ties is chosen, not branched to,
/// and so is the derived `y` (docs/speed.md, "Reading a row").
#[inline(always)]
pub(super) fn decode_row(
    row: &[u16],
    ties: &[u8],
    left: &[u32; CLASSES],
    out: &mut [Wide],
    code: impl Fn(usize, Entry) -> u64,
) {
    let (classes, _) = shape(out.len() == CLASS_PAIRS);
    let (head, words) = row.split_at(1 + classes);
    let no_pair = u32::from(head[0]);
    let of_class = &head[1..];
    let (mut w, mut t) = (0usize, 0usize);
    for (position, (&(r, s), out)) in PAIR_CLASSES.iter().zip(out.iter_mut()).enumerate() {
        if !has_holdings(left, r, s) {
            *out = 0;
            continue;
        }
        let word = u32::from(words[w]);
        w += 1;
        let (slot, x, tag) = (word & 15, word >> 4 & 1023, word >> 14);
        // The next byte of ties, read whether or not this entry's ties are
        // listed (0 past the last).
        let byte = u32::from(ties.get(t).copied().unwrap_or(0));
        let listed = tag == LISTED;
        let mut z = if listed { byte + LISTED } else { tag };
        t += usize::from(listed);
        if listed && byte == 255 {
            z = u32::from(ties[t]) | u32::from(ties[t + 1]) << 8;
            t += 2;
        }
        // As `derived_y` (checked when written, so never wrapping here).
        let avoiding = no_pair
            .wrapping_sub(u32::from(of_class[r as usize]))
            .wrapping_sub(u32::from(of_class[s as usize]));
        let high = (avoiding.wrapping_add(1)).wrapping_sub(x).wrapping_sub(z);
        let y = if slot == HIGH_SLOT { high } else { avoiding };
        let entry = Entry {
            slot: slot as usize,
            x,
            y,
            z,
        };
        *out = wide(entry) + code(position, entry);
    }
}

/// Fills `row` (and the board's list of `ties`) with the river counts of
/// every pair of classes of `deck - board` (see the module doc), 16 bits an
/// entry ([`encode_row`]).
pub(super) fn river_row(
    deck: CardSet,
    board: CardSet,
    dealer_hands: u32,
    row: &mut [u16],
    ties: &mut Vec<u8>,
) {
    let flush = flush_suit(board);
    let cards = CardClasses::new(deck.minus(board), flush);
    let mut entries = [Entry::EMPTY; CLASS_PAIRS];
    let n = if flush.is_some() {
        CLASS_PAIRS
    } else {
        RANK_PAIRS
    };
    class_entries(&cards, board, dealer_hands, |r, s, entry| {
        entries[class_pair(r, s)] = entry;
    });
    encode_row(&cards, &entries[..n], row, ties);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::canonical::{canonical_classes, deck_of_ranks, for_each_subset};
    use crate::cards::{choose, CardSet};

    #[test]
    fn rows_read_back_every_entry() {
        // Every entry of every board of a 24-card deck (9 to ace) and of
        // one in 23 of the full deck's canonical boards, written 16 bits an
        // entry and read back, equals the entry `class_entries` computed:
        // its `y` given by the row's dealer holdings of no pair, ties of 3
        // or more (and of 258 or more, two bytes) read from the bytes of
        // ties, the pairs of classes without holdings known from the board.
        let small = deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
        let mut boards: Vec<(CardSet, CardSet)> = Vec::new();
        for_each_subset(small, 5, |b| boards.push((small, b)));
        let full = CardSet::FULL_DECK;
        boards.extend(
            canonical_classes(full, 5)
                .into_iter()
                .step_by(23)
                .map(|(b, _)| (full, b)),
        );
        let (mut listed, mut wide_ties, mut high, mut compared) = (0, 0, 0, [0; 2]);
        for (deck, board) in boards {
            let dealer_hands = choose(deck.len() as u64 - 7, 2) as u32;
            let flush = flush_suit(board);
            let cards = CardClasses::new(deck.minus(board), flush);
            let n = if flush.is_some() {
                CLASS_PAIRS
            } else {
                RANK_PAIRS
            };
            let mut entries = vec![Entry::EMPTY; n];
            class_entries(&cards, board, dealer_hands, |r, s, e| {
                entries[class_pair(r, s)] = e;
            });
            let left = class_counts(deck.minus(board), flush);
            assert_eq!(left, cards.left);
            let mut row = vec![0u16; row_words(&left, flush.is_some())];
            let mut ties = Vec::new();
            encode_row(&cards, &entries, &mut row, &mut ties);
            let mut out = vec![0; n];
            decode_row(&row, &ties, &left, &mut out, |_, _| 0);
            for (p, (&e, &w)) in entries.iter().zip(&out).enumerate() {
                let expected = if e.slot == 0 { 0 } else { wide(e) };
                assert_eq!(w, expected, "pair {p} on {board:?}");
                high += usize::from(e.slot as u32 == HIGH_SLOT);
            }
            listed += ties.len();
            wide_ties += entries.iter().filter(|e| e.z >= 258).count();
            compared[usize::from(flush.is_none())] += 1;
        }
        assert!(compared.iter().all(|&n| n > 1000), "{compared:?}");
        assert!(
            listed > 0 && wide_ties > 0 && high > 0,
            "{listed} bytes of ties, {wide_ties} ties of two bytes, {high} high cards"
        );
    }
}
