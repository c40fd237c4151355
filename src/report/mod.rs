//! Reports: the figures of a wager under one pay table, and one exporter per
//! output format.
//!
//! Every engine turns its exact results into [`WagerResult`]s; the
//! exporters ([`TableExporter`], [`CsvExporter`], [`JsonExporter`],
//! [`MarkdownExporter`], all
//! behind the [`Exporter`] trait, chosen by [`Format`]) print any list of
//! them. Adding a wager means producing `WagerResult`s; adding a format means
//! one more exporter here.
//!
//! Figures are exact [`Fraction`]s of the amount wagered (not percent);
//! decimals are derived from them for display only. The JSON and CSV
//! layouts are stable and documented in the README:
//! - JSON: `{"results": [{"wager", "paytable", "title", ["wager_amount",
//!   "wager_amount_exact",] ["rule",] ["meter", "meter_exact", "players",]
//!   "outcomes", "house_edge", "house_edge_exact", "element_of_risk",
//!   "element_of_risk_exact", "lines": [{"hand", "combinations",
//!   "probability", "probability_exact", "pays", "return", "return_exact"}],
//!   "published": [{"name", "value", "definition", "source", "note", "measure",
//!   "known_discrepancy"}],
//!   ["figures": [{"name", "value", "value_exact", "unit"}]]}]}` (bracketed
//!   keys only where the wager has them);
//! - CSV: one row per pay line (`row = line`), one summary row per result
//!   (`row = total`) and one row per extra figure (`row = figure`), columns
//!   [`CSV_COLUMNS`].

pub mod html;

use crate::fraction::Fraction;
pub use crate::money::dollars_to_cents;
use crate::money::{dollars, group_thousands};
pub use crate::result::{Figure, GameFigures, ResultLine, WagerResult};
use serde::Serialize;
use std::io::{self, Write};

/// The settings a result depends on, as a heading suffix:
/// `, $5 wager, meter $10,000, 3 other players` (empty when none).
pub fn settings_text(
    amount: Option<Fraction>,
    meter: Option<Fraction>,
    players: Option<u32>,
) -> String {
    let mut text = amount.map_or(String::new(), |w| format!(", {} wager", dollars(w)));
    if let Some(meter) = meter {
        text.push_str(&format!(", meter {}", dollars(meter)));
    }
    if let Some(players) = players {
        let s = if players == 1 { "" } else { "s" };
        text.push_str(&format!(", {players} other player{s}"));
    }
    text
}

impl WagerResult {
    /// The settings this result depends on, see [`settings_text`].
    pub fn settings(&self) -> String {
        settings_text(self.wager_amount.clone(), self.meter.clone(), self.players)
    }
}

/// An output format.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// Aligned text for people.
    Table,
    /// Comma-separated values, one row per pay line.
    Csv,
    /// One JSON document.
    Json,
    /// GitHub-flavoured Markdown: a summary table, then one table per result.
    Markdown,
}

impl Format {
    /// The exporter of this format.
    pub fn exporter(self) -> Box<dyn Exporter> {
        match self {
            Format::Table => Box::new(TableExporter),
            Format::Csv => Box::new(CsvExporter),
            Format::Json => Box::new(JsonExporter),
            Format::Markdown => Box::new(MarkdownExporter),
        }
    }
}

