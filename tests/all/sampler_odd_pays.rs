//! Issue 9: the sampler counts odd pay tables and extreme amounts exactly
//! (checked against each row's own line counts) or refuses them up front
//! with one line, never a panic.

use crate::common::blind_a;
use crate::common::uth_edge;
use crate::sampler_common::{result, six_card_b, trips_a};
use uth_edge::evaluator::{HandCategory, HandCategory::*};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{Award, PayLine, PayTable, PayingHand};
use uth_edge::sample::{
    simulate, ExactValues, SessionConfig, SimulationConfig, SimulationError, SimulationReport,
    SixCardBet,
};

/// A Trips table: UTH-01's paying hands with the given odds, royal flush
/// down to three of a kind.
fn trips_with_odds(id: &str, odds: [(u64, u64); 7]) -> PayTable {
    let mut table = trips_a();
    table.id = id.to_string();
    let hands = [
        RoyalFlush,
        StraightFlush,
        FourOfAKind,
        FullHouse,
        Flush,
        Straight,
        ThreeOfAKind,
    ];
    table.lines = hands
        .iter()
        .zip(odds)
        .map(|(&c, (win, per))| PayLine {
            hand: PayingHand::Category(c),
            award: Award::Odds { win, per },
        })
        .collect();
    table
}

/// The pays of the issue: "5000 to 97", "4000 to 89", ... "300 to 67".
fn trips_prime_odds() -> PayTable {
    trips_with_odds(
        "prime-odds",
        [
            (5000, 97),
            (4000, 89),
            (3000, 83),
            (800, 79),
            (700, 73),
            (400, 71),
            (300, 67),
        ],
    )
}

/// Pays over three 6-digit primes: the common denominator is about 10^18
/// and a royal flush about 5·10^25 units, beyond the 64 bits the sampler
/// once required ("settlement amount fits in 64 bits").
fn trips_wide_odds() -> PayTable {
    trips_with_odds(
        "wide-odds",
        [
            (50_000_000, 999_983),
            (40_000_000, 999_979),
            (30_000_000, 999_961),
            (9, 1),
            (7, 1),
            (4, 1),
            (3, 1),
        ],
    )
}

/// Checks the Trips row of a report against a computation from its own
/// line counts that shares nothing with the sampler's integers: the net
/// total as a sum of fractions, the standard deviation in two passes of
/// floating point over the per-hand results.
fn assert_trips_row_matches_its_counts(report: &SimulationReport, table: &PayTable) {
    let row = result(report, "trips");
    let n = report.hands;
    let mut groups: Vec<(u64, Fraction)> = Vec::new();
    for line in &row.lines {
        let hand = HandCategory::ALL
            .iter()
            .find(|c| c.name() == line.name)
            .unwrap_or_else(|| panic!("line {}", line.name));
        let (win, per) = match table.award_for_category(*hand) {
            Some(Award::Odds { win, per }) => (win, per),
            other => panic!("{other:?}"),
        };
        groups.push((line.count, Fraction::new(win as i128, per as i128)));
    }
    let paid: u64 = groups.iter().map(|g| g.0).sum();
    groups.push((n - paid, Fraction::from_int(-1)));
    let total = groups.iter().fold(Fraction::ZERO, |t, (c, x)| {
        t + Fraction::from_int(*c as i128) * x.clone()
    });
    assert_eq!(row.net_total, total, "{}", table.id);
    let mean = groups
        .iter()
        .map(|(c, x)| *c as f64 * x.to_f64())
        .sum::<f64>()
        / n as f64;
    let variance = groups
        .iter()
        .map(|(c, x)| *c as f64 * (x.to_f64() - mean).powi(2))
        .sum::<f64>()
        / (n - 1) as f64;
    let relative = (row.std_dev / variance.sqrt() - 1.0).abs();
    assert!(
        relative < 1e-9,
        "{}: {} vs {}",
        table.id,
        row.std_dev,
        variance.sqrt()
    );
    assert!((row.net_per_hand.mean - mean).abs() < 1e-9 * mean.abs().max(1.0));
}

#[test]
fn odd_trips_pays_are_counted_exactly() {
    for table in [trips_prime_odds(), trips_wide_odds()] {
        let mut config = SimulationConfig::new(300_000, blind_a());
        config.trips = Some(table.clone());
        config.seed = 11;
        let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
            .unwrap_or_else(|e| panic!("{}: {e}", table.id))
            .report(&ExactValues::default());
        // Enough hands that the top lines were hit (else the check is weak).
        let row = result(&report, "trips");
        assert!(row.lines.iter().filter(|l| l.count > 0).count() >= 5);
        assert_trips_row_matches_its_counts(&report, &table);
    }
}

