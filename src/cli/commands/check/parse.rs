//! The parse of `check`'s flags into one [`Check`]: the tables to check
//! (the built-in tables that publish figures when none is named), those
//! named that publish nothing, the published seen-card and dead-card
//! figures, the strategies whose published figures are checked, and the
//! results files they are checked against, read and validated; nothing
//! checked or solved here (the run does).

use super::{Check, CheckArgs};
use crate::cli::output_path;
use crate::cli::settings::{self, TableReader};
use std::path::Path;
use uth_edge::analysis::catalog;
use uth_edge::analysis::check;
use uth_edge::analysis::dead_check;
use uth_edge::analysis::strategy_results::{self, StrategyResult};
use uth_edge::error::InputError;
use uth_edge::input_file;
use uth_edge::message::shown;
use uth_edge::strategy::{FileStrategy, Strategy};

impl Check {
    /// Reads and checks the `check` command's flags.
    pub fn from_args(args: &CheckArgs, reader: &mut TableReader) -> Result<Check, InputError> {
        let given = if !args.paytable.paytables.is_empty() {
            Some(settings::paytables(reader, &args.paytable.paytables)?)
        } else if !args.strategies.is_empty() {
            // Only the strategies named are checked.
            Some(Vec::new())
        } else {
            None
        };
        let strategies = strategies(args)?;
        let strategy_results = match &args.strategy_results {
            Some(path) => Some((path.clone(), strategy_rows(path)?)),
            None => None,
        };
        let unpublished: Vec<(String, String)> = given
            .iter()
            .flatten()
            .filter(|t| t.published.is_empty())
            .map(|t| (t.wager.name().to_string(), t.id.clone()))
            .collect();
        let tables = check::tables_to_check(given)?;
        settings::unique_ids(&tables)?;
        catalog::check_tables(&tables)?;
        let seen = check::seen_figures(&tables)?;
        let seen_results = match &args.seen_results {
            Some(path) => Some((path.clone(), settings::seen_rows(path, &tables)?)),
            None => None,
        };
        let dead = dead_check::dead_figures(&tables)?;
        let dead_results = if args.dead_results.is_empty() {
            None
        } else {
            Some(settings::dead_results::read_files(
                &args.dead_results,
                &tables,
            )?)
        };
        Ok(Check {
            tables,
            unpublished,
            seen,
            seen_results,
            dead,
            dead_results,
            strategies,
            strategy_results,
            verbose: args.verbose,
        })
    }
}

/// The strategies of `--strategy` (each must publish a figure), else,
/// when no `--paytable` is named either, every shipped strategy that
/// publishes one.
fn strategies(args: &CheckArgs) -> Result<Vec<FileStrategy>, InputError> {
    if args.strategies.is_empty() {
        return Ok(if args.paytable.paytables.is_empty() {
            strategy_results::shipped_with_figures()
        } else {
            Vec::new()
        });
    }
    let mut strategies: Vec<FileStrategy> = Vec::new();
    for given in &args.strategies {
        let strategy = FileStrategy::resolve(given)
            .map_err(|e| InputError::usage(format!("--strategy: {e}")))?;
        if strategy.published().is_empty() {
            return Err(InputError::usage(format!(
                "--strategy {}: the strategy publishes no figure to check (a [[published]] entry, docs/strategy-format.md)",
                shown(given)
            )));
        }
        if strategies.iter().any(|s| s.name() == strategy.name()) {
            return Err(InputError::usage(format!(
                "--strategy {}: the strategy {} is named twice",
                shown(given),
                strategy.name()
            )));
        }
        strategies.push(strategy);
    }
    Ok(strategies)
}

/// The rows of `--strategy-results FILE`, read whole and validated.
fn strategy_rows(path: &Path) -> Result<Vec<StrategyResult>, InputError> {
    output_path::note_input("the results file", path)?;
    let text = input_file::read_file(
        path,
        input_file::FileKind::StrategyResults,
        input_file::RESULTS_FILE_LIMIT,
    )
    .map_err(|e| InputError::usage(format!("--strategy-results {}: {e}", path.display())))?;
    strategy_results::read(&text, &path.display().to_string())
        .map_err(|e| InputError::usage(format!("--strategy-results {e}")))
}