/// Writes results in one format.
pub trait Exporter {
    fn export(&self, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()>;
}

/// Writes `results` in `format`.
pub fn export(format: Format, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
    format.exporter().export(results, out)
}

/// A percentage with four decimals, e.g. `0.9018%`.
pub fn percent(f: Fraction) -> String {
    format!("{:.4}%", f.to_f64() * 100.0)
}

/// A result's pay table with the settings its figures depend on:
/// `uth-02`, `six-card-a $5`, `progressive-md $1, meter $10,000, 2 other
/// players`.
pub fn result_label(r: &WagerResult) -> String {
    let mut label = r.paytable.clone();
    if let Some(a) = r.wager_amount.clone() {
        label.push(' ');
        label.push_str(&dollars(a));
    }
    if let Some(m) = r.meter.clone() {
        label.push_str(&format!(", meter {}", dollars(m)));
    }
    if let Some(n) = r.players.filter(|&n| n > 0) {
        let s = if n == 1 { "" } else { "s" };
        label.push_str(&format!(", {n} other player{s}"));
    }
    label
}

/// The human name of a wager.
pub fn wager_title(wager: &str) -> String {
    match wager {
        "trips" => "Trips".to_string(),
        "six_card_bonus" => "Six Card Bonus".to_string(),
        "blind" => "Blind".to_string(),
        "progressive" => "Progressive".to_string(),
        "bad_beat" => "Bad Beat".to_string(),
        "base_game" => "Base game (Ante, Blind, Play)".to_string(),
        other => other.to_string(),
    }
}

/// `1 in N` odds of a probability: whole numbers from 100 up, two decimals
/// below.
fn one_in(p: Fraction) -> String {
    if p.is_zero() {
        return "never".to_string();
    }
    let n = 1.0 / p.to_f64();
    if n >= 100.0 {
        group_thousands(n.round() as u64)
    } else {
        format!("{n:.2}")
    }
}

/// Aligned text for people: one block per result, percentages with four
/// decimals and the exact fractions.
pub struct TableExporter;

impl Exporter for TableExporter {
    fn export(&self, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
        for (i, r) in results.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            let amount = r.settings();
            writeln!(
                out,
                "{} -- pay table {}{}: {}",
                wager_title(&r.wager),
                r.paytable,
                amount,
                r.title
            )?;
            let hand_width = r
                .lines
                .iter()
                .map(|l| l.hand.len())
                .chain(["element of risk".len()])
                .max()
                .unwrap_or(0);
            let pays_width = r
                .lines
                .iter()
                .map(|l| l.pays.len())
                .chain(["pays".len()])
                .max()
                .unwrap_or(0);
            // Wide enough for the total (17 characters for 2.78 trillion).
            let count_width = group_thousands(r.outcomes).len().max(13);
            writeln!(
                out,
                "  {:<hw$}  {:>cw$}  {:>14}  {:>11}  {:<pw$}  {:>11}",
                "hand",
                "combinations",
                "probability",
                "1 in",
                "pays",
                "return",
                hw = hand_width,
                cw = count_width,
                pw = pays_width
            )?;
            for l in &r.lines {
                writeln!(
                    out,
                    "  {:<hw$}  {:>cw$}  {:>14.12}  {:>11}  {:<pw$}  {:>+10.4}%",
                    l.hand,
                    group_thousands(l.combinations),
                    l.probability.to_f64(),
                    one_in(l.probability.clone()),
                    l.pays,
                    l.contribution.to_f64() * 100.0,
                    hw = hand_width,
                    cw = count_width,
                    pw = pays_width
                )?;
            }
            let expected = -r.house_edge.clone();
            writeln!(
                out,
                "  {:<hw$}  {:>cw$}  {:>14.12}  {:>11}  {:<pw$}  {:>+10.4}%",
                "total",
                group_thousands(r.outcomes),
                1.0,
                "",
                "",
                expected.to_f64() * 100.0,
                hw = hand_width,
                cw = count_width,
                pw = pays_width
            )?;
            writeln!(
                out,
                "  {:<hw$}  {} = {}",
                "house edge",
                percent(r.house_edge.clone()),
                r.house_edge,
                hw = hand_width
            )?;
            writeln!(
                out,
                "  {:<hw$}  {} = {}",
                "element of risk",
                percent(r.element_of_risk.clone()),
                r.element_of_risk,
                hw = hand_width
            )?;
            writeln!(
                out,
                "  {:<hw$}  {:.4} (variance {})",
                "std deviation",
                r.std_dev(),
                r.variance,
                hw = hand_width
            )?;
            writeln!(
                out,
                "  {:<hw$}  {} = {}",
                "hit frequency",
                percent(r.hit_frequency.clone()),
                r.hit_frequency,
                hw = hand_width
            )?;
            if let Some(g) = &r.game {
                writeln!(
                    out,
                    "  {:<hw$}  {} = {}",
                    "edge per Ante+Blind",
                    percent(g.house_edge_per_initial_wager.clone()),
                    g.house_edge_per_initial_wager,
                    hw = hand_width
                )?;
                writeln!(
                    out,
                    "  {:<hw$}  {:.6} = {}",
                    "average total wager",
                    g.average_total_wager.to_f64(),
                    g.average_total_wager,
                    hw = hand_width
                )?;
                for (name, p) in &g.action_probabilities {
                    writeln!(
                        out,
                        "  {:<hw$}  {} = {}",
                        name,
                        percent(p.clone()),
                        p,
                        hw = hand_width
                    )?;
                }
                for (name, ev) in &g.wager_ev {
                    writeln!(
                        out,
                        "  {:<hw$}  {:+.6} = {}",
                        format!("{name} EV"),
                        ev.to_f64(),
                        ev,
                        hw = hand_width
                    )?;
                }
            }
            if let Some(rule) = &r.rule {
                writeln!(out, "  {:<hw$}  {rule}", "rule", hw = hand_width)?;
            }
            for p in &r.published {
                writeln!(
                    out,
                    "  {:<hw$}  {} {} ({})",
                    "published",
                    p.name,
                    p.value,
                    p.source,
                    hw = hand_width
                )?;
            }
            for f in &r.figures {
                let value = if f.unit == "dollars" {
                    dollars_to_cents(f.value.clone())
                } else {
                    format!("{:.6} {}", f.value.to_f64(), f.unit)
                };
                writeln!(
                    out,
                    "  {}  {} = {}",
                    f.name.replace('_', " "),
                    value,
                    f.value
                )?;
            }
        }
        Ok(())
    }
}

