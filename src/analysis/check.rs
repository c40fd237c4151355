//! Published figures, checked against the exact computation.
//!
//! A pay-table file may record the figures its documents print
//! (`[[published]]`). A figure is usually printed without its definition
//! ("0.90%" below a Trips column), so the check computes every standard
//! definition of the wager's edge (a [`Candidate`]) and reports which ones,
//! rounded as the figure was printed, give the printed value:
//! - `0.90%` has two decimals of a percentage: a candidate reproduces it when
//!   its exact value, in percent, rounded half away from zero to two
//!   decimals, is 0.90 (so anything in [0.895%, 0.905%));
//! - a figure without `%` (`0.009`) is a fraction of the amount wagered,
//!   rounded to the decimals printed.
//!
//! The candidates of a side bet are its house edge and element of risk
//! (equal for a wager settled at once), and the same figure as a return
//! (the expected net result, minus the edge; the return to player, 1 minus
//! the edge). The base game has many more, as
//! the game's figure depends on what the loss is divided by (see
//! [`game_candidates`]); and readings that bring in another table (the
//! Trips bet added to the "entire game", another Blind table) are tried
//! too, but only the table's own definitions can reproduce its figure: a
//! match by another reading is reported, never taken as a reproduction.
//!
//! A figure's name fixes its sign ([`FigureSide::of_name`]): a "house
//! edge" is compared only with definitions of the house edge (expected loss
//! per unit, positive when the house wins), a "player edge" or "return" only
//! with the player's expected result, with its own sign, a "return to
//! player" only with 1 minus the house edge. A name that names no side
//! ("entire game vs. dealer") is compared with every definition.
//!
//! Verdicts ([`Verdict`]): reproduced (naming the definitions); not
//! reproduced (the command then fails); or a known discrepancy, when the
//! pay-table file records one (`known_discrepancy = "why"`): reported
//! prominently, and the command still succeeds. A file may also name the one
//! definition its figure follows (`measure = "per_ante"`); only that one
//! then counts.

use crate::analysis::catalog::{self, Catalog, GameEntry};
use crate::analysis::figure_side;
pub use crate::analysis::seen_check::{check_seen, seen_candidates, seen_figures, SeenFigure};
pub use crate::analysis::seen_results::SeenResult;
use crate::exact::game::{Action, ReturnLine};
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::result::WagerResult;
pub use crate::rules::paytable::PrintedValue;
use crate::rules::paytable::{FigureSide, PayTable, PayTableError, PublishedFigure, WagerKind};

/// One definition of a figure, computed exactly.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// A short stable name: `per_ante`, `element_of_risk`,
    /// `per_initial_wager+trips:uth-01`, `per_ante@blind-b`.
    pub id: String,
    /// What it is, for people.
    pub description: String,
    /// The value, as a fraction of the amount (not percent).
    pub value: Fraction,
    /// Whether it is a definition of the table's own figure (as opposed to a
    /// reading that brings in another table).
    pub own: bool,
    /// The side it measures (`None` for a share of hands, which has none):
    /// a figure whose name fixes a side is compared only with that side's
    /// definitions.
    pub side: Option<FigureSide>,
}

/// The verdict on one published figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// One of the table's own definitions gives the printed value.
    Reproduced,
    /// None does, and the file records no explanation: the check fails.
    NotReproduced,
    /// None does, and the file records why (`known_discrepancy`).
    KnownDiscrepancy,
}

impl Verdict {
    /// `REPRODUCED`, `NOT REPRODUCED`, `KNOWN DISCREPANCY`.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Reproduced => "REPRODUCED",
            Verdict::NotReproduced => "NOT REPRODUCED",
            Verdict::KnownDiscrepancy => "KNOWN DISCREPANCY",
        }
    }

    /// `reproduced`, `not_reproduced`, `known_discrepancy` (JSON).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::NotReproduced => "not_reproduced",
            Verdict::KnownDiscrepancy => "known_discrepancy",
        }
    }
}

