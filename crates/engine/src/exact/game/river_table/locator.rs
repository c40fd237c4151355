//! The suit symmetry of the river table: the canonical boards (or flops)
//! of a deck under a set of suit renamings, and for every subset of the 52
//! cards, its canonical form's position and a renaming onto it, so that
//! locating a board is one lookup.

use crate::cards::canonical::{
    canonical_classes_under, canonical_form, subset_of_index, SuitPermutation,
};
use crate::cards::{choose, CardSet, DECK_SIZE};
use rayon::prelude::*;

/// The canonical `k`-card subsets of `deck` with their class sizes, as
/// [`canonical_classes_under`] gives them (sorted by mask), and for every `k`-card
/// subset of the 52 cards (by
/// [`subset_index`](crate::cards::canonical::subset_index)) that lies in `deck`: the
/// position of its canonical form among them `<< 5 |` the index of a suit
/// renaming onto it (0 elsewhere), found over the subsets by index, in
/// parallel.
pub(super) fn classes_and_locator(
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
