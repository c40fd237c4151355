//! The submission report's words around the practical hold under a payout
//! limit (issue 33, the printed report looked at): each figure says which
//! limit and Ante it is under. The optimal row of a limited table is
//! labelled the limited solve; the assumptions name the practical hold
//! among the parts under the limit (they said "the Money rules part
//! only", false once the practical hold is limited); the monitoring
//! figures, which are the unlimited game's, say so.
//!
//! The facts are the document's own values: the hold's limit and Antes as
//! built here, and which parts are computed under it; the figures are the
//! 20-card deck's (seconds), not the full deck's.

use crate::submission_parts::blind_a_and_players;
use std::sync::OnceLock;
use uth_edge::analysis::catalog::Catalog;
use uth_edge::analysis::money_rules::PayoutLimitRule;
use uth_edge::analysis::players::{practical_hold, solve_players_limited, LimitAssumed, PlayerMix};
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::exact::game::RiverTable;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::report::document::{Block, Document, Section};
use uth_edge::report::{self, ExportContext, Format};

/// $60 a hand, no Trips.
fn rule() -> PayoutLimitRule {
    PayoutLimitRule {
        limit: Fraction::from_int(60),
        net_of_losses: false,
        trips: None,
    }
}

/// Blind Paytable A on the 20-card deck, with the practical hold of
/// optimal and wizard and a 50/50 mix of them under $60 a hand at a $10
/// and a $20 Ante, the report's payout limit the same.
fn small() -> &'static (Catalog, ExportContext) {
    static SMALL: OnceLock<(Catalog, ExportContext)> = OnceLock::new();
    SMALL.get_or_init(|| {
        let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
        let river = RiverTable::build(deck, &Silent);
        let (table, catalog, players) = blind_a_and_players(&river, &["optimal", "wizard"]);
        let mix = PlayerMix::parse("optimal:50%,wizard:50%").unwrap();
        let rule = rule();
        let holds = [10, 20]
            .into_iter()
            .map(|ante| {
                let ante = Fraction::from_int(ante);
                let solved =
                    solve_players_limited(&river, &table, &players, None, &rule, &ante, &Silent);
                let optimal = &solved[0].1;
                let mut hold = practical_hold(&players, Some(&mix), &solved, optimal);
                hold.limit = Some(LimitAssumed::of(&rule, &ante));
                hold
            })
            .collect();
        let context = ExportContext {
            tables: vec![table],
            practical: holds,
            payout_limit: Some(rule),
            ..Default::default()
        };
        (catalog, context)
    })
}

/// The submission document of the small deck.
fn document() -> Document<'static> {
    let (catalog, context) = small();
    report::submission::document(catalog, context, &[], None, &catalog.results).unwrap()
}

/// The section whose id is `id`.
fn section<'a>(document: &'a Document, id: &str) -> &'a Section {
    document
        .sections
        .iter()
        .find(|s| s.id.as_deref() == Some(id))
        .unwrap_or_else(|| panic!("no section {id}"))
}

/// The plain text of a section's paragraphs, notes and tables' cells.
fn words(section: &Section) -> String {
    let mut all = String::new();
    for block in &section.blocks {
        match block {
            Block::Heading(_, t) | Block::Paragraph(t) | Block::Note(t) => {
                all.push_str(&t.to_plain());
                all.push('\n');
            }
            Block::Table(t) => {
                for row in &t.rows {
                    for cell in row {
                        all.push_str(&cell.text.to_plain());
                        all.push('|');
                    }
                    all.push('\n');
                }
            }
            _ => {}
        }
    }
    all
}

#[test]
fn the_optimal_row_under_a_limit_is_labelled_the_limited_solve() {
    // Fact: under a limit the optimal row is the best play knowing it
    // (the hold's reference, built by the limited solve here), not the
    // unlimited optimal play; its label says so in every table of the
    // part, and the part names each Ante it gives. (It read "optimal".)
    let document = document();
    let practical = section(&document, "practical-play");
    let mut labels = Vec::new();
    for block in &practical.blocks {
        if let Block::Table(t) = block {
            labels.push(t.rows[0][0].text.to_plain());
        }
    }
    assert_eq!(labels.len(), 2, "one table an Ante");
    for label in labels {
        assert_eq!(label, "optimal, knowing the limit");
    }
    let text = words(practical);
    assert!(text.contains("($10, $20)"), "{text}");
    assert!(
        text.contains("under a payout limit of $60 per hand at a $10 Ante"),
        "{text}"
    );
    assert!(
        text.contains("under a payout limit of $60 per hand at a $20 Ante"),
        "{text}"
    );
}

#[test]
fn the_assumptions_name_the_practical_hold_among_the_parts_under_the_limit() {
    // Fact: the practical hold here is computed under the limit (each
    // hold's `limit` set), so "in the Money rules part only" is false;
    // the assumption names the practical hold too, in the pages and in
    // the JSON's words.
    let document = document();
    let assumed = section(&document, "assumptions");
    let text = words(assumed);
    let mut entries = String::new();
    for block in &assumed.blocks {
        if let Block::Figures(_, figures) = block {
            for f in figures {
                entries.push_str(&format!("{}: {}\n", f.label, f.value.to_plain()));
            }
        }
    }
    let all = format!("{text}{entries}");
    assert!(
        all.contains("in the Money rules part and the Hold under practical play"),
        "{all}"
    );
    assert!(!all.contains("Money rules part only"), "{all}");
    let (catalog, context) = small();
    let mut json = Vec::new();
    let document =
        report::submission::document(catalog, context, &[], None, &catalog.results).unwrap();
    report::render(Format::Json, &document, &mut json).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json).unwrap();
    let text = json["assumptions"].to_string();
    assert!(text.contains("Hold under practical play"), "{text}");
}

#[test]
fn the_monitoring_figures_say_they_are_without_the_limit() {
    // Fact: the monitoring figures are the catalog's (the unlimited
    // game's, at the monitoring Ante), and the mix, computed only under
    // the limit here, has no line of its own: the part says both.
    let document = document();
    let text = words(section(&document, "monitoring"));
    assert!(
        text.contains("These figures are without the payout limit"),
        "{text}"
    );
    assert!(
        text.contains("the player mix's in the Hold under practical play"),
        "{text}"
    );
    assert!(!text.contains("player mix|"), "no mix line: {text}");
}
