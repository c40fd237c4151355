//! The preflop decision of a player who sees cards (`uth-edge strategy
//! HOLE --seen-dealer CARDS ...`, [`decision_document`]) and the preflop
//! chart given the seen dealer cards (`strategy --seen-dealer CARDS`,
//! [`chart_document`]), as documents: for people (a line per choice; a
//! table of the hands) or JSON (layouts in `docs/output-formats-results.md`).

use crate::analysis::provenance::Provenance;
use crate::cards::Card;
use crate::exact::seen::{Decisions, PreflopState, Situation, Variant};
use crate::fraction::Fraction;
use crate::report::document::{Block, Cell, Column, Document, Section, Table, Text};

/// The name of a preflop choice for people.
fn choice_name(d: Decisions) -> &'static str {
    match d {
        Decisions::Raise4x => "raise 4x",
        Decisions::Raise3x => "raise 3x",
        Decisions::Check => "check",
    }
}

/// Cards as text: `AsKd`.
fn cards(c: &[Card]) -> String {
    c.iter().map(|c| c.to_string()).collect()
}

/// What the player of a seen-card strategy query sees, for people.
fn seen_text(hole: &[Card], dealer: &[Card], variant: Variant, state: &PreflopState) -> String {
    let mut text = format!("hole {}", cards(hole));
    if !dealer.is_empty() {
        text.push_str(&format!(", dealer card(s) seen {}", cards(dealer)));
    }
    if let Some(c) = state.seen {
        let group = match variant {
            Variant::Flop => "flop",
            _ => "turn/river",
        };
        text.push_str(&format!(", {group} card seen {c}"));
    }
    if variant == Variant::TurnRiverAtFlop {
        text.push_str(&format!(", {LATE_TURNRIVER}"));
    }
    text
}

/// What `turnriver-at-flop` adds to the preflop situation, for people.
const LATE_TURNRIVER: &str = "a turn/river card to be seen at the flop decision";

/// The preflop choices' expected values per hand, in Antes.
fn choice_values(state: &PreflopState, scale: i64) -> [(Decisions, Fraction); 3] {
    let per = |v: i128| Fraction::new(v, state.tally.deals * scale as i128);
    [
        (Decisions::Raise4x, per(state.raise_4x)),
        (Decisions::Raise3x, per(state.raise_3x)),
        (Decisions::Check, per(state.check)),
    ]
}

/// The choices of a decision, for the JSON body.
fn json_options(state: &PreflopState, scale: i64) -> Vec<serde_json::Value> {
    choice_values(state, scale)
        .into_iter()
        .map(|(d, v)| {
            serde_json::json!({"choice": d.name(), "ev": v.to_f64(), "ev_exact": v.to_string()})
        })
        .collect()
}

/// What the player sees at one seen-card preflop decision.
#[derive(Clone, Copy)]
pub struct SeenSpot<'a> {
    /// The Blind table's id.
    pub paytable: &'a str,
    /// The player's hole cards.
    pub hole: &'a [Card],
    /// The dealer cards seen.
    pub dealer: &'a [Card],
    /// When the board card is seen.
    pub variant: Variant,
}

