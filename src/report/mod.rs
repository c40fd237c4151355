//! Reports: every command's output as one [`document::Document`] (sections
//! of headings, figures, tables, notes and verdicts, with the provenance,
//! the JSON body and the CSV records, and for a long document its terminal
//! form), the same whatever the format, written in any [`Format`] by one
//! exporter per format ([`render()`], `render/`). A file or a folder per
//! document (`submission/`, `wager_results/`, `seen/`, `dead/`,
//! `money_rules`, `economics`, ...); the words beside a figure in
//! `wording`. Adding a wager means producing `WagerResult`s; adding a
//! command means building a document; adding a format means one exporter.
//!
//! Figures are exact [`crate::fraction::Fraction`]s of the amount wagered (not percent);
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

pub mod check;
pub mod compare;
pub mod dead;
pub mod document;
pub mod economics;
pub mod money_rules;
pub mod player_dealer;
pub mod players;
pub mod render;
pub mod seen;
pub mod simulation;
pub mod strategies;
pub mod strategy;
pub mod strategy_cost;
pub mod submission;
pub mod tables;
pub mod wager_results;
pub mod what_if;
mod wording;

pub use self::document::{write_document, Stamped};
pub use self::render::{escape, render, Format, Shape};
pub(crate) use self::wager_results::json_body::{JsonSettings, JsonSummary};
#[cfg(test)]
pub(crate) use self::wager_results::records::header_of;
pub use self::wager_results::records::{write_rows, Decimal, CSV_COLUMNS};
pub(crate) use self::wording::{advantage_words, figure_value, one_in};
pub use self::wording::{
    percent, player_advantage, result_label, result_ranges, settings_text, signed_percent,
    volatility_index, wager_title, Range, RANGE_HANDS, Z,
};

use crate::analysis::provenance::Provenance;
pub use crate::money::dollars_to_cents;
pub use crate::result::{Figure, GameFigures, ResultLine, WagerResult};
use crate::rules::paytable::PayTable;
use std::io::{self, Write};

/// Writes `results` in `format`.
pub fn export(format: Format, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
    export_with(format, results, &ExportContext::default(), out)
}

/// What a report may say beside the figures: their provenance and the pay
/// tables as submitted.
#[derive(Clone, Debug, Default)]
pub struct ExportContext {
    /// What produced the figures, when known.
    pub provenance: Option<Provenance>,
    /// The pay tables as submitted.
    pub tables: Vec<PayTable>,
    /// The submission report only: the opt-in "Value of a leak" section
    /// ([`seen::leak`]).
    pub leak_section: Option<String>,
    /// The submission report only: the version of the rules the figures
    /// assume, stated for the whole submission (`report --rules-version`).
    pub rules_version: Option<String>,
    /// The submission report only: the payout limit of its Money rules
    /// part, when it has one.
    pub payout_limit: Option<crate::analysis::money_rules::PayoutLimitRule>,
    /// The submission report only: the SHA-256 of the running binary
    /// ([`crate::analysis::provenance::running_binary_sha256`]).
    pub tool_sha256: Option<String>,
    /// The submission report only: the "Hold under practical play" of
    /// each Blind table, when computed (`report --practical`).
    pub practical: Vec<crate::analysis::players::PracticalHold>,
    /// The submission report only: the stakes and traffic its monitoring
    /// figures are stated at (`report --average-ante`, `--hands-per-hour`,
    /// `--seats`, `--hours`; `economics`' defaults when not given).
    pub traffic: crate::analysis::economics::TableTraffic,
    /// The submission report only: its independent cross-check (the
    /// simulation), run, left out, or not run by this program.
    pub cross_check: crate::analysis::cross_check::CrossCheck,
}

/// Writes `results` in `format`: their document
/// ([`wager_results::document`], the same in every format), with the
/// provenance of `context`.
pub fn export_with(
    format: Format,
    results: &[WagerResult],
    context: &ExportContext,
    out: &mut dyn Write,
) -> io::Result<()> {
    render(format, &wager_results::document(results, context)?, out)
}
