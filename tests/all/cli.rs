//! The real `uth-edge` binary: output formats, exit codes and one-line
//! errors.

use crate::common::{stderr, stdout, uth_edge};
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A file in the test scratch directory with the given text.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Asserts a bad-input run: exit code 2, nothing on standard output, one
/// line `error: ...` on standard error containing each needle.
fn assert_bad_input(args: &[&str], needles: &[&str]) {
    let out = uth_edge(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: no output");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{args:?}: '{needle}' not in: {err}");
    }
}

#[test]
fn trips_json_has_the_documented_shape_and_the_published_edges() {
    // Facts: the README's JSON layout; the four default tables are UTH-01..04
    // whose edges seeds/002 prints as 0.90%, 1.90%, 3.50%, 6.18%.
    let out = uth_edge(&["trips", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let results = doc["results"].as_array().unwrap();
    let ids: Vec<&str> = results
        .iter()
        .map(|r| r["paytable"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["uth-01", "uth-02", "uth-03", "uth-04"]);
    for (r, published) in results.iter().zip([0.90, 1.90, 3.50, 6.18]) {
        assert_eq!(r["wager"], "trips");
        assert!(r.get("wager_amount").is_none());
        assert_eq!(r["outcomes"], 133_784_560u64);
        let edge = r["house_edge"].as_f64().unwrap();
        assert_eq!(
            format!("{:.2}", edge * 100.0),
            format!("{published:.2}"),
            "{}",
            r["paytable"]
        );
        let exact = r["house_edge_exact"].as_str().unwrap();
        let (p, q) = exact.split_once('/').unwrap();
        let (p, q): (f64, f64) = (p.parse().unwrap(), q.parse().unwrap());
        assert!((p / q - edge).abs() < 1e-15, "exact and decimal agree");
        assert_eq!(r["element_of_risk_exact"], r["house_edge_exact"]);
        let lines = r["lines"].as_array().unwrap();
        // Textbook count of seven-card royal flushes: 4,324.
        assert_eq!(lines[0]["hand"], "royal_flush");
        assert_eq!(lines[0]["combinations"], 4_324);
        assert_eq!(lines[0]["pays"], "50 to 1");
        // 4,324 / 133,784,560 reduced (133,784,560 = 4,324 x 30,940).
        assert_eq!(lines[0]["probability_exact"], "1/30940");
        for line in lines {
            for key in [
                "hand",
                "combinations",
                "probability",
                "probability_exact",
                "pays",
                "return",
                "return_exact",
            ] {
                assert!(line.get(key).is_some(), "line has {key}");
            }
        }
    }
}

#[test]
fn six_card_json_carries_the_wager_amount() {
    // Fact: one result per table and amount, tables outside, amounts inside,
    // and the default tables are Maryland Paytables A and B.
    let out = uth_edge(&[
        "six-card", "--wager", "5", "--wager", "2.50", "--format", "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let results = doc["results"].as_array().unwrap();
    let keys: Vec<(String, String)> = results
        .iter()
        .map(|r| {
            (
                r["paytable"].as_str().unwrap().to_string(),
                r["wager_amount_exact"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        keys,
        [
            ("six-card-a".to_string(), "5".to_string()),
            ("six-card-a".to_string(), "5/2".to_string()),
            ("six-card-b".to_string(), "5".to_string()),
            ("six-card-b".to_string(), "5/2".to_string()),
        ]
    );
    assert_eq!(results[0]["wager"], "six_card_bonus");
    assert_eq!(results[0]["wager_amount"], 5.0);
    assert_eq!(results[0]["outcomes"], 20_358_520);
    // A smaller wager makes the fixed Super Royal award worth more per
    // dollar, so the edge is lower.
    let edge = |i: usize| results[i]["house_edge"].as_f64().unwrap();
    assert!(edge(1) < edge(0));
}

#[test]
fn csv_has_a_header_and_one_row_per_line_plus_a_total() {
    // Fact: the README's CSV columns; UTH-01 has 7 pay lines, so 7 + 1
    // (other) + 1 (total) rows per table.
    let out = uth_edge(&["trips", "--paytable", "uth-01", "--format", "csv"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut rows = text.lines();
    assert_eq!(
        rows.next().unwrap(),
        "wager,paytable,wager_amount,wager_amount_exact,row,hand,combinations,probability,\
         probability_exact,pays,return,return_exact,outcomes,house_edge,house_edge_exact,\
         element_of_risk,element_of_risk_exact,std_dev,variance_exact,hit_frequency,\
         hit_frequency_exact,house_edge_per_initial_wager,house_edge_per_initial_wager_exact,\
         average_total_wager,average_total_wager_exact,raise_4x,raise_4x_exact,raise_3x,\
         raise_3x_exact,raise_2x,raise_2x_exact,raise_1x,raise_1x_exact,fold,fold_exact,\
         ante_ev,ante_ev_exact,blind_ev,blind_ev_exact,play_ev,play_ev_exact,rule,meter,meter_exact,players,value,value_exact"
    );
    let rows: Vec<&str> = rows.collect();
    assert_eq!(rows.len(), 9);
    assert!(rows[0].starts_with("trips,uth-01,,,line,royal_flush,4324,"));
    assert!(rows[8].starts_with("trips,uth-01,,,total,,133784560,1,1,,"));
}

#[test]
fn no_command_with_details_prints_every_wager_as_a_table() {
    // Fact: the README says `uth-edge --details` prints the report as a
    // table (= `uth-edge report`): the base game (two Blind tables), Trips (four tables) and Six
    // Card Bonus (two tables at $5). (`uth-edge` alone, one line per table:
    // tests/all/submission.rs.) Long (two full solves through the binary;
    // `report` in every format without a Blind table runs always in the
    // golden test).
    if !crate::common::long_tests() {
        return;
    }
    let out = uth_edge(&["--details"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for header in [
        "Base game (Ante, Blind, Play) -- pay table blind-a",
        "Base game (Ante, Blind, Play) -- pay table blind-b",
        "Trips -- pay table uth-01",
        "Trips -- pay table uth-04",
        "Six Card Bonus -- pay table six-card-a, $5 wager",
        "Six Card Bonus -- pay table six-card-b, $5 wager",
    ] {
        assert!(text.contains(header), "missing {header}");
    }
    assert!(text.contains("published        house edge 0.90%"));
}

#[test]
fn a_pay_table_file_path_is_accepted() {
    // Fact: a file with UTH-01's numbers gives UTH-01's printed edge (0.90%).
    let path = scratch_file(
        "cli-my-trips.toml",
        &include_str!("../../paytables/uth-01.toml").replace("id = \"uth-01\"", "id = \"mine\""),
    );
    let out = uth_edge(&[
        "trips",
        "--paytable",
        path.to_str().unwrap(),
        "--format",
        "csv",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let total = text.lines().find(|l| l.contains(",total,")).unwrap();
    assert!(total.starts_with("trips,mine,"), "{total}");
    assert!(total.contains(",0.0090183"), "{total}");
}

#[test]
fn bad_pay_table_files_exit_2_with_one_line_naming_file_key_and_value() {
    // Fact: each file breaks one documented rule of the pay-table format.
    let head = "id = \"x\"\ntitle = \"x\"\nwager = \"trips\"\nsource = \"s\"\n[pays]\n";
    let cases: [(&str, String, &[&str]); 7] = [
        (
            "unknown-hand",
            format!("{head}royal = \"50 to 1\"\n"),
            &[":6", "pays.royal", "50 to 1"],
        ),
        (
            "duplicate-hand",
            format!("{head}flush = \"7 to 1\"\nflush = \"7 to 1\"\n"),
            &[":7", "duplicate key"],
        ),
        (
            "zero-odds",
            format!("{head}flush = \"3 to 0\"\n"),
            &["pays.flush", "3 to 0"],
        ),
        (
            "negative-odds",
            format!("{head}flush = \"-1 to 1\"\n"),
            &["pays.flush", "-1 to 1"],
        ),
        (
            "text-odds",
            format!("{head}flush = \"abc\"\n"),
            &["pays.flush", "abc"],
        ),
        (
            "unknown-key",
            format!("{head}flush = \"7 to 1\"\n").replace("source", "size = 2\nsource"),
            &[":4", "size"],
        ),
        ("empty", head.to_string(), &["no paying hand"]),
    ];
    for (name, text, needles) in cases {
        let path = scratch_file(&format!("cli-bad-{name}.toml"), &text);
        let path = path.to_str().unwrap();
        let mut all = vec![path];
        all.extend_from_slice(needles);
        assert_bad_input(&["trips", "--paytable", path], &all);
    }
}

#[test]
fn bad_command_lines_exit_2_with_one_line() {
    // Fact: each command line breaks one documented rule of the CLI.
    assert_bad_input(
        &["trips", "--paytable", "blind-a"],
        &["paytables/blind-a.toml", "wager = \"blind\"", "trips"],
    );
    assert_bad_input(
        &["six-card", "--paytable", "uth-01"],
        &[
            "paytables/uth-01.toml",
            "wager = \"trips\"",
            "six_card_bonus",
        ],
    );
    assert_bad_input(
        &["trips", "--paytable", "no-such-table"],
        &["no-such-table", "uth-01"],
    );
    assert_bad_input(
        &["trips", "--paytable", "missing/file.toml"],
        &["missing/file.toml"],
    );
    assert_bad_input(&["six-card", "--wager", "0"], &["--wager 0"]);
    assert_bad_input(&["six-card", "--wager", "-5"], &["--wager -5"]);
    assert_bad_input(&["six-card", "--wager", "five"], &["--wager five"]);
    assert_bad_input(&["trips", "--format", "xml"], &["xml"]);
    assert_bad_input(&["trips", "--colour"], &["--colour"]);
    assert_bad_input(&["craps"], &["craps"]);
}

/// Runs `uth-edge ARGS` with its standard output closed before it writes:
/// it must succeed quietly.
fn assert_closed_pipe_is_quiet(args: &[&std::ffi::OsStr]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uth-edge"))
        .env("UTH_EDGE_STAGE_LOG", "off")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{args:?}: status {status}: {err}");
    assert_eq!(err, "", "{args:?}");
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // Fact: `uth-edge trips | head -c 0` closes the pipe before the report
    // is written; the command must still succeed quietly.
    assert_closed_pipe_is_quiet(&["trips".as_ref()]);
    // Fact (issue 23): CSV output larger than the csv crate's buffer (the
    // five default Trips tables) met the closed pipe inside the crate,
    // which wraps the io error in its own type: exit 1, "Broken pipe".
    // The README promises 0 for every format.
    for format in ["csv", "json", "table"] {
        assert_closed_pipe_is_quiet(&["trips".as_ref(), "--format".as_ref(), format.as_ref()]);
    }
}

#[test]
fn help_succeeds_and_lists_the_commands() {
    // Fact: --help is not an error (exit 0) and names both commands.
    let out = uth_edge(&["--help"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("trips") && text.contains("six-card"),
        "{text}"
    );
}

#[test]
fn contradictory_or_unread_flags_are_refused_before_any_work() {
    // Fact (issue 9): each of these used to exit 0 ignoring a flag, or fail
    // only after the full solve; now each is one line, exit code 2.
    assert_bad_input(
        &[
            "simulate",
            "--hands",
            "10",
            "--base-only",
            "--trips",
            "uth-02",
        ],
        &["--base-only", "--trips"],
    );
    assert_bad_input(
        &["simulate", "--hands", "10", "--base-only", "--wager", "abc"],
        &["--base-only", "--wager"],
    );
    assert_bad_input(
        &["simulate", "--hands", "10", "--ante", "abc"],
        &["ante", "abc"],
    );
    assert_bad_input(
        &["report", "--format", "html", "--out", "/nonexistent/x.html"],
        &["--out /nonexistent/x.html"],
    );
    assert_bad_input(&["check", "--format", "csv"], &["csv"]);
}

#[test]
fn strategy_cards_are_read_in_the_groups_typed() {
    // Fact (issue 9): `AsKdQh 7c2d` is three cards then two, not a hole and
    // a flop; an empty group is not the chart.
    assert_bad_input(&["strategy", "AsKdQh", "7c2d"], &["hole cards", "AsKdQh"]);
    assert_bad_input(&["strategy", ""], &["hole cards", "expected 2 cards"]);
    assert_bad_input(&["strategy", "AsKd", "Qh7c"], &["flop", "Qh7c"]);
    assert_bad_input(&["strategy", "AsKd", "Qh7c2d", "Tc"], &["turn and river"]);
    assert_bad_input(&["strategy", "AsKd", "AsQh7c"], &["duplicate", "As"]);
}

#[test]
fn two_tables_with_one_id_are_refused() {
    // Fact (issue 9): a file declaring a built-in table's id would be
    // printed under the same name as the built-in one.
    let builtin = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/uth-02.toml"
    ))
    .unwrap();
    let same_id = builtin.replacen("id = \"uth-02\"", "id = \"uth-01\"", 1);
    assert_ne!(builtin, same_id, "the fixture renames the table");
    let path = scratch_file("same-id-as-uth-01.toml", &same_id);
    let path = path.to_str().unwrap();
    assert_bad_input(
        &["trips", "--paytable", "uth-01", "--paytable", path],
        &["uth-01", "own id"],
    );
    assert_bad_input(&["compare", "uth-01", path], &["uth-01", "own id"]);
}

#[test]
fn results_never_drop_other_tables_rows_and_out_writes_whole_files() {
    // Fact (issue 9): writing one table into a directory whose trips.csv
    // holds four would delete three tables' rows.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("results-subset");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/results/trips.csv")).unwrap();
    std::fs::write(dir.join("trips.csv"), &committed).unwrap();
    let d = dir.to_str().unwrap();
    assert_bad_input(
        &["results", "--paytable", "uth-01", "--out-dir", d],
        &["trips.csv", "uth-02", "lost"],
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("trips.csv")).unwrap(),
        committed,
        "the file is untouched"
    );
    // A directory without other tables' rows is written, and no temporary
    // file is left behind.
    let fresh = dir.join("fresh");
    let out = uth_edge(&[
        "results",
        "--paytable",
        "uth-01",
        "--out-dir",
        fresh.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let names: Vec<String> = std::fs::read_dir(&fresh)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["trips.csv"]);
    // -o FILE: the same bytes as standard output (CSV: JSON carries the
    // provenance, which names the command line).
    let file = dir.join("trips-out.csv");
    let out = uth_edge(&[
        "trips",
        "--paytable",
        "uth-01",
        "--format",
        "csv",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let printed = uth_edge(&["trips", "--paytable", "uth-01", "--format", "csv"]);
    assert_eq!(std::fs::read(&file).unwrap(), printed.stdout);
}

#[test]
fn results_to_a_closed_pipe_is_not_an_error() {
    // Fact (issue 9): `results ... | true` panicked on the closed pipe
    // (println!); the list of files written goes through the writer.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("results-pipe");
    let _ = std::fs::remove_dir_all(&dir);
    let args = ["results", "--paytable", "uth-01", "--out-dir"];
    let mut args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    args.push(dir.as_os_str());
    assert_closed_pipe_is_quiet(&args);
}

#[test]
fn completions_and_man_page_are_generated() {
    // Fact: clap_complete's bash script defines the `_uth__edge` function
    // (its naming for `uth-edge`); clap_mangen's page starts a `.TH` header.
    let out = uth_edge(&["completions", "bash"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("_uth__edge()"));
    let out = uth_edge(&["man"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains(".TH uth-edge 1"));
    let version = stdout(&uth_edge(&["--version"]));
    assert!(version.contains("(commit "), "{version}");
}

#[test]
fn a_blind_table_beyond_the_solvers_range_is_refused_before_any_work() {
    // Fact (issue 9): 12-digit coprime Blind odds made the solver panic;
    // the up-front check refuses them in one line, naming the limit.
    let builtin = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/blind-a.toml"
    ))
    .unwrap();
    let huge = builtin.replacen("\"500 to 1\"", "\"999999999989 to 999999999961\"", 1);
    assert_ne!(builtin, huge, "the fixture changes the royal flush pay");
    let path = scratch_file("blind-huge.toml", &huge);
    for command in ["game", "strategy"] {
        assert_bad_input(&[command, "--blind", path.to_str().unwrap()], &["2^40"]);
    }
}

/// Runs `uth-edge ARGS` with standard error a pipe already closed by its
/// reader (as `2>&1 | head -1` becomes once `head` has exited): the exit
/// code must be the one the command has anyway, never an abort.
fn status_with_a_broken_standard_error(args: &[&str]) -> std::process::ExitStatus {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_uth-edge"))
        .env("UTH_EDGE_STAGE_LOG", "off")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(writer)
        .status()
        .expect("the binary runs")
}

#[test]
fn a_broken_standard_error_never_aborts() {
    // Fact (issue 23, leftover): `eprintln!` panics when standard error is
    // a closed pipe; the panic hook's own `eprintln!` then panicked during
    // the panic and the process aborted (signal 6, shell exit 134). The
    // exit codes are the README's: 2 for bad input (a missing file, an
    // unknown flag), 0 for a run that succeeds.
    for (args, code) in [
        (&["trips", "--paytable", "no-such-table.toml"][..], 2),
        (&["--no-such-flag"][..], 2),
        (&["trips", "--paytable", "uth-01"][..], 0),
    ] {
        let status = status_with_a_broken_standard_error(args);
        assert_eq!(status.code(), Some(code), "{args:?}: {status}");
    }
}
