//! The report's "Money rules" part: the payout limit per hand (COMAR
//! 36.05.16.12F) with the outcomes it caps and the house edge as the Ante
//! varies from the table minimum to the maximum, and each Progressive meter
//! (COMAR 36.05.16.12D) with its rate, reset, long-run return and each
//! award's odds. Built on the document model, so every format of `report`
//! has it; when no money rule is stated, it says so.

use super::document::{Block, Cell, Column, Figure, FigureLayout, Section, Table, Text};
use super::{one_in, percent};
use crate::analysis::money_rules::{limit_figure, LimitRow, MeterPart, PayoutLimitRule};
use crate::fraction::Fraction;
use crate::money::{dollars, dollars_to_cents};
use crate::rules::paytable::meters::percent_text;
use crate::rules::paytable::{Meter, PayTable};
use std::fmt::Write as _;

/// The money rules a report was given, and their figures.
#[derive(Clone, Debug, Default)]
pub struct MoneyRules {
    /// The payout limit, when stated.
    pub limit: Option<LimitFigures>,
    /// The long run of each table that states meters.
    pub meters: Vec<MeterPart>,
    /// The meters' tables, for their rate, reserve and reset.
    pub meter_tables: Vec<PayTable>,
}

/// The payout limit and its solves.
#[derive(Clone, Debug)]
pub struct LimitFigures {
    /// The limit and its reading.
    pub rule: PayoutLimitRule,
    /// The table minimum Ante, when stated.
    pub table_minimum: Option<Fraction>,
    /// The table maximum Ante, when stated.
    pub table_maximum: Option<Fraction>,
    /// Each Blind table's rows, one per Ante, lowest Ante first.
    pub rows: Vec<(String, Vec<LimitRow>)>,
}

impl MoneyRules {
    /// Whether any money rule was stated.
    pub fn is_empty(&self) -> bool {
        self.limit.is_none() && self.meters.is_empty()
    }
}

/// A decimal and its exact value: `0.0123% = 1/8130`.
fn exact(decimal: String, value: &Fraction) -> Text {
    Text::plain(format!("{decimal} = ")).then_exact(value.to_string())
}

/// The part, as one section (id `money-rules`).
pub fn section(rules: &MoneyRules) -> Section {
    let mut blocks = vec![Block::Heading(2, Text::plain("Money rules"))];
    if rules.is_empty() {
        blocks.push(Block::Paragraph(Text::plain(
            "No money rule was stated: no payout limit per hand (COMAR 36.05.16.12F) and no Progressive meter with its rate of progression and reset amount (COMAR 36.05.16.12D). Every figure of this report is without them. ",
        ).then("Add them with ").then_code("uth-edge report --payout-limit DOLLARS --ante DOLLARS").then(" and ").then_code("--rate PERCENT --reset DOLLARS").then(".")));
    }
    if let Some(limit) = &rules.limit {
        limit_blocks(limit, &mut blocks);
    }
    if !rules.meters.is_empty() {
        meter_blocks(rules, &mut blocks);
    }
    Section {
        id: Some("money-rules".into()),
        blocks,
    }
}

