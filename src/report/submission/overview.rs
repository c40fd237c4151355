//! The first screen of `uth-edge` with no command: the summary and the
//! verdicts of the published figures, one line each, within 100 columns
//! (the summary's other columns are `uth-edge --details`'s).

use super::summary::summary;
use crate::analysis::catalog::Catalog;
use crate::analysis::check;
use crate::report::document::{Block, Cell, Column, Document, Section, Table, Text};
use crate::report::ExportContext;

/// The first screen of `uth-edge` with no command: one line per result
/// (the summary) and one per published figure with its verdict, then where
/// the details are.
pub fn overview<'a>(catalog: &Catalog) -> Document<'a> {
    let context = ExportContext::default();
    let mut verdicts = Table {
        columns: vec![
            Column::left("pay table"),
            Column::left("figure"),
            Column::right("published"),
            Column::left("verdict"),
        ],
        rows: vec![],
    };
    let (checks, error) = match check::check(catalog) {
        Ok(checks) => (checks, None),
        Err(e) => (vec![], Some(e.to_string())),
    };
    for c in &checks {
        verdicts.rows.push(vec![
            Cell::plain(&c.paytable),
            Cell::plain(&c.figure.name),
            Cell::plain(&c.figure.value),
            Cell::plain(c.verdict.label()),
        ]);
    }
    let summary = summary(catalog, &context);
    let table = summary
        .blocks
        .into_iter()
        .find_map(|b| match b {
            Block::Table(t) => Some(first_screen_columns(t)),
            _ => None,
        })
        .expect("the summary has a table");
    Document {
        sections: vec![
            Section::of(vec![
                Block::Heading(
                    2,
                    Text::plain("Every wager of every built-in pay table (house edge per unit wagered; base game per Ante):"),
                ),
                Block::Table(table),
            ]),
            Section::of(vec![
                Block::Heading(2, Text::plain("Published figures, as uth-edge check verdicts:")),
                Block::Table(verdicts),
            ]
            .into_iter()
            .chain(error.map(|e| Block::Paragraph(Text::plain(e))))
            .collect()),
            Section::of(vec![
                Block::Paragraph(Text::plain(
                    "Every line and column (return to player, hit frequency, volatility, cycle):",
                )),
                Block::Paragraph(Text::plain(
                    "uth-edge --details (= uth-edge report). The submission report: uth-edge report --format html.",
                )),
            ]),
        ],
        ..Document::default()
    }
}

/// The summary's columns a first screen of 100 columns holds: the wager
/// (the base game named short, its bets said in the heading), the pay
/// table, house edge, element of risk and standard deviation.
fn first_screen_columns(table: Table) -> Table {
    const KEPT: [&str; 5] = [
        "wager",
        "pay table",
        "house edge",
        "element of risk",
        "std deviation",
    ];
    let kept: Vec<usize> = (0..table.columns.len())
        .filter(|&i| KEPT.contains(&table.columns[i].name.as_str()))
        .collect();
    let columns = kept.iter().map(|&i| table.columns[i].clone()).collect();
    let rows = table
        .rows
        .into_iter()
        .map(|row| {
            let mut row: Vec<Cell> = kept.iter().map(|&i| row[i].clone()).collect();
            if row[0].text.to_plain() == BASE_GAME_LONG {
                row[0] = Cell::plain("Base game");
            }
            row
        })
        .collect();
    Table { columns, rows }
}

/// The base game's name in the summary; the first screen's heading says
/// its bets instead.
const BASE_GAME_LONG: &str = "Base game (Ante, Blind, Play)";
