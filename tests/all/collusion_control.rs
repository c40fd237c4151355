//! The class sample of `collude:3` (`sample::dead_classes`: a stratified
//! sample of the classes of the partners' four cards, each solved exactly,
//! less a control variate) on decks small enough to solve every class:
//! - the control's identity: the mean over every set of dead cards of the
//!   control strategy's exact expectation on the deck less them is its
//!   exact full-deck expectation (card removal averages out), as exact
//!   fractions; the best play, which sees the cards, breaks it;
//! - the estimator with every class of each stratum once gives the exact
//!   figure of the exact engine (`exact::seen::partners::solve_by_classes`,
//!   itself checked against the per-situation engine and brute force in
//!   `collusion_partners.rs`);
//! - its 95% interval covers the exact figure in about 95% of seeds;
//! - `estimate_by_classes` averages what the drawn classes give.

use crate::common::{blind_a, long_tests};
use std::sync::OnceLock;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::{choose, CardSet};
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::exact::seen::dead::{DeadCase, Shard};
use uth_edge::exact::seen::partners;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::sample::dead_cards::SamplePlan;
use uth_edge::sample::dead_classes::{
    class_draws, class_strata, control_per_ante, estimate_by_classes, per_ante, solve_class,
    stratified, ClassSampleCost,
};

/// Every class of four dead cards of `deck`, by stratum: (set, Y, X), the
/// best play's and the control's exact expectations per Ante.
type Census = Vec<Vec<(CardSet, Fraction, Fraction)>>;

fn census(deck: CardSet) -> (Vec<(u64, Vec<CardSet>)>, Census) {
    let strata = class_strata(deck, 4);
    let values = strata
        .iter()
        .map(|(_, classes)| {
            classes
                .iter()
                .map(|&dead| {
                    let (y, x) = solve_class(&blind_a(), deck, dead);
                    (dead, y, x)
                })
                .collect()
        })
        .collect();
    (strata, values)
}

/// The exact figures of a deck: the base game's and the control's
/// expectations per Ante, and collude:3's gain over the base game by the
/// exact engine.
fn exact(deck: CardSet) -> (Fraction, Fraction, Fraction) {
    let river = RiverTable::build(deck, &Silent);
    let base = per_ante(&solve(&river, &blind_a(), &Silent));
    let control = control_per_ante(&river, &blind_a());
    let sums = partners::solve_by_classes(
        &blind_a(),
        deck,
        DeadCase::Collude(3),
        Shard::ALL,
        &Silent,
        &mut |_| {},
    )
    .expect("solvable");
    let scale = sums.scale as i128;
    let collude = Fraction::new(sums.tally.value, sums.tally.deals * scale);
    (base.clone(), control, collude - base)
}

/// The mean over every set of four cards, each class weighing its size.
fn set_mean(
    strata: &[(u64, Vec<CardSet>)],
    census: &Census,
    f: impl Fn(&(CardSet, Fraction, Fraction)) -> Fraction,
) -> Fraction {
    let mut sum = Fraction::from_int(0);
    let mut sets = 0;
    for ((size, _), part) in strata.iter().zip(census) {
        for class in part {
            sum = sum + f(class) * Fraction::from_int(*size as i128);
            sets += size;
        }
    }
    sum * Fraction::new(1, sets as i128)
}

/// What the estimate averages for each class: `(Y - B) - (X - E[X])`.
fn controlled(census: &Census, base: &Fraction, control: &Fraction) -> Vec<Vec<(CardSet, f64)>> {
    census
        .iter()
        .map(|part| {
            part.iter()
                .map(|(dead, y, x)| {
                    let d = (y.clone() - base.clone()) - (x.clone() - control.clone());
                    (*dead, d.to_f64())
                })
                .collect()
        })
        .collect()
}

