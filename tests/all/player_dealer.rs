//! The California player-dealer game: the order of settlement against a
//! bank, the collection fees, the exact linear case against the solver, the
//! simulation against it, reproducibility, and the command's refusals.

use crate::common::{blind_a, full_solution_a, stderr, uth_edge};
use proptest::prelude::*;
use std::sync::OnceLock;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::exact::game::{evaluate_policy, GameSummary, RiverTable};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::collection::CollectionSchedule;
use uth_edge::rules::settlement::{settle_player_dealer_round, SeatClaims, SeatSettled};
use uth_edge::sample::player_dealer::{
    run, ExactInputs, PlayerDealerConfig, PlayerDealerReport, PositionReport,
};
use uth_edge::strategy::{AsPolicy, OptimalStrategy};

fn exact_inputs(summary: &GameSummary) -> ExactInputs {
    ExactInputs {
        house_edge: summary.house_edge.clone(),
        actions: summary.action_probabilities.clone(),
        trips_edge: None,
    }
}

/// The 28-card deck (eights to aces) and the timid strategy's exact
/// evaluation on it, built once.
fn timid_28() -> &'static (RiverTable, ExactInputs) {
    static TIMID: OnceLock<(RiverTable, ExactInputs)> = OnceLock::new();
    TIMID.get_or_init(|| {
        let river = RiverTable::build(deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]), &Silent);
        let exact = exact_inputs(
            &evaluate_policy(
                &river,
                &blind_a(),
                &AsPolicy(crate::common::shipped_strategy("timid")),
                &Silent,
            )
            .summary(),
        );
        (river, exact)
    })
}

fn dollars(n: i128) -> Fraction {
    Fraction::from_int(n)
}

fn within_4_se(p: &PositionReport, exact: &Fraction) {
    let z = (p.before_fees.mean - exact.to_f64()) / p.before_fees.std_error;
    assert!(
        z.abs() < 4.0,
        "{}: {:?} vs {exact}",
        p.position,
        p.before_fees
    );
}