/// A seen-card preflop decision as a document: a line naming what is seen,
/// a line per choice with its EV per hand in Antes (exact), the best
/// choice; the JSON body (`paytable`, `hole`, `seen_dealer`, `seen_flop`,
/// `seen_turnriver`, `turnriver_at_flop`, `options`, `best`).
pub fn decision_document(
    spot: SeenSpot,
    state: &PreflopState,
    scale: i64,
    provenance: Option<Provenance>,
) -> Document<'static> {
    let SeenSpot {
        paytable,
        hole,
        dealer,
        variant,
    } = spot;
    let mut blocks = vec![Block::Paragraph(Text::plain(format!(
        "Preflop decision, {} (Blind table {paytable})",
        seen_text(hole, dealer, variant, state)
    )))];
    for (d, v) in choice_values(state, scale) {
        blocks.push(Block::Note(
            Text::plain(format!(
                "{:<9} {:>+9.4} Antes   (exact ",
                choice_name(d),
                v.to_f64()
            ))
            .then_exact(v.to_string())
            .then(")"),
        ));
    }
    blocks.push(Block::Note(Text::plain(format!(
        "best: {}",
        choice_name(state.decision)
    ))));
    let seen_board = |v: Variant| {
        if variant == v {
            state.seen.map(|c| c.to_string())
        } else {
            None
        }
    };
    let body = serde_json::json!({
        "paytable": paytable,
        "hole": cards(hole),
        "seen_dealer": cards(dealer),
        "seen_flop": seen_board(Variant::Flop),
        "seen_turnriver": seen_board(Variant::TurnRiver),
        "turnriver_at_flop": variant == Variant::TurnRiverAtFlop,
        "options": json_options(state, scale),
        "best": state.decision.name(),
    });
    Document {
        sections: vec![Section::of(blocks)],
        provenance,
        json: Some(Box::new(body)),
        ..Document::default()
    }
}

/// Hole cards as text: `AsKd`.
fn hole_text(s: &Situation) -> String {
    format!("{}{}", s.player.1, s.player.0)
}

/// The seen-card preflop chart as a document: a line saying what is seen,
/// then a table of the hands, those whose raise 4x gains most over a check
/// first, each with its number of holdings and its EVs per hand in Antes
/// (exact behind each); the JSON body (`paytable`, `seen_dealer`,
/// `turnriver_at_flop`, `hands` in the solver's order).
pub fn chart_document(
    paytable: &str,
    dealer: &[Card],
    variant: Variant,
    chart: &[(Situation, PreflopState)],
    scale: i64,
    provenance: Option<Provenance>,
) -> Document<'static> {
    let seen = cards(dealer);
    let late = if variant == Variant::TurnRiverAtFlop {
        format!(" and {LATE_TURNRIVER}")
    } else {
        String::new()
    };
    let heading = format!(
        "Preflop chart with dealer card(s) {seen} seen{late} (Blind table {paytable}); one row per class of hole cards \
         under the suit renamings that keep the seen cards; EVs per hand in Antes"
    );
    let mut rows: Vec<&(Situation, PreflopState)> = chart.iter().collect();
    let gain = |s: &PreflopState| Fraction::new(s.raise_4x - s.check, s.tally.deals);
    rows.sort_by_key(|(_, s)| std::cmp::Reverse(gain(s)));
    let ev = |v: &Fraction| Cell::decimal(format!("{:+.4}", v.to_f64()), v.to_string());
    let table = Table {
        columns: vec![
            Column::left("hand").at_least(6).spaced(0),
            Column::right("holds").at_least(5).spaced(1),
            Column::right("raise 4x").at_least(9).spaced(1),
            Column::right("raise 3x").at_least(9).spaced(1),
            Column::right("check").at_least(9).spaced(1),
            Column::left("best"),
        ],
        rows: rows
            .into_iter()
            .map(|(situation, state)| {
                let [v4, v3, check] = choice_values(state, scale).map(|(_, v)| v);
                vec![
                    Cell::plain(hole_text(situation)),
                    Cell::plain(situation.size.to_string()),
                    ev(&v4),
                    ev(&v3),
                    ev(&check),
                    Cell::plain(choice_name(state.decision)),
                ]
            })
            .collect(),
    };
    let hands: Vec<_> = chart
        .iter()
        .map(|(situation, state)| {
            serde_json::json!({
                "hand": hole_text(situation),
                "holdings": situation.size,
                "best": state.decision.name(),
                "options": json_options(state, scale),
            })
        })
        .collect();
    let body = serde_json::json!({
        "paytable": paytable,
        "seen_dealer": seen,
        "turnriver_at_flop": variant == Variant::TurnRiverAtFlop,
        "hands": hands,
    });
    Document {
        sections: vec![Section::of(vec![
            Block::Paragraph(Text::plain(heading)),
            Block::Table(table),
        ])],
        provenance,
        json: Some(Box::new(body)),
        ..Document::default()
    }
}
