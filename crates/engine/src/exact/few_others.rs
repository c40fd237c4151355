//! Nobody else qualifies, with one or two other players, in closed form:
//! the Envy Bonus's hit frequency for any set of qualifying categories.
//!
//! The hit frequency of a Progressive wager with an Envy Bonus needs, for
//! each board and player holding, the ways to deal `N` other players their
//! holdings so that none of them holds a qualifying hand
//! ([`NobodyElse`]). For `N` players that is the number of `N`-matchings
//! (sets of `N` pairwise disjoint holdings) of the graph whose vertices are
//! the cards left and whose edges are the holdings that do *not* qualify,
//! times `N!` for the seats. The general count
//! ([`crate::exact::showdown::count_nobody_else`]) takes time that grows
//! with the qualifying holdings' structure and is only used for up to five
//! players when they are few (a straight flush or better, four of a kind;
//! see [`crate::exact::progressive::check_settings`]). For one and two
//! players this module counts the matchings exactly for any categories, in
//! a fixed number of steps per holding:
//!
//! On a board, let `E` be the non-qualifying holdings, `d(v)` the number of
//! them holding card `v`, `S = Σ_v C(d(v), 2)` and `T(v) = Σ_{u ~ v} (d(u) -
//! 1)` (over the cards `u` that make a non-qualifying holding with `v`).
//! When the player holds `{a, b}`, the holdings left are those avoiding `a`
//! and `b`:
//! - one player: `E' = E - d(a) - d(b) + [a ~ b]`;
//! - two players: pairs of disjoint holdings are all pairs less those
//!   sharing a card, `C(E', 2) - S'`, with `S' = Σ_{v ≠ a, b} C(d'(v), 2)`.
//!   A card `v` next to one of `a`, `b` loses one holding, `C(d, 2) - C(d -
//!   1, 2) = d - 1`; next to both it loses two, `2d - 3`, one less than
//!   twice `d - 1`. So `S' = S - C(d(a), 2) - C(d(b), 2) - (T(a) + T(b) -
//!   [a ~ b] (d(a) - 1 + d(b) - 1) - c(a, b))`, `c(a, b)` the cards next to
//!   both. The two seats can be dealt in either order: twice that.
//!
//! Cards are bits of a `u64`, so the neighbours of a card are one mask and
//! `c(a, b)` one population count. All the counts are below C(52, 2)² and
//! are kept in 64 bits; the sums over boards in 128 bits (at most
//! C(52, 5) · 1,326 · 2 · 1,081² deals).

use crate::cards::canonical::canonical_classes;
use crate::cards::{choose, CardSet};
use crate::evaluator::{tables, HandCategory, PartialHand};
use crate::exact::showdown::{add_counts, NobodyElse, OTHERS};
use crate::progress::Progress;
use rayon::prelude::*;

/// Number of hand categories.
const CATEGORIES: usize = HandCategory::COUNT;

/// The most other players counted in closed form.
pub const MOST_OTHERS: usize = 2;

/// `C(x, 2)`.
fn pairs(x: u64) -> u64 {
    x * x.saturating_sub(1) / 2
}

/// [`NobodyElse`] for `N = 0, 1, 2` other players (its `others` is 2 and
/// its counts for more players are zero); `deals` holds every `N`.
pub fn count_nobody_else_of_two(
    deck: CardSet,
    board_size: usize,
    qualifying: [bool; CATEGORIES],
    progress: &dyn Progress,
) -> NobodyElse {
    let boards = canonical_classes(deck, board_size);
    progress.begin("Envy Bonus: other players' hands", boards.len() as u64);
    let zero = [[0u128; OTHERS + 1]; CATEGORIES];
    let by_player = boards
        .par_iter()
        .fold(
            || zero,
            |mut acc, &(board, weight)| {
                let t = tables();
                let board_hand = PartialHand::of(board);
                let cards = deck.minus(board).to_vec();
                // adjacent[v]: the cards that make a non-qualifying holding
                // with card v.
                let mut adjacent = [0u64; 64];
                let mut holdings: Vec<(usize, usize, usize)> = Vec::with_capacity(1_326);
                for (i, &a) in cards.iter().enumerate() {
                    let with_a = board_hand.add(a);
                    for &b in &cards[i + 1..] {
                        let c = t.rank(with_a.add(b)).category().index();
                        holdings.push((a.index(), b.index(), c));
                        if !qualifying[c] {
                            adjacent[a.index()] |= b.mask();
                            adjacent[b.index()] |= a.mask();
                        }
                    }
                }
                let degree: [u64; 64] = std::array::from_fn(|v| adjacent[v].count_ones() as u64);
                let edges = degree.iter().sum::<u64>() / 2;
                let sharing: u64 = degree.iter().map(|&d| pairs(d)).sum();
                let beyond: [u64; 64] = std::array::from_fn(|v| {
                    CardSet(adjacent[v])
                        .cards()
                        .map(|u| degree[u.index()] - 1)
                        .sum()
                });
                for &(a, b, c) in &holdings {
                    let joined = (adjacent[a] >> b) & 1;
                    let (da, db) = (degree[a], degree[b]);
                    let left = edges + joined - da - db;
                    let common = (adjacent[a] & adjacent[b]).count_ones() as u64;
                    // Each term of the loss is at least zero, so is each
                    // partial difference (joined = 1 means da, db >= 1;
                    // joined = 0 takes nothing, and da or db may be 0).
                    let through_ab = if joined == 1 { da - 1 + db - 1 } else { 0 };
                    let lost = beyond[a] + beyond[b] - through_ab - common;
                    let sharing_left = sharing - pairs(da) - pairs(db) - lost;
                    let disjoint = pairs(left) - sharing_left;
                    let w = weight as u128;
                    acc[c][0] += w;
                    acc[c][1] += w * left as u128;
                    acc[c][2] += w * 2 * disjoint as u128;
                }
                progress.advance(1);
                acc
            },
        )
        .reduce(|| zero, add_counts);
    progress.finish();
    let n = deck.len() as u64;
    let m = n - board_size as u64 - 2;
    let start = (choose(n, board_size as u64) * choose(n - board_size as u64, 2)) as u128;
    NobodyElse {
        deck,
        board_size,
        qualifying,
        others: MOST_OTHERS,
        by_player,
        deals: std::array::from_fn(|big_n| {
            (0..big_n)
                .map(|i| choose(m.saturating_sub(2 * i as u64), 2) as u128)
                .product::<u128>()
                * start
        }),
    }
}
