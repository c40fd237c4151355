//! The `simulate` command of the real binary: its JSON has the documented
//! shape, its output does not depend on the threads, and bad arguments exit
//! with code 2 and one line.

use crate::common::uth_edge;

#[test]
fn simulate_json_has_the_documented_shape() {
    let out = uth_edge(&[
        "simulate",
        "--hands",
        "200_000",
        "--strategy",
        "wizard",
        "--trips",
        "uth-01",
        "--six-card",
        "six-card-b",
        "--wager",
        "2.50",
        "--session-hands",
        "500",
        "--bankroll",
        "40",
        "--no-exact",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["simulation"]["hands"], 200_000);
    assert_eq!(doc["simulation"]["seed"], 1);
    assert_eq!(doc["simulation"]["strategy"], "wizard");
    let results = doc["results"].as_array().unwrap();
    let wagers: Vec<&str> = results
        .iter()
        .map(|r| r["wager"].as_str().unwrap())
        .collect();
    assert_eq!(wagers, ["base_game", "trips", "six_card_bonus"]);
    for r in results {
        for key in [
            "house_edge",
            "std_error",
            "ci95_low",
            "ci95_high",
            "hands",
            "seed",
        ] {
            assert!(r.get(key).is_some(), "{key} missing in {r}");
        }
        let (lo, he, hi) = (
            r["ci95_low"].as_f64().unwrap(),
            r["house_edge"].as_f64().unwrap(),
            r["ci95_high"].as_f64().unwrap(),
        );
        assert!(lo < he && he < hi);
    }
    // --no-exact: no exact evaluation of the wizard; the side bets' always.
    assert!(results[0]["house_edge_exact"].is_null());
    assert_eq!(results[1]["exact_inside_ci95"], true);
    assert!(results[2]["house_edge_exact"].is_string());
    assert_eq!(results[2]["wager_amount"], "5/2");
    assert_eq!(doc["sessions"]["sessions"], 400);
    assert_eq!(doc["sessions"]["bankroll"]["antes"], 40.0);
}

#[test]
fn simulate_output_does_not_depend_on_threads() {
    let run = |threads: &str| {
        let out = uth_edge(&[
            "simulate",
            "--hands",
            "150000",
            "--strategy",
            "timid",
            "--seed",
            "9",
            "--session-hands",
            "1000",
            "--threads",
            threads,
            "--trips",
            "uth-02",
            "--no-exact",
            "--format",
            "csv",
        ]);
        assert!(out.status.success());
        out.stdout
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn simulate_bad_arguments_exit_2_with_one_line() {
    for (args, needle) in [
        (&["--hands", "0"][..], "at least 1"),
        (
            &["--hands", "10", "--strategy", "perfect"],
            "--strategy: strategy file perfect: file: No such file or directory (os error 2) (nor a strategy by name: optimal, wizard",
        ),
        (
            &["--hands", "10", "--session-hands", "5", "--bankroll", "-3"],
            "--bankroll must be more than 0",
        ),
        (&["--hands", "10", "--threads", "0"], "--threads"),
        (
            &["--hands", "10", "--session-hands", "11"],
            "more than the 10 hands",
        ),
        (&["--hands", "ten"], "not a whole number"),
        (&["--hands", "10", "--trips", "blind-a"], "blind-a"),
    ] {
        let mut full = vec!["simulate"];
        full.extend_from_slice(args);
        let out = uth_edge(&full);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{full:?}: {err}");
        assert!(out.stdout.is_empty(), "{full:?}");
        assert_eq!(err.lines().count(), 1, "{full:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{full:?}: {err}"
        );
    }
}
