//! "Value of a leak": the opt-in section of the HTML report (`uth-edge report
//! --format html --seen-results results/seen_cards.csv`) that shows, one row
//! per case, what a player who sees cards he should not gains. It reads the
//! committed results of `scripts/hole-card.sh` (the columns of
//! [`super::seen::CSV_COLUMNS`]); it never solves.

use super::html::escape;
use super::seen::{CSV_COLUMNS, SIDE_BETS_NOTE};
use crate::analysis::check::SeenResult;
use crate::exact::seen::Seen;
use crate::fraction::Fraction;
use std::fmt::Write;

/// One case as read from the results file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeakRow {
    /// Column name → value, in file order.
    pub fields: Vec<(String, String)>,
}

impl LeakRow {
    fn get(&self, column: &str) -> &str {
        self.fields
            .iter()
            .find(|(c, _)| c == column)
            .map_or("", |(_, v)| v.as_str())
    }
}

/// The rows of a seen-card results file, or why it cannot be read (one
/// line naming the problem).
pub fn read(text: &str) -> Result<Vec<LeakRow>, String> {
    let mut reader = ::csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| format!("unreadable CSV header: {e}"))?
        .iter()
        .map(str::to_string)
        .collect();
    if header != CSV_COLUMNS {
        return Err(format!(
            "not a seen-card results file: the header is not `{}`",
            CSV_COLUMNS.join(",")
        ));
    }
    reader
        .records()
        .enumerate()
        .map(|(i, r)| {
            let r = r.map_err(|e| format!("row {}: {e}", i + 2))?;
            Ok(LeakRow {
                fields: header
                    .iter()
                    .cloned()
                    .zip(r.iter().map(str::to_string))
                    .collect(),
            })
        })
        .collect()
}

/// The exact figures of every case in `rows`, for `uth-edge check
/// --seen-results` (one line naming the row and column that cannot be read).
pub fn seen_results(rows: &[LeakRow]) -> Result<Vec<SeenResult>, String> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            let exact = |column: &str| {
                let text = row.get(column);
                Fraction::parse(text)
                    .ok_or_else(|| format!("row {}: {column} {text:?} is not a fraction", i + 2))
            };
            Ok(SeenResult {
                seen: Seen::parse(row.get("case")).map_err(|e| format!("row {}: {e}", i + 2))?,
                paytable: row.get("paytable").to_string(),
                per_ante: exact("player_edge_per_ante_exact")?,
                per_total_wagered: exact("player_edge_per_total_wagered_exact")?,
                raise_4x: exact("raise_4x_exact")?,
                raise_3x: exact("raise_3x_exact")?,
            })
        })
        .collect()
}

/// A decimal column as a percentage with four decimals, the exact value on
/// hover.
fn percent_cell(row: &LeakRow, column: &str) -> String {
    let value: f64 = row.get(column).parse().unwrap_or(f64::NAN);
    format!(
        "<td title=\"{}\">{:+.4}%</td>",
        escape(row.get(&format!("{column}_exact"))),
        value * 100.0
    )
}

/// The section, one row per case.
pub fn section(rows: &[LeakRow]) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<section id=\"leak\">\n<h2>Value of a leak</h2>\n<p class=\"legend\">The exact expectation of a \
         player who sees cards he should not and plays the best strategy given them (positive: the player \
         has the edge), from the committed results of <code>scripts/hole-card.sh</code>. {}</p>\n\
         <table>\n<tr><th class=\"text\">seen</th><th class=\"text\">Blind table</th><th>per Ante</th>\
         <th>per total wagered</th><th>raise 4x</th><th>std dev (Antes)</th><th>hands to be visible</th></tr>",
        escape(SIDE_BETS_NOTE)
    );
    for row in rows {
        let hands: f64 = row.get("hands_until_visible").parse().unwrap_or(f64::NAN);
        let _ = writeln!(
            h,
            "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td>{}{}{}<td>{:.4}</td><td>{}</td></tr>",
            escape(row.get("case")),
            escape(row.get("paytable")),
            percent_cell(row, "player_edge_per_ante"),
            percent_cell(row, "player_edge_per_total_wagered"),
            percent_cell(row, "raise_4x"),
            row.get("std_dev").parse::<f64>().unwrap_or(f64::NAN),
            if hands.is_finite() {
                format!("{:.0}", hands.ceil())
            } else {
                String::new()
            }
        );
    }
    let _ = writeln!(
        h,
        "</table>\n<p class=\"legend\">Hands to be visible: 4σ²/μ², after which the expected win exceeds two \
         standard deviations of the total.</p>"
    );
    if rows.iter().any(|r| r.get("case").contains("turnriver")) {
        let _ = writeln!(h, "<p class=\"legend\">{}</p>", escape(TURNRIVER_READINGS));
    }
    let _ = writeln!(h, "</section>");
    h
}

/// The two readings of a seen turn/river card, for the legend.
pub const TURNRIVER_READINGS: &str = "turnriver:1: one turn/river card is seen before the preflop \
     decision (and known at the flop); turnriver-at-flop:1: it becomes visible only after the preflop \
     decision, which knows only the seen dealer cards, and is known at the flop and river decisions.";
