//! Step 2 of the solve, the flop pass: for every canonical flop, every
//! holding and every Blind pay table, the values summed over the turn and
//! river ([`FlopSums`]) and the outcomes of the hands checked before the
//! flop ([`CheckedTally`]); and the entry points [`solve`], [`solve_many`],
//! [`evaluate_policy`].

use super::pages::zeroed_on_large_pages;
use super::payoffs::{balance_linear, Linear, Payoffs};
use super::river_table::{
    board_context, class_pair, unpack, Entry, RiverTable, CONTEXTS, RANK_PAIRS,
};
use super::{tally, Decision, Kind, Solution, CATEGORIES, KINDS};
use crate::cards::canonical::{all_pairs, for_each_subset, pair_cards, PAIRS};
use crate::cards::{choose, Card, CardSet, DECK_SIZE};
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use rayon::prelude::*;
use std::sync::Mutex;

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
    /// (one code per holding, see [`river_codes`]).
    Fixed {
        policy: &'p dyn Policy,
        river_codes: Vec<u64>,
    },
}

/// Words of a row of decision bits (one bit per holding).
pub const ROW_WORDS: usize = PAIRS.div_ceil(64);

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

/// Solves the base game for each Blind pay table, two tables at a time (one
/// flop pass serves two), handing each solution to `visit` with its index in
/// `blind_tables` before the next two are solved: the memory held is that of
/// two solutions, whatever the number of tables. For the figures of many
/// tables; [`solve_many`] keeps every solution.
///
/// # Panics
/// As [`solve`].
pub fn for_each_solution<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    progress: &dyn Progress,
    mut visit: impl FnMut(usize, Solution<'a>),
) {
    for (pair, tables) in blind_tables.chunks(2).enumerate() {
        for (i, solution) in solve_many(river, tables, progress).into_iter().enumerate() {
            visit(2 * pair + i, solution);
        }
    }
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
    let river_codes = river_codes(river, progress, |i, g, _| {
        let (a, b) = pair_cards(g);
        u64::from(policy.river_raise(a, b, river.boards[i].0))
    });
    progress.finish();
    let choices = Choices::Fixed {
        policy,
        river_codes,
    };
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
    Ok(solve_payoffs(
        river,
        blind_tables,
        payoffs,
        choices,
        true,
        progress,
    ))
}

/// [`solve`] for the totals alone (value, tally, preflop classes):
/// `Solution::flop_sums` is left empty, so the solution gives no flop or
/// river advice, and the memory of every flop's sums is not held.
pub fn solve_totals<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    progress: &dyn Progress,
) -> Solution<'a> {
    let payoffs = vec![Payoffs::new(blind_table).unwrap_or_else(|e| panic!("{e}"))];
    let tables = std::slice::from_ref(blind_table);
    let choices = &Choices::Optimal;
    let mut solutions = solve_payoffs(river, tables, payoffs, choices, false, progress);
    solutions.pop().expect("one solution per table")
}

/// Solves the base game for each Blind table with its money, checked
/// (keeping every flop's sums, for the advice, when `keep_flop_sums`).
pub(super) fn solve_payoffs<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    payoffs: Vec<Payoffs>,
    choices: &Choices,
    keep_flop_sums: bool,
    progress: &dyn Progress,
) -> Vec<Solution<'a>> {
    let sums = flop_sums(river, &payoffs, choices, keep_flop_sums, progress);
    tally::finish(river, blind_tables, payoffs, sums, choices)
}

/// The values a pay table gives a row entry.
struct TableValues {
    /// Ante + Blind value `a`.
    ante_blind: Linear,
    /// Value of raising 1x on the river, `a + b`.
    raise_river: Linear,
    /// Play win per Ante of Play.
    play_win: i64,
    /// Value of folding on the river, per category slot.
    fold: [i64; SLOTS],
    /// Under a payout limit, the values of raising 4x and 3x (no longer
    /// `a + p·b`): see [`payout_limit`](super::payout_limit).
    preflop: Option<[Linear; 2]>,
}

/// Category slots of an entry (0: no holding, 1-10: the category plus one,
/// see [`Entry`]).
const SLOTS: usize = 11;
/// Accumulator slots per holding: the category slot plus [`SLOTS`] times
/// the entry's river code (bit `u` set: raised under the pass's table `u`).
const CODED_SLOTS: usize = SLOTS * 4;
/// Words of a canonical board's river codes (two bits per holding).
const CODE_WORDS: usize = (2 * PAIRS).div_ceil(64);

