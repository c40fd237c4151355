//! The suit symmetry of the river table: the canonical boards (or flops)
//! of a deck under a set of suit renamings, and for every subset of the 52
//! cards, its canonical form's position and a renaming onto it, so that
//! locating a board is one lookup.
//!
//! Built in two passes over the subsets in index order: the combinatorial
//! (colex) index orders the `k`-card subsets as their masks, so the
//! canonical forms (the smallest mask of each class) come in the order of
//! the sorted list of classes, each before the other members of its class.

use crate::cards::canonical::{canonical_form, subset_index, subset_of_index, SuitPermutation};
use crate::cards::{choose, CardSet, DECK_SIZE};
use rayon::prelude::*;

/// Subsets a parallel task of the first pass.
const TASK: usize = 1 << 14;

/// A subset with a card outside the deck, in the first pass.
const OUTSIDE: u32 = u32::MAX;

/// The canonical `k`-card subsets of `deck` with their class sizes, sorted
/// by mask (as [`canonical_classes_under`] gives them), and for every
/// `k`-card subset of the 52 cards (by [`subset_index`]) that lies in
/// `deck`: the position of its canonical form among them `<< 5 |` the
/// index of a suit renaming onto it (the first of `perms` that maps it
/// lowest; 0 elsewhere).
///
/// First, in parallel, each subset's canonical form's index and renaming
/// (the subsets of a task enumerated in mask order, each the next mask of
/// as many bits); then, in index order, each canonical form takes the next
/// position, and every other subset that of its canonical form, met
/// before it (a smaller mask).
///
/// `reuse` are the two vectors of an earlier call, whose memory is written
/// over (every element of both is written: the contents are the same).
///
/// [`canonical_classes_under`]: crate::cards::canonical::canonical_classes_under
pub(super) fn classes_and_locator(
    deck: CardSet,
    k: usize,
    perms: &[SuitPermutation],
    reuse: (Vec<(CardSet, u64)>, Vec<u32>),
) -> (Vec<(CardSet, u64)>, Vec<u32>) {
    assert!((1..=5).contains(&k), "subsets of one to five cards");
    let subsets = choose(DECK_SIZE as u64, k as u64) as usize;
    let (mut classes, mut table) = reuse;
    classes.clear();
    if table.capacity() < subsets {
        table = vec![0u32; subsets];
    } else {
        table.truncate(subsets);
        table.resize(subsets, 0);
    }
    table
        .par_chunks_mut(TASK)
        .enumerate()
        .for_each(|(task, located)| {
            let mut set = subset_of_index(task * TASK, k).0;
            for located in located {
                *located = if set & !deck.0 == 0 {
                    let (canon, perm) = canonical_form(CardSet(set), perms);
                    (subset_index(canon) as u32) << 5 | perm as u32
                } else {
                    OUTSIDE
                };
                set = next_of_as_many_bits(set);
            }
        });
    for index in 0..subsets {
        let v = table[index];
        table[index] = if v == OUTSIDE {
            0
        } else if (v >> 5) as usize == index {
            let set = subset_of_index(index, k);
            let fixing = perms.iter().filter(|p| p.set(set) == set).count();
            classes.push((set, (perms.len() / fixing) as u64));
            ((classes.len() - 1) as u32) << 5 | (v & 31)
        } else {
            table[(v >> 5) as usize] & !31 | (v & 31)
        };
    }
    (classes, table)
}

/// The next larger mask with as many bits set as `set` (the next subset of
/// the same size in index order); past the last 52-card subset, any value.
#[inline]
fn next_of_as_many_bits(set: u64) -> u64 {
    let lowest = set & set.wrapping_neg();
    let ripple = set.wrapping_add(lowest);
    ripple | ((set ^ ripple) >> 2) >> lowest.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::canonical::{canonical_classes_under, deck_of_ranks, Symmetry};

    #[test]
    fn the_locator_equals_a_search_of_the_sorted_classes() {
        // Against the definition (the canonical classes listed by
        // `canonical_classes_under`, each subset's canonical form searched
        // for among them): two- and three-card subsets of the full deck under
        // all renamings, and five-card subsets of a 24-card deck (9 to ace)
        // whole and less two cards under the renamings that fix them.
        let small = deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
        let dead = CardSet::from_cards(&crate::cards::parse_cards("9cTd").unwrap());
        let cases = [
            (CardSet::FULL_DECK, 2, Symmetry::full()),
            (CardSet::FULL_DECK, 3, Symmetry::full()),
            (small, 5, Symmetry::full()),
            (small.minus(dead), 5, Symmetry::fixing(dead)),
            (small.minus(dead), 3, Symmetry::fixing(dead)),
        ];
        for (deck, k, symmetry) in cases {
            let perms = symmetry.perms();
            let (classes, table) = classes_and_locator(deck, k, perms, Default::default());
            assert_eq!(classes, canonical_classes_under(deck, k, perms));
            let mut located = 0;
            for (index, &v) in table.iter().enumerate() {
                let set = subset_of_index(index, k);
                if set.minus(deck).is_empty() {
                    let (canon, perm) = canonical_form(set, perms);
                    let position = classes.binary_search_by_key(&canon.0, |c| c.0 .0);
                    assert_eq!(v, (position.unwrap() as u32) << 5 | perm as u32);
                    located += 1;
                } else {
                    assert_eq!(v, 0);
                }
            }
            assert_eq!(located as u64, choose(deck.len() as u64, k as u64));
        }
    }
}
