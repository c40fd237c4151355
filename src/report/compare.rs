//! Pay tables side by side as a document ([`document`]: the text table, CSV
//! or JSON) from [`crate::analysis::compare`]'s groups.

use super::document::{Block, Cell, Column, Document, Records, Section, Table, Text};
use crate::analysis::compare::{groups, top_line, Group};
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::report::wager_results::records::{Decimal, SummaryColumns};
use crate::report::{percent, result_label, signed_percent, JsonSettings, JsonSummary};
use crate::result::WagerResult;
use serde::Serialize;
use std::io;

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

/// One wager's tables, lowest house edge first: a heading and a table.
fn group_section(wager: &str, rows: &[&WagerResult]) -> Section {
    let unit = if wager == "base_game" {
        " (per Ante)"
    } else {
        ""
    };
    let columns = vec![
        Column::right("#").at_least(2),
        Column::left("pay table"),
        Column::right("house edge").at_least(10),
        Column::right("elem. risk").at_least(10),
        Column::right("std dev").at_least(8),
        Column::right("hit freq").at_least(9),
        Column::left("top hand (return)"),
    ];
    let rows = rows
        .iter()
        .enumerate()
        .map(|(rank, r)| {
            let top = top_line(r).map_or(String::new(), |l| {
                format!("{} ({})", l.hand, signed_percent(&l.contribution))
            });
            vec![
                Cell::plain((rank + 1).to_string()),
                Cell::plain(result_label(r)),
                Cell::decimal(percent(r.house_edge.clone()), r.house_edge.to_string()),
                Cell::decimal(
                    percent(r.element_of_risk.clone()),
                    r.element_of_risk.to_string(),
                ),
                Cell::plain(format!("{:.4}", r.std_dev())),
                Cell::decimal(
                    percent(r.hit_frequency.clone()),
                    r.hit_frequency.to_string(),
                ),
                Cell::plain(top),
            ]
        })
        .collect();
    Section::of(vec![
        Block::Heading(
            2,
            Text::plain(format!(
                "{} -- lowest house edge first{unit}",
                crate::report::wager_title(wager)
            )),
        ),
        Block::Table(Table { columns, rows }),
        Block::Note(Text::plain(if wager == "base_game" {
            "std dev: the standard deviation of one hand's net result, in Antes."
        } else {
            "std dev: the standard deviation of one wager's net result, in units wagered (times the wager)."
        })),
    ])
}

/// The comparison as a document: one section per wager (its tables,
/// lowest house edge first), with the CSV records ([`CSV_COLUMNS`]) and
/// the JSON body.
pub fn document(results: &[WagerResult], provenance: Provenance) -> io::Result<Document<'_>> {
    let groups = groups(results);
    Ok(Document {
        sections: groups
            .iter()
            .map(|g| group_section(g.wager, &g.rows))
            .collect(),
        provenance: Some(provenance),
        csv: Some(csv_records(&groups)?),
        json: Some(Box::new(json_body(&groups))),
        ..Document::default()
    })
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
fn csv_records(groups: &[Group<'_>]) -> io::Result<Records> {
    let rows = groups.iter().flat_map(|group| {
        group
            .rows
            .iter()
            .enumerate()
            .map(|(rank, r)| CsvRow::new(rank + 1, r))
    });
    Records::of(&CSV_COLUMNS, rows)
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
fn json_body<'a>(groups: &[Group<'a>]) -> JsonCompare<'a> {
    JsonCompare {
        wagers: groups
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_row_struct_has_the_documented_columns() {
        let r = crate::report::wager_results::records::bare_result();
        let row = CsvRow::new(1, &r);
        assert_eq!(crate::report::header_of(row), CSV_COLUMNS);
    }
}