/// The river decisions a pass reads, as codes (bit `u` set: raise under
/// the pass's table `u`).
#[derive(Clone, Copy)]
enum Codes<'c> {
    /// One byte per row entry, in the layout of the rows: the optimal
    /// decisions, which depend only on the entry ([`entry_codes`]).
    ByEntry(&'c [u8]),
    /// Two bits per holding of each canonical board, [`CODE_WORDS`] words a
    /// board: a fixed policy's, which may tell suits apart ([`river_codes`]).
    ByHolding(&'c [u64]),
}

/// Turn/rivers a chunk of [`gather`]: their rows (1.4 KB each with a flush
/// suit, 364 B without) stay in the level-2 cache while every block of
/// holdings reads them.
const CHUNK: usize = 64;
/// Turn/rivers of a flop, C(49,2), times dealer holdings per deal, C(45,2):
/// a holding's sum of `x`, `y` or `z` over a flop, or its count of entries,
/// is at most this, so each fits the 32-bit half of an [`Accumulator`] word.
const MAX_FLOP_SUM: u64 = 1176 * 990;
const _: () = assert!(MAX_FLOP_SUM < 1 << 32, "a flop's sums fit 32 bits");

/// Sums of entries of one holding and coded slot over a flop:
/// `[x | y << 32, z | count << 32]`.
type Accumulator = [u64; 2];

/// Sums of entries `[x, y, z, count]`.
type Sums = [u32; 4];

#[inline(always)]
fn add_sums(a: Sums, b: Sums) -> Sums {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}

/// The value of summed entries of one slot. The terms are added in 128 bits
/// (one may pass 2^62 where another cancels it); the sum is what the
/// entries are worth, at most 1,176 · 990 · 2^41 in size (see
/// [`MAX_UNITS`](super::MAX_UNITS)), so it fits 64 bits.
#[inline]
fn value_of_sums(linear: &Linear, slot: usize, sums: Sums) -> i64 {
    let c = linear.slots[slot].map(i128::from);
    let [x, y, z, count] = sums.map(i128::from);
    let value = c[0] * count + c[1] * x + c[2] * y + c[3] * z;
    i64::try_from(value).expect("flop sums within 64 bits (MAX_UNITS)")
}

/// The river codes of every canonical board, two bits per holding
/// ([`CODE_WORDS`] words a board), advancing `progress` a board at a time:
/// `code(row, holding, entry)` for the holdings of the deck that avoid the
/// board, 0 elsewhere.
pub(crate) fn river_codes(
    river: &RiverTable,
    progress: &dyn Progress,
    code: impl Fn(usize, usize, Entry) -> u64 + Sync,
) -> Vec<u64> {
    let mut codes = zeroed_on_large_pages(river.boards.len() * CODE_WORDS);
    codes
        .par_chunks_mut(CODE_WORDS)
        .enumerate()
        .for_each(|(i, words)| {
            for (h, e) in river.holding_entries(i) {
                words[h / 32] |= code(i, h, e) << (2 * (h % 32));
            }
            progress.advance(1);
        });
    codes
}

/// The river code of every row entry, one byte each in the layout of the
/// rows (0 for an empty entry), for codes that depend only on the entry, as
/// the optimal river decisions do: each pair of classes of cards of a board
/// is decided once.
fn entry_codes(river: &RiverTable, code: impl Fn(Entry) -> u8 + Sync) -> Vec<u8> {
    // Allocated once at its size (a collected vector grows by doubling).
    let mut codes = vec![0u8; river.rows.len()];
    let mut rows: Vec<(usize, &mut [u8])> = Vec::with_capacity(river.boards.len());
    let mut rest = &mut codes[..];
    for i in 0..river.boards.len() {
        let (row, after) = rest.split_at_mut(river.row_range(i).len());
        rows.push((i, row));
        rest = after;
    }
    rows.into_par_iter().for_each(|(i, out)| {
        for (c, &entry) in out.iter_mut().zip(river.row(i)) {
            if entry & 15 != 0 {
                *c = code(unpack(entry, || river.row_exceptions(i)));
            }
        }
    });
    codes
}

/// Per starting-hand class, the values of raising 4x and 3x summed over
/// every flop (weighted), turn/river and dealer holding: a limited table's
/// (see [`payout_limit`](super::payout_limit)).
pub(crate) type PreflopSums = Vec<[i128; 2]>;

/// What the flop pass gives each table: its flop sums (if kept), its
/// preflop values per class ([`tally::add_flop_values`]), the outcomes of
/// the hands checked before the flop and, under a payout limit, its
/// preflop sums.
pub(crate) type PassSums = (
    Vec<Vec<FlopSums>>,
    Vec<Vec<[i128; 3]>>,
    Vec<CheckedTally>,
    Vec<Option<PreflopSums>>,
);

/// Outcome counts of the hands checked before the flop, per starting-hand
/// class, by the play they end with (0: fold, 1: raise on the river, 2:
/// raise on the flop): `[class][play][kind][category]`, every sequence once.
pub(crate) type CheckedTally = Vec<[[[u64; CATEGORIES]; KINDS]; 3]>;

/// Adds summed entries of category slot `slot`, times `weight`, to `tally`.
fn add_outcomes(
    tally: &mut [[u64; CATEGORIES]; KINDS],
    slot: usize,
    sums: Sums,
    weight: u64,
    dealer_hands: u32,
) {
    let p = slot - 1;
    let (kx, ky) = Entry::kinds(p);
    let [x, y, z, count] = sums.map(u64::from);
    tally[kx as usize][p] += weight * x;
    tally[ky as usize][p] += weight * y;
    tally[Kind::Tie as usize][p] += weight * z;
    tally[Kind::LoseDealerQualifies as usize][p] +=
        weight * (count * dealer_hands as u64 - x - y - z);
}

/// What one thread of the pool accumulates over the flops it sums.
struct Scratch {
    /// Per table of the pass.
    checked: Vec<CheckedTally>,
    /// Per table of the pass and starting-hand class, the values of
    /// raising 4x and 3x under a payout limit ([`PreflopSums`]).
    preflop: Vec<PreflopSums>,
    /// Sums of the flop being summed, [`CODED_SLOTS`] per representative.
    accumulators: Vec<Accumulator>,
    /// The flop's turn/rivers without a flush, per pair of ranks.
    rank_pairs: RankPairSums,
}

/// For every canonical flop, every holding and every pay table, the sums
/// over the turn and river (`[table][flop * PAIRS + holding]`), and the
/// outcomes of the hands checked before the flop, per table.
fn flop_sums(
    river: &RiverTable,
    payoffs: &[Payoffs],
    choices: &Choices,
    keep: bool,
    progress: &dyn Progress,
) -> PassSums {
    let deck = river.deck;
    let pairs = all_pairs();
    let dealer_hands = river.dealer_hands;
    let balance = balance_linear(dealer_hands);
    let tables: Vec<TableValues> = payoffs
        .iter()
        .map(|p| {
            if let Some(limited) = &p.limited {
                let l = limited.linears(p.play_win, dealer_hands);
                return TableValues {
                    ante_blind: l.ante_blind,
                    raise_river: l.raise_river,
                    play_win: p.play_win,
                    fold: l.fold,
                    preflop: Some(l.preflop),
                };
            }
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
                fold: [p.fold_value(dealer_hands); SLOTS],
                preflop: None,
            }
        })
        .collect();
    let flops = &river.flops;
    let classes = river.hole_classes.len();
    let zero_tally = vec![[[[0u64; CATEGORIES]; KINDS]; 3]; classes];
    let mut out: Vec<Vec<FlopSums>> = Vec::with_capacity(tables.len());
    let mut values_out = Vec::with_capacity(tables.len());
    let mut checked_out: Vec<CheckedTally> = Vec::with_capacity(tables.len());
    let mut preflop_out: Vec<Option<PreflopSums>> = Vec::with_capacity(tables.len());
    progress.begin(
        "solving the base game: flop decisions (2 of 2)",
        (flops.len() * tables.len().div_ceil(2)) as u64,
    );
    // Two tables a pass: each entry read adds to the slot of its category
    // and its two river decisions.
    for pass_tables in tables.chunks(2) {
        let width = pass_tables.len();
        let owned;
        let codes = match choices {
            Choices::Optimal => {
                let raise =
                    |t: &TableValues, e: Entry| u8::from(t.raise_river.at(e) > t.fold[e.slot]);
                owned = match pass_tables {
                    [t] => entry_codes(river, |e| raise(t, e)),
                    [t, u] => entry_codes(river, |e| raise(t, e) | raise(u, e) << 1),
                    _ => unreachable!("passes of one or two tables"),
                };
                Codes::ByEntry(&owned)
            }
            Choices::Fixed { river_codes, .. } => Codes::ByHolding(river_codes),
        };
        let per_flop = |scratch: &mut Scratch, f: usize| -> Vec<FlopSums> {
            let (flop, weight) = flops[f];
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
            // Every holding of the flop with its representative.
            let mut members: Vec<(u16, u16)> = pairs
                .iter()
                .filter(|&&(_, m)| m & !deck.0 == 0 && m & flop.0 == 0)
                .map(|&(h, _)| (representative(h) as u16, h as u16))
                .collect();
            let reps: Vec<u16> = members
                .iter()
                .filter(|&&(r, h)| r == h)
                .map(|&(r, _)| r)
                .collect();
            let mut position = vec![0u16; PAIRS];
            for (i, &h) in reps.iter().enumerate() {
                position[h as usize] = i as u16;
            }
            gather(river, flop, &reps, codes, scratch);
            // Grouped by representative.
            members.sort_unstable();
            let mut sums = vec![FlopSums::default(); width * PAIRS];
            for orbit in members.chunk_by(|x, y| x.0 == y.0) {
                let i = position[orbit[0].0 as usize] as usize;
                let acc = &scratch.accumulators[i * CODED_SLOTS..(i + 1) * CODED_SLOTS];
                let slot_sums: [Sums; CODED_SLOTS] = std::array::from_fn(|k| {
                    let [xy, zc] = acc[k];
                    [xy as u32, (xy >> 32) as u32, zc as u32, (zc >> 32) as u32]
                });
                // Suit renamings keep a holding's starting-hand class.
                let class = river.class_of_pair[reps[i] as usize].expect("a holding of the deck");
                // Per category slot, the entries whatever the river decision,
                // and their Play balance (the same for every table).
                let mut all = [[0u32; 4]; SLOTS];
                let mut balance_sum = 0i64;
                for (slot, all) in all.iter_mut().enumerate().skip(1) {
                    *all = (0..4).fold([0; 4], |acc, code| {
                        add_sums(acc, slot_sums[slot + SLOTS * code])
                    });
                    balance_sum += value_of_sums(&balance, slot, *all);
                }
                for (u, table) in pass_tables.iter().enumerate() {
                    let mut s = FlopSums {
                        b: balance_sum * table.play_win,
                        ..FlopSums::default()
                    };
                    // Per category slot, the entries raised on the river.
                    let mut raised = [[0u32; 4]; SLOTS];
                    for (slot, raised) in raised.iter_mut().enumerate().skip(1) {
                        for code in (0..4).filter(|code| code >> u & 1 == 1) {
                            *raised = add_sums(*raised, slot_sums[slot + SLOTS * code]);
                        }
                        s.a += value_of_sums(&table.ante_blind, slot, all[slot]);
                        s.river += value_of_sums(&table.raise_river, slot, *raised)
                            + (all[slot][3] - raised[3]) as i64 * table.fold[slot];
                    }
                    // The flop decision of each holding of the orbit, and how
                    // many raise.
                    let mut raising = 0;
                    for &(_, h) in orbit {
                        let h = h as usize;
                        s.raise_flop = match choices {
                            Choices::Optimal => s.raise(2) > s.river,
                            Choices::Fixed { policy, .. } => {
                                let (a, b) = pair_cards(h);
                                policy.flop_raise(a, b, flop)
                            }
                        };
                        raising += u64::from(s.raise_flop);
                        sums[u * PAIRS + h] = s;
                    }
                    let checking = orbit.len() as u64 - raising;
                    if let Some(linears) = &table.preflop {
                        let w = (weight * orbit.len() as u64) as i128;
                        let sums = &mut scratch.preflop[u][class];
                        for (sum, linear) in sums.iter_mut().zip(linears) {
                            let v: i64 = (1..SLOTS)
                                .map(|slot| value_of_sums(linear, slot, all[slot]))
                                .sum();
                            *sum += w * v as i128;
                        }
                    }
                    let tally = &mut scratch.checked[u][class];
                    for slot in 1..SLOTS {
                        let (all, raised) = (all[slot], raised[slot]);
                        if raising > 0 {
                            let w = weight * raising;
                            add_outcomes(&mut tally[2], slot, all, w, dealer_hands);
                        }
                        if checking > 0 {
                            let w = weight * checking;
                            let folded = [0, 1, 2, 3].map(|k| all[k] - raised[k]);
                            add_outcomes(&mut tally[1], slot, raised, w, dealer_hands);
                            add_outcomes(&mut tally[0], slot, folded, w, dealer_hands);
                        }
                    }
                }
            }
            progress.advance(1);
            sums
        };
        // One scratch per thread of the pool (each locks only its own).
        let scratch: Vec<Mutex<Scratch>> = (0..rayon::current_num_threads())
            .map(|_| {
                Mutex::new(Scratch {
                    checked: vec![zero_tally.clone(); width],
                    preflop: vec![vec![[0; 2]; classes]; width],
                    accumulators: Vec::new(),
                    rank_pairs: RankPairSums::default(),
                })
            })
            .collect();
        let kept = if keep { flops.len() * PAIRS } else { 0 };
        let mut pass_out: Vec<Vec<FlopSums>> = vec![Vec::with_capacity(kept); width];
        let mut pass_values = vec![vec![[0i128; 3]; classes]; width];
        // In flop order, a batch of flops at a time, so that the sums are
        // never held twice.
        let indices: Vec<usize> = (0..flops.len()).collect();
        for batch in indices.chunks(64) {
            let done: Vec<Vec<FlopSums>> = batch
                .par_iter()
                .map(|&f| {
                    let thread = rayon::current_thread_index().unwrap_or(0);
                    let mut scratch = scratch[thread].lock().expect("a scratch of one thread");
                    per_flop(&mut scratch, f)
                })
                .collect();
            for (&f, sums) in batch.iter().zip(done) {
                for (u, out) in pass_out.iter_mut().enumerate() {
                    let sums = &sums[u * PAIRS..(u + 1) * PAIRS];
                    tally::add_flop_values(river, f, sums, &mut pass_values[u]);
                    if keep {
                        out.extend_from_slice(sums);
                    }
                }
            }
        }
        let mut pass_checked = vec![zero_tally.clone(); width];
        let mut pass_preflop: Vec<Option<PreflopSums>> = pass_tables
            .iter()
            .map(|t| t.preflop.map(|_| vec![[0; 2]; classes]))
            .collect();
        for scratch in scratch {
            let scratch = scratch.into_inner().expect("a scratch of one thread");
            for (total, own) in pass_checked.iter_mut().zip(&scratch.checked) {
                for (t, o) in total.iter_mut().flatten().zip(own.iter().flatten()) {
                    tally::add_counts(t, o);
                }
            }
            for (total, own) in pass_preflop.iter_mut().zip(&scratch.preflop) {
                for (t, o) in total.iter_mut().flatten().zip(own) {
                    t[0] += o[0];
                    t[1] += o[1];
                }
            }
        }
        out.extend(pass_out);
        values_out.extend(pass_values);
        checked_out.extend(pass_checked);
        preflop_out.extend(pass_preflop);
    }
    progress.finish();
    (out, values_out, checked_out, preflop_out)
}

