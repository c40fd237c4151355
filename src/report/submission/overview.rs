//! The first screen of `uth-edge` with no command: the summary and the
//! verdicts of the published figures, one line each.

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
        .find(|b| matches!(b, Block::Table(_)))
        .expect("the summary has a table");
    Document {
        sections: vec![
            Section::of(vec![
                Block::Heading(
                    2,
                    Text::plain("Every wager of every built-in pay table (house edge per unit wagered; base game per Ante):"),
                ),
                table,
            ]),
            Section::of(vec![
                Block::Heading(2, Text::plain("Published figures, as uth-edge check verdicts:")),
                Block::Table(verdicts),
            ]
            .into_iter()
            .chain(error.map(|e| Block::Paragraph(Text::plain(e))))
            .collect()),
            Section::of(vec![Block::Paragraph(Text::plain(
                "Every line of every table: uth-edge --details (= uth-edge report). The submission report: uth-edge report --format html.",
            ))]),
        ],
        ..Document::default()
    }
}