fn seat_claims() -> impl Strategy<Value = SeatClaims> {
    (any::<bool>(), -5i128..6, -4i128..5, -1i128..500, -3i128..60).prop_map(
        |(folded, ante, play, blind, trips)| {
            if folded {
                SeatClaims {
                    folded,
                    ante: -ante.abs().max(1),
                    play: 0,
                    blind: -blind.abs().clamp(1, 5),
                    trips,
                }
            } else {
                SeatClaims {
                    folded,
                    ante,
                    play,
                    blind,
                    trips,
                }
            }
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Every round is zero-sum; the bank limits the player-dealer's loss
    /// (and, with the win cap, its win); no wager moves more than its
    /// claim; a claim moves whole or is returned in part; with an unlimited
    /// bank every claim moves whole (checked against the plain sum of the
    /// claims).
    #[test]
    fn every_round_is_zero_sum_and_within_the_bank(
        claims in proptest::collection::vec(seat_claims(), 1..=6),
        bank in proptest::option::of(1i128..2000),
        win_cap in any::<bool>(),
    ) {
        let mut out = [SeatSettled::default(); 6];
        let r = settle_player_dealer_round(&claims, bank, win_cap, &mut out);
        let seats: i128 = out[..claims.len()].iter().map(|s| s.net).sum();
        prop_assert_eq!(seats + r.player_dealer, 0);
        for (c, s) in claims.iter().zip(&out) {
            let whole: i128 = [c.ante, c.play, c.blind, c.trips].iter().sum();
            let gross: i128 = [c.ante, c.play, c.blind, c.trips].iter().map(|x| x.abs()).sum();
            prop_assert!(s.uncovered >= 0 && s.net.abs() <= gross);
            // What moved plus what was returned is the whole claim.
            let wins: i128 = [c.ante, c.play, c.blind, c.trips].iter().filter(|x| **x > 0).sum();
            let losses: i128 = [c.ante, c.play, c.blind, c.trips].iter().filter(|x| **x < 0).sum();
            prop_assert!(s.net <= wins && s.net >= losses);
            if bank.is_none() {
                prop_assert_eq!(s.net, whole);
                prop_assert_eq!(s.uncovered, 0);
            }
        }
        if let Some(b) = bank {
            prop_assert!(r.player_dealer >= -b);
            if win_cap {
                prop_assert!(r.player_dealer <= b);
            }
            let returned: i128 = out[..claims.len()].iter().map(|s| s.uncovered).sum();
            prop_assert_eq!(returned > 0, r.exhausted || r.capped);
        }
    }
}

#[test]
fn unlimited_bank_three_players_dealer_expects_three_times_the_house_edge() {
    // The player-dealer's exact expectation is the sum of the three seats'
    // expected losses: 3 × the house edge per Ante of the solver (not typed
    // in), and the simulation of the joint deal agrees within 4 SE.
    let solution = full_solution_a();
    let summary = solution.summary();
    let exact = exact_inputs(&summary);
    let config = PlayerDealerConfig::new(3_000, blind_a(), 3, Fraction::ONE);
    let report = run(
        &config,
        &OptimalStrategy::new(solution),
        Some(&exact),
        &Silent,
    )
    .unwrap();
    assert!(report.linear);
    let a = &report.arrangements[0];
    let three = summary.house_edge.clone() * dollars(3);
    assert_eq!(a.positions[0].before_fees_exact, Some(three.clone()));
    for seat in &a.positions[1..] {
        assert_eq!(seat.before_fees_exact, Some(-summary.house_edge.clone()));
        within_4_se(seat, &-summary.house_edge.clone());
    }
    within_4_se(&a.positions[0], &three);
    assert!(a.zero_sum);
    for p in &report.rotation.players {
        assert_eq!(p.before_fees_exact, Some(Fraction::ZERO));
    }
}

#[test]
fn simulated_positions_agree_with_the_exact_evaluation_on_a_reduced_deck() {
    // The timid strategy on the 28-card deck: the solver's exact evaluation
    // of the policy against the simulation of 5 seats sharing each deal.
    let (river, exact) = timid_28();
    let mut config = PlayerDealerConfig::new(20_000, blind_a(), 5, dollars(2));
    config.deck = river.deck();
    let report = run(
        &config,
        crate::common::shipped_strategy("timid"),
        Some(exact),
        &Silent,
    )
    .unwrap();
    for p in &report.arrangements[0].positions {
        within_4_se(p, p.before_fees_exact.as_ref().unwrap());
    }
    let pd = report.arrangements[0].positions[0]
        .before_fees_exact
        .clone();
    assert_eq!(pd, Some(exact.house_edge.clone() * dollars(10)));
}

fn timid_run(config: &PlayerDealerConfig) -> PlayerDealerReport {
    let (_, exact) = timid_28();
    run(
        config,
        crate::common::shipped_strategy("timid"),
        Some(exact),
        &Silent,
    )
    .unwrap()
}

#[test]
fn a_bank_of_ten_antes_covers_less_and_returns_more_to_later_seats() {
    // What is returned grows with the settlement order, since each seat is
    // paid from what is left. Checked on the full deck with a strategy that
    // raises (wizard), so that ordinary wins of up to 6 Antes exhaust the
    // bank; under a timid player, who never raises before the river, rare
    // Blind awards of up to 500 to 1, which no bank of 10 covers and which
    // fall on every seat alike, dominate what is returned (as they do on
    // the 28-card deck, where a royal flush is common).
    let mut config = PlayerDealerConfig::new(10_000, blind_a(), 5, Fraction::ONE);
    let wizard_run = |c: &PlayerDealerConfig| {
        run(c, crate::common::shipped_strategy("wizard"), None, &Silent).unwrap()
    };
    let unlimited = wizard_run(&config);
    config.bank = Some(dollars(10));
    let limited = wizard_run(&config);
    assert!(!limited.linear && unlimited.linear);
    let (u, l) = (&unlimited.arrangements[0], &limited.arrangements[0]);
    assert!(l.bank_exhausted.mean > 0.0);
    assert_eq!(u.bank_exhausted.mean, 0.0);
    for (a, b) in u.positions[1..].iter().zip(&l.positions[1..]) {
        // The same rounds: the same money at stake, less of it covered.
        assert_eq!(a.at_stake, b.at_stake);
        assert!(b.covered < a.covered, "{}", b.position);
        assert_eq!(a.uncovered, 0.0);
    }
    for pair in l.positions[1..].windows(2) {
        assert!(
            pair[1].uncovered > pair[0].uncovered,
            "{} {} vs {} {}",
            pair[0].position,
            pair[0].uncovered,
            pair[1].position,
            pair[1].uncovered
        );
    }
    assert!(l.zero_sum);
    // The win cap returns losing wagers too.
    config.win_cap = true;
    let capped = wizard_run(&config);
    assert!(capped.arrangements[0].win_cap_reached.mean > 0.0);
    assert!(capped.arrangements[0].zero_sum);
}

#[test]
fn a_fee_schedule_moves_each_position_by_exactly_its_expected_fees() {
    // The example schedule charges the Ante and the Trips: a $10 Ante is in
    // its $10-$49.99 rate (player $1, player-dealer $0.50), a $5 Trips in
    // its $1-$9.99 rate ($0.50, $0.25) — read off the file by hand.
    let (river, exact) = timid_28();
    let mut config = PlayerDealerConfig::new(2_000, blind_a(), 4, dollars(10));
    config.deck = river.deck();
    config.trips = Some(uth_edge::rules::paytable::PayTable::resolve("uth-01").unwrap());
    for p in &mut config.players {
        p.trips = dollars(5);
    }
    config.bank = Some(dollars(100));
    let without = run(
        &config,
        crate::common::shipped_strategy("timid"),
        Some(exact),
        &Silent,
    )
    .unwrap();
    config.fees = CollectionSchedule::builtin("collection-example");
    let with = run(
        &config,
        crate::common::shipped_strategy("timid"),
        Some(exact),
        &Silent,
    )
    .unwrap();
    let seat_fee = Fraction::new(3, 2);
    let dealer_fee = Fraction::new(3, 4) * dollars(4);
    for (k, (a, b)) in without.arrangements[0]
        .positions
        .iter()
        .zip(&with.arrangements[0].positions)
        .enumerate()
    {
        let fee = if k == 0 { &dealer_fee } else { &seat_fee };
        assert_eq!(b.fees_exact.as_ref(), Some(fee));
        assert!((b.fees - fee.to_f64()).abs() < 1e-9, "{}", b.fees);
        // The same rounds: the result before fees is unchanged, and after
        // fees it is lower by exactly the fees of every round.
        assert_eq!(a.before_fees, b.before_fees);
        let moved = b.before_fees.mean - b.after_fees.mean;
        assert!((moved - fee.to_f64()).abs() < 1e-9, "{moved}");
    }
    let room = with.arrangements[0].room_fees_exact.clone().unwrap();
    assert_eq!(room, seat_fee.clone() * dollars(4) + dealer_fee.clone());
    assert!(with.arrangements[0].zero_sum);
    // Per hour: 30 rounds of that.
    assert_eq!(with.rotation.fees_per_hour_exact, Some(room * dollars(30)));
}

#[test]
fn the_rotation_is_fair_only_when_every_player_wagers_alike() {
    // Exact (unlimited bank): a player wagering $5 against three at $1
    // gives them, as their player-dealer, 3 × $5 × h per round banked by
    // each of them, and takes 3 × $1 × h back when it banks.
    let (river, exact) = timid_28();
    let mut config = PlayerDealerConfig::new(500, blind_a(), 3, Fraction::ONE);
    config.deck = river.deck();
    config.players[2].ante = dollars(5);
    let report = timid_run(&config);
    assert_eq!(report.rotation.verdict, "not fair");
    let h = exact.house_edge.clone();
    // Player 2 over a rotation: 2 rounds banking 3 seats of $1, 6 rounds
    // in a seat at $5.
    assert_eq!(
        report.rotation.players[2].before_fees_exact,
        Some(dollars(2) * dollars(3) * h.clone() - dollars(6) * dollars(5) * h.clone())
    );
    let total = report.rotation.players.iter().fold(Fraction::ZERO, |t, p| {
        t + p.before_fees_exact.clone().unwrap()
    });
    assert_eq!(total, Fraction::ZERO);
    assert_eq!(report.arrangements.len(), 4);
}

#[test]
fn the_same_seed_gives_the_same_report_at_one_and_two_threads() {
    let (river, _) = timid_28();
    let mut config = PlayerDealerConfig::new(9_000, blind_a(), 4, Fraction::ONE);
    config.deck = river.deck();
    config.bank = Some(dollars(6));
    config.win_cap = true;
    config.threads = Some(1);
    let one = timid_run(&config);
    config.threads = Some(2);
    assert_eq!(timid_run(&config), one);
    config.seed = 2;
    assert_ne!(timid_run(&config), one);
}

#[test]
fn bad_player_dealer_inputs_exit_2_with_one_line() {
    let dir = std::env::temp_dir().join(format!("uth-edge-pd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad_fees = dir.join("fees.toml");
    std::fs::write(&bad_fees, "id = \"x\"\ntitle = \"x\"\nsource = \"x\"\n[[rate]]\nwager_from = \"ten\"\nplayer_fee = 1\nplayer_dealer_fee = 1\n").unwrap();
    let fees = bad_fees.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["--players", "0"], "--players 0"),
        (&["--players", "7"], "--players 7"),
        (&["--bank", "-5"], "--bank -5"),
        (&["--fees", fees], "wager_from 'ten'"),
        (
            &["--ante", "0.5", "--fees", "collection-example"],
            "in no collection rate",
        ),
        (&["--seat-ante", "9=5"], "--seat-ante 9=5"),
    ];
    for (args, needle) in cases {
        let mut full = vec!["player-dealer", "--strategy", "timid"];
        full.extend_from_slice(args);
        let out = uth_edge(&full);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{full:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{full:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{full:?}: {err}"
        );
    }
}

#[test]
fn the_html_report_carries_the_player_dealer_section() {
    let (river, exact) = timid_28();
    let mut config = PlayerDealerConfig::new(200, blind_a(), 2, Fraction::ONE);
    config.deck = river.deck();
    let r = run(
        &config,
        crate::common::shipped_strategy("timid"),
        Some(exact),
        &Silent,
    )
    .unwrap();
    let catalog = uth_edge::analysis::catalog::Catalog {
        results: vec![],
        games: vec![],
    };
    let page = crate::common::submission(
        &catalog,
        uth_edge::report::Format::Html,
        std::slice::from_ref(&r),
    );
    assert!(page.contains("Player-dealer game (California)") && page.contains("seat 2"));
    // The report's player-dealer section has no CSV or JSON form: refused
    // before any work.
    let out = uth_edge(&["report", "--player-dealer", "--format", "json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--player-dealer"));
}
