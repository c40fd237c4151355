//! The document of `game --strategy`: per Blind table the strategy's
//! results (as `game`'s, [`wager_results`](super::wager_results)), then what
//! the strategy costs against optimal play: the loss split by decision
//! point (exact, adding up to the difference of the two house edges) and
//! the costliest deviations, each with its frequency, cost per occurrence
//! and share of the loss. The words of a deviation come from the strategy
//! file (its rule's conditions); the engine gives only values
//! ([`StrategyCost`]). JSON: the results' body, the strategy and a
//! `strategy_costs` list; CSV: a first column `strategy` (what the user
//! gave), then the results' rows and per table `cost` rows (the split) and
//! `deviation` rows.

use super::document::{
    Block, Cell, Column, Document, Figure, FigureLayout, Records, Section, Table, Text,
};
use super::wager_results::json_body::{body, JsonDocument};
use super::wager_results::records::{records_with, ExtraRow};
use super::wager_results::terminal_section;
use super::{percent, ExportContext};
use crate::exact::game::{Action, Decider, Decision, Deviation, Point, Situation, StrategyCost};
use crate::fraction::Fraction;
use crate::result::WagerResult;
use crate::strategy::file::HandClass;
use crate::strategy::FileStrategy;
use serde::Serialize;
use std::io;

/// The deviations a document lists per table: the costliest ten.
pub const SHOWN: usize = 10;

/// The strategy's action at a deviation, as a reader says it.
fn verb(d: Decision) -> &'static str {
    match d {
        Decision::Raise(Action::Raise4x) => "raises 4x",
        Decision::Raise(Action::Raise3x) => "raises 3x",
        Decision::Raise(Action::Raise2x) => "raises 2x",
        Decision::Raise(_) => "raises 1x",
        Decision::Check => "checks",
        Decision::Fold => "folds",
    }
}

/// The situation of a deviation in words: the starting-hand class
/// (`K5o`), the flop or river rule that decided (its number from 1 and its
/// conditions as the file writes them) or the made hand.
pub fn situation(d: &Deviation, strategy: &FileStrategy) -> String {
    match d.situation {
        Situation::Hand(a, b) => {
            let (high, low) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
            let suited = high != low && a.suit() == b.suit();
            HandClass { high, low, suited }.to_string()
        }
        Situation::Rule(Decider::Rule(i)) => {
            let stage = match d.point {
                Point::River => &strategy.river,
                _ => &strategy.flop,
            };
            let conditions: Vec<String> = stage
                .rules
                .get(i)
                .map(|r| r.predicates.iter().map(|p| p.describe()).collect())
                .unwrap_or_default();
            format!(
                "{} rule {} ({})",
                d.point.name(),
                i + 1,
                conditions.join(", ")
            )
        }
        Situation::Rule(Decider::Default) => {
            format!("{} default (no rule matched)", d.point.name())
        }
        Situation::Made(c) => format!("{} made: {}", d.point.name(), c.name()),
    }
}

/// What the user gave, as the documents name it: `shipped strategy
/// wizard` for a shipped name, `strategy file my.toml (name: wizard)` for a
/// file (whose `name` may be a shipped one's: the two must not read alike).
pub fn strategy_label(given: &str, strategy: &FileStrategy) -> String {
    use crate::strategy::Strategy;
    if FileStrategy::builtin(given).is_some() {
        format!("shipped strategy {}", strategy.name())
    } else {
        format!("strategy file {given} (name: {})", strategy.name())
    }
}

/// A deviation in one line: `K5o: checks, optimal raises 4x`.
pub fn deviation_words(d: &Deviation, strategy: &FileStrategy) -> String {
    format!(
        "{}: {}, optimal {}",
        situation(d, strategy),
        verb(d.strategy),
        verb(d.optimal)
    )
}

/// One table's cost: the strategy's result and what it costs.
pub struct Costed<'a> {
    /// The strategy's result.
    pub result: &'a WagerResult,
    /// What it costs against the optimal play.
    pub cost: &'a StrategyCost,
}

