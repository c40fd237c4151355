//! Strategies as data on the command line (issue 33): `strategies
//! list|show|validate`, `game --strategy NAME|FILE`, and the refusals of a
//! strategy file (one line naming the file, the field and the value, exit
//! code 2, before any work).

use crate::common::{full_river, long_tests, stderr, stdout, uth_edge};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use uth_edge::cards::Card;
use uth_edge::evaluator::{tables, HandCategory, HandRank, PartialHand};
use uth_edge::exact::game::evaluate_policy;
use uth_edge::progress::Silent;
use uth_edge::strategy::{AsPolicy, FlopChoice, PreflopChoice, RiverChoice, Strategy};

/// A strategy file written for a test (never seen by the code).
fn strategy_file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// A file whose preflop, flop and river are `preflop` and the rest.
fn with_sections(name: &str, preflop: &str, river_rule: &str) -> String {
    strategy_file(
        name,
        &format!(
            "name = \"mine\"\n[preflop]\n{preflop}\n[flop]\ndefault = \"check\"\n\
             [river]\ndefault = \"fold\"\n{river_rule}"
        ),
    )
}

#[test]
fn strategies_lists_optimal_and_every_file_of_the_strategies_folder() {
    // Fact: the files of strategies/ in the source tree, read here.
    let out = stdout(&uth_edge(&["strategies"]));
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("strategies");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        let name = name.strip_suffix(".toml").unwrap();
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{name} "))),
            "{name} not listed: {out}"
        );
        files += 1;
    }
    assert!(
        files >= 5 && out.lines().any(|l| l.starts_with("optimal ")),
        "{out}"
    );
}

#[test]
fn strategies_show_prints_the_shipped_file() {
    // Fact: the file in the source tree, byte for byte inside the output.
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("strategies/wizard.toml");
    let text = std::fs::read_to_string(file).unwrap();
    let out = stdout(&uth_edge(&["strategies", "show", "wizard"]));
    assert!(out.contains(text.trim_end()), "{out}");
}

