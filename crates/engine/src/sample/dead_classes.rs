//! The sampled estimate of a dead-card case by **classes of its dead
//! cards** (`game --seen collude:3 --samples N --by-class`): a
//! seed-reproducible stratified sample of the classes of the partners'
//! cards under suit renaming, **each class solved exactly** by one
//! base-game solve of the deck less its cards
//! ([`crate::exact::seen::partners`]), for every player holding at once,
//! and by the fixed-policy solve of a control strategy on the same deck
//! (below). It is the exact run's own unit of work, drawn instead of enumerated: a
//! preview of the exact figure (16,432 classes for `collude:3`, a few
//! hundred CPU hours) within CPU minutes. Its figures are estimates, never
//! exact; each drawn class's value is exact.
//!
//! # Strata and the estimate
//! Every set `D` of dead cards leaves the same number of deals, so the
//! exact value is the mean over the sets of their values; a class of size
//! `s` (its `s` sets, renamings of one another, have one value) weighs
//! `s`. The classes are split into strata by their size (24 over the
//! renamings that keep the set: 1, 4, 6, 12, 24 for four cards), the
//! stratum's weight `W_h = s_h N_h / C(n, k)` its share of the sets
//! (exact). Each stratum draws `N` classes uniformly, with replacement,
//! from its own generator (seeded from the seed and the stratum's number,
//! as the situation sample of [`super::dead_cards`] seeds its strata), so
//! the same seed draws the same classes on any machine. The quantity
//! averaged is a class's gain `Y - B`, its exact expectation per Ante less
//! the base game's, less the control's (below): `d = (Y - B) - (X - E[X])`.
//! The estimate is `sum W_h mean_h(d)`, its standard error
//! `sqrt(sum W_h^2 s_h^2 / N)` (`s_h^2` the stratum's sample variance of
//! `d`) and its 95% half-width that times Student's t on the
//! Welch-Satterthwaite degrees of freedom, as in [`super::dead_cards`],
//! whose [`DeadEstimate`] it returns ([`stratified`]).
//!
//! # The control variate
//! A class's gain mixes two effects: the information (the player plays
//! knowing the four cards are out) and the removal itself (four fives out
//! help the player whatever he knows: +4.43% per Ante). The second varies
//! from class to class far more than the first, and drowned the estimate
//! (seed 1, 2 classes a stratum: +0.75% +/- 5.68%). So each drawn class's
//! deck is also played exactly by a strategy that ignores the dead cards,
//! the [control](CONTROL) (the Wizard of Odds strategy as
//! the shipped `wizard` strategy file, by the fixed-policy solve on the same river table):
//! its value `X` moves with the removal as `Y` does.
//!
//! **Why `E[X]` is the control's full-deck expectation.** Drawing the dead
//! set `D` uniformly among the `k`-card sets and then a deal (player,
//! board, dealer: nine cards) uniformly from the deck less `D` draws the
//! pair uniformly among the (set, deal) pairs of disjoint cards; its deal
//! alone is then uniform among the full deck's deals (each deal is disjoint
//! from the same number, `C(n - 9, k)`, of sets). The control's result on a
//! deal depends on the deal alone, not on `D`, so the mean over the sets
//! (a class weighing its size) of its expectation on the deck less `D` is
//! its expectation on the full deck, exactly. Every set leaves the same
//! number of deals, so the same holds for expectations per Ante. Checked
//! on sixteen cards, every class solved, as exact fractions
//! (tests/all/collusion_control.rs). Hence `E[d] = E[Y] - B`, the gain,
//! and `d` keeps the information's effect while the removal's cancels
//! (mostly: the best play uses the removal better than the control does).
//!
//! The optimal full-deck strategy would serve as well (its `E[X]` is then
//! the base game), but played on another deck it is a fixed policy too,
//! each of whose decisions is a look-up in the full-deck solution; the
//! Wizard strategy's rules are cheap.
//!
//! # Cost and memory
//! The control's river decisions are held by position of each canonical
//! board's row ([`evaluate_policy_totals`], docs/speed.md, "Summing by
//! pairs of classes"), beside the class's river table (816 MB for a
//! 48-card class kept by the identity alone); the memory of a class's two
//! solves is measured in docs/collusion-cost.md. The full deck's base
//! game and control are solved first, on a table dropped before the
//! classes; the cost told ([`ClassSampleCost`]) projects the sample from
//! both solves of a class and the exact run from the best play's alone,
//! which is all the exact run solves.

