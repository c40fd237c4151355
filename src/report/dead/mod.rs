//! The dead-card cases (`uth-edge game --seen exposed:1`, `--seen
//! collude:K`, `merge`) as a document ([`document`]): each colluding
//! player's exact expectation, the gain over the base game, the team's gain
//! and the house's loss per hour, for people (a section per case), one CSV
//! row per case (the results file's format, columns [`CSV_COLUMNS`]) or
//! JSON.

pub mod chart;
pub mod estimate;
pub mod leak;

use super::document::{Block, Document, Records, Section, Text};
use super::percent;
use super::Decimal;
use crate::analysis::provenance::Provenance;
use crate::exact::seen::dead::{DeadCase, DeadSums};
use crate::fraction::Fraction;
use serde::Serialize;
use std::io;

/// A solved dead-card case with what its reading needs.
pub struct DeadFigures<'a> {
    /// The case's exact sums (the whole run).
    pub sums: &'a DeadSums,
    /// The base game's expectation per Ante on the same deck and table.
    pub base_per_ante: Fraction,
    /// Ante in dollars.
    pub ante: Fraction,
    /// Hands per hour each player plays.
    pub hands_per_hour: u32,
}

impl DeadFigures<'_> {
    fn players(&self) -> i128 {
        self.sums.case.players() as i128
    }

    /// One player's gain over the base game per Ante.
    pub fn gain(&self) -> Fraction {
        self.sums.per_ante() - self.base_per_ante.clone()
    }

    /// The team's gain per round (all its players' hands), in Antes.
    pub fn team_gain(&self) -> Fraction {
        Fraction::from_int(self.players()) * self.gain()
    }

    /// The team's expectation per round, in Antes.
    pub fn team_per_ante(&self) -> Fraction {
        Fraction::from_int(self.players()) * self.sums.per_ante()
    }

    fn per_hour(&self, per_round: Fraction) -> Fraction {
        per_round * self.ante.clone() * Fraction::from_int(self.hands_per_hour as i128)
    }
}

/// The CSV columns, in order (docs/collusion.md); the one reader of the
/// file, [`crate::analysis::dead_results`], holds them.
pub use crate::analysis::dead_results::CSV_COLUMNS;

/// One row of [`CSV_COLUMNS`]: a case (also a case of the JSON body).
#[derive(Serialize)]
struct Row<'a> {
    case: String,
    paytable: &'a str,
    paytable_sha256: &'a str,
    engine: u32,
    deck: String,
    classes: usize,
    deals: i128,
    player_edge_per_ante: Decimal,
    player_edge_per_ante_exact: String,
    base_game_per_ante_exact: String,
    gain_per_ante: Decimal,
    gain_per_ante_exact: String,
    team_gain_per_round_exact: String,
    ante: String,
    hands_per_hour: u32,
    house_loss_per_hour: String,
    team_win_per_hour: String,
    raise_4x: Decimal,
    raise_3x: Decimal,
    raise_2x: Decimal,
    raise_1x: Decimal,
    fold: Decimal,
    std_dev_per_player: Decimal,
    variance_per_player_exact: String,
    average_total_wager_exact: String,
}

fn row<'a>(f: &'a DeadFigures<'a>) -> Row<'a> {
    let s = f.sums;
    let [fold, one, two, three, four] = s.action_shares();
    Row {
        case: s.case.to_string(),
        paytable: &s.paytable,
        paytable_sha256: &s.paytable_sha256,
        engine: s.engine,
        deck: format!("{:#x}", s.deck.0),
        classes: s.classes,
        deals: s.tally.deals,
        player_edge_per_ante: Decimal::of(&s.per_ante()),
        player_edge_per_ante_exact: s.per_ante().to_string(),
        base_game_per_ante_exact: f.base_per_ante.to_string(),
        gain_per_ante: Decimal::of(&f.gain()),
        gain_per_ante_exact: f.gain().to_string(),
        team_gain_per_round_exact: f.team_gain().to_string(),
        ante: f.ante.to_string(),
        hands_per_hour: f.hands_per_hour,
        house_loss_per_hour: f.per_hour(f.team_gain()).to_fixed(2),
        team_win_per_hour: f.per_hour(f.team_per_ante()).to_fixed(2),
        raise_4x: Decimal::of(&four),
        raise_3x: Decimal::of(&three),
        raise_2x: Decimal::of(&two),
        raise_1x: Decimal::of(&one),
        fold: Decimal::of(&fold),
        std_dev_per_player: Decimal(s.variance().sqrt_to_f64()),
        variance_per_player_exact: s.variance().to_string(),
        average_total_wager_exact: s.average_wagered().to_string(),
    }
}

/// The JSON body: the cases, and why the team's standard deviation is not
/// given.
#[derive(Serialize)]
struct JsonCases<'a> {
    cases: Vec<Row<'a>>,
    team_standard_deviation: &'static str,
}

/// Why the team's standard deviation is not printed.
pub const TEAM_SD_NOTE: &str = "not given: the team's variance needs the covariance of the \
     partners' results (they play against one dealer hand), which is not computed";

/// What the case means, for people.
fn meaning(case: DeadCase) -> String {
    match case {
        DeadCase::Exposed => "one card out of play, seen by all (COMAR 36.05.16.13A)".to_string(),
        DeadCase::Collude(1) => "one player alone: the base game".to_string(),
        DeadCase::Collude(k) => format!(
            "{k} players pool their hole cards: each plays knowing {} partner cards",
            2 * (k - 1)
        ),
    }
}

