//! Published figures about a strategy (`[[published]]` entries of a
//! strategy file, such as the Wizard of Odds' 2.43% for his rule of thumb
//! in `strategies/wizard.toml`), checked against the committed exact
//! figures of the strategy and of each of its other readings
//! ([`crate::analysis::strategy_results`]): `check` never evaluates a
//! strategy itself (10 to 40 s of CPU each).
//!
//! The definitions tried, for each reading R (the file's own strategy
//! first, then its `readings`), are the base game's edge per Ante
//! (`R:per_ante`), per initial wager, Ante + Blind
//! (`R:per_initial_wager`), and per total wagered, the element of risk
//! (`R:element_of_risk`); each is rounded as the figure was printed, by
//! the same code as every other figure ([`check_figure`]). A match under
//! any reading reproduces the figure and names the reading; none gives a
//! NOT REPRODUCED naming each reading's nearest figure.
//!
//! A row is used only for the strategy whose decisions it was computed
//! from: matched by the strategy's name and then required to carry the
//! digest of its decisions and of the Blind table's contents. A row of the
//! same name with another digest (a tampered or stale row, another file
//! named `wizard`) is refused, naming both digests, before any work.

use crate::analysis::check::{check_figure, Candidate, FigureCheck, Owner};
use crate::analysis::strategy_results::StrategyResult;
use crate::rules::paytable::{FigureSide, PayTable};
use crate::strategy::{FileStrategy, Strategy};

/// The number of published figures of `strategies`.
pub fn count(strategies: &[FileStrategy]) -> usize {
    strategies.iter().map(|s| s.published().len()).sum()
}

/// The row of `reading` under the Blind table `table` in `results`
/// (`file` names them), matched by the digests of the reading's decisions
/// and of the table's contents.
fn row_of<'a>(
    reading: &FileStrategy,
    table: &PayTable,
    results: &'a [StrategyResult],
    file: &str,
) -> Result<&'a StrategyResult, String> {
    let name = reading.name();
    let row = results
        .iter()
        .find(|r| r.strategy == name && r.paytable == table.id)
        .ok_or_else(|| {
            format!(
                "{file} has no row for strategy {name} under Blind table {} (scripts/strategy-results.sh writes them)",
                table.id
            )
        })?;
    let decisions = reading.decisions_sha256();
    if row.strategy_sha256 != decisions {
        return Err(format!(
            "{file}: the row of strategy {name} under Blind table {} was computed from decisions of SHA-256 {}, but the strategy {name} checked here has SHA-256 {decisions}: another strategy under the same name (rows are matched by decisions, not by name); scripts/strategy-results.sh computes it again",
            table.id, row.strategy_sha256
        ));
    }
    let contents = table.contents_sha256();
    if row.paytable_sha256 != contents {
        return Err(format!(
            "{file}: the row of strategy {name} under Blind table {} was computed for a table of contents SHA-256 {}, but the table {} has SHA-256 {contents}",
            table.id, row.paytable_sha256, table.id
        ));
    }
    Ok(row)
}

/// The three definitions of the edge under one reading, from its row.
fn reading_candidates(row: &StrategyResult) -> [Candidate; 3] {
    let r = &row.strategy;
    let candidate = |id: &str, description: String, value| Candidate {
        id: format!("{r}:{id}"),
        description,
        value,
        own: true,
        side: Some(FigureSide::House),
        reading: Some(r.clone()),
    };
    [
        candidate(
            "per_ante",
            format!("house edge per Ante, playing {r}: expected loss per hand / Ante"),
            row.house_edge.clone(),
        ),
        candidate(
            "per_initial_wager",
            format!("house edge per initial wager, playing {r}: expected loss / (Ante + Blind)"),
            row.per_initial_wager(),
        ),
        candidate(
            "element_of_risk",
            format!("element of risk, playing {r}: expected loss / average total wagered (Ante + Blind + Play, folds included)"),
            row.element_of_risk(),
        ),
    ]
}

/// Every published figure of `strategies` checked against `results` (the
/// rows of the file `file`): one line naming the file, the strategy and
/// the table when a row is missing or its digests are not those of the
/// strategy and table checked.
pub fn check_strategies(
    strategies: &[FileStrategy],
    results: &[StrategyResult],
    file: &str,
) -> Result<Vec<FigureCheck>, String> {
    let mut checks = Vec::new();
    for strategy in strategies {
        for figure in strategy.published() {
            let table = match PayTable::builtin(&figure.paytable) {
                Some(Ok(table)) => table,
                _ => {
                    return Err(format!(
                        "strategy {}: published \"{}\": no built-in Blind table {}",
                        strategy.name(),
                        figure.figure.name,
                        figure.paytable
                    ))
                }
            };
            let mut candidates = Vec::new();
            let readings = std::iter::once(strategy.clone()).chain(
                figure
                    .readings
                    .iter()
                    .filter_map(|r| FileStrategy::builtin(r)),
            );
            for reading in readings {
                candidates.extend(reading_candidates(row_of(&reading, &table, results, file)?));
            }
            let owner = Owner {
                wager: format!("base_game played by {}", strategy.name()),
                paytable: table.id.clone(),
                wager_amount: None,
            };
            checks
                .push(check_figure(owner, &figure.figure, candidates).map_err(|e| e.to_string())?);
        }
    }
    Ok(checks)
}
