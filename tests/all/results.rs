//! The committed results (`results/`) against a fresh computation, byte for
//! byte, and the readable report of a difference.

use crate::common::builtin_catalog;
use std::path::{Path, PathBuf};
use uth_edge::results::{self, ResultFile};

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

/// An empty scratch directory of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("results-dir-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `uth-edge results --paytable uth-01 FLAG DIR`.
fn results_uth_01(flag: &str, dir: &Path) -> std::process::Output {
    crate::common::uth_edge(&[
        "results",
        "--paytable",
        "uth-01",
        flag,
        dir.to_str().unwrap(),
    ])
}

#[test]
fn a_results_file_that_does_not_read_exactly_is_refused_naming_file_and_line() {
    // Fact (issue 23): rows that failed to parse were skipped by the check
    // that no other table's rows are lost, then lost: the committed
    // trips.csv (rows of five tables) altered as a user might, written
    // over with uth-01 only, exit 0. Each is now refused (exit 2), the file
    // untouched.
    let committed =
        std::fs::read_to_string(committed_dir().join("trips.csv")).expect("the committed file");
    let on_lines = |f: &dyn Fn(usize, &str) -> String| -> String {
        committed
            .lines()
            .enumerate()
            .map(|(i, l)| f(i + 1, l) + "\n")
            .collect()
    };
    let cases: [(&str, String, &str); 5] = [
        (
            "a trailing comma",
            on_lines(&|i, l| if i > 1 { format!("{l},") } else { l.into() }),
            "line 2: a row of",
        ),
        (
            "a renamed column",
            committed.replacen("paytable", "table", 1),
            "line 1: not the header uth-edge writes: column 2 is 'table', expected 'paytable'",
        ),
        (
            "an extra column",
            committed.replacen('\n', ",notes\n", 1),
            "line 1: not the header",
        ),
        (
            "semicolons",
            committed.replace(',', ";"),
            "line 1: not the header",
        ),
        (
            "an unbalanced quote",
            on_lines(&|i, l| {
                if i == 3 {
                    l.replacen(",line,", ",\"line,", 1)
                } else {
                    l.into()
                }
            }),
            "line 3:",
        ),
    ];
    let dir = scratch("strict");
    for (what, text, needle) in cases {
        std::fs::write(dir.join("trips.csv"), &text).unwrap();
        let out = results_uth_01("--out-dir", &dir);
        let err = crate::common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert_eq!(err.lines().count(), 1, "{what}: {err}");
        assert!(
            err.contains("trips.csv") && err.contains(needle),
            "{what}: {err}"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("trips.csv")).unwrap(),
            text,
            "{what}: untouched"
        );
    }
}

#[test]
fn a_second_run_on_a_locked_results_directory_is_refused() {
    // Fact (issue 23): two runs on one directory interleaved and lost rows.
    // The directory is held here with flock(2), as a first run holds it.
    use std::os::unix::io::AsRawFd;
    let dir = scratch("lock");
    let held = std::fs::File::open(&dir).unwrap();
    // SAFETY: flock on a descriptor `held` owns.
    assert_eq!(unsafe { libc::flock(held.as_raw_fd(), libc::LOCK_EX) }, 0);
    let out = results_uth_01("--out-dir", &dir);
    let err = crate::common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("another uth-edge results run"), "{err}");
    assert!(!dir.join("trips.csv").exists());
    // Unlocked explicitly: a process another test forks meanwhile holds a
    // copy of the descriptor until its exec, which `drop` alone would wait
    // for.
    // SAFETY: as above.
    assert_eq!(unsafe { libc::flock(held.as_raw_fd(), libc::LOCK_UN) }, 0);
    drop(held);
    let out = results_uth_01("--out-dir", &dir);
    assert!(out.status.success(), "{}", crate::common::stderr(&out));
}

#[test]
fn stray_temporary_files_are_removed_and_an_interrupted_write_is_reported() {
    // Fact (issue 23): a run killed between renames left `.NAME.tmp-PID`
    // files for good, and nothing said the set was mixed. The marker an
    // interrupted run leaves (tested by a failing rename inside the crate,
    // results::dir) is written here by hand.
    let dir = scratch("interrupted");
    let stray = dir.join(".trips.csv.tmp-4242");
    std::fs::write(&stray, "half a file").unwrap();
    assert!(results_uth_01("--out-dir", &dir).status.success());
    assert!(!stray.exists(), "the stray temporary file is removed");
    assert!(results_uth_01("--check", &dir).status.success());
    std::fs::write(dir.join("uth-edge-results.incomplete"), "trips.csv\n").unwrap();
    let out = results_uth_01("--check", &dir);
    assert_eq!(out.status.code(), Some(1));
    let printed = crate::common::stdout(&out);
    assert!(
        printed.contains("incomplete") && printed.contains("[trips.csv]"),
        "{printed}"
    );
    // Rewriting the files it names clears it.
    assert!(results_uth_01("--out-dir", &dir).status.success());
    assert!(results_uth_01("--check", &dir).status.success());
}

#[test]
fn results_out_dir_writes_several_tables_of_one_wager_into_one_file() {
    // Fact (issue 31): two tables of one wager share their file
    // (`trips.csv`); the run was refused ("trips.csv is also the output of
    // ... trips.csv"), and so was the default run, every built-in table,
    // that scripts/regenerate-results.sh makes. The file holds the rows of
    // both, each as the committed trips.csv has them.
    let dir = scratch("two-trips");
    let out = crate::common::uth_edge(&[
        "--quiet",
        "results",
        "--paytable",
        "uth-01",
        "--paytable",
        "uth-02",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", crate::common::stderr(&out));
    let written = std::fs::read_to_string(dir.join("trips.csv")).unwrap();
    let committed = std::fs::read_to_string(committed_dir().join("trips.csv")).unwrap();
    let lines = |text: &str, id: &str| -> Vec<String> {
        (text.lines())
            .filter(|l| l.starts_with(&format!("trips,{id},")))
            .map(str::to_string)
            .collect()
    };
    for id in ["uth-01", "uth-02"] {
        assert!(!lines(&written, id).is_empty(), "rows of {id}");
        assert_eq!(lines(&written, id), lines(&committed, id), "rows of {id}");
    }
}

#[test]
fn the_default_results_run_writes_the_committed_files() {
    // Fact: results/ is what `uth-edge results --out-dir results` writes
    // (scripts/regenerate-results.sh); the default run (every built-in
    // table, two Blind tables solved) writes the same bytes into an empty
    // directory, and `results --check` then finds them identical. About
    // 6 s of CPU, longer on a loaded machine: with UTH_EDGE_LONG_TESTS=1
    // only (the test above is the cheap one, always run).
    if !super::common::long_tests() {
        eprintln!("skipped: set UTH_EDGE_LONG_TESTS=1");
        return;
    }
    let dir = scratch("default");
    let d = dir.to_str().unwrap();
    let out = crate::common::uth_edge(&["--quiet", "results", "--out-dir", d]);
    assert!(out.status.success(), "{}", crate::common::stderr(&out));
    for f in fresh_files() {
        let committed = std::fs::read(committed_dir().join(&f.name)).unwrap();
        let written = std::fs::read(dir.join(&f.name)).unwrap();
        assert!(written == committed, "{} differs from results/", f.name);
    }
    let out = crate::common::uth_edge(&["--quiet", "results", "--check", d]);
    assert!(out.status.success(), "{}", crate::common::stderr(&out));
}
