//! The sampled estimate of collusion (`uth-edge game --seen collude:K
//! --samples N --seed S`, [`crate::sample::dead_cards`]): each colluding
//! player's expectation per Ante and the gain over the base game with their
//! 95% half-width, the team's gain and the house's loss per hour, and the
//! strata; as one document ([`document`]): its text, one CSV record per
//! estimate (columns [`CSV_COLUMNS`]) and its JSON body. Every figure but
//! the base game's is labelled an estimate.

use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::report::document::{Block, Cell, Column, Document, Records, Section, Table, Text};
use crate::report::{percent, Decimal};
use crate::sample::dead_cards::{DeadEstimate, SampleUnit};
use serde::Serialize;
use std::io;

/// What every output of the estimate says.
pub const ESTIMATE_NOTE: &str = "an ESTIMATE from a stratified sample of situations, each \
     solved exactly; not an exact figure: the true value lies within the half-width in 95% \
     of samples";

/// What the estimate from classes of the partners' cards says
/// (`--by-class`).
pub const CLASS_ESTIMATE_NOTE: &str = "an ESTIMATE from a stratified sample of classes of the \
     partners' cards, each solved exactly for every player holding; not an exact figure: the true \
     value lies within the half-width in 95% of samples";

/// The estimate with what its reading needs.
pub struct EstimateFigures<'a> {
    /// The estimate.
    pub estimate: &'a DeadEstimate,
    /// Ante in dollars.
    pub ante: Fraction,
    /// Hands per hour each player plays.
    pub hands_per_hour: u32,
}

impl EstimateFigures<'_> {
    /// Dollars per hour of `per_round` Antes a round (every player's hand).
    fn per_hour(&self, per_round: f64) -> f64 {
        per_round * self.ante.to_f64() * self.hands_per_hour as f64
    }

    fn players(&self) -> f64 {
        self.estimate.players as f64
    }
}

/// The CSV columns, in order (docs/collusion.md).
pub const CSV_COLUMNS: [&str; 14] = [
    "case",
    "paytable",
    "estimate",
    "seed",
    "samples_per_stratum",
    "strata",
    "situations",
    "player_edge_per_ante",
    "base_game_per_ante_exact",
    "gain_per_ante",
    "half_width_95",
    "team_gain_per_round",
    "house_loss_per_hour",
    "house_loss_per_hour_half_width_95",
];

#[derive(Serialize)]
struct Row<'a> {
    case: String,
    paytable: &'a str,
    estimate: &'static str,
    seed: u64,
    samples_per_stratum: u64,
    strata: usize,
    situations: u64,
    player_edge_per_ante: Decimal,
    base_game_per_ante_exact: String,
    gain_per_ante: Decimal,
    half_width_95: Decimal,
    team_gain_per_round: Decimal,
    house_loss_per_hour: String,
    house_loss_per_hour_half_width_95: String,
}

fn row<'a>(f: &'a EstimateFigures<'a>) -> Row<'a> {
    let e = f.estimate;
    Row {
        case: format!("collude:{}", e.players),
        paytable: &e.paytable,
        estimate: "sampled",
        seed: e.plan.seed,
        samples_per_stratum: e.plan.samples,
        strata: e.strata.len(),
        situations: e.population,
        player_edge_per_ante: Decimal(e.per_ante()),
        base_game_per_ante_exact: e.base_per_ante.to_string(),
        gain_per_ante: Decimal(e.gain),
        half_width_95: Decimal(e.half_width),
        team_gain_per_round: Decimal(f.players() * e.gain),
        house_loss_per_hour: format!("{:.2}", f.per_hour(f.players() * e.gain)),
        house_loss_per_hour_half_width_95: format!("{:.2}", f.per_hour(f.players() * e.half_width)),
    }
}

#[derive(Serialize)]
struct StratumDetail<'a> {
    name: &'a str,
    population: u64,
    samples: u64,
    mean_gain: Decimal,
    variance: Decimal,
}

/// The control variate of a class sample (JSON only).
#[derive(Serialize)]
struct ControlDetail {
    strategy: &'static str,
    full_deck_per_ante_exact: String,
    half_width_95_without_control: Decimal,
}

#[derive(Serialize)]
struct Case<'a> {
    #[serde(flatten)]
    row: Row<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    control: Option<ControlDetail>,
    strata_detail: Vec<StratumDetail<'a>>,
}

/// The JSON body: the note, then each estimate's row with its strata.
#[derive(Serialize)]
struct Body<'a> {
    note: &'static str,
    cases: Vec<Case<'a>>,
}

fn case<'a>(f: &'a EstimateFigures<'a>) -> Case<'a> {
    Case {
        row: row(f),
        control: f.estimate.control.as_ref().map(|c| ControlDetail {
            strategy: c.strategy,
            full_deck_per_ante_exact: c.per_ante.to_string(),
            half_width_95_without_control: Decimal(c.plain_half_width),
        }),
        strata_detail: f
            .estimate
            .strata
            .iter()
            .map(|s| StratumDetail {
                name: &s.name,
                population: s.population,
                samples: s.samples,
                mean_gain: Decimal(s.mean_gain),
                variance: Decimal(s.variance),
            })
            .collect(),
    }
}