/// The payout limit's blocks.
fn limit_blocks(limit: &LimitFigures, blocks: &mut Vec<Block>) {
    let rule = &limit.rule;
    blocks.push(Block::Heading(3, Text::plain("Payout limit per hand")));
    let reading = if rule.net_of_losses {
        "the net win of the hand (its wins less the wagers it loses)"
    } else {
        "the sum of the winnings paid on the Ante, Blind, Play and Trips, stakes excluded, not reduced by wagers lost in the same hand"
    };
    let trips = match &rule.trips {
        Some((t, amount)) => format!(
            " Trips is wagered, {} on {}, and its win counts toward the limit, after a fold too.",
            dollars(amount),
            t.id
        ),
        None => " No Trips wager.".to_string(),
    };
    let covers = match &rule.trips {
        Some((t, amount)) => format!(
            "the base game (Ante, Blind, Play) and the Trips wager of {} on {}, whose loss counts in Antes of each Ante (so it weighs more at a small Ante)",
            dollars(amount),
            t.id
        ),
        None => "the base game (Ante, Blind, Play)".to_string(),
    };
    blocks.push(Block::Paragraph(Text::plain(format!(
        "A payout limit of {} per hand (COMAR 36.05.16.12F) caps {reading}.{trips} The Progressive and the Six Card Bonus are not limited. Each Ante below is a full solve of the base game, the player playing optimally knowing the limit; the Blind equals the Ante. Every house edge here is per Ante and covers {covers}, with the limit and without it alike: the two differ only where the limit caps an outcome.",
        dollars(&rule.limit)
    ))));
    for (id, rows) in &limit.rows {
        let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
            continue;
        };
        blocks.push(Block::Heading(4, Text::plain(format!("Blind table {id}"))));
        let at = |label: &str, stated: Option<&Fraction>, row: &LimitRow| {
            let name = match stated {
                Some(a) if *a == row.ante => {
                    format!("house edge at the table {label} ({} Ante)", dollars(a))
                }
                _ => format!("house edge at a {} Ante", dollars(&row.ante)),
            };
            Figure {
                label: name,
                value: exact(
                    percent(row.result.house_edge.clone()),
                    &row.result.house_edge,
                ),
            }
        };
        let without = |row: &LimitRow| {
            row.unlimited.as_ref().map(|u| Figure {
                label: format!(
                    "the same wagers without the limit at a {} Ante",
                    dollars(&row.ante)
                ),
                value: exact(percent(u.clone()), u),
            })
        };
        let mut figures = vec![at("minimum", limit.table_minimum.as_ref(), first)];
        figures.extend(without(first));
        if rows.len() > 1 {
            figures.push(at("maximum", limit.table_maximum.as_ref(), last));
            figures.extend(without(last));
        }
        blocks.push(Block::Figures(FigureLayout::Loose, figures));
        blocks.push(Block::Table(ante_table(rows)));
        if rows.len() > 1 {
            blocks.push(Block::Plot(edge_plot(id, rows)));
        }
        for row in rows {
            blocks.push(Block::Paragraph(Text::plain(format!(
                "Outcomes the limit caps at a {} Ante (limit {} Antes):",
                dollars(&row.ante),
                limit_figure(row, "payout_limit_in_antes")
            ))));
            if row.capped.is_empty() {
                blocks.push(Block::Paragraph(Text::plain(
                    "none: the limit does not bind at this Ante.",
                )));
                continue;
            }
            blocks.push(Block::Table(Table {
                columns: vec![
                    Column::left("outcome"),
                    Column::right("probability"),
                    Column::right("1 in"),
                    Column::right("withheld (Antes)"),
                    Column::right("withheld"),
                ],
                rows: row
                    .capped
                    .iter()
                    .map(|c| {
                        vec![
                            Cell::plain(&c.outcome),
                            Cell::decimal(c.probability.to_fixed(12), c.probability.to_string()),
                            Cell::plain(one_in(c.probability.clone())),
                            Cell::exact(c.withheld.to_string()),
                            Cell::plain(dollars(&c.withheld * &row.ante)),
                        ]
                    })
                    .collect(),
            }));
        }
    }
}

