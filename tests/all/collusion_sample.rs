//! The sampled estimate of collusion (`game --seen collude:K --samples N
//! --seed S`, `uth_edge::sample::dead_cards`) against the exact engine on
//! small decks, where the exact answer is computable: sampling collude:2 and
//! collude:3 must give, on average over many seeds, the exact gain that
//! `exact::seen::dead::solve` (itself checked against an unreduced brute
//! force in `collusion.rs`) computes, with intervals that cover it about
//! 95% of the time; the same seed gives the same bytes; bad flags are
//! refused in one line before any work.

use crate::common::{blind_a, stderr, uth_edge};
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::exact::seen::dead::{self, DeadCase, Shard};
use uth_edge::progress::Silent;
use uth_edge::sample::dead_cards::{estimate, DeadEstimate, SamplePlan};

fn sampled(deck: CardSet, players: usize, samples: u64, seed: u64) -> Vec<DeadEstimate> {
    let river = RiverTable::build(deck, &Silent);
    let base = solve(&river, &blind_a(), &Silent);
    (0..seed)
        .map(|s| {
            let plan = SamplePlan { samples, seed: s };
            estimate(&base, players, plan, &Silent, &mut |_| {}).expect("solvable")
        })
        .collect()
}

/// The exact gain over the base game per Ante, from the exact engine.
fn exact_gain(deck: CardSet, players: usize) -> f64 {
    let table = blind_a();
    let sums = dead::solve(
        &table,
        deck,
        DeadCase::Collude(players),
        Shard::ALL,
        &Silent,
        &mut |_| {},
    )
    .expect("solvable");
    let river = RiverTable::build(deck, &Silent);
    let base = solve(&river, &table, &Silent);
    let base = uth_edge::fraction::Fraction::new(
        base.total_value,
        base.sequences as i128 * base.payoffs.scale as i128,
    );
    (sums.per_ante() - base).to_f64()
}

/// Over `runs` seeds: the mean estimate is within four standard errors of
/// the exact gain (the standard error of the mean from the runs' own
/// half-widths), and at least 85% of the 95% intervals cover it.
fn check_unbiased(deck: CardSet, players: usize, samples: u64, runs: u64) {
    let exact = exact_gain(deck, players);
    let estimates = sampled(deck, players, samples, runs);
    let m = runs as f64;
    let mean = estimates.iter().map(|e| e.gain).sum::<f64>() / m;
    let variance = estimates.iter().map(|e| e.std_error.powi(2)).sum::<f64>() / m;
    let error = (variance / m).sqrt();
    assert!(exact != 0.0, "a case where collusion changes something");
    assert!(
        (mean - exact).abs() <= 4.0 * error,
        "collude:{players}: mean {mean} exact {exact} standard error {error}"
    );
    let covered = estimates
        .iter()
        .filter(|e| (e.gain - exact).abs() <= e.half_width)
        .count();
    assert!(
        covered as f64 >= 0.85 * m,
        "collude:{players}: {covered} of {runs} intervals cover {exact}"
    );
    for e in &estimates {
        assert!((e.per_ante() - e.base_per_ante.to_f64() - e.gain).abs() < 1e-12);
    }
}

#[test]
fn sampling_collude_2_averages_to_the_exact_gain() {
    // 16 cards, jack to ace: the exact collude:2 solve takes a moment.
    check_unbiased(deck_of_ranks(&[9, 10, 11, 12]), 2, 5, 200);
}

#[test]
fn sampling_collude_3_averages_to_the_exact_gain() {
    check_unbiased(deck_of_ranks(&[9, 10, 11, 12]), 3, 5, 200);
}

#[test]
fn two_samples_a_stratum_still_cover_95_percent() {
    // With 2 situations a stratum each stratum's variance has one degree
    // of freedom: the interval is Student's t on the Welch-Satterthwaite
    // degrees of freedom, and must cover the exact collude:3 gain (the
    // exact engine) in at least 180 of 200 seeds (an honest 95% interval
    // misses that with probability under 0.1%). ±1.96 standard errors
    // covered far fewer (counted here and printed, for comparison).
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let exact = exact_gain(deck, 3);
    let estimates = sampled(deck, 3, 2, 200);
    let covers = |half: &dyn Fn(&DeadEstimate) -> f64| {
        estimates
            .iter()
            .filter(|e| (e.gain - exact).abs() <= half(e))
            .count()
    };
    let normal = covers(&|e| 1.959_964 * e.std_error);
    let covered = covers(&|e| e.half_width);
    eprintln!("collude:3, 2 a stratum: t covers {covered} of 200, 1.96 covers {normal}");
    assert!(covered >= 180, "{covered} of 200 intervals cover {exact}");
}

#[test]
fn the_same_seed_gives_the_same_estimate() {
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let river = RiverTable::build(deck, &Silent);
    let base = solve(&river, &blind_a(), &Silent);
    let run = |seed| {
        let plan = SamplePlan { samples: 3, seed };
        format!(
            "{:?}",
            estimate(&base, 3, plan, &Silent, &mut |_| {}).expect("solvable")
        )
    };
    assert_eq!(run(11), run(11));
    assert_ne!(run(11), run(12));
}

#[test]
fn sampled_collusion_flags_are_refused_in_one_line_before_any_work() {
    for (args, says) in [
        (&["game", "--seen", "collude:4"][..], "give --samples N"),
        (
            &["game", "--seen", "collude:6", "--samples", "0"],
            "at least 2",
        ),
        (
            &["game", "--seen", "collude:5", "--samples", "1"],
            "at least 2",
        ),
        (
            &["game", "--seen", "collude:4", "--samples", "2000000"],
            "at most",
        ),
        (
            &["game", "--seen", "collude:7", "--samples", "3"],
            "K = 1 to 6",
        ),
        (
            &["game", "--seen", "exposed:1", "--samples", "3"],
            "solved exactly",
        ),
        (
            &["game", "--seen", "collude:1", "--samples", "3"],
            "solved exactly",
        ),
        (&["game", "--samples", "3"], "one --seen collude:K"),
        (
            &[
                "game",
                "--seen",
                "collude:4",
                "--seen",
                "collude:5",
                "--samples",
                "3",
            ],
            "one --seen collude:K",
        ),
        (
            &[
                "game",
                "--seen",
                "collude:4",
                "--samples",
                "3",
                "--shard",
                "1/2",
            ],
            "--shard",
        ),
        (
            &[
                "game",
                "--seen",
                "collude:4",
                "--samples",
                "3",
                "--blind",
                "blind-a",
                "--blind",
                "blind-b",
            ],
            "one --blind",
        ),
        (&["game", "--seen", "collude:4", "--seed", "3"], "--samples"),
        // The classes of six partner cards are not listed (C(52,6)/24
        // and more): --by-class is for collude:2 and collude:3.
        (
            &[
                "game",
                "--seen",
                "collude:4",
                "--samples",
                "2",
                "--by-class",
            ],
            "--by-class",
        ),
        (&["game", "--seen", "collude:3", "--by-class"], "--samples"),
    ] {
        let out = uth_edge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}
