//! `uth-edge results`: the committed results files written (into a
//! directory checked, locked and its files claimed before any work), or
//! compared with a directory of them (exit code 1 when any differs).

use crate::cli::args::ResultsArgs;
use crate::cli::output::Output;
use crate::cli::output_path;
use crate::cli::settings::{self, TableReader};
use anyhow::Context;
use std::io::Write;
use uth_edge::analysis::catalog::{self, Catalog};
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::results;
use uth_edge::results::dir::{self as results_dir, ResultsDir};

/// Runs `results`.
pub fn run(
    args: ResultsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let tables = settings::results_tables(reader, &args)?;
    // The directory checked, locked and its files claimed before any work.
    let locked = match &args.target.out_dir {
        Some(dir) => {
            let locked =
                ResultsDir::open(dir).map_err(|e| InputError::usage(format!("--out-dir {e}")))?;
            // One file per wager, however many tables of it.
            let mut claimed: Vec<&str> = Vec::new();
            for t in &tables {
                for &name in results::file_names(t.wager) {
                    if !claimed.contains(&name) {
                        claimed.push(name);
                        output_path::claim("--out-dir", &dir.join(name))?;
                    }
                }
            }
            results::check_no_rows_lost(dir, &tables).map_err(InputError::usage)?;
            Some(locked)
        }
        None => None,
    };
    if let Some(dir) = &args.target.check {
        for t in &tables {
            for name in results::file_names(t.wager) {
                output_path::note_input("the results file", &dir.join(name))?;
            }
        }
    }
    let mut out = Output::open(None)?;
    let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
    let files = results::files(&catalog);
    if let (Some(dir), Some(locked)) = (args.target.out_dir, locked) {
        locked.write(&files)?;
        for f in &files {
            writeln!(out, "{}", dir.join(&f.name).display())?;
        }
        return out.finish().context("writing the list of files");
    }
    let dir = args
        .target
        .check
        .context("clap requires --out-dir or --check")?;
    let mut differences = results::compare_dir(&dir, &files, 20);
    differences.extend(results_dir::interrupted(&dir));
    for line in &differences {
        writeln!(out, "{line}")?;
    }
    if !differences.is_empty() {
        out.finish()?;
        anyhow::bail!(
            "the results differ from {} (to accept an intended change: scripts/regenerate-results.sh, review git diff, commit)",
            dir.display()
        );
    }
    writeln!(out, "{} files identical to {}", files.len(), dir.display())?;
    out.finish().context("writing the comparison")
}
