//! Suit isomorphism: deals that differ only by a renaming of the suits have
//! the same value, so each enumeration visits one representative of every
//! class and weights it by the size of the class.
//!
//! A [`SuitPermutation`] renames suits; the canonical form of a card set is
//! the smallest mask among its 24 renamings. [`canonical_classes`] lists the
//! canonical forms of all `k`-card subsets of a deck with their class sizes:
//! for the full deck, 169 two-card classes (the preflop starting hands),
//! 1,755 flops and 134,459 five-card boards.
//!
//! A [`Symmetry`] is the group of renamings a computation identifies deals
//! under: all 24 for a full (or rank-filtered) deck, fewer when some cards
//! are out of the deck (a partner's cards fix their suits): the renamings
//! that map those cards onto themselves. [`canonical_classes_under`] gives
//! the classes of such a group.
//!
//! Two-card holdings are indexed `0..1326` over the whole 52-card deck by
//! [`pair_index`], whatever the deck in play, so that a holding maps under a
//! suit renaming with one table lookup ([`PairMaps`]).

use crate::cards::{Card, CardSet, DECK_SIZE, SUITS};
use rayon::prelude::*;

/// Number of two-card holdings from 52 cards.
pub const PAIRS: usize = 1326;

/// A renaming of the four suits: card of suit `s` becomes suit `image[s]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SuitPermutation {
    image: [u8; SUITS],
}

impl SuitPermutation {
    /// All 24 permutations, the identity first.
    pub fn all() -> Vec<SuitPermutation> {
        let mut out = Vec::with_capacity(24);
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    for d in 0..4u8 {
                        let image = [a, b, c, d];
                        let mut seen = [false; SUITS];
                        for &s in &image {
                            seen[s as usize] = true;
                        }
                        if seen.iter().all(|&x| x) {
                            out.push(SuitPermutation { image });
                        }
                    }
                }
            }
        }
        out
    }

    /// The image of a card under the permutation.
    #[inline]
    pub fn card(&self, card: Card) -> Card {
        Card::from_index(card.index() - card.suit() + self.image[card.suit()] as usize)
    }

    /// The image of a set: the cards of suit `s` sit at bits `4 * rank + s`,
    /// so each suit's bits move together by `image[s] - s` places.
    #[inline]
    pub fn set(&self, set: CardSet) -> CardSet {
        const SUIT_BITS: u64 = 0x1_1111_1111_1111;
        let mut out = 0u64;
        for (s, &to) in self.image.iter().enumerate() {
            let bits = set.0 & (SUIT_BITS << s);
            out |= if to as usize >= s {
                bits << (to as usize - s)
            } else {
                bits >> (s - to as usize)
            };
        }
        CardSet(out)
    }
}

/// The canonical form of `set` and the index (into [`SuitPermutation::all`])
/// of a permutation that maps `set` onto it.
pub fn canonical_form(set: CardSet, perms: &[SuitPermutation]) -> (CardSet, usize) {
    let mut best = (CardSet(u64::MAX), 0);
    for (i, p) in perms.iter().enumerate() {
        let image = p.set(set);
        if image.0 < best.0 .0 {
            best = (image, i);
        }
    }
    best
}

/// A group of suit renamings (closed under composition, the identity
/// first): the renamings under which a computation identifies deals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    perms: Vec<SuitPermutation>,
}

impl Symmetry {
    /// All 24 renamings (a deck with every suit alike).
    pub fn full() -> Symmetry {
        Symmetry {
            perms: SuitPermutation::all(),
        }
    }

    /// The identity alone (no two deals identified).
    pub fn identity() -> Symmetry {
        Symmetry {
            perms: SuitPermutation::all()[..1].to_vec(),
        }
    }

    /// The renamings that map `set` onto itself (its stabilizer; a group,
    /// the identity first): 2 for two cards of different suits and ranks
    /// (A♠K♦), 4 for a pair (A♠A♦), 6 for two suited cards (A♠K♠).
    pub fn fixing(set: CardSet) -> Symmetry {
        Symmetry {
            perms: SuitPermutation::all()
                .into_iter()
                .filter(|p| p.set(set) == set)
                .collect(),
        }
    }

    /// The renamings, the identity first.
    pub fn perms(&self) -> &[SuitPermutation] {
        &self.perms
    }

    /// Number of renamings.
    pub fn order(&self) -> usize {
        self.perms.len()
    }

    /// Whether every renaming maps `set` onto itself.
    pub fn keeps(&self, set: CardSet) -> bool {
        self.perms.iter().all(|p| p.set(set) == set)
    }
}

/// The canonical `k`-card subsets of `deck` (which must be closed under suit
/// renaming), sorted by mask, each with the number of subsets in its class.
pub fn canonical_classes(deck: CardSet, k: usize) -> Vec<(CardSet, u64)> {
    canonical_classes_under(deck, k, &SuitPermutation::all())
}

