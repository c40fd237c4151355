//! Shared fixtures: pay tables and the full-deck solution, built once per
//! test binary.

use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use uth_edge::analysis::catalog::{self, Catalog, GameEntry};
use uth_edge::cards::CardSet;
use uth_edge::evaluator::HandCategory;
use uth_edge::exact::game::{solve, RiverTable, Solution};
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{Award, PayLine, PayTable, PayingHand, Rules, WagerKind};

/// A Blind table from `(hand, win, per)` lines.
pub fn blind_table(id: &str, lines: &[(HandCategory, u64, u64)]) -> PayTable {
    PayTable {
        id: id.to_string(),
        title: id.to_string(),
        wager: WagerKind::Blind,
        lines: lines
            .iter()
            .map(|&(c, win, per)| PayLine {
                hand: PayingHand::Category(c),
                award: Award::Odds { win, per },
            })
            .collect(),
        source: "test".to_string(),
        published: vec![],
        notes: vec![],
        rules: Rules::default(),
    }
}

/// Blind Paytable A of COMAR 36.05.16.12 (seeds/004): straight pays 1 to 1.
pub fn blind_a() -> PayTable {
    PayTable::resolve("blind-a").expect("built-in table")
}

/// The river table of the full deck, built once.
pub fn full_river() -> &'static RiverTable {
    static RIVER: OnceLock<RiverTable> = OnceLock::new();
    RIVER.get_or_init(|| RiverTable::build(CardSet::FULL_DECK, &Silent))
}

/// The solved full game with Blind table A, built once.
pub fn full_solution_a() -> &'static Solution<'static> {
    static SOLUTION: OnceLock<Solution<'static>> = OnceLock::new();
    SOLUTION.get_or_init(|| solve(full_river(), &blind_a(), &Silent))
}

/// Blind Paytable B of COMAR 36.05.16.12 (seeds/004): straight pushes.
pub fn blind_b() -> PayTable {
    PayTable::resolve("blind-b").expect("built-in table")
}

/// The solved full game with Blind table B, built once.
pub fn full_solution_b() -> &'static Solution<'static> {
    static SOLUTION: OnceLock<Solution<'static>> = OnceLock::new();
    SOLUTION.get_or_init(|| solve(full_river(), &blind_b(), &Silent))
}

/// Everything the tool computes for the built-in pay tables (what `uth-edge
/// report` and `uth-edge results` print), from the shared solutions.
pub fn builtin_catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let games = vec![
            GameEntry::from_solution(full_solution_a()),
            GameEntry::from_solution(full_solution_b()),
        ];
        let tables = catalog::builtin_tables().expect("built-in tables");
        assert_eq!(
            tables
                .iter()
                .filter(|t| t.wager == WagerKind::Blind)
                .map(|t| t.id.as_str())
                .collect::<Vec<_>>(),
            ["blind-a", "blind-b"],
            "the shared solutions are the built-in Blind tables"
        );
        Catalog::compute_with(games, &tables, &catalog::default_wager_amounts(), &Silent)
    })
}

/// Runs the real `uth-edge` binary with `args` and no standard input.
pub fn uth_edge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uth-edge"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Standard output of a run, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// Standard error of a run, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 errors")
}
