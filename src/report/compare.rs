//! Pay tables side by side as a table, CSV or JSON: the exporters of
//! [`crate::analysis::compare`]'s groups.

use crate::analysis::compare::{groups, top_line};
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::report::csv::{write_rows, Decimal, SummaryColumns};
use crate::report::{
    percent, result_label, signed_percent, write_document, JsonSettings, JsonSummary,
};
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
                format!("{} ({})", l.hand, signed_percent(&l.contribution))
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

/// One row of [`CSV_COLUMNS`].
#[derive(Serialize)]
struct CsvRow<'a> {
    wager: &'a str,
    rank: usize,
    paytable: &'a str,
    wager_amount: Option<Decimal>,
    wager_amount_exact: Option<String>,
    rule: Option<&'a str>,
    meter: Option<Decimal>,
    meter_exact: Option<String>,
    players: Option<u32>,
    summary: SummaryColumns,
    top_hand: Option<&'a str>,
    top_hand_pays: Option<&'a str>,
    top_hand_return: Option<Decimal>,
    top_hand_return_exact: Option<String>,
}

impl<'a> CsvRow<'a> {
    fn new(rank: usize, r: &'a WagerResult) -> CsvRow<'a> {
        let top = top_line(r);
        CsvRow {
            wager: &r.wager,
            rank,
            paytable: &r.paytable,
            wager_amount: r.wager_amount.as_ref().map(Decimal::of),
            wager_amount_exact: r.wager_amount.as_ref().map(Fraction::to_string),
            rule: r.rule.as_deref(),
            meter: r.meter.as_ref().map(Decimal::of),
            meter_exact: r.meter.as_ref().map(Fraction::to_string),
            players: r.players,
            summary: SummaryColumns::of(r),
            top_hand: top.map(|l| l.hand.as_str()),
            top_hand_pays: top.map(|l| l.pays.as_str()),
            top_hand_return: top.map(|l| Decimal::of(&l.contribution)),
            top_hand_return_exact: top.map(|l| l.contribution.to_string()),
        }
    }
}

/// One row per result, columns [`CSV_COLUMNS`]; `rank` counts from 1
/// within the wager.
pub fn write_csv(results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
    let groups = groups(results);
    let rows = groups.iter().flat_map(|group| {
        group
            .rows
            .iter()
            .enumerate()
            .map(|(rank, r)| CsvRow::new(rank + 1, r))
    });
    write_rows(&CSV_COLUMNS, rows, out)
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
/// "top_hand": {"hand", "pays", "return", "return_exact"}}]}]}` after the
/// keys of every document ([`crate::report::Stamped`]), keys in this
/// order, the figures named as in the CSV.
pub fn write_json(
    results: &[WagerResult],
    provenance: Option<&Provenance>,
    out: &mut dyn Write,
) -> io::Result<()> {
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
    write_document(document, provenance, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_row_struct_has_the_documented_columns() {
        let r = crate::report::csv::bare_result();
        let row = CsvRow::new(1, &r);
        assert_eq!(crate::report::header_of(row), CSV_COLUMNS);
    }
}