/// The CSV columns, in order. The last group is filled for the base game
/// only (`wager = base_game`) and empty otherwise; then the rule, meter and
/// players of a result, and the value of a `figure` row.
pub const CSV_COLUMNS: [&str; 47] = [
    "wager",
    "paytable",
    "wager_amount",
    "wager_amount_exact",
    "row",
    "hand",
    "combinations",
    "probability",
    "probability_exact",
    "pays",
    "return",
    "return_exact",
    "outcomes",
    "house_edge",
    "house_edge_exact",
    "element_of_risk",
    "element_of_risk_exact",
    "std_dev",
    "variance_exact",
    "hit_frequency",
    "hit_frequency_exact",
    "house_edge_per_initial_wager",
    "house_edge_per_initial_wager_exact",
    "average_total_wager",
    "average_total_wager_exact",
    "raise_4x",
    "raise_4x_exact",
    "raise_3x",
    "raise_3x_exact",
    "raise_2x",
    "raise_2x_exact",
    "raise_1x",
    "raise_1x_exact",
    "fold",
    "fold_exact",
    "ante_ev",
    "ante_ev_exact",
    "blind_ev",
    "blind_ev_exact",
    "play_ev",
    "play_ev_exact",
    "rule",
    "meter",
    "meter_exact",
    "players",
    "value",
    "value_exact",
];

/// Comma-separated values with a header: per result, one `line` row per pay
/// line, one `total` row (all outcomes, the expected net result as
/// `return`, and the house edge and element of risk, which the `line` rows
/// repeat so that any row stands alone) and one `figure` row per extra
/// figure (its name in `hand`, its value in `value`).
pub struct CsvExporter;

