//! Published figures about a player who sees cards he should not
//! (`[[published]]` entries with `case`, such as E. Jacobson's hole-card
//! player edges in `paytables/blind-a.toml`): their cases read, their
//! definitions computed from the committed seen-card results
//! ([`crate::analysis::seen_results`]), and each checked as
//! [`crate::analysis::check`] checks any figure. `check` never solves these
//! cases (half an hour to hours each).

use crate::analysis::check::{check_figure, Candidate, CheckError, FigureCheck, Owner};
use crate::analysis::seen_results::SeenResult;
use crate::exact::seen::Seen;
use crate::fraction::Fraction;
use crate::rules::paytable::{FigureSide, PayTable, PublishedFigure};

/// A published figure about a seen-card case (`[[published]]` with
/// `case`), with its case read.
#[derive(Clone, Debug)]
pub struct SeenFigure {
    /// The Blind pay table that records it.
    pub paytable: String,
    /// The case.
    pub seen: Seen,
    /// The figure.
    pub figure: PublishedFigure,
}

/// The seen-card figures of `tables` (those whose case is not a dead-card
/// case), with their cases read: one line naming the table and figure for
/// a case that is not one.
pub fn seen_figures(tables: &[PayTable]) -> Result<Vec<SeenFigure>, CheckError> {
    figures_with_case(tables, false)
        .map(|(table, figure, case)| {
            let seen = Seen::parse(case).map_err(|e| CheckError::BadCase {
                paytable: table.id.clone(),
                name: figure.name.clone(),
                why: e.to_string(),
            })?;
            Ok(SeenFigure {
                paytable: table.id.clone(),
                seen,
                figure: figure.clone(),
            })
        })
        .collect()
}

/// The published figures of `tables` that name a `case`, with their table
/// and case: the dead-card cases if `dead`, else the seen-card ones.
pub fn figures_with_case(
    tables: &[PayTable],
    dead: bool,
) -> impl Iterator<Item = (&PayTable, &PublishedFigure, &str)> {
    tables.iter().flat_map(move |table| {
        table.published.iter().filter_map(move |figure| {
            let case = figure.case.as_deref()?;
            (is_dead_card_case(case) == dead).then_some((table, figure, case))
        })
    })
}

/// Whether `case` names a dead-card case (`exposed:K`, `collude:K`), whose
/// figures [`crate::analysis::dead_check`] reads, rather than a seen-card
/// case.
pub fn is_dead_card_case(case: &str) -> bool {
    let name = case.trim().split(':').next().unwrap_or("").trim();
    name == "exposed" || name == "collude"
}

/// The share ids a seen-card figure may record as its `measure`; without
/// one, a figure is an edge and the three edge definitions are tried.
const SEEN_SHARES: [&str; 2] = ["raise_4x_share", "raise_3x_share"];

/// The definitions of a seen-card figure computed from its case's results:
/// the player's edge per Ante, per initial wager (Ante + Blind) and per
/// total wagered; or, for a figure whose `measure` is a share, the shares
/// of hands raised preflop.
pub fn seen_candidates(figure: &PublishedFigure, result: &SeenResult) -> Vec<Candidate> {
    let candidate = |id: &str, description: String, value: Fraction| Candidate {
        id: id.to_string(),
        description,
        value,
        own: true,
        side: if id.starts_with("player_edge") {
            Some(FigureSide::Player)
        } else if id.starts_with("raise_") {
            None
        } else {
            Some(FigureSide::House)
        },
        reading: None,
    };
    let case = &result.seen;
    if figure
        .measure
        .as_deref()
        .is_some_and(|m| SEEN_SHARES.contains(&m))
    {
        return vec![
            candidate(
                "raise_4x_share",
                format!("share of hands raised 4x preflop, seeing {case}"),
                result.raise_4x.clone(),
            ),
            candidate(
                "raise_3x_share",
                format!("share of hands raised 3x preflop, seeing {case}"),
                result.raise_3x.clone(),
            ),
        ];
    }
    vec![
        candidate(
            "player_edge_per_ante",
            format!("the player's expected win per hand divided by the Ante, seeing {case}"),
            result.per_ante.clone(),
        ),
        candidate(
            "player_edge_per_initial_wager",
            format!("the player's expected win per hand divided by Ante + Blind, seeing {case}"),
            result.per_ante.clone() / Fraction::from_int(2),
        ),
        candidate(
            "player_edge_per_total_wagered",
            format!(
                "the player's expected win per hand divided by the average total wagered (Ante + Blind + Play), seeing {case}"
            ),
            result.per_total_wagered.clone(),
        ),
        candidate(
            "per_ante",
            format!("house edge per Ante: the player's expected win per hand divided by the Ante, negated, seeing {case}"),
            -result.per_ante.clone(),
        ),
        candidate(
            "per_initial_wager",
            format!("house edge per initial wager: minus the player's edge per Ante + Blind, seeing {case}"),
            -result.per_ante.clone() / Fraction::from_int(2),
        ),
        candidate(
            "element_of_risk",
            format!("element of risk: minus the player's edge per total wagered, seeing {case}"),
            -result.per_total_wagered.clone(),
        ),
    ]
}

