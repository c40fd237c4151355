//! The sampled estimate of a dead-card case by **classes of its dead
//! cards** (`game --seen collude:3 --samples N --by-class`): a
//! seed-reproducible stratified sample of the classes of the partners'
//! cards under suit renaming, **each class solved exactly** by one
//! base-game solve of the deck less its cards
//! ([`crate::exact::seen::partners`]), for every player holding at once.
//! It is the exact run's own unit of work, drawn instead of enumerated: a
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
//! averaged is a class's gain: its exact expectation per Ante less the base
//! game's. The estimate is `sum W_h mean_h`, its standard error
//! `sqrt(sum W_h^2 s_h^2 / N)` and its 95% half-width that times Student's
//! t on the Welch-Satterthwaite degrees of freedom, as in
//! [`super::dead_cards`], whose [`DeadEstimate`] it returns.

use super::dead_cards::{satterthwaite, DeadEstimate, SamplePlan, SampleUnit, StratumEstimate};
use super::rng::{below, chunk_rng};
use super::t975;
use crate::cards::{choose, CardSet};
use crate::exact::game::Solution;
use crate::exact::seen::dead::DeadCase;
use crate::exact::seen::partners::{dead_classes, solve_dead_set};
use crate::exact::seen::{check_blind_table, SeenError};
use crate::fraction::Fraction;
use crate::progress::timing::process_cpu_seconds;
use crate::progress::Progress;

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

/// One drawn class, solved: its dead cards, its size, its exact gain over
/// the base game per Ante and the CPU seconds of its solve (the process's
/// clock: the solve uses every thread).
#[derive(Clone, Debug)]
pub struct ClassRun {
    /// The class's canonical set of dead cards.
    pub dead: CardSet,
    /// Sets in the class.
    pub size: u64,
    /// Its expectation per Ante less the base game's, exactly.
    pub gain: Fraction,
    /// CPU seconds of the solve.
    pub seconds: f64,
}

/// The projected cost, told after the first class is solved.
#[derive(Clone, Copy, Debug)]
pub struct ClassSampleCost {
    /// Classes to solve in the sample.
    pub drawn: usize,
    /// CPU seconds per unit of class size, measured on the first class.
    pub seconds_per_size: f64,
    /// The sizes of the drawn classes, added.
    pub drawn_size: u64,
    /// The sizes of every class, added: C(n, k), the exact run's work.
    pub total_size: u64,
}

/// Estimates `case` (collude:2 or collude:3) on the deck of `base` under
/// its Blind table from `plan.samples` classes of the dead cards a
/// stratum: the estimate and every drawn class's exact gain and cost. The
/// first class is timed and `cost` is told the projection before the rest
/// are solved.
///
/// # Panics
/// If `case` is not collude:2 or collude:3, `plan.samples` is below 2, or
/// the deck is too small to deal a hand.
pub fn estimate_by_classes(
    base: &Solution,
    case: DeadCase,
    plan: SamplePlan,
    progress: &dyn Progress,
    cost: &mut dyn FnMut(ClassSampleCost),
) -> Result<(DeadEstimate, Vec<ClassRun>), SeenError> {
    let DeadCase::Collude(players @ 2..=3) = case else {
        panic!("{case}: the class sample is for collude:2 and collude:3");
    };
    assert!(plan.samples >= 2, "a stratum's variance needs two draws");
    let table = &base.blind_table;
    check_blind_table(table)?;
    let deck = base.river.deck;
    let k = case.dead_cards();
    assert!(deck.len() >= 9 + k, "deck too small to deal a hand");
    let base_per_ante = Fraction::new(
        base.total_value,
        base.sequences as i128 * base.payoffs.scale as i128,
    );
    let strata = class_strata(deck, k);
    let drawn = class_draws(&strata, plan);
    let all: Vec<(CardSet, u64)> = strata
        .iter()
        .zip(&drawn)
        .flat_map(|((size, _), sets)| sets.iter().map(move |&s| (s, *size)))
        .collect();
    let n = deck.len() as u64;
    let total_size = choose(n, k as u64);
    progress.begin("dead cards: sampled classes", all.len() as u64);
    let mut runs = Vec::with_capacity(all.len());
    for (i, &(dead, size)) in all.iter().enumerate() {
        let start = process_cpu_seconds();
        let tally = solve_dead_set(table, deck, dead);
        let seconds = process_cpu_seconds() - start;
        let scale = base.payoffs.scale as i128;
        let gain = Fraction::new(tally.value, tally.deals * scale) - base_per_ante.clone();
        runs.push(ClassRun {
            dead,
            size,
            gain,
            seconds,
        });
        progress.advance(1);
        if i == 0 {
            cost(ClassSampleCost {
                drawn: all.len(),
                seconds_per_size: seconds / size as f64,
                drawn_size: all.iter().map(|c| c.1).sum(),
                total_size,
            });
        }
    }
    progress.finish();
    let samples = plan.samples as usize;
    let mut estimates = vec![];
    let (mut gain, mut variance, mut spread) = (0.0, 0.0, 0.0);
    let holdings = choose(n - k as u64, 2);
    for (h, (size, classes)) in strata.iter().enumerate() {
        let part: Vec<f64> = runs[h * samples..(h + 1) * samples]
            .iter()
            .map(|r| r.gain.to_f64())
            .collect();
        let mean = part.iter().sum::<f64>() / samples as f64;
        let var = part.iter().map(|g| (g - mean) * (g - mean)).sum::<f64>() / (samples - 1) as f64;
        let sets = size * classes.len() as u64;
        let weight = sets as f64 / total_size as f64;
        gain += weight * mean;
        let v = weight * weight * var / samples as f64;
        variance += v;
        spread += v * v / (samples - 1) as f64;
        estimates.push(StratumEstimate {
            name: format!("{} classes of size {size}", classes.len()),
            population: sets * holdings,
            samples: plan.samples,
            mean_gain: mean,
            variance: var,
        });
    }
    let estimate = DeadEstimate {
        players,
        unit: SampleUnit::Classes,
        paytable: table.id.clone(),
        deck,
        plan,
        population: total_size * holdings,
        strata: estimates,
        base_per_ante,
        gain,
        std_error: variance.sqrt(),
        half_width: t975(satterthwaite(variance, spread)) * variance.sqrt(),
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
    fn the_same_seed_draws_the_same_classes() {
        let strata = class_strata(CardSet::FULL_DECK, 4);
        let plan = |seed| SamplePlan { samples: 3, seed };
        assert_eq!(class_draws(&strata, plan(7)), class_draws(&strata, plan(7)));
        assert_ne!(class_draws(&strata, plan(7)), class_draws(&strata, plan(8)));
    }
}