use super::dead_cards::{
    satterthwaite, Control, DeadEstimate, SamplePlan, SampleUnit, StratumEstimate,
};
use super::rng::{below, chunk_rng};
use super::t975;
use crate::cards::canonical::Symmetry;
use crate::cards::{choose, CardSet};
use crate::exact::game::{evaluate_policy_totals, solve_totals, RiverTable, Solution};
use crate::exact::seen::dead::DeadCase;
use crate::exact::seen::partners::dead_classes;
use crate::exact::seen::{check_blind_table, SeenError};
use crate::fraction::Fraction;
use crate::progress::timing::process_cpu_seconds;
use crate::progress::{Progress, Silent};
use crate::rules::paytable::PayTable;
use crate::strategy::{AsPolicy, FileStrategy};

/// The classes of `k` dead cards of `deck` grouped by class size: each
/// stratum's size and its classes (canonical sets, in class order), by
/// increasing size.
pub fn class_strata(deck: CardSet, k: usize) -> Vec<(u64, Vec<CardSet>)> {
    let mut strata: Vec<(u64, Vec<CardSet>)> = vec![];
    for (set, size) in dead_classes(deck, k) {
        match strata.iter_mut().find(|s| s.0 == size) {
            Some(s) => s.1.push(set),
            None => strata.push((size, vec![set])),
        }
    }
    strata.sort_by_key(|s| s.0);
    strata
}

/// The classes a plan draws, stratum by stratum (as [`class_strata`]), in
/// the order drawn.
pub fn class_draws(strata: &[(u64, Vec<CardSet>)], plan: SamplePlan) -> Vec<Vec<CardSet>> {
    strata
        .iter()
        .enumerate()
        .map(|(h, (_, classes))| {
            let mut rng = chunk_rng(plan.seed, h as u64);
            (0..plan.samples)
                .map(|_| classes[below(&mut rng, classes.len() as u64) as usize])
                .collect()
        })
        .collect()
}

/// The control strategy of the class sample: the shipped `wizard` file, a
/// fixed strategy that does not see the dead cards (see the module's doc).
pub const CONTROL: &str = "wizard";

/// The [control](CONTROL) strategy, read from its shipped file.
fn control() -> FileStrategy {
    FileStrategy::builtin(CONTROL).expect("the control is a shipped strategy")
}

/// A solution's exact expectation per Ante.
pub fn per_ante(solution: &Solution) -> Fraction {
    Fraction::new(
        solution.total_value,
        solution.sequences as i128 * solution.payoffs.scale as i128,
    )
}

/// One class's exact expectations per Ante on `deck` less `dead` (deals
/// identified under the renamings that fix `dead`, as
/// [`crate::exact::seen::partners::solve_dead_set`]): the best play's
/// (`Y`) and the [control](CONTROL)'s (`X`), both from one river table.
pub fn solve_class(blind_table: &PayTable, deck: CardSet, dead: CardSet) -> (Fraction, Fraction) {
    let solved = solve_class_timed(blind_table, deck, dead);
    (solved.best, solved.control)
}

/// A class solved ([`solve_class`]), with the CPU seconds of its two parts.
#[derive(Clone, Debug)]
pub struct ClassSolve {
    /// The best play's expectation per Ante (`Y`).
    pub best: Fraction,
    /// The [control](CONTROL)'s (`X`).
    pub control: Fraction,
    /// CPU seconds of the river table and the best play's solve: what the
    /// exact run spends on the class ([`solve_dead_set`]).
    ///
    /// [`solve_dead_set`]: crate::exact::seen::partners::solve_dead_set
    pub solve_seconds: f64,
    /// CPU seconds of the control's solve on the same table (its river
    /// decisions coded, its pass), which only the sample spends.
    pub control_seconds: f64,
}

