//! The report's "Money rules" part (issue 24): the payout limit and the
//! Progressive meter in `uth-edge report`, every format, and the
//! refusals of its flags. The part's figures must be those of `game
//! --payout-limit` (checked against brute force on reduced decks in
//! payout_limit.rs) and of `progressive --rate` (checked against the
//! conservation derivation in progressive_meters.rs).

use crate::common::{long_tests, stderr, stdout, uth_edge};
use uth_edge::fraction::Fraction;

/// Every deal of the player's two cards and the flop: C(52,5).
const HANDS: i128 = 2_598_960;

/// The `house_edge_exact` of the first row of a JSON document for
/// `paytable` whose rule names a payout limit.
fn limited_edge(json: &str, paytable: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let rows = value["results"].as_array().expect("results");
    let row = rows
        .iter()
        .find(|r| {
            r["paytable"] == paytable
                && r["rule"]
                    .as_str()
                    .is_some_and(|rule| rule.contains("payout limit $50,000"))
        })
        .unwrap_or_else(|| panic!("a limited row of {paytable}: {json}"));
    row["house_edge_exact"].as_str().expect("exact").to_string()
}

#[test]
fn the_report_part_gives_the_figures_of_game_and_progressive() {
    // The figures `game --payout-limit` prints at a $1,000 Ante, and the
    // long run of progressive-md at 15% and $10,000, which the
    // conservation argument gives as 715,560/2,598,960 (see
    // progressive_meters.rs); at 60 wagers an hour a royal flush (4 in
    // 2,598,960 deals) is hit every 2,598,960/4/60 = 10,829 hours.
    // Long (four full solves through the binary); the meter's half runs
    // always in the test below.
    if !long_tests() {
        return;
    }
    let game = uth_edge(&[
        "game",
        "--blind",
        "blind-a",
        "--ante",
        "1000",
        "--payout-limit",
        "50000",
        "--format",
        "json",
        "-q",
    ]);
    assert!(game.status.success(), "{}", stderr(&game));
    let edge = limited_edge(&stdout(&game), "blind-a");
    let args = [
        "report",
        "--paytable",
        "blind-a",
        "--paytable",
        "progressive-md",
        "--payout-limit",
        "50000",
        "--ante",
        "1000",
        "--rate",
        "15%",
        "--reset",
        "10000",
        "--wagers-per-hour",
        "60",
        // The money rules do not depend on the cross-check (its part:
        // certification.rs): no sample of 10^7 hands.
        "--cross-check-hands",
        "0",
        "-q",
    ];
    let markdown = uth_edge(&[&args[..], &["--format", "markdown"]].concat());
    assert!(markdown.status.success(), "{}", stderr(&markdown));
    let text = stdout(&markdown);
    let part = &text[text.find("## Money rules").expect("the part")..];
    assert!(part.contains("### Payout limit per hand"), "{part}");
    assert!(
        part.contains(&format!("house edge at a $1,000 Ante: 3.6662% = `{edge}`")),
        "{part}"
    );
    assert!(
        part.contains("Blind pays royal flush, capped (limit keeps 455 Antes)"),
        "{part}"
    );
    let meter_edge = Fraction::new(715_560, HANDS);
    assert!(
        part.contains(&format!("long-run house edge: 27.5326% = `{meter_edge}`")),
        "{part}"
    );
    assert!(
        part.contains("| royal_flush | 100% of meter | 0.000001539077 | 649,740 | 10829.00 |"),
        "{part}"
    );
    // CSV and JSON: the limited row after the catalog's, the same figures.
    let json = uth_edge(&[&args[..], &["--format", "json"]].concat());
    assert!(json.status.success(), "{}", stderr(&json));
    assert_eq!(limited_edge(&stdout(&json), "blind-a"), edge);
    assert!(stdout(&json).contains(&format!("\"house_edge_exact\": \"{meter_edge}\"")));
}

