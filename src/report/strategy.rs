//! The documents of `uth-edge strategy` answered from the exact solution or
//! by direct enumeration ([`crate::strategy::oracle`]): one decision's
//! exact EVs (with dead cards out of the deck, on a smaller deck) and the
//! preflop chart (under a payout limit, with its heading), from the
//! oracle's values. The text is preformatted (its columns are the committed
//! text output); the JSON body is documented in the README. The seen-card
//! and dead-card charts have documents of their own ([`super::seen::strategy`],
//! [`super::dead::chart`]).

use super::document::{Block, Document, Section, Text};
use crate::analysis::provenance::Provenance;
use crate::cards::{Card, RANKS};
use crate::exact::game::{Advice, Decision, Solution};
use crate::strategy::file::{Decider, FileDecision, HandClass};
use crate::strategy::oracle::{self, class_name, grid_position, grid_rank_name};
use crate::strategy::{FileStrategy, Strategy};
use serde_json::{json, Value};
use std::fmt::Write;

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
    let mut text = advice_table_with_dead(table_id, cards, dead, advice);
    let mut value = advice_value_with_dead(table_id, cards, dead, advice);
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
    blocks.push(Block::Preformatted(table(solution, cards)));
    Document {
        sections: vec![Section::of(blocks)],
        provenance: Some(provenance),
        json: Some(Box::new(json_value(solution, cards))),
        ..Document::default()
    }
}

/// `strategy --with FILE HOLE [FLOP [TURNRIVER]]`: the spot's exact EVs
/// (as [`decision`] gives them), then the strategy file's choice, the list,
/// rule or default that decided it, and what it costs against the optimal
/// choice (the EVs of the oracle: after a flop check or a preflop check,
/// the later decisions played optimally).
pub fn with_file(
    table_id: &str,
    cards: &[Card],
    file: &FileStrategy,
    decided: FileDecision,
    advice: &Advice,
    provenance: Provenance,
) -> Document<'static> {
    let name = file.name();
    let hole = [cards[0], cards[1]];
    let (section, rule, why) = match decided.decider {
        Decider::PreflopList(list) => (
            "preflop",
            None,
            format!("preflop.{list} names {}", HandClass::of(hole)),
        ),
        Decider::PreflopUnlisted => (
            "preflop",
            None,
            format!(
                "no preflop list names {}: every other hand checks",
                HandClass::of(hole)
            ),
        ),
        Decider::Rule(i) => {
            let stage = if cards.len() == 5 {
                &file.flop
            } else {
                &file.river
            };
            let section = oracle::stage(cards);
            let text: Vec<String> = stage.rules[i]
                .predicates
                .iter()
                .map(|p| p.describe())
                .collect();
            (
                section,
                Some(i + 1),
                format!("{section} rule {}: {}", i + 1, text.join(", ")),
            )
        }
        Decider::Default => {
            let section = oracle::stage(cards);
            (
                section,
                None,
                format!("{section} default: no rule of [{section}] matched"),
            )
        }
    };
    let ev_of = |d: Decision| {
        advice
            .options
            .iter()
            .find(|(o, _)| *o == d)
            .map(|(_, ev)| ev.clone())
            .expect("the file chooses one of the spot's options")
    };
    // The earlier decision of the file that ends the questions (a raise):
    // the spot is then not reached by a player of the file.
    let earlier = [2, 5]
        .into_iter()
        .filter(|&n| n < cards.len())
        .find_map(|n| {
            let d = file.decide(&cards[..n])?;
            matches!(d.decision, Decision::Raise(_)).then(|| (oracle::stage(&cards[..n]), d))
        });
    let (file_ev, best_ev) = (ev_of(decided.decision), ev_of(advice.best));
    let cost = best_ev - file_ev.clone();
    let mut text = advice_table(table_id, cards, advice);
    let _ = writeln!(text, "  strategy {name}: {}", decided.decision.name());
    let _ = writeln!(text, "    decided by {why}");
    if let Some((stage, d)) = earlier {
        let _ = writeln!(
            text,
            "    (not reached playing {name}: it chooses {} at the {stage})",
            d.decision.name()
        );
    }
    if decided.decision == advice.best {
        let _ = writeln!(text, "    the optimal choice");
    } else if cost.is_zero() {
        let _ = writeln!(
            text,
            "    EV equal to the optimal {} (an exact tie)",
            advice.best.name()
        );
    } else {
        let _ = writeln!(
            text,
            "    costs {:.6} = {cost} Ante against the optimal {}",
            cost.to_f64(),
            advice.best.name()
        );
    }
    let mut value = advice_value(table_id, cards, advice);
    value["strategy"] = json!({
        "name": name,
        "action": decided.decision.name(),
        "section": section,
        "rule": rule,
        "decided_by": why,
        "reached": earlier.is_none(),
        "ev": file_ev.to_f64(),
        "ev_exact": file_ev.to_string(),
        "optimal": decided.decision == advice.best,
        "cost": cost.to_f64(),
        "cost_exact": cost.to_string(),
    });
    Document {
        sections: vec![Section::of(vec![Block::Preformatted(text)])],
        provenance: Some(provenance),
        json: Some(Box::new(value)),
        ..Document::default()
    }
}