/// A turn/river of a flop read per holding: its board's row, a suit
/// renaming onto the canonical board, the board's flush context
/// ([`board_context`]) and the turn and river cards.
#[derive(Clone, Copy)]
struct Located {
    row: u32,
    perm: u8,
    context: u8,
    turn_river: u64,
}

/// For the representative holdings `reps` of `flop`, over every turn/river:
/// per representative and coded slot, the sums of the entries.
///
/// A board with at most two cards of each suit has no flush, so its entry
/// for a holding depends only on the holding's two ranks (its row has one
/// entry per pair of ranks), and so does the optimal river decision. With
/// codes by entry (optimal river decisions; a fixed policy may tell suits
/// apart), such turn/rivers are summed once per pair of ranks
/// ([`RankPairSums`]), and each holding takes the sums of its ranks less the
/// turn/rivers that hold one of its cards. Every other turn/river (a flush
/// is possible) is read per holding: in chunks of [`CHUNK`] rows, with the
/// representatives in blocks of [`BLOCK`] whose sums stay near the processor,
/// each block reading the chunk's rows (then in the level-2 cache). A
/// holding's entry is at the same position of the row whichever renaming
/// located it (see [`RiverTable::positions`]); the positions of the
/// representatives are listed once per flush context, and, for codes by
/// holding, their holdings on the canonical board once per renaming.
fn gather(river: &RiverTable, flop: CardSet, reps: &[u16], codes: Codes, scratch: &mut Scratch) {
    let acc = &mut scratch.accumulators;
    acc.clear();
    acc.resize(reps.len() * CODED_SLOTS, [0; 2]);
    let mut located: Vec<Located> = Vec::with_capacity(PAIRS);
    match codes {
        Codes::ByEntry(entry_codes) => {
            let sums = &mut scratch.rank_pairs;
            sums.fill(river, flop, entry_codes);
            for (acc, &h) in acc.chunks_exact_mut(CODED_SLOTS).zip(reps) {
                sums.holding_sums(h as usize, acc);
            }
            located.extend_from_slice(&sums.flush_rows);
        }
        Codes::ByHolding(_) => {
            for_each_subset(river.deck.minus(flop), 2, |turn_river| {
                located.push(locate(river, flop, turn_river));
            });
        }
    }
    // The cards of each representative, its entry position per flush
    // context, and, for codes by holding, its holding on the canonical board
    // per renaming.
    let masks: Vec<u64> = reps
        .iter()
        .map(|&h| {
            let (a, b) = pair_cards(h as usize);
            a.mask() | b.mask()
        })
        .collect();
    let mut in_row: Vec<Vec<u16>> = vec![Vec::new(); CONTEXTS];
    let mut canonical: Vec<Vec<u16>> = vec![Vec::new(); 24];
    for l in &located {
        let list = &mut in_row[l.context as usize];
        if list.is_empty() {
            let positions = river.positions(l.context as usize);
            list.extend(reps.iter().map(|&h| positions[h as usize]));
        }
        let list = &mut canonical[l.perm as usize];
        if matches!(codes, Codes::ByHolding(_)) && list.is_empty() {
            let map = river.pair_maps.map(l.perm as usize);
            list.extend(reps.iter().map(|&h| map[h as usize]));
        }
    }
    for (c, chunk) in located.chunks(CHUNK).enumerate() {
        for (b, start) in (0..reps.len()).step_by(BLOCK).enumerate() {
            let end = (start + BLOCK).min(reps.len());
            let acc = &mut acc[start * CODED_SLOTS..end * CODED_SLOTS];
            let masks = &masks[start..end];
            for (j, l) in chunk.iter().enumerate() {
                let row = l.row as usize;
                // The first block loads the next chunk's rows meanwhile.
                if b == 0 {
                    if let Some(next) = located.get((c + 1) * CHUNK + j) {
                        prefetch(river.row(next.row as usize));
                    }
                }
                let read = RowRead {
                    positions: &in_row[l.context as usize][start..end],
                    masks,
                    turn_river: l.turn_river,
                    entries: river.row(row),
                    exceptions: river.row_exceptions(row),
                };
                match codes {
                    Codes::ByEntry(codes) => {
                        let code_row = &codes[river.row_range(row)];
                        read.add_to(acc, |_, g| code_row[g] as usize);
                    }
                    Codes::ByHolding(codes) => {
                        let code_row = &codes[row * CODE_WORDS..(row + 1) * CODE_WORDS];
                        let canonical = &canonical[l.perm as usize][start..end];
                        read.add_to(acc, |i, _| {
                            let h = canonical[i] as usize;
                            (code_row[h / 32] >> (2 * (h % 32)) & 3) as usize
                        });
                    }
                }
            }
        }
    }
}

