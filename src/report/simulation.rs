//! The report of a simulation ([`crate::sample::SimulationReport`]) in each
//! output format: aligned text ([`write_table`]), CSV ([`write_csv`],
//! columns [`CSV_COLUMNS`]), JSON ([`write_json`]) and Markdown (the text in
//! a code block); [`export`] picks one by [`Format`].

use super::Format;
use crate::fraction::Fraction;
use crate::sample::{ser_fraction, ser_opt_fraction};
use crate::sample::{Estimate, Frequency, SessionReport, SimulationReport};
use serde::Serialize;
use std::io::{self, Write};

/// Writes `report` in `format` ([`write_table`], [`write_csv`] or
/// [`write_json`]; Markdown: the table in a code block).
pub fn export(format: Format, report: &SimulationReport, out: &mut dyn Write) -> io::Result<()> {
    match format {
        Format::Table => write_table(report, out),
        Format::Csv => write_csv(report, out),
        Format::Json => write_json(report, out),
        Format::Markdown => {
            writeln!(out, "```text")?;
            write_table(report, out)?;
            writeln!(out, "```")
        }
        Format::Html => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a simulation has no HTML format",
        )),
    }
}

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
fn number(x: f64) -> String {
    if x.is_nan() {
        String::new()
    } else {
        x.to_string()
    }
}

/// Comma-separated values, columns [`CSV_COLUMNS`].
pub fn write_csv(report: &SimulationReport, out: &mut dyn Write) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    let io_err = |e: csv::Error| io::Error::other(e.to_string());
    w.write_record(CSV_COLUMNS).map_err(io_err)?;
    let hands = report.hands.to_string();
    let seed = report.seed.to_string();
    let mut row = |kind: &str,
                   wager: &str,
                   paytable: &str,
                   name: &str,
                   count: String,
                   e: &Estimate,
                   exact: Option<Fraction>,
                   inside: Option<bool>|
     -> io::Result<()> {
        w.write_record([
            kind,
            wager,
            paytable,
            &report.strategy,
            &hands,
            &seed,
            name,
            &count,
            &number(e.mean),
            &number(e.std_error),
            &number(e.ci95_low),
            &number(e.ci95_high),
            &exact.map_or(String::new(), |f| f.to_string()),
            &inside.map_or(String::new(), |b| b.to_string()),
        ])
        .map_err(io_err)
    };
    for r in &report.results {
        row(
            "wager",
            r.wager,
            &r.paytable,
            "house_edge",
            String::new(),
            &r.house_edge,
            r.exact_house_edge.clone(),
            r.exact_inside_ci95,
        )?;
        let eor_inside = (r.exact_element_of_risk)
            .clone()
            .map(|x| r.element_of_risk.covers(x.to_f64()));
        row(
            "wager",
            r.wager,
            &r.paytable,
            "element_of_risk",
            String::new(),
            &r.element_of_risk,
            r.exact_element_of_risk.clone(),
            eor_inside,
        )?;
        for l in &r.lines {
            row(
                "line",
                r.wager,
                &r.paytable,
                &l.name,
                l.count.to_string(),
                &l.frequency,
                l.exact.clone(),
                None,
            )?;
        }
    }
    for a in &report.actions {
        let inside = a.exact.clone().map(|x| a.frequency.covers(x.to_f64()));
        row(
            "action",
            "base_game",
            "",
            &a.name,
            a.count.to_string(),
            &a.frequency,
            a.exact.clone(),
            inside,
        )?;
    }
    if let Some(s) = &report.sessions {
        row(
            "session",
            "all",
            "",
            "mean_net",
            s.sessions.to_string(),
            &s.mean,
            None,
            None,
        )?;
        row(
            "session",
            "all",
            "",
            "finish_ahead",
            s.sessions.to_string(),
            &s.finish_ahead,
            None,
            None,
        )?;
        for t in &s.lose_more_than {
            row(
                "session",
                "all",
                "",
                &format!("lose_more_than_{}", t.antes),
                s.sessions.to_string(),
                &t.probability,
                None,
                None,
            )?;
        }
        if let Some(t) = &s.bankroll {
            row(
                "session",
                "all",
                "",
                &format!("reach_minus_{}", t.antes),
                s.sessions.to_string(),
                &t.probability,
                None,
                None,
            )?;
        }
        for p in &s.percentiles {
            row(
                "session",
                "all",
                "",
                &format!("percentile_{}", p.percent),
                s.sessions.to_string(),
                &Estimate::new(p.net, f64::NAN),
                None,
                None,
            )?;
        }
    }
    w.flush()
}

/// One JSON document: `{"simulation": {...}, "results": [...], "actions":
/// [...], "sessions": {...} | null}`.
pub fn write_json(report: &SimulationReport, out: &mut dyn Write) -> io::Result<()> {
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
    serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::other)?;
    writeln!(out)
}