impl Exporter for CsvExporter {
    fn export(&self, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
        let mut w = csv::Writer::from_writer(out);
        w.write_record(CSV_COLUMNS)?;
        for r in results {
            let (amount, amount_exact) = match r.wager_amount.clone() {
                Some(a) => (a.to_f64().to_string(), a.to_string()),
                None => (String::new(), String::new()),
            };
            let mut summary = vec![
                r.outcomes.to_string(),
                r.house_edge.to_f64().to_string(),
                r.house_edge.to_string(),
                r.element_of_risk.to_f64().to_string(),
                r.element_of_risk.to_string(),
                r.std_dev().to_string(),
                r.variance.to_string(),
                r.hit_frequency.to_f64().to_string(),
                r.hit_frequency.to_string(),
            ];
            let both = |f: Fraction| [f.to_f64().to_string(), f.to_string()];
            match &r.game {
                Some(g) => {
                    summary.extend(both(g.house_edge_per_initial_wager.clone()));
                    summary.extend(both(g.average_total_wager.clone()));
                    for (_, p) in g.action_probabilities.iter().chain(&g.wager_ev) {
                        summary.extend(both(p.clone()));
                    }
                }
                None => summary.extend((0..20).map(|_| String::new())),
            }
            summary.extend([
                r.rule.clone().unwrap_or_default(),
                r.meter
                    .clone()
                    .map_or(String::new(), |m| m.to_f64().to_string()),
                r.meter.clone().map_or(String::new(), |m| m.to_string()),
                r.players.map_or(String::new(), |n| n.to_string()),
            ]);
            let rows = r
                .lines
                .iter()
                .map(|l| {
                    (
                        "line",
                        l.hand.as_str(),
                        l.combinations,
                        l.probability.clone(),
                        l.pays.as_str(),
                        l.contribution.clone(),
                    )
                })
                .chain([(
                    "total",
                    "",
                    r.outcomes,
                    Fraction::ONE,
                    "",
                    -r.house_edge.clone(),
                )]);
            for (row, hand, combinations, probability, pays, ret) in rows {
                let mut record = vec![
                    r.wager.clone(),
                    r.paytable.clone(),
                    amount.clone(),
                    amount_exact.clone(),
                    row.to_string(),
                    hand.to_string(),
                    combinations.to_string(),
                    probability.to_f64().to_string(),
                    probability.to_string(),
                    pays.to_string(),
                    ret.to_f64().to_string(),
                    ret.to_string(),
                ];
                record.extend(summary.iter().cloned());
                record.extend([String::new(), String::new()]);
                w.write_record(&record)?;
            }
            for f in &r.figures {
                let mut record = vec![
                    r.wager.clone(),
                    r.paytable.clone(),
                    amount.clone(),
                    amount_exact.clone(),
                    "figure".to_string(),
                    f.name.clone(),
                ];
                record.extend(std::iter::repeat_n(String::new(), 6));
                record.extend(summary.iter().cloned());
                record.extend([f.value.to_f64().to_string(), f.value.to_string()]);
                w.write_record(&record)?;
            }
        }
        w.flush()?;
        Ok(())
    }
}

#[derive(Serialize)]
struct JsonDocument<'a> {
    results: Vec<JsonResult<'a>>,
}

#[derive(Serialize)]
struct JsonResult<'a> {
    wager: &'a str,
    paytable: &'a str,
    title: &'a str,
    #[serde(flatten)]
    settings: JsonSettings<'a>,
    outcomes: u64,
    #[serde(flatten)]
    figures_summary: JsonSummary,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    game: Option<JsonGame>,
    lines: Vec<JsonLine<'a>>,
    published: Vec<JsonPublished<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    figures: Vec<JsonFigure<'a>>,
}

/// The settings a result depends on, as JSON keys (absent when unset):
/// `wager_amount`, `wager_amount_exact`, `rule`, `meter`, `meter_exact`,
/// `players`. Shared by the report and `compare`.
#[derive(Serialize)]
pub(crate) struct JsonSettings<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    wager_amount: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wager_amount_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    meter: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    meter_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<u32>,
}

impl<'a> JsonSettings<'a> {
    pub(crate) fn of(r: &'a WagerResult) -> JsonSettings<'a> {
        JsonSettings {
            wager_amount: r.wager_amount.as_ref().map(Fraction::to_f64),
            wager_amount_exact: r.wager_amount.as_ref().map(|a| a.to_string()),
            rule: r.rule.as_deref(),
            meter: r.meter.as_ref().map(Fraction::to_f64),
            meter_exact: r.meter.as_ref().map(|m| m.to_string()),
            players: r.players,
        }
    }
}

/// The summary figures of a result as JSON keys, decimal and exact:
/// house edge, element of risk, std deviation (with the exact variance),
/// hit frequency. Shared by the report and `compare`.
#[derive(Serialize)]
pub(crate) struct JsonSummary {
    house_edge: f64,
    house_edge_exact: String,
    element_of_risk: f64,
    element_of_risk_exact: String,
    std_dev: f64,
    variance_exact: String,
    hit_frequency: f64,
    hit_frequency_exact: String,
}

impl JsonSummary {
    pub(crate) fn of(r: &WagerResult) -> JsonSummary {
        JsonSummary {
            house_edge: r.house_edge.to_f64(),
            house_edge_exact: r.house_edge.to_string(),
            element_of_risk: r.element_of_risk.to_f64(),
            element_of_risk_exact: r.element_of_risk.to_string(),
            std_dev: r.std_dev(),
            variance_exact: r.variance.to_string(),
            hit_frequency: r.hit_frequency.to_f64(),
            hit_frequency_exact: r.hit_frequency.to_string(),
        }
    }
}

#[derive(Serialize)]
struct JsonFigure<'a> {
    name: &'a str,
    value: f64,
    value_exact: String,
    unit: &'a str,
}

