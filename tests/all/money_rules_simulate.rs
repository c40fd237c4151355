//! The independent checks of the money rules from the command line (issue
//! 24): `simulate --payout-limit` settles every hand through
//! `settle_limited` and must land on the exact limited solve, and
//! `progressive --simulate` runs the meters wager by wager and must land on
//! the exact long run; with their refusals.

use crate::common::{long_tests, stderr, stdout, uth_edge};

#[test]
fn a_simulation_under_a_payout_limit_lands_on_the_exact_limited_solve() {
    // At a $10,000 Ante a $50,000 limit is 5 Antes: every Blind award from
    // a straight flush up is capped, and raises that win much; 1,000,000
    // hands played with the limited solve's strategy, settled by the
    // sampler's own settlement path, must cover the solver's exact figure
    // and be far (more than 10 standard errors) from the unlimited one.
    // Long (two limited solves through the binary, a million hands): the
    // limited solve itself is checked against brute force on reduced decks
    // (payout_limit.rs) and run by a golden line on every run.
    if !long_tests() {
        return;
    }
    let out = uth_edge(&[
        "simulate",
        "--hands",
        "1000000",
        "--seed",
        "24",
        "--base-only",
        "--payout-limit",
        "50000",
        "--ante",
        "10000",
        "--format",
        "json",
        "-q",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let row = &json["results"][0];
    assert_eq!(row["wager"], "base_game");
    let exact =
        uth_edge::fraction::Fraction::parse(row["house_edge_exact"].as_str().unwrap()).unwrap();
    let (low, high) = (
        row["ci95_low"].as_f64().unwrap(),
        row["ci95_high"].as_f64().unwrap(),
    );
    let se = row["std_error"].as_f64().unwrap();
    assert!(low <= exact.to_f64() && exact.to_f64() <= high, "{row}");
    let unlimited = crate::common::full_solution_a()
        .summary()
        .house_edge
        .to_f64();
    assert!(exact.to_f64() - unlimited > 10.0 * se, "{row}");
    // The text says what was simulated.
    let text = uth_edge(&[
        "simulate",
        "--hands",
        "1000",
        "--base-only",
        "--payout-limit",
        "50000",
        "--ante",
        "10000",
        "-q",
    ]);
    assert!(stdout(&text).starts_with(
        "Under a payout limit of $50,000 per hand at a $10,000 Ante (COMAR 36.05.16.12F)"
    ));
}

/// Two meters won often (a 50% award off one, a 100% award that resets the
/// other), so that 1,000,000 wagers see thousands of resets.
const FREQUENT: &str = r#"
id = "frequent"
title = "test: meters won often"
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

#[test]
fn progressive_simulate_lands_on_the_exact_long_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("frequent.toml");
    std::fs::write(&path, FREQUENT).unwrap();
    let path = path.to_str().unwrap();
    let out = uth_edge(&[
        "progressive",
        "--paytable",
        path,
        "--mix",
        "1:2",
        "--mix",
        "5:1",
        "--players",
        "0",
        "--players",
        "1",
        "--simulate",
        "1000000",
        "--seed",
        "3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("frequent ") && l.contains('['))
        .collect();
    assert_eq!(
        rows.len(),
        4,
        "two wager sizes, two numbers of players: {text}"
    );
    for row in rows {
        assert!(row.trim_end().ends_with("yes"), "{row}");
    }
    assert!(text.contains("resets major 0, minor "), "{text}");
}

#[test]
fn bad_simulation_flags_of_the_money_rules_are_refused_in_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "simulate",
                "--hands",
                "1000",
                "--base-only",
                "--payout-limit",
                "50000",
            ],
            "needs --ante",
        ),
        (
            &[
                "simulate",
                "--hands",
                "1000",
                "--payout-limit",
                "50000",
                "--ante",
                "100",
            ],
            "--base-only",
        ),
        (
            &[
                "simulate",
                "--hands",
                "1000",
                "--base-only",
                "--strategy",
                "wizard",
                "--payout-limit",
                "50000",
                "--ante",
                "100",
            ],
            "--strategy optimal",
        ),
        (
            &[
                "simulate",
                "--hands",
                "1000",
                "--base-only",
                "--payout-limit",
                "-1",
                "--ante",
                "100",
            ],
            "payout-limit",
        ),
        (
            &["progressive", "--rate", "15%", "--simulate", "50"],
            "at least 100",
        ),
        (
            &[
                "progressive",
                "--rate",
                "15%",
                "--simulate",
                "1000",
                "--format",
                "json",
            ],
            "--format table",
        ),
        (&["progressive", "--simulate", "1000"], "states a meter"),
    ];
    for (args, says) in cases {
        let out = uth_edge(&[&args[..], &["-q"]].concat());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
