//! The `check` command's settings: the tables to check (the built-in
//! tables that publish figures when none is named), those named that
//! publish nothing, and the seen-card figures checked against a results
//! file before any solving.

use super::TableReader;
use crate::cli::args::CheckArgs;
use uth_edge::analysis::catalog;
use uth_edge::analysis::check::{self, FigureCheck, SeenFigure};
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
                let results = super::seen_rows(path)?;
                check::check_seen(&seen, &results).map_err(|e| {
                    InputError::usage(format!("--seen-results {}: {e}", path.display()))
                })?
            }
            None => Vec::new(),
        };
        Ok(CheckSettings {
            tables,
            unpublished,
            seen,
            seen_checks,
        })
    }
}
