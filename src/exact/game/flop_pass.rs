//! Step 2 of the solve, the flop pass: for every canonical flop, every
//! holding and every Blind pay table, the values summed over the turn and
//! river ([`FlopSums`]); and the entry points [`solve`], [`solve_many`],
//! [`evaluate_policy`].

use super::payoffs::{balance_linear, Linear, Payoffs};
use super::river_table::{unpack, Entry, RiverTable};
use super::{tally, Decision, Solution};
use crate::cards::canonical::{all_pairs, for_each_subset, pair_cards, PAIRS};
use crate::cards::{choose, Card, CardSet};
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use rayon::prelude::*;

pub use super::payoffs::BlindRangeError;

/// A fixed, deterministic strategy to evaluate exactly instead of the
/// optimal one. It must be suit-symmetric: renaming the suits of all cards
/// never changes a decision (the enumeration visits one deal per class).
pub trait Policy: Sync {
    /// Preflop: `Raise(Raise4x)`, `Raise(Raise3x)` or `Check`.
    fn preflop(&self, a: Card, b: Card) -> Decision;
    /// Flop, after a check: raise 2x?
    fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool;
    /// River, after two checks: raise 1x (else fold)?
    fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool;
}

/// Whose decisions are played.
pub(crate) enum Choices<'p> {
    /// The action of highest expected value, smaller bet on a tie.
    Optimal,
    /// A fixed strategy, with its river decisions on every canonical board
    /// (one bit per row entry; entries of holdings that overlap the board
    /// are set, so that they add `a + b = 0` like the optimal `max(0, fold)`).
    Fixed {
        policy: &'p dyn Policy,
        river_bits: Vec<u64>,
    },
}

/// Words of a row of decision bits (one bit per holding).
pub const ROW_WORDS: usize = PAIRS.div_ceil(64);

impl Choices<'_> {
    #[inline]
    pub(crate) fn river_bit(bits: &[u64], row: usize, g: usize) -> bool {
        bits[row * ROW_WORDS + g / 64] >> (g % 64) & 1 == 1
    }
}

/// Sums over the turn and river for one holding on one flop, in units of
/// `1/scale` Ante summed over (turn/river, dealer) pairs.
#[derive(Clone, Copy, Default, Debug)]
pub struct FlopSums {
    /// Sum of `a` (Ante + Blind values).
    pub a: i64,
    /// Sum of `b` (Play per unit).
    pub b: i64,
    /// Sum of the values after checking twice (with the river decisions of
    /// the strategy played: optimal, or a fixed [`Policy`]'s).
    pub river: i64,
    /// The flop decision: raise 2x (else check).
    pub raise_flop: bool,
}

impl FlopSums {
    /// Value of raising `p` (before or on the flop).
    pub fn raise(self, p: i64) -> i64 {
        self.a + p * self.b
    }

    /// Value of the flop action taken, and whether it is to raise 2x.
    pub fn best(self) -> (i64, bool) {
        if self.raise_flop {
            (self.raise(2), true)
        } else {
            (self.river, false)
        }
    }
}

/// Solves the base game for one Blind pay table.
///
/// # Panics
/// If the table's amounts exceed the solver's range: call
/// [`check_blind_table`](super::check_blind_table) first, or use
/// [`try_solve_many`].
pub fn solve<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    progress: &dyn Progress,
) -> Solution<'a> {
    solve_many(river, std::slice::from_ref(blind_table), progress)
        .pop()
        .expect("one solution per table")
}

/// Solves the base game for several Blind pay tables at once: the loop over
/// the 2 million (flop, turn/river) boards reads each board's row once for
/// all tables.
///
/// # Panics
/// As [`solve`].
pub fn solve_many<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    progress: &dyn Progress,
) -> Vec<Solution<'a>> {
    try_solve_many(river, blind_tables, progress).unwrap_or_else(|e| panic!("{e}"))
}

/// [`solve_many`], or the first table the solver cannot hold exactly
/// (checked before any solving).
pub fn try_solve_many<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    progress: &dyn Progress,
) -> Result<Vec<Solution<'a>>, BlindRangeError> {
    solve_with(river, blind_tables, &Choices::Optimal, progress)
}