/// One published figure, checked.
#[derive(Clone, Debug)]
pub struct FigureCheck {
    /// The wager of the result the figure belongs to (`trips`, `base_game`).
    pub wager: String,
    /// The pay table's id.
    pub paytable: String,
    /// The wager amount of the result, for fixed-dollar awards.
    pub wager_amount: Option<Fraction>,
    /// The figure as recorded in the pay-table file.
    pub figure: PublishedFigure,
    /// Its printed value.
    pub printed: PrintedValue,
    /// Whether the printed value matches a computed figure.
    pub verdict: Verdict,
    /// Every candidate tried, nearest to the printed value first.
    pub candidates: Vec<Candidate>,
}

impl FigureCheck {
    /// Whether a candidate gives the printed value once rounded.
    pub fn matches(&self, c: &Candidate) -> bool {
        self.printed.round(c.value.clone()) == self.printed.digits
    }

    /// Whether a candidate may decide the verdict: one of the table's own
    /// definitions, and the recorded `measure` if there is one.
    pub fn counts(&self, c: &Candidate) -> bool {
        c.own && self.figure.measure.as_ref().is_none_or(|m| *m == c.id)
    }

    /// The candidates that reproduce the figure.
    pub fn reproduced_by(&self) -> Vec<&Candidate> {
        self.candidates
            .iter()
            .filter(|c| self.counts(c) && self.matches(c))
            .collect()
    }

    /// Candidates that give the printed value but may not decide it (other
    /// readings; other definitions than the recorded `measure`).
    pub fn other_matches(&self) -> Vec<&Candidate> {
        self.candidates
            .iter()
            .filter(|c| !self.counts(c) && self.matches(c))
            .collect()
    }
}

/// A published figure that cannot be checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error(
        "pay table {paytable}: published \"{name}\" value = \"{value}\": expected a number as printed, such as \"0.90%\" or \"0.009\""
    )]
    /// A published value that is not a number as printed.
    BadValue {
        /// The pay table's id.
        paytable: String,
        /// The published figure's name.
        name: String,
        /// The value as written in the file.
        value: String,
    },
    #[error(
        "pay table {paytable}: published \"{name}\" measure = \"{measure}\": unknown definition; expected one of {known}"
    )]
    /// A published figure whose `measure` is not a known definition.
    UnknownMeasure {
        /// The pay table's id.
        paytable: String,
        /// The published figure's name.
        name: String,
        /// The measure as written in the file.
        measure: String,
        /// The known measures, listed for the message.
        known: String,
    },
    #[error(
        "pay table {paytable}: published \"{name}\" measure = \"{measure}\": not a definition of a {} as the name says; expected one of {known}", .side.meaning()
    )]
    /// A published figure whose `measure` is a definition of another side
    /// than its name says.
    MeasureOfOtherSide {
        /// The pay table's id.
        paytable: String,
        /// The published figure's name.
        name: String,
        /// The measure as written in the file.
        measure: String,
        /// The side the name says.
        side: FigureSide,
        /// The definitions of that side, listed for the message.
        known: String,
    },
    #[error("pay table {paytable}: published \"{name}\" name: {why}")]
    /// A published figure whose name names two sides.
    BadName {
        /// The pay table's id.
        paytable: String,
        /// The published figure's name.
        name: String,
        /// Why the name cannot be read.
        why: String,
    },
    #[error("pay table {paytable}: published \"{name}\" case: {why}")]
    /// A seen-card figure whose `case` is not a case.
    BadCase {
        /// The pay table's id.
        paytable: String,
        /// The published figure's name.
        name: String,
        /// Why the case cannot be read.
        why: String,
    },
    #[error(
        "the seen-card results have no row for case {case} under Blind table {paytable} (scripts/hole-card.sh writes them)"
    )]
    /// The seen-card results lack a case a figure needs.
    MissingCase {
        /// The pay table's id.
        paytable: String,
        /// The case.
        case: String,
    },
}

