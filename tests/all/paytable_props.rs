//! The pay-table reader on random and garbled files never panics, and every
//! error is one line naming the file. This is the fallback CI runs for the
//! fuzz target `fuzz/fuzz_targets/paytable.rs` (which needs a nightly
//! toolchain): the same check, [`check_reader`], on inputs proptest draws.

use proptest::prelude::*;
use uth_edge::rules::paytable::PayTable;

/// The property the fuzz target checks too: loading any text either gives
/// a table or a one-line error that names the file.
pub(crate) fn check_reader(text: &str) -> Result<(), String> {
    match PayTable::from_toml(text, "fuzz.toml") {
        Ok(table) => {
            if table.lines.is_empty() {
                return Err("a table with no paying hand was accepted".to_string());
            }
            if table
                .id
                .chars()
                .any(|c| c.is_control() || c.is_whitespace())
            {
                return Err(format!("id {:?} was accepted", table.id));
            }
            Ok(())
        }
        Err(e) => {
            let message = e.to_string();
            if message.contains('\n') || message.contains('\r') {
                return Err(format!("not one line: {message:?}"));
            }
            if !message.starts_with("fuzz.toml") {
                return Err(format!("does not name the file: {message}"));
            }
            Ok(())
        }
    }
}

/// The texts of the built-in tables, to garble.
fn seeds() -> Vec<String> {
    PayTable::builtin_ids()
        .into_iter()
        .map(|id| {
            let path = format!("{}/paytables/{id}.toml", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(path).expect("built-in table file")
        })
        .collect()
}

/// Pieces worth inserting: TOML syntax, control characters, large numbers,
/// keys of the format.
const PIECES: &[&str] = &[
    "\n",
    "\r\n",
    "\u{0}",
    "\u{7}",
    "\t",
    "\"",
    "'",
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    "=",
    ",",
    "#",
    "\\",
    "\"\"\"",
    "to",
    " to ",
    "0",
    "-1",
    "999999999999",
    "1000000000001",
    "99999999999999999999",
    "1_000",
    "1.5",
    "nan",
    "inf",
    "true",
    "id = \"a\nb\"",
    "value = \"abc\"",
    "[[published]]",
    "[[envy]]",
    "[pays]",
    "wager = 1",
    "royal_flush",
    "super_royal",
    "meter_percent = 101",
    "dollars = 0",
    "é",
    "🂡",
];

/// One edit of a text: delete a range, insert a piece, or duplicate a line.
#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, usize),
    DuplicateLine(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0usize..40).prop_map(|(at, len)| Edit::Delete(at, len)),
        (any::<usize>(), any::<usize>()).prop_map(|(at, piece)| Edit::Insert(at, piece)),
        any::<usize>().prop_map(Edit::DuplicateLine),
    ]
}

/// The nearest char boundary at or before `at`.
fn boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn apply(mut text: String, edits: &[Edit]) -> String {
    for e in edits {
        let len = text.len().max(1);
        match *e {
            Edit::Delete(at, n) => {
                let start = boundary(&text, at % len);
                let end = boundary(&text, start + n);
                text.replace_range(start..end, "");
            }
            Edit::Insert(at, piece) => {
                let at = boundary(&text, at % len);
                text.insert_str(at, PIECES[piece % PIECES.len()]);
            }
            Edit::DuplicateLine(line) => {
                let lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let chosen = lines[line % lines.len()].to_string();
                    text.push('\n');
                    text.push_str(&chosen);
                    text.push('\n');
                }
            }
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn garbled_built_in_tables_load_or_fail_in_one_line(
        seed in any::<usize>(),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let seeds = seeds();
        let text = apply(seeds[seed % seeds.len()].clone(), &edits);
        check_reader(&text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_text_loads_or_fails_in_one_line(text in "\\PC{0,200}|[a-z_=\"\\[\\]{}0-9 .,\n]{0,300}") {
        check_reader(&text).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn ids_with_control_characters_or_whitespace_are_refused_in_one_line() {
    // Fact: the id names the table in every output, one word on one line.
    for id in ["a\\nb", "a b", "a\\tb", "a\\u0007b"] {
        let text = format!(
            "id = \"{id}\"\ntitle = \"t\"\nwager = \"trips\"\nsource = \"s\"\n[pays]\nflush = \"7 to 1\"\n"
        );
        let message = PayTable::from_toml(&text, "bad.toml")
            .expect_err("refused")
            .to_string();
        assert!(!message.contains('\n'), "{message}");
        assert!(message.starts_with("bad.toml:1: id = "), "{message}");
    }
}

#[test]
fn published_values_that_are_not_numbers_are_refused_at_load() {
    // Fact: `check` reads a published value as a printed number; a value it
    // cannot read is a defect of the file, refused by every command.
    let text = "id = \"x\"\ntitle = \"t\"\nwager = \"trips\"\nsource = \"s\"\n[pays]\nflush = \"7 to 1\"\n\n[[published]]\nname = \"house edge\"\nvalue = \"abc\"\nsource = \"s\"\n";
    let message = PayTable::from_toml(text, "bad.toml")
        .expect_err("refused")
        .to_string();
    assert!(message.starts_with("bad.toml:"), "{message}");
    assert!(
        message.contains("published[1].value = \"abc\""),
        "{message}"
    );
    assert!(PayTable::from_toml(&text.replace("abc", "-1.5 %"), "ok.toml").is_ok());
}

#[test]
fn seen_card_cases_belong_to_blind_tables_only() {
    // Fact: a seen-card figure is about the base game, so only a Blind
    // table may record one; a Trips table's is refused at load.
    let figure = "\n[[published]]\ncase = \"dealer:1\"\nname = \"player edge\"\nvalue = \"13.5922%\"\nsource = \"s\"\n";
    let trips = format!("id = \"x\"\ntitle = \"t\"\nwager = \"trips\"\nsource = \"s\"\n[pays]\nflush = \"7 to 1\"\n{figure}");
    let message = PayTable::from_toml(&trips, "bad.toml")
        .expect_err("refused")
        .to_string();
    assert!(
        message.starts_with("bad.toml:") && message.contains("published[1].case = \"dealer:1\""),
        "{message}"
    );
    let blind = format!("id = \"x\"\ntitle = \"t\"\nwager = \"blind\"\nsource = \"s\"\n[pays]\nflush = \"3 to 2\"\n{figure}");
    assert!(PayTable::from_toml(&blind, "ok.toml").is_ok());
}

#[test]
fn odds_beyond_the_limit_are_refused_naming_the_limit() {
    // Fact: the documented limit of a side of odds is 10^12.
    let table = |odds: &str| {
        format!("id = \"x\"\ntitle = \"t\"\nwager = \"trips\"\nsource = \"s\"\n[pays]\nflush = \"{odds}\"\n")
    };
    assert!(PayTable::from_toml(&table("1000000000000 to 999999999989"), "ok.toml").is_ok());
    let message = PayTable::from_toml(&table("1000000000001 to 1"), "bad.toml")
        .expect_err("refused")
        .to_string();
    assert!(message.starts_with("bad.toml:6: pays.flush"), "{message}");
    assert!(message.contains("at most 1000000000000"), "{message}");
}