/// The turn/river `turn_river` of `flop`, located.
fn locate(river: &RiverTable, flop: CardSet, turn_river: CardSet) -> Located {
    let board = flop.union(turn_river);
    let (row, perm) = river.locate_row_perm(board);
    Located {
        row: row as u32,
        perm: perm as u8,
        context: board_context(board) as u8,
        turn_river: turn_river.0,
    }
}

/// An entry with its coded slot, in 64 bits: `x | y << 16 | z << 32 |
/// slot << 48`; 0 when there is no entry.
type Compact = u64;

fn compact(slot: usize, e: Entry) -> Compact {
    e.x as u64 | (e.y as u64) << 16 | (e.z as u64) << 32 | (slot as u64) << 48
}

/// The coded slot of a compact entry and what it adds to its accumulator
/// (a count of 1, or 0 for no entry).
#[inline(always)]
fn addends(c: Compact) -> (usize, Accumulator) {
    let (x, y, z) = (c & 0xffff, c >> 16 & 0xffff, c >> 32 & 0xffff);
    let slot = (c >> 48) as usize;
    (slot, [x | y << 32, z | u64::from(slot != 0) << 32])
}

/// One flop's turn/rivers without a possible flush, summed per pair of
/// ranks: see [`gather`]. Kept by each thread's [`Scratch`] and refilled
/// for each flop.
#[derive(Default)]
struct RankPairSums {
    /// Per card: the turn/rivers without a flush that hold it, as (position
    /// in the enumeration, the other card's index).
    with_card: Vec<Vec<(u16, u8)>>,
    /// Per turn/river without a flush and pair of ranks ([`class_pair`]):
    /// the entry of a holding of those ranks (0 where none avoids the
    /// board), `[turn/river * RANK_PAIRS + pair]`.
    entries: Vec<Compact>,
    /// Per pair of ranks: the sums of its entries over the turn/rivers
    /// without a flush, [`CODED_SLOTS`] accumulators.
    sums: Vec<Accumulator>,
    /// The turn/rivers with a possible flush.
    flush_rows: Vec<Located>,
}

