//! The documents of a list of wager results (the `report` command and the
//! side-bet commands): the compact one a terminal shows (also the JSON and
//! CSV, whose layouts are documented in docs/output-formats.md), and the
//! Markdown report with the pay tables as submitted.

use super::document::{Block, Cell, Column, Document, Figure, FigureLayout, Section, Text};
use super::{
    one_in, percent, result_label, result_ranges, signed_percent, volatility_index, wager_title,
    ExportContext,
};
use crate::fraction::Fraction;
use crate::money::{dollars_to_cents, group_thousands};
use crate::result::WagerResult;
use crate::rules::paytable::PayTable;
use std::io;

/// A figure `label  decimal = exact`.
fn exact_figure(label: &str, decimal: String, exact: &Fraction) -> Figure {
    Figure {
        label: label.to_string(),
        value: Text::plain(format!("{decimal} = ")).then_exact(exact.to_string()),
    }
}

/// The compact document: per result a heading, its return table (with
/// "1 in" and a total row) and its figures, exact beside decimal; with the
/// JSON body and the CSV records.
pub fn terminal_document<'a>(
    results: &'a [WagerResult],
    context: &ExportContext,
) -> io::Result<Document<'a>> {
    Ok(Document {
        sections: results.iter().map(terminal_section).collect(),
        provenance: context.provenance.clone(),
        json: Some(Box::new(super::json::body(results))),
        csv: Some(super::csv::records(results)?),
        ..Document::default()
    })
}

fn terminal_section(r: &WagerResult) -> Section {
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
        .map(|f| {
            let value = if f.unit == "dollars" {
                dollars_to_cents(f.value.clone())
            } else {
                format!("{:.6} {}", f.value.to_f64(), f.unit)
            };
            exact_figure(&f.name.replace('_', " "), value, &f.value)
        })
        .collect();
    let mut blocks = vec![
        Block::Heading(2, Text::plain(heading)),
        Block::Table(super::document::Table { columns, rows }),
        Block::Figures(FigureLayout::UnderTable, figures),
    ];
    if !extra.is_empty() {
        blocks.push(Block::Figures(FigureLayout::Loose, extra));
    }
    Section::of(blocks)
}

/// The Markdown report: a summary table of every result, then per result
/// its return table, exact figures, the pay table as submitted with its
/// rule readings, and its volatility.
pub fn markdown_document<'a>(results: &'a [WagerResult], context: &ExportContext) -> Document<'a> {
    let mut summary = super::document::Table {
        columns: vec![
            Column::left("wager"),
            Column::left("pay table"),
            Column::right("house edge"),
            Column::right("element of risk"),
            Column::right("std deviation"),
            Column::right("hit frequency"),
            Column::left("house edge (exact)"),
        ],
        rows: vec![],
    };
    for r in results {
        summary.rows.push(vec![
            Cell::plain(wager_title(&r.wager)),
            Cell::plain(result_label(r)),
            Cell::plain(percent(r.house_edge.clone())),
            Cell::plain(percent(r.element_of_risk.clone())),
            Cell::plain(format!("{:.4}", r.std_dev())),
            Cell::plain(percent(r.hit_frequency.clone())),
            Cell::exact(r.house_edge.to_string()),
        ]);
    }
    let mut sections = vec![Section::of(vec![
        Block::Heading(2, Text::plain("Summary")),
        Block::Table(summary),
    ])];
    for r in results {
        let table = context.tables.iter().find(|t| t.id == r.paytable);
        sections.push(markdown_section(r, table));
    }
    Document {
        sections,
        provenance: context.provenance.clone(),
        ..Document::default()
    }
}

