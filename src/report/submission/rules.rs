//! The rules and assumptions of the submission report: the deck, the
//! ranking, the base game's strategy, each Trips table's settlement rule,
//! and each reading used.

use crate::analysis::catalog::Catalog;
use crate::report::document::{Block, Section, Text};
use crate::report::ExportContext;
use crate::rules::paytable::{PayTable, TripsRule, WagerKind};

/// The rule each submitted Trips table is settled under.
fn trips_rule(t: &PayTable) -> String {
    match t.rules.trips {
        TripsRule::Standard => format!(
            "Trips ({}): settled on the player's best five-card hand of seven cards whatever the \
             dealer holds, and even after the player folds (COMAR 36.05.16.11I(2)).",
            t.id
        ),
        TripsRule::MustBeatDealer => format!(
            "Trips ({}): paid only when the player's hand also beats the dealer's; a tie pushes a \
             paying hand (the table's rule must_beat_dealer).",
            t.id
        ),
    }
}

/// The rules and assumptions, with each reading used.
pub(super) fn rules(catalog: &Catalog, context: &ExportContext) -> Section {
    let mut items = vec![
        Text::plain(
            "One standard 52-card deck, no jokers, shuffled before every hand: every deal is \
             equally likely, and each figure counts every deal (the cycle).",
        ),
        Text::plain("Hands are ranked as in poker: the best five-card hand of the seven cards."),
    ];
    if catalog.results.iter().any(|r| r.game.is_some()) {
        items.push(Text::plain(
            "Base game: Ante and Blind wagered equally; the player plays the optimal strategy; the \
             dealer qualifies with a pair or better; figures per Ante.",
        ));
    }
    for t in &context.tables {
        if t.wager == WagerKind::Trips {
            items.push(Text::plain(trips_rule(t)));
        }
    }
    if catalog.results.iter().any(|r| r.wager_amount.is_some()) {
        items.push(Text::plain(
            "Fixed-dollar awards are evaluated at the wager amount shown beside the pay table.",
        ));
    }
    if catalog.results.iter().any(|r| r.meter.is_some()) {
        items.push(Text::plain(
            "Progressive: at the meter and number of other players shown beside the pay table.",
        ));
    }
    let mut blocks = vec![
        Block::Heading(2, Text::plain("Rules and assumptions")),
        Block::List(items),
    ];
    let readings: Vec<Text> = context
        .tables
        .iter()
        .flat_map(|t| {
            t.notes
                .iter()
                .map(move |n| Text::plain(format!("{}: {n}", t.id)))
        })
        .collect();
    if !readings.is_empty() {
        blocks.push(Block::Heading(3, Text::plain("Readings used")));
        blocks.push(Block::List(readings));
    }
    Section {
        id: Some("rules".into()),
        blocks,
    }
}