/// The exact value and figures of a fixed strategy (instead of the optimal
/// one) under one Blind pay table. `Solution::classes` then holds the
/// policy's preflop decisions, and the oracle answers with its choices.
///
/// # Panics
/// As [`solve`].
pub fn evaluate_policy<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    policy: &dyn Policy,
    progress: &dyn Progress,
) -> Solution<'a> {
    if let Err(e) = Payoffs::new(blind_table) {
        panic!("{e}");
    }
    progress.begin(
        "solving the base game: strategy river decisions",
        river.boards.len() as u64,
    );
    let river_bits: Vec<u64> = river
        .boards
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, &(board, _))| {
            let row = river.row(i);
            let mut bits = [0u64; ROW_WORDS];
            for (g, &entry) in row.iter().enumerate() {
                let (a, b) = pair_cards(g);
                if entry & 15 == 0 || policy.river_raise(a, b, board) {
                    bits[g / 64] |= 1 << (g % 64);
                }
            }
            progress.advance(1);
            bits
        })
        .collect();
    progress.finish();
    let choices = Choices::Fixed { policy, river_bits };
    solve_with(river, std::slice::from_ref(blind_table), &choices, progress)
        .unwrap_or_else(|e| panic!("{e}"))
        .pop()
        .expect("one solution per table")
}

fn solve_with<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    choices: &Choices,
    progress: &dyn Progress,
) -> Result<Vec<Solution<'a>>, BlindRangeError> {
    let payoffs = blind_tables
        .iter()
        .map(Payoffs::new)
        .collect::<Result<Vec<_>, _>>()?;
    let flop_sums = flop_sums(river, &payoffs, choices, progress);
    Ok(tally::finish(
        river,
        blind_tables,
        payoffs,
        flop_sums,
        choices,
        progress,
    ))
}

/// The values a pay table gives a row entry.
struct TableValues {
    /// Ante + Blind value `a`.
    ante_blind: Linear,
    /// Value of raising 1x on the river, `a + b`.
    raise_river: Linear,
    /// Play win per Ante of Play.
    play_win: i64,
    /// Value of folding on the river.
    fold: i64,
}

/// Accumulator slots per holding (category slots 0-10, see
/// [`Entry`](super::river_table::Entry)).
const SLOTS: usize = 11;
/// Blocks of holdings per pass over a flop's rows.
const BLOCKS: usize = 3;
/// Bits of a lane of [`spread`].
const LANE: u32 = 21;
const LANE_MASK: u64 = (1 << LANE) - 1;

/// An entry's counts `x`, `y`, `z` in three 21-bit lanes of one word, so
/// that one addition sums all three. A lane sums at most C(47,2) = 1,081
/// non-empty entries (the turn/rivers avoiding a holding) of at most 990
/// each: 1,070,190 < 2^21, so lanes never carry into each other.
#[inline(always)]
fn spread(e: Entry) -> u64 {
    e.x as u64 | (e.y as u64) << LANE | (e.z as u64) << (2 * LANE)
}

/// The value of summed entries of one slot, `[spread sum, count]`. The
/// terms are added in 128 bits (one may pass 2^62 where another cancels
/// it); the sum is what the entries are worth, at most 1,176 · 990 · 2^41
/// in size (see [`MAX_UNITS`](super::MAX_UNITS)), so it fits 64 bits.
#[inline]
fn value_of_sums(linear: &Linear, slot: usize, sums: [u64; 2]) -> i64 {
    let c = linear.slots[slot].map(i128::from);
    let [lanes, count] = sums;
    let value = c[0] * count as i128
        + c[1] * (lanes & LANE_MASK) as i128
        + c[2] * (lanes >> LANE & LANE_MASK) as i128
        + c[3] * (lanes >> (2 * LANE)) as i128;
    i64::try_from(value).expect("flop sums within 64 bits (MAX_UNITS)")
}

