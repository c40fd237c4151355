//! Strategy files played (issue 33): `simulate --strategy FILE|NAME` plays a
//! file hand by hand, the cross-check of its exact figures; `strategy
//! --with FILE HOLE [BOARD]` says which rule decided a spot beside the
//! optimal choice. Each against an independent fact.

use crate::common::{long_tests, stderr, stdout, uth_edge};
use serde_json::Value;
use std::path::PathBuf;

/// A strategy file written for a test (never seen by the code).
fn strategy_file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn json_of(args: &[&str]) -> Value {
    let out = uth_edge(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A fraction's text (`-56779/46530`) as a float.
fn exact(text: &str) -> f64 {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap()
}

#[test]
fn simulate_plays_a_strategy_file_the_code_never_saw() {
    // Raise 4x with aces only, never on the flop, always on the river: the
    // sampled share of 4x raises is the chance of pocket aces, 6 of the
    // 1,326 holdings, and no hand is folded or raised 2x or 3x.
    let file = strategy_file(
        "aces-only.toml",
        "name = \"aces-only\"\n[preflop]\nraise_4x = \"AA\"\n[flop]\ndefault = \"check\"\n\
         [river]\ndefault = \"raise\"\n",
    );
    let json = json_of(&[
        "simulate",
        "--strategy",
        &file,
        "--hands",
        "200000",
        "--base-only",
        "--no-exact",
        "--format",
        "json",
    ]);
    assert_eq!(json["simulation"]["strategy"], "aces-only");
    let action = |name: &str| {
        json["actions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["name"] == name)
            .unwrap()
            .clone()
    };
    let four = &action("raise_4x")["frequency"];
    let z = (four["mean"].as_f64().unwrap() - 6.0 / 1326.0) / four["std_error"].as_f64().unwrap();
    assert!(z.abs() < 4.0, "{four}");
    for none in ["fold", "raise_2x", "raise_3x"] {
        assert_eq!(action(none)["count"], 0, "{none}");
    }
    // A bad file: one line, exit 2, before any hand.
    let bad = strategy_file(
        "river-draw.toml",
        "name = \"d\"\n[preflop]\n[flop]\ndefault = \"check\"\n[river]\ndefault = \"fold\"\n\
         [[river.rule]]\naction = \"raise\"\nopen_ended_draw = true\n",
    );
    let out = uth_edge(&["simulate", "--strategy", &bad, "--hands", "1000"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(e.contains("river.rule[1].open_ended_draw: a draw"), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
}

#[test]
fn simulate_strategy_never_4x_covers_its_exact_figure() {
    // The sampled house edge of a shipped non-optimal file within 4
    // standard errors of its exact figure, which the same run computes by
    // the solver's evaluation of every deal (two engines sharing only the
    // settlement rules). The full deck's evaluation takes minutes: long
    // only (the 28-card deck's cross-check of every shipped file is in
    // sampler_base_game.rs, always).
    if !long_tests() {
        return;
    }
    let json = json_of(&[
        "simulate",
        "--strategy",
        "never-4x",
        "--hands",
        "400000",
        "--base-only",
        "--format",
        "json",
    ]);
    let base = &json["results"][0];
    let estimate = base["house_edge"].as_f64().unwrap();
    let se = base["std_error"].as_f64().unwrap();
    let figure = exact(base["house_edge_exact"].as_str().unwrap());
    assert!(((estimate - figure) / se).abs() < 4.0, "{base}");
}

fn with_reached(answer: &Value) -> bool {
    answer["strategy"]["reached"].as_bool().unwrap()
}

#[test]
fn strategy_with_names_the_rule_and_prices_it_against_the_optimal_choice() {
    // Facts: (1) river K-5 on A-8-6-Q-4 (no pair, no straight, no flush):
    // the dealer beats the player's A-K-Q-8-6 only by pairing a board card,
    // 3 x 5 = 15 outs (a king ties), fewer than 21, so the wizard's fourth
    // river rule (dealer_outs_below = 21) raises; the first three (pocket
    // pair, a hole card pairing the board, a straight or better) fail.
    // (2) A flop of three kings: the wizard raises by its first flop rule
    // (two pair or better); the reading wizard-board-trips checks by its
    // own first rule. (3) The EVs are those `strategy` gives without
    // --with, and the cost is the optimal EV less the file's.
    let river = json_of(&[
        "strategy", "--with", "wizard", "Kc5d", "As8d6c", "Qh4h", "--format", "json",
    ]);
    assert_eq!(river["strategy"]["rule"], 4);
    assert_eq!(river["strategy"]["action"], "raise_1x");
    assert!(
        river["strategy"]["decided_by"]
            .as_str()
            .unwrap()
            .contains("dealer_outs_below = 21"),
        "{river}"
    );
    let plain = json_of(&["strategy", "7h6d", "KhKsKc", "--format", "json"]);
    let ev = |d: &Value, action: &str| {
        d["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["action"] == action)
            .unwrap()["ev_exact"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for (name, action) in [("wizard", "raise_2x"), ("wizard-board-trips", "check")] {
        let with = json_of(&[
            "strategy", "--with", name, "7h6d", "KhKsKc", "--format", "json",
        ]);
        let s = &with["strategy"];
        assert_eq!(
            (s["rule"].as_u64(), s["action"].as_str()),
            (Some(1), Some(action))
        );
        assert_eq!(s["ev_exact"].as_str().unwrap(), ev(&plain, action));
        let best = plain["best"].as_str().unwrap();
        let cost = exact(&ev(&plain, best)) - exact(&ev(&plain, action));
        assert!((exact(s["cost_exact"].as_str().unwrap()) - cost).abs() < 1e-12);
        assert_eq!(s["optimal"].as_bool(), Some(action == best));
        // 7-6 offsuit is in no preflop list: the flop is reached.
        assert!(with_reached(&with), "{name}");
    }
    // The text names the same.
    let text = stdout(&uth_edge(&[
        "strategy", "--with", "wizard", "7h6d", "KhKsKc",
    ]));
    assert!(
        text.contains("strategy wizard: raise_2x")
            && text.contains("decided by flop rule 1: category_at_least = \"two_pair\""),
        "{text}"
    );
    // A flop spot the wizard never reaches: it raises 4x with any ace.
    let unreached = json_of(&[
        "strategy", "--with", "wizard", "AsKd", "Qh7c2d", "--format", "json",
    ]);
    assert!(!with_reached(&unreached));
    // Nor the river spot above: K-5 offsuit is raised 4x (a king with 5 or
    // better unsuited).
    assert!(!with_reached(&river));
    // A preflop spot: the list that names the class.
    let pre = json_of(&["strategy", "--with", "wizard", "Kc4d", "--format", "json"]);
    assert!(pre["strategy"]["decided_by"]
        .as_str()
        .unwrap()
        .contains("no preflop list names K4o"));
    // Refusals: one line, exit 2, before any work.
    for (args, says) in [
        (vec!["strategy", "--with", "wizard"], "give the spot"),
        (
            vec!["strategy", "--with", "wizard", "AsKd", "--dead", "2c"],
            "not with --dead",
        ),
        (
            vec!["strategy", "--with", "no-such.toml", "AsKd"],
            "strategy file no-such.toml: file:",
        ),
    ] {
        let out = uth_edge(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}