#[test]
fn twelve_digit_coprime_odds_are_refused_before_any_hand() {
    // Four 12-digit primes as denominators: their common denominator is
    // beyond 2^127.
    let mut config = SimulationConfig::new(1_000, blind_a());
    config.trips = Some(trips_with_odds(
        "coprime-12",
        [
            (999_999_999_989, 999_999_999_961),
            (999_999_999_959, 999_999_999_947),
            (999_999_999_937, 999_999_999_899),
            (999_999_999_877, 999_999_999_863),
            (7, 1),
            (4, 1),
            (3, 1),
        ],
    ));
    let err = uth_edge::sample::validate(&config).unwrap_err();
    assert!(matches!(err, SimulationError::OutOfRange { .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("'coprime-12'") && text.contains("2^127"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1);
    assert_eq!(
        simulate(&config, crate::common::shipped_strategy("timid"), &Silent).map(|_| ()),
        Err(err)
    );
}

#[test]
fn a_huge_wager_counted_in_tiny_antes_is_refused_not_a_panic() {
    // The sampler once panicked "settlement amount fits in 64 bits" here: a
    // $999,999,999,999 Six Card Bonus in Antes of a millionth of a dollar.
    let mut config = SimulationConfig::new(1_000, blind_a());
    config.six_card = Some(SixCardBet {
        table: six_card_b(),
        wager: Fraction::from_int(999_999_999_999),
    });
    let mut session = SessionConfig::new(10);
    session.ante_dollars = Fraction::new(1, 1_000_000);
    config.session = Some(session.clone());
    let err = simulate(&config, crate::common::shipped_strategy("timid"), &Silent).unwrap_err();
    assert!(matches!(err, SimulationError::OutOfRange { .. }), "{err:?}");
    assert!(err.to_string().contains("2^63"), "{err}");
    // Without sessions the same wager is counted exactly in dollars.
    config.session = None;
    config.six_card.as_mut().unwrap().wager =
        uth_edge::money::parse_dollars("wager", "999999999999.999999").unwrap();
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    let row = result(&report, "six_card_bonus");
    assert_eq!(
        row.wager_amount,
        Some(Fraction::new(999_999_999_999_999_999, 1_000_000))
    );
    assert!(row.std_dev.is_finite() && row.std_dev > 0.0);
}

#[test]
fn session_thresholds_beyond_any_result_are_never_reached() {
    // Thresholds of a trillion Antes over a denominator of about 10^12:
    // beyond 128 bits once scaled; no session loses that much.
    let mut config = SimulationConfig::new(20_000, blind_a());
    config.trips = Some(trips_with_odds(
        "two-primes",
        [
            (50, 999_983),
            (40, 999_979),
            (30, 1),
            (9, 1),
            (7, 1),
            (4, 1),
            (3, 1),
        ],
    ));
    let mut session = SessionConfig::new(100);
    let huge = uth_edge::money::parse_amount("bankroll", "999999999999.999999").unwrap();
    session.bankroll = Some(huge.clone());
    session.loss_thresholds = vec![Fraction::ZERO, huge];
    config.session = Some(session);
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    let s = report.sessions.unwrap();
    assert_eq!(s.sessions, 200);
    assert_eq!(s.bankroll.unwrap().probability.mean, 0.0);
    assert_eq!(s.lose_more_than[1].probability.mean, 0.0);
    // Losing more than nothing: every session that did not finish ahead
    // or even.
    let behind = 1.0 - s.finish_ahead.mean - s.finish_even.mean;
    assert!((s.lose_more_than[0].probability.mean - behind).abs() < 1e-12);
}

#[test]
fn amounts_that_are_not_numbers_are_typed_errors() {
    use uth_edge::sample::{parse_number, parse_wager};
    for bad in ["abc", "", "1e3", "0.0000001"] {
        let err = parse_number("bankroll", bad).unwrap_err();
        assert!(matches!(err, SimulationError::NotANumber(_)));
        assert!(err
            .to_string()
            .starts_with(&format!("--bankroll {bad}: not a number")));
        assert!(parse_wager(bad).is_err());
    }
    // Thirteen digits: a number, too large (issue 23).
    let err = parse_number("bankroll", "9999999999999").unwrap_err();
    assert!(err
        .to_string()
        .starts_with("--bankroll 9999999999999: too large"));
    assert!(parse_wager("9999999999999").is_err());
    assert_eq!(parse_number("ante", "-2.5"), Ok(Fraction::new(-5, 2)));
    assert_eq!(
        parse_wager("0"),
        Err(SimulationError::NonPositiveWager(Fraction::ZERO))
    );
    assert_eq!(parse_wager("$2.50"), Ok(Fraction::new(5, 2)));
}

/// A pay-table file in the test scratch directory.
fn scratch_table(name: &str, text: &str) -> String {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn simulate_refuses_out_of_range_input_in_one_line_before_solving() {
    let coprime = scratch_table(
        "sampler-coprime-trips.toml",
        r#"id = "coprime-12"
title = "Trips with 12-digit coprime odds"
wager = "trips"
source = "test"

[pays]
royal_flush = "999999999989 to 999999999961"
straight_flush = "999999999959 to 999999999947"
four_of_a_kind = "999999999937 to 999999999899"
full_house = "999999999877 to 999999999863"
flush = "7 to 1"
straight = "4 to 1"
three_of_a_kind = "3 to 1"
"#,
    );
    for (args, needle) in [
        // The default strategy (optimal) solves the game first: these must
        // be refused before it.
        (
            vec!["--trips", coprime.as_str()],
            "beyond the sampler's exact range",
        ),
        (
            vec![
                "--wager",
                "999999999999",
                "--ante",
                "0.000001",
                "--session-hands",
                "10",
            ],
            "beyond the sampler's exact range",
        ),
        (
            vec![
                "--wager",
                "999999999999",
                "--ante",
                "0.000000001",
                "--session-hands",
                "10",
            ],
            "--ante 0.000000001: not a number",
        ),
        (vec!["--wager", "abc"], "--wager abc"),
        (
            vec!["--session-hands", "10", "--bankroll", "abc"],
            "--bankroll abc",
        ),
        (
            vec!["--session-hands", "10", "--lose-more-than", "1.2.3"],
            "--lose-more-than 1.2.3",
        ),
    ] {
        let mut full = vec!["simulate", "--hands", "1000"];
        full.extend(args);
        let out = uth_edge(&full);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{full:?}: {err}");
        assert!(out.stdout.is_empty(), "{full:?}");
        assert_eq!(err.lines().count(), 1, "{full:?}: {err}");
        assert!(err.contains(needle), "{full:?}: {err}");
    }
}
