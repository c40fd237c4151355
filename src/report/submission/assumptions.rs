//! The "Rules version and assumptions" part of the submission report: the
//! rules document and version each pay table's figures assume (the table
//! file's `rules_version`, and the report's `--rules-version`), the
//! strategy assumed, the payout limit and the progressive meters, the deck
//! and the shuffle.

use super::data::{insert_exact, PartRow};
use crate::analysis::catalog::Catalog;
use crate::money::dollars;
use crate::report::document::{Block, Cell, Column, Figure, FigureLayout, Section, Table, Text};
use crate::report::ExportContext;

/// What a missing version reads as.
const NOT_STATED: &str = "not stated";

/// One assumption: its key (JSON and CSV), its label (the pages) and its
/// words.
struct Assumption {
    key: &'static str,
    label: &'static str,
    text: String,
}

/// The assumptions of the report, in the order the part prints them.
fn items(catalog: &Catalog, context: &ExportContext) -> Vec<Assumption> {
    let mut items = Vec::new();
    let mut entry = |key, label, text: String| items.push(Assumption { key, label, text });
    entry(
        "rules_version",
        "rules version",
        match &context.rules_version {
            Some(v) => format!("{v} (stated for this submission)"),
            None => format!(
                "{NOT_STATED} for the submission as a whole (report --rules-version); each \
                 table's below"
            ),
        },
    );
    let base_game = catalog.results.iter().any(|r| r.game.is_some());
    if base_game {
        entry(
            "strategy",
            "strategy",
            "optimal: each decision (raise 4x or 3x or check before the flop, raise 2x or check \
             on the flop, raise 1x or fold on the river) the one of highest expected value, found \
             by the exact solve; no other strategy is assumed unless a part of this report states \
             it"
            .to_string(),
        );
    }
    entry(
        "payout_limit",
        "payout limit",
        match &context.payout_limit {
            Some(rule) => format!(
                "{} a hand, capping the {} (COMAR 36.05.16.12F), in the Money rules part{}; \
                 every other figure is without a limit",
                dollars(&rule.limit),
                if rule.net_of_losses {
                    "net win (wins less the wagers lost in the hand)"
                } else {
                    "sum of the wins, stakes apart"
                },
                if context.practical.iter().any(|h| h.limit.is_some()) {
                    " and the Hold under practical play, each at the Ante it states"
                } else {
                    " only"
                }
            ),
            None => "none: every wager is paid in full".to_string(),
        },
    );
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
        entry(
            "meters",
            "meters",
            format!(
                "{}; the long run of the meters (rate, reset, reserve) where the Money rules \
                 part states them",
                meters.join("; ")
            ),
        );
    }
    entry(
        "deck",
        "deck",
        "one standard 52-card deck, no jokers, no cards removed".to_string(),
    );
    entry(
        "shuffle",
        "shuffle",
        "a fresh shuffle before each round: every deal of the 52 cards equally likely, nothing \
         carried from one round to the next (no continuous shuffler's memory, no cards seen)"
            .to_string(),
    );
    if base_game {
        entry(
            "monitoring_stakes",
            "monitoring stakes",
            format!(
                "{} (report --average-ante, --hands-per-hour, --seats, --hours): the \
                 monitoring figures only",
                super::practical::stakes(&context.traffic)
            ),
        );
    }
    items
}

/// Each pay table's rules document and version: (id, document, version).
fn table_rules(context: &ExportContext) -> Vec<(&str, &str, Option<&str>)> {
    context
        .tables
        .iter()
        .map(|t| (t.id.as_str(), t.source.as_str(), t.rules_version.as_deref()))
        .collect()
}

/// The "Rules version and assumptions" part.
pub(super) fn assumptions(catalog: &Catalog, context: &ExportContext) -> Section {
    let mut blocks = vec![Block::Heading(
        2,
        Text::plain("Rules version and assumptions"),
    )];
    blocks.push(Block::Figures(
        FigureLayout::Loose,
        items(catalog, context)
            .into_iter()
            .map(|a| Figure {
                label: a.label.to_string(),
                value: Text::plain(a.text),
            })
            .collect(),
    ));
    if !context.tables.is_empty() {
        blocks.push(Block::Heading(3, Text::plain("Each pay table's rules")));
        blocks.push(Block::Table(Table {
            columns: vec![
                Column::left("pay table"),
                Column::left("rules document"),
                Column::left("version"),
            ],
            rows: table_rules(context)
                .into_iter()
                .map(|(id, source, version)| {
                    vec![
                        Cell::plain(id),
                        Cell::plain(source),
                        Cell::plain(version.unwrap_or(NOT_STATED)),
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

/// The part as JSON (the key `assumptions`): `rules_version` as stated
/// (`null` when not), each assumption in words under its key, the
/// monitoring stakes, and per pay table its rules document and version.
pub(super) fn json(catalog: &Catalog, context: &ExportContext) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    m.insert(
        "stated_rules_version".into(),
        context.rules_version.clone().into(),
    );
    for a in items(catalog, context) {
        m.insert(a.key.into(), a.text.into());
    }
    if let Some(rule) = &context.payout_limit {
        let mut limit = serde_json::Map::new();
        insert_exact(&mut limit, "limit", &rule.limit);
        limit.insert("net_of_losses".into(), rule.net_of_losses.into());
        m.insert("payout_limit_dollars".into(), limit.into());
    }
    let tables: Vec<serde_json::Value> = table_rules(context)
        .into_iter()
        .map(|(id, source, version)| {
            serde_json::json!({"paytable": id, "rules_document": source, "rules_version": version})
        })
        .collect();
    m.insert("paytables".into(), tables.into());
    m.into()
}

/// The part as CSV rows: one `assumption` row per assumption (its key in
/// `hand`, its words in `text`; the payout limit's dollars in `value`),
/// and per pay table a `rules_document` and a `rules_version` row
/// (`paytable` its id, `text` empty when not stated).
pub(super) fn rows(catalog: &Catalog, context: &ExportContext) -> Vec<PartRow> {
    let mut rows: Vec<PartRow> = items(catalog, context)
        .into_iter()
        .map(|a| {
            let row = PartRow::new("assumption", a.key).set("text", a.text);
            match (a.key, &context.payout_limit) {
                ("payout_limit", Some(rule)) => row.exact("value", &rule.limit),
                _ => row,
            }
        })
        .collect();
    for (id, source, version) in table_rules(context) {
        rows.push(
            PartRow::new("assumption", "rules_document")
                .set("paytable", id)
                .set("text", source),
        );
        rows.push(
            PartRow::new("assumption", "rules_version")
                .set("paytable", id)
                .set("text", version.unwrap_or_default()),
        );
    }
    rows
}