/// Every published figure of every result of the catalog, checked.
pub fn check(catalog: &Catalog) -> Result<Vec<FigureCheck>, CheckError> {
    let mut checks = Vec::new();
    for result in &catalog.results {
        if result.published.is_empty() {
            continue;
        }
        let candidates = match catalog.game(&result.paytable) {
            Some(game) if result.game.is_some() => game_candidates(game, catalog),
            _ => side_bet_candidates(result),
        };
        for figure in &result.published {
            let owner = Owner {
                wager: result.wager.clone(),
                paytable: result.paytable.clone(),
                wager_amount: result.wager_amount.clone(),
            };
            checks.push(check_figure(owner, figure, candidates.clone())?);
        }
    }
    Ok(checks)
}

/// Whose figure is checked: the wager, the pay table and the wager amount
/// (fixed-dollar awards).
pub struct Owner {
    /// The wager (`trips`, `base_game`, `base_game seeing dealer:1`).
    pub wager: String,
    /// The pay table's id.
    pub paytable: String,
    /// The wager amount, for fixed-dollar awards.
    pub wager_amount: Option<Fraction>,
}

/// Checks one figure of `owner` against `candidates`.
pub fn check_figure(
    owner: Owner,
    figure: &PublishedFigure,
    mut candidates: Vec<Candidate>,
) -> Result<FigureCheck, CheckError> {
    let printed = PrintedValue::parse(&figure.value).ok_or_else(|| CheckError::BadValue {
        paytable: owner.paytable.clone(),
        name: figure.name.clone(),
        value: figure.value.clone(),
    })?;
    figure_side::keep_named_side(&owner.paytable, figure, &mut candidates)?;
    if let Some(measure) = &figure.measure {
        if !candidates.iter().any(|c| c.own && c.id == *measure) {
            return Err(CheckError::UnknownMeasure {
                paytable: owner.paytable.clone(),
                name: figure.name.clone(),
                measure: measure.clone(),
                known: candidates
                    .iter()
                    .filter(|c| c.own)
                    .map(|c| c.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
    }
    let target = printed.value();
    candidates.sort_by_key(|c| (c.value.clone() - target.clone()).abs());
    let mut check = FigureCheck {
        wager: owner.wager,
        paytable: owner.paytable,
        wager_amount: owner.wager_amount,
        figure: figure.clone(),
        printed,
        verdict: Verdict::NotReproduced,
        candidates,
    };
    check.verdict = if !check.reproduced_by().is_empty() {
        Verdict::Reproduced
    } else if figure.known_discrepancy.is_some() {
        Verdict::KnownDiscrepancy
    } else {
        Verdict::NotReproduced
    };
    Ok(check)
}

/// The definitions of a side bet's figure: a single wager settled at once,
/// so its house edge (per unit wagered, = per hand) and its element of risk
/// are one number (two candidates only if they ever differ).
pub fn side_bet_candidates(result: &WagerResult) -> Vec<Candidate> {
    let at = (result.wager_amount)
        .clone()
        .map_or(String::new(), |a| format!(", at a {} wager", dollars(a)));
    let mut candidates = vec![Candidate {
        side: Some(FigureSide::House),
        id: "house_edge".to_string(),
        description: if result.house_edge == result.element_of_risk {
            format!("house edge: expected loss per unit wagered (= element of risk, = loss per hand){at}")
        } else {
            format!("house edge: expected loss per unit wagered{at}")
        },
        value: result.house_edge.clone(),
        own: true,
    }];
    if result.house_edge != result.element_of_risk {
        candidates.push(Candidate {
            id: "element_of_risk".to_string(),
            description: format!("element of risk: expected loss per unit risked{at}"),
            value: result.element_of_risk.clone(),
            own: true,
            side: Some(FigureSide::House),
        });
    }
    candidates.extend(return_candidates(
        result.house_edge.clone(),
        &format!("per unit wagered{at}"),
    ));
    candidates
}

/// The same figure stated as a return: the expected net result (minus the
/// edge; the "return" of a return table) and the return to player (what
/// comes back per unit wagered, the wager included: 1 minus the edge).
fn return_candidates(edge: Fraction, per: &str) -> [Candidate; 2] {
    [
        Candidate {
            id: "expected_return".to_string(),
            description: format!("expected net result {per} (= minus the house edge)"),
            value: -&edge,
            own: true,
            side: Some(FigureSide::Player),
        },
        Candidate {
            id: "return_to_player".to_string(),
            description: format!(
                "return to player: paid back {per}, the wager included (= 1 - house edge)"
            ),
            value: Fraction::ONE - edge,
            own: true,
            side: Some(FigureSide::ReturnToPlayer),
        },
    ]
}

/// Expected value of `f` over the outcomes of a solved game.
fn expect(game: &GameEntry, f: impl Fn(&ReturnLine) -> Fraction) -> Fraction {
    let total = game
        .summary
        .return_table
        .iter()
        .fold(Fraction::ZERO, |acc, l| {
            acc + f(l) * Fraction::from_int(l.combinations as i128)
        });
    total / Fraction::from_int(game.summary.sequences as i128)
}

/// The measures of the base game (per hand, in Antes) the definitions
/// divide.
struct GameMeasures {
    /// Expected loss per hand.
    loss: Fraction,
    /// Average total wagered (Ante + Blind + Play), folds included.
    wagered: Fraction,
}

fn measures(game: &GameEntry) -> GameMeasures {
    GameMeasures {
        loss: -game.summary.expected_value.clone(),
        wagered: game.summary.average_total_wager.clone(),
    }
}

/// Every definition of the base game's edge tried on a published figure,
/// for the Blind table of `game`, then the readings that bring in the other
/// tables of `catalog`:
///
/// | id | expected loss per hand divided by |
/// |---|---|
/// | `per_ante` | the Ante (= loss per hand in Antes; the usual "house edge") |
/// | `per_initial_wager` | Ante + Blind |
/// | `element_of_risk` | the average total wagered, Ante + Blind + Play, folds included |
/// | `per_wager_excluding_folded_stakes` | the average total wagered on hands not folded |
/// | `played_hands_only` | (loss of the hands not folded) / (their wagers): folds left out |
/// | `per_play_wager` | the average Play wager (0 on a fold) |
/// | `per_play_wager_when_played` | the average Play wager of hands not folded |
/// | `per_ante_and_play` | Ante + average Play (the Blind not counted as wagered) |
/// | `per_resolved_wager` | the average amount of the wagers that win or lose (pushes left out) |
/// | `per_maximum_wager` | Ante + Blind + 4x Play = 6 Antes |
/// | `ante_wager` | the Ante wager's own expected loss per Ante |
/// | `blind_wager` | the Blind wager's own expected loss per Blind |
/// | `play_wager` | the Play wager's own expected loss per unit of Play |
/// | `expected_return` | minus `per_ante`: the expected net result per Ante |
/// | `return_to_player` | 1 - `per_ante` |
///
/// Other readings (never a reproduction by themselves): for each Trips
/// table T of the catalog, the game with a Trips bet of one Ante added:
/// `per_ante+trips:T`, `per_initial_wager+trips:T` (over Ante + Blind +
/// Trips), `element_of_risk+trips:T` (over the total wagered plus the
/// Trips); for each other Blind table B solved, `per_ante@B`,
/// `per_initial_wager@B`, `element_of_risk@B`.
pub fn game_candidates(game: &GameEntry, catalog: &Catalog) -> Vec<Candidate> {
    let m = measures(game);
    let one = Fraction::ONE;
    let played = |l: &ReturnLine| {
        if l.action == Action::Fold {
            Fraction::ZERO
        } else {
            one.clone()
        }
    };
    let play = |l: &ReturnLine| Fraction::from_int(l.action.play() as i128);
    let p_played = expect(game, played);
    let average_play = expect(game, play);
    let wagered_played = expect(game, |l| (Fraction::from_int(2) + play(l)) * played(l));
    let loss_played = -expect(game, |l| l.net.total() * played(l));
    let resolved = expect(game, |l| {
        let stake = |net: Fraction, amount: Fraction| {
            if net.is_zero() {
                Fraction::ZERO
            } else {
                amount
            }
        };
        stake(l.net.ante.clone(), one.clone())
            + stake(l.net.blind.clone(), one.clone())
            + stake(l.net.play.clone(), play(l))
    });
    let s = &game.summary;
    let own = |id: &str, description: &str, value: Fraction| Candidate {
        id: id.to_string(),
        description: description.to_string(),
        value,
        own: true,
        side: Some(FigureSide::House),
    };
    let mut candidates = vec![
        own(
            "per_ante",
            "house edge per Ante: expected loss per hand / Ante",
            m.loss.clone(),
        ),
        own(
            "per_initial_wager",
            "house edge per initial wager: expected loss / (Ante + Blind)",
            m.loss.clone() / Fraction::from_int(2),
        ),
        own(
            "element_of_risk",
            "element of risk: expected loss / average total wagered (Ante + Blind + Play, folds included)",
            m.loss.clone() / m.wagered.clone(),
        ),
        own(
            "per_wager_excluding_folded_stakes",
            "expected loss / average total wagered on hands not folded",
            m.loss.clone() / wagered_played.clone(),
        ),
        own(
            "played_hands_only",
            "loss of the hands not folded / their total wagered (folds left out)",
            loss_played / wagered_played,
        ),
        own(
            "per_play_wager",
            "expected loss / average Play wager (0 on a fold)",
            m.loss.clone() / average_play.clone(),
        ),
        own(
            "per_play_wager_when_played",
            "expected loss / average Play wager of hands not folded",
            m.loss.clone() / (&average_play / p_played),
        ),
        own(
            "per_ante_and_play",
            "expected loss / (Ante + average Play): the Blind not counted as wagered",
            m.loss.clone() / (one.clone() + average_play.clone()),
        ),
        own(
            "per_resolved_wager",
            "expected loss / average amount of the wagers that win or lose (pushes left out)",
            m.loss.clone() / resolved,
        ),
        own(
            "per_maximum_wager",
            "expected loss / maximum total wager (Ante + Blind + 4x Play = 6 Antes)",
            m.loss.clone() / Fraction::from_int(6),
        ),
        own(
            "ante_wager",
            "the Ante wager's own expected loss per Ante",
            -s.ante_ev.clone(),
        ),
        own(
            "blind_wager",
            "the Blind wager's own expected loss per Blind",
            -s.blind_ev.clone(),
        ),
        own(
            "play_wager",
            "the Play wager's own expected loss per unit of Play wagered",
            -s.play_ev.clone() / average_play,
        ),
    ];
    candidates.extend(return_candidates(m.loss.clone(), "per Ante"));
    let other = |id: String, description: String, value: Fraction| Candidate {
        id,
        description,
        value,
        own: false,
        side: Some(FigureSide::House),
    };
    for trips in catalog.results.iter().filter(|r| r.wager == "trips") {
        let t = &trips.paytable;
        let loss = &m.loss + trips.house_edge.clone();
        candidates.push(other(
            format!("per_ante+trips:{t}"),
            format!("with a Trips bet ({t}) of one Ante: expected loss of Ante, Blind, Play and Trips / Ante"),
            loss.clone(),
        ));
        candidates.push(other(
            format!("per_initial_wager+trips:{t}"),
            format!("with a Trips bet ({t}) of one Ante: expected loss / (Ante + Blind + Trips)"),
            loss.clone() / Fraction::from_int(3),
        ));
        candidates.push(other(
            format!("element_of_risk+trips:{t}"),
            format!("with a Trips bet ({t}) of one Ante: expected loss / average total wagered including the Trips"),
            loss / (m.wagered.clone() + one.clone()),
        ));
    }
    for g in catalog.games.iter().filter(|g| g.table.id != game.table.id) {
        let b = &g.table.id;
        let mb = measures(g);
        candidates.push(other(
            format!("per_ante@{b}"),
            format!("house edge per Ante with Blind table {b}"),
            mb.loss.clone(),
        ));
        candidates.push(other(
            format!("per_initial_wager@{b}"),
            format!("house edge per initial wager (Ante + Blind) with Blind table {b}"),
            mb.loss.clone() / Fraction::from_int(2),
        ));
        candidates.push(other(
            format!("element_of_risk@{b}"),
            format!("element of risk with Blind table {b}"),
            mb.loss / mb.wagered,
        ));
    }
    candidates
}

/// The tables a check computes: the tables whose figures are checked
/// (`given`, or every built-in table that records published figures), then,
/// when a base-game figure is checked, the built-in Trips and Blind tables
/// its cross-table readings bring in (their own figures not checked).
pub fn tables_to_check(given: Option<Vec<PayTable>>) -> Result<Vec<PayTable>, PayTableError> {
    let mut tables: Vec<PayTable> = match given {
        Some(tables) => tables,
        None => catalog::builtin_tables()?
            .into_iter()
            .filter(|t| !t.published.is_empty())
            .collect(),
    };
    let checked: Vec<String> = tables.iter().map(|t| t.id.clone()).collect();
    if tables
        .iter()
        .any(|t| t.wager == WagerKind::Blind && !t.published.is_empty())
    {
        for mut t in catalog::builtin_tables()? {
            if matches!(t.wager, WagerKind::Blind | WagerKind::Trips) && !checked.contains(&t.id) {
                t.published.clear();
                tables.push(t);
            }
        }
    }
    Ok(tables)
}

/// Number of figures with each verdict: (reproduced, not reproduced,
/// known discrepancy).
pub fn tally(checks: &[FigureCheck]) -> (usize, usize, usize) {
    let count = |v: Verdict| checks.iter().filter(|c| c.verdict == v).count();
    (
        count(Verdict::Reproduced),
        count(Verdict::NotReproduced),
        count(Verdict::KnownDiscrepancy),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_values_are_read_and_rounded_as_printed() {
        let p = PrintedValue::parse("0.90%").unwrap();
        assert_eq!((p.digits, p.decimals, p.percent), (90, 2, true));
        assert_eq!(p.value(), Fraction::new(9, 1000));
        // 0.895% rounds up to 0.90%, 0.8949...% down to 0.89%.
        assert_eq!(p.round(Fraction::new(895, 100_000)), 90);
        assert_eq!(p.round(Fraction::new(894_999, 100_000_000)), 89);
        assert_eq!(p.round(Fraction::new(-895, 100_000)), -90);
        assert_eq!(p.format(Fraction::new(301_629, 33_446_140)), "0.90%");
        let q = PrintedValue::parse("0.009").unwrap();
        assert_eq!((q.digits, q.decimals, q.percent), (9, 3, false));
        assert_eq!(q.format(Fraction::new(301_629, 33_446_140)), "0.009");
        assert_eq!(PrintedValue::parse("-1.5 %").unwrap().digits, -15);
        assert_eq!(
            PrintedValue::parse("6%")
                .unwrap()
                .format(Fraction::new(1, 20)),
            "5%"
        );
        for bad in ["", "%", "abc", "1.2.3%", "0,90%", "1e-3"] {
            assert_eq!(PrintedValue::parse(bad), None, "{bad}");
        }
    }
}
