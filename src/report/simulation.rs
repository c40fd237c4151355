//! The report of a simulation ([`crate::sample::SimulationReport`]) as a
//! document ([`document`]): sections for people, the CSV records (columns
//! [`CSV_COLUMNS`]) and the JSON body, rendered in any format by
//! [`super::render`].

use super::document::{Block, Cell, Column, Document, Records, Section, Table, Text};
use super::Decimal;
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::sample::{ser_fraction, ser_opt_fraction};
use crate::sample::{Estimate, Frequency, SessionReport, SimulationReport, WagerEstimate};
use serde::Serialize;
use std::io;

/// A percentage with four decimals.
fn pct(x: f64) -> String {
    format!("{:.4}%", x * 100.0)
}

fn opt_pct(f: Option<Fraction>) -> String {
    f.map_or("-".to_string(), |f| pct(f.to_f64()))
}

/// A paragraph of words.
fn paragraph(text: String) -> Block {
    Block::Paragraph(Text::plain(text))
}

/// A line under the one before.
fn note(text: String) -> Block {
    Block::Note(Text::plain(text))
}

/// The summary table: one row per wager.
fn summary_table(report: &SimulationReport) -> Table {
    let right = |name: &str, width: usize| Column::right(name).at_least(width).spaced(1);
    Table {
        columns: vec![
            Column::left("wager").at_least(15),
            Column::left("pay table").at_least(11).spaced(1),
            right("house edge", 11),
            right("std error", 10),
            right("95% CI", 23),
            right("exact", 11),
            right("inside", 7),
            right("elem. risk", 11),
            right("std error", 10),
        ],
        rows: report
            .results
            .iter()
            .map(|r| {
                let e = &r.house_edge;
                [
                    r.wager.to_string(),
                    r.paytable.clone(),
                    pct(e.mean),
                    pct(e.std_error),
                    format!("[{}, {}]", pct(e.ci95_low), pct(e.ci95_high)),
                    opt_pct(r.exact_house_edge.clone()),
                    r.exact_inside_ci95
                        .map_or("-", |b| if b { "yes" } else { "NO" })
                        .to_string(),
                    pct(r.element_of_risk.mean),
                    pct(r.element_of_risk.std_error),
                ]
                .map(Cell::plain)
                .to_vec()
            })
            .collect(),
    }
}

/// Frequencies, one row each (`name  count  mean ± std error`), with the
/// exact value when `exact` (final actions); rows that speak for
/// themselves in text (`first`: the first column's name elsewhere).
fn frequency_rows(first: &str, frequencies: &[Frequency], exact: bool) -> Block {
    let mut columns = vec![
        Column::left(first).at_least(26),
        Column::right("count").at_least(14).spaced(1),
        Column::right("frequency").at_least(12).spaced(1),
        Column::left("±").spaced(1),
        Column::left("std error").spaced(1),
    ];
    if exact {
        columns.push(Column::left("exact").spaced(3));
    }
    let rows = frequencies
        .iter()
        .map(|f| {
            let mut row = vec![
                Cell::plain(f.name.clone()),
                Cell::plain(f.count.to_string()),
                Cell::plain(format!("{:.8}", f.frequency.mean)),
                Cell::plain("±"),
                Cell::plain(format!("{:.8}", f.frequency.std_error)),
            ];
            if exact {
                row.push(Cell::plain(format!(
                    "exact {}",
                    f.exact
                        .clone()
                        .map_or("-".to_string(), |e| format!("{:.8}", e.to_f64()))
                )));
            }
            row
        })
        .collect();
    Block::Rows(Table { columns, rows })
}

/// One wager's section: its figures and its lines.
fn wager_section(r: &WagerEstimate) -> Section {
    let amount = (r.wager_amount)
        .clone()
        .map_or(String::new(), |w| format!(", ${w} wager"));
    let mut blocks = vec![paragraph(format!(
        "{} ({}{}): net per hand {:.6} ± {:.6}, std dev {:.4}, wins {:.6} ± {:.6}",
        r.wager,
        r.paytable,
        amount,
        r.net_per_hand.mean,
        r.net_per_hand.std_error,
        r.std_dev,
        r.hit_frequency.mean,
        r.hit_frequency.std_error
    ))];
    if let Some(x) = r.exact_element_of_risk.clone() {
        let e = &r.element_of_risk;
        blocks.push(note(format!(
            "element of risk {} ± {}, 95% CI [{}, {}], exact {} ({})",
            pct(e.mean),
            pct(e.std_error),
            pct(e.ci95_low),
            pct(e.ci95_high),
            pct(x.to_f64()),
            if e.covers(x.to_f64()) {
                "inside"
            } else {
                "OUTSIDE"
            }
        )));
    }
    blocks.push(frequency_rows("line", &r.lines, false));
    Section::of(blocks)
}

