//! Pay tables side by side, for an operator choosing one.
//!
//! Results are grouped by wager (a Trips table is compared with Trips
//! tables, a Blind table through the base game it makes), in the order the
//! wagers first appear, and sorted within a group by house edge, lowest
//! first (ties by pay-table id). Each row gives the house edge, the element
//! of risk, the standard deviation, the hit frequency and the pay line that
//! contributes most to the player's return (for the base game, the outcome
//! of the return table).

use crate::fraction::Fraction;
use crate::report::{dollars, percent, ResultLine, WagerResult};
use serde_json::json;
use std::io::{self, Write};

/// The results of one wager, best for the player first.
pub struct Group<'a> {
    /// The wager's name (`trips`, `base_game`).
    pub wager: &'a str,
    /// Lowest house edge first.
    pub rows: Vec<&'a WagerResult>,
}

/// Groups `results` by wager and sorts each group by house edge.
pub fn groups(results: &[WagerResult]) -> Vec<Group<'_>> {
    let mut groups: Vec<Group> = Vec::new();
    for r in results {
        match groups.iter_mut().find(|g| g.wager == r.wager) {
            Some(g) => g.rows.push(r),
            None => groups.push(Group {
                wager: &r.wager,
                rows: vec![r],
            }),
        }
    }
    for g in &mut groups {
        g.rows.sort_by(|a, b| {
            a.house_edge
                .cmp(&b.house_edge)
                .then_with(|| a.paytable.cmp(&b.paytable))
                .then_with(|| a.wager_amount.cmp(&b.wager_amount))
        });
    }
    groups
}

/// The line that contributes most to the return (largest part of the
/// expected net result; the first such line on a tie).
pub fn top_line(result: &WagerResult) -> Option<&ResultLine> {
    result
        .lines
        .iter()
        .fold(None, |best: Option<&ResultLine>, l| match best {
            Some(b) if b.contribution >= l.contribution => Some(b),
            _ => Some(l),
        })
}

/// The CSV columns, in order.
pub const CSV_COLUMNS: [&str; 17] = [
    "wager",
    "rank",
    "paytable",
    "wager_amount",
    "wager_amount_exact",
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

fn amount_text(r: &WagerResult) -> String {
    r.wager_amount.map_or(String::new(), dollars)
}

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
            .map(|r| r.paytable.len() + amount_text(r).len() + 1)
            .chain(["pay table".len()])
            .max()
            .unwrap_or(0);
        writeln!(
            out,
            "  {:>2}  {:<width$}  {:>10}  {:>10}  {:>8}  {:>9}  top hand (return)",
            "#", "pay table", "house edge", "elem. risk", "std dev", "hit freq"
        )?;
        for (rank, r) in group.rows.iter().enumerate() {
            let name = match r.wager_amount {
                Some(_) => format!("{} {}", r.paytable, amount_text(r)),
                None => r.paytable.clone(),
            };
            let top = top_line(r).map_or(String::new(), |l| {
                format!("{} ({:+.4}%)", l.hand, l.contribution.to_f64() * 100.0)
            });
            writeln!(
                out,
                "  {:>2}  {:<width$}  {:>10}  {:>10}  {:>8.4}  {:>9}  {top}",
                rank + 1,
                name,
                percent(r.house_edge),
                percent(r.element_of_risk),
                r.std_dev(),
                percent(r.hit_frequency),
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
            match r.wager_amount {
                Some(a) => record.extend(both(a)),
                None => record.extend([String::new(), String::new()]),
            }
            record.extend(both(r.house_edge));
            record.extend(both(r.element_of_risk));
            record.push(r.std_dev().to_string());
            record.push(r.variance.to_string());
            record.extend(both(r.hit_frequency));
            match top_line(r) {
                Some(l) => {
                    record.push(l.hand.clone());
                    record.push(l.pays.clone());
                    record.extend(both(l.contribution));
                }
                None => record.extend((0..4).map(|_| String::new())),
            }
            w.write_record(&record)?;
        }
    }
    w.flush()?;
    Ok(())
}

/// `{"wagers": [{"wager", "tables": [...]}]}`, keys as the CSV columns.
pub fn write_json(results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
    let wagers: Vec<serde_json::Value> = groups(results)
        .iter()
        .map(|group| {
            let tables: Vec<serde_json::Value> = group
                .rows
                .iter()
                .enumerate()
                .map(|(rank, r)| {
                    let mut row = serde_json::Map::new();
                    row.insert("rank".into(), json!(rank + 1));
                    row.insert("paytable".into(), json!(r.paytable));
                    row.insert("title".into(), json!(r.title));
                    if let Some(a) = r.wager_amount {
                        row.insert("wager_amount".into(), json!(a.to_f64()));
                        row.insert("wager_amount_exact".into(), json!(a.to_string()));
                    }
                    row.insert("house_edge".into(), json!(r.house_edge.to_f64()));
                    row.insert("house_edge_exact".into(), json!(r.house_edge.to_string()));
                    row.insert("element_of_risk".into(), json!(r.element_of_risk.to_f64()));
                    row.insert(
                        "element_of_risk_exact".into(),
                        json!(r.element_of_risk.to_string()),
                    );
                    row.insert("std_dev".into(), json!(r.std_dev()));
                    row.insert("variance_exact".into(), json!(r.variance.to_string()));
                    row.insert("hit_frequency".into(), json!(r.hit_frequency.to_f64()));
                    row.insert(
                        "hit_frequency_exact".into(),
                        json!(r.hit_frequency.to_string()),
                    );
                    row.insert(
                        "top_hand".into(),
                        match top_line(r) {
                            Some(l) => json!({
                                "hand": l.hand,
                                "pays": l.pays,
                                "return": l.contribution.to_f64(),
                                "return_exact": l.contribution.to_string(),
                            }),
                            None => serde_json::Value::Null,
                        },
                    );
                    serde_json::Value::Object(row)
                })
                .collect();
            json!({ "wager": group.wager, "tables": tables })
        })
        .collect();
    serde_json::to_writer_pretty(&mut *out, &json!({ "wagers": wagers }))?;
    writeln!(out)?;
    Ok(())
}
