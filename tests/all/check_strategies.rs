//! Figures published about a strategy (issue 33): the Wizard of Odds' 2.43%
//! for his rule of thumb (`[[published]]` in strategies/wizard.toml),
//! checked by `check --strategy-results` against the committed exact
//! figures of every reading of his wording (`results/strategies.csv`, each
//! row matched by the digest of the strategy's decisions); a malformed
//! published entry refused in one line; a row whose digest is not the
//! strategy's never used for a verdict; and the refusal of an unknown
//! strategy name listing `optimal` where the flag takes it.

use crate::common::{long_tests, stderr, stdout, uth_edge};
use std::path::PathBuf;
use uth_edge::analysis::strategy_results::{self, StrategyResult};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{PayTable, WagerKind};
use uth_edge::strategy::{FileStrategy, Strategy};

const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/results/strategies.csv");

/// The wizard file's readings, in the order its published entry names
/// them (the file's own strategy first).
const READINGS: [&str; 4] = [
    "wizard",
    "wizard-ties",
    "wizard-board-trips",
    "wizard-pair-plays",
];

fn committed_rows() -> Vec<StrategyResult> {
    let text = std::fs::read_to_string(COMMITTED).expect("results/strategies.csv is committed");
    strategy_results::read(&text, COMMITTED).expect("a valid results file")
}

fn temp_file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `value` as a percentage rounded half away from zero to two decimals,
/// in hundredths of a percent, by floating point here (the check rounds
/// the exact fraction): 0.024536 -> 245.
fn hundredths_of_percent(value: &Fraction) -> i64 {
    let x = value.to_f64() * 10_000.0;
    assert!(
        (x.abs().fract() - 0.5).abs() > 1e-6,
        "{value} lies on a rounding boundary"
    );
    x.round() as i64
}