#[test]
fn the_report_part_gives_the_meter_figures_of_progressive() {
    // The long run of progressive-md at 15% and $10,000 by the
    // conservation argument, 715,560/2,598,960 (progressive_meters.rs), and
    // a royal flush every 2,598,960/4/60 = 10,829 hours at 60 wagers an
    // hour, in markdown and JSON, without a Blind table (no solve; the
    // payout limit's half, with solves, is the test above).
    let args = [
        "report",
        "--paytable",
        "progressive-md",
        "--rate",
        "15%",
        "--reset",
        "10000",
        "--wagers-per-hour",
        "60",
        "-q",
    ];
    let markdown = uth_edge(&[&args[..], &["--format", "markdown"]].concat());
    assert!(markdown.status.success(), "{}", stderr(&markdown));
    let text = stdout(&markdown);
    let part = &text[text.find("## Money rules").expect("the part")..];
    let meter_edge = Fraction::new(715_560, HANDS);
    assert!(
        part.contains(&format!("long-run house edge: 27.5326% = `{meter_edge}`")),
        "{part}"
    );
    assert!(
        part.contains("| royal_flush | 100% of meter | 0.000001539077 | 649,740 | 10829.00 |"),
        "{part}"
    );
    let json = uth_edge(&[&args[..], &["--format", "json"]].concat());
    assert!(json.status.success(), "{}", stderr(&json));
    assert!(stdout(&json).contains(&format!("\"house_edge_exact\": \"{meter_edge}\"")));
}

#[test]
fn the_html_report_plots_the_house_edge_as_the_ante_varies() {
    // Two Antes, the table minimum and maximum: at $25 a $50,000 limit is
    // 2,000 Antes, more than any hand wins (a royal flush raised 4x wins
    // 500 + 4 + 1 + 1 Antes on blind-a), so the house edge there is the
    // unlimited one to the last digit. Long (three full solves through the
    // binary, one more here).
    if !long_tests() {
        return;
    }
    let out = uth_edge(&[
        "report",
        "--paytable",
        "blind-a",
        "--payout-limit",
        "50000",
        "--table-minimum",
        "25",
        "--table-maximum",
        "1000",
        "--cross-check-hands",
        "0",
        "--format",
        "html",
        "-q",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let html = stdout(&out);
    let part = &html[html.find("<section id=\"money-rules\">").expect("the part")..];
    assert!(
        part.contains("<figure class=\"money-rules-plot\">"),
        "{part}"
    );
    assert!(
        part.contains("house edge at the table minimum ($25 Ante)"),
        "{part}"
    );
    assert!(
        part.contains("house edge at the table maximum ($1,000 Ante)"),
        "{part}"
    );
    assert!(
        part.contains("none: the limit does not bind at this Ante."),
        "{part}"
    );
    let unlimited = crate::common::full_solution_a().summary().house_edge;
    assert!(
        part.contains(&format!(
            "house edge at the table minimum ($25 Ante)</th><td>2.1850% = <span class=\"exact\">{unlimited}</span>"
        )),
        "{part}"
    );
}

#[test]
fn without_money_rules_the_part_says_none_was_stated() {
    for format in ["table", "markdown", "html"] {
        let out = uth_edge(&["report", "--paytable", "uth-01", "--format", format]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stdout(&out).contains("No money rule was stated"),
            "{format}: {}",
            stdout(&out)
        );
    }
    // CSV and JSON have no place for words: unchanged (the golden files).
    let csv = stdout(&uth_edge(&[
        "report",
        "--paytable",
        "uth-01",
        "--format",
        "csv",
    ]));
    assert!(!csv.contains("money rule"), "{csv}");
}

#[test]
fn bad_money_rule_flags_of_the_report_are_refused_in_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["--payout-limit=-5", "--ante", "10"], "payout-limit"),
        (&["--payout-limit", "50000"], "needs the stakes"),
        (&["--ante", "1000"], "go with --payout-limit"),
        (
            &[
                "--payout-limit",
                "50000",
                "--ante",
                "10",
                "--table-minimum",
                "25",
            ],
            "below --table-minimum",
        ),
        (
            &[
                "--payout-limit",
                "50000",
                "--table-minimum",
                "100",
                "--table-maximum",
                "50",
            ],
            "below --table-minimum",
        ),
        (
            &[
                "--payout-limit",
                "50000",
                "--ante",
                "10",
                "--paytable",
                "uth-01",
            ],
            "no Blind pay table",
        ),
        (
            &["--rate", "120%", "--paytable", "progressive-md"],
            "--rate",
        ),
        (
            &["--rate", "15%", "--paytable", "uth-01"],
            "no Progressive pay table",
        ),
    ];
    for (args, says) in cases {
        let out = uth_edge(&[&["report", "-q"], &args[..]].concat());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing computed");
    }
}