/// A deck's classes, its census and its exact figures.
struct Solved {
    deck: CardSet,
    strata: Vec<(u64, Vec<CardSet>)>,
    census: Census,
    base: Fraction,
    control: Fraction,
    gain: Fraction,
}

fn solved(deck: CardSet) -> Solved {
    let (strata, census) = census(deck);
    let (base, control, gain) = exact(deck);
    Solved {
        deck,
        strata,
        census,
        base,
        control,
        gain,
    }
}

/// Sixteen cards (jack to ace), solved once for every test here.
fn sixteen() -> &'static Solved {
    static SOLVED: OnceLock<Solved> = OnceLock::new();
    SOLVED.get_or_init(|| solved(deck_of_ranks(&[9, 10, 11, 12])))
}

#[test]
fn control_mean_over_the_dead_sets_is_its_full_deck_value_sixteen_cards() {
    let Solved {
        strata,
        census,
        base,
        control,
        gain,
        ..
    } = sixteen();
    let sets: u64 = strata.iter().map(|(s, c)| s * c.len() as u64).sum();
    assert_eq!(sets, choose(16, 4));
    // The identity, exactly.
    assert_eq!(set_mean(strata, census, |c| c.2.clone()), *control);
    // The best play sees the dead cards: its mean is the collusion figure,
    // not the base game (the identity is not true of any value).
    let best = set_mean(strata, census, |c| c.1.clone());
    assert_eq!(best.clone() - base.clone(), *gain);
    assert_ne!(best, *base);
}

/// The estimate of a draw of the census: the stratified mean of the drawn
/// classes' values and its half-width.
fn estimate_of(
    strata: &[(u64, Vec<CardSet>)],
    values: &[Vec<(CardSet, f64)>],
    plan: SamplePlan,
) -> (f64, f64) {
    let drawn = class_draws(strata, plan);
    let picked: Vec<Vec<f64>> = drawn
        .iter()
        .zip(values)
        .map(|(sets, part)| {
            sets.iter()
                .map(|s| part.iter().find(|c| c.0 == *s).expect("a class").1)
                .collect()
        })
        .collect();
    let e = stratified(strata, &picked);
    (e.mean, e.half_width())
}

/// The share of `seeds` whose interval covers the exact gain.
fn coverage(solved: &Solved, samples: u64, seeds: u64) -> f64 {
    let values = controlled(&solved.census, &solved.base, &solved.control);
    let truth = solved.gain.to_f64();
    let covered = (1..=seeds)
        .filter(|&seed| {
            let plan = SamplePlan { samples, seed };
            let (mean, hw) = estimate_of(&solved.strata, &values, plan);
            (mean - truth).abs() <= hw
        })
        .count();
    covered as f64 / seeds as f64
}

#[test]
fn every_class_once_gives_the_exact_figure_sixteen_cards() {
    let Solved {
        strata,
        census,
        base,
        control,
        gain,
        ..
    } = sixteen();
    let values = controlled(census, base, control);
    let all: Vec<Vec<f64>> = values
        .iter()
        .map(|p| p.iter().map(|c| c.1).collect())
        .collect();
    let e = stratified(strata, &all);
    assert!(
        (e.mean - gain.to_f64()).abs() < 1e-12,
        "{} against the exact {}",
        e.mean,
        gain.to_f64()
    );
}

#[test]
fn the_interval_covers_the_exact_gain_about_95_percent_of_seeds() {
    // Sixteen cards, every class solved once, then 2,000 seeded draws of
    // 3 classes a stratum (no solve): a 95% interval misses in about 5%.
    let share = coverage(sixteen(), 3, 2_000);
    eprintln!("sixteen cards, 3 classes a stratum: coverage {share}");
    assert!((0.90..=0.99).contains(&share), "coverage {share}");
    if long_tests() {
        // Twenty cards (ten to ace), 4,000 draws of 4 a stratum.
        let share = coverage(&solved(deck_of_ranks(&[8, 9, 10, 11, 12])), 4, 4_000);
        eprintln!("twenty cards, 4 classes a stratum: coverage {share}");
        assert!((0.92..=0.98).contains(&share), "coverage {share}");
    }
}