fn short(decision: Decision) -> &'static str {
    match decision {
        Decision::Raise(a) => match a.play() {
            4 => "4x",
            3 => "3x",
            2 => "2x",
            _ => "1x",
        },
        Decision::Check => "ck",
        Decision::Fold => "fd",
    }
}

fn card_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Human-readable answer at one decision (as [`table`] writes it).
fn advice_table(table_id: &str, cards: &[Card], advice: &Advice) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} decision, Blind pay table {table_id}, cards {}",
        oracle::stage(cards),
        card_text(cards)
    );
    for (decision, ev) in &advice.options {
        let mark = if *decision == advice.best {
            "  <- optimal"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  {:<9} EV {:+.6} = {}{mark}",
            decision.name(),
            ev.to_f64(),
            ev
        );
    }
    out
}

/// The answer at one decision as a JSON value.
fn advice_value(table_id: &str, cards: &[Card], advice: &Advice) -> Value {
    json!({
        "paytable": table_id,
        "decision": oracle::stage(cards),
        "cards": card_text(cards),
        "options": advice.options.iter().map(|(d, ev)| json!({
            "action": d.name(),
            "ev": ev.to_f64(),
            "ev_exact": ev.to_string(),
        })).collect::<Vec<Value>>(),
        "best": advice.best.name(),
    })
}

/// [`advice_table`] with the dead cards named after the first line (the
/// same text as [`advice_table`] when there are none).
fn advice_table_with_dead(
    table_id: &str,
    cards: &[Card],
    dead: &[Card],
    advice: &Advice,
) -> String {
    let text = advice_table(table_id, cards, advice);
    if dead.is_empty() {
        return text;
    }
    let (first, rest) = text.split_once('\n').expect("a first line");
    format!(
        "{first}\n  dead cards (out of the deck): {}\n{rest}",
        card_text(dead)
    )
}

/// [`advice_value`] with a `dead` field naming the dead cards (the same
/// value as [`advice_value`] when there are none).
fn advice_value_with_dead(table_id: &str, cards: &[Card], dead: &[Card], advice: &Advice) -> Value {
    let mut value = advice_value(table_id, cards, advice);
    if !dead.is_empty() {
        value["dead"] = json!(card_text(dead));
    }
    value
}

/// The answer as text: the decision's EVs, or the preflop chart (its grid,
/// then one line per class).
fn table(solution: &Solution, cards: &[Card]) -> String {
    let mut out = String::new();
    let table_id = &solution.blind_table.id;
    if let Some(advice) = oracle::advice(solution, cards) {
        return advice_table(table_id, cards, &advice);
    }
    let _ = writeln!(
        out,
        "Preflop strategy, Blind pay table {table_id}: 4x = raise 4x, 3x = raise 3x, ck = check"
    );
    let _ = writeln!(
        out,
        "(pairs on the diagonal, suited above, offsuit below)\n"
    );
    let mut grid = [["  "; RANKS]; RANKS];
    for class in &solution.classes {
        let (r, c) = grid_position(class);
        grid[r][c] = short(class.action);
    }
    let _ = write!(out, "    ");
    for i in 0..RANKS {
        let _ = write!(out, " {} ", grid_rank_name(i));
    }
    let _ = writeln!(out);
    for (i, row) in grid.iter().enumerate() {
        let _ = write!(out, "  {} ", grid_rank_name(i));
        for cell in row {
            let _ = write!(out, " {cell}");
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(
        out,
        "\n  {:<5} {:>6}  {:>10}  {:>10}  {:>10}  best",
        "hand", "combos", "raise 4x", "raise 3x", "check"
    );
    for class in oracle::sorted_classes(solution) {
        let evs = solution.preflop_advice(class.cards.0, class.cards.1);
        let _ = writeln!(
            out,
            "  {:<5} {:>6}  {:>+10.6}  {:>+10.6}  {:>+10.6}  {}",
            class_name(class),
            class.combinations,
            evs.options[0].1.to_f64(),
            evs.options[1].1.to_f64(),
            evs.options[2].1.to_f64(),
            class.action.name()
        );
    }
    out
}

/// The answer as a JSON value (its form is documented in the README).
fn json_value(solution: &Solution, cards: &[Card]) -> Value {
    let table_id = solution.blind_table.id.clone();
    match oracle::advice(solution, cards) {
        Some(advice) => advice_value(&table_id, cards, &advice),
        None => json!({
            "paytable": table_id,
            "decision": "preflop_chart",
            "classes": oracle::sorted_classes(solution).iter().map(|class| {
                let evs = solution.preflop_advice(class.cards.0, class.cards.1);
                let mut entry = serde_json::Map::new();
                entry.insert("hand".into(), json!(class_name(class)));
                entry.insert("combinations".into(), json!(class.combinations));
                for (d, ev) in &evs.options {
                    entry.insert(d.name().into(), json!(ev.to_f64()));
                    entry.insert(format!("{}_exact", d.name()), json!(ev.to_string()));
                }
                entry.insert("best".into(), json!(class.action.name()));
                Value::Object(entry)
            }).collect::<Vec<Value>>(),
        }),
    }
}
