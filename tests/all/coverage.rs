//! Whether the "95%" intervals the tool prints cover, each checked with
//! many seeds against the exact figure of the exact engine (an independent
//! computation): `progressive --simulate` (the meters run wager by wager,
//! [`uth_edge::sample::meter`], against the exact long run,
//! [`uth_edge::exact::meter_long_run`]), `simulate` and `player-dealer` on
//! reduced decks (against the solver's exact house edge). A 95% interval
//! must cover in about 95% of the runs; the tests ask for at least 90% of
//! 200 seeds (for an honest interval, fewer than 181 of 200 happens with
//! probability under 0.1%). The sampled collusion estimate's coverage is
//! checked in `collusion_sample.rs`.

use crate::common::{blind_a, stderr, stdout, uth_edge};
use crate::deals::{flop_deals, table};
use rayon::prelude::*;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::exact::game::{evaluate_policy, solve, RiverTable};
use uth_edge::exact::meter_long_run::{long_run_result, LongRunSettings};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{Meter, PayTable};
use uth_edge::sample::meter::{simulate_meters, MeterRun};
use uth_edge::sample::player_dealer::{self, ExactInputs, PlayerDealerConfig};
use uth_edge::sample::{simulate, ExactBaseGame, ExactValues, SimulationConfig};
use uth_edge::strategy::{AsPolicy, OptimalStrategy};

/// One meter won on four of a kind: 624 of the 2,598,960 five-card hands,
/// 1 in 4,165 (textbook count), with fixed pays below it.
const FOUR_OF_A_KIND: &str = r#"
id = "quads-meter"
title = "test: a meter won 1 in 4,165"
wager = "progressive"
source = "test"

[[meter]]
reset = 1000
rate = "20%"

[pays]
four_of_a_kind = { meter_percent = 100 }
full_house = "50 to 1"
flush = "40 to 1"
three_of_a_kind = "9 to 1"
"#;

/// Two meters (a 50% award off one, a 100% award that resets the other):
/// the state never regenerates as a whole, so the interval is by batch
/// means over batches long compared with the slower meter.
const TWO_METERS: &str = r#"
id = "two-meters"
title = "test: two meters"
wager = "progressive"
source = "test"

[[meter]]
name = "major"
reset = 100
rate = "10%"

[[meter]]
name = "minor"
reset = 5
rate = "5%"

[pays]
straight = { meter_percent = 50, meter = "major" }
flush = "5 to 1"
three_of_a_kind = { meter_percent = 100, meter = "minor" }
"#;

/// Runs `seeds` runs of `hands` wagers ($1 each, no other player) and
/// returns how many of their intervals cover the exact long run.
fn covered(t: &PayTable, hands: u64, seeds: u64) -> u64 {
    let settings = LongRunSettings::default();
    let exact = -long_run_result(t, flop_deals(), Fraction::ONE, 0, &settings)
        .expect("a long run")
        .house_edge
        .to_f64();
    let hits = (1..=seeds)
        .into_par_iter()
        .filter(|&seed| {
            let run = MeterRun {
                hands,
                seed,
                players: 0,
                settings: settings.clone(),
            };
            let e = simulate_meters(t, &run).by_wager[0].estimate;
            // A run without an interval does not count as covering.
            e.std_error.is_finite() && e.covers(exact)
        })
        .count() as u64;
    eprintln!(
        "{}: covered in {hits} runs of {seeds} ({hands} wagers)",
        t.id
    );
    hits
}

#[test]
fn the_regenerative_interval_covers_a_meter_won_1_in_4165() {
    // 200,000 wagers see about 48 resets (624/2,598,960 a wager); the
    // cycles between resets are independent (the meter is back at its
    // reset amount), so the ratio interval over them covers about 95%.
    // Batches of 2,000 wagers (100 fixed batches) covered 21 runs in 30.
    let t = PayTable::from_toml(FOUR_OF_A_KIND, "quads.toml").expect("valid table");
    let hits = covered(&t, 200_000, 200);
    assert!(hits >= 180, "covered in {hits} runs of 200");
}

#[test]
fn the_batch_means_interval_covers_two_meters() {
    // The major meter loses half on a straight (10,200 of 2,598,960 hands),
    // about 510 wagers per full drain; 300,000 wagers make 58 batches of
    // ten such spans.
    let t = PayTable::from_toml(TWO_METERS, "two.toml").expect("valid table");
    let hits = covered(&t, 300_000, 200);
    assert!(hits >= 180, "covered in {hits} runs of 200");
}

