//! The preflop chart with dead cards (`uth-edge strategy --dead CARDS`) as
//! a document: what changes from the base game's chart first (the holdings
//! whose best action differs), then every class of starting hands with
//! the exact expected value of each action, then the summary (how many
//! holdings change, the chart's value against the base game's). Rendered
//! as a text table or JSON by [`crate::report::render`].

use crate::analysis::dead_chart::{ChartRow, DeadChart};
use crate::analysis::provenance::Provenance;
use crate::exact::game::Decision;
use crate::fraction::Fraction;
use crate::report::document::{
    Block, Cell, Column, Document, Figure, FigureLayout, Section, Table, Text,
};
use serde::Serialize;

/// A decimal with its sign, six places, rounded exactly: `+0.910680`.
fn signed(value: &Fraction) -> String {
    let text = value.to_fixed(6);
    if text.starts_with('-') {
        text
    } else {
        format!("+{text}")
    }
}

/// A figure's value: the decimal, then the exact fraction.
fn exact(decimal: String, value: &Fraction) -> Text {
    Text::plain(format!("{decimal} = ")).then_exact(value.to_string())
}

/// The action as the chart names it: `raise 4x`, `raise 3x`, `check`.
fn action(decision: Decision) -> &'static str {
    match decision {
        Decision::Raise(a) if a.play() == 4 => "raise 4x",
        Decision::Raise(_) => "raise 3x",
        _ => "check",
    }
}

/// The action as a verb: `raises 4x`, `raises 3x`, `checks`.
fn verb(decision: Decision) -> &'static str {
    match decision {
        Decision::Raise(a) if a.play() == 4 => "raises 4x",
        Decision::Raise(_) => "raises 3x",
        _ => "checks",
    }
}

/// What changes for a row: `raises 4x here, checks in the base game`.
pub fn change(row: &ChartRow) -> Option<String> {
    row.changes().then(|| {
        format!(
            "{} here, {} in the base game",
            verb(row.advice.best),
            verb(row.base)
        )
    })
}

/// The dead cards as text: `Ah 5s`, or `none`.
fn dead_text(chart: &DeadChart) -> String {
    if chart.dead.is_empty() {
        return "none".into();
    }
    let cards: Vec<String> = chart.dead.iter().map(|c| c.to_string()).collect();
    cards.join(" ")
}

/// The deck in words: `the full deck` or `the 20 highest cards`.
fn deck_text(chart: &DeadChart) -> String {
    let n = chart.deck.len();
    if n == 52 {
        "the full deck".into()
    } else {
        format!("the {n} highest cards (--deck {n})")
    }
}

/// The changed rows: hand, holding, holdings, the action here and the base
/// game's.
fn changes_section(chart: &DeadChart) -> Section {
    let mut blocks = vec![Block::Heading(2, Text::plain("What changes"))];
    let rows: Vec<Vec<Cell>> = chart
        .rows
        .iter()
        .filter_map(|r| {
            change(r).map(|words| {
                let best = r.advice.options.iter().find(|(d, _)| *d == r.advice.best);
                let base = r.advice.options.iter().find(|(d, _)| *d == r.base);
                let (best, base) = (
                    best.expect("a choice").1.clone(),
                    base.expect("a choice").1.clone(),
                );
                vec![
                    Cell::plain(r.hand()),
                    Cell::plain(r.cards()),
                    Cell::plain(r.holdings.to_string()),
                    Cell::plain(words),
                    Cell::decimal(signed(&(best.clone() - &base)), (best - &base).to_string()),
                ]
            })
        })
        .collect();
    if rows.is_empty() {
        blocks.push(Block::Paragraph(Text::plain(
            "No holding changes its action: every class plays as in the base game.",
        )));
    } else {
        blocks.push(Block::Table(Table {
            columns: vec![
                Column::left("hand"),
                Column::left("holding"),
                Column::right("holds"),
                Column::left("change"),
                Column::right("gain over the base action"),
            ],
            rows,
        }));
    }
    Section::of(blocks)
}

/// Every class: hand, holding, holdings, the three EVs, the best, the base
/// game's action and a mark where they differ.
fn chart_section(chart: &DeadChart) -> Section {
    let rows = chart
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                Cell::plain(r.hand()),
                Cell::plain(r.cards()),
                Cell::plain(r.holdings.to_string()),
            ];
            cells.extend(
                r.advice
                    .options
                    .iter()
                    .map(|(_, ev)| Cell::decimal(signed(ev), ev.to_string())),
            );
            cells.push(Cell::plain(action(r.advice.best)));
            cells.push(Cell::plain(action(r.base)));
            cells.push(Cell::plain(if r.changes() { "*" } else { "" }));
            cells
        })
        .collect();
    Section::of(vec![
        Block::Heading(2, Text::plain("The chart")),
        Block::Table(Table {
            columns: vec![
                Column::left("hand"),
                Column::left("holding"),
                Column::right("holds"),
                Column::right("raise 4x"),
                Column::right("raise 3x"),
                Column::right("check"),
                Column::left("best"),
                Column::left("base game"),
                Column::left("changed"),
            ],
            rows,
        }),
    ])
}

