//! A pay table where the player has the edge is said so in words wherever
//! its house edge is shown (the side-bet commands, `report` in every
//! format, `check`, `game`), not by a minus sign alone.
//!
//! Fact (textbook counts of seven-card hands): 6,461,620 of the 133,784,560
//! seven-card hands are three of a kind, 4.83%; paid 100 to 1, three of a
//! kind alone returns 101 × 4.83% = 4.88 times the wager, so a Trips table
//! paying it (and nothing else) has a negative house edge.

use super::common::{stdout, uth_edge};
use std::path::PathBuf;

const WORDS: &str = "The player has the advantage";

/// A Trips table paying three of a kind 100 to 1, with a published figure
/// for `check` to compare; and UTH-03 unchanged (the house's edge).
fn tables() -> (PathBuf, String, String) {
    let dir = std::env::temp_dir().join(format!("uth-edge-advantage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rich = dir.join("rich-trips.toml");
    std::fs::write(
        &rich,
        "id = \"rich-trips\"\ntitle = \"Trips, three of a kind 100 to 1\"\nwager = \"trips\"\n\
         source = \"a test\"\n[pays]\nthree_of_a_kind = \"100 to 1\"\n\
         [[published]]\nname = \"house edge\"\nvalue = \"1%\"\nsource = \"a test\"\n",
    )
    .unwrap();
    let path = rich.to_str().unwrap().to_string();
    (dir, path, "uth-03".to_string())
}

fn run(args: &[&str]) -> String {
    let out = uth_edge(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    stdout(&out)
}

#[test]
fn a_table_that_favours_the_player_is_said_to_in_words() {
    let (dir, rich, house) = tables();
    for format in ["table", "markdown", "html"] {
        let out = run(&["report", "--paytable", &rich, "--format", format]);
        assert!(out.contains(WORDS), "report --format {format}");
        let out = run(&["report", "--paytable", &house, "--format", format]);
        assert!(!out.contains(WORDS), "report --format {format}, UTH-03");
    }
    let out = run(&["trips", "--paytable", &rich]);
    assert!(out.contains(WORDS), "{out}");
    assert!(out.contains("of the amount wagered"), "{out}");
    // The published 1% is not reproduced (exit code 1): the words come
    // with the computed house edge.
    let out = stdout(&uth_edge(&["check", "--paytable", &rich]));
    assert!(out.contains(WORDS), "{out}");
    let out = run(&["check", "--paytable", &house]);
    assert!(!out.contains(WORDS), "{out}");
    // `tables validate` computes the edge and says it too.
    let out = run(&["tables", "validate", &rich]);
    assert!(out.contains(WORDS), "{out}");
    let out = run(&["tables", "validate", "paytables/uth-03.toml"]);
    assert!(out.contains("house edge Trips"), "{out}");
    assert!(!out.contains(WORDS), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The base game of a Blind table paying a royal flush 1000 to 1 and a
/// straight flush 100 to 1 (Blind Paytable A otherwise): the player's edge,
/// per Ante. A solve (over 10 s on a loaded machine): with
/// `UTH_EDGE_LONG_TESTS=1` only.
#[test]
fn a_blind_table_that_favours_the_player_is_said_to_in_words() {
    if !super::common::long_tests() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("uth-edge-advantage-b-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/blind-a.toml"
    ))
    .unwrap()
    .replace("id = \"blind-a\"", "id = \"rich-blind\"")
    .replace("royal_flush = \"500 to 1\"", "royal_flush = \"1000 to 1\"")
    .replace(
        "straight_flush = \"50 to 1\"",
        "straight_flush = \"100 to 1\"",
    );
    let path = dir.join("rich-blind.toml");
    std::fs::write(&path, text).unwrap();
    let out = run(&["game", "--blind", path.to_str().unwrap()]);
    assert!(out.contains(WORDS) && out.contains("of the Ante"), "{out}");
    let out = run(&["tables", "validate", path.to_str().unwrap()]);
    assert!(out.contains(WORDS) && out.contains("of the Ante"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}