#[test]
fn the_maryland_meter_has_an_interval_only_with_enough_royal_flushes() {
    // progressive-md's meter resets on a royal flush, 4 in 2,598,960
    // hands: 1,000,000 wagers see one or two, too few cycles for an
    // interval (batches of 10,000 wagers covered 15 runs in 20).
    let mut t = table("progressive-md");
    t.rules.meters = vec![Meter {
        name: Meter::DEFAULT_NAME.to_string(),
        reset: Fraction::from_int(10_000),
        rate: Fraction::new(15, 100),
        reserve: Fraction::ZERO,
        ceiling: None,
    }];
    let run = MeterRun {
        hands: 1_000_000,
        seed: 1,
        players: 0,
        settings: LongRunSettings::default(),
    };
    let e = simulate_meters(&t, &run).by_wager[0].estimate;
    assert!(e.mean.is_finite() && !e.std_error.is_finite(), "{e:?}");
    let out = uth_edge(&[
        "progressive",
        "--paytable",
        "progressive-md",
        "--rate",
        "15%",
        "--reset",
        "10000",
        "--simulate",
        "1000000",
        "-q",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("no interval: N is too small"), "{text}");
    assert!(!text.contains(" NO"), "{text}");
    // 30,000,000 wagers see about 46 royal flushes: 200 seeds of that
    // (6·10^9 wagers, some 7 minutes on two cores; 40 seeds covered 40 times) only when the long tests are asked for.
    if super::common::long_tests() {
        let hits = covered(&t, 30_000_000, 200);
        assert!(hits >= 180, "covered in {hits} runs of 200");
    }
}

#[test]
fn simulate_intervals_cover_the_solved_house_edge() {
    // The hands are independent, so the normal interval over them is
    // honest at these sizes: 200 seeds of 20,000 hands on the 20-card deck
    // (tens to aces), optimal strategy, against the solver's exact house
    // edge and element of risk on that deck.
    let river = RiverTable::build(deck_of_ranks(&[8, 9, 10, 11, 12]), &Silent);
    let solution = solve(&river, &blind_a(), &Silent);
    let exact = ExactBaseGame::from_summary(&solution.summary());
    let strategy = OptimalStrategy::new(&solution);
    let (mut edge, mut risk) = (0, 0);
    for seed in 1..=200 {
        let mut config = SimulationConfig::new(20_000, blind_a());
        config.deck = river.deck();
        config.seed = seed;
        config.trips = None;
        config.six_card = None;
        let report = simulate(&config, &strategy, &Silent)
            .unwrap()
            .report(&ExactValues::default());
        let base = &report.results[0];
        edge += usize::from(base.house_edge.covers(exact.house_edge.to_f64()));
        risk += usize::from(base.element_of_risk.covers(exact.element_of_risk.to_f64()));
    }
    eprintln!("simulate: house edge covered {edge}, element of risk {risk} of 200");
    assert!(edge >= 180 && risk >= 180, "{edge} and {risk} of 200");
}

#[test]
fn player_dealer_intervals_cover_the_exact_positions() {
    // Rounds are independent (each deals afresh), the seats of a round
    // are not, and each position's interval is over rounds: 200 seeds of
    // 10,000 rotations of 3 seats on the 28-card deck (eights to aces),
    // timid strategy, unlimited bank, against the solver's exact
    // evaluation of the policy (each seat loses its Ante times the house
    // edge, the player-dealer wins the seats' losses). At 1,000 rotations
    // the first seat covered 179 times of 200 (its result is skewed by the
    // Blind's pays, frequent on this deck, and 1,000 rounds are few).
    let river = RiverTable::build(deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]), &Silent);
    let summary = evaluate_policy(
        &river,
        &blind_a(),
        &AsPolicy(crate::common::shipped_strategy("timid")),
        &Silent,
    )
    .summary();
    let exact = ExactInputs {
        house_edge: summary.house_edge.clone(),
        actions: summary.action_probabilities.clone(),
        trips_edge: None,
    };
    let mut covered = vec![0usize; 4];
    for seed in 1..=200 {
        let mut config = PlayerDealerConfig::new(10_000, blind_a(), 3, Fraction::from_int(2));
        config.deck = river.deck();
        config.seed = seed;
        let report = player_dealer::run(
            &config,
            crate::common::shipped_strategy("timid"),
            Some(&exact),
            &Silent,
        )
        .unwrap();
        let positions = &report.arrangements[0].positions;
        assert_eq!(positions.len(), 4, "the player-dealer and 3 seats");
        for (c, p) in covered.iter_mut().zip(positions) {
            let x = p.before_fees_exact.as_ref().expect("linear").to_f64();
            *c += usize::from(p.before_fees.covers(x));
        }
    }
    eprintln!("player-dealer: covered {covered:?} of 200 (player-dealer, seats)");
    assert!(covered.iter().all(|&c| c >= 180), "{covered:?} of 200");
}