/// Every seen-card figure checked against `results`: one line naming the
/// case and table when the results lack it.
pub fn check_seen(
    figures: &[SeenFigure],
    results: &[SeenResult],
) -> Result<Vec<FigureCheck>, CheckError> {
    figures
        .iter()
        .map(|f| {
            let result = results
                .iter()
                .find(|r| r.seen == f.seen && r.paytable == f.paytable)
                .ok_or_else(|| CheckError::MissingCase {
                    paytable: f.paytable.clone(),
                    case: f.seen.to_string(),
                })?;
            let owner = Owner {
                wager: format!("base_game seeing {}", f.seen),
                paytable: f.paytable.clone(),
                wager_amount: None,
            };
            check_figure(owner, &f.figure, seen_candidates(&f.figure, result))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::check::Verdict;

    fn figure(case: &str, value: &str, measure: Option<&str>) -> PublishedFigure {
        PublishedFigure {
            name: if measure.is_some() {
                "share of hands raised 4x".into()
            } else {
                "player edge".into()
            },
            value: value.into(),
            definition: None,
            source: "a test".into(),
            note: None,
            measure: measure.map(str::to_string),
            known_discrepancy: None,
            case: Some(case.into()),
        }
    }

    #[test]
    fn seen_card_figures_are_checked_against_their_case_only() {
        // Made-up results: the check must pick the row of the figure's case
        // and table, and round each definition as the figure is printed.
        let result = |case: &str, per_ante: i128| SeenResult {
            seen: Seen::parse(case).unwrap(),
            paytable: "blind-a".into(),
            paytable_sha256: "0".repeat(64),
            per_ante: Fraction::new(per_ante, 1000),
            per_total_wagered: Fraction::new(per_ante, 4000),
            raise_4x: Fraction::new(1, 3),
            raise_3x: Fraction::ZERO,
            variance: Fraction::ONE,
            hands_until_visible: None,
        };
        let results = [result("dealer:1", 125), result("dealer:2", 400)];
        let as_seen = |f: PublishedFigure| SeenFigure {
            paytable: "blind-a".into(),
            seen: Seen::parse(f.case.as_deref().unwrap()).unwrap(),
            figure: f,
        };
        let figures = [
            // 12.5% per Ante under dealer:1 (and 40% under dealer:2).
            as_seen(figure("dealer:1", "12.5000%", None)),
            // 10% is dealer:2's per total wagered, not dealer:1's.
            as_seen(figure("dealer:1", "10.0000%", None)),
            as_seen(figure("dealer:2", "10.0000%", None)),
            // 33.3333% is the 4x share; 6.25% per initial wager.
            as_seen(figure("dealer:2", "33.3333%", Some("raise_4x_share"))),
            as_seen(figure("dealer:1", "6.25%", None)),
        ];
        let checks = check_seen(&figures, &results).unwrap();
        let verdicts: Vec<Verdict> = checks.iter().map(|c| c.verdict).collect();
        use Verdict::{NotReproduced, Reproduced};
        assert_eq!(
            verdicts,
            [
                Reproduced,
                NotReproduced,
                Reproduced,
                Reproduced,
                Reproduced
            ]
        );
        let ids = |i: usize| -> Vec<&str> {
            checks[i]
                .reproduced_by()
                .iter()
                .map(|c| c.id.as_str())
                .collect()
        };
        assert_eq!(ids(0), ["player_edge_per_ante"]);
        assert_eq!(ids(2), ["player_edge_per_total_wagered"]);
        assert_eq!(ids(3), ["raise_4x_share"]);
        assert_eq!(ids(4), ["player_edge_per_initial_wager"]);
        assert_eq!(checks[0].wager, "base_game seeing dealer:1");
        // A case the results lack, and a case that is not one.
        let missing = [as_seen(figure("dealer:1,flop:1", "1%", None))];
        assert!(matches!(
            check_seen(&missing, &results),
            Err(CheckError::MissingCase { .. })
        ));
        let mut table = crate::analysis::catalog::builtin_tables()
            .unwrap()
            .into_iter()
            .find(|t| t.id == "blind-a")
            .unwrap();
        table.published = vec![figure("dealer:3", "1%", None)];
        assert!(matches!(
            seen_figures(&[table]),
            Err(CheckError::BadCase { .. })
        ));
    }
}