/// "With" and "without the limit" hold the same wagers: with a $100 Trips
/// on UTH-01 both count the Trips' loss at each Ante. Facts: the Trips is
/// settled on the player's seven cards whatever he plays (COMAR
/// 36.05.16.11I(2)), so without a limit its expected loss adds to the
/// base game's: base + (100 / Ante) × Trips edge, the base from the
/// solver's unlimited solve and the Trips edge from the side-bet
/// enumeration; at $25 a $50,000 limit is 2,000 Antes, above the 706 a
/// hand can win (506 + 50 × 4 on the Trips), so there the two are equal.
/// Three solves and more: with `UTH_EDGE_LONG_TESTS=1` only.
#[test]
fn with_and_without_the_limit_hold_the_same_wagers() {
    if !super::common::long_tests() {
        return;
    }
    let out = uth_edge(&[
        "report",
        "--paytable",
        "blind-a",
        "--payout-limit",
        "50000",
        "--trips",
        "uth-01",
        "--trips-amount",
        "100",
        "--table-minimum",
        "25",
        "--table-maximum",
        "1000",
        "--cross-check-hands",
        "0",
        "--format",
        "markdown",
        "-q",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let md = stdout(&out);
    let exact_after = |label: &str| -> Fraction {
        let line = md
            .lines()
            .find(|l| l.starts_with(&format!("- {label}: ")))
            .unwrap_or_else(|| panic!("{label}: {md}"));
        let exact = line.split('`').nth(1).expect("an exact value");
        let (n, d) = exact.split_once('/').expect("a fraction");
        Fraction::new(n.parse().unwrap(), d.parse().unwrap())
    };
    let base = crate::common::full_solution_a().summary().house_edge;
    let uth01 = uth_edge::rules::paytable::PayTable::builtin("uth-01")
        .unwrap()
        .unwrap();
    let counts = uth_edge::exact::side_bets::count_seven_card_hands(&uth_edge::progress::Silent);
    let trips = uth_edge::exact::side_bets::trips_result(&uth01, &counts).house_edge;
    let with_trips = |antes_of_trips: i128, per: i128| {
        base.clone() + trips.clone() * Fraction::new(antes_of_trips, per)
    };
    let at_25 = exact_after("the same wagers without the limit at a $25 Ante");
    assert_eq!(at_25, with_trips(4, 1));
    assert_eq!(
        at_25,
        exact_after("house edge at the table minimum ($25 Ante)")
    );
    assert_eq!(
        exact_after("the same wagers without the limit at a $1,000 Ante"),
        with_trips(1, 10)
    );
}

#[test]
fn report_quiet_prints_no_meter_warning() {
    // A reset of $5,000 is below the $10,000 COMAR 36.05.16.12D(3)(b)
    // allows: the report warns on standard error, as `progressive` does,
    // and `--quiet` means no warnings (it printed this one regardless).
    let args = [
        "report",
        "--paytable",
        "progressive-md",
        "--rate",
        "15%",
        "--reset",
        "5000",
        "--format",
        "json",
    ];
    let warning = "reset $5,000 is below $10,000";
    let loud = uth_edge(&args);
    assert!(loud.status.success(), "{}", stderr(&loud));
    assert!(stderr(&loud).contains(warning), "{}", stderr(&loud));
    let quiet = uth_edge(&[&args[..], &["-q"]].concat());
    assert!(quiet.status.success(), "{}", stderr(&quiet));
    assert_eq!(stderr(&quiet), "", "report -q printed on standard error");
}
