//! The report of a simulation ([`crate::sample::SimulationReport`]) in each
//! output format: aligned text ([`write_table`]), CSV ([`write_csv`],
//! columns [`CSV_COLUMNS`]), JSON ([`write_json`]) and Markdown (the text in
//! a code block); [`WRITERS`] names them for [`super::export_document`],
//! which picks one by [`super::Format`].

use super::csv::{write_rows, Decimal};
use super::DocumentWriters;
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::sample::{ser_fraction, ser_opt_fraction};
use crate::sample::{Estimate, Frequency, SessionReport, SimulationReport};
use serde::Serialize;
use std::io::{self, Write};

/// Its writers in each format, for [`super::export_document`] (Markdown:
/// the table in a code block; HTML refused).
pub const WRITERS: DocumentWriters<SimulationReport> = DocumentWriters {
    table: write_table,
    csv: write_csv,
    json: write_json,
    no_html: "a simulation has no HTML format",
};

/// A percentage with four decimals.
fn pct(x: f64) -> String {
    format!("{:.4}%", x * 100.0)
}

fn opt_pct(f: Option<Fraction>) -> String {
    f.map_or("-".to_string(), |f| pct(f.to_f64()))
}

/// Human-readable text.
pub fn write_table(report: &SimulationReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "Simulation: {} hands, seed {}, strategy {}, {}-card deck (chunks of {} hands)",
        report.hands, report.seed, report.strategy, report.deck_size, report.chunk_hands
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "  {:<15} {:<11} {:>11} {:>10} {:>23} {:>11} {:>7} {:>11} {:>10}",
        "wager",
        "pay table",
        "house edge",
        "std error",
        "95% CI",
        "exact",
        "inside",
        "elem. risk",
        "std error"
    )?;
    for r in &report.results {
        let e = &r.house_edge;
        writeln!(
            out,
            "  {:<15} {:<11} {:>11} {:>10} {:>23} {:>11} {:>7} {:>11} {:>10}",
            r.wager,
            r.paytable,
            pct(e.mean),
            pct(e.std_error),
            format!("[{}, {}]", pct(e.ci95_low), pct(e.ci95_high)),
            opt_pct(r.exact_house_edge.clone()),
            r.exact_inside_ci95
                .map_or("-", |b| if b { "yes" } else { "NO" }),
            pct(r.element_of_risk.mean),
            pct(r.element_of_risk.std_error),
        )?;
    }
    for r in &report.results {
        writeln!(out)?;
        let amount = (r.wager_amount)
            .clone()
            .map_or(String::new(), |w| format!(", ${w} wager"));
        writeln!(
            out,
            "{} ({}{}): net per hand {:.6} ± {:.6}, std dev {:.4}, wins {:.6} ± {:.6}",
            r.wager,
            r.paytable,
            amount,
            r.net_per_hand.mean,
            r.net_per_hand.std_error,
            r.std_dev,
            r.hit_frequency.mean,
            r.hit_frequency.std_error
        )?;
        if let Some(x) = r.exact_element_of_risk.clone() {
            let e = &r.element_of_risk;
            writeln!(
                out,
                "  element of risk {} ± {}, 95% CI [{}, {}], exact {} ({})",
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
            )?;
        }
        for l in &r.lines {
            writeln!(
                out,
                "  {:<26} {:>14} {:>12.8} ± {:.8}",
                l.name, l.count, l.frequency.mean, l.frequency.std_error
            )?;
        }
    }
    writeln!(out)?;
    writeln!(out, "Final actions")?;
    for a in &report.actions {
        writeln!(
            out,
            "  {:<26} {:>14} {:>12.8} ± {:.8}   exact {}",
            a.name,
            a.count,
            a.frequency.mean,
            a.frequency.std_error,
            a.exact
                .clone()
                .map_or("-".to_string(), |e| format!("{:.8}", e.to_f64()))
        )?;
    }
    if let Some(s) = &report.sessions {
        writeln!(out)?;
        writeln!(
            out,
            "Sessions of {} hands: {} sessions ({} hands left out); net in Antes",
            s.hands_per_session, s.sessions, s.hands_left_out
        )?;
        writeln!(
            out,
            "  mean {:.4} ± {:.4}, std dev {:.4}, lowest {}, highest {}, histogram resolution {} Antes",
            s.mean.mean, s.mean.std_error, s.std_dev, s.lowest, s.highest, s.resolution
        )?;
        let ps: Vec<String> = s
            .percentiles
            .iter()
            .map(|p| format!("p{}: {}", p.percent, p.net))
            .collect();
        writeln!(out, "  percentiles: {}", ps.join(", "))?;
        writeln!(
            out,
            "  P(finish ahead) {:.6} ± {:.6}; P(finish even) {:.6} ± {:.6}",
            s.finish_ahead.mean,
            s.finish_ahead.std_error,
            s.finish_even.mean,
            s.finish_even.std_error
        )?;
        for t in &s.lose_more_than {
            writeln!(
                out,
                "  P(lose more than {} Antes) {:.6} ± {:.6}",
                t.antes, t.probability.mean, t.probability.std_error
            )?;
        }
        if let Some(t) = &s.bankroll {
            writeln!(
                out,
                "  P(running total reaches -{} Antes within a session) {:.6} ± {:.6}",
                t.antes, t.probability.mean, t.probability.std_error
            )?;
        }
    }
    Ok(())
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

/// Comma-separated values, columns [`CSV_COLUMNS`].
pub fn write_csv(report: &SimulationReport, out: &mut dyn Write) -> io::Result<()> {
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
    write_rows(&CSV_COLUMNS, rows, out)
}

/// One JSON document: `{"simulation": {...}, "results": [...], "actions":
/// [...], "sessions": {...} | null}` after the keys of every document
/// ([`crate::report::Stamped`]).
pub fn write_json(
    report: &SimulationReport,
    provenance: Option<&Provenance>,
    out: &mut dyn Write,
) -> io::Result<()> {
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
    let doc = Doc {
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
    };
    super::write_document(doc, provenance, out)
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
