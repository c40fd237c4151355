//! `uth-edge check`, its one home: the flags ([`CheckArgs`]), the one
//! value parsed once from them ([`Check`], `parse.rs`: the tables and
//! strategies, their published figures and the results files read;
//! nothing computed) and its run: every published figure of the tables
//! recomputed and compared (the seen-card, dead-card and strategy figures
//! against the results files first, before any solving); exit code 1 when
//! one is not reproduced.

mod parse;

use super::provenance;
use crate::cli::args::paytable::{self, PaytableArgs};
use crate::cli::args::TableJsonOutputArgs;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use uth_edge::analysis::catalog::{self, Catalog};
use uth_edge::analysis::check::{self, FigureCheck, SeenFigure};
use uth_edge::analysis::dead_check::{self, DeadFigure};
use uth_edge::analysis::dead_results::DeadResult;
use uth_edge::analysis::seen_results::SeenResult;
use uth_edge::analysis::strategy_check;
use uth_edge::analysis::strategy_results::StrategyResult;
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::FileStrategy;

#[derive(Args)]
#[command(mut_args(paytable::help(
    "A pay table (built-in id or TOML file path) whose published figures to check; repeat for several. Default: every built-in table that records published figures"
)))]
pub struct CheckArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    /// List every definition tried, not only the nearest.
    #[arg(long)]
    pub verbose: bool,
    /// Also check the published figures about seen-card cases (game
    /// protection) against these committed results of
    /// `scripts/hole-card.sh`, e.g. results/seen_cards.csv.
    #[arg(long = "seen-results", value_name = "FILE")]
    pub seen_results: Option<std::path::PathBuf>,
    /// Also check the published figures about dead-card cases (collusion,
    /// an exposed card) against these results of `scripts/collusion.sh`,
    /// e.g. results/dead_cards.collude-2.csv; repeat for several.
    #[arg(long = "dead-results", value_name = "FILE")]
    pub dead_results: Vec<std::path::PathBuf>,
    /// Check the figures published about this strategy (a shipped
    /// strategy's name or a strategy file's path); repeat for several.
    /// Default, when no --paytable is named either: every shipped strategy
    /// that publishes a figure (the Wizard of Odds' 2.43%).
    #[arg(long = "strategy", value_name = "NAME|FILE")]
    pub strategies: Vec<String>,
    /// The exact figures the strategies' published figures are checked
    /// against: results/strategies.csv (scripts/strategy-results.sh
    /// writes it). Without it those figures are skipped with a note.
    #[arg(long = "strategy-results", value_name = "FILE")]
    pub strategy_results: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

/// What `check` checks, parsed once from its flags ([`Check::from_args`]).
pub struct Check {
    /// The tables whose published figures are checked.
    tables: Vec<PayTable>,
    /// Tables named that publish nothing (an example table), as (wager
    /// name, id): said so.
    unpublished: Vec<(String, String)>,
    /// The figures about seen-card cases the tables publish.
    seen: Vec<SeenFigure>,
    /// `--seen-results`: the file and its rows.
    seen_results: Option<(PathBuf, Vec<SeenResult>)>,
    /// The figures about dead-card cases (collusion, an exposed card).
    dead: Vec<DeadFigure>,
    /// The rows of the `--dead-results` files (none given: `None`).
    dead_results: Option<Vec<DeadResult>>,
    /// The strategies whose published figures are checked.
    strategies: Vec<FileStrategy>,
    /// `--strategy-results`: the file and its rows.
    strategy_results: Option<(PathBuf, Vec<StrategyResult>)>,
    /// `--verbose`: every definition tried, not only the nearest.
    verbose: bool,
}

/// Runs `check` (`quiet`: no notes or warnings on standard error).
pub fn run(
    args: CheckArgs,
    quiet: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let Check {
        tables,
        unpublished,
        seen,
        seen_results,
        dead,
        dead_results,
        strategies,
        strategy_results,
        verbose,
    } = Check::from_args(&args, reader)?;
    // The figures about seen-card and dead-card cases: checked against the
    // results files when given, before any solving.
    let seen_checks = match &seen_results {
        Some((path, results)) => check::check_seen(&seen, results)
            .map_err(|e| InputError::usage(format!("--seen-results {}: {e}", path.display())))?,
        None => Vec::new(),
    };
    let dead_checks: Vec<FigureCheck> = match &dead_results {
        Some(results) => dead_check::check_dead(&dead, results)
            .map_err(|e| InputError::usage(format!("--dead-results: {e}")))?,
        None => Vec::new(),
    };
    let strategy_checks = match &strategy_results {
        Some((path, results)) => {
            strategy_check::check_strategies(&strategies, results, &path.display().to_string())
                .map_err(|e| InputError::usage(format!("--strategy-results {e}")))?
        }
        None => Vec::new(),
    };
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
    let mut checks = check::check(&catalog).map_err(InputError::from)?;
    checks.extend(seen_checks);
    checks.extend(dead_checks);
    checks.extend(strategy_checks);
    let unchecked_seen = if seen_results.is_none() {
        seen.len()
    } else {
        0
    };
    let unchecked_dead = if dead_results.is_none() {
        dead.len()
    } else {
        0
    };
    if unchecked_seen > 0 && !quiet {
        stderr_line!(
            "note: {} published figure(s) about seen-card cases not checked: give --seen-results results/seen_cards.csv",
            seen.len()
        );
    }
    if unchecked_dead > 0 && !quiet {
        stderr_line!("{}", dead_check::not_checked_note(&dead));
    }
    let unchecked_strategies = if strategy_results.is_none() {
        strategy_check::count(&strategies)
    } else {
        0
    };
    if unchecked_strategies > 0 && !quiet {
        stderr_line!(
            "note: {unchecked_strategies} published figure(s) about strategies not checked: give --strategy-results results/strategies.csv"
        );
    }
    let document = report::check::document(
        &checks,
        &unpublished,
        unchecked_seen + unchecked_dead + unchecked_strategies,
        verbose,
        provenance(reader),
    );
    report::render(args.output.format, &document, &mut out).context("writing the check")?;
    out.finish().context("writing the check")?;
    if checks.is_empty() && unchecked_seen + unchecked_dead + unchecked_strategies == 0 && !quiet {
        stderr_line!("warning: no published figures in the pay tables given");
    }
    let (_, not_reproduced, _) = check::tally(&checks);
    if not_reproduced > 0 {
        anyhow::bail!("{not_reproduced} published figure(s) not reproduced");
    }
    Ok(())
}
