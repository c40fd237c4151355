//! The committed results (`results/`) against a fresh computation, byte for
//! byte, and the readable report of a difference.

use crate::common::builtin_catalog;
use std::path::{Path, PathBuf};
use uth_edge::analysis::results::{self, ResultFile};

/// `results`, relative: cargo runs the tests in the package's directory,
/// and the differences then name `results/trips.csv`.
fn committed_dir() -> PathBuf {
    let relative = Path::new("results");
    if relative.is_dir() {
        relative.to_path_buf()
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("results")
    }
}

fn fresh_files() -> Vec<ResultFile> {
    results::files(builtin_catalog())
}

#[test]
fn committed_results_are_what_the_program_computes_today() {
    // Fact: results/ was written by scripts/regenerate-results.sh from this
    // code; any change of any figure (exact or decimal) shows here as the
    // file, pay table, row and column that changed.
    let differences = results::compare_dir(&committed_dir(), &fresh_files(), 30);
    assert!(
        differences.is_empty(),
        "results/ differs from a fresh computation:\n  {}\n\
         If the change is intended: run scripts/regenerate-results.sh, review `git diff results/`, commit.",
        differences.join("\n  ")
    );
}

#[test]
fn results_hold_one_file_per_wager_and_every_starting_hand_class() {
    // Facts: the built-in tables cover the base game (two Blind tables),
    // Trips (five: UTH-01..04 and Florida), the Six Card Bonus (two, at
    // $5), the Progressive, the Bad Beat and the Ultimate Pairs Bonus (one
    // each: an example table); 52 cards make 169
    // starting-hand classes holding C(52,2) = 1,326 two-card hands.
    let files = fresh_files();
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "base_game.csv",
            "trips.csv",
            "six_card_bonus.csv",
            "progressive.csv",
            "bad_beat.csv",
            "ultimate_pairs.csv",
            "preflop_strategy.csv"
        ]
    );
    let strategy = &files[6].text;
    for table in ["blind-a", "blind-b"] {
        let rows: Vec<&str> = strategy
            .lines()
            .filter(|l| l.starts_with(&format!("{table},")))
            .collect();
        assert_eq!(rows.len(), 169, "{table}");
        let combinations: u64 = rows
            .iter()
            .map(|r| r.split(',').nth(2).unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(combinations, 1_326, "{table}");
    }
    let trips_totals = files[1]
        .text
        .lines()
        .filter(|l| l.contains(",total,"))
        .count();
    assert_eq!(trips_totals, 5);
}

#[test]
fn a_changed_figure_is_reported_by_file_pay_table_row_and_column() {
    // Fact: the diff names what changed instead of printing both files.
    // Simulated: the committed trips.csv with UTH-02's exact house edge
    // (48987/2572780, which prints as the published 1.90%) altered.
    let files = fresh_files();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("results-diff");
    results::write(&dir, &files).unwrap();
    let trips = dir.join("trips.csv");
    let text = std::fs::read_to_string(&trips).unwrap();
    assert!(text.contains("48987/2572780"));
    std::fs::write(&trips, text.replace("48987/2572780", "48988/2572780")).unwrap();
    let differences = results::compare_dir(&dir, &files, 100);
    // Every row of uth-02 repeats its house edge (and element of risk, the
    // same number): one line each for its nine rows, and the total's return.
    let file = dir.join("trips.csv").display().to_string();
    assert_eq!(
        differences,
        [
            format!("{file}: wager trips, pay table uth-02, rule standard, 9 rows (line royal_flush ... total): column house_edge_exact: old 48988/2572780, new 48987/2572780"),
            format!("{file}: wager trips, pay table uth-02, rule standard, 9 rows (line royal_flush ... total): column element_of_risk_exact: old 48988/2572780, new 48987/2572780"),
            format!("{file}: wager trips, pay table uth-02, rule standard, total: column return_exact: old -48988/2572780, new -48987/2572780"),
        ]
    );
}