#[test]
fn the_wizards_two_point_four_three_is_checked_under_every_reading_and_not_reproduced_as_recorded()
{
    // Fact: none of the twelve definitions (four readings, per Ante, per
    // initial wager, per total wagered) rounds to 2.43% (docs/methodology.md
    // states it for the per-Ante figures; this recomputes the rounding of
    // all twelve from the committed exact fractions by other means), so
    // no reading reproduces it: the verdict is the KNOWN DISCREPANCY the
    // file records (as blind-a's 0.84%), naming each reading's nearest
    // figure, with the figure's source document.
    let rows = committed_rows();
    let mut nearest: Vec<(String, Fraction)> = Vec::new();
    for reading in READINGS {
        let row = rows
            .iter()
            .find(|r| r.strategy == reading && r.paytable == "blind-a")
            .unwrap_or_else(|| panic!("no committed row for {reading}"));
        let values = [
            row.house_edge.clone(),
            row.house_edge.clone() / Fraction::from_int(2),
            row.house_edge.clone() / row.average_total_wager.clone(),
        ];
        for v in &values {
            assert_ne!(hundredths_of_percent(v), 243, "{reading}: {v}");
        }
        let target = Fraction::new(243, 10_000);
        let best = values
            .iter()
            .min_by_key(|v| ((*v).clone() - target.clone()).abs())
            .unwrap()
            .clone();
        nearest.push((reading.to_string(), best));
    }
    let out = uth_edge(&[
        "check",
        "--strategy",
        "wizard",
        "--strategy-results",
        COMMITTED,
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(
        text.contains(
            "base_game played by wizard -- pay table blind-a: \"house edge\" published 2.43%"
        ),
        "{text}"
    );
    assert!(
        text.contains("source: wizardofodds.com, Ultimate Texas Hold 'Em, basic strategy"),
        "{text}"
    );
    assert!(text.contains("*** KNOWN DISCREPANCY ***"), "{text}");
    assert!(!text.contains("REPRODUCED by"), "{text}");
    for (reading, value) in &nearest {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{reading}:")))
            .unwrap_or_else(|| panic!("{reading} not listed in {text}"));
        assert!(
            line.contains(&value.to_string()),
            "{reading}: {value} not in {line}"
        );
    }
    assert!(!stderr(&out).contains("not reproduced"), "{}", stderr(&out));

    // The JSON says the same: every definition of every reading tried.
    let out = uth_edge(&[
        "check",
        "--strategy",
        "wizard",
        "--strategy-results",
        COMMITTED,
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let figure = &json["figures"][0];
    assert_eq!(figure["verdict"], "known_discrepancy");
    assert_eq!(figure["published"], "2.43%");
    let candidates = figure["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 12);
    for reading in READINGS {
        let of_reading = candidates
            .iter()
            .filter(|c| c["reading"] == reading)
            .count();
        assert_eq!(of_reading, 3, "{reading}");
    }
}

#[test]
fn a_results_row_whose_digest_is_not_the_strategys_is_never_used_for_a_verdict() {
    // A row for `wizard` that would reproduce 2.43% (its edge per Ante is
    // exactly 2.43%), first with the digest of the shipped wizard's
    // decisions (the control: it is used, REPRODUCED), then with the
    // digest of other decisions (timid's): refused, one line, exit 2, no
    // verdict printed.
    let wizard = FileStrategy::builtin("wizard").unwrap();
    let blind_a = PayTable::resolve_for("blind-a", WagerKind::Blind).unwrap();
    let mut rows: Vec<StrategyResult> = committed_rows()
        .into_iter()
        .filter(|r| r.strategy != "wizard")
        .collect();
    let forged = |digest: String| StrategyResult {
        strategy: "wizard".to_string(),
        strategy_sha256: digest,
        paytable: "blind-a".to_string(),
        paytable_sha256: blind_a.contents_sha256(),
        house_edge: Fraction::new(243, 10_000),
        average_total_wager: Fraction::from_int(4),
    };
    rows.insert(0, forged(wizard.decisions_sha256()));
    let good = temp_file(
        "strategies-forged-same-digest.csv",
        &uth_edge::results::strategies::file(&rows).text,
    );
    let args =
        |file: &str| uth_edge(&["check", "--strategy", "wizard", "--strategy-results", file]);
    let out = args(&good);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("REPRODUCED by:"), "{}", stdout(&out));
    assert!(stdout(&out).contains("wizard:per_ante"), "{}", stdout(&out));

    let other = FileStrategy::builtin("timid").unwrap().decisions_sha256();
    assert_ne!(other, wizard.decisions_sha256());
    rows[0] = forged(other.clone());
    let tampered = temp_file(
        "strategies-forged-other-digest.csv",
        &uth_edge::results::strategies::file(&rows).text,
    );
    let out = args(&tampered);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
    assert_eq!(err.lines().count(), 1, "{err}");
    for needle in [
        "the row of strategy wizard under Blind table blind-a",
        other.as_str(),
        wizard.decisions_sha256().as_str(),
        "not by name",
    ] {
        assert!(err.contains(needle), "'{needle}' not in {err}");
    }
}

#[test]
fn a_malformed_published_entry_is_refused_in_one_line_naming_file_and_field() {
    let wizard = FileStrategy::builtin_text("wizard").unwrap();
    let entry = |edit: &dyn Fn(&str) -> String| -> String {
        let (head, published) = wizard.split_once("[[published]]").unwrap();
        format!("{head}[[published]]{}", edit(published))
    };
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "value",
            entry(&|p| p.replace("value = \"2.43%\"", "value = \"about 2.43\"")),
            "published[1].value: \"about 2.43\": expected a number as printed",
        ),
        (
            "source",
            entry(&|p| {
                p.replace(
                    "source = \"wizardofodds.com, Ultimate Texas Hold 'Em, basic strategy\"\n",
                    "",
                )
            }),
            "published[1].source: missing",
        ),
        (
            "reading",
            entry(&|p| p.replace("\"wizard-ties\"", "\"wizard-tie\"")),
            "published[1].readings: 'wizard-tie' is not a shipped strategy",
        ),
        (
            "paytable",
            entry(&|p| p.replace("paytable = \"blind-a\"", "paytable = \"uth-01\"")),
            "published[1].paytable: 'uth-01' is not a built-in Blind table",
        ),
        (
            "unknown",
            entry(&|p| p.replace("paytable = ", "measure = \"per_ante\"\npaytable = ")),
            "published[1].measure: unknown field",
        ),
        (
            "two-sides",
            entry(&|p| {
                p.replace(
                    "name = \"house edge\"",
                    "name = \"house edge (player edge)\"",
                )
            }),
            "published[1].name: names two sides",
        ),
    ];
    for (name, text, needle) in &cases {
        assert_ne!(text, wizard, "{name}: the edit changed nothing");
        let file = temp_file(&format!("published-{name}.toml"), text);
        for args in [
            vec!["strategies", "validate", file.as_str()],
            vec!["check", "--strategy", file.as_str()],
        ] {
            let out = uth_edge(&args);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(out.stdout.is_empty(), "{args:?}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(
                err.contains(&format!("{file}: {needle}")),
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn an_unknown_strategy_name_is_refused_listing_optimal_where_the_flag_takes_it() {
    for args in [
        &["game", "--strategy", "perfect"][..],
        &["simulate", "--hands", "10", "--strategy", "perfect"],
        &["economics", "--players", "perfect:100%"],
        &[
            "player-dealer",
            "--rotations",
            "10",
            "--strategy",
            "perfect",
        ],
    ] {
        let out = uth_edge(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("(nor a strategy by name: optimal, wizard, timid"),
            "{args:?}: {err}"
        );
    }
    // Where optimal is not taken, it is not offered.
    for args in [
        &["strategies", "validate", "perfect"][..],
        &["strategy", "AsKd", "--with", "perfect"],
        &["check", "--strategy", "perfect"],
    ] {
        let out = uth_edge(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("(nor a shipped strategy: wizard"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("optimal"), "{args:?}: {err}");
    }
}

#[test]
fn the_committed_rows_are_those_of_the_shipped_strategies_today() {
    // Fast: every row the published figures need is committed and carries
    // the digests of the shipped strategy's decisions and of its Blind
    // table (a strategy file edited without computing its row again fails
    // here); the Wizard's edge per Ante is issue 33's figure
    // 85304831237/3476726253000. Long: a fresh exact evaluation of every
    // row gives the committed file byte for byte (what `results
    // --strategies --check results` does).
    let rows = committed_rows();
    let needed = strategy_results::needed(&strategy_results::shipped_with_figures());
    assert_eq!(
        needed.iter().map(|(s, _)| s.name()).collect::<Vec<_>>(),
        READINGS
    );
    for (strategy, table) in &needed {
        let table = PayTable::resolve_for(table, WagerKind::Blind).unwrap();
        let row = rows
            .iter()
            .find(|r| r.strategy == strategy.name() && r.paytable == table.id)
            .unwrap_or_else(|| panic!("no row for {}", strategy.name()));
        assert_eq!(
            row.strategy_sha256,
            strategy.decisions_sha256(),
            "{}",
            strategy.name()
        );
        assert_eq!(row.paytable_sha256, table.contents_sha256());
    }
    assert_eq!(rows.len(), needed.len());
    assert_eq!(
        rows[0].house_edge,
        Fraction::new(85_304_831_237, 3_476_726_253_000)
    );
    if !long_tests() {
        return;
    }
    let with_tables: Vec<(FileStrategy, PayTable)> = needed
        .into_iter()
        .map(|(s, t)| (s, PayTable::resolve_for(&t, WagerKind::Blind).unwrap()))
        .collect();
    let fresh =
        uth_edge::results::strategies::file(&strategy_results::compute(&with_tables, &Silent));
    let committed = std::fs::read_to_string(COMMITTED).unwrap();
    let differences =
        uth_edge::results::diff_csv("results/strategies.csv", &committed, &fresh.text, 20);
    assert!(
        differences.is_empty() && committed == fresh.text,
        "results/strategies.csv differs from a fresh computation (scripts/strategy-results.sh):\n  {}",
        differences.join("\n  ")
    );
}