#[test]
fn strategies_validate_prints_the_chart_of_a_file_the_code_never_saw() {
    // AA and AKs raise 4x, KQo 3x: one cell of each kind in the chart (a
    // pair on the diagonal, a suited class above it, an offsuit below).
    let file = with_sections(
        "chart.toml",
        "raise_4x = \"AA, AKs\"\nraise_3x = \"KQo\"",
        "[[river.rule]]\naction = \"raise\"\nkicker_at_least = \"Q\"\n",
    );
    let out = uth_edge(&["strategies", "validate", &file]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(text.matches("4x").count(), 2, "{text}");
    assert_eq!(text.matches("3x").count(), 1, "{text}");
    let row = |r: &str| text.lines().find(|l| l.starts_with(r)).unwrap().to_string();
    let cells = |r: &str| {
        row(r)
            .split_whitespace()
            .skip(1)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(&cells("A ")[..2], ["4x", "4x"], "{text}");
    assert_eq!(&cells("Q ")[..2], [".", "3x"], "{text}");
    assert!(
        text.contains("raise 1x when kicker_at_least = \"Q\""),
        "{text}"
    );
}

/// Runs `uth-edge ARGS`: refused in one line (exit 2, no output, quickly:
/// before any solve) containing each of `needles`.
fn refused(args: &[&str], needles: &[&str]) {
    let start = Instant::now();
    let out = uth_edge(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{args:?}: '{needle}' not in {err}");
    }
    // A solve takes a minute; a refusal reads one file.
    assert!(start.elapsed() < Duration::from_secs(20), "{args:?}");
}

#[test]
fn a_bad_strategy_file_is_refused_in_one_line_naming_file_field_and_value() {
    let cases = [
        (
            with_sections("typo.toml", "raise_4x = \"33+, K5x+\"", ""),
            vec!["typo.toml: preflop.raise_4x: 'K5x+'"],
        ),
        (
            with_sections("suit.toml", "raise_4x = \"AhKh\"", ""),
            vec!["suit.toml: preflop.raise_4x: 'AhKh' names a suit"],
        ),
        (
            with_sections(
                "suit-rule.toml",
                "",
                "[[river.rule]]\naction = \"raise\"\nflush_suit = \"spades\"\n",
            ),
            vec!["river.rule[1].flush_suit: 'flush_suit' names a suit"],
        ),
        (
            with_sections(
                "unknown.toml",
                "",
                "[[river.rule]]\naction = \"raise\"\nnuts = true\n",
            ),
            vec!["unknown.toml: river.rule[1].nuts: unknown predicate 'nuts'"],
        ),
        (
            with_sections(
                "contradiction.toml",
                "",
                "[[river.rule]]\naction = \"raise\"\ndealer_outs_at_least = 20\n\
                 dealer_outs_below = 10\n",
            ),
            vec!["contradiction.toml: river.rule[1]: contradicts itself: dealer_outs_at_least 20 with dealer_outs_below 10"],
        ),
    ];
    for (file, needles) in &cases {
        refused(&["strategies", "validate", file], needles);
        refused(&["game", "--strategy", file], needles);
    }
    refused(
        &["game", "--strategy", "no-such-strategy"],
        &["strategy file no-such-strategy: file: "],
    );
    // A strategy under a payout limit is evaluated (issue 33), with the
    // limit's Ante, which it needs as the limited `game` does.
    refused(
        &["game", "--strategy", "wizard", "--payout-limit", "50000"],
        &["--payout-limit needs --ante DOLLARS"],
    );
}

#[test]
fn game_strategy_gives_the_exact_figures_of_an_independent_implementation() {
    // A file the code never saw, stating the timid player; its figures by
    // `game --strategy FILE` against the solver's evaluation of the Rust
    // timid player's wording stated below, card by card. A full
    // evaluation takes a minute: long only.
    if !long_tests() {
        return;
    }
    let file = with_sections(
        "timid-mine.toml",
        "",
        "[[river.rule]]\naction = \"raise\"\nhole_pairs_board = true\n\
         [[river.rule]]\naction = \"raise\"\npocket_pair = true\n\
         [[river.rule]]\naction = \"raise\"\nimproves_board = true\n\
         category_at_least = \"straight\"\n",
    );
    let out = uth_edge(&[
        "game",
        "--strategy",
        &file,
        "--blind",
        "blind-a",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let blind = crate::common::blind_a();
    let rust = evaluate_policy(full_river(), &blind, &AsPolicy(&TimidWording), &Silent).summary();
    assert_eq!(
        json["results"][0]["house_edge_exact"].as_str().unwrap(),
        rust.house_edge.to_string()
    );
    assert_eq!(
        json["results"][0]["element_of_risk_exact"]
            .as_str()
            .unwrap(),
        rust.element_of_risk.to_string()
    );
}

/// The best five-card hand of `cards` (five or seven; the evaluator's
/// seven-card ranks are checked against the best of the 21 subsets in
/// evaluator.rs, and the full deck's evaluation asks this 10^8 times).
fn best_of(cards: &[Card]) -> HandRank {
    tables().rank(cards.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c)))
}

/// The timid player as worded: never raises before the river; raises 1x
/// there with a hidden pair or better (a pocket pair, a hole card of a
/// board card's rank, or a straight or better beating the board alone).
struct TimidWording;

impl Strategy for TimidWording {
    fn name(&self) -> &str {
        "timid (wording)"
    }
    fn preflop(&self, _: [Card; 2]) -> PreflopChoice {
        PreflopChoice::Check
    }
    fn flop(&self, _: [Card; 2], _: [Card; 3]) -> FlopChoice {
        FlopChoice::Check
    }
    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        let seven: Vec<Card> = hole.iter().chain(&board).copied().collect();
        let best = best_of(&seven);
        let hidden = hole[0].rank() == hole[1].rank()
            || board
                .iter()
                .any(|c| hole.iter().any(|h| h.rank() == c.rank()))
            || (best.category() >= HandCategory::Straight && best > best_of(&board));
        match hidden {
            true => RiverChoice::Raise1x,
            false => RiverChoice::Fold,
        }
    }
    fn is_suit_symmetric(&self) -> bool {
        true
    }
}