/// [`solve_class`], timed on the process's CPU clock (the solves use every
/// thread).
pub fn solve_class_timed(blind_table: &PayTable, deck: CardSet, dead: CardSet) -> ClassSolve {
    let start = process_cpu_seconds();
    let river = RiverTable::build_under(deck.minus(dead), &Symmetry::fixing(dead), &Silent);
    let best = per_ante(&solve_totals(&river, blind_table, &Silent));
    let solved = process_cpu_seconds();
    let control_strategy = control();
    let policy = AsPolicy(&control_strategy);
    let control = per_ante(&evaluate_policy_totals(
        &river,
        blind_table,
        &policy,
        &Silent,
    ));
    ClassSolve {
        best,
        control,
        solve_seconds: solved - start,
        control_seconds: process_cpu_seconds() - solved,
    }
}

/// The [control](CONTROL)'s exact expectation per Ante on the deck of
/// `river` (the full deck's: the mean of its class values).
pub fn control_per_ante(river: &RiverTable, blind_table: &PayTable) -> Fraction {
    per_ante(&evaluate_policy_totals(
        river,
        blind_table,
        &AsPolicy(&control()),
        &Silent,
    ))
}

/// One drawn class, solved: its dead cards, its size, its exact gain over
/// the base game per Ante, the control's gain on the same deck and the CPU
/// seconds of its solves (the process's clock: the solves use every
/// thread).
#[derive(Clone, Debug)]
pub struct ClassRun {
    /// The class's canonical set of dead cards.
    pub dead: CardSet,
    /// Sets in the class.
    pub size: u64,
    /// Its expectation per Ante less the base game's, exactly (`Y - B`).
    pub gain: Fraction,
    /// The control's expectation per Ante on the class's deck less its
    /// full-deck expectation, exactly (`X - E[X]`).
    pub control_gain: Fraction,
    /// CPU seconds of the river table and the best play's solve: the exact
    /// run's cost of the class.
    pub solve_seconds: f64,
    /// CPU seconds of the control's solve on the same table: the sample's
    /// alone.
    pub control_seconds: f64,
}

impl ClassRun {
    /// What the estimate averages: the gain less the control's.
    pub fn controlled(&self) -> f64 {
        (self.gain.clone() - self.control_gain.clone()).to_f64()
    }

    /// CPU seconds of the class's two solves.
    pub fn seconds(&self) -> f64 {
        self.solve_seconds + self.control_seconds
    }
}

/// The projected cost: told after the first class is solved, and measured
/// on every drawn class at the end ([`ClassSampleCost::of_runs`]). The
/// sample solves each drawn class twice (the best play and the control);
/// the exact run of every class solves the best play alone
/// ([`crate::exact::seen::partners::solve_by_classes`]), so each is
/// projected from its own CPU time.
#[derive(Clone, Copy, Debug)]
pub struct ClassSampleCost {
    /// Classes solved in the sample.
    pub drawn: usize,
    /// CPU seconds per unit of class size of the sample's solves, the
    /// control's included.
    pub seconds_per_size: f64,
    /// CPU seconds per unit of class size of the best play's solve alone
    /// (the river table and the solve): the exact run's.
    pub solve_seconds_per_size: f64,
    /// The sizes of the drawn classes, added.
    pub drawn_size: u64,
    /// The sizes of every class, added: C(n, k), the exact run's work.
    pub total_size: u64,
}

impl ClassSampleCost {
    /// The cost measured on `runs` (the classes solved so far, each counting
    /// its size), for a sample of `drawn` classes of sizes adding to
    /// `drawn_size`, of a case whose classes' sizes add to `total_size`.
    pub fn of_runs(runs: &[ClassRun], drawn: usize, drawn_size: u64, total_size: u64) -> Self {
        let size: u64 = runs.iter().map(|r| r.size).sum();
        let per_size =
            |f: fn(&ClassRun) -> f64| runs.iter().map(f).sum::<f64>() / size.max(1) as f64;
        ClassSampleCost {
            drawn,
            seconds_per_size: per_size(ClassRun::seconds),
            solve_seconds_per_size: per_size(|r| r.solve_seconds),
            drawn_size,
            total_size,
        }
    }

    /// The sample's projected CPU hours: its classes' sizes at the
    /// sample's cost (both solves).
    pub fn sample_hours(&self) -> f64 {
        self.seconds_per_size * self.drawn_size as f64 / 3600.0
    }

    /// The exact run's projected CPU hours: every class's size at the best
    /// play's solve alone (no control).
    pub fn exact_run_hours(&self) -> f64 {
        self.solve_seconds_per_size * self.total_size as f64 / 3600.0
    }
}