impl RankPairSums {
    /// Refills the sums for `flop`: its turn/rivers without a flush summed
    /// per pair of ranks, each entry in the slot of its category and its
    /// optimal river code (`entry_codes`, one byte per row entry); the
    /// others listed in `flush_rows`.
    fn fill(&mut self, river: &RiverTable, flop: CardSet, entry_codes: &[u8]) {
        let off_flop = river.deck.minus(flop);
        let trs = choose(off_flop.len() as u64, 2) as usize;
        self.with_card.resize(DECK_SIZE, Vec::new());
        for list in &mut self.with_card {
            list.clear();
        }
        self.entries.resize(RANK_PAIRS * trs, 0);
        self.sums.clear();
        self.sums.resize(RANK_PAIRS * CODED_SLOTS, [0; 2]);
        self.flush_rows.clear();
        // (index among the turn/rivers, row) of those without a flush.
        let mut no_flush_rows: Vec<(usize, usize)> = Vec::with_capacity(trs);
        let mut i = 0;
        for_each_subset(off_flop, 2, |tr| {
            let located = locate(river, flop, tr);
            if located.context != 0 {
                self.flush_rows.push(located);
            } else {
                let t = tr.0.trailing_zeros() as u8;
                let r = (63 - tr.0.leading_zeros()) as u8;
                self.with_card[t as usize].push((i as u16, r));
                self.with_card[r as usize].push((i as u16, t));
                no_flush_rows.push((i, located.row as usize));
            }
            i += 1;
        });
        // The rows are far apart in memory: the row after next is asked for
        // while this one is read. A row without a flush has one entry per
        // pair of ranks, in the order of `class_pair`.
        for (n, &(i, row)) in no_flush_rows.iter().enumerate() {
            if let Some(&(_, next)) = no_flush_rows.get(n + 2) {
                prefetch(river.row(next));
            }
            let (entries, codes) = (river.row(row), &entry_codes[river.row_range(row)]);
            let exceptions = river.row_exceptions(row);
            debug_assert_eq!(entries.len(), RANK_PAIRS);
            for (pair, (&entry, &code)) in entries.iter().zip(codes).enumerate() {
                let e = unpack(entry, || exceptions);
                let c = compact(e.slot + SLOTS * code as usize, e);
                self.entries[i * RANK_PAIRS + pair] = c;
                let (slot, add) = addends(c);
                let acc = &mut self.sums[pair * CODED_SLOTS + slot];
                acc[0] += add[0];
                acc[1] += add[1];
            }
        }
    }

