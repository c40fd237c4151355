//! The submission report: the document a regulator reads and signs, and an
//! operator decides on (`uth-edge report --format html`, and the same
//! content in Markdown).
//!
//! Its parts: a title naming the submitted pay tables, with the documents
//! they are submitted under; a summary (house edge, return to player,
//! element of risk, hit frequency, standard deviation, volatility index,
//! cycle); the published figures and their verdicts; the charts (HTML
//! only: the same figures are in the tables); per wager the pay table as
//! submitted, the true odds / payout odds / house advantage sheet, the
//! return table, the figures, the maximum win and the top award's odds,
//! the range after N hands; the rules and assumptions with each reading
//! used; a sign-off block; the provenance. Nothing is collapsed: every
//! part prints.
//!
//! One module a part: `frame` (the title and the running head of every
//! page), `summary`, `published`, `odds_sheet`, `return_table`, `wager`
//! (the section of one wager), `rules`, `sign_off`; and `overview`, the
//! first screen of `uth-edge`. This file puts them in order.

mod frame;
mod odds_sheet;
mod overview;
mod published;
mod return_table;
mod rules;
mod sign_off;
mod summary;
mod wager;

pub use self::overview::overview;
pub use self::summary::identical_builtin;

use self::frame::{running_head, title};
use self::published::published;
use self::rules::rules;
use self::sign_off::sign_off;
use self::summary::summary;
use self::wager::wager_section;
use super::charts;
use super::document::{Block, Cell, Document, Figure, Section, Text};
use super::ExportContext;
use crate::analysis::catalog::Catalog;
use crate::fraction::Fraction;

/// A hand name as people write it: `three_of_a_kind` → `Three of a kind`.
pub fn readable_hand(name: &str) -> String {
    let spaced = name.replace('_', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => spaced,
    }
}

/// A cell showing `text`, with the exact fraction behind it.
fn decimal(text: String, exact: &Fraction) -> Cell {
    Cell::decimal(text, exact.to_string())
}

/// A figure shown as `decimal = exact`.
fn exact_figure(label: &str, decimal: String, exact: &Fraction) -> Figure {
    Figure {
        label: label.to_string(),
        value: Text::plain(format!("{decimal} = ")).then_exact(exact.to_string()),
    }
}

/// The submission report of a catalog, with the pay tables as submitted
/// and the provenance of `context`, and `extra` sections (the
/// player-dealer game) after the charts.
pub fn document<'a>(
    catalog: &Catalog,
    context: &ExportContext,
    extra: Vec<Section>,
) -> Document<'a> {
    let mut sections = vec![
        Section::of(vec![Block::List(
            context
                .tables
                .iter()
                .map(|t| {
                    Text::plain(format!(
                        "{}, {}, submitted under: {}",
                        t.id, t.title, t.source
                    ))
                })
                .collect(),
        )]),
        summary(catalog, context),
        published(catalog),
    ];
    if context.tables.is_empty() {
        sections.remove(0);
    }
    let mut plots = vec![charts::edge_chart(&catalog.results)];
    if !catalog.games.is_empty() {
        plots.push(charts::strategy_grids(&catalog.games));
        plots.push(charts::outcome_charts(&catalog.games));
    }
    plots.extend(context.leak_section.iter().cloned());
    sections.push(Section::of(plots.into_iter().map(Block::Plot).collect()));
    sections.extend(extra);
    for r in &catalog.results {
        let table = context.tables.iter().find(|t| t.id == r.paytable);
        sections.push(wager_section(r, table));
    }
    sections.push(rules(catalog, context));
    sections.push(sign_off());
    Document {
        title: Some(title(catalog, context)),
        sections,
        provenance: context.provenance.clone(),
        running_head: Some(running_head(catalog, context)),
        ..Document::default()
    }
}

/// Writes the submission report in HTML or Markdown, with the
/// player-dealer game's sections when it was played.
pub fn write(
    format: super::Format,
    catalog: &Catalog,
    context: &ExportContext,
    dealer: &[crate::sample::player_dealer::PlayerDealerReport],
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let extra = dealer.iter().map(super::player_dealer::section).collect();
    super::render(format, &document(catalog, context, extra), out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_names_read_as_words() {
        assert_eq!(readable_hand("three_of_a_kind"), "Three of a kind");
        assert_eq!(readable_hand("AA with dealer AA"), "AA with dealer AA");
    }
}