/// The sessions' section.
fn sessions_section(s: &SessionReport) -> Section {
    let mut blocks = vec![
        paragraph(format!(
            "Sessions of {} hands: {} sessions ({} hands left out); net in Antes",
            s.hands_per_session, s.sessions, s.hands_left_out
        )),
        note(format!(
            "mean {:.4} ± {:.4}, std dev {:.4}, lowest {}, highest {}, histogram resolution {} Antes",
            s.mean.mean, s.mean.std_error, s.std_dev, s.lowest, s.highest, s.resolution
        )),
    ];
    let ps: Vec<String> = s
        .percentiles
        .iter()
        .map(|p| format!("p{}: {}", p.percent, p.net))
        .collect();
    blocks.push(note(format!("percentiles: {}", ps.join(", "))));
    blocks.push(note(format!(
        "P(finish ahead) {:.6} ± {:.6}; P(finish even) {:.6} ± {:.6}",
        s.finish_ahead.mean, s.finish_ahead.std_error, s.finish_even.mean, s.finish_even.std_error
    )));
    for t in &s.lose_more_than {
        blocks.push(note(format!(
            "P(lose more than {} Antes) {:.6} ± {:.6}",
            t.antes, t.probability.mean, t.probability.std_error
        )));
    }
    if let Some(t) = &s.bankroll {
        blocks.push(note(format!(
            "P(running total reaches -{} Antes within a session) {:.6} ± {:.6}",
            t.antes, t.probability.mean, t.probability.std_error
        )));
    }
    Section::of(blocks)
}

/// The simulation as a document: the run, a summary table, a section per
/// wager, the final actions and the sessions; with the CSV records
/// ([`CSV_COLUMNS`]) and the JSON body.
pub fn document(
    report: &SimulationReport,
    provenance: Option<Provenance>,
) -> io::Result<Document<'_>> {
    let mut sections = vec![
        Section::of(vec![paragraph(format!(
            "Simulation: {} hands, seed {}, strategy {}, {}-card deck (chunks of {} hands)",
            report.hands, report.seed, report.strategy, report.deck_size, report.chunk_hands
        ))]),
        Section::of(vec![Block::Table(summary_table(report))]),
    ];
    sections.extend(report.results.iter().map(wager_section));
    sections.push(Section::of(vec![
        paragraph("Final actions".to_string()),
        frequency_rows("action", &report.actions, true),
    ]));
    sections.extend(report.sessions.as_ref().map(sessions_section));
    Ok(Document {
        sections,
        provenance,
        csv: Some(csv_records(report)?),
        json: Some(Box::new(json_body(report))),
        ..Document::default()
    })
}

/// The CSV columns: one row per wager (`row = wager`), per paying hand or
/// outcome (`row = line`), per final action (`row = action`) and per session
/// figure (`row = session`).
pub const CSV_COLUMNS: [&str; 14] = [
    "row",
    "wager",
    "paytable",
    "strategy",
    "hands",
    "seed",
    "name",
    "count",
    "estimate",
    "std_error",
    "ci95_low",
    "ci95_high",
    "exact",
    "exact_inside_ci95",
];

/// A CSV number; empty when there is none (a percentile has no standard
/// error).
fn number(x: f64) -> Option<Decimal> {
    (!x.is_nan()).then_some(Decimal(x))
}

/// One row of [`CSV_COLUMNS`].
#[derive(Serialize)]
struct CsvRow<'a> {
    row: &'static str,
    wager: &'a str,
    paytable: &'a str,
    strategy: &'a str,
    hands: u64,
    seed: u64,
    name: String,
    count: Option<u64>,
    estimate: Option<Decimal>,
    std_error: Option<Decimal>,
    ci95_low: Option<Decimal>,
    ci95_high: Option<Decimal>,
    exact: Option<String>,
    exact_inside_ci95: Option<bool>,
}

impl<'a> CsvRow<'a> {
    /// A row of `report` for the estimate `e`, without an exact value.
    fn new(
        report: &'a SimulationReport,
        row: &'static str,
        wager: &'a str,
        paytable: &'a str,
        name: String,
        count: Option<u64>,
        e: &Estimate,
    ) -> CsvRow<'a> {
        CsvRow {
            row,
            wager,
            paytable,
            strategy: &report.strategy,
            hands: report.hands,
            seed: report.seed,
            name,
            count,
            estimate: number(e.mean),
            std_error: number(e.std_error),
            ci95_low: number(e.ci95_low),
            ci95_high: number(e.ci95_high),
            exact: None,
            exact_inside_ci95: None,
        }
    }
}

