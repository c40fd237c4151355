//! The wager commands through the CLI (`trips`, `bad-beat`, `progressive`):
//! the documented JSON, and bad input exiting 2 with one line.

use crate::common::uth_edge;
use crate::deals::{deals, flop_deals};
use uth_edge::exact::progressive::break_even_meter;
use uth_edge::exact::showdown_bets::bad_beat_result;
use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::PayTable;

fn json(args: &[&str]) -> serde_json::Value {
    let out = uth_edge(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn cli_reports_the_wagers_in_the_documented_json() {
    // Fact: the README's JSON contract for the three wagers.
    let bb = json(&["bad-beat", "--format", "json"]);
    let r = &bb["results"][0];
    assert_eq!(r["wager"], "bad_beat");
    assert_eq!(r["paytable"], "bad-beat-dg");
    assert_eq!(r["rule"], "player_losing_hand+dealer_beaten_hand");
    assert_eq!(r["outcomes"], 2_781_381_002_400u64);
    // The library's figure (its decimal is the published -0.147868, tested
    // above) is what the command prints.
    let table = PayTable::resolve("bad-beat-dg").unwrap();
    let edge = bad_beat_result(&table, deals()).house_edge.to_string();
    assert_eq!(r["house_edge_exact"], edge.as_str());

    let fl = json(&["trips", "--paytable", "uth-florida", "--format", "json"]);
    let r = &fl["results"][0];
    assert_eq!(r["wager"], "trips");
    assert_eq!(r["rule"], "must_beat_dealer");
    assert_eq!(r["lines"][7]["hand"], "push");

    let pr = json(&[
        "progressive",
        "--meter",
        "250000",
        "--players",
        "3",
        "--format",
        "json",
    ]);
    let r = &pr["results"][0];
    assert_eq!(r["wager"], "progressive");
    assert_eq!(r["rule"], "hole_and_flop");
    assert_eq!(r["wager_amount_exact"], "1");
    assert_eq!(r["meter_exact"], "250000");
    assert_eq!(r["players"], 3);
    assert_eq!(r["outcomes"], 28_094_757_600u64);
    let figures = r["figures"].as_array().unwrap();
    assert_eq!(figures.len(), 6);
    assert_eq!(figures[0]["name"], "break_even_meter_0_other_players");
    let progressive = PayTable::resolve("progressive-md").unwrap();
    let meter = break_even_meter(&progressive, flop_deals(), Fraction::ONE, 0).unwrap();
    assert_eq!(figures[0]["value_exact"], meter.to_string().as_str());
    assert_eq!(figures[0]["unit"], "dollars");
    let hands: Vec<&str> = r["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["hand"].as_str().unwrap())
        .collect();
    assert_eq!(
        hands[7..],
        ["other", "envy_royal_flush", "envy_straight_flush"]
    );

    let seven = json(&["progressive", "--hand", "best-of-seven", "--format", "json"]);
    assert_eq!(seven["results"][0]["rule"], "best_of_seven");
    assert!(seven["results"][0]["house_edge"].as_f64().unwrap() < -3.0);
}

#[test]
fn cli_bad_input_for_the_wagers_exits_2_with_one_line() {
    // Fact: each command line breaks one documented rule.
    let cases: [(&[&str], &[&str]); 7] = [
        (
            &["progressive", "--players", "6"],
            &["--players 6", "at most 5"],
        ),
        (
            &["progressive", "--meter", "-1"],
            &["--meter -1", "negative"],
        ),
        (&["progressive", "--meter", "lots"], &["--meter lots"]),
        (
            &["progressive", "--wager", "2"],
            &["--wager", "progressive-md", "$1 and $5", "$2"],
        ),
        (
            &["bad-beat", "--paytable", "uth-01"],
            &["paytables/uth-01.toml", "wager = \"trips\"", "bad_beat"],
        ),
        (
            &["trips", "--paytable", "bad-beat-dg"],
            &[
                "paytables/bad-beat-dg.toml",
                "wager = \"bad_beat\"",
                "trips",
            ],
        ),
        (&["progressive", "--hand", "best"], &["best"]),
    ];
    for (args, needles) in cases {
        let out = uth_edge(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        for needle in needles {
            assert!(err.contains(needle), "{args:?}: '{needle}' not in {err}");
        }
    }
}
