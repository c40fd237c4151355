//! The counts of a board's row: for every pair of classes of cards off the
//! board (see [`classes`](super::classes)), the dealer holdings it beats,
//! ties and loses to, each pair ranked once and corrected for the cards the
//! player holds ([`class_entries`]); and the same the long way, for the
//! tests.

#[cfg(test)]
use super::classes::flush_suit;
use super::classes::{CardClasses, CLASSES, CLASS_PAIRS};
use super::entry::Entry;
#[cfg(test)]
use crate::cards::canonical::pair_index;
use crate::cards::CardSet;
#[cfg(test)]
use crate::cards::DECK_SIZE;
use crate::evaluator::{tables, HandCategory, HandRank, PartialHand};
#[cfg(test)]
use crate::exact::game::CATEGORIES;
#[cfg(test)]
use crate::exact::showdown::{cards_of, category_of, BoardScan};

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
/// than `(r, u)` and equal to it: the corrections are three lookups. The
/// pairs of `r` need no sort of their own: in the order of all the pairs
/// they are in the order of their hands (one sort a board, not one a class:
/// docs/speed.md, "Classes of partners by the shard").
pub(crate) fn class_entries(
    cards: &CardClasses,
    board: CardSet,
    dealer_hands: u32,
    mut visit: impl FnMut(usize, usize, Entry),
) {
    let high_card = HandCategory::HighCard.index();
    let left = &cards.left;
    let holdings = |r: usize, s: usize| cards.holdings(r, s);
    let t = tables();
    let board_hand = PartialHand::of(board);
    // The pairs of classes that have holdings, weakest first, packed for a
    // fast sort ([`Packed`]: hand, r, s); in an array, so that a board's
    // row is built without a call to the allocator.
    let mut packed = [Packed(0); CLASS_PAIRS];
    let mut n = 0;
    cards.for_each_pair(|r, s, _, (a, b)| {
        let rank = t.rank(board_hand.add(a).add(b));
        packed[n] = Packed::new(rank, r, s);
        n += 1;
    });
    let pairs = &mut packed[..n];
    pairs.sort_unstable();
    let is_high = |rank: HandRank| u32::from(rank.category().index() == high_card);
    // Per pair of classes (both orders): the dealer holdings of a weaker hand
    // and of the same hand, counted with all the cards left; and the dealer
    // holdings of no pair.
    let mut weaker = [[0u32; CLASSES]; CLASSES];
    let mut same = [[0u32; CLASSES]; CLASSES];
    let mut no_pair = 0;
    let mut below = 0;
    // Per class r and class u: the weight (see above) of the pairs (r, v)
    // weaker than (r, u) and equal to it; per class r, that of its pairs of
    // no pair. The pairs (r, v) of one class r, in the order of all the
    // pairs, are in the order of their hands: so one sweep of all the pairs
    // gives every class its own, each hand's group of pairs adding to the
    // classes it holds (the weight of (r, v) for r: `left[v]`, or
    // `left[r] - 1` for v = r, never 0 for a pair with holdings).
    let mut weaker_of = [[0u32; CLASSES]; CLASSES];
    let mut same_of = [[0u32; CLASSES]; CLASSES];
    let mut no_pair_of = [0u32; CLASSES];
    let mut below_of = [0u32; CLASSES];
    let mut equal_of = [0u32; CLASSES];
    for group in pairs.chunk_by(|x, y| x.hand() == y.hand()) {
        let equal: u32 = group.iter().map(|x| holdings(x.first(), x.second())).sum();
        for x in group {
            let (r, s) = (x.first(), x.second());
            (weaker[r][s], same[r][s]) = (below, equal);
            (weaker[s][r], same[s][r]) = (below, equal);
            if r == s {
                equal_of[r] += left[r] - 1;
            } else {
                equal_of[r] += left[s];
                equal_of[s] += left[r];
            }
        }
        let high = is_high(group[0].hand());
        for x in group {
            let (r, s) = (x.first(), x.second());
            (weaker_of[r][s], same_of[r][s]) = (below_of[r], equal_of[r]);
            (weaker_of[s][r], same_of[s][r]) = (below_of[s], equal_of[s]);
        }
        for x in group {
            for c in [x.first(), x.second()] {
                // A class's weight moves once (then 0).
                below_of[c] += equal_of[c];
                no_pair_of[c] += high * equal_of[c];
                equal_of[c] = 0;
            }
        }
        no_pair += high * equal;
        below += equal;
    }
    for &x in pairs.iter() {
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
pub(super) fn entries_by_sweep(
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::cards::choose;

    /// The entries of every holding of a board, in holding order.
    pub(in crate::exact::game::river_table) fn entries_of(
        deck: CardSet,
        board: CardSet,
        by_sweep: bool,
    ) -> Vec<(usize, Entry)> {
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
}
