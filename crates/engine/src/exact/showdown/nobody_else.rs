//! Deals in which nobody else holds a qualifying hand: for `N = 0..=5`
//! other players at the table (each dealt like the dealer), the deals of a
//! board, the player's holding and their holdings in which none of them
//! holds a hand of a qualifying category, by the player's category. What
//! the Progressive's Envy Bonus needs for its hit frequency; counted by
//! inclusion-exclusion over the players who qualify, with the matchings of
//! the sparser of two card graphs.

use crate::cards::canonical::canonical_classes;
use crate::cards::{choose, Card, CardSet};
use crate::evaluator::{tables, HandCategory, PartialHand};
use crate::progress::Progress;
use rayon::prelude::*;

/// The hand categories, high card to royal flush.
const CATEGORIES: usize = HandCategory::COUNT;

/// Deals of a board, the player's holding and `N` other players' holdings
/// (`N = 0..=5`, in seat order) in which no other player holds a hand of a
/// *qualifying* category, by the player's category: what the Envy Bonus's
/// hit frequency needs (the chance that nobody else qualifies).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NobodyElse {
    /// The deck and the board size counted.
    pub deck: CardSet,
    /// Number of board cards.
    pub board_size: usize,
    /// The qualifying categories, by [`HandCategory::index`].
    pub qualifying: [bool; CATEGORIES],
    /// The most other players counted: `by_player` is zero beyond.
    pub others: usize,
    /// `[player category][N]`.
    pub by_player: [[u128; OTHERS + 1]; CATEGORIES],
    /// All deals with `N` other players, qualifying or not, `[N]`.
    pub deals: [u128; OTHERS + 1],
}

/// The most other players counted by [`count_nobody_else`].
pub const OTHERS: usize = 5;

/// Counts, for `N = 0..=5` other players, the deals in which none of them
/// holds a hand of a `qualifying` category (see [`NobodyElse`]).
///
/// Per board and player holding, by inclusion-exclusion over the players
/// who qualify: with `M_j` the ordered `j`-tuples of pairwise disjoint
/// qualifying holdings that avoid the player's cards, and `m` the cards left
/// after the board and the player's holding,
/// `nobody(N) = Σ_j (-1)^j C(N, j) M_j Π_{i=j}^{N-1} C(m - 2i, 2)`.
/// Qualifying holdings are few (straight flushes need two given cards), and
/// `M_j` is computed once per board for the holdings that meet none of them.
pub fn count_nobody_else(
    deck: CardSet,
    board_size: usize,
    qualifying: [bool; CATEGORIES],
    progress: &dyn Progress,
) -> NobodyElse {
    let boards = canonical_classes(deck, board_size);
    progress.begin("Envy Bonus: other players' hands", boards.len() as u64);
    let n = deck.len() as u64;
    let m = n - board_size as u64 - 2;
    // Ways to deal other players i..N their holdings from m - 2i cards.
    let deal_rest = |from: usize, to: usize| -> i128 {
        (from..to)
            .map(|i| choose(m.saturating_sub(2 * i as u64), 2) as i128)
            .product()
    };
    let zero = [[0u128; OTHERS + 1]; CATEGORIES];
    let by_player = boards
        .par_iter()
        .fold(
            || zero,
            |mut acc, &(board, weight)| {
                let t = tables();
                let board_hand = PartialHand::of(board);
                let cards = deck.minus(board).to_vec();
                let mut holdings: Vec<(u64, usize)> = Vec::with_capacity(1_200);
                for (i, &a) in cards.iter().enumerate() {
                    let with_a = board_hand.add(a);
                    for &b in &cards[i + 1..] {
                        let c = t.rank(with_a.add(b)).category().index();
                        holdings.push((a.mask() | b.mask(), c));
                    }
                }
                let q: Vec<u64> = holdings
                    .iter()
                    .filter(|h| qualifying[h.1])
                    .map(|h| h.0)
                    .collect();
                let all_q = q.iter().fold(0u64, |x, &y| x | y);
                let rest = deck.minus(board).0;
                // A holding meeting no qualifying holding leaves them all; if
                // they are few, its count does not depend on its cards.
                let sparse = 2 * q.len() as u64 <= choose(m, 2);
                let common = sparse.then(|| nobody_count(&q, 0, m));
                let mut avail = Vec::with_capacity(q.len());
                for &(mask, c) in &holdings {
                    let counts = if let (0, Some(common)) = (mask & all_q, common) {
                        common
                    } else {
                        avail.clear();
                        avail.extend(q.iter().copied().filter(|&x| x & mask == 0));
                        nobody_count(&avail, rest & !mask, m)
                    };
                    for (slot, &v) in acc[c].iter_mut().zip(&counts) {
                        debug_assert!(v >= 0);
                        *slot += weight as u128 * v as u128;
                    }
                }
                progress.advance(1);
                acc
            },
        )
        .reduce(|| zero, add_counts);
    progress.finish();
    let start = (choose(n, board_size as u64) * choose(n - board_size as u64, 2)) as u128;
    NobodyElse {
        deck,
        board_size,
        qualifying,
        others: OTHERS,
        by_player,
        deals: std::array::from_fn(|big_n| start * deal_rest(0, big_n) as u128),
    }
}

