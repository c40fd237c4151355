//! Published figures about dead cards (`[[published]]` entries with `case
//! = "collude:K"` or `"exposed:1"`, such as S. How's gain from two-player
//! collusion in `paytables/blind-a.toml`): their cases and measures read,
//! their definitions taken from a committed dead-card results file
//! ([`crate::analysis::dead_results`], the one reader), and each checked as
//! [`crate::analysis::check`] checks any figure, rounded as printed. `check`
//! never solves these cases (an hour or more each).
//!
//! A dead-card figure names its measure (`measure =`), since the three
//! figures a run gives are all "the gain" in some sense and differ by more
//! than a rough figure's tolerance: [`MEASURES`].
//!
//! A published figure is of the real game, dealt from 52 cards: it is
//! checked only against a row computed on the full deck ([`check_dead`]);
//! a row of a smaller deck (the 16-card files the tests write in seconds)
//! is refused, naming the file, the case, the table and the deck, since a
//! rough figure ("about 0.1%") would match a small deck's gain as well and
//! verify nothing. [`check_dead_of_deck`] states another deck the figures
//! are of (the tests' own figures of a 16-card game).

use crate::analysis::check::{check_figure, Candidate, CheckError, FigureCheck, Owner};
use crate::analysis::dead_results::DeadResult;
use crate::analysis::seen_check::figures_with_case;
use crate::cards::CardSet;
use crate::exact::seen::dead::DeadCase;
use crate::rules::paytable::{FigureSide, PayTable, PublishedFigure};

/// The measures a dead-card figure may name, with what each is.
pub const MEASURES: [(&str, &str); 3] = [
    (
        "gain_per_ante",
        "one player's gain over the base game, per hand, divided by the Ante",
    ),
    (
        "team_gain_per_round",
        "the team's gain over the base game per round (every colluding player's hand), in Antes",
    ),
    (
        "player_edge_per_ante",
        "one player's expected win per hand divided by the Ante, the base game's own edge included",
    ),
];

/// A published figure about a dead-card case, with its case read.
#[derive(Clone, Debug)]
pub struct DeadFigure {
    /// The Blind pay table that records it.
    pub paytable: String,
    /// The case.
    pub case: DeadCase,
    /// The figure.
    pub figure: PublishedFigure,
}