/// A stratified estimate of a mean over the sets of dead cards: its
/// value, variance, the strata's parts and their means and variances.
#[derive(Clone, Debug, PartialEq)]
pub struct Stratified {
    /// `sum W_h mean_h`.
    pub mean: f64,
    /// `sum W_h^2 s_h^2 / n_h`.
    pub variance: f64,
    /// `sum (W_h^2 s_h^2 / n_h)^2 / (n_h - 1)`, for the degrees of freedom.
    pub spread: f64,
    /// Each stratum's mean and sample variance (0 for one value).
    pub strata: Vec<(f64, f64)>,
}

impl Stratified {
    /// The 95% half-width: Student's t on the Welch-Satterthwaite degrees
    /// of freedom times the standard error.
    pub fn half_width(&self) -> f64 {
        t975(satterthwaite(self.variance, self.spread)) * self.variance.sqrt()
    }
}

/// The stratified estimate from `values[h]`, the values drawn in stratum
/// `h` of `strata` (as [`class_strata`]), each stratum weighing its share
/// of the sets. With every class of each stratum once, `mean` is the exact
/// mean over the sets (up to rounding).
///
/// # Panics
/// If a stratum has no value.
pub fn stratified(strata: &[(u64, Vec<CardSet>)], values: &[Vec<f64>]) -> Stratified {
    let total: u64 = strata.iter().map(|(s, c)| s * c.len() as u64).sum();
    let mut out = Stratified {
        mean: 0.0,
        variance: 0.0,
        spread: 0.0,
        strata: vec![],
    };
    for ((size, classes), part) in strata.iter().zip(values) {
        assert!(!part.is_empty(), "a stratum without a value");
        let n = part.len() as f64;
        let mean = part.iter().sum::<f64>() / n;
        let var = if part.len() > 1 {
            part.iter().map(|g| (g - mean) * (g - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let weight = (size * classes.len() as u64) as f64 / total as f64;
        out.mean += weight * mean;
        let v = weight * weight * var / n;
        out.variance += v;
        if part.len() > 1 {
            out.spread += v * v / (n - 1.0);
        }
        out.strata.push((mean, var));
    }
    out
}

/// The base game's and the [control](CONTROL)'s exact expectations per
/// Ante on `deck` (the full deck's, the means of the class values), from
/// one river table, dropped before the classes are solved: the largest
/// class's solve holds its own table beside what is kept from here.
fn full_deck_values(
    table: &PayTable,
    deck: CardSet,
    progress: &dyn Progress,
) -> (Fraction, Fraction) {
    let river = RiverTable::build(deck, progress);
    let base = per_ante(&solve_totals(&river, table, progress));
    (base, control_per_ante(&river, table))
}

/// Estimates `case` (collude:2 or collude:3) on `deck` under Blind table
/// `table` from `plan.samples` classes of the dead cards a stratum, with
/// the [control](CONTROL) variate: the estimate and every drawn class's
/// exact gain, control gain and cost. The base game and the control's
/// full-deck value are solved first; the first class is timed and `cost`
/// is told the projection before the rest are solved.
///
/// # Panics
/// If `case` is not collude:2 or collude:3, `plan.samples` is below 2, or
/// the deck is too small to deal a hand.
pub fn estimate_by_classes(
    table: &PayTable,
    deck: CardSet,
    case: DeadCase,
    plan: SamplePlan,
    progress: &dyn Progress,
    cost: &mut dyn FnMut(ClassSampleCost),
) -> Result<(DeadEstimate, Vec<ClassRun>), SeenError> {
    let DeadCase::Collude(players @ 2..=3) = case else {
        panic!("{case}: the class sample is for collude:2 and collude:3");
    };
    assert!(plan.samples >= 2, "a stratum's variance needs two draws");
    check_blind_table(table)?;
    let k = case.dead_cards();
    assert!(deck.len() >= 9 + k, "deck too small to deal a hand");
    let (base_per_ante, control_mean) = full_deck_values(table, deck, progress);
    let strata = class_strata(deck, k);
    let drawn = class_draws(&strata, plan);
    let all: Vec<(CardSet, u64)> = strata
        .iter()
        .zip(&drawn)
        .flat_map(|((size, _), sets)| sets.iter().map(move |&s| (s, *size)))
        .collect();
    let n = deck.len() as u64;
    let total_size = choose(n, k as u64);
    let drawn_size = all.iter().map(|c| c.1).sum();
    progress.begin("dead cards: sampled classes", all.len() as u64);
    let mut runs = Vec::with_capacity(all.len());
    for (i, &(dead, size)) in all.iter().enumerate() {
        let solved = solve_class_timed(table, deck, dead);
        runs.push(ClassRun {
            dead,
            size,
            gain: solved.best - base_per_ante.clone(),
            control_gain: solved.control - control_mean.clone(),
            solve_seconds: solved.solve_seconds,
            control_seconds: solved.control_seconds,
        });
        progress.advance(1);
        if i == 0 {
            cost(ClassSampleCost::of_runs(
                &runs,
                all.len(),
                drawn_size,
                total_size,
            ));
        }
    }
    progress.finish();
    let samples = plan.samples as usize;
    let values = |f: &dyn Fn(&ClassRun) -> f64| -> Vec<Vec<f64>> {
        runs.chunks(samples)
            .map(|part| part.iter().map(f).collect())
            .collect()
    };
    let controlled = stratified(&strata, &values(&ClassRun::controlled));
    let plain = stratified(&strata, &values(&|r: &ClassRun| r.gain.to_f64()));
    let holdings = choose(n - k as u64, 2);
    let estimates = strata
        .iter()
        .zip(&controlled.strata)
        .map(|((size, classes), &(mean, variance))| {
            let sets = size * classes.len() as u64;
            StratumEstimate {
                name: format!("{} classes of size {size}", classes.len()),
                population: sets * holdings,
                samples: plan.samples,
                mean_gain: mean,
                variance,
            }
        })
        .collect();
    let estimate = DeadEstimate {
        players,
        unit: SampleUnit::Classes,
        paytable: table.id.clone(),
        deck,
        plan,
        population: total_size * holdings,
        strata: estimates,
        base_per_ante,
        gain: controlled.mean,
        std_error: controlled.variance.sqrt(),
        half_width: controlled.half_width(),
        control: Some(Control {
            strategy: CONTROL,
            per_ante: control_mean,
            plain_half_width: plain.half_width(),
        }),
    };
    Ok((estimate, runs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::canonical::deck_of_ranks;

    #[test]
    fn strata_hold_every_class_once_and_every_set() {
        // The sizes times the classes add to C(n, k), every set once.
        for (deck, k) in [
            (deck_of_ranks(&[9, 10, 11, 12]), 4),
            (CardSet::FULL_DECK, 4),
        ] {
            let strata = class_strata(deck, k);
            let sets: u64 = strata.iter().map(|(s, c)| s * c.len() as u64).sum();
            assert_eq!(sets, choose(deck.len() as u64, k as u64));
            let classes: usize = strata.iter().map(|s| s.1.len()).sum();
            assert_eq!(classes, dead_classes(deck, k).len());
        }
    }

    #[test]
    fn stratified_weighs_each_stratum_by_its_sets() {
        // Two classes of size 1 and one of size 2: four sets, each stratum
        // half of them. Values 1, 3 and 5, 7: means 2 and 6, variances 2;
        // mean 4, variance 2 x 0.25 x 2 / 2 = 0.5, spread 2 x 0.25^2 / 1.
        let c = |i: usize| CardSet::from_cards(&[crate::cards::Card::from_index(i)]);
        let strata = vec![(1, vec![c(0), c(1)]), (2, vec![c(2)])];
        let e = stratified(&strata, &[vec![1.0, 3.0], vec![5.0, 7.0]]);
        assert_eq!(e.mean, 4.0);
        assert_eq!(e.variance, 0.5);
        assert_eq!(e.spread, 0.125);
        assert_eq!(e.strata, vec![(2.0, 2.0), (6.0, 2.0)]);
        // Two degrees of freedom: t = 4.302652730.
        assert!((e.half_width() - 4.302_652_730 * 0.5f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn the_same_seed_draws_the_same_classes() {
        let strata = class_strata(CardSet::FULL_DECK, 4);
        let plan = |seed| SamplePlan { samples: 3, seed };
        assert_eq!(class_draws(&strata, plan(7)), class_draws(&strata, plan(7)));
        assert_ne!(class_draws(&strata, plan(7)), class_draws(&strata, plan(8)));
    }
}