/// One row per Ante: the house edge under the limit and the limit's
/// figures.
fn ante_table(rows: &[LimitRow]) -> Table {
    Table {
        columns: vec![
            Column::right("Ante"),
            Column::right("limit (Antes)"),
            Column::right("house edge"),
            Column::right("without the limit"),
            Column::right("per total wagered"),
            Column::right("P(capped)"),
            Column::right("withheld per hand"),
            Column::left("house edge, exact"),
        ],
        rows: rows
            .iter()
            .map(|r| {
                let edge = &r.result.house_edge;
                let per_total = limit_figure(r, "house_edge_per_total_wagered");
                let capped = limit_figure(r, "probability_a_hand_is_capped");
                let withheld = limit_figure(r, "withheld_per_hand");
                vec![
                    Cell::plain(dollars(&r.ante)),
                    Cell::exact(limit_figure(r, "payout_limit_in_antes").to_string()),
                    Cell::decimal(percent(edge.clone()), edge.to_string()),
                    r.unlimited.as_ref().map_or(Cell::plain(""), |u| {
                        Cell::decimal(percent(u.clone()), u.to_string())
                    }),
                    Cell::decimal(percent(per_total.clone()), per_total.to_string()),
                    Cell::decimal(capped.to_fixed(12), capped.to_string()),
                    Cell::decimal(format!("${}", withheld.to_fixed(4)), withheld.to_string()),
                    Cell::exact(edge.to_string()),
                ]
            })
            .collect(),
    }
}

/// The house edge as the Ante varies, as an SVG line (HTML only; the
/// table gives the same figures): the Ante on a log scale.
fn edge_plot(id: &str, rows: &[LimitRow]) -> String {
    let (w, h, left, bottom) = (640.0, 260.0, 70.0, 40.0);
    let xs: Vec<f64> = rows.iter().map(|r| r.ante.to_f64().ln()).collect();
    let ys: Vec<f64> = rows
        .iter()
        .map(|r| r.result.house_edge.to_f64() * 100.0)
        .collect();
    let (x0, x1) = (xs[0], xs[xs.len() - 1].max(xs[0] + 1e-9));
    // The same wagers without the limit, Ante by Ante (dashed).
    let base: Vec<Option<f64>> = rows
        .iter()
        .map(|r| r.unlimited.as_ref().map(|u| u.to_f64() * 100.0))
        .collect();
    let y0 = ys
        .iter()
        .copied()
        .chain(base.iter().flatten().copied())
        .fold(f64::INFINITY, f64::min);
    let y1 = ys
        .iter()
        .copied()
        .chain(base.iter().flatten().copied())
        .fold(f64::NEG_INFINITY, f64::max)
        .max(y0 + 1e-9);
    let px = |x: f64| left + (x - x0) / (x1 - x0) * (w - left - 20.0);
    let py = |y: f64| 20.0 + (y1 - y) / (y1 - y0) * (h - bottom - 20.0);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<figure class=\"money-rules-plot\"><svg role=\"img\" aria-label=\"house edge under the payout limit by Ante, {id}\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
    );
    let dashed: Vec<String> = xs
        .iter()
        .zip(&base)
        .filter_map(|(x, b)| b.map(|b| format!("{:.1},{:.1}", px(*x), py(b))))
        .collect();
    if dashed.len() == rows.len() {
        let _ = writeln!(
            s,
            "<polyline fill=\"none\" stroke=\"#999\" stroke-dasharray=\"4 3\" points=\"{}\"/>",
            dashed.join(" ")
        );
    }
    let points: Vec<String> = xs
        .iter()
        .zip(&ys)
        .map(|(x, y)| format!("{:.1},{:.1}", px(*x), py(*y)))
        .collect();
    let _ = writeln!(
        s,
        "<polyline fill=\"none\" stroke=\"#2e5d9f\" stroke-width=\"2\" points=\"{}\"/>",
        points.join(" ")
    );
    for (r, (x, y)) in rows.iter().zip(xs.iter().zip(&ys)) {
        let _ = writeln!(
            s,
            "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"3\" fill=\"#2e5d9f\"><title>{ante} Ante: {y:.4}% = {exact}</title></circle><text x=\"{cx:.1}\" y=\"{ty}\" font-size=\"11\" text-anchor=\"middle\">{ante}</text><text x=\"{lx:.1}\" y=\"{cy:.1}\" font-size=\"11\" text-anchor=\"end\">{y:.3}%</text>",
            cx = px(*x),
            cy = py(*y),
            ante = super::render::escape(&dollars(&r.ante)),
            exact = r.result.house_edge,
            ty = h - bottom + 16.0,
            lx = left - 6.0,
        );
    }
    let _ = writeln!(
        s,
        "</svg><figcaption>House edge per Ante under the payout limit, {id}, by Ante (log scale); dashed: the same wagers without the limit.</figcaption></figure>"
    );
    s
}