/// How many holdings change and the chart's value against the base game's.
fn summary_section(chart: &DeadChart) -> Section {
    let figures = vec![
        Figure {
            label: "holdings that change action".into(),
            value: Text::plain(format!(
                "{} of {} ({} of {} classes)",
                chart.holdings_changed(),
                chart.holdings(),
                chart.classes_changed(),
                chart.rows.len()
            )),
        },
        Figure {
            label: "this chart, per Ante".into(),
            value: exact(signed(&chart.value), &chart.value),
        },
        Figure {
            label: format!("base game on {}, per Ante", deck_text(chart)),
            value: exact(signed(&chart.base_value), &chart.base_value),
        },
        Figure {
            label: "gain per Ante".into(),
            value: exact(signed(&chart.gain()), &chart.gain()),
        },
    ];
    Section::of(vec![
        Block::Heading(2, Text::plain("Summary")),
        Block::Figures(FigureLayout::Loose, figures),
        Block::Note(Text::plain(
            "The gain is the value of knowing the dead cards together with the effect of their \
             absence from the deck, which changes the value even of hands that play as in the base game.",
        )),
    ])
}

/// One class in the JSON body.
#[derive(Serialize)]
struct JsonRow {
    hand: String,
    holding: String,
    holdings: u64,
    raise_4x: f64,
    raise_4x_exact: String,
    raise_3x: f64,
    raise_3x_exact: String,
    check: f64,
    check_exact: String,
    best: &'static str,
    base_game: &'static str,
    change: Option<String>,
}

/// The JSON body.
#[derive(Serialize)]
struct JsonChart {
    paytable: String,
    decision: &'static str,
    deck_cards: usize,
    dead: String,
    renamings: usize,
    classes: Vec<JsonRow>,
    holdings: u64,
    holdings_changed: u64,
    classes_changed: usize,
    per_ante: f64,
    per_ante_exact: String,
    base_game_per_ante: f64,
    base_game_per_ante_exact: String,
    gain_per_ante: f64,
    gain_per_ante_exact: String,
}

fn json_body(chart: &DeadChart) -> JsonChart {
    let ev = |r: &ChartRow, i: usize| r.advice.options[i].1.clone();
    JsonChart {
        paytable: chart.paytable.clone(),
        decision: "preflop_chart_dead_cards",
        deck_cards: chart.deck.len(),
        dead: dead_text(chart),
        renamings: chart.renamings,
        classes: chart
            .rows
            .iter()
            .map(|r| JsonRow {
                hand: r.hand(),
                holding: r.cards(),
                holdings: r.holdings,
                raise_4x: ev(r, 0).to_f64(),
                raise_4x_exact: ev(r, 0).to_string(),
                raise_3x: ev(r, 1).to_f64(),
                raise_3x_exact: ev(r, 1).to_string(),
                check: ev(r, 2).to_f64(),
                check_exact: ev(r, 2).to_string(),
                best: r.advice.best.name(),
                base_game: r.base.name(),
                change: change(r),
            })
            .collect(),
        holdings: chart.holdings(),
        holdings_changed: chart.holdings_changed(),
        classes_changed: chart.classes_changed(),
        per_ante: chart.value.to_f64(),
        per_ante_exact: chart.value.to_string(),
        base_game_per_ante: chart.base_value.to_f64(),
        base_game_per_ante_exact: chart.base_value.to_string(),
        gain_per_ante: chart.gain().to_f64(),
        gain_per_ante_exact: chart.gain().to_string(),
    }
}

/// The chart as a document: its title and opening paragraph, what changes,
/// the chart, the summary; the JSON body.
pub fn document(chart: &DeadChart, provenance: Provenance) -> Document<'static> {
    let opening = Section::of(vec![Block::Paragraph(Text::plain(format!(
        "The player knows {} {} out of the deck (a partner's hole cards, an exposed card) and plays the \
         best strategy given them, on {}. One row per class of starting hands under the {} suit \
         renaming{} (of 24) that keep the dead cards; each action's exact expected net of the whole \
         hand per Ante (Ante, Blind and Play, with the best flop and river play); \"base game\" is the \
         action of the same hand without dead cards.",
        dead_text(chart),
        if chart.dead.len() == 1 { "is" } else { "are" },
        deck_text(chart),
        chart.renamings,
        if chart.renamings == 1 { "" } else { "s" },
    )))]);
    Document {
        title: Some(format!(
            "Preflop chart with dead cards {} (Blind table {})",
            dead_text(chart),
            chart.paytable
        )),
        sections: vec![
            opening,
            changes_section(chart),
            chart_section(chart),
            summary_section(chart),
        ],
        provenance: Some(provenance),
        json: Some(Box::new(json_body(chart))),
        ..Document::default()
    }
}
