//! The documents of `uth-edge strategy` answered from the exact solution or
//! by direct enumeration ([`crate::strategy::oracle`]): one decision's
//! exact EVs (with dead cards out of the deck, on a smaller deck) and the
//! preflop chart (under a payout limit, with its heading). The text is the
//! oracle's, preformatted (its columns are the committed text output); the
//! JSON body is the oracle's value (documented in the README). The seen-card
//! and dead-card charts have documents of their own ([`super::seen_strategy`],
//! [`super::dead_chart`]).

use super::document::{Block, Document, Section, Text};
use crate::analysis::provenance::Provenance;
use crate::cards::Card;
use crate::exact::game::{Advice, Solution};
use crate::strategy::oracle;

/// One decision's exact EVs: `dead` the cards out of the deck (none for
/// the full deck's spot), `deck_cards` the size of a `--deck` of fewer
/// cards than 52 (named under the EVs and in the JSON as `deck_cards`).
pub fn decision(
    table_id: &str,
    cards: &[Card],
    dead: &[Card],
    advice: &Advice,
    deck_cards: Option<usize>,
    provenance: Provenance,
) -> Document<'static> {
    let mut text = oracle::advice_table_with_dead(table_id, cards, dead, advice);
    let mut value = oracle::advice_value_with_dead(table_id, cards, dead, advice);
    if let Some(n) = deck_cards {
        text.push_str(&format!("  deck: the {n} highest cards (--deck {n})\n"));
        value["deck_cards"] = n.into();
    }
    Document {
        sections: vec![Section::of(vec![Block::Preformatted(text)])],
        provenance: Some(provenance),
        json: Some(Box::new(value)),
        ..Document::default()
    }
}

/// The answer from the solution: the preflop chart when `cards` is empty,
/// otherwise the decision's EVs; `heading` (a payout limit's) a paragraph
/// above it.
pub fn from_solution(
    solution: &Solution,
    cards: &[Card],
    heading: Option<String>,
    provenance: Provenance,
) -> Document<'static> {
    let mut blocks: Vec<Block> = heading
        .map(|h| Block::Paragraph(Text::plain(h)))
        .into_iter()
        .collect();
    blocks.push(Block::Preformatted(oracle::table(solution, cards)));
    Document {
        sections: vec![Section::of(blocks)],
        provenance: Some(provenance),
        json: Some(Box::new(oracle::json_value(solution, cards))),
        ..Document::default()
    }
}