/// The base game's further keys.
#[derive(Serialize)]
struct JsonGame {
    house_edge_per_initial_wager: f64,
    house_edge_per_initial_wager_exact: String,
    average_total_wager: f64,
    average_total_wager_exact: String,
    action_probabilities: serde_json::Map<String, serde_json::Value>,
    wager_ev: serde_json::Map<String, serde_json::Value>,
}

impl JsonGame {
    fn new(g: &GameFigures) -> JsonGame {
        let object = |pairs: &[(String, Fraction)]| {
            let mut map = serde_json::Map::new();
            for (name, f) in pairs {
                map.insert(name.clone(), serde_json::json!(f.to_f64()));
                map.insert(format!("{name}_exact"), serde_json::json!(f.to_string()));
            }
            map
        };
        JsonGame {
            house_edge_per_initial_wager: g.house_edge_per_initial_wager.to_f64(),
            house_edge_per_initial_wager_exact: g.house_edge_per_initial_wager.to_string(),
            average_total_wager: g.average_total_wager.to_f64(),
            average_total_wager_exact: g.average_total_wager.to_string(),
            action_probabilities: object(&g.action_probabilities),
            wager_ev: object(&g.wager_ev),
        }
    }
}

#[derive(Serialize)]
struct JsonLine<'a> {
    hand: &'a str,
    combinations: u64,
    probability: f64,
    probability_exact: String,
    pays: &'a str,
    #[serde(rename = "return")]
    contribution: f64,
    return_exact: String,
}

#[derive(Serialize)]
struct JsonPublished<'a> {
    name: &'a str,
    value: &'a str,
    definition: Option<&'a str>,
    source: &'a str,
    note: Option<&'a str>,
    measure: Option<&'a str>,
    known_discrepancy: Option<&'a str>,
}

/// One JSON document `{"results": [...]}`, pretty-printed, ending in a
/// newline. Keys are in a fixed order.
pub struct JsonExporter;

impl Exporter for JsonExporter {
    fn export(&self, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
        let document = JsonDocument {
            results: results
                .iter()
                .map(|r| JsonResult {
                    wager: &r.wager,
                    paytable: &r.paytable,
                    title: &r.title,
                    settings: JsonSettings::of(r),
                    outcomes: r.outcomes,
                    figures_summary: JsonSummary::of(r),
                    game: r.game.as_ref().map(JsonGame::new),
                    lines: r
                        .lines
                        .iter()
                        .map(|l| JsonLine {
                            hand: &l.hand,
                            combinations: l.combinations,
                            probability: l.probability.to_f64(),
                            probability_exact: l.probability.to_string(),
                            pays: &l.pays,
                            contribution: l.contribution.to_f64(),
                            return_exact: l.contribution.to_string(),
                        })
                        .collect(),
                    published: r
                        .published
                        .iter()
                        .map(|p| JsonPublished {
                            name: &p.name,
                            value: &p.value,
                            definition: p.definition.as_deref(),
                            source: &p.source,
                            note: p.note.as_deref(),
                            measure: p.measure.as_deref(),
                            known_discrepancy: p.known_discrepancy.as_deref(),
                        })
                        .collect(),
                    figures: r
                        .figures
                        .iter()
                        .map(|f| JsonFigure {
                            name: &f.name,
                            value: f.value.to_f64(),
                            value_exact: f.value.to_string(),
                            unit: &f.unit,
                        })
                        .collect(),
                })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut *out, &document)?;
        writeln!(out)?;
        Ok(())
    }
}