/// The dead-card figures of `tables` (those whose `case` is `exposed:K` or
/// `collude:K`), read: one line naming the table and figure when the case
/// is not one, has no exact results (collude:4 to 6: a sampled estimate
/// only), or the figure names no measure of [`MEASURES`].
pub fn dead_figures(tables: &[PayTable]) -> Result<Vec<DeadFigure>, CheckError> {
    let mut out = Vec::new();
    for (table, figure, case) in figures_with_case(tables, true) {
        let bad = |why: String| CheckError::BadCase {
            paytable: table.id.clone(),
            name: figure.name.clone(),
            why,
        };
        let case = DeadCase::parse(case).map_err(|e| bad(e.to_string()))?;
        if !case.is_exact() {
            return Err(bad(format!(
                "{case} has only a sampled estimate, no exact results to check a figure against (exposed:1, collude:1 to collude:3)"
            )));
        }
        let known = || {
            MEASURES
                .iter()
                .map(|(id, _)| *id)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match figure.measure.as_deref() {
            Some(m) if MEASURES.iter().any(|(id, _)| *id == m) => {}
            Some(m) => {
                return Err(CheckError::UnknownMeasure {
                    paytable: table.id.clone(),
                    name: figure.name.clone(),
                    measure: m.to_string(),
                    known: known(),
                })
            }
            None => {
                return Err(CheckError::NoMeasure {
                    paytable: table.id.clone(),
                    name: figure.name.clone(),
                    known: known(),
                })
            }
        }
        out.push(DeadFigure {
            paytable: table.id.clone(),
            case,
            figure: figure.clone(),
        });
    }
    Ok(out)
}

/// The definitions of a dead-card figure from its case's results (every
/// one of [`MEASURES`]; the figure's `measure` decides).
pub fn dead_candidates(result: &DeadResult) -> Vec<Candidate> {
    let case = result.case;
    let value = |id: &str| match id {
        "gain_per_ante" => result.gain.clone(),
        "team_gain_per_round" => result.team_gain.clone(),
        _ => result.per_ante.clone(),
    };
    MEASURES
        .iter()
        .map(|(id, meaning)| Candidate {
            id: id.to_string(),
            description: format!("{meaning}, with {case}"),
            value: value(id),
            own: true,
            side: Some(FigureSide::Player),
            reading: None,
        })
        .collect()
}

/// Every published dead-card figure checked against `results`: the
/// figures are of the real game, so only rows computed on the full 52-card
/// deck answer them ([`check_dead_of_deck`] with [`CardSet::FULL_DECK`]).
pub fn check_dead(
    figures: &[DeadFigure],
    results: &[DeadResult],
) -> Result<Vec<FigureCheck>, CheckError> {
    check_dead_of_deck(figures, results, CardSet::FULL_DECK)
}

/// Every dead-card figure, taken to be a figure of the game dealt from
/// `deck`, checked against `results`: one line naming the case and table,
/// and what the results hold, when they lack the case; one line naming the
/// file, the case, the table and both decks when the row of the case was
/// computed on another deck than `deck`.
pub fn check_dead_of_deck(
    figures: &[DeadFigure],
    results: &[DeadResult],
    deck: CardSet,
) -> Result<Vec<FigureCheck>, CheckError> {
    figures
        .iter()
        .map(|f| {
            let result = results
                .iter()
                .find(|r| r.case == f.case && r.paytable == f.paytable)
                .ok_or_else(|| CheckError::MissingDeadCase {
                    paytable: f.paytable.clone(),
                    case: f.case.to_string(),
                    held: results
                        .iter()
                        .map(|r| format!("{} under {}", r.case, r.paytable))
                        .collect::<Vec<_>>()
                        .join(", "),
                    file: results_file(f.case),
                })?;
            if result.deck != deck {
                return Err(CheckError::DeadDeck {
                    file: result.file.clone(),
                    paytable: f.paytable.clone(),
                    case: f.case.to_string(),
                    cards: result.deck.len(),
                    figure_cards: deck.len(),
                });
            }
            let owner = Owner {
                wager: format!("base_game with {}", f.case),
                paytable: f.paytable.clone(),
                wager_amount: None,
            };
            check_figure(owner, &f.figure, dead_candidates(result))
        })
        .collect()
}

/// The committed results file of a case, as `scripts/collusion.sh` names
/// it: `results/dead_cards.collude-2.csv`.
pub fn results_file(case: DeadCase) -> String {
    format!(
        "results/dead_cards.{}.csv",
        case.to_string().replace(':', "-")
    )
}

/// What `check` says when dead-card figures are left unchecked (no
/// results file given): how many, and the flag and files that check them.
pub fn not_checked_note(figures: &[DeadFigure]) -> String {
    let mut files: Vec<String> = figures.iter().map(|f| results_file(f.case)).collect();
    files.sort();
    files.dedup();
    format!(
        "note: {} published figure(s) about dead-card cases (collusion, an exposed card) not checked: give --dead-results {} (written by scripts/collusion.sh)",
        figures.len(),
        files.join(" --dead-results ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::check::Verdict;
    use crate::fraction::Fraction;

    fn figure(case: &str, value: &str, measure: Option<&str>) -> PublishedFigure {
        PublishedFigure {
            name: "gain from collusion".into(),
            value: value.into(),
            definition: None,
            source: "a test".into(),
            note: None,
            measure: measure.map(str::to_string),
            known_discrepancy: None,
            case: Some(case.into()),
        }
    }

    fn blind_a_with(published: Vec<PublishedFigure>) -> PayTable {
        let mut table = crate::analysis::catalog::builtin_tables()
            .unwrap()
            .into_iter()
            .find(|t| t.id == "blind-a")
            .unwrap();
        table.published = published;
        table
    }

    #[test]
    fn dead_card_figures_are_checked_by_their_measure_to_the_printed_digits() {
        // Made-up results: a gain of 1/1000 per Ante (0.1%), a team of two
        // (0.2% per round), an expectation of -2% per Ante.
        let result = DeadResult {
            file: "dead.csv".into(),
            case: DeadCase::Collude(2),
            paytable: "blind-a".into(),
            paytable_sha256: "0".repeat(64),
            deck: crate::cards::CardSet::FULL_DECK,
            per_ante: Fraction::new(-2, 100),
            base_per_ante: Fraction::new(-21, 1000),
            gain: Fraction::new(1, 1000),
            team_gain: Fraction::new(2, 1000),
            variance: Fraction::ONE,
        };
        let table = blind_a_with(vec![
            figure("collude:2", "0.1%", Some("gain_per_ante")),
            figure("collude:2", "0.1%", Some("team_gain_per_round")),
            figure("collude:2", "0.2%", Some("team_gain_per_round")),
            figure("collude:2", "-2%", Some("player_edge_per_ante")),
            // 0.1% printed: anything in [0.05%, 0.15%) reproduces it.
            figure("collude:2", "0.1%", Some("gain_per_ante")),
            // A seen-card figure is not a dead-card one.
            figure("dealer:1", "1%", None),
        ]);
        let figures = dead_figures(&[table]).unwrap();
        assert_eq!(figures.len(), 5);
        let verdicts = |results: &[DeadResult]| -> Vec<Verdict> {
            check_dead(&figures, results)
                .unwrap()
                .iter()
                .map(|c| c.verdict)
                .collect()
        };
        use Verdict::{NotReproduced, Reproduced};
        assert_eq!(
            verdicts(std::slice::from_ref(&result)),
            [
                Reproduced,
                NotReproduced,
                Reproduced,
                Reproduced,
                Reproduced
            ]
        );
        // The edges of the printed digits: 0.05% rounds (half away from
        // zero) to 0.1%, 0.15% to 0.2%.
        for (gain, reproduced) in [((5, 10_000), true), ((15, 10_000), false)] {
            let gain = Fraction::new(gain.0, gain.1);
            let shifted = DeadResult {
                gain: gain.clone(),
                team_gain: gain * Fraction::from_int(2),
                ..result.clone()
            };
            assert_eq!(verdicts(&[shifted])[0] == Reproduced, reproduced);
        }
        // A case the results lack (here: of another table) names what they
        // hold and the file that would.
        let other = DeadResult {
            paytable: "blind-b".into(),
            ..result.clone()
        };
        let err = check_dead(&figures, &[other]).unwrap_err().to_string();
        assert!(err.contains("collude:2 under blind-b"), "{err}");
        assert!(err.contains("results/dead_cards.collude-2.csv"), "{err}");
    }

    #[test]
    fn a_published_figure_is_checked_only_against_a_full_deck_row() {
        // A row of a 16-card deck whose gain is exactly the printed 0.1%:
        // a figure of the 52-card game must not be "reproduced" by it.
        let small = crate::cards::canonical::deck_of_ranks(&[9, 10, 11, 12]);
        assert_eq!(small.len(), 16);
        let result = DeadResult {
            file: "small.csv".into(),
            case: DeadCase::Collude(2),
            paytable: "blind-a".into(),
            paytable_sha256: "0".repeat(64),
            deck: small,
            per_ante: Fraction::new(-2, 100),
            base_per_ante: Fraction::new(-21, 1000),
            gain: Fraction::new(1, 1000),
            team_gain: Fraction::new(2, 1000),
            variance: Fraction::ONE,
        };
        let table = blind_a_with(vec![figure("collude:2", "0.1%", Some("gain_per_ante"))]);
        let figures = dead_figures(&[table]).unwrap();
        let err = check_dead(&figures, std::slice::from_ref(&result))
            .unwrap_err()
            .to_string();
        for says in [
            "small.csv",
            "collude:2",
            "blind-a",
            "computed on a 16-card deck; published figures are of the 52-card game",
        ] {
            assert!(err.contains(says), "{err}");
        }
        // Figures stated to be of that 16-card game are checked against it.
        let checks = check_dead_of_deck(&figures, std::slice::from_ref(&result), small).unwrap();
        assert_eq!(
            checks[0].verdict,
            crate::analysis::check::Verdict::Reproduced
        );
        // And a full-deck row is refused for figures of the small game.
        let full = DeadResult {
            deck: crate::cards::CardSet::FULL_DECK,
            ..result
        };
        let err = check_dead_of_deck(&figures, &[full], small)
            .unwrap_err()
            .to_string();
        assert!(err.contains("computed on a 52-card deck"), "{err}");
    }

    #[test]
    fn a_figure_without_a_measure_or_exact_results_is_refused() {
        for (f, says) in [
            (figure("collude:2", "0.1%", None), "names its measure"),
            (
                figure("collude:2", "0.1%", Some("per_ante")),
                "unknown definition",
            ),
            (
                figure("collude:4", "0.1%", Some("gain_per_ante")),
                "sampled estimate",
            ),
            (
                figure("collude:9", "0.1%", Some("gain_per_ante")),
                "collude:K",
            ),
        ] {
            let err = dead_figures(&[blind_a_with(vec![f])])
                .unwrap_err()
                .to_string();
            assert!(err.contains(says), "{err}");
        }
    }
}