    /// The sums of holding `h` (off the flop) over the turn/rivers without
    /// a flush, into `acc`: the sums of its ranks, less the turn/rivers that
    /// hold one of its cards (each once, so that no sum goes below zero).
    fn holding_sums(&self, h: usize, acc: &mut [Accumulator]) {
        let (a, b) = pair_cards(h);
        let pair = class_pair(a.rank(), b.rank());
        acc.copy_from_slice(&self.sums[pair * CODED_SLOTS..(pair + 1) * CODED_SLOTS]);
        let entries = &self.entries[pair..];
        let mut take = |i: u16| {
            let (slot, sub) = addends(entries[i as usize * RANK_PAIRS]);
            acc[slot][0] -= sub[0];
            acc[slot][1] -= sub[1];
        };
        for &(i, _) in &self.with_card[a.index()] {
            take(i);
        }
        // The turn/river {a, b} was taken with a.
        for &(i, _) in self.with_card[b.index()]
            .iter()
            .filter(|&&(_, c)| c as usize != a.index())
        {
            take(i);
        }
    }
}

/// One row read for a block of holdings: the entries at `positions` (one
/// per holding of the block, in order). A holding whose cards `masks` meet
/// the turn or river reads an empty entry (slot 0, never read back).
struct RowRead<'r> {
    positions: &'r [u16],
    masks: &'r [u64],
    turn_river: u64,
    entries: &'r [u32],
    exceptions: &'r [u32],
}

