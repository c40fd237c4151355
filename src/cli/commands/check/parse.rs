//! The parse of `check`'s flags into one [`Check`]: the tables to check
//! (the built-in tables that publish figures when none is named), those
//! named that publish nothing, the published seen-card and dead-card
//! figures and the results files they are checked against, read and
//! validated; nothing checked or solved here (the run does).

use super::{Check, CheckArgs};
use crate::cli::settings::{self, TableReader};
use uth_edge::analysis::catalog;
use uth_edge::analysis::check;
use uth_edge::analysis::dead_check;
use uth_edge::error::InputError;

impl Check {
    /// Reads and checks the `check` command's flags.
    pub fn from_args(args: &CheckArgs, reader: &mut TableReader) -> Result<Check, InputError> {
        let given = if args.paytable.paytables.is_empty() {
            None
        } else {
            Some(settings::paytables(reader, &args.paytable.paytables)?)
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
            verbose: args.verbose,
        })
    }
}
