//! The `check` command's settings: the tables to check (the built-in
//! tables that publish figures when none is named), those named that
//! publish nothing, and the seen-card and dead-card figures checked against
//! results files before any solving.

use super::TableReader;
use crate::cli::args::CheckArgs;
use uth_edge::analysis::catalog;
use uth_edge::analysis::check::{self, FigureCheck, SeenFigure};
use uth_edge::analysis::dead_check::{self, DeadFigure};
use uth_edge::error::InputError;
use uth_edge::rules::paytable::PayTable;

/// What `check` checks.
pub struct CheckSettings {
    /// The tables whose published figures are checked.
    pub tables: Vec<PayTable>,
    /// Tables named that publish nothing (an example table), as (wager
    /// name, id): said so.
    pub unpublished: Vec<(String, String)>,
    /// The figures about seen-card cases the tables publish.
    pub seen: Vec<SeenFigure>,
    /// Those figures checked against `--seen-results` (none without it).
    pub seen_checks: Vec<FigureCheck>,
    /// The figures about dead-card cases (collusion, an exposed card).
    pub dead: Vec<DeadFigure>,
    /// Those figures checked against `--dead-results` (none without it).
    pub dead_checks: Vec<FigureCheck>,
}

impl CheckSettings {
    /// Reads and checks the `check` command's flags.
    pub fn read(reader: &mut TableReader, args: &CheckArgs) -> Result<CheckSettings, InputError> {
        let given = if args.paytables.is_empty() {
            None
        } else {
            Some(super::paytables(reader, &args.paytables)?)
        };
        let unpublished: Vec<(String, String)> = given
            .iter()
            .flatten()
            .filter(|t| t.published.is_empty())
            .map(|t| (t.wager.name().to_string(), t.id.clone()))
            .collect();
        let tables = check::tables_to_check(given)?;
        super::unique_ids(&tables)?;
        catalog::check_tables(&tables)?;
        // Figures about seen-card cases: checked against the committed
        // results when given, before any solving.
        let seen = check::seen_figures(&tables)?;
        let seen_checks = match &args.seen_results {
            Some(path) => {
                let results = super::seen_rows(path, &tables)?;
                check::check_seen(&seen, &results).map_err(|e| {
                    InputError::usage(format!("--seen-results {}: {e}", path.display()))
                })?
            }
            None => Vec::new(),
        };
        // Figures about dead-card cases: the same, against the dead-card
        // results files.
        let dead = dead_check::dead_figures(&tables)?;
        let dead_checks = if args.dead_results.is_empty() {
            Vec::new()
        } else {
            let results = super::dead_results::read_files(&args.dead_results, &tables)?;
            dead_check::check_dead(&dead, &results)
                .map_err(|e| InputError::usage(format!("--dead-results: {e}")))?
        };
        Ok(CheckSettings {
            tables,
            unpublished,
            seen,
            seen_checks,
            dead,
            dead_checks,
        })
    }
}