fn markdown_section(r: &WagerResult, table: Option<&PayTable>) -> Section {
    let heading = format!(
        "{} -- pay table {}{}",
        wager_title(&r.wager),
        r.paytable,
        r.settings()
    );
    let mut lines = super::document::Table {
        columns: vec![
            Column::left("hand"),
            Column::right("combinations"),
            Column::right("probability"),
            Column::left("pays"),
            Column::right("return"),
            Column::left("return (exact)"),
        ],
        rows: vec![],
    };
    for l in &r.lines {
        lines.rows.push(vec![
            Cell::plain(&l.hand),
            Cell::plain(group_thousands(l.combinations)),
            Cell::plain(l.probability.to_fixed(12)),
            Cell::plain(&l.pays),
            Cell::plain(signed_percent(&l.contribution)),
            Cell::exact(l.contribution.to_string()),
        ]);
    }
    let expected = -r.house_edge.clone();
    lines.rows.push(vec![
        Cell::plain("total"),
        Cell::plain(group_thousands(r.outcomes)),
        Cell::plain("1"),
        Cell::plain(""),
        Cell::plain(signed_percent(&expected)),
        Cell::exact(expected.to_string()),
    ]);
    let mut figures = vec![
        exact_figure("house edge", percent(r.house_edge.clone()), &r.house_edge),
        exact_figure(
            "element of risk",
            percent(r.element_of_risk.clone()),
            &r.element_of_risk,
        ),
        Figure {
            label: "standard deviation".into(),
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
            "house edge per initial wager (Ante + Blind)",
            percent(g.house_edge_per_initial_wager.clone()),
            &g.house_edge_per_initial_wager,
        ));
        figures.push(Figure {
            label: "average total wager".into(),
            value: Text::plain(format!("{:.6} = ", g.average_total_wager.to_f64()))
                .then_exact(g.average_total_wager.to_string())
                .then(" Antes"),
        });
        for (name, p) in &g.action_probabilities {
            figures.push(exact_figure(name, percent(p.clone()), p));
        }
        for (name, ev) in &g.wager_ev {
            figures.push(Figure {
                label: format!("{name} EV"),
                value: Text::plain(format!("{:+.6} = ", ev.to_f64()))
                    .then_exact(ev.to_string())
                    .then(" Antes"),
            });
        }
    }
    for p in &r.published {
        figures.push(Figure {
            label: format!("published {}", p.name),
            value: Text::plain(format!("{} ({})", p.value, p.source)),
        });
    }
    let mut blocks = vec![
        Block::Heading(2, Text::plain(heading)),
        Block::Paragraph(Text::plain(r.title.clone())),
        Block::Table(lines),
        Block::Figures(FigureLayout::UnderTable, figures),
    ];
    if let Some(t) = table {
        blocks.push(Block::Heading(3, Text::plain("Pay table as submitted")));
        blocks.push(Block::Figures(
            FigureLayout::Loose,
            t.lines
                .iter()
                .map(|line| Figure {
                    label: line.hand.name().to_string(),
                    value: Text::plain(line.award.to_string()),
                })
                .collect(),
        ));
        blocks.push(Block::Paragraph(Text::plain(format!(
            "Source: {}",
            t.source
        ))));
        if !t.notes.is_empty() {
            blocks.push(Block::Heading(3, Text::plain("Rule readings applied")));
            blocks.push(Block::List(
                t.notes.iter().map(|n| Text::plain(n.clone())).collect(),
            ));
        }
    }
    blocks.push(Block::Heading(3, Text::plain("Volatility")));
    blocks.push(Block::Figures(
        FigureLayout::Loose,
        vec![
            Figure {
                label: "cycle (equally likely outcomes counted)".into(),
                value: Text::plain(group_thousands(r.outcomes)),
            },
            Figure {
                label: "volatility index (VI = z·SD, z = 1.645 for 90%)".into(),
                value: Text::plain(format!("{:.4}", volatility_index(r))),
            },
        ],
    ));
    blocks.push(Block::Paragraph(Text::plain(
        "Range of the player's net result after N hands, in units wagered (the mean −N·edge is exact; the range is the normal approximation, mean ± z·SD·√N):",
    )));
    blocks.push(Block::Table(ranges_table(r)));
    if r.game.is_some() {
        blocks.push(Block::Paragraph(Text::plain(
            "Strategy: the optimal strategy (at every decision, the action with the highest expected value given the player's cards and the board), computed exactly; frequencies of the final actions above.",
        )));
    }
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
