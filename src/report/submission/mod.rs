//! The submission report: the document a regulator reads and signs, and an
//! operator decides on (`uth-edge report`: its pages in HTML and Markdown,
//! its terminal form in the text format, its results and parts in CSV and
//! JSON), built by [`document`] alone. The worked examples, the strategy
//! assumed with the practical hold and the player mix, the monitoring
//! figures, the rules of the game, the assumptions and the certification
//! block are in every format: the pages, the terminal form and the JSON
//! and CSV (`data`).
//!
//! Its parts: a title naming the submitted pay tables, with the documents
//! they are submitted under; a summary (house edge, return to player,
//! element of risk, hit frequency, standard deviation, volatility index,
//! cycle); the published figures and their verdicts; the charts (HTML
//! only: the same figures are in the tables); per wager the pay table as
//! submitted, the true odds / payout odds / house advantage sheet, the
//! return table, the figures, the maximum win and the top award's odds,
//! the range after N hands; worked settlement examples; the strategy
//! assumed, with the hold under practical play when computed, and the
//! operator's monitoring figures; the rules of the game with each reading
//! used; the rules version and the assumptions; the certification block;
//! the provenance. Nothing is collapsed: every part prints.
//!
//! One module a part: `frame` (the title and the running head of every
//! page), `summary`, `published`, `odds_sheet`, `return_table`, `wager`
//! (the section of one wager), `examples`, `practical` (the strategy
//! assumed, the practical hold, the monitoring figures), `rules`,
//! `assumptions`, `certification`; `data`, the JSON body and the CSV
//! records; and `overview`, the first screen of `uth-edge`. This file puts
//! them in order.

mod assumptions;
mod certification;
mod charts;
mod data;
mod examples;
mod frame;
mod odds_sheet;
mod overview;
mod practical;
mod published;
mod return_table;
mod rules;
mod summary;
mod wager;

pub use self::overview::overview;
pub use self::summary::identical_builtin;

use self::assumptions::assumptions;
use self::certification::certification;
use self::examples::worked_examples;
use self::frame::{running_head, title};
use self::published::published;
use self::rules::rules;
use self::summary::summary;
use self::wager::wager_section;
use super::document::{Block, Cell, Document, Figure, Section, Text};
use super::wager_results::terminal_section;
use super::ExportContext;
use crate::analysis::catalog::Catalog;
use crate::fraction::Fraction;
use crate::result::WagerResult;
use crate::sample::player_dealer::PlayerDealerReport;
use std::io;

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

/// The submission report of `catalog`, the document `uth-edge report`
/// writes in every format (the one place it is built): with the pay tables
/// as submitted, the provenance and the "Value of a leak" section of
/// `context`; the sections of each player-dealer game of `dealer` after
/// the charts, then `money_rules` (the money rules' part, when the report
/// has one). Its terminal form ([`Document::terminal`]) is, per result of
/// the catalog, its compact section, then each player-dealer game's and the
/// money rules', then the parts every format carries (the worked examples,
/// the strategy assumed and the practical hold, the monitoring figures,
/// the rules of the game, the rules version and assumptions, the
/// certification block). Its JSON
/// body and CSV records are those of `rows` (the catalog's results, then
/// the payout limit's), then the results of the practical hold's
/// strategies, each base-game result named by its strategy, then the same
/// parts (`data`).
pub fn document<'a>(
    catalog: &Catalog,
    context: &'a ExportContext,
    dealer: &[PlayerDealerReport],
    money_rules: Option<Section>,
    rows: &'a [WagerResult],
) -> io::Result<Document<'a>> {
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
    sections.extend(dealer.iter().map(super::player_dealer::section));
    sections.extend(money_rules.clone());
    for r in &catalog.results {
        let table = context.tables.iter().find(|t| t.id == r.paytable);
        sections.push(wager_section(r, table));
    }
    // The parts every format carries, in the order the pages print them.
    let mut parts: Vec<Section> = Vec::new();
    parts.extend(worked_examples(catalog, context));
    parts.extend(practical::strategy_assumed(&context.practical));
    parts.extend(practical::monitoring(
        &catalog.results,
        &context.practical,
        &context.traffic,
        context.payout_limit.is_some(),
    ));
    parts.push(rules(catalog, context));
    let (assumed, certified) = (
        assumptions(catalog, context),
        certification(catalog, context),
    );
    sections.extend(parts.iter().cloned());
    sections.push(assumed.clone());
    sections.push(certified.clone());
    let mut terminal: Vec<Section> = catalog.results.iter().map(terminal_section).collect();
    for game in dealer {
        terminal.extend(super::player_dealer::document(game, None).sections);
    }
    terminal.extend(money_rules);
    terminal.extend(parts);
    terminal.push(assumed);
    terminal.push(certified);
    let named: Vec<(Option<&'a str>, &'a WagerResult)> = rows
        .iter()
        .map(|r| (r.game.as_ref().map(|_| "optimal"), r))
        .chain(
            context
                .practical
                .iter()
                .flat_map(|h| &h.results)
                .map(|(name, r)| (Some(name.as_str()), r)),
        )
        .collect();
    let json_parts = data::JsonParts {
        worked_examples: examples::json(catalog, context),
        strategy_assumed: practical::strategy_assumed_json(),
        practical_hold: practical::practical_json(&context.practical),
        monitoring: practical::monitoring_json(
            &catalog.results,
            &context.practical,
            &context.traffic,
        ),
        rules_of_the_game: rules::json(catalog, context),
        assumptions: assumptions::json(catalog, context),
        certification: certification::json(catalog, context),
    };
    let mut part_rows = examples::rows(catalog, context);
    part_rows.extend(practical::mix_rows(&context.practical));
    part_rows.extend(practical::monitoring_rows(
        &catalog.results,
        &context.practical,
        &context.traffic,
    ));
    part_rows.extend(rules::rows(catalog, context));
    part_rows.extend(assumptions::rows(catalog, context));
    part_rows.extend(certification::rows(catalog, context));
    Ok(Document {
        title: Some(title(catalog, context)),
        sections,
        provenance: context.provenance.clone(),
        running_head: Some(running_head(catalog, context)),
        json: Some(Box::new(data::json(&named, json_parts))),
        csv: Some(data::csv(&named, &part_rows)?),
        terminal: Some(terminal),
    })
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