/// [`canonical_classes`] under the renamings `perms` (a group that maps
/// `deck` onto itself): each subset's canonical form is the smallest of its
/// images under `perms`, its class size `perms.len()` over the renamings of
/// `perms` that fix it.
pub fn canonical_classes_under(
    deck: CardSet,
    k: usize,
    perms: &[SuitPermutation],
) -> Vec<(CardSet, u64)> {
    let mut subsets = Vec::new();
    for_each_subset(deck, k, |s| subsets.push(s));
    let mut classes: Vec<(CardSet, u64)> = subsets
        .par_iter()
        .filter_map(|&s| canonical_class_size(s, perms).map(|n| (s, n)))
        .collect();
    classes.par_sort_unstable_by_key(|(s, _)| s.0);
    classes
}

/// The number of sets in `set`'s class when `set` is its canonical form (no
/// renaming in `perms`, a group, maps it lower), else `None`: the group's
/// order over the number of its renamings that fix it.
#[inline]
fn canonical_class_size(set: CardSet, perms: &[SuitPermutation]) -> Option<u64> {
    let mut fixing = 0;
    for p in perms {
        let image = p.set(set);
        if image.0 < set.0 {
            return None;
        }
        fixing += u64::from(image == set);
    }
    Some(perms.len() as u64 / fixing)
}

/// Calls `f` on every `k`-card subset of `deck`.
pub fn for_each_subset(deck: CardSet, k: usize, mut f: impl FnMut(CardSet)) {
    let cards = deck.to_vec();
    fn walk(cards: &[Card], k: usize, start: usize, acc: u64, f: &mut impl FnMut(CardSet)) {
        if k == 0 {
            f(CardSet(acc));
            return;
        }
        for i in start..=cards.len().saturating_sub(k) {
            walk(cards, k - 1, i + 1, acc | cards[i].mask(), f);
        }
    }
    if k <= cards.len() {
        walk(&cards, k, 0, 0, &mut f);
    }
}

