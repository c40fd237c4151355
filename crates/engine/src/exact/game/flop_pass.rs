//! Step 2 of the solve, the flop pass: for every canonical flop, every
//! holding and every Blind pay table, the values summed over the turn and
//! river ([`FlopSums`]) and the outcomes of the hands checked before the
//! flop ([`CheckedTally`]). The river table's entries are summed by
//! [`gather`]; this module turns the sums into values and decisions, two
//! pay tables a pass.

use super::gather::{gather, Gathered, CODED_SLOTS};
use super::payoffs::{balance_linear, Linear, Payoffs, SLOTS};
use super::policy::Choices;
use super::raised::{class_sums, raised_classes, ClassSums};
use super::river_codes::{Codes, RiverRule};
use super::river_table::{Entry, RiverTable};
use super::sums::{add_counts, CheckedTally, FlopSums, PassSums, PreflopSums, RiverLosses};
use super::{tally, Kind, CATEGORIES, KINDS};
use crate::cards::canonical::{all_pairs, pair_cards, PAIRS};
use crate::cards::CardSet;
use crate::progress::Progress;
use rayon::prelude::*;
use std::sync::Mutex;

/// The values a pay table gives a row entry.
pub(super) struct TableValues {
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

impl TableValues {
    /// Raising 1x on the river against folding, for an entry.
    pub(super) fn river_order(&self, e: Entry) -> std::cmp::Ordering {
        self.raise_river.at(e).cmp(&self.fold[e.slot])
    }