/// The meters' blocks.
fn meter_blocks(rules: &MoneyRules, blocks: &mut Vec<Block>) {
    blocks.push(Block::Heading(3, Text::plain("Progressive meters")));
    blocks.push(Block::Paragraph(Text::plain(
        "The long run of each meter (COMAR 36.05.16.12D: the rules submission states the rate of progression and the initial and reset amount; a meter award pays the meter when it is the player's turn to be paid): a $1 wager, no other player, awards under 100% coming off the meter. The derivation is in the uth-edge documentation, 'Money rules around the pay tables'.",
    )));
    for (part, table) in rules.meters.iter().zip(&rules.meter_tables) {
        let r = &part.result;
        blocks.push(Block::Heading(
            4,
            Text::plain(format!("Pay table {}", table.id)),
        ));
        blocks.push(Block::List(
            table
                .rules
                .meters
                .iter()
                .map(|m| {
                    let name = if m.name == Meter::DEFAULT_NAME {
                        "the meter".to_string()
                    } else {
                        format!("meter {}", m.name)
                    };
                    let mut t = format!(
                        "{name}: rate of progression {}, initial and reset amount {}",
                        percent_text(&m.rate),
                        dollars(&m.reset)
                    );
                    if m.reserve.is_positive() {
                        t += &format!(
                            ", of which {} funds the next reset",
                            percent_text(&m.reserve)
                        );
                    }
                    if let Some(c) = &m.ceiling {
                        t += &format!(", ceiling {}", dollars(c));
                    }
                    Text::plain(t)
                })
                .collect(),
        ));
        let long_return = Fraction::ONE - &r.house_edge;
        let mut figures = vec![
            Figure {
                label: "long-run house edge".into(),
                value: exact(percent(r.house_edge.clone()), &r.house_edge),
            },
            Figure {
                label: "long-run return".into(),
                value: exact(percent(long_return.clone()), &long_return),
            },
        ];
        figures.extend(
            r.figures
                .iter()
                .filter(|f| f.name.starts_with("expected ") && f.name.ends_with(" when paid"))
                .map(|f| Figure {
                    label: f.name.clone(),
                    value: exact(dollars_to_cents(&f.value), &f.value),
                }),
        );
        blocks.push(Block::Figures(FigureLayout::Loose, figures));
        let hours = part.awards.iter().any(|a| a.mean_hours.is_some());
        let mut columns = vec![
            Column::left("hand"),
            Column::left("pays"),
            Column::right("probability"),
            Column::right("1 in"),
        ];
        if hours {
            columns.push(Column::right("mean hours between hits"));
        }
        blocks.push(Block::Table(Table {
            columns,
            rows: part
                .awards
                .iter()
                .map(|a| {
                    let mut row = vec![
                        Cell::plain(&a.hand),
                        Cell::plain(&a.pays),
                        Cell::decimal(a.probability.to_fixed(12), a.probability.to_string()),
                        Cell::plain(one_in(a.probability.clone())),
                    ];
                    if let Some(h) = &a.mean_hours {
                        row.push(Cell::decimal(h.to_fixed(2), h.to_string()));
                    } else if hours {
                        row.push(Cell::plain(""));
                    }
                    row
                })
                .collect(),
        }));
        if !hours {
            blocks.push(Block::Paragraph(
                Text::plain("The mean time between hits needs a number of wagers per hour: ")
                    .then_code("--wagers-per-hour N")
                    .then("."),
            ));
        }
    }
}
