//! Pay tables side by side as a table, CSV or JSON: the exporters of
//! [`crate::analysis::compare`]'s groups.

use crate::analysis::compare::{groups, top_line};
use crate::fraction::Fraction;
use crate::report::{percent, result_label, JsonSettings, JsonSummary};
use crate::result::WagerResult;
use serde::Serialize;
use std::io::{self, Write};

/// The CSV columns, in order.
pub const CSV_COLUMNS: [&str; 21] = [
    "wager",
    "rank",
    "paytable",
    "wager_amount",
    "wager_amount_exact",
    "rule",
    "meter",
    "meter_exact",
    "players",
    "house_edge",
    "house_edge_exact",
    "element_of_risk",
    "element_of_risk_exact",
    "std_dev",
    "variance_exact",
    "hit_frequency",
    "hit_frequency_exact",
    "top_hand",
    "top_hand_pays",
    "top_hand_return",
    "top_hand_return_exact",
];

/// Aligned text for people: one block per wager.
pub fn write_table(results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
    for (i, group) in groups(results).iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let unit = if group.wager == "base_game" {
            " (per Ante)"
        } else {
            ""
        };
        writeln!(
            out,
            "{} -- lowest house edge first{unit}",
            crate::report::wager_title(group.wager)
        )?;
        let width = group
            .rows
            .iter()
            .map(|r| result_label(r).len())
            .chain(["pay table".len()])
            .max()
            .unwrap_or(0);
        writeln!(
            out,
            "  {:>2}  {:<width$}  {:>10}  {:>10}  {:>8}  {:>9}  top hand (return)",
            "#", "pay table", "house edge", "elem. risk", "std dev", "hit freq"
        )?;
        for (rank, r) in group.rows.iter().enumerate() {
            let name = result_label(r);
            let top = top_line(r).map_or(String::new(), |l| {
                format!("{} ({:+.4}%)", l.hand, l.contribution.to_f64() * 100.0)
            });
            writeln!(
                out,
                "  {:>2}  {:<width$}  {:>10}  {:>10}  {:>8.4}  {:>9}  {top}",
                rank + 1,
                name,
                percent(r.house_edge.clone()),
                percent(r.element_of_risk.clone()),
                r.std_dev(),
                percent(r.hit_frequency.clone()),
            )?;
        }
    }
    Ok(())
}

/// One row per result, columns [`CSV_COLUMNS`]; `rank` counts from 1
/// within the wager.
pub fn write_csv(results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(CSV_COLUMNS)?;
    for group in groups(results) {
        for (rank, r) in group.rows.iter().enumerate() {
            let both = |f: Fraction| [f.to_f64().to_string(), f.to_string()];
            let mut record = vec![r.wager.clone(), (rank + 1).to_string(), r.paytable.clone()];
            match r.wager_amount.clone() {
                Some(a) => record.extend(both(a)),
                None => record.extend([String::new(), String::new()]),
            }
            record.push(r.rule.clone().unwrap_or_default());
            match r.meter.clone() {
                Some(m) => record.extend(both(m)),
                None => record.extend([String::new(), String::new()]),
            }
            record.push(r.players.map_or(String::new(), |n| n.to_string()));
            record.extend(both(r.house_edge.clone()));
            record.extend(both(r.element_of_risk.clone()));
            record.push(r.std_dev().to_string());
            record.push(r.variance.to_string());
            record.extend(both(r.hit_frequency.clone()));
            match top_line(r) {
                Some(l) => {
                    record.push(l.hand.clone());
                    record.push(l.pays.clone());
                    record.extend(both(l.contribution.clone()));
                }
                None => record.extend((0..4).map(|_| String::new())),
            }
            w.write_record(&record)?;
        }
    }
    w.flush()?;
    Ok(())
}

#[derive(Serialize)]
struct JsonCompare<'a> {
    wagers: Vec<JsonGroup<'a>>,
}

#[derive(Serialize)]
struct JsonGroup<'a> {
    wager: &'a str,
    tables: Vec<JsonRow<'a>>,
}

#[derive(Serialize)]
struct JsonRow<'a> {
    rank: usize,
    paytable: &'a str,
    title: &'a str,
    #[serde(flatten)]
    settings: JsonSettings<'a>,
    #[serde(flatten)]
    summary: JsonSummary,
    top_hand: Option<JsonTop<'a>>,
}

#[derive(Serialize)]
struct JsonTop<'a> {
    hand: &'a str,
    pays: &'a str,
    #[serde(rename = "return")]
    contribution: f64,
    return_exact: String,
}

/// `{"wagers": [{"wager", "tables": [{"rank", "paytable", "title",
/// ["wager_amount", "wager_amount_exact",] ["rule",] ["meter",
/// "meter_exact", "players",] "house_edge", ...,
/// "top_hand": {"hand", "pays", "return", "return_exact"}}]}]}`, keys in
/// this order, the figures named as in the CSV.
pub fn write_json(results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
    let document = JsonCompare {
        wagers: groups(results)
            .iter()
            .map(|group| JsonGroup {
                wager: group.wager,
                tables: group
                    .rows
                    .iter()
                    .enumerate()
                    .map(|(rank, r)| JsonRow {
                        rank: rank + 1,
                        paytable: &r.paytable,
                        title: &r.title,
                        settings: JsonSettings::of(r),
                        summary: JsonSummary::of(r),
                        top_hand: top_line(r).map(|l| JsonTop {
                            hand: &l.hand,
                            pays: &l.pays,
                            contribution: l.contribution.to_f64(),
                            return_exact: l.contribution.to_string(),
                        }),
                    })
                    .collect(),
            })
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)?;
    Ok(())
}