    /// What raising 1x on the river gains over folding (less than zero:
    /// loses) in entries of category slot `slot` summed (`[x, y, z,
    /// count]`), summed over their dealer holdings.
    pub(super) fn river_gain(&self, slot: usize, sums: [u32; 4]) -> i64 {
        value_of_sums(&self.raise_river, slot, sums) - i64::from(sums[3]) * self.fold[slot]
    }
}

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

/// Adds summed entries of category slot `slot` (`[x, y, z, count]`),
/// times `weight`, to `tally`.
fn add_outcomes(
    tally: &mut [[u64; CATEGORIES]; KINDS],
    slot: usize,
    sums: [u64; 4],
    weight: u64,
    dealer_hands: u32,
) {
    let p = slot - 1;
    let (kx, ky) = Entry::kinds(p);
    let [x, y, z, count] = sums;
    tally[kx as usize][p] += weight * x;
    tally[ky as usize][p] += weight * y;
    tally[Kind::Tie as usize][p] += weight * z;
    tally[Kind::LoseDealerQualifies as usize][p] +=
        weight * (count * dealer_hands as u64 - x - y - z);
}

/// Adds to `losses` (`[slot][way]`, see [`RiverLosses`]) what the
/// policy's river decisions (bit 0 of the codes) lose against the optimal
/// ones (bit 1) in the entries of one holding summed per coded slot
/// (`slot_sums`), each counted `weight` times: where the policy raises and
/// the optimal play folds (code 1), folding's value less raising's; the
/// reverse (code 2), raising's less folding's. Neither is ever negative.
fn river_losses(
    table: &TableValues,
    slot_sums: &[Sums; CODED_SLOTS],
    weight: u64,
    dealer_hands: u32,
    losses: &mut [[(i128, u64); 2]; SLOTS],
) {
    for (slot, losses) in losses.iter_mut().enumerate().skip(1) {
        for (way, code) in [(0, 1), (1, 2)] {
            let sums = slot_sums[slot + SLOTS * code];
            if sums[3] == 0 {
                continue;
            }
            let raise = value_of_sums(&table.raise_river, slot, sums);
            let fold = i64::from(sums[3]) * table.fold[slot];
            let loss = if way == 0 { fold - raise } else { raise - fold };
            debug_assert!(loss >= 0, "a deviation from the optimal river decision");
            losses[way].0 += i128::from(weight) * i128::from(loss);
            losses[way].1 += weight * u64::from(sums[3]) * u64::from(dealer_hands);
        }
    }
}

/// What one thread of the pool accumulates over the flops it sums.
struct Scratch {
    /// Per table of the pass.
    checked: Vec<CheckedTally>,
    /// Per table of the pass and starting-hand class, the values of
    /// raising 4x and 3x under a payout limit ([`PreflopSums`]).
    preflop: Vec<PreflopSums>,
    /// The sums of the flop being summed ([`gather`]).
    gathered: Gathered,
    /// What the policy's river decisions lose, per class (a fixed policy
    /// beside the optimal decisions only, else empty).
    river_losses: RiverLosses,
}

/// For every canonical flop, every holding and every pay table, the sums
/// over the turn and river (`[table][flop * PAIRS + holding]`, kept when
/// `keep`), and the outcomes of the hands checked before the flop, per
/// table: two tables a pass ([`Pass`]), each entry read adding to the slot
/// of its category and its two river decisions.
pub(super) fn flop_sums(
    river: &RiverTable,
    payoffs: &[Payoffs],
    choices: &Choices,
    keep: bool,
    progress: &dyn Progress,
) -> PassSums {
    let tables = table_values(payoffs, river.dealer_hands);
    let mut sums: PassSums = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    progress.begin(
        "solving the base game: flop decisions (2 of 2)",
        (river.flops.len() * tables.len().div_ceil(2)) as u64,
    );
    for pass_tables in tables.chunks(2) {
        let owned;
        let codes = match choices {
            Choices::Optimal => {
                owned = RiverRule::new(
                    pass_tables
                        .iter()
                        .map(|t| (t.raise_river, t.fold))
                        .collect(),
                );
                Codes::ByEntry(&owned)
            }
            Choices::Fixed {
                river_codes,
                by_classes: true,
                ..
            } => Codes::ByPosition(river_codes, pass_tables.len()),
            Choices::Fixed { river_codes, .. } => Codes::ByHolding(river_codes),
        };
        // For a fixed policy's totals alone (unlimited tables), the classes
        // each table's policy raises before the flop are summed apart
        // ([`super::raised`]).
        let raised = match choices {
            Choices::Fixed {
                policy,
                second,
                with_optimal: false,
                ..
            } if !keep && pass_tables.iter().all(|t| t.preflop.is_none()) => {
                [Some(*policy), *second]
                    .into_iter()
                    .flatten()
                    .take(pass_tables.len())
                    .map(|p| raised_classes(river, p))
                    .collect()
            }
            _ => Vec::new(),
        };
        let pass = Pass {
            river,
            tables: pass_tables,
            choices,
            codes,
            balance: balance_linear(river.dealer_hands),
            raised,
            progress,
        };
        let (kept, values, checked, preflop, losses) = pass.run(keep);
        sums.0.extend(kept);
        sums.1.extend(values);
        sums.2.extend(checked);
        sums.3.extend(preflop);
        sums.4.extend(losses);
    }
    progress.finish();
    sums
}

/// The values each pay table gives a row entry.
pub(super) fn table_values(payoffs: &[Payoffs], dealer_hands: u32) -> Vec<TableValues> {
    let balance = balance_linear(dealer_hands);
    payoffs
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
        .collect()
}

/// The holdings of a flop off it, grouped by orbits of the renamings that
/// fix the flop: a renaming that fixes the flop maps each holding to one of
/// the same value (it only permutes the turn/river pairs), so only the
/// smallest holding of each orbit, its representative, is summed; the
/// others take its sums. This halves the work on average.
pub(super) struct Orbits {
    /// Every holding with its representative, `(representative, holding)`,
    /// sorted (so grouped by representative).
    pub(super) members: Vec<(u16, u16)>,
    /// The representatives, in holding order.
    pub(super) reps: Vec<u16>,
}

impl Orbits {
    /// The orbits of the holdings off `flop` whose class (a renaming keeps
    /// it) is not `skipped`.
    pub(super) fn of(river: &RiverTable, flop: CardSet, skipped: impl Fn(usize) -> bool) -> Orbits {
        let deck = river.deck;
        let fixing: Vec<&[u16; PAIRS]> = river
            .perms
            .iter()
            .enumerate()
            .filter(|(_, p)| p.set(flop) == flop)
            .map(|(i, _)| river.pair_maps.map(i))
            .collect();
        let representative = |h: usize| fixing.iter().map(|m| m[h] as usize).min().unwrap_or(h);
        let mut members: Vec<(u16, u16)> = all_pairs()
            .iter()
            .filter(|&&(_, m)| m & !deck.0 == 0 && m & flop.0 == 0)
            .filter(|&&(h, _)| !river.class_of_pair[h].is_some_and(&skipped))
            .map(|&(h, _)| (representative(h) as u16, h as u16))
            .collect();
        let reps: Vec<u16> = members
            .iter()
            .filter(|&&(r, h)| r == h)
            .map(|&(r, _)| r)
            .collect();
        members.sort_unstable();
        Orbits { members, reps }
    }
}

/// One pass of the flop pass: one or two tables, their river decisions.
struct Pass<'p> {
    river: &'p RiverTable,
    tables: &'p [TableValues],
    choices: &'p Choices<'p>,
    codes: Codes<'p>,
    /// The Play balance of an entry (the same for every table).
    balance: Linear,
    /// Per table, the classes its policy raises before the flop, summed
    /// apart ([`super::raised`]: a fixed policy's totals alone); empty
    /// when every class is summed by the pass.
    raised: Vec<Vec<bool>>,
    progress: &'p dyn Progress,
}

