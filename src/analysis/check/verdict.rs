//! What checking a published figure reads and produces: the definitions
//! tried ([`Candidate`]), whose figure it is ([`Owner`]), the
//! [`FigureCheck`] with its [`Verdict`], and the errors of a figure that
//! cannot be checked ([`CheckError`]).

use crate::fraction::Fraction;
use crate::rules::paytable::{FigureSide, PrintedValue, PublishedFigure};

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
    /// For a figure published about a strategy: the reading of its
    /// published wording (a shipped strategy, `wizard-ties`) the value is
    /// computed under; `None` for a pay table's figure.
    pub reading: Option<String>,
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
    #[error(
        "pay table {paytable}: published \"{name}\": a dead-card figure names its measure (measure = one of {known})"
    )]
    /// A dead-card figure that names no measure.
    NoMeasure {
        /// The pay table's id.
        paytable: String,
        /// The published figure's name.
        name: String,
        /// The measures, listed for the message.
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
    #[error(
        "the dead-card results have no row for case {case} under Blind table {paytable} (they hold {held}); scripts/collusion.sh {case} writes {file}"
    )]
    /// The dead-card results lack a case a figure needs.
    MissingDeadCase {
        /// The pay table's id.
        paytable: String,
        /// The case.
        case: String,
        /// The cases and tables the results hold, for the message.
        held: String,
        /// The results file that would hold the case.
        file: String,
    },
    #[error(
        "{file}: the row of case {case} under Blind table {paytable} was computed on a {cards}-card deck; published figures are of the {figure_cards}-card game (scripts/collusion.sh {case} computes it on the full deck)"
    )]
    /// The dead-card row a figure needs was computed on another deck than
    /// the game the figure is of (a 16-card test deck, a published figure of
    /// the 52-card game).
    DeadDeck {
        /// The results file the row was read from.
        file: String,
        /// The pay table's id.
        paytable: String,
        /// The case.
        case: String,
        /// The cards of the deck the row was computed on.
        cards: usize,
        /// The cards of the game the figure is of.
        figure_cards: usize,
    },
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