/// One case's section: its heading line, then its figures one a line.
fn case_section(f: &DeadFigures) -> Section {
    let s = f.sums;
    let k = s.case.players();
    let [fold, one, two, three, four] = s.action_shares();
    let note = |text: Text| Block::Note(text);
    let exact = |text: String, value: &Fraction, after: &str| {
        note(
            Text::plain(text)
                .then_exact(value.to_string())
                .then(after.to_string()),
        )
    };
    let mut blocks = vec![
        Block::Paragraph(Text::plain(format!(
            "Dead cards: {} ({})   Blind table: {}",
            s.case,
            meaning(s.case),
            s.paytable
        ))),
        note(Text::plain(format!(
            "classes (player cards, dead cards) up to suit renaming: {}",
            s.classes
        ))),
    ];
    let who = if k > 1 {
        "each player's"
    } else {
        "the player's"
    };
    blocks.push(exact(
        format!(
            "{who} expectation per Ante  {:>10}   (exact ",
            percent(s.per_ante())
        ),
        &s.per_ante(),
        ")",
    ));
    blocks.push(exact(
        format!(
            "base game per Ante               {:>10}   (exact ",
            percent(f.base_per_ante.clone())
        ),
        &f.base_per_ante,
        ")",
    ));
    blocks.push(exact(
        format!(
            "gain over the base game per Ante {:>10}   (exact ",
            percent(f.gain())
        ),
        &f.gain(),
        ")",
    ));
    if k > 1 {
        blocks.push(exact(
            format!(
                "team's gain per round ({k} hands)  {:>10} of an Ante (exact ",
                percent(f.team_gain())
            ),
            &f.team_gain(),
            ")",
        ));
    }
    blocks.push(note(Text::plain(format!(
        "house's loss from it: ${} per hour (${} Ante, {} hands per hour{})",
        f.per_hour(f.team_gain()).to_fixed(2),
        f.ante.to_fixed(2),
        f.hands_per_hour,
        if k > 1 { ", every player" } else { "" }
    ))));
    let team = f.team_per_ante();
    let who = if k > 1 { "team" } else { "player" };
    blocks.push(note(Text::plain(if team.is_negative() {
        format!(
            "the {who} still loses: ${} per hour; the leak lowers the house's win, it does not beat the game",
            f.per_hour(-team.clone()).to_fixed(2)
        )
    } else {
        format!(
            "the {who} wins ${} per hour",
            f.per_hour(team.clone()).to_fixed(2)
        )
    })));
    blocks.push(note(Text::plain(format!(
        "Play: 4x {}  3x {}  2x {}  1x {}  fold {}",
        percent(four),
        percent(three),
        percent(two),
        percent(one),
        percent(fold)
    ))));
    blocks.push(exact(
        format!(
            "standard deviation per hand, one player: {:.4} Antes (variance ",
            s.variance().sqrt_to_f64()
        ),
        &s.variance(),
        ")",
    ));
    if k > 1 {
        blocks.push(note(Text::plain(format!(
            "the team's standard deviation: {TEAM_SD_NOTE}"
        ))));
    }
    Section::of(blocks)
}

/// The cases as a document: a section per case (what it means, each
/// player's expectation, the gain over the base game, the team's gain, the
/// house's loss per hour, the final Play, the standard deviation); the CSV
/// records ([`CSV_COLUMNS`], one row per case, the format of
/// `results/dead_cards.CASE.csv`) and the JSON body (`cases`: the same rows;
/// `team_standard_deviation`).
pub fn document<'a>(
    cases: &'a [DeadFigures<'a>],
    provenance: Option<Provenance>,
) -> io::Result<Document<'a>> {
    let mut sections: Vec<Section> = cases.iter().map(case_section).collect();
    // The text table has always ended each case with a blank line, the last
    // one too: an empty last section.
    sections.push(Section::default());
    Ok(Document {
        sections,
        provenance,
        csv: Some(Records::of(&CSV_COLUMNS, cases.iter().map(row))?),
        json: Some(Box::new(JsonCases {
            cases: cases.iter().map(row).collect(),
            team_standard_deviation: TEAM_SD_NOTE,
        })),
        ..Document::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::seen::dead::DeadCase;

    #[test]
    fn the_row_struct_has_the_documented_columns() {
        // The writer's row struct against the one column list, which the
        // reader (analysis::dead_results) checks a file's header against.
        let sums = DeadSums {
            case: DeadCase::Collude(2),
            paytable: "blind-a".into(),
            paytable_sha256: "0".repeat(64),
            engine: 1,
            deck: crate::cards::CardSet::FULL_DECK,
            scale: 1,
            classes: 1,
            shard: crate::exact::seen::dead::Shard::ALL,
            tally: crate::exact::seen::Tally {
                deals: 1,
                value: 1,
                square: 1,
                actions: [0, 0, 0, 0, 1],
            },
        };
        let figures = DeadFigures {
            sums: &sums,
            base_per_ante: Fraction::ZERO,
            ante: Fraction::ONE,
            hands_per_hour: 30,
        };
        assert_eq!(crate::report::header_of(row(&figures)), CSV_COLUMNS);
    }
}
