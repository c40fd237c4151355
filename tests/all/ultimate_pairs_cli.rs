//! The Ultimate Pairs Bonus as the reader and the commands see it: bad
//! tables refused in one line naming the line, the example table in the
//! commands (not published), `what-if` refusing an edit the reader would
//! refuse, `economics --ultimate-pairs` and `check` listing a table without
//! published figures.

use crate::common::{stderr, stdout, uth_edge};
use crate::ultimate_pairs::{counts, table};
use std::path::PathBuf;
use uth_edge::exact::ultimate_pairs::ultimate_pairs_result;
use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::PayTable;

/// A file in the test scratch directory with the given text.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn bad_tables_are_refused_in_one_line_naming_the_line() {
    let cases: [(&str, &[&str]); 10] = [
        (
            "AX = \"3 to 1\"",
            &["t.toml:6", "AX", "unknown two-card hand"],
        ),
        (
            "\"AA suited\" = \"3 to 1\"",
            &["AA suited", "a pair cannot be suited"],
        ),
        (
            "\"AKs offsuit\" = \"3 to 1\"",
            &["marked suited but the list is offsuit"],
        ),
        ("\"AK,AK\" = \"3 to 1\"", &["named twice"]),
        (
            "AK = \"5 to 1\"\n\"AKs,AQs\" = \"5 to 1\"",
            &["ambiguous", "AKs", "same pay"],
        ),
        (
            "AA = \"30 to 1\"\n\"AA with dealer AA\" = \"20 to 1\"",
            &["AA with dealer AA", "never pays"],
        ),
        (
            "\"AQ,AJ suited\" = \"20 to 1\"\n\"AJs,AQs\" = \"3 to 1\"",
            &["already paid by"],
        ),
        ("royal_flush = \"3 to 1\"", &["five cards"]),
        ("AA = { dollars = 5 }", &["pays odds"]),
        ("\"A\\nK\" = \"3 to 1\"", &["unknown two-card hand"]),
    ];
    for (pays, needles) in cases {
        let err = table(pays).expect_err(pays);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("t.toml:"), "{err}");
        for needle in needles {
            assert!(err.contains(needle), "{pays}: {err} lacks {needle}");
        }
    }
    // A two-card hand in a table of another wager is an unknown hand name.
    let trips =
        "id = \"t\"\ntitle = \"t\"\nwager = \"trips\"\nsource = \"t\"\n[pays]\nAA = \"3 to 1\"\n";
    let err = PayTable::from_toml(trips, "t.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown hand name"), "{err}");
    // The command line: exit code 2, one line, nothing on standard output.
    let path = scratch_file(
        "bad-pairs.toml",
        "id = \"bad\"\ntitle = \"bad\"\nwager = \"ultimate_pairs\"\nsource = \"t\"\n[pays]\n\"AA suited\" = \"3 to 1\"\n",
    );
    for command in ["ultimate-pairs", "report"] {
        let out = uth_edge(&[command, "--paytable", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
        assert!(
            stderr(&out).contains("bad-pairs.toml:6"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn the_commands_include_the_example_and_say_it_is_not_published() {
    let out = uth_edge(&["ultimate-pairs", "--format", "csv"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("ultimate_pairs,ultimate-pairs-example,"),
        "{text}"
    );
    let out = uth_edge(&["check", "--paytable", "ultimate-pairs-example"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("pay table ultimate-pairs-example: no published figure"),
        "{}",
        stdout(&out)
    );
    let out = uth_edge(&["tables", "validate", "ultimate-pairs-example"]);
    assert!(stdout(&out).contains("valid ultimate_pairs pay table"));
    assert!(stdout(&out).contains("EXAMPLE"));
}

/// `what-if` re-validates every edited table with the reader's rules: in
/// the example table "AA with dealer AA" (1000 to 1) also matches "AA"
/// (30 to 1), so at 30 to 1 the two lines pay the same deal the same
/// (ambiguous) and below it the top line never pays; the reader refuses
/// both tables (checked here through `PayTable::from_toml` too), and so
/// must the sweep, in one line with exit code 2 before any work. A sweep
/// that keeps the lines apart still runs, and its edges are the exact
/// engine's for each edited table (computed here).
#[test]
fn what_if_refuses_an_edit_the_reader_would_refuse() {
    let hand = "AA with dealer AA";
    let what_if = |more: &[&str]| {
        let mut args = vec![
            "what-if",
            "--paytable",
            "ultimate-pairs-example",
            "--hand",
            hand,
        ];
        args.extend(more);
        uth_edge(&args)
    };
    // Refused in one line, exit code 2, nothing on standard output: the
    // sweeps that reach those tables, and a target for an overlapping line
    // (refused, not guessed).
    for (more, needles) in [
        (["--sweep", "30:40:10"], &["ambiguous", hand][..]),
        (["--sweep", "10:40:10"], &["never pays", hand]),
        (["--edge", "5%"], &["--sweep"]),
    ] {
        let out = what_if(&more);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        for needle in needles {
            assert!(err.contains(needle), "{more:?}: {err} lacks {needle}");
        }
    }
    // The reader agrees: those tables are refused when written as files.
    assert!(
        table("AA = \"30 to 1\"\n\"AA with dealer AA\" = \"30 to 1\"")
            .unwrap_err()
            .contains("ambiguous")
    );
    // A valid sweep: each edge equals the exact engine's for that table.
    let out = what_if(&["--sweep", "500:2000:500", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let example = PayTable::resolve("ultimate-pairs-example").unwrap();
    for pay in [500, 1000, 1500, 2000] {
        let mut edited = example.clone();
        let line = edited
            .lines
            .iter_mut()
            .find(|l| l.hand.name() == "AA with dealer AA")
            .unwrap();
        line.award = uth_edge::rules::paytable::Award::Odds { win: pay, per: 1 };
        let edge = ultimate_pairs_result(&edited, counts()).house_edge;
        assert!(
            text.contains(&edge.to_string()),
            "{pay}: {edge} not in {text}"
        );
    }
}

/// `economics --ultimate-pairs`: the wager's theoretical win per seat-hand
/// is take-up × amount × the exact engine's house edge (computed here:
/// 1/10 × $5 × edge), and the configuration's label names the table.
#[test]
fn economics_includes_the_ultimate_pairs_bonus_when_asked() {
    let out = uth_edge(&[
        "economics",
        "--ultimate-pairs",
        "ultimate-pairs-example",
        "--ultimate-pairs-take-up",
        "10%",
        "--ultimate-pairs-amount",
        "5",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let table = &doc["tables"][0];
    assert_eq!(
        table["label"],
        "blind-a + uth-01 + six-card-a + ultimate-pairs-example"
    );
    let example = PayTable::resolve("ultimate-pairs-example").unwrap();
    let edge = ultimate_pairs_result(&example, counts()).house_edge;
    let expected = Fraction::new(1, 10) * Fraction::from_int(5) * edge;
    let pairs = table["wagers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["wager"] == "ultimate_pairs")
        .expect("an ultimate_pairs wager");
    assert_eq!(pairs["win_per_seat_hand_exact"], expected.to_string());
    // A table of another wager is refused in one line, exit code 2.
    let out = uth_edge(&["economics", "--ultimate-pairs", "uth-01"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

/// `check` names a table without published figures with an explicit
/// status: in JSON (`tables_without_figures`), and in the table as one
/// line, without a bare "No published figures to check." before it.
#[test]
fn check_lists_a_table_without_published_figures() {
    let out = uth_edge(&[
        "check",
        "--paytable",
        "ultimate-pairs-example",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        doc["tables_without_figures"],
        serde_json::json!([{
            "wager": "ultimate_pairs",
            "paytable": "ultimate-pairs-example",
            "status": "no_published_figure"
        }])
    );
    assert_eq!(doc["figures"], serde_json::json!([]));
    let out = uth_edge(&["check", "--paytable", "ultimate-pairs-example"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "ultimate_pairs -- pay table ultimate-pairs-example: no published figure to check\n"
    );
    // A check of published figures has no such key.
    let out = uth_edge(&["check", "--paytable", "uth-01", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains("tables_without_figures"));
}
