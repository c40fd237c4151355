//! The figures published for a strategy (`[[published]]` entries of a
//! strategy file, docs/strategy-format.md), read and checked when the file
//! is read, so that `uth-edge check` can compare them with the exact
//! figures of the strategy and of its other readings.
//!
//! An entry is a pay table's published figure ([`PublishedFigure`]: name,
//! value as printed, source, and optionally the definition as the document
//! states it, a note and a known discrepancy) with two fields of its own:
//! `paytable`, the built-in Blind table the figure is of, and `readings`,
//! the other shipped strategies that read the same published wording in
//! another way (`wizard-ties`, ...). The file's own strategy is always the
//! first reading. A figure names no `measure` (the three definitions of
//! the base game's edge are tried under every reading) and no `case`.
//!
//! Each entry is refused, in one line naming the file and
//! `published[N].FIELD`, when a field is unknown, missing, not text, holds
//! an invisible character, or is empty; the value is not a number as
//! printed; the name names two sides ([`entry_problem`]); the known
//! discrepancy gives no reason; the pay table is not a built-in Blind
//! table; or a reading is not a shipped strategy, or is named twice.

use super::error::StrategyFileError;
use super::BUILTIN;
use crate::message::{invisible, shown};
use crate::rules::paytable::{entry_problem, PayTable, PrintedValue, PublishedFigure, WagerKind};

/// The fields of a `[[published]]` entry of a strategy file.
pub const FIELDS: [&str; 8] = [
    "name",
    "value",
    "source",
    "paytable",
    "definition",
    "note",
    "known_discrepancy",
    "readings",
];

/// A figure published for a strategy, read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategyFigure {
    /// The figure: name, value as printed, source, definition stated,
    /// note, known discrepancy (no measure, no case).
    pub figure: PublishedFigure,
    /// The id of the built-in Blind table the figure is of.
    pub paytable: String,
    /// The other shipped strategies read from the same published wording,
    /// in the file's order (the file's own strategy comes first, unnamed).
    pub readings: Vec<String>,
}

/// The `[[published]]` entries of the file `origin` whose strategy is
/// `own` (absent: none).
pub fn read_published(
    value: Option<&toml::Value>,
    own: &str,
    origin: &str,
) -> Result<Vec<StrategyFigure>, StrategyFileError> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let entries = match value {
        toml::Value::Array(entries) => entries,
        _ => {
            return Err(StrategyFileError::new(
                origin,
                "published",
                "expected [[published]] entries (a list of tables)",
            ))
        }
    };
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| read_entry(entry, &format!("published[{}]", i + 1), own, origin))
        .collect()
}

/// One entry, `at` naming it (`published[1]`).
fn read_entry(
    entry: &toml::Value,
    at: &str,
    own: &str,
    origin: &str,
) -> Result<StrategyFigure, StrategyFileError> {
    let fail = |field: &str, message: String| {
        StrategyFileError::new(origin, &format!("{at}.{field}"), message)
    };
    let toml::Value::Table(table) = entry else {
        return Err(StrategyFileError::new(
            origin,
            at,
            "expected a table ([[published]] with name, value, source, paytable)",
        ));
    };
    for key in table.keys() {
        if !FIELDS.contains(&key.as_str()) {
            return Err(fail(
                &shown(key),
                format!(
                    "unknown field (a strategy's published figure holds {})",
                    FIELDS.join(", ")
                ),
            ));
        }
    }
    let text = |key: &str, required: bool| -> Result<Option<String>, StrategyFileError> {
        let value = match table.get(key) {
            None if required => return Err(fail(key, "missing".to_string())),
            None => return Ok(None),
            Some(toml::Value::String(s)) => s,
            Some(v) => {
                return Err(fail(
                    key,
                    format!("expected text, found {}", shown(&v.to_string())),
                ))
            }
        };
        if let Some((c, what)) = value.chars().find_map(|c| invisible(c).map(|w| (c, w))) {
            return Err(fail(
                key,
                format!(
                    "\"{}\" contains U+{:04X}, {what}: it would show the text as other than it is",
                    shown(value),
                    c as u32
                ),
            ));
        }
        if value.trim().is_empty() {
            return Err(fail(key, "empty".to_string()));
        }
        Ok(Some(value.clone()))
    };
    let required = |key: &str| text(key, true).map(Option::unwrap_or_default);
    let figure = PublishedFigure {
        name: required("name")?,
        value: required("value")?,
        definition: text("definition", false)?,
        source: required("source")?,
        note: text("note", false)?,
        measure: None,
        known_discrepancy: text("known_discrepancy", false)?,
        case: None,
    };
    if PrintedValue::parse(&figure.value).is_none() {
        return Err(fail(
            "value",
            format!(
                "\"{}\": expected a number as printed, such as 2.43% or 0.0243",
                shown(&figure.value)
            ),
        ));
    }
    if let Some((field, reason)) = entry_problem(&figure) {
        return Err(fail(field, reason));
    }
    let paytable = required("paytable")?;
    let blinds = PayTable::builtin_ids_for(WagerKind::Blind);
    if !blinds.contains(&paytable.as_str()) {
        return Err(fail(
            "paytable",
            format!(
                "'{}' is not a built-in Blind table ({})",
                shown(&paytable),
                blinds.join(", ")
            ),
        ));
    }
    let readings = read_readings(table.get("readings"), own, &|m| fail("readings", m))?;
    Ok(StrategyFigure {
        figure,
        paytable,
        readings,
    })
}

/// `readings = ["wizard-ties", ...]`: shipped strategies, each once, not
/// the file's own.
fn read_readings(
    value: Option<&toml::Value>,
    own: &str,
    fail: &dyn Fn(String) -> StrategyFileError,
) -> Result<Vec<String>, StrategyFileError> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let shipped: Vec<&str> = BUILTIN.iter().map(|(name, _)| *name).collect();
    let toml::Value::Array(items) = value else {
        return Err(fail(format!(
            "expected a list of shipped strategies ([\"wizard-ties\"]), found {}",
            shown(&value.to_string())
        )));
    };
    let mut readings: Vec<String> = Vec::new();
    for item in items {
        let Some(name) = item.as_str() else {
            return Err(fail(format!(
                "expected the name of a shipped strategy, found {}",
                shown(&item.to_string())
            )));
        };
        if !shipped.contains(&name) {
            return Err(fail(format!(
                "'{}' is not a shipped strategy ({})",
                shown(name),
                shipped.join(", ")
            )));
        }
        if name == own || readings.iter().any(|r| r == name) {
            return Err(fail(format!(
                "'{}' is named twice (the file's own strategy is always the first reading)",
                shown(name)
            )));
        }
        readings.push(name.to_string());
    }
    Ok(readings)
}
