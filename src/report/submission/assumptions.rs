//! The "Rules version and assumptions" part of the submission report: the
//! rules document and version each pay table's figures assume (the table
//! file's `rules_version`, and the report's `--rules-version`), the
//! strategy assumed, the payout limit and the progressive meters, the deck
//! and the shuffle.

use crate::analysis::catalog::Catalog;
use crate::money::dollars;
use crate::report::document::{Block, Cell, Column, Figure, FigureLayout, Section, Table, Text};
use crate::report::ExportContext;

/// What a missing version reads as.
const NOT_STATED: &str = "not stated";

/// The "Rules version and assumptions" part.
pub(super) fn assumptions(catalog: &Catalog, context: &ExportContext) -> Section {
    let mut blocks = vec![Block::Heading(
        2,
        Text::plain("Rules version and assumptions"),
    )];
    let mut items = Vec::new();
    let entry = |label: &str, value: String| Figure {
        label: label.to_string(),
        value: Text::plain(value),
    };
    items.push(entry(
        "rules version",
        match &context.rules_version {
            Some(v) => format!("{v} (stated for this submission)"),
            None => format!(
                "{NOT_STATED} for the submission as a whole (report --rules-version); each \
                 table's below"
            ),
        },
    ));
    if catalog.results.iter().any(|r| r.game.is_some()) {
        items.push(entry(
            "strategy",
            "optimal: each decision (raise 4x or 3x or check before the flop, raise 2x or check \
             on the flop, raise 1x or fold on the river) the one of highest expected value, found \
             by the exact solve; no other strategy is assumed unless a part of this report states \
             it"
            .to_string(),
        ));
    }
    items.push(entry(
        "payout limit",
        match &context.payout_limit {
            Some(rule) => format!(
                "{} a hand, capping the {} (COMAR 36.05.16.12F), in the Money rules part only; \
                 every other figure is without a limit",
                dollars(&rule.limit),
                if rule.net_of_losses {
                    "net win (wins less the wagers lost in the hand)"
                } else {
                    "sum of the wins, stakes apart"
                }
            ),
            None => "none: every wager is paid in full".to_string(),
        },
    ));
    let meters: Vec<String> = catalog
        .results
        .iter()
        .filter_map(|r| {
            r.meter
                .as_ref()
                .map(|m| format!("{}: the meter at {}", r.paytable, dollars(m)))
        })
        .collect();
    if !meters.is_empty() {
        items.push(entry(
            "meters",
            format!(
                "{}; the long run of the meters (rate, reset, reserve) where the Money rules \
                 part states them",
                meters.join("; ")
            ),
        ));
    }
    items.push(entry(
        "deck",
        "one standard 52-card deck, no jokers, no cards removed".to_string(),
    ));
    items.push(entry(
        "shuffle",
        "a fresh shuffle before each round: every deal of the 52 cards equally likely, nothing \
         carried from one round to the next (no continuous shuffler's memory, no cards seen)"
            .to_string(),
    ));
    blocks.push(Block::Figures(FigureLayout::Loose, items));
    if !context.tables.is_empty() {
        blocks.push(Block::Heading(3, Text::plain("Each pay table's rules")));
        blocks.push(Block::Table(Table {
            columns: vec![
                Column::left("pay table"),
                Column::left("rules document"),
                Column::left("version"),
            ],
            rows: context
                .tables
                .iter()
                .map(|t| {
                    vec![
                        Cell::plain(t.id.clone()),
                        Cell::plain(t.source.clone()),
                        Cell::plain(t.rules_version.as_deref().unwrap_or(NOT_STATED)),
                    ]
                })
                .collect(),
        }));
    }
    Section {
        id: Some("assumptions".into()),
        blocks,
    }
}
