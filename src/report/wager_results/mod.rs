//! The document of a list of wager results (the side-bet commands, `game`,
//! `progressive`): per result its heading, return table and figures, with
//! the JSON and CSV whose layouts are documented in
//! docs/output-formats.md. The submission report's terminal form is made of
//! the same sections (`terminal_section`).

pub(crate) mod json_body;
pub(crate) mod records;

use super::document::{Block, Cell, Column, Document, Figure, FigureLayout, Section, Text};
use super::{one_in, percent, result_ranges, signed_percent, wager_title, ExportContext};
use crate::fraction::Fraction;
use crate::money::group_thousands;
use crate::result::WagerResult;
use std::io;

/// A figure `label  decimal = exact`.
fn exact_figure(label: &str, decimal: String, exact: &Fraction) -> Figure {
    Figure {
        label: label.to_string(),
        value: Text::plain(format!("{decimal} = ")).then_exact(exact.to_string()),
    }
}

/// The document: per result a heading, its return table (with "1 in" and
/// a total row) and its figures, exact beside decimal; with the JSON body
/// and the CSV records.
pub fn document<'a>(
    results: &'a [WagerResult],
    context: &ExportContext,
) -> io::Result<Document<'a>> {
    Ok(Document {
        sections: results.iter().map(terminal_section).collect(),
        provenance: context.provenance.clone(),
        json: Some(Box::new(json_body::body(results))),
        csv: Some(records::records(results)?),
        ..Document::default()
    })
}

/// One result's section of the document: its heading, return
/// table and figures.
pub(super) fn terminal_section(r: &WagerResult) -> Section {
    let heading = format!(
        "{} -- pay table {}{}: {}",
        wager_title(&r.wager),
        r.paytable,
        r.settings(),
        r.title
    );
    let columns = vec![
        Column::left("hand").at_least("element of risk".len()),
        // Wide enough for the total (17 characters for 2.78 trillion).
        Column::right("combinations").at_least(13),
        Column::right("probability").at_least(14),
        Column::right("1 in").at_least(11),
        Column::left("pays"),
        Column::right("return").at_least(11),
    ];
    let mut rows: Vec<Vec<Cell>> = r
        .lines
        .iter()
        .map(|l| {
            vec![
                Cell::plain(&l.hand),
                Cell::plain(group_thousands(l.combinations)),
                Cell::decimal(l.probability.to_fixed(12), l.probability.to_string()),
                Cell::plain(one_in(l.probability.clone())),
                Cell::plain(&l.pays),
                Cell::decimal(signed_percent(&l.contribution), l.contribution.to_string()),
            ]
        })
        .collect();
    let expected = -r.house_edge.clone();
    rows.push(vec![
        Cell::plain("total"),
        Cell::plain(group_thousands(r.outcomes)),
        Cell::plain(Fraction::from_int(1).to_fixed(12)),
        Cell::plain(""),
        Cell::plain(""),
        Cell::decimal(signed_percent(&expected), expected.to_string()),
    ]);
    let mut figures = vec![
        exact_figure("house edge", percent(r.house_edge.clone()), &r.house_edge),
        exact_figure(
            "element of risk",
            percent(r.element_of_risk.clone()),
            &r.element_of_risk,
        ),
        Figure {
            label: "std deviation".into(),
            value: Text::plain(format!("{:.4} (variance ", r.std_dev()))
                .then_exact(r.variance.to_string())
                .then(")"),
        },
        exact_figure(
            "hit frequency",
            percent(r.hit_frequency.clone()),
            &r.hit_frequency,
        ),
    ];
    if let Some(g) = &r.game {
        figures.push(exact_figure(
            "edge per Ante+Blind",
            percent(g.house_edge_per_initial_wager.clone()),
            &g.house_edge_per_initial_wager,
        ));
        figures.push(exact_figure(
            "average total wager",
            format!("{:.6}", g.average_total_wager.to_f64()),
            &g.average_total_wager,
        ));
        for (name, p) in &g.action_probabilities {
            figures.push(exact_figure(name, percent(p.clone()), p));
        }
        for (name, ev) in &g.wager_ev {
            figures.push(exact_figure(
                &format!("{name} EV"),
                format!("{:+.6}", ev.to_f64()),
                ev,
            ));
        }
    }
    if let Some(rule) = &r.rule {
        figures.push(Figure {
            label: "rule".into(),
            value: Text::plain(rule.clone()),
        });
    }
    for p in &r.published {
        figures.push(Figure {
            label: "published".into(),
            value: Text::plain(format!("{} {} ({})", p.name, p.value, p.source)),
        });
    }
    let extra: Vec<Figure> = r
        .figures
        .iter()
        .map(|f| exact_figure(&f.name.replace('_', " "), super::figure_value(f), &f.value))
        .collect();
    let mut blocks = vec![
        Block::Heading(2, Text::plain(heading)),
        Block::Table(super::document::Table { columns, rows }),
        Block::Figures(FigureLayout::UnderTable, figures),
    ];
    if !extra.is_empty() {
        blocks.push(Block::Figures(FigureLayout::Loose, extra));
    }
    blocks.extend(super::player_advantage(r).map(Block::Note));
    Section::of(blocks)
}

/// The range of the player's net result after N hands, one row per N.
pub(crate) fn ranges_table(r: &WagerResult) -> super::document::Table {
    super::document::Table {
        columns: [
            "hands", "mean", "90% low", "90% high", "95% low", "95% high",
        ]
        .iter()
        .map(|c| Column::right(c))
        .collect(),
        rows: result_ranges(r)
            .into_iter()
            .map(|(n, mean, ranges)| {
                vec![
                    Cell::plain(group_thousands(n)),
                    Cell::plain(format!("{mean:.2}")),
                    Cell::plain(format!("{:.2}", ranges[0].0)),
                    Cell::plain(format!("{:.2}", ranges[0].1)),
                    Cell::plain(format!("{:.2}", ranges[1].0)),
                    Cell::plain(format!("{:.2}", ranges[1].1)),
                ]
            })
            .collect(),
    }
}
