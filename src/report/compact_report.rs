//! The `report` command's document in the formats short of a whole
//! document (text table, CSV, JSON): per wager of the catalog its heading,
//! return table and figures ([`super::wager_results`]), then each
//! player-dealer game ([`super::player_dealer`]) and the money rules part
//! ([`super::money_rules`]); the JSON body and the CSV records are the
//! catalog's results followed by the payout limit's. (Markdown and HTML:
//! the submission report, [`super::money_rules::write_submission`].)

use super::document::{Document, Section};
use super::wager_results::{terminal_document, terminal_section};
use super::ExportContext;
use crate::analysis::catalog::Catalog;
use crate::result::WagerResult;
use crate::sample::player_dealer::PlayerDealerReport;
use std::io;

/// The document: the sections of `catalog`'s results, of each game of
/// `dealer` and `money_rules`; the JSON and CSV of `rows` (the catalog's
/// results and the limited ones), the provenance of `context`.
pub fn document<'a>(
    catalog: &Catalog,
    rows: &'a [WagerResult],
    context: &ExportContext,
    dealer: &[PlayerDealerReport],
    money_rules: Section,
) -> io::Result<Document<'a>> {
    let mut document = terminal_document(rows, context)?;
    document.sections = catalog.results.iter().map(terminal_section).collect();
    for game in dealer {
        let game = super::player_dealer::document(game, None);
        document.sections.extend(game.sections);
    }
    document.sections.push(money_rules);
    Ok(document)
}
