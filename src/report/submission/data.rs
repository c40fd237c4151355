//! The submission report's machine-readable forms, its JSON body and its
//! CSV records (docs/output-formats-commands.md, "The submission report's parts"):
//! the results first, as every results document writes them
//! (`wager_results`), each base-game result named by the strategy it
//! assumes (`optimal`, or a strategy of the "Hold under practical play");
//! then the parts the pages print, each from the same values as its
//! section (the part's module gives its JSON value and its rows).
//!
//! CSV: the results' columns, then `strategy`, `text` and `input_kind`
//! (the certification's inputs' kinds); a part's rows
//! are kinds of `row` of their own (`example`, `mix`, `mix_share`,
//! `monitoring`, `rule`, `assumption`, `certification`, `signature`), their fields
//! in the columns whose meaning they share (a dollar amount wagered in
//! `wager_amount`, a figure's name in `hand` and its value in `value`,
//! words in `text`), the others empty.

use crate::fraction::Fraction;
use crate::report::document::Records;
use crate::report::wager_results::json_body::{self, JsonDocument};
use crate::report::wager_results::records::{records, CSV_COLUMNS};
use crate::result::WagerResult;
use serde::Serialize;
use serde_json::Value;
use std::io;

/// The columns the report's CSV adds after the results' ([`CSV_COLUMNS`]):
/// `input_kind` last, filled by the certification's input rows alone.
pub(super) const EXTRA_COLUMNS: [&str; 3] = ["strategy", "text", "input_kind"];

/// One row of a part: its fields by column name, the others empty.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PartRow(Vec<(&'static str, String)>);

impl PartRow {
    /// A row of kind `row` (the `row` column), naming `hand` (the `hand`
    /// column: what the row is).
    pub fn new(row: &'static str, hand: impl Into<String>) -> PartRow {
        PartRow(vec![("row", row.to_string()), ("hand", hand.into())])
    }

    /// This row with `column` set to `text`.
    pub fn set(mut self, column: &'static str, text: impl Into<String>) -> PartRow {
        self.0.push((column, text.into()));
        self
    }

    /// This row with the decimal column `column` and `column_exact` set to
    /// `value` (the names are the results' pairs: `value`,
    /// `wager_amount`, `probability`, `house_edge`, ...).
    pub fn exact(self, column: &'static str, value: &Fraction) -> PartRow {
        let exact: &'static str = match column {
            "value" => "value_exact",
            "wager_amount" => "wager_amount_exact",
            "probability" => "probability_exact",
            "house_edge" => "house_edge_exact",
            "element_of_risk" => "element_of_risk_exact",
            "average_total_wager" => "average_total_wager_exact",
            other => panic!("{other} has no exact column"),
        };
        self.set(column, value.to_f64().to_string())
            .set(exact, value.to_string())
    }

    /// The row's field of `column`, empty when unset.
    fn field(&self, column: &str) -> String {
        self.0
            .iter()
            .rev()
            .find(|(c, _)| *c == column)
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    }
}

/// The report's columns: the results', then [`EXTRA_COLUMNS`].
pub(super) fn columns() -> Vec<&'static str> {
    CSV_COLUMNS.iter().chain(&EXTRA_COLUMNS).copied().collect()
}

/// The report's CSV records: each result's rows with its strategy (empty
/// for a side bet), then the parts' rows.
pub(super) fn csv(
    results: &[(Option<&str>, &WagerResult)],
    parts: &[PartRow],
) -> io::Result<Records> {
    let columns = columns();
    let mut rows = Vec::new();
    for (strategy, result) in results {
        for mut row in records(std::slice::from_ref(*result))?.rows {
            row.push(strategy.unwrap_or_default().to_string());
            row.extend(EXTRA_COLUMNS[1..].iter().map(|_| String::new()));
            rows.push(row);
        }
    }
    for part in parts {
        for (column, _) in &part.0 {
            assert!(columns.contains(column), "a part's column {column}");
        }
        rows.push(columns.iter().map(|c| part.field(c)).collect());
    }
    Ok(Records {
        columns: columns.iter().map(|c| c.to_string()).collect(),
        rows,
    })
}

/// The parts' JSON values, in the order the pages print them.
#[derive(Serialize, Default)]
pub(super) struct JsonParts {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub worked_examples: Vec<Value>,
    pub strategy_assumed: Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub practical_hold: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monitoring: Option<Value>,
    pub rules_of_the_game: Value,
    pub assumptions: Value,
    pub certification: Value,
}

/// The report's JSON body: `results` (each base-game result with its
/// `strategy`), then the parts' keys.
#[derive(Serialize)]
pub(super) struct JsonBody<'a> {
    #[serde(flatten)]
    results: JsonDocument<'a>,
    #[serde(flatten)]
    parts: JsonParts,
}

/// The JSON body of `results` and `parts`.
pub(super) fn json<'a>(
    results: &[(Option<&'a str>, &'a WagerResult)],
    parts: JsonParts,
) -> JsonBody<'a> {
    JsonBody {
        results: json_body::body_named(results),
        parts,
    }
}

/// A dollar amount as JSON: its decimal under `key` and its exact value
/// under `key_exact`, into `map`.
pub(super) fn insert_exact(map: &mut serde_json::Map<String, Value>, key: &str, value: &Fraction) {
    map.insert(key.to_string(), serde_json::json!(value.to_f64()));
    map.insert(format!("{key}_exact"), serde_json::json!(value.to_string()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_row_fills_its_columns_and_leaves_the_others_empty() {
        let row = PartRow::new("example", "A fold")
            .set("wager", "ante")
            .exact("value", &Fraction::from_int(-10));
        let records = csv(&[], &[row]).unwrap();
        let at = |c: &str| records.columns.iter().position(|x| x == c).unwrap();
        let fields = &records.rows[0];
        assert_eq!(fields.len(), CSV_COLUMNS.len() + EXTRA_COLUMNS.len());
        assert_eq!(fields[at("row")], "example");
        assert_eq!(fields[at("hand")], "A fold");
        assert_eq!(fields[at("value")], "-10");
        assert_eq!(fields[at("value_exact")], "-10");
        assert_eq!(fields[at("outcomes")], "");
        // The columns added last, in the order they were added.
        assert_eq!(
            records.columns[CSV_COLUMNS.len()..],
            ["strategy", "text", "input_kind"]
        );
    }
}