#[test]
fn estimate_by_classes_averages_the_drawn_classes_sixteen_cards() {
    let Solved {
        deck,
        strata,
        census,
        base,
        control,
        ..
    } = sixteen();
    let values = controlled(census, base, control);
    let plan = SamplePlan {
        samples: 3,
        seed: 7,
    };
    let case = DeadCase::Collude(3);
    let (estimate, runs) =
        estimate_by_classes(&blind_a(), *deck, case, plan, &Silent, &mut |_| {}).expect("solvable");
    let (mean, hw) = estimate_of(strata, &values, plan);
    assert!((estimate.gain - mean).abs() < 1e-12);
    assert!((estimate.half_width - hw).abs() < 1e-12);
    let c = estimate.control.expect("the class sample has its control");
    assert_eq!(c.per_ante, *control);
    assert_eq!(estimate.base_per_ante, *base);
    assert_eq!(runs.len(), 3 * strata.len());
}

#[test]
fn the_exact_run_is_projected_from_the_best_play_s_solve_alone_sixteen_cards() {
    // The class sample solves each drawn class twice, the best play and
    // the control; the exact run of every class (`game --seen collude:3`
    // without `--samples`, `partners::solve_by_classes`) solves the best
    // play alone. So the exact run's projection, told after the first
    // class, scales that class's best-play solve (its river table and
    // solve) by the sizes of all the classes, C(16,4) = 1,820 sets; the
    // sample's scales its two solves by the drawn classes' sizes; at the
    // end, the same from every drawn class. (Before, one time, the two
    // solves', fed both: 883 to 987 CPU hours projected for the exact run
    // of the full deck, about 170 to 225 by its own solves: docs/collusion-cost.md.)
    let deck = sixteen().deck;
    let plan = SamplePlan {
        samples: 2,
        seed: 3,
    };
    let mut told = vec![];
    let case = DeadCase::Collude(3);
    let (_, runs) =
        estimate_by_classes(&blind_a(), deck, case, plan, &Silent, &mut |c| told.push(c))
            .expect("solvable");
    let [first] = told[..] else {
        panic!("the projection told once: {told:?}")
    };
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs();
    let run = &runs[0];
    assert!(
        run.solve_seconds > 0.0 && run.control_seconds > 0.0,
        "{run:?}"
    );
    assert_eq!(run.seconds(), run.solve_seconds + run.control_seconds);
    let size = run.size as f64;
    let drawn_size: u64 = runs.iter().map(|r| r.size).sum();
    assert_eq!((first.drawn, first.drawn_size), (runs.len(), drawn_size));
    assert_eq!(first.total_size, choose(16, 4));
    assert!(close(
        first.solve_seconds_per_size,
        run.solve_seconds / size
    ));
    assert!(close(first.seconds_per_size, run.seconds() / size));
    let hours = |seconds: f64, sizes: u64| seconds / size * sizes as f64 / 3600.0;
    assert!(close(
        first.exact_run_hours(),
        hours(run.solve_seconds, 1820)
    ));
    assert!(close(
        first.sample_hours(),
        hours(run.seconds(), drawn_size)
    ));
    assert!(first.exact_run_hours() < first.seconds_per_size * 1820.0 / 3600.0);
    // Measured on every drawn class.
    let end = ClassSampleCost::of_runs(&runs, runs.len(), drawn_size, 1820);
    let solving: f64 = runs.iter().map(|r| r.solve_seconds).sum();
    let both: f64 = runs.iter().map(|r| r.seconds()).sum();
    let sizes = drawn_size as f64;
    assert!(close(
        end.exact_run_hours(),
        solving / sizes * 1820.0 / 3600.0
    ));
    assert!(close(end.sample_hours(), both / 3600.0));
}