/// The estimates as a document: per estimate its lines and its strata
/// table, then a blank line; one CSV record each; the JSON body with the
/// note and the strata.
pub fn document<'a>(
    cases: &'a [EstimateFigures<'a>],
    provenance: Option<Provenance>,
) -> io::Result<Document<'a>> {
    let blocks = cases.iter().flat_map(text_blocks).collect();
    Ok(Document {
        sections: vec![Section::of(blocks)],
        provenance,
        json: Some(Box::new(Body {
            note: if cases.iter().any(|f| f.estimate.unit == SampleUnit::Classes) {
                CLASS_ESTIMATE_NOTE
            } else {
                ESTIMATE_NOTE
            },
            cases: cases.iter().map(case).collect(),
        })),
        csv: Some(Records::of(&CSV_COLUMNS, cases.iter().map(row))?),
        ..Document::default()
    })
}

/// A share as a signed percentage with four decimals.
fn pct(x: f64) -> String {
    format!("{:+.4}%", 100.0 * x)
}

/// One estimate's lines (its strata in a table), then a blank line.
fn text_blocks(f: &EstimateFigures) -> Vec<Block> {
    let e = f.estimate;
    let k = e.players;
    let note = |text: String| Block::Note(Text::plain(text));
    let team = f.players() * e.per_ante();
    let team_hw = f.players() * e.half_width;
    let verdict = if team + team_hw < 0.0 {
        "the team still loses (the whole interval is below zero): the leak lowers the house's win, it does not beat the game"
    } else if team - team_hw > 0.0 {
        "the team wins (the whole interval is above zero)"
    } else {
        "the interval holds zero: the sample cannot tell whether the team wins or loses"
    };
    let strata = Table {
        columns: vec![
            Column::left("stratum").at_least(28),
            Column::right("situations").at_least(16).spaced(1),
            Column::right("samples").at_least(8).spaced(1),
            Column::right(if e.control.is_some() {
                "mean gain less control"
            } else {
                "mean gain"
            })
            .at_least(12)
            .spaced(1),
            Column::right("std dev").at_least(10).spaced(1),
        ],
        rows: e
            .strata
            .iter()
            .map(|s| {
                vec![
                    Cell::plain(&s.name),
                    Cell::plain(s.population.to_string()),
                    Cell::plain(s.samples.to_string()),
                    Cell::plain(pct(s.mean_gain)),
                    Cell::plain(format!("{:.4}", s.variance.sqrt())),
                ]
            })
            .collect(),
    };
    let control = e.control.as_ref().map(|c| {
        note(format!(
            "control variate: strategy {} played exactly on each drawn class's deck (it ignores the dead cards, so its mean over every class is its full-deck expectation per Ante, exact {} = {}); each class counts its gain less the control's gain; without it the half-width would be +/- {}",
            c.strategy,
            c.per_ante,
            percent(c.per_ante.clone()),
            pct(c.plain_half_width).trim_start_matches('+')
        ))
    });
    let mut blocks = vec![
        Block::Paragraph(Text::plain(format!(
            "Dead cards: collude:{k} ({k} players pool their hole cards: each plays knowing {} partner cards)   Blind table: {}",
            2 * (k - 1),
            e.paytable
        ))),
        note(match e.unit {
            SampleUnit::Situations => ESTIMATE_NOTE.to_string(),
            SampleUnit::Classes => CLASS_ESTIMATE_NOTE.to_string(),
        }),
        note(format!(
            "sample: {} strata x {} {} (seed {}) of {} situations (player cards, partners' cards)",
            e.strata.len(),
            e.plan.samples,
            e.unit.name(),
            e.plan.seed,
            e.population
        )),
        note(format!(
            "each player's expectation per Ante  {} +/- {} (95%, estimate)",
            pct(e.per_ante()),
            pct(e.half_width).trim_start_matches('+')
        )),
        note(format!(
            "base game per Ante                  {:>9}  (exact {})",
            percent(e.base_per_ante.clone()),
            e.base_per_ante
        )),
        note(format!(
            "gain over the base game per Ante    {} +/- {} (95%, estimate)",
            pct(e.gain),
            pct(e.half_width).trim_start_matches('+')
        )),
        note(format!(
            "team's gain per round ({k} hands)     {} +/- {} of an Ante (estimate)",
            pct(f.players() * e.gain),
            pct(f.players() * e.half_width).trim_start_matches('+')
        )),
        note(format!(
            "house's loss from it: ${:.2} +/- ${:.2} per hour (${} Ante, {} hands per hour, every player; estimate)",
            f.per_hour(f.players() * e.gain),
            f.per_hour(f.players() * e.half_width),
            f.ante.to_fixed(2),
            f.hands_per_hour
        )),
        note(verdict.to_string()),
    ];
    blocks.extend(control);
    blocks.push(Block::Table(strata));
    // The blank line that ends each estimate.
    blocks.push(Block::Paragraph(Text::default()));
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSet;
    use crate::sample::dead_cards::SamplePlan;

    #[test]
    fn the_row_has_the_documented_columns() {
        let estimate = DeadEstimate {
            control: None,
            players: 4,
            unit: SampleUnit::Situations,
            paytable: "blind-a".into(),
            deck: CardSet::FULL_DECK,
            plan: SamplePlan {
                samples: 2,
                seed: 1,
            },
            population: 1,
            strata: vec![],
            base_per_ante: Fraction::from_int(0),
            gain: 0.0,
            std_error: 0.0,
            half_width: 0.0,
        };
        let f = EstimateFigures {
            estimate: &estimate,
            ante: Fraction::from_int(10),
            hands_per_hour: 30,
        };
        assert_eq!(crate::report::header_of(row(&f)), CSV_COLUMNS);
    }
}
