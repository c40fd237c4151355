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
//!
//! The modules: [`verdict`] (what a check reads and produces), [`figure`]
//! (one figure checked against its candidates, after [`figure_side`] keeps
//! the definitions of the figure's side), [`candidates`] (the definitions
//! of each wager's figure); the seen-card figures are
//! [`crate::analysis::seen_check`]'s, the dead-card figures (collusion, an
//! exposed card) [`crate::analysis::dead_check`]'s.

mod candidates;
mod figure;
pub mod figure_side;
mod verdict;

pub use candidates::{game_candidates, side_bet_candidates};
pub use figure::check_figure;
pub use verdict::{Candidate, CheckError, FigureCheck, Owner, Verdict};

use crate::analysis::catalog::{self, Catalog};
pub use crate::analysis::seen_check::{check_seen, seen_candidates, seen_figures, SeenFigure};
pub use crate::analysis::seen_results::SeenResult;
pub use crate::rules::paytable::PrintedValue;
use crate::rules::paytable::{PayTable, PayTableError, WagerKind};

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
    use crate::fraction::Fraction;

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