/// A Markdown table cell: `|` escaped, no line breaks.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// GitHub-flavoured Markdown for people and pages: a summary table of every
/// result (house edge, element of risk, standard deviation, hit frequency,
/// with the exact house edge), then per result its line table and exact
/// figures.
pub struct MarkdownExporter;

impl Exporter for MarkdownExporter {
    fn export(&self, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "## Summary\n")?;
        writeln!(
            out,
            "| wager | pay table | house edge | element of risk | std deviation | hit frequency | house edge (exact) |"
        )?;
        writeln!(out, "|---|---|---:|---:|---:|---:|---|")?;
        for r in results {
            let name = result_label(r);
            writeln!(
                out,
                "| {} | {} | {} | {} | {:.4} | {} | `{}` |",
                cell(&wager_title(&r.wager)),
                cell(&name),
                percent(r.house_edge.clone()),
                percent(r.element_of_risk.clone()),
                r.std_dev(),
                percent(r.hit_frequency.clone()),
                r.house_edge
            )?;
        }
        for r in results {
            let amount = r.settings();
            writeln!(
                out,
                "\n## {} -- pay table {}{}\n\n{}\n",
                wager_title(&r.wager),
                r.paytable,
                amount,
                cell(&r.title)
            )?;
            writeln!(
                out,
                "| hand | combinations | probability | pays | return | return (exact) |"
            )?;
            writeln!(out, "|---|---:|---:|---|---:|---|")?;
            for l in &r.lines {
                writeln!(
                    out,
                    "| {} | {} | {:.12} | {} | {:+.4}% | `{}` |",
                    cell(&l.hand),
                    group_thousands(l.combinations),
                    l.probability.to_f64(),
                    cell(&l.pays),
                    l.contribution.to_f64() * 100.0,
                    l.contribution
                )?;
            }
            writeln!(
                out,
                "| total | {} | 1 | | {:+.4}% | `{}` |\n",
                group_thousands(r.outcomes),
                -r.house_edge.to_f64() * 100.0,
                -r.house_edge.clone()
            )?;
            writeln!(
                out,
                "- house edge: {} = `{}`",
                percent(r.house_edge.clone()),
                r.house_edge
            )?;
            writeln!(
                out,
                "- element of risk: {} = `{}`",
                percent(r.element_of_risk.clone()),
                r.element_of_risk
            )?;
            writeln!(
                out,
                "- standard deviation: {:.4} (variance `{}`)",
                r.std_dev(),
                r.variance
            )?;
            writeln!(
                out,
                "- hit frequency: {} = `{}`",
                percent(r.hit_frequency.clone()),
                r.hit_frequency
            )?;
            if let Some(g) = &r.game {
                writeln!(
                    out,
                    "- house edge per initial wager (Ante + Blind): {} = `{}`",
                    percent(g.house_edge_per_initial_wager.clone()),
                    g.house_edge_per_initial_wager
                )?;
                writeln!(
                    out,
                    "- average total wager: {:.6} = `{}` Antes",
                    g.average_total_wager.to_f64(),
                    g.average_total_wager
                )?;
                for (name, p) in &g.action_probabilities {
                    writeln!(out, "- {name}: {} = `{p}`", percent(p.clone()))?;
                }
                for (name, ev) in &g.wager_ev {
                    writeln!(out, "- {name} EV: {:+.6} = `{ev}` Antes", ev.to_f64())?;
                }
            }
            for p in &r.published {
                writeln!(
                    out,
                    "- published {}: {} ({})",
                    cell(&p.name),
                    cell(&p.value),
                    cell(&p.source)
                )?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_and_percent_display() {
        assert_eq!(dollars(Fraction::from_int(5)), "$5");
        assert_eq!(dollars(Fraction::new(5, 2)), "$2.50");
        assert_eq!(dollars(Fraction::from_int(1_000_000)), "$1,000,000");
        assert_eq!(dollars(Fraction::new(1, 3)), "$1/3");
        assert_eq!(percent(Fraction::new(9, 1000)), "0.9000%");
        assert_eq!(dollars_to_cents(Fraction::new(2863510, 19)), "$150,711.05");
        assert_eq!(
            dollars_to_cents(Fraction::new(-53321888, 805)),
            "-$66,238.37"
        );
    }
}
