//! The dead-card cases (`uth-edge game --seen exposed:1`, `--seen
//! collude:K`): each colluding player's exact expectation, the gain over the
//! base game, the team's gain and the house's loss per hour, as a table, one
//! CSV row per case or JSON.

use super::csv::{write_rows, Decimal};
use super::{percent, write_document};
use crate::analysis::provenance::Provenance;
use crate::exact::seen::dead::{DeadCase, DeadSums};
use crate::fraction::Fraction;
use serde::Serialize;
use std::io::{self, Write};

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

/// The CSV columns, in order (docs/collusion.md).
pub const CSV_COLUMNS: [&str; 20] = [
    "case",
    "paytable",
    "classes",
    "deals",
    "player_edge_per_ante",
    "player_edge_per_ante_exact",
    "base_game_per_ante_exact",
    "gain_per_ante",
    "gain_per_ante_exact",
    "team_gain_per_round_exact",
    "house_loss_per_hour",
    "team_win_per_hour",
    "raise_4x",
    "raise_3x",
    "raise_2x",
    "raise_1x",
    "fold",
    "std_dev_per_player",
    "variance_per_player_exact",
    "average_total_wager_exact",
];

#[derive(Serialize)]
struct Row<'a> {
    case: String,
    paytable: &'a str,
    classes: usize,
    deals: i128,
    player_edge_per_ante: Decimal,
    player_edge_per_ante_exact: String,
    base_game_per_ante_exact: String,
    gain_per_ante: Decimal,
    gain_per_ante_exact: String,
    team_gain_per_round_exact: String,
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
        classes: s.classes,
        deals: s.tally.deals,
        player_edge_per_ante: Decimal::of(&s.per_ante()),
        player_edge_per_ante_exact: s.per_ante().to_string(),
        base_game_per_ante_exact: f.base_per_ante.to_string(),
        gain_per_ante: Decimal::of(&f.gain()),
        gain_per_ante_exact: f.gain().to_string(),
        team_gain_per_round_exact: f.team_gain().to_string(),
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

/// One CSV row per case, columns [`CSV_COLUMNS`].
pub fn write_csv(cases: &[DeadFigures], out: &mut dyn Write) -> io::Result<()> {
    write_rows(&CSV_COLUMNS, cases.iter().map(row), out)
}

/// The cases as one JSON document.
pub fn write_json(
    cases: &[DeadFigures],
    provenance: Option<&Provenance>,
    out: &mut dyn Write,
) -> io::Result<()> {
    #[derive(Serialize)]
    struct Document<'a> {
        cases: Vec<Row<'a>>,
        team_standard_deviation: &'static str,
    }
    let document = Document {
        cases: cases.iter().map(row).collect(),
        team_standard_deviation: TEAM_SD_NOTE,
    };
    write_document(document, provenance, out)
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

/// The cases as aligned text for people.
pub fn write_table(cases: &[DeadFigures], out: &mut dyn Write) -> io::Result<()> {
    for f in cases {
        let s = f.sums;
        let k = s.case.players();
        let [fold, one, two, three, four] = s.action_shares();
        writeln!(
            out,
            "Dead cards: {} ({})   Blind table: {}",
            s.case,
            meaning(s.case),
            s.paytable
        )?;
        writeln!(
            out,
            "  classes (player cards, dead cards) up to suit renaming: {}",
            s.classes
        )?;
        let who = if k > 1 {
            "each player's"
        } else {
            "the player's"
        };
        writeln!(
            out,
            "  {who} expectation per Ante  {:>10}   (exact {})",
            percent(s.per_ante()),
            s.per_ante()
        )?;
        writeln!(
            out,
            "  base game per Ante               {:>10}   (exact {})",
            percent(f.base_per_ante.clone()),
            f.base_per_ante
        )?;
        writeln!(
            out,
            "  gain over the base game per Ante {:>10}   (exact {})",
            percent(f.gain()),
            f.gain()
        )?;
        if k > 1 {
            writeln!(
                out,
                "  team's gain per round ({k} hands)  {:>10} of an Ante (exact {})",
                percent(f.team_gain()),
                f.team_gain()
            )?;
        }
        writeln!(
            out,
            "  house's loss from it: ${} per hour (${} Ante, {} hands per hour{})",
            f.per_hour(f.team_gain()).to_fixed(2),
            f.ante.to_fixed(2),
            f.hands_per_hour,
            if k > 1 { ", every player" } else { "" }
        )?;
        let team = f.team_per_ante();
        if team.is_negative() {
            writeln!(
                out,
                "  the {} still loses: ${} per hour; the leak lowers the house's win, it does not beat the game",
                if k > 1 { "team" } else { "player" },
                f.per_hour(-team.clone()).to_fixed(2)
            )?;
        } else {
            writeln!(
                out,
                "  the {} wins ${} per hour",
                if k > 1 { "team" } else { "player" },
                f.per_hour(team.clone()).to_fixed(2)
            )?;
        }
        writeln!(
            out,
            "  Play: 4x {}  3x {}  2x {}  1x {}  fold {}",
            percent(four),
            percent(three),
            percent(two),
            percent(one),
            percent(fold)
        )?;
        writeln!(
            out,
            "  standard deviation per hand, one player: {:.4} Antes (variance {})",
            s.variance().sqrt_to_f64(),
            s.variance()
        )?;
        if k > 1 {
            writeln!(out, "  the team's standard deviation: {TEAM_SD_NOTE}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