/// Counts by player category and number of other players, added (the
/// reduce step of the parallel counts of [`NobodyElse`]).
pub(crate) fn add_counts(
    mut x: [[u128; OTHERS + 1]; CATEGORIES],
    y: [[u128; OTHERS + 1]; CATEGORIES],
) -> [[u128; OTHERS + 1]; CATEGORIES] {
    for (s, t) in x.iter_mut().flatten().zip(y.iter().flatten()) {
        *s += t;
    }
    x
}

/// `[nobody(0), ..., nobody(5)]` for one board and player holding: the
/// ordered ways to deal `N` other players two cards each from the `m` cards
/// left, `rest`, such that none holds a holding of `qualifying` (masks within
/// `rest`). Counts the matchings of the sparser of the two graphs on the
/// cards: the qualifying holdings (then inclusion-exclusion; `rest` is not
/// needed) or the others (directly).
fn nobody_count(qualifying: &[u64], rest: u64, m: u64) -> [i128; OTHERS + 1] {
    let pairs = choose(m, 2) as usize;
    let factorial = |j: usize| (1..=j as i128).product::<i128>();
    if 2 * qualifying.len() <= pairs {
        // nobody(N) = Σ_j (-1)^j C(N,j) M_j Π_{i=j}^{N-1} C(m-2i, 2), with
        // M_j = j! (matchings of j qualifying holdings).
        let matched = matchings(qualifying);
        std::array::from_fn(|big_n| {
            (0..=big_n)
                .map(|j| {
                    let sign = if j % 2 == 0 { 1 } else { -1 };
                    let rest_dealt: i128 = (j..big_n)
                        .map(|i| choose(m.saturating_sub(2 * i as u64), 2) as i128)
                        .product();
                    sign * choose(big_n as u64, j as u64) as i128
                        * factorial(j)
                        * matched[j]
                        * rest_dealt
                })
                .sum()
        })
    } else {
        // Dense: deal the N players from the non-qualifying holdings.
        debug_assert_eq!(rest.count_ones() as u64, m);
        let cards: Vec<u64> = CardSet(rest).cards().map(Card::mask).collect();
        let mut others = Vec::with_capacity(pairs - qualifying.len());
        for (i, &a) in cards.iter().enumerate() {
            for &b in &cards[i + 1..] {
                if !qualifying.contains(&(a | b)) {
                    others.push(a | b);
                }
            }
        }
        let matched = matchings(&others);
        std::array::from_fn(|big_n| factorial(big_n) * matched[big_n])
    }
}

/// Matchings of `j = 0..=5` pairwise disjoint edges among `edges` (two-card
/// masks), unordered. Recursion on a vertex `v` of highest degree: the
/// matchings without `v`, plus, for each edge `{v, u}`, those of the graph
/// without `v` and `u`; an edge whose `u` has no other edge adds the
/// matchings without `v` again, so a star (all holdings with one card) costs
/// one call.
fn matchings(edges: &[u64]) -> [i128; OTHERS + 1] {
    let mut out = [0i128; OTHERS + 1];
    out[0] = 1;
    if edges.is_empty() {
        return out;
    }
    let mut degree = [0u32; 64];
    for &e in edges {
        for c in CardSet(e).cards() {
            degree[c.index()] += 1;
        }
    }
    let (v, &top) = degree
        .iter()
        .enumerate()
        .max_by_key(|&(_, d)| *d)
        .expect("64 vertices");
    if top == 1 {
        // Pairwise disjoint: any j of them.
        for (j, slot) in out.iter_mut().enumerate().skip(1) {
            *slot = choose(edges.len() as u64, j as u64) as i128;
        }
        return out;
    }
    let vmask = 1u64 << v;
    let without_v: Vec<u64> = edges.iter().copied().filter(|e| e & vmask == 0).collect();
    let rest = matchings(&without_v);
    out = rest;
    let mut leaves = 0i128;
    for &e in edges.iter().filter(|&&e| e & vmask != 0) {
        let u = e & !vmask;
        if degree[u.trailing_zeros() as usize] == 1 {
            leaves += 1;
            continue;
        }
        let sub: Vec<u64> = without_v.iter().copied().filter(|x| x & u == 0).collect();
        let m = matchings(&sub);
        for j in 1..=OTHERS {
            out[j] += m[j - 1];
        }
    }
    for j in 1..=OTHERS {
        out[j] += leaves * rest[j - 1];
    }
    out
}
