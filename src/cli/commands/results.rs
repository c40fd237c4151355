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
use uth_edge::analysis::strategy_results;
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::results;
use uth_edge::results::dir::{self as results_dir, ResultsDir};
use uth_edge::rules::paytable::{PayTable, WagerKind};
use uth_edge::strategy::FileStrategy;

#[derive(Args)]
#[command(mut_args(paytable::help(
    "The pay tables (built-in ids or TOML file paths, any wagers); repeat for several. Default: every built-in table"
)))]
pub struct ResultsArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    /// Instead of the pay tables' files: strategies.csv, the exact
    /// figures of the shipped strategies whose published figures `check`
    /// reads (with their other readings), one full evaluation each (10 to
    /// 40 s of CPU).
    #[arg(long, conflicts_with = "paytables")]
    pub strategies: bool,
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
    /// `--strategies`: the strategies file's rows instead, each strategy
    /// with its Blind table.
    strategies: Option<Vec<(FileStrategy, PayTable)>>,
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
        let strategies = if args.strategies {
            let rows = strategy_results::needed(&strategy_results::shipped_with_figures());
            let mut with_tables = Vec::new();
            for (strategy, id) in rows {
                with_tables.push((strategy, PayTable::resolve_for(&id, WagerKind::Blind)?));
            }
            Some(with_tables)
        } else {
            None
        };
        let tables = if strategies.is_some() {
            Vec::new()
        } else if args.paytable.paytables.is_empty() {
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
        Ok(Results {
            tables,
            strategies,
            target,
        })
    }
}

/// Runs `results`.
pub fn run(
    args: ResultsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let Results {
        tables,
        strategies,
        target,
    } = Results::from_args(args, reader)?;
    if let Some(rows) = strategies {
        return run_strategies(&rows, &target, progress);
    }
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

/// Runs `results --strategies`: the directory checked and locked (for
/// `--out-dir`) before the evaluations, then strategies.csv written or
/// compared.
fn run_strategies(
    rows: &[(FileStrategy, PayTable)],
    target: &Target,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let name = results::strategies::FILE_NAME;
    let locked = match target {
        Target::Write(dir) => {
            let locked =
                ResultsDir::open(dir).map_err(|e| InputError::usage(format!("--out-dir {e}")))?;
            output_path::claim("--out-dir", &dir.join(name))?;
            Some(locked)
        }
        Target::Check(dir) => {
            output_path::note_input("the results file", &dir.join(name))?;
            None
        }
    };
    let mut out = Output::open(None)?;
    let file = results::strategies::file(&strategy_results::compute(rows, progress));
    match (target, locked) {
        (Target::Write(dir), Some(locked)) => {
            locked.write(std::slice::from_ref(&file))?;
            writeln!(out, "{}", dir.join(name).display())?;
            out.finish().context("writing the list of files")
        }
        (Target::Check(dir), _) => {
            let mut differences = results::compare_dir(dir, std::slice::from_ref(&file), 20);
            differences.extend(results_dir::interrupted(dir));
            for line in &differences {
                writeln!(out, "{line}")?;
            }
            if !differences.is_empty() {
                out.finish()?;
                anyhow::bail!(
                    "the strategies' results differ from {} (to accept an intended change: scripts/strategy-results.sh, review git diff, commit)",
                    dir.display()
                );
            }
            writeln!(out, "{name} identical to {}", dir.display())?;
            out.finish().context("writing the comparison")
        }
        (Target::Write(_), None) => anyhow::bail!("the directory is locked before any work"),
    }
}
