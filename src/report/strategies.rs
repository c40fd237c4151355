//! The documents of `uth-edge strategies`: the strategies there are (the
//! solver's and the shipped files), and a strategy file read and checked,
//! shown as the program understood it: the preflop chart of the 169 hand
//! classes and the flop and river rules in order.

use super::document::{Block, Cell, Column, Document, Section, Table, Text};
use crate::strategy::file::{FileStrategy, HandClass, Stage};
use crate::strategy::{PreflopChoice, Strategy};

/// The list: `optimal` (the solver's) and each shipped file, name and
/// description.
pub fn list(shipped: &[FileStrategy]) -> Document<'static> {
    let mut rows = vec![vec![
        Cell::plain("optimal"),
        Cell::plain("The exact best play at every decision (the solver's; no file)"),
    ]];
    rows.extend(shipped.iter().map(|s| {
        vec![
            Cell::plain(s.name().to_string()),
            Cell::plain(s.description().to_string()),
        ]
    }));
    let table = Table {
        columns: vec![
            Column::left("name").spaced(0),
            Column::left("description").spaced(1),
        ],
        rows,
    };
    let hint = Text::marked(
        "`uth-edge strategies show NAME` prints a shipped file as a template; \
         `uth-edge strategies validate FILE` checks a file; \
         `uth-edge game --strategy NAME|FILE` gives its exact figures.",
    );
    Document {
        sections: vec![
            Section::of(vec![Block::Table(table)]),
            Section::of(vec![Block::Paragraph(hint)]),
        ],
        ..Document::default()
    }
}

/// A valid strategy file read from `origin`: its name and description, the
/// preflop chart (rows: the higher card, ace first; columns: the lower;
/// suited above the diagonal, offsuit below) and the rules of each stage.
pub fn validation(s: &FileStrategy, origin: &str) -> Document<'static> {
    let ranks = "AKQJT98765432";
    let mut columns = vec![Column::left("").spaced(0)];
    columns.extend(
        ranks
            .chars()
            .map(|r| Column::right(&r.to_string()).spaced(1)),
    );
    let rows = (0..13)
        .map(|i| {
            let mut row = vec![Cell::plain(ranks[i..i + 1].to_string())];
            row.extend((0..13).map(|j| {
                let (a, b) = (12 - i, 12 - j);
                let class = HandClass {
                    high: a.max(b),
                    low: a.min(b),
                    suited: j > i,
                };
                Cell::plain(match s.preflop_of(class) {
                    PreflopChoice::Raise4x => "4x",
                    PreflopChoice::Raise3x => "3x",
                    PreflopChoice::Check => ".",
                })
            }));
            row
        })
        .collect();
    let mut blocks = vec![
        Block::Heading(2, Text::plain(format!("Strategy {}", s.name()))),
        Block::Paragraph(Text::plain(format!(
            "Read from {origin}: valid. {}",
            s.description()
        ))),
        Block::Heading(
            3,
            Text::plain("Preflop (suited above the diagonal, offsuit below; . checks)"),
        ),
        Block::Table(Table { columns, rows }),
    ];
    for (name, stage, raise, other) in [
        ("Flop", &s.flop, "raise 2x", "check"),
        ("River", &s.river, "raise 1x", "fold"),
    ] {
        blocks.push(Block::Heading(
            3,
            Text::plain(format!("{name}: first rule that matches")),
        ));
        blocks.push(Block::List(rules_of(stage, raise, other)));
    }
    blocks.push(Block::Paragraph(Text::plain(format!(
        "Its exact figures: uth-edge game --strategy {origin}"
    ))));
    Document {
        sections: vec![Section::of(blocks)],
        ..Document::default()
    }
}

/// A stage's rules as lines, then its default.
fn rules_of(stage: &Stage, raise: &str, other: &str) -> Vec<Text> {
    let action = |r: bool| if r { raise } else { other };
    let mut lines: Vec<Text> = stage
        .rules
        .iter()
        .enumerate()
        .map(|(i, rule)| {
            let when: Vec<String> = rule.predicates.iter().map(|p| p.describe()).collect();
            Text::plain(format!(
                "{}. {} when {}",
                i + 1,
                action(rule.raise),
                when.join(" and ")
            ))
        })
        .collect();
    lines.push(Text::plain(format!(
        "otherwise {}",
        action(stage.default_raise)
    )));
    lines
}