/// A figure `label  decimal = exact` of a loss per Ante.
fn loss_figure(label: &str, f: &Fraction) -> Figure {
    Figure {
        label: label.to_string(),
        value: Text::plain(format!("{} = ", percent(f.clone()))).then_exact(f.to_string()),
    }
}

/// The cost section of one table.
fn cost_section(c: &Costed, strategy: &FileStrategy) -> Section {
    let cost = c.cost;
    let optimal_edge = c.result.house_edge.clone() - cost.total();
    let mut figures = vec![loss_figure("optimal house edge", &optimal_edge)];
    for point in Point::ALL {
        figures.push(loss_figure(
            &format!("lost {}", point.name()),
            &cost.at(point),
        ));
    }
    figures.push(loss_figure("lost in all", &cost.total()));
    let columns = vec![
        Column::left("deviation"),
        Column::right("frequency").at_least(10),
        Column::right("cost each").at_least(10),
        Column::right("share").at_least(9),
    ];
    let rows = cost
        .deviations
        .iter()
        .take(SHOWN)
        .map(|d| {
            let (freq, each, share) = (cost.frequency(d), cost.per_occurrence(d), cost.share(d));
            vec![
                Cell::plain(deviation_words(d, strategy)),
                Cell::decimal(percent(freq.clone()), freq.to_string()),
                Cell::decimal(format!("{:.4}", each.to_f64()), each.to_string()),
                Cell::decimal(percent(share.clone()), share.to_string()),
            ]
        })
        .collect();
    let mut blocks = vec![
        Block::Heading(
            3,
            Text::plain("What the strategy costs against optimal play"),
        ),
        Block::Figures(FigureLayout::Loose, figures),
        Block::Note(Text::plain(
            "per Ante; the three points add up exactly to the strategy's house edge \
             less the optimal one (docs/strategy-format.md, \"What a strategy costs\")",
        )),
    ];
    if cost.deviations.is_empty() {
        blocks.push(Block::Paragraph(Text::plain(
            "The strategy never takes an action of lower value than the optimal one.",
        )));
    } else {
        blocks.push(Block::Heading(
            4,
            Text::plain(format!(
                "The costliest deviations ({} of {}): frequency per hand, cost in Antes each time, share of the loss",
                cost.deviations.len().min(SHOWN),
                cost.deviations.len()
            )),
        ));
        blocks.push(Block::Table(Table { columns, rows }));
    }
    Section::of(blocks)
}

#[derive(Serialize)]
struct StrategyJson<'a> {
    strategy: &'a str,
    #[serde(flatten)]
    results: JsonDocument<'a>,
    strategy_costs: Vec<JsonCost<'a>>,
}

#[derive(Serialize)]
struct JsonCost<'a> {
    paytable: &'a str,
    optimal_house_edge: f64,
    optimal_house_edge_exact: String,
    lost: Vec<JsonValue>,
    deviations: Vec<JsonDeviation>,
}

#[derive(Serialize)]
struct JsonValue {
    point: &'static str,
    value: f64,
    value_exact: String,
}

#[derive(Serialize)]
struct JsonDeviation {
    point: &'static str,
    deviation: String,
    strategy: &'static str,
    optimal: &'static str,
    frequency: f64,
    frequency_exact: String,
    cost_each: f64,
    cost_each_exact: String,
    share: f64,
    share_exact: String,
}

fn json_value(point: &'static str, f: Fraction) -> JsonValue {
    JsonValue {
        point,
        value: f.to_f64(),
        value_exact: f.to_string(),
    }
}

/// `records` with a first column `strategy`: the strategy given, on
/// every row.
fn with_strategy(mut records: Records, label: &str) -> Records {
    records.columns.insert(0, "strategy".to_string());
    for row in &mut records.rows {
        row.insert(0, label.to_string());
    }
    records
}

