//! Time and memory bounds, through the CLI: input files larger than their
//! documented limits, numeric flags beyond theirs, and an Envy Bonus whose
//! hit frequency cannot be counted in bounded time are each refused in one
//! line, exit code 2, before any work.

use crate::common::{stderr, stdout, uth_edge};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A fresh directory for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uth-edge-bounds-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Asserts a refusal: exit code 2, nothing on standard output, one line on
/// standard error holding every needle.
fn assert_refused(out: &std::process::Output, needles: &[&str], case: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{case}: {err}");
    assert!(out.stdout.is_empty(), "{case}: {}", stdout(out));
    assert_eq!(err.lines().count(), 1, "{case}: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{case}: '{needle}' not in {err}");
    }
}

/// The built-in Trips table uth-01 followed by a comment of `padding` bytes:
/// a valid table, just too long.
fn padded_trips_table(padding: usize) -> String {
    let mut text = uth_edge::rules::paytable::PayTable::builtin_text("uth-01")
        .unwrap()
        .to_string();
    text.push('#');
    text.push_str(&"x".repeat(padding));
    text.push('\n');
    text
}

#[test]
fn input_files_beyond_their_limits_are_refused() {
    // Fact: a pay table or a fee schedule over 1 MiB (here a valid one made
    // longer by a comment), a device that never ends (/dev/zero) and a
    // results file over 64 MiB (a sparse file of zeros) are each refused in
    // one line naming the file and the limit (docs/commands.md, "Input
    // files"); a table just under the limit is read.
    let dir = scratch("files");
    let long = dir.join("long.toml");
    std::fs::write(&long, padded_trips_table(1 << 20)).unwrap();
    let short = dir.join("short.toml");
    std::fs::write(&short, padded_trips_table((1 << 20) - 4_000)).unwrap();
    let long = long.to_str().unwrap();
    assert_refused(
        &uth_edge(&["trips", "--paytable", long]),
        &[long, "1 MiB"],
        "long table",
    );
    assert_refused(
        &uth_edge(&["trips", "--paytable", "/dev/zero"]),
        &["/dev/zero", "1 MiB"],
        "/dev/zero",
    );
    let ok = uth_edge(&["tables", "validate", short.to_str().unwrap()]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));

    // Standard input: the same limit.
    let mut child = Command::new(env!("CARGO_BIN_EXE_uth-edge"))
        .env("UTH_EDGE_STAGE_LOG", "off")
        .args(["trips", "--paytable", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let text = padded_trips_table(1 << 20);
    let mut input = child.stdin.take().unwrap();
    // The program stops reading past the limit: a closed pipe is fine.
    let _ = input.write_all(text.as_bytes());
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert_refused(&out, &["standard input", "1 MiB"], "standard input");

    // A fee schedule.
    let fees = dir.join("fees.toml");
    std::fs::write(&fees, format!("#{}\n", "x".repeat(1 << 20))).unwrap();
    let fees = fees.to_str().unwrap();
    assert_refused(
        &uth_edge(&[
            "player-dealer",
            "--players",
            "1",
            "--no-exact",
            "--fees",
            fees,
        ]),
        &[fees, "1 MiB"],
        "fees",
    );

    // A seen-card results file, and a results file in --out-dir.
    let huge = dir.join("seen.csv");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    let huge = huge.to_str().unwrap();
    assert_refused(
        &uth_edge(&["check", "--paytable", "blind-a", "--seen-results", huge]),
        &[huge, "64 MiB"],
        "seen results",
    );
    let out_dir = dir.join("results");
    std::fs::create_dir_all(&out_dir).unwrap();
    std::fs::File::create(out_dir.join("trips.csv"))
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    assert_refused(
        &uth_edge(&[
            "results",
            "--paytable",
            "uth-01",
            "--out-dir",
            out_dir.to_str().unwrap(),
        ]),
        &["trips.csv", "64 MiB"],
        "results file",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn counts_beyond_their_limits_are_refused_before_any_work() {
    // Fact: the documented limits (docs/simulation.md, docs/commands.md):
    // at most 10^12 hands, 10^9 rotations, 1,024 threads; one more is
    // refused at once, naming the flag and the limit.
    let cases: [(&[&str], &[&str]); 6] = [
        (&["simulate", "--hands", "1e19"], &["--hands", "10^12"]),
        (
            &["simulate", "--hands", "1000000000001"],
            &["--hands", "10^12"],
        ),
        (
            &["simulate", "--hands", "10", "--threads", "100000"],
            &["--threads", "1024"],
        ),
        (
            &["player-dealer", "--rotations", "18446744073709551615"],
            &["--rotations", "10^9"],
        ),
        (
            &["player-dealer", "--rotations", "1000000001"],
            &["--rotations", "10^9"],
        ),
        (
            &["player-dealer", "--threads", "1025"],
            &["--threads", "1024"],
        ),
    ];
    for (args, needles) in cases {
        assert_refused(&uth_edge(args), needles, &format!("{args:?}"));
    }
}

#[test]
fn envy_on_common_hands_with_three_or_more_others_is_refused() {
    // Fact (docs/paytable-format.md, "Limits"): with more than two other
    // players the hit frequency is counted only for an Envy Bonus on four
    // of a kind or better; a full house Envy Bonus with three others is
    // refused at once, naming the category and the way out. (It used to
    // run for more than 15 minutes.)
    let dir = scratch("envy");
    let table = dir.join("fh.toml");
    let text = uth_edge::rules::paytable::PayTable::builtin_text("progressive-md")
        .unwrap()
        .replace("straight_flush = { dollars", "full_house = { dollars");
    std::fs::write(&table, text).unwrap();
    let table = table.to_str().unwrap();
    for hand in ["hole-and-flop", "best-of-seven"] {
        assert_refused(
            &uth_edge(&[
                "progressive",
                "--paytable",
                table,
                "--hand",
                hand,
                "--players",
                "3",
            ]),
            &["--players 3", "full_house", "--players 0 to 2"],
            hand,
        );
    }
    let ok = uth_edge(&["progressive", "--paytable", table, "--players", "2"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    assert!(stdout(&ok).contains("hit frequency"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shard_beyond_its_limit_is_refused() {
    // Fact (issue 31): `merge /dev/zero` grew past 6.8 GB in 8 s; a shard's
    // sums (under 300 bytes as `game --shard` writes them) is read up to
    // 16 KiB (docs/commands.md, "Input files"). A committed shard made
    // longer by spaces after its last line, and a device that never ends,
    // are refused in one line naming the file and the limit.
    let dir = scratch("shard");
    let shard = dir.join("1-of-13.sums");
    let mut text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/dead_cards.collude-2/1-of-13.sums"
    ))
    .unwrap();
    text.push_str(&" ".repeat(16 << 10));
    std::fs::write(&shard, text).unwrap();
    let shard = shard.to_str().unwrap();
    assert_refused(
        &uth_edge(&["merge", shard]),
        &[shard, "16 KiB"],
        "long shard",
    );
    assert_refused(
        &uth_edge(&["merge", "/dev/zero"]),
        &["/dev/zero", "16 KiB"],
        "/dev/zero",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