/// The CSV records, columns [`CSV_COLUMNS`].
fn csv_records(report: &SimulationReport) -> io::Result<Records> {
    let exact = |f: &Option<Fraction>| f.as_ref().map(Fraction::to_string);
    let mut rows = Vec::new();
    for r in &report.results {
        let row = |name: &str, count, e| {
            CsvRow::new(report, "wager", r.wager, &r.paytable, name.into(), count, e)
        };
        rows.push(CsvRow {
            exact: exact(&r.exact_house_edge),
            exact_inside_ci95: r.exact_inside_ci95,
            ..row("house_edge", None, &r.house_edge)
        });
        rows.push(CsvRow {
            exact: exact(&r.exact_element_of_risk),
            exact_inside_ci95: (r.exact_element_of_risk.as_ref())
                .map(|x| r.element_of_risk.covers(x.to_f64())),
            ..row("element_of_risk", None, &r.element_of_risk)
        });
        for l in &r.lines {
            rows.push(CsvRow {
                row: "line",
                exact: exact(&l.exact),
                ..row(&l.name, Some(l.count), &l.frequency)
            });
        }
    }
    for a in &report.actions {
        let row = CsvRow::new(
            report,
            "action",
            "base_game",
            "",
            a.name.clone(),
            Some(a.count),
            &a.frequency,
        );
        rows.push(CsvRow {
            exact: exact(&a.exact),
            exact_inside_ci95: a.exact.as_ref().map(|x| a.frequency.covers(x.to_f64())),
            ..row
        });
    }
    if let Some(s) = &report.sessions {
        let mut session = |name: String, e: &Estimate| {
            let count = Some(s.sessions);
            rows.push(CsvRow::new(report, "session", "all", "", name, count, e));
        };
        session("mean_net".into(), &s.mean);
        session("finish_ahead".into(), &s.finish_ahead);
        for t in &s.lose_more_than {
            session(format!("lose_more_than_{}", t.antes), &t.probability);
        }
        if let Some(t) = &s.bankroll {
            session(format!("reach_minus_{}", t.antes), &t.probability);
        }
        for p in &s.percentiles {
            let net = Estimate::new(p.net, f64::NAN);
            session(format!("percentile_{}", p.percent), &net);
        }
    }
    Records::of(&CSV_COLUMNS, rows)
}

#[derive(Serialize)]
struct Meta<'a> {
    strategy: &'a str,
    hands: u64,
    seed: u64,
    deck_size: usize,
    chunk_hands: u64,
}
#[derive(Serialize)]
struct Row<'a> {
    wager: &'a str,
    paytable: &'a str,
    title: &'a str,
    #[serde(serialize_with = "ser_opt_fraction")]
    wager_amount: Option<Fraction>,
    strategy: &'a str,
    hands: u64,
    seed: u64,
    mean_net: f64,
    std_dev: f64,
    house_edge: f64,
    std_error: f64,
    ci95_low: f64,
    ci95_high: f64,
    #[serde(serialize_with = "ser_opt_fraction")]
    house_edge_exact: Option<Fraction>,
    exact_inside_ci95: Option<bool>,
    element_of_risk: f64,
    element_of_risk_std_error: f64,
    #[serde(serialize_with = "ser_opt_fraction")]
    element_of_risk_exact: Option<Fraction>,
    hit_frequency: f64,
    hit_frequency_std_error: f64,
    #[serde(serialize_with = "ser_fraction")]
    net_total: Fraction,
    lines: &'a [Frequency],
}
#[derive(Serialize)]
struct Doc<'a> {
    simulation: Meta<'a>,
    results: Vec<Row<'a>>,
    actions: &'a [Frequency],
    sessions: &'a Option<SessionReport>,
}

/// The JSON body: `{"simulation": {...}, "results": [...], "actions":
/// [...], "sessions": {...} | null}` after the keys of every document
/// ([`crate::report::Stamped`]).
fn json_body(report: &SimulationReport) -> Doc<'_> {
    Doc {
        simulation: Meta {
            strategy: &report.strategy,
            hands: report.hands,
            seed: report.seed,
            deck_size: report.deck_size,
            chunk_hands: report.chunk_hands,
        },
        results: report
            .results
            .iter()
            .map(|r| Row {
                wager: r.wager,
                paytable: &r.paytable,
                title: &r.title,
                wager_amount: r.wager_amount.clone(),
                strategy: &report.strategy,
                hands: r.hands,
                seed: report.seed,
                mean_net: r.net_per_hand.mean,
                std_dev: r.std_dev,
                house_edge: r.house_edge.mean,
                std_error: r.house_edge.std_error,
                ci95_low: r.house_edge.ci95_low,
                ci95_high: r.house_edge.ci95_high,
                house_edge_exact: r.exact_house_edge.clone(),
                exact_inside_ci95: r.exact_inside_ci95,
                element_of_risk: r.element_of_risk.mean,
                element_of_risk_std_error: r.element_of_risk.std_error,
                element_of_risk_exact: r.exact_element_of_risk.clone(),
                hit_frequency: r.hit_frequency.mean,
                hit_frequency_std_error: r.hit_frequency.std_error,
                net_total: r.net_total.clone(),
                lines: &r.lines,
            })
            .collect(),
        actions: &report.actions,
        sessions: &report.sessions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_row_struct_has_the_documented_columns() {
        let row = CsvRow {
            row: "wager",
            wager: "trips",
            paytable: "t",
            strategy: "optimal",
            hands: 1,
            seed: 1,
            name: "house_edge".into(),
            count: None,
            estimate: None,
            std_error: None,
            ci95_low: None,
            ci95_high: None,
            exact: None,
            exact_inside_ci95: None,
        };
        assert_eq!(crate::report::header_of(row), CSV_COLUMNS);
    }
}