/// The river decisions of a pay table on every canonical board, one bit per
/// entry ([`ROW_WORDS`] words a row): raise 1x (else fold). Empty entries
/// (holdings that overlap the board) are set: they are worth 0, more than
/// folding.
pub(crate) fn river_bits(river: &RiverTable, raise: impl Fn(Entry) -> bool + Sync) -> Vec<u64> {
    (0..river.boards.len())
        .into_par_iter()
        .flat_map_iter(|i| {
            let mut bits = [0u64; ROW_WORDS];
            for (g, &entry) in river.row(i).iter().enumerate() {
                let e = unpack(entry, || river.row_exceptions(i));
                if e.slot == 0 || raise(e) {
                    bits[g / 64] |= 1 << (g % 64);
                }
            }
            bits
        })
        .collect()
}

/// For every canonical flop, every holding and every pay table, the sums
/// over the turn and river. Returns `[table][flop * PAIRS + holding]`.
fn flop_sums(
    river: &RiverTable,
    payoffs: &[Payoffs],
    choices: &Choices,
    progress: &dyn Progress,
) -> Vec<Vec<FlopSums>> {
    let deck = river.deck;
    let pairs = all_pairs();
    let dealer_hands = river.dealer_hands;
    let balance = balance_linear(dealer_hands);
    let tables: Vec<TableValues> = payoffs
        .iter()
        .map(|p| {
            let ante_blind = p.ante_blind_linear(dealer_hands);
            let mut raise_river = ante_blind;
            for (r, b) in raise_river.slots.iter_mut().zip(&balance.slots) {
                for (r, b) in r.iter_mut().zip(b) {
                    *r += b * p.play_win;
                }
            }
            TableValues {
                ante_blind,
                raise_river,
                play_win: p.play_win,
                fold: p.fold_value(dealer_hands),
            }
        })
        .collect();
    // The river decisions of each table, one bit per entry.
    let bits: Vec<Vec<u64>> = match choices {
        Choices::Optimal => tables
            .iter()
            .map(|t| river_bits(river, |e| t.raise_river.at(e) > t.fold))
            .collect(),
        Choices::Fixed { river_bits, .. } => vec![river_bits.clone()],
    };
    let turn_rivers = choose(deck.len() as u64 - 3, 2);
    let flops = &river.flops;
    progress.begin(
        "solving the base game: flop decisions (2 of 3)",
        flops.len() as u64,
    );
    let mut out: Vec<Vec<FlopSums>> = vec![Vec::with_capacity(flops.len() * PAIRS); tables.len()];
    let per_flop = |&(flop, _): &(CardSet, u64)| {
        // A suit renaming that fixes the flop maps each holding to one of
        // the same value (it only permutes the turn/river pairs), so only
        // the smallest holding of each such orbit is summed; the others
        // are copied below. This halves the work on average.
        let fixing: Vec<&[u16; PAIRS]> = river
            .perms
            .iter()
            .enumerate()
            .filter(|(_, p)| p.set(flop) == flop)
            .map(|(i, _)| river.pair_maps.map(i))
            .collect();
        let representative = |h: usize| fixing.iter().map(|m| m[h] as usize).min().unwrap_or(h);
        let holdings: Vec<u16> = pairs
            .iter()
            .copied()
            .filter(|&(h, m)| m & !deck.0 == 0 && m & flop.0 == 0 && representative(h) == h)
            .map(|(h, _)| h as u16)
            .collect();
        // Per holding and slot, for two tables: `[spread sum of all
        // entries, counts, spread sum of the entries raised on the river
        // under the first table, under the second]`; the counts word holds,
        // in 21-bit lanes, all entries and those raised under each table.
        let mut sums = vec![FlopSums::default(); tables.len() * PAIRS];
        let mut acc = vec![[0u64; 4]; PAIRS * SLOTS];
        for (pass, bits) in bits.chunks(2).enumerate() {
            acc.fill([0; 4]);
            match bits {
                [t] => sum_flop(river, flop, &holdings, [t], &mut acc),
                [t, u] => sum_flop(river, flop, &holdings, [t, u], &mut acc),
                _ => unreachable!("chunks of one or two"),
            }
            for (u, table) in tables[pass * 2..].iter().take(2).enumerate() {
                let t = pass * 2 + u;
                for &h in &holdings {
                    let h = h as usize;
                    let mut s = FlopSums::default();
                    let mut raises = 0u64;
                    for (slot, acc) in acc[h * SLOTS..(h + 1) * SLOTS].iter().enumerate() {
                        let all = [acc[0], acc[1] & LANE_MASK];
                        s.a += value_of_sums(&table.ante_blind, slot, all);
                        s.b += value_of_sums(&balance, slot, all) * table.play_win;
                        let count = acc[1] >> (LANE * (u as u32 + 1)) & LANE_MASK;
                        s.river += value_of_sums(&table.raise_river, slot, [acc[2 + u], count]);
                        raises += count;
                    }
                    s.river += (turn_rivers - raises) as i64 * table.fold;
                    sums[t * PAIRS + h] = s;
                }
            }
        }
        for t in 0..tables.len() {
            for (h, &(_, m)) in pairs.iter().enumerate() {
                if m & !deck.0 == 0 && m & flop.0 == 0 {
                    let mut s = sums[t * PAIRS + representative(h)];
                    s.raise_flop = match choices {
                        Choices::Optimal => s.raise(2) > s.river,
                        Choices::Fixed { policy, .. } => {
                            let (a, b) = pair_cards(h);
                            policy.flop_raise(a, b, flop)
                        }
                    };
                    sums[t * PAIRS + h] = s;
                }
            }
        }
        progress.advance(1);
        sums
    };
    // In flop order (rayon keeps it), a batch of flops at a time, so that
    // the sums are never held twice.
    for batch in flops.chunks(64) {
        let collected: Vec<Vec<FlopSums>> = batch.par_iter().map(per_flop).collect();
        for sums in collected {
            for (t, out) in out.iter_mut().enumerate() {
                out.extend_from_slice(&sums[t * PAIRS..(t + 1) * PAIRS]);
            }
        }
    }
    progress.finish();
    out
}