impl Pass<'_> {
    /// Whether table `u`'s class `class` is raised before the flop and
    /// summed apart ([`super::raised`]).
    fn raised(&self, u: usize, class: usize) -> bool {
        self.raised.get(u).is_some_and(|r| r[class])
    }

    /// Adds to each table's class values (raise 4x, raise 3x) and outcomes
    /// those of the classes its policy raises before the flop, from their
    /// sums over every board ([`class_sums`]): the flop pass skipped them.
    /// Every value is linear in the sums, so it is the integer the pass
    /// would have summed flop by flop.
    fn add_raised(&self, values: &mut [Vec<[i128; 3]>], checked: &mut [CheckedTally]) {
        if self.raised.is_empty() {
            return;
        }
        let classes = self.river.hole_classes.len();
        let wanted: Vec<bool> = (0..classes)
            .map(|c| (0..self.raised.len()).any(|u| self.raised(u, c)))
            .collect();
        let sums: Vec<ClassSums> = class_sums(self.river, &wanted);
        let dealer_hands = self.river.dealer_hands;
        // The value of sums `[x, y, z, count]` of one slot, in 128 bits.
        let value = |linear: &Linear, slot: usize, s: [u64; 4]| -> i128 {
            let c = linear.slots[slot].map(i128::from);
            let [x, y, z, count] = s.map(i128::from);
            c[0] * count + c[1] * x + c[2] * y + c[3] * z
        };
        for (u, table) in self.tables.iter().enumerate() {
            for (c, sums) in sums.iter().enumerate() {
                if !self.raised(u, c) {
                    continue;
                }
                let (mut a, mut balance) = (0i128, 0i128);
                for (slot, &s) in sums.iter().enumerate().skip(1) {
                    a += value(&table.ante_blind, slot, s);
                    balance += value(&self.balance, slot, s);
                    // Every outcome ends with the raise: the tally moves
                    // the class's outcomes, of any play, to it.
                    add_outcomes(&mut checked[u][c][2], slot, s, 1, dealer_hands);
                }
                let b = balance * i128::from(table.play_win);
                values[u][c][0] += a + 4 * b;
                values[u][c][1] += a + 3 * b;
            }
        }
    }

    /// Whether the pass prices a fixed policy's deviations: its first
    /// table plays the policy, its second the optimal decisions.
    fn with_optimal(&self) -> bool {
        matches!(
            self.choices,
            Choices::Fixed {
                with_optimal: true,
                ..
            }
        )
    }

    /// Sums every flop, in flop order, a batch of flops at a time (so that
    /// the sums are never held twice), one scratch per thread of the pool
    /// (each locks only its own); then adds the threads' tallies.
    fn run(&self, keep: bool) -> PassSums {
        let (river, width) = (self.river, self.tables.len());
        let (flops, classes) = (river.flops.len(), river.hole_classes.len());
        let losses_of =
            |with: bool| vec![[[(0i128, 0u64); 2]; SLOTS]; if with { classes } else { 0 }];
        let zero_tally = vec![[[[0u64; CATEGORIES]; KINDS]; 3]; classes];
        let scratch: Vec<Mutex<Scratch>> = (0..rayon::current_num_threads())
            .map(|_| {
                Mutex::new(Scratch {
                    checked: vec![zero_tally.clone(); width],
                    preflop: vec![vec![[0; 2]; classes]; width],
                    gathered: Gathered::default(),
                    river_losses: losses_of(self.with_optimal()),
                })
            })
            .collect();
        let kept = if keep { flops * PAIRS } else { 0 };
        let mut pass_out: Vec<Vec<FlopSums>> = vec![Vec::with_capacity(kept); width];
        let mut pass_values = vec![vec![[0i128; 3]; classes]; width];
        let indices: Vec<usize> = (0..flops).collect();
        for batch in indices.chunks(64) {
            let done: Vec<Vec<FlopSums>> = batch
                .par_iter()
                .map(|&f| {
                    let thread = rayon::current_thread_index().unwrap_or(0);
                    let mut scratch = scratch[thread].lock().expect("a scratch of one thread");
                    self.flop(&mut scratch, f)
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
        let mut pass_checked = vec![zero_tally; width];
        let mut pass_preflop: Vec<Option<PreflopSums>> = self
            .tables
            .iter()
            .map(|t| t.preflop.map(|_| vec![[0; 2]; classes]))
            .collect();
        self.add_raised(&mut pass_values, &mut pass_checked);
        let mut pass_losses = losses_of(self.with_optimal());
        for scratch in scratch {
            let scratch = scratch.into_inner().expect("a scratch of one thread");
            for (total, own) in pass_losses.iter_mut().zip(&scratch.river_losses) {
                for (t, o) in total.iter_mut().flatten().zip(own.iter().flatten()) {
                    t.0 += o.0;
                    t.1 += o.1;
                }
            }
            for (total, own) in pass_checked.iter_mut().zip(&scratch.checked) {
                for (t, o) in total.iter_mut().flatten().zip(own.iter().flatten()) {
                    add_counts(t, o);
                }
            }
            for (total, own) in pass_preflop.iter_mut().zip(&scratch.preflop) {
                for (t, o) in total.iter_mut().flatten().zip(own) {
                    t[0] += o[0];
                    t[1] += o[1];
                }
            }
        }
        let losses = if self.with_optimal() {
            vec![pass_losses]
        } else {
            vec![]
        };
        (pass_out, pass_values, pass_checked, pass_preflop, losses)
    }

    /// Flop `f`'s sums, `[table * PAIRS + holding]`: its representatives'
    /// entries gathered, then each orbit's sums, decisions and tallies.
    fn flop(&self, scratch: &mut Scratch, f: usize) -> Vec<FlopSums> {
        let river = self.river;
        let flop = river.flops[f].0;
        // The holdings of classes every table raises before the flop are
        // not summed here ([`super::raised`]).
        let skipped = |c: usize| (0..self.tables.len()).all(|u| self.raised(u, c));
        let orbits = Orbits::of(river, flop, skipped);
        gather(river, flop, &orbits.reps, self.codes, &mut scratch.gathered);
        let mut sums = vec![FlopSums::default(); self.tables.len() * PAIRS];
        let reps = orbits.reps.iter().enumerate();
        for ((i, &rep), orbit) in reps.zip(orbits.members.chunk_by(|x, y| x.0 == y.0)) {
            debug_assert_eq!(orbit[0].0, rep, "orbits in holding order");
            let acc = &scratch.gathered.accumulators[i * CODED_SLOTS..(i + 1) * CODED_SLOTS];
            let slot_sums: [Sums; CODED_SLOTS] = std::array::from_fn(|k| {
                let [xy, zc] = acc[k];
                [xy as u32, (xy >> 32) as u32, zc as u32, (zc >> 32) as u32]
            });
            self.orbit(scratch, f, orbit, &slot_sums, &mut sums);
        }
        self.progress.advance(1);
        sums
    }

    /// The sums of one orbit's holdings on flop `f` under each table, from
    /// the entries of its representative summed per coded slot
    /// (`slot_sums`), into `sums`; their flop decisions; and what the
    /// holdings checked before the flop add to the tallies.
    fn orbit(
        &self,
        scratch: &mut Scratch,
        f: usize,
        orbit: &[(u16, u16)],
        slot_sums: &[Sums; CODED_SLOTS],
        sums: &mut [FlopSums],
    ) {
        let river = self.river;
        let (flop, weight) = river.flops[f];
        // Suit renamings keep a holding's starting-hand class.
        let class = river.class_of_pair[orbit[0].0 as usize].expect("a holding of the deck");
        // A fixed policy's flop decision, the same for every holding of the
        // orbit (the policy is suit-symmetric, and a renaming that fixes the
        // flop maps one holding onto another): asked once.
        let (a, b) = pair_cards(orbit[0].0 as usize);
        // Not asked of a class its table raises before the flop, summed
        // apart ([`super::raised`]).
        let (fixed_raise, second_raise) = match self.choices {
            Choices::Fixed { policy, second, .. } => (
                (!self.raised(0, class)).then(|| policy.flop_raise(a, b, flop)),
                second
                    .filter(|_| !self.raised(1, class))
                    .map(|p| p.flop_raise(a, b, flop)),
            ),
            Choices::Optimal => (None, None),
        };
        // Per category slot, the entries whatever the river decision, and
        // their Play balance (the same for every table).
        let mut all = [[0u32; 4]; SLOTS];
        let mut balance_sum = 0i64;
        for (slot, all) in all.iter_mut().enumerate().skip(1) {
            *all = (0..4).fold([0; 4], |acc, code| {
                add_sums(acc, slot_sums[slot + SLOTS * code])
            });
            balance_sum += value_of_sums(&self.balance, slot, *all);
        }
        for (u, table) in self.tables.iter().enumerate() {
            if self.raised(u, class) {
                // Summed apart; its sums here stay 0.
                continue;
            }
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
            // The flop decision of the orbit's holdings: the policy's under
            // its table (the first), the second policy's under the second
            // when there is one, else the optimal one.
            s.raise_flop = match (fixed_raise, second_raise, u) {
                (Some(raise), _, 0) | (_, Some(raise), 1) => raise,
                _ => s.raise(2) > s.river,
            };
            for &(_, h) in orbit {
                sums[u * PAIRS + h as usize] = s;
            }
            let raising = if s.raise_flop { orbit.len() as u64 } else { 0 };
            let checking = orbit.len() as u64 - raising;
            if u == 0 && checking > 0 && self.with_optimal() {
                let w = weight * checking;
                let losses = &mut scratch.river_losses[class];
                river_losses(table, slot_sums, w, river.dealer_hands, losses);
            }
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
            let dealer_hands = river.dealer_hands;
            for slot in 1..SLOTS {
                let (all, raised) = (all[slot], raised[slot]);
                if raising > 0 {
                    let w = weight * raising;
                    add_outcomes(&mut tally[2], slot, all.map(u64::from), w, dealer_hands);
                }
                if checking > 0 {
                    let w = weight * checking;
                    let folded = [0, 1, 2, 3].map(|k| all[k] - raised[k]);
                    add_outcomes(&mut tally[1], slot, raised.map(u64::from), w, dealer_hands);
                    add_outcomes(&mut tally[0], slot, folded.map(u64::from), w, dealer_hands);
                }
            }
        }
    }
}
