//! Bad input named as typed (issue 23, "Also"): each refusal is one line,
//! exit code 2, before any work, naming the flag the user typed, the value
//! cut to a bounded length, an amount too large as too large (with the
//! limit), a player given twice, and an invisible character in a pay
//! table as its code point.

use crate::common::{stderr, uth_edge};
use std::path::PathBuf;

/// Runs `uth-edge ARGS`: it must refuse in one line (exit 2, no output)
/// containing each of `needles`; returns the line.
fn refused(args: &[&str], needles: &[&str]) -> String {
    let out = uth_edge(args);
    let err = stderr(&out);
    // The arguments as a message shows them: huge ones cut.
    let args: Vec<String> = args.iter().map(|a| a.chars().take(80).collect()).collect();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: no output");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{args:?}: '{needle}' not in: {err}");
    }
    err
}

/// A pay-table file for a test: the built-in uth-01 with `from` replaced
/// by `to` (once).
fn uth_01_with(name: &str, from: &str, to: &str) -> String {
    let text = uth_edge(&["tables", "show", "uth-01"]).stdout;
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains(from), "{from} not in uth-01");
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn an_amount_error_names_the_flag_typed() {
    // Fact (issue 23): each of these said `--wager abc`.
    for flag in [
        "--ante",
        "--trips-amount",
        "--six-card-amount",
        "--ultimate-pairs-amount",
    ] {
        let err = refused(&["economics", flag, "abc"], &[&format!("{flag} abc: ")]);
        assert!(!err.contains("--wager"), "{err}");
    }
    // The Trips table of the player-dealer game is --trips-table (--trips
    // is an amount): a table settled against the dealer is refused by it.
    refused(
        &[
            "player-dealer",
            "--trips",
            "5",
            "--trips-table",
            "uth-florida",
        ],
        &["--trips-table uth-florida: "],
    );
}

#[test]
fn an_amount_of_thirteen_digits_is_too_large_with_the_limit() {
    // Fact (issue 23): 10^12 has 13 digits, one more than any amount may
    // have; it used to be "not an amount".
    for args in [
        &["progressive", "--meter", "1000000000000"][..],
        &["six-card", "--wager", "1000000000000"],
        &["economics", "--ante", "1000000000000"],
        &["player-dealer", "--bank", "$1000000000000"],
        &["simulate", "--hands", "10", "--ante", "1000000000000"],
    ] {
        let err = refused(
            args,
            &["1000000000000: too large", "999,999,999,999.999999"],
        );
        assert!(!err.contains("not a"), "{err}");
    }
}

#[test]
fn a_huge_value_is_echoed_cut_with_its_length() {
    // Fact (issue 23): a bad value was echoed whole. One argument can hold
    // 100,000 bytes (Linux allows 128 KiB); the line shows 60 characters
    // of it and its length.
    let huge = "x".repeat(100_000);
    let err = refused(&["six-card", "--wager", &huge], &["... (100000 bytes)"]);
    assert!(err.len() < 300, "{} bytes", err.len());
    // clap's own messages are cut too.
    let err = refused(&["trips", "--format", &huge], &["xxx... (1000", " bytes)"]);
    assert!(err.len() < 600, "{} bytes", err.len());
    // A pay table with a 900 kB id (with a space, refused): under the
    // 1 MiB limit on a pay-table file, so the id itself is what is refused.
    let big_id = format!("{} x", "y".repeat(900_000));
    let path = uth_01_with(
        "huge-id.toml",
        "id = \"uth-01\"",
        &format!("id = \"{big_id}\""),
    );
    let err = refused(&["tables", "validate", &path], &["... (900002 bytes)"]);
    assert!(err.len() < 400, "{} bytes", err.len());
}

#[test]
fn a_player_given_twice_is_refused() {
    // Fact (issue 23): `--seat-ante 1=5 --seat-ante 1=7` kept $7 silently.
    refused(
        &["player-dealer", "--seat-ante", "1=5", "--seat-ante", "1=7"],
        &["--seat-ante 1=7", "player 1 is given twice"],
    );
    refused(
        &[
            "player-dealer",
            "--seat-trips",
            "2=5",
            "--seat-trips",
            "2=0",
        ],
        &["--seat-trips 2=0", "player 2 is given twice"],
    );
    // A single-valued flag given twice is clap's refusal.
    refused(
        &["player-dealer", "--ante", "5", "--ante", "6"],
        &["--ante", "cannot be used multiple times"],
    );
}

#[test]
fn invisible_characters_in_a_pay_table_are_refused_by_code_point() {
    // Fact (issue 23): an id with U+202E (right-to-left override) or
    // U+200B (zero-width space) was accepted, and looks like another id.
    for (name, from, to, needles) in [
        (
            "bidi-id.toml",
            "id = \"uth-01\"",
            "id = \"uth\u{202E}10\"",
            ["bidi-id.toml:", "id = ", "U+202E"],
        ),
        (
            "zero-width-id.toml",
            "id = \"uth-01\"",
            "id = \"uth-01\u{200B}\"",
            ["zero-width-id.toml:", "id = ", "U+200B"],
        ),
        (
            "bidi-title.toml",
            "title = \"",
            "title = \"\u{2066}",
            ["bidi-title.toml:", "title = ", "U+2066"],
        ),
        (
            "zero-width-figure.toml",
            "name = \"house edge\"",
            "name = \"house\u{FEFF} edge\"",
            ["zero-width-figure.toml:", "published[1].name", "U+FEFF"],
        ),
    ] {
        let path = uth_01_with(name, from, to);
        let err = refused(&["trips", "--paytable", &path], &needles);
        // The character itself is shown escaped, never raw.
        assert!(
            !err.contains(['\u{202E}', '\u{200B}', '\u{2066}', '\u{FEFF}']),
            "{err}"
        );
    }
}