/// For the representative `holdings` of `flop`, over every turn/river, per
/// holding and slot: the entries and, per table `t` with river decision bits
/// `bits[t]`, the entries raised (see `acc` in [`flop_sums`]).
#[inline(always)]
fn sum_flop<const N: usize>(
    river: &RiverTable,
    flop: CardSet,
    holdings: &[u16],
    bits: [&Vec<u64>; N],
    acc: &mut [[u64; 4]],
) {
    let mut located = Vec::with_capacity(PAIRS);
    for_each_subset(river.deck.minus(flop), 2, |turn_river| {
        located.push(river.locate_row(flop.union(turn_river)));
    });
    // The holdings in blocks, so that a block's accumulators (a third of
    // 467 KB) stay in the processor's level-2 cache; each block reads the
    // rows again, from the level-3 cache.
    for block in holdings.chunks(holdings.len().div_ceil(BLOCKS)) {
        for (j, &(row, map)) in located.iter().enumerate() {
            if let Some(&(next, _)) = located.get(j + 2) {
                prefetch(river.row(next));
            }
            let entries = river.row(row);
            let rows = bits.map(|b| &b[row * ROW_WORDS..(row + 1) * ROW_WORDS]);
            // Holdings that share a card with the turn or river map to entries
            // of the canonical row that overlap its board: those are empty (slot
            // 0, worth zero, river bit set), so they are added without a test.
            for &h in block {
                let h = h as usize;
                let g = map[h] as usize;
                let e = unpack(entries[g], || river.row_exceptions(row));
                let lanes = spread(e);
                let a = &mut acc[h * SLOTS + e.slot];
                let mut counts = 1u64;
                a[0] += lanes;
                for t in 0..N {
                    let bit = rows[t][g / 64] >> (g % 64) & 1;
                    a[2 + t] += lanes & bit.wrapping_neg();
                    counts |= bit << (LANE * (t as u32 + 1));
                }
                a[1] += counts;
            }
        }
    }
}

/// Asks the processor to start loading a row (a hint; no effect elsewhere).
#[inline(always)]
fn prefetch(row: &[u32]) {
    #[cfg(target_arch = "x86_64")]
    for line in row.chunks(16) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch is a hint that never faults nor changes memory;
        // SSE is part of every x86_64 processor.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(line.as_ptr() as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = row;
}