/// Binomial coefficients C(n, k) for n <= 52, k <= 7, for [`subset_index`].
const fn binomials() -> [[u32; 8]; DECK_SIZE + 1] {
    let mut t = [[0u32; 8]; DECK_SIZE + 1];
    let mut n = 0;
    while n <= DECK_SIZE {
        t[n][0] = 1;
        let mut k = 1;
        while k < 8 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

static BINOMIALS: [[u32; 8]; DECK_SIZE + 1] = binomials();

/// The combinatorial (colex) index of a set of at most 7 cards among the
/// subsets of the 52-card deck of the same size: `sum C(card_i, i + 1)` over
/// its cards in increasing order. A perfect index, `0..C(52, k)`.
#[inline]
pub fn subset_index(set: CardSet) -> usize {
    let mut bits = set.0;
    let mut index = 0u32;
    let mut i = 1;
    while bits != 0 {
        let card = bits.trailing_zeros() as usize;
        index += BINOMIALS[card][i];
        bits &= bits - 1;
        i += 1;
    }
    index as usize
}

/// The `k`-card set (k <= 7) of colex index `index`, inverse of
/// [`subset_index`]: its largest card is the largest `c` with
/// `C(c, k) <= index`, and so on down.
pub fn subset_of_index(mut index: usize, k: usize) -> CardSet {
    let mut bits = 0u64;
    let mut c = DECK_SIZE;
    for i in (1..=k).rev() {
        c -= 1;
        while BINOMIALS[c][i] as usize > index {
            c -= 1;
        }
        bits |= 1 << c;
        index -= BINOMIALS[c][i] as usize;
    }
    CardSet(bits)
}

/// Index `0..1326` of the holding `{a, b}` (a != b) over the 52-card deck.
#[inline]
pub fn pair_index(a: Card, b: Card) -> usize {
    let (lo, hi) = if a < b {
        (a.index(), b.index())
    } else {
        (b.index(), a.index())
    };
    hi * (hi - 1) / 2 + lo
}

/// The two cards of holding `index`, inverse of [`pair_index`].
#[inline]
pub fn pair_cards(index: usize) -> (Card, Card) {
    let (lo, hi) = PAIR_CARDS[index];
    (Card::from_index(lo as usize), Card::from_index(hi as usize))
}

/// The card indices `(lo, hi)` of every holding index, in the order of
/// [`pair_index`]: `hi` ascending, then `lo`.
static PAIR_CARDS: [(u8, u8); PAIRS] = {
    let mut table = [(0u8, 0u8); PAIRS];
    let (mut i, mut hi) = (0, 1);
    while hi < DECK_SIZE {
        let mut lo = 0;
        while lo < hi {
            table[i] = (lo as u8, hi as u8);
            i += 1;
            lo += 1;
        }
        hi += 1;
    }
    table
};

/// For each of the 24 permutations, the image of every holding index.
pub struct PairMaps {
    maps: Vec<[u16; PAIRS]>,
}

impl PairMaps {
    pub(crate) fn new(perms: &[SuitPermutation]) -> PairMaps {
        let maps = perms
            .iter()
            .map(|p| {
                let mut m = [0u16; PAIRS];
                for (i, slot) in m.iter_mut().enumerate() {
                    let (a, b) = pair_cards(i);
                    *slot = pair_index(p.card(a), p.card(b)) as u16;
                }
                m
            })
            .collect();
        PairMaps { maps }
    }

    /// The holding-index map of permutation `perm`.
    #[inline]
    pub fn map(&self, perm: usize) -> &[u16; PAIRS] {
        &self.maps[perm]
    }
}

/// All holdings `(index, cards mask)` of the 52-card deck.
pub fn all_pairs() -> Vec<(usize, u64)> {
    (0..PAIRS)
        .map(|i| {
            let (a, b) = pair_cards(i);
            (i, a.mask() | b.mask())
        })
        .collect()
}

/// A deck of the given ranks (0 = deuce .. 12 = ace) in all four suits.
pub fn deck_of_ranks(ranks: &[usize]) -> CardSet {
    let mut deck = CardSet::EMPTY;
    for &r in ranks {
        for s in 0..SUITS {
            deck.insert(Card::new(r, s));
        }
    }
    deck
}

/// Sanity: the 52-card indexing covers every holding once.
pub fn pair_index_is_bijective() -> bool {
    let mut seen = vec![false; PAIRS];
    for a in 0..DECK_SIZE {
        for b in a + 1..DECK_SIZE {
            let i = pair_index(Card::from_index(a), Card::from_index(b));
            if seen[i] {
                return false;
            }
            seen[i] = true;
        }
    }
    seen.iter().all(|&x| x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subset_of_index_inverts_subset_index() {
        // Every index of 1, 2 and 3 cards, and every 97th of 5 cards.
        for (k, step) in [(1, 1), (2, 1), (3, 1), (5, 97)] {
            let count = crate::cards::choose(DECK_SIZE as u64, k as u64) as usize;
            for index in (0..count).step_by(step) {
                let set = subset_of_index(index, k);
                assert_eq!(set.len(), k);
                assert_eq!(subset_index(set), index, "{set:?}");
            }
        }
    }

    #[test]
    fn class_counts_match_known_figures() {
        // Known counts: 169 starting hands, 1,755 strategically distinct flops,
        // 134,459 suit-isomorphic five-card boards; class sizes add up to
        // C(52,2), C(52,3), C(52,5).
        let deck = CardSet::FULL_DECK;
        let holes = canonical_classes(deck, 2);
        assert_eq!(holes.len(), 169);
        assert_eq!(holes.iter().map(|c| c.1).sum::<u64>(), 1326);
        let flops = canonical_classes(deck, 3);
        assert_eq!(flops.len(), 1755);
        assert_eq!(flops.iter().map(|c| c.1).sum::<u64>(), 22100);
    }

    #[test]
    fn classes_under_the_renamings_that_fix_two_cards() {
        // Orbit-stabilizer counts: the renamings fixing two cards of
        // different suits (A♠K♦) swap the other two suits or not (2); of a
        // pair (A♠A♦), also swap the pair's two suits (4); of two suited
        // cards (A♠K♠), permute the other three suits (6). Under each, the
        // class sizes of the deck less the two cards add up to C(50, k),
        // and the classes are at least C(50, k) / order.
        let ace = |s| Card::new(12, s);
        for (dead, order) in [
            (CardSet::from_cards(&[ace(0), Card::new(11, 1)]), 2),
            (CardSet::from_cards(&[ace(0), ace(1)]), 4),
            (CardSet::from_cards(&[ace(0), Card::new(11, 0)]), 6),
        ] {
            let symmetry = Symmetry::fixing(dead);
            assert_eq!(symmetry.order(), order, "{dead:?}");
            assert_eq!(symmetry.perms()[0], SuitPermutation::all()[0]);
            let deck = CardSet::FULL_DECK.minus(dead);
            assert!(symmetry.keeps(deck));
            for (k, total) in [(2, 1225), (3, 19600)] {
                let classes = canonical_classes_under(deck, k, symmetry.perms());
                assert_eq!(classes.iter().map(|c| c.1).sum::<u64>(), total);
                assert!(classes.len() as u64 * order as u64 >= total);
                assert!(classes.iter().all(|c| c.0.minus(deck).is_empty()));
            }
        }
        // The identity alone: every subset its own class.
        let deck = deck_of_ranks(&[11, 12]);
        assert_eq!(
            canonical_classes_under(deck, 3, Symmetry::identity().perms()).len(),
            56
        );
    }

    #[test]
    fn subset_index_is_a_perfect_index() {
        // Every 3-card subset of 52 cards gets a distinct index below C(52,3).
        let mut seen = vec![false; 22100];
        for_each_subset(CardSet::FULL_DECK, 3, |s| {
            let i = subset_index(s);
            assert!(!seen[i]);
            seen[i] = true;
        });
        assert!(seen.iter().all(|&x| x));
    }

    #[test]
    fn pair_index_round_trips() {
        assert!(pair_index_is_bijective());
        for i in 0..PAIRS {
            let (a, b) = pair_cards(i);
            assert_eq!(pair_index(a, b), i);
        }
    }
}
