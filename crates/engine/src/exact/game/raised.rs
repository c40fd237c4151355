//! The starting-hand classes a fixed strategy raises before the flop, for
//! the totals of its evaluation: such a class's value (raising 4x or 3x,
//! `a + p·b`) and its outcomes depend on no later decision, so they are
//! the sums of its holdings' entries over every board, read once per
//! canonical board here ([`class_sums`]) instead of per flop and
//! turn/river by the flop pass, which then gathers, sums and decides only
//! the holdings of the classes that check (docs/speed.md, "A strategy's
//! evaluation"). Every figure is linear in these sums, so it is the same
//! integer either way (test
//! `policies_evaluated_two_a_pass_are_each_evaluated_alone`, against the
//! full evaluation, whose flop pass sums every class).

use super::payoffs::SLOTS;
use super::policy::Policy;
use super::river_table::{board_context, RiverTable, Wide, CLASS_PAIRS, CONTEXTS};
use super::Decision;
use crate::cards::canonical::all_pairs;
use rayon::prelude::*;

/// Per category slot, the sums `[x, y, z, count]` of a class's entries
/// over every (flop, turn/river) of every holding of the class (what the
/// flop pass sums per holding and flop, summed over flops with their class
/// sizes and over holdings).
pub(super) type ClassSums = [[u64; 4]; SLOTS];

/// Whether `policy` raises each starting-hand class of `river` (4x or 3x)
/// before the flop, in the order of `river.hole_classes`.
pub(super) fn raised_classes(river: &RiverTable, policy: &dyn Policy) -> Vec<bool> {
    river
        .hole_classes
        .iter()
        .map(|&(cards, _)| {
            let cards = cards.to_vec();
            policy.preflop(cards[0], cards[1]) != Decision::Check
        })
        .collect()
}

/// Rows of one class size summed unweighted, in 32-bit halves, before
/// their sums are weighted: a class of holdings holds at most 12 of them
/// (24 renamings, two cards), so a half sums at most 12 · 990 entries'
/// counts a row (`x`, `y`, `z` at most C(45,2) dealer holdings each):
/// 1,024 rows stay far below 2^32 (checked for the table's classes).
const ROWS: usize = 1024;

/// The [`ClassSums`] of every class `wanted` (zero for the others), read
/// once per canonical board: a five-card board is the flop and the
/// turn/river of C(5,3) = 10 deals, and its class of boards holds its
/// class size of them, so each entry of a holding of the class off the
/// board counts 10 times the class size. The boards are taken by class
/// size, [`ROWS`] at a time, each holding's entry added to its class's
/// sums in two words (as the flop pass's [`gather`](super::gather) adds),
/// the sums weighted once per [`ROWS`] rows.
///
/// No sum wraps: each counts sequences (a holding, a flop, a turn/river
/// and a dealer holding: `x`, `y`, `z`) or deals (`count`) of one class,
/// at most C(n,2)·C(n−2,3)·C(n−5,2)·C(n−7,2), 27.8·10^12 on the full
/// deck, far below 2^64.
pub(super) fn class_sums(river: &RiverTable, wanted: &[bool]) -> Vec<ClassSums> {
    let largest = river.hole_classes.iter().map(|&(_, size)| size).max();
    let half = largest.unwrap_or(0) * u64::from(river.dealer_hands) * ROWS as u64;
    assert!(half < 1 << 32, "a class's sums of {ROWS} rows fit 32 bits");
    let holdings: Vec<(usize, u64, usize)> = all_pairs()
        .iter()
        .filter_map(|&(h, mask)| {
            let class = river.class_of_pair[h]?;
            wanted[class].then_some((h, mask, class))
        })
        .collect();
    let zero = || vec![[0u64; 4]; wanted.len() * SLOTS];
    let mut flat = zero();
    if !holdings.is_empty() {
        // Per flush context, each holding's cards, position in the row and
        // first sum (its class's, per slot).
        let listed: Vec<Vec<(u64, u16, u32)>> = (0..CONTEXTS)
            .map(|context| {
                let positions = river.positions(context);
                let of = |&(h, mask, class): &(usize, u64, usize)| {
                    (mask, positions[h], (class * SLOTS) as u32)
                };
                holdings.iter().map(of).collect()
            })
            .collect();
        let mut rows: Vec<u32> = (0..river.boards.len() as u32).collect();
        rows.sort_by_key(|&i| river.boards[i as usize].1);
        let same_size =
            |a: &u32, b: &u32| river.boards[*a as usize].1 == river.boards[*b as usize].1;
        let chunks: Vec<&[u32]> = rows
            .chunk_by(same_size)
            .flat_map(|g| g.chunks(ROWS))
            .collect();
        let scratch = || {
            (
                zero(),
                vec![0 as Wide; CLASS_PAIRS],
                vec![[0u64; 2]; flat.len()],
            )
        };
        flat = chunks
            .par_iter()
            .fold(scratch, |(mut sums, mut row, mut packed), chunk| {
                packed.fill([0; 2]);
                for &i in chunk.iter() {
                    let board = river.boards[i as usize].0;
                    river.read_row(i as usize, &mut row);
                    for &(mask, position, first) in &listed[board_context(board)] {
                        if mask & board.0 != 0 {
                            continue;
                        }
                        // A [`Wide`] entry: x | y << 16 | z << 32 | slot << 48.
                        let w = row[position as usize];
                        let sum = &mut packed[first as usize + (w >> 48) as usize];
                        sum[0] += (w & 0xffff) | (w >> 16 & 0xffff) << 32;
                        sum[1] += (w >> 32 & 0xffff) | 1 << 32;
                    }
                }
                let size = river.boards[chunk[0] as usize].1;
                for (s, p) in sums.iter_mut().zip(&packed) {
                    let halves = [
                        p[0] & 0xffff_ffff,
                        p[0] >> 32,
                        p[1] & 0xffff_ffff,
                        p[1] >> 32,
                    ];
                    for (s, h) in s.iter_mut().zip(halves) {
                        *s += size * h;
                    }
                }
                (sums, row, packed)
            })
            .map(|(sums, _, _)| sums)
            .reduce(zero, |mut a, b| {
                for (a, b) in a.iter_mut().flatten().zip(b.iter().flatten()) {
                    *a += b;
                }
                a
            });
    }
    flat.chunks_exact(SLOTS)
        .map(|class| {
            std::array::from_fn(|slot| {
                class[slot].map(|s| s.checked_mul(10).expect("a class's sums within 64 bits"))
            })
        })
        .collect()
}