impl RowRead<'_> {
    /// Adds the entries to the holdings' accumulators ([`CODED_SLOTS`]
    /// each), with the river code `code(holding in the block, position)`.
    #[inline(always)]
    fn add_to(&self, acc: &mut [Accumulator], code: impl Fn(usize, usize) -> usize) {
        let holdings = acc
            .chunks_exact_mut(CODED_SLOTS)
            .zip(self.positions.iter().zip(self.masks));
        for (i, (acc, (&g, &mask))) in holdings.enumerate() {
            let g = g as usize;
            let packed = if mask & self.turn_river == 0 {
                self.entries[g]
            } else {
                0
            };
            let e = unpack(packed, || self.exceptions);
            let acc = &mut acc[e.slot + SLOTS * code(i, g)];
            acc[0] += e.x as u64 | (e.y as u64) << 32;
            acc[1] += e.z as u64 | 1 << 32;
        }
    }
}

/// Representatives a block of [`gather`]: their sums take 45 KB.
const BLOCK: usize = 64;

/// Asks the processor to start loading a row into the level-2 cache (a
/// hint; no effect elsewhere).
#[inline(always)]
fn prefetch(row: &[u32]) {
    // Every 64-byte cache line the row touches (rows do not start on one).
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T1};
        let start = row.as_ptr() as usize;
        let end = start + std::mem::size_of_val(row);
        for line in (start & !63..end).step_by(64) {
            // SAFETY: a prefetch is a hint that never faults nor changes
            // memory, whatever the address; SSE is part of every x86_64
            // processor.
            unsafe { _mm_prefetch::<_MM_HINT_T1>(line as *const i8) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = row;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;

    #[test]
    fn sums_by_pairs_of_ranks_equal_the_sums_read_per_holding() {
        // `gather` both ways on every flop of a 24-card deck (9 to ace),
        // for every holding off the flop, with river codes that depend only
        // on the entry (as the optimal ones do) but mix all four codes.
        let deck = crate::cards::canonical::deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
        let river = RiverTable::build(deck, &Silent);
        let code = |e: Entry| ((e.x + 3 * e.y + 7 * e.z + e.slot as u32) % 4) as u8;
        let by_entry = entry_codes(&river, code);
        let by_holding = river_codes(&river, &Silent, |_, _, e| u64::from(code(e)));
        let scratch = || Scratch {
            checked: Vec::new(),
            preflop: Vec::new(),
            accumulators: Vec::new(),
            rank_pairs: RankPairSums::default(),
        };
        let (mut by_ranks, mut by_holdings) = (scratch(), scratch());
        let mut flops_with_both = 0;
        // C(21, 2) turn/rivers a flop.
        let turn_rivers = choose(deck.len() as u64 - 3, 2) as usize;
        for &(flop, _) in &river.flops {
            let holdings: Vec<u16> = all_pairs()
                .iter()
                .filter(|&&(_, m)| m & !deck.0 == 0 && m & flop.0 == 0)
                .map(|&(h, _)| h as u16)
                .collect();
            gather(
                &river,
                flop,
                &holdings,
                Codes::ByEntry(&by_entry),
                &mut by_ranks,
            );
            let codes = Codes::ByHolding(&by_holding);
            gather(&river, flop, &holdings, codes, &mut by_holdings);
            // Slot 0 (a holding's empty entries, never read back) differs:
            // read per holding, the entries of holdings that share a card
            // with the turn or river count there.
            let read_back = |acc: &[Accumulator]| -> Vec<Accumulator> {
                acc.iter()
                    .enumerate()
                    .filter(|(k, _)| k % SLOTS != 0)
                    .map(|(_, &a)| a)
                    .collect()
            };
            assert_eq!(
                read_back(&by_ranks.accumulators),
                read_back(&by_holdings.accumulators),
                "flop {flop:?}"
            );
            let flush_rows = by_ranks.rank_pairs.flush_rows.len();
            flops_with_both += usize::from(flush_rows > 0 && flush_rows < turn_rivers);
        }
        // Most flops have both kinds of turn/river.
        assert!(flops_with_both > river.flops.len() / 2, "{flops_with_both}");
    }
}