/// The document of `game --strategy` for `costed` (one per table), the
/// strategy named by `label` (what the user gave, see the command).
pub fn document<'a>(
    results: &'a [WagerResult],
    costs: &'a [StrategyCost],
    strategy: &'a FileStrategy,
    label: &'a str,
    context: &ExportContext,
) -> io::Result<Document<'a>> {
    let costed: Vec<Costed> = results
        .iter()
        .zip(costs)
        .map(|(result, cost)| Costed { result, cost })
        .collect();
    let mut sections = Vec::new();
    for c in &costed {
        sections.push(terminal_section(c.result));
        sections.push(cost_section(c, strategy));
    }
    let json_costs = costed
        .iter()
        .map(|c| {
            let optimal = c.result.house_edge.clone() - c.cost.total();
            let mut lost: Vec<JsonValue> = Point::ALL
                .iter()
                .map(|&p| json_value(p.name(), c.cost.at(p)))
                .collect();
            lost.push(json_value("total", c.cost.total()));
            JsonCost {
                paytable: &c.result.paytable,
                optimal_house_edge: optimal.to_f64(),
                optimal_house_edge_exact: optimal.to_string(),
                lost,
                deviations: c
                    .cost
                    .deviations
                    .iter()
                    .take(SHOWN)
                    .map(|d| {
                        let f = c.cost.frequency(d);
                        let e = c.cost.per_occurrence(d);
                        let s = c.cost.share(d);
                        JsonDeviation {
                            point: d.point.name(),
                            deviation: situation(d, strategy),
                            strategy: d.strategy.name(),
                            optimal: d.optimal.name(),
                            frequency: f.to_f64(),
                            frequency_exact: f.to_string(),
                            cost_each: e.to_f64(),
                            cost_each_exact: e.to_string(),
                            share: s.to_f64(),
                            share_exact: s.to_string(),
                        }
                    })
                    .collect(),
            }
        })
        .collect();
    let extra: Vec<Vec<ExtraRow>> = costed
        .iter()
        .map(|c| {
            let mut rows: Vec<ExtraRow> = Point::ALL
                .iter()
                .map(|&p| ExtraRow {
                    row: "cost",
                    hand: format!("lost {}", p.name()),
                    probability: None,
                    value: c.cost.at(p),
                })
                .collect();
            rows.push(ExtraRow {
                row: "cost",
                hand: "lost in all".to_string(),
                probability: None,
                value: c.cost.total(),
            });
            rows.extend(c.cost.deviations.iter().take(SHOWN).map(|d| ExtraRow {
                row: "deviation",
                hand: deviation_words(d, strategy),
                probability: Some(c.cost.frequency(d)),
                value: c.cost.loss_of(d),
            }));
            rows
        })
        .collect();
    let json = StrategyJson {
        strategy: label,
        results: body(results),
        strategy_costs: json_costs,
    };
    Ok(Document {
        sections,
        provenance: context.provenance.clone(),
        json: Some(Box::new(json)),
        csv: Some(with_strategy(records_with(results, &extra)?, label)),
        ..Document::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::canonical::deck_of_ranks;
    use crate::exact::game::{evaluate_policy_cost, RiverTable};
    use crate::progress::Silent;
    use crate::report::{render, Format};
    use crate::rules::paytable::PayTable;
    use crate::strategy::AsPolicy;

    #[test]
    fn every_format_carries_the_split_and_the_costliest_deviations() {
        // On the 16-card deck J-A: `never-4x` checks every hand preflop,
        // where the best play raises 4x; the document must give, in every
        // format, the split (whose exact parts, read back from the JSON,
        // add up to the total) and the costliest deviation in words.
        let river = RiverTable::build(deck_of_ranks(&[9, 10, 11, 12]), &Silent);
        let table = PayTable::resolve("blind-a").unwrap();
        let strategy = FileStrategy::builtin("never-4x").unwrap();
        let both = evaluate_policy_cost(&river, &table, &AsPolicy(&strategy), &Silent);
        let results = vec![both.strategy.summary().to_result(&table)];
        let costs = vec![both.cost];
        let context = ExportContext::default();
        let doc = document(&results, &costs, &strategy, "never-4x", &context).unwrap();
        let top = deviation_words(&costs[0].deviations[0], &strategy);
        let preflop = costs[0]
            .deviations
            .iter()
            .find(|d| d.point == Point::Preflop);
        let preflop = deviation_words(preflop.expect("never-4x errs preflop"), &strategy);
        assert!(
            preflop.ends_with(": checks, optimal raises 4x"),
            "{preflop}"
        );
        // As each format writes the words (CSV doubles a quote, HTML
        // escapes it; JSON has the situation and the actions apart).
        let json_words = serde_json::to_string(&situation(&costs[0].deviations[0], &strategy));
        let expected = [
            (Format::Table, "lost preflop", top.clone()),
            (Format::Csv, "lost preflop", top.replace('"', "\"\"")),
            (Format::Json, "\"strategy_costs\"", json_words.unwrap()),
            (Format::Markdown, "lost preflop", top.clone()),
            (Format::Html, "lost preflop", crate::report::escape(&top)),
        ];
        assert_eq!(expected.len(), Format::ALL.len());
        for (format, split, words) in expected {
            let mut out = Vec::new();
            render(format, &doc, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains(split), "{format:?}");
            assert!(text.contains(&words), "{format:?}: {words}");
        }
        let mut out = Vec::new();
        render(Format::Json, &doc, &mut out).unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let lost = json["strategy_costs"][0]["lost"].as_array().unwrap();
        let exact = |v: &serde_json::Value| -> Fraction {
            Fraction::parse(v["value_exact"].as_str().unwrap()).unwrap()
        };
        let parts = lost[..3]
            .iter()
            .fold(Fraction::ZERO, |acc, v| acc + exact(v));
        assert_eq!(parts, exact(&lost[3]));
        assert_eq!(exact(&lost[3]), costs[0].total());
        // The CSV's first column names the strategy on every row.
        let csv = doc.csv.as_ref().unwrap();
        assert_eq!(csv.columns[0], "strategy");
        assert!(csv.rows.iter().all(|r| r[0] == "never-4x"));
    }

    #[test]
    fn a_river_deviation_names_the_river_rule_that_decided() {
        // On the 24-card deck 9-A the wizard errs on the river: each river
        // deviation is named by the river section's rule that decided,
        // numbered from 1, with its conditions as strategies/wizard.toml
        // writes them (not the flop section's rule of that number, nor the
        // made hand), or by the river's default.
        let written = [
            "pocket_pair = true",
            "hole_pairs_board = true",
            "category_at_least = \"straight\", improves_board = true",
            "dealer_outs_below = 21",
        ];
        let river = RiverTable::build(deck_of_ranks(&[7, 8, 9, 10, 11, 12]), &Silent);
        let table = PayTable::resolve("blind-a").unwrap();
        let strategy = FileStrategy::builtin("wizard").unwrap();
        let cost = evaluate_policy_cost(&river, &table, &AsPolicy(&strategy), &Silent).cost;
        let mut rules = 0;
        for d in cost.deviations.iter().filter(|d| d.point == Point::River) {
            let words = situation(d, &strategy);
            match d.situation {
                Situation::Rule(Decider::Rule(i)) => {
                    assert_eq!(words, format!("river rule {} ({})", i + 1, written[i]));
                    rules += 1;
                }
                Situation::Rule(Decider::Default) => {
                    assert_eq!(words, "river default (no rule matched)")
                }
                _ => panic!("a river deviation named {words}"),
            }
        }
        assert!(rules > 0, "the wizard's river rules err on this deck");
    }

    #[test]
    fn a_user_file_named_as_a_shipped_strategy_does_not_read_as_it() {
        let wizard = FileStrategy::builtin("wizard").unwrap();
        assert_eq!(strategy_label("wizard", &wizard), "shipped strategy wizard");
        assert_eq!(
            strategy_label("my.toml", &wizard),
            "strategy file my.toml (name: wizard)"
        );
    }
}
