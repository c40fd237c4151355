//! `uth-edge results`, its one home: the flags ([`ResultsArgs`]), the one
//! value parsed once from them ([`Results`]: the tables and what to do
//! with their files, [`Target`]; nothing computed) and its run: the
//! committed results files written (into a directory checked, locked and
//! its files claimed before any work), or compared with a directory of
//! them (exit code 1 when any differs).

use crate::cli::args::paytable::{self, PaytableArgs};
use crate::cli::output::Output;
use crate::cli::output_path;
use crate::cli::settings::{self, TableReader};
use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use uth_edge::analysis::catalog::{self, Catalog};
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::results;
use uth_edge::results::dir::{self as results_dir, ResultsDir};
use uth_edge::rules::paytable::PayTable;

#[derive(Args)]
#[command(mut_args(paytable::help(
    "The pay tables (built-in ids or TOML file paths, any wagers); repeat for several. Default: every built-in table"
)))]
pub struct ResultsArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    #[command(flatten)]
    pub target: ResultsTarget,
}

#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct ResultsTarget {
    /// Write the results files into this directory (created if missing).
    /// Refused if a file there holds rows of pay tables this run does not
    /// compute (they would be lost).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Compare with the files in this directory instead: one line per
    /// changed figure; exit code 1 if any differs.
    #[arg(long, value_name = "DIR")]
    pub check: Option<PathBuf>,
}

/// What a `results` run does, parsed once from its flags
/// ([`Results::from_args`]).
pub struct Results {
    /// The tables whose files are written or compared (every built-in
    /// table when none is named).
    tables: Vec<PayTable>,
    target: Target,
}

/// Where the files go: `--out-dir` or `--check` (clap requires one).
enum Target {
    /// Written into this directory.
    Write(PathBuf),
    /// Compared with the files of this directory.
    Check(PathBuf),
}

impl Results {
    /// Reads and checks the tables and the directory's flag.
    fn from_args(args: ResultsArgs, reader: &mut TableReader) -> anyhow::Result<Results> {
        let tables = if args.paytable.paytables.is_empty() {
            catalog::builtin_tables()?
        } else {
            settings::paytables(reader, &args.paytable.paytables)?
        };
        catalog::check_tables(&tables)?;
        let target = match (args.target.out_dir, args.target.check) {
            (Some(dir), _) => Target::Write(dir),
            (None, Some(dir)) => Target::Check(dir),
            (None, None) => anyhow::bail!("clap requires --out-dir or --check"),
        };
        Ok(Results { tables, target })
    }
}

/// Runs `results`.
pub fn run(
    args: ResultsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let Results { tables, target } = Results::from_args(args, reader)?;
    // The directory checked, locked and its files claimed before any work.
    let locked = match &target {
        Target::Write(dir) => {
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
        Target::Check(_) => None,
    };
    if let Target::Check(dir) = &target {
        for t in &tables {
            for name in results::file_names(t.wager) {
                output_path::note_input("the results file", &dir.join(name))?;
            }
        }
    }
    let mut out = Output::open(None)?;
    let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
    let files = results::files(&catalog);
    if let (Target::Write(dir), Some(locked)) = (&target, locked) {
        locked.write(&files)?;
        for f in &files {
            writeln!(out, "{}", dir.join(&f.name).display())?;
        }
        return out.finish().context("writing the list of files");
    }
    let Target::Check(dir) = target else {
        anyhow::bail!("clap requires --out-dir or --check");
    };
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
