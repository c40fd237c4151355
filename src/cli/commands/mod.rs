//! The commands: the list ([`Cli`], [`Command`]), one home each (a file,
//! or a folder: its flags, the one typed value parsed from them, its run;
//! the commands not yet moved read their flags from `cli/args/` and
//! their settings from [`super::settings`]), then the library computes,
//! then an exporter writes. This module dispatches, one plain `match`
//! arm a command, and holds what every command shares: the run's
//! provenance and the writing of results and documents.
//!
//! The side bets computed alone (`trips`, `six-card`, `bad-beat`,
//! `ultimate-pairs`) share `side_bets`; `completions` and `man` share
//! `shell`.

pub mod check;
pub mod compare;
pub mod economics;
pub mod game;
pub mod merge;
pub mod payout_limit;
pub mod player_dealer;
mod progressive;
pub mod report;
pub mod results;
mod shell;
mod side_bets;
mod simulate;
mod strategies;
pub mod strategy;
mod tables;
mod what_if;

use super::output::{self, Output};
use super::progress_bar;
use super::settings::TableReader;
use anyhow::Context;
use check::CheckArgs;
use clap::{Parser, Subcommand};
use compare::CompareArgs;
use economics::EconomicsArgs;
use game::GameArgs;
use merge::MergeArgs;
use player_dealer::PlayerDealerArgs;
use progressive::ProgressiveArgs;
use report::ReportArgs;
use results::ResultsArgs;
use side_bets::{BadBeatArgs, SixCardArgs, TripsArgs, UltimatePairsArgs};
use simulate::SimulateArgs;
use std::path::PathBuf;
use strategies::StrategiesArgs;
use strategy::StrategyArgs;
use tables::TablesArgs;
use uth_edge::analysis::provenance::Provenance;
use uth_edge::progress::Progress;
use uth_edge::report::{ExportContext, Format};
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::PayTable;
use what_if::WhatIfArgs;

/// `--version`: the version and the git commit built from.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("UTH_EDGE_GIT_COMMIT"),
    ")"
);

/// The examples `uth-edge --help` ends with.
const EXAMPLES: &str = "\
Examples:
  uth-edge                                  every wager of every built-in table (the full report)
  uth-edge trips                            the four Trips tables UTH-01..04
  uth-edge tables show uth-01 > my.toml     a pay table to start from
  uth-edge report --paytable my.toml --format html -o report.html
  uth-edge check                            the published figures, verdict for each
  uth-edge strategy AsKd Qh7c2d             the exact EVs of a flop decision";

/// Exact house edge and element of risk of Ultimate Texas Hold'em wagers,
/// for any pay table. Without a command: one line per wager of every
/// built-in pay table and the verdicts on the published figures
/// (`--details`: every line, the same as `uth-edge report`).
#[derive(Parser)]
#[command(name = "uth-edge", version = VERSION, about, after_help = EXAMPLES)]
pub struct Cli {
    /// No progress bar, stage log or warnings on standard error (errors
    /// still).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Also write the run's provenance to FILE as JSON: tool version and
    /// commit, command line, date, SHA-256 of each pay table and of each
    /// output written (for CSV and text, which have no place for it).
    #[arg(long, global = true, value_name = "FILE")]
    pub provenance: Option<PathBuf>,
    /// Without a command: every line of every table (as `uth-edge report`)
    /// instead of one line per table.
    #[arg(long)]
    pub details: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands. Trips under the Florida rule runs as
/// `trips --paytable uth-florida`.
#[derive(Subcommand)]
pub enum Command {
    /// Base game (Ante, Blind, Play) under optimal strategy: exact house
    /// edge, element of risk, standard deviation, action frequencies and the
    /// return table, over all 27,813,810,024,000 sequences.
    #[command(
        after_help = "Examples:\n  uth-edge game\n  uth-edge game --blind blind-b --format json\n  uth-edge game --blind my-blind.toml --timing"
    )]
    Game(GameArgs),
    /// The optimal strategy: the preflop chart, or the exact expected value
    /// of each choice for given cards (HOLE [FLOP [TURNRIVER]]).
    #[command(
        after_help = "Examples:\n  uth-edge strategy                      the preflop chart\n  uth-edge strategy AsKd                 one starting hand\n  uth-edge strategy AsKd Qh7c2d          a flop decision\n  uth-edge strategy AsKd Qh7c2d Tc4s     a river decision\n  uth-edge strategy 9s8s --seen-dealer 5c a preflop decision, one dealer card seen\n  uth-edge strategy AsKd 2c7d9h --dead Ah5s  a flop decision, Ah and 5s out of the deck\n  uth-edge strategy --dead Ah5s          the preflop chart, Ah and 5s out of the deck"
    )]
    Strategy(StrategyArgs),
    /// Adds the exact sums of the shards of a dead-card run (`game --seen
    /// collude:K --shard I/N`) and prints its figures.
    #[command(after_help = "Example:\n  uth-edge merge shard-*.sums --format csv")]
    Merge(MergeArgs),
    /// Trips: house edge and element of risk over all 133,784,560 seven-card hands.
    #[command(
        after_help = "Examples:\n  uth-edge trips\n  uth-edge trips --paytable uth-03 --format json\n  uth-edge trips --paytable uth-florida\n  uth-edge trips --paytable my-table.toml"
    )]
    Trips(TripsArgs),
    /// Six Card Bonus: house edge and element of risk over all 20,358,520 six-card hands.
    #[command(
        after_help = "Examples:\n  uth-edge six-card\n  uth-edge six-card --paytable six-card-a --wager 5 --wager 25"
    )]
    SixCard(SixCardArgs),
    /// Progressive Payout wager with Envy Bonus: return, house edge and break-even meters.
    #[command(
        after_help = "Examples:\n  uth-edge progressive\n  uth-edge progressive --meter 250000 --players 3\n  uth-edge progressive --hand best-of-seven"
    )]
    Progressive(ProgressiveArgs),
    /// Bad Beat bonus: house edge over all 2,781,381,002,400 player/dealer/board deals.
    #[command(
        after_help = "Examples:\n  uth-edge bad-beat\n  uth-edge bad-beat --paytable my-bad-beat.toml --format csv"
    )]
    BadBeat(BadBeatArgs),
    /// Ultimate Pairs Bonus: house edge over all 1,624,350 deals of the
    /// player's and the dealer's two hole cards.
    #[command(
        after_help = "Examples:\n  uth-edge ultimate-pairs\n  uth-edge ultimate-pairs --paytable my-pairs.toml --format csv"
    )]
    UltimatePairs(UltimatePairsArgs),
    /// Monte Carlo simulation of every wager under a strategy (optimal, or
    /// a strategy file: wizard, timid, ...): estimates with standard errors and 95% confidence
    /// intervals beside the exact values where known; session results and
    /// bankroll risk. The same seed gives the same hands on any machine and
    /// any number of threads.
    #[command(
        after_help = "Examples:\n  uth-edge simulate --hands 1e7\n  uth-edge simulate --hands 1e6 --strategy wizard --session-hands 100 --bankroll 50\n  uth-edge simulate --hands 1e6 --base-only --format json"
    )]
    Simulate(SimulateArgs),
    /// The California player-dealer game: what the player-dealer, each seat
    /// and the card room's fees take per round and over a rotation of the
    /// bank, exact with an unlimited bank, simulated with a bank limit.
    #[command(
        name = "player-dealer",
        after_help = "Examples:\n  uth-edge player-dealer --players 3 --ante 1\n  uth-edge player-dealer --players 3 --ante 1 --bank 10\n  uth-edge player-dealer --ante 10 --trips 5 --bank 200 --win-cap on --fees collection-example\n  uth-edge player-dealer --seat-ante 2=50 --strategy wizard --format json"
    )]
    PlayerDealer(PlayerDealerArgs),
    /// Checks the figures pay tables publish against the exact computation:
    /// which definitions reproduce each one. Exit code 1 if one is not
    /// reproduced (and not recorded as a known discrepancy).
    #[command(
        after_help = "Examples:\n  uth-edge check\n  uth-edge check --paytable uth-02 --verbose\n  uth-edge check --paytable my-table.toml --format json"
    )]
    Check(CheckArgs),
    /// Every wager of every built-in pay table: house edge, element of
    /// risk, standard deviation, hit frequency, exact fractions; as a
    /// table, CSV, JSON, Markdown or one self-contained HTML page.
    #[command(
        after_help = "Examples:\n  uth-edge report\n  uth-edge report --format html -o report.html\n  uth-edge report --paytable my-table.toml --format markdown -o report.md"
    )]
    Report(ReportArgs),
    /// Pay tables side by side, grouped by wager, lowest house edge first.
    #[command(
        after_help = "Examples:\n  uth-edge compare uth-01 uth-02 uth-03 uth-04\n  uth-edge compare blind-a blind-b my-blind.toml --format csv"
    )]
    Compare(CompareArgs),
    /// Writes the committed results files (one CSV per wager, the preflop
    /// strategy), or compares them with a directory of committed ones.
    #[command(
        after_help = "Examples:\n  uth-edge results --check results\n  uth-edge results --out-dir results"
    )]
    Results(ResultsArgs),
    /// The built-in pay tables: list them, print one as a template to copy
    /// and edit, or validate a pay-table file without computing.
    #[command(
        after_help = "Examples:\n  uth-edge tables\n  uth-edge tables show uth-01 > my-table.toml\n  uth-edge tables validate my-table.toml"
    )]
    Tables(TablesArgs),
    /// The strategies as data: list them, print a shipped strategy file as
    /// a template, or validate a strategy file (docs/strategy-format.md).
    #[command(
        after_help = "Examples:\n  uth-edge strategies\n  uth-edge strategies show wizard > my-strategy.toml\n  uth-edge strategies validate my-strategy.toml"
    )]
    Strategies(StrategiesArgs),
    /// What a table earns: theoretical win per hour, day and year by wager,
    /// and the range of a day's and a month's result, for each combination
    /// of the Blind, Trips and Six Card Bonus tables given (side by side).
    #[command(
        after_help = "Example:\n  uth-edge economics --ante 15 --trips uth-01 --trips uth-03 --trips-take-up 40%"
    )]
    Economics(EconomicsArgs),
    /// Prints a shell completion script: `uth-edge completions bash >
    /// /etc/bash_completion.d/uth-edge`.
    Completions(shell::CompletionsArgs),
    /// Prints a man page (roff): `uth-edge man > uth-edge.1`, or one
    /// command's: `uth-edge man game > uth-edge-game.1`.
    Man(shell::ManArgs),
    /// What-if on one pay line: the pay that gives a target house edge
    /// (exact, with the posted odds on each side), or the house edge over a
    /// range of pays. Blind tables are re-solved at each pay.
    #[command(
        name = "what-if",
        after_help = "Examples:\n  uth-edge what-if --paytable uth-01 --hand flush --edge 2%\n  uth-edge what-if --paytable uth-01 --hand flush --sweep 3:8:0.5\n  uth-edge what-if --paytable uth-01 --add two_pair=1 --remove straight\n  uth-edge what-if --paytable uth-03 --vary flush=5:8:0.5 --vary straight=3:5:1 --band 2.5%..3.5% --rank volatility"
    )]
    WhatIf(WhatIfArgs),
}

/// Runs the command line; with `--provenance FILE`, then writes the run's
/// provenance there (when the command wrote its output, even if it then
/// failed, as `check` does when a figure is not reproduced).
pub fn run(mut cli: Cli) -> anyhow::Result<()> {
    let sidecar = match cli.provenance.take() {
        Some(path) => Some(Output::open_for("--provenance", Some(&path))?),
        None => None,
    };
    let mut reader = TableReader::default();
    let result = run_command(cli, &mut reader);
    if let Some(sidecar) = sidecar {
        let outputs = output::finished();
        if !outputs.is_empty() {
            #[derive(serde::Serialize)]
            struct Outputs {
                outputs: Vec<output::Finished>,
            }
            // JSON whatever the output's format (docs/output-formats.md).
            let document = uth_edge::report::document::Document {
                provenance: Some(provenance(&reader)),
                json: Some(Box::new(Outputs { outputs })),
                ..Default::default()
            };
            render_document(Format::Json, &document, sidecar, "the provenance")?;
        }
    }
    result
}

/// Runs the command (no command: the report of every built-in table as a
/// table).
fn run_command(cli: Cli, reader: &mut TableReader) -> anyhow::Result<()> {
    let progress = progress_bar::reporter(cli.quiet);
    let progress: &dyn Progress = progress.as_ref();
    let Some(command) = cli.command else {
        return report::bare(cli.details, cli.quiet, reader, progress);
    };
    match command {
        Command::Game(args) => game::run(args, cli.quiet, reader, progress),
        Command::Merge(args) => merge::run(args, reader, progress),
        Command::Strategy(args) => strategy::run(args, cli.quiet, reader, progress),
        Command::Trips(args) => side_bets::trips(args, reader, progress),
        Command::SixCard(args) => side_bets::six_card(args, reader, progress),
        Command::BadBeat(args) => side_bets::bad_beat(args, reader, progress),
        Command::UltimatePairs(args) => side_bets::ultimate_pairs(args, reader, progress),
        Command::Progressive(args) => progressive::run(args, cli.quiet, reader, progress),
        Command::Simulate(args) => simulate::run(args, reader, progress),
        Command::PlayerDealer(args) => player_dealer::run(args, reader, progress),
        Command::Tables(args) => tables::run(args, reader, progress),
        Command::Strategies(args) => strategies::run(args),
        Command::Economics(args) => economics::run(args, reader, progress),
        Command::WhatIf(args) => what_if::run(args, reader, progress),
        Command::Completions(args) => shell::completions(args),
        Command::Man(args) => shell::man(args),
        Command::Check(args) => check::run(args, cli.quiet, reader, progress),
        Command::Report(args) => report::run(args, cli.quiet, reader, progress),
        Command::Compare(args) => compare::run(args, reader, progress),
        Command::Results(args) => results::run(args, reader, progress),
    }
}

/// The provenance of this run: the command line as typed, today, and the
/// pay tables read.
pub(super) fn provenance(reader: &TableReader) -> Provenance {
    let command_line: Vec<String> = std::env::args().collect();
    Provenance::now(command_line.join(" "), reader.sources())
}

/// Writes results in a format (with the run's provenance where the format
/// has a place for it), then puts the output in place.
fn write_results(
    format: Format,
    results: &[WagerResult],
    tables: &[PayTable],
    reader: &TableReader,
    mut out: Output,
) -> anyhow::Result<()> {
    let context = ExportContext {
        provenance: Some(provenance(reader)),
        tables: tables.to_vec(),
        ..ExportContext::default()
    };
    uth_edge::report::export_with(format, results, &context, &mut out)
        .context("writing the report")?;
    out.finish().context("writing the report")
}

/// Writes `document` in `format`, then closes the output; an error says
/// "writing {what}".
fn render_document(
    format: Format,
    document: &uth_edge::report::document::Document,
    mut out: Output,
    what: &str,
) -> anyhow::Result<()> {
    uth_edge::report::render(format, document, &mut out)
        .with_context(|| format!("writing {what}"))?;
    out.finish().with_context(|| format!("writing {what}"))
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every argument of every command has its own id. Two flattened
    /// groups once both named a field `ante` (`--ante` and `--leak-ante`):
    /// clap merged them and `game` demanded `--ante` on every run. clap's
    /// own `debug_assert` would say so, but only in a debug build.
    #[test]
    fn every_argument_of_a_command_has_its_own_id() {
        fn check(command: &clap::Command, path: &str) {
            let mut seen = std::collections::BTreeSet::new();
            for arg in command.get_arguments() {
                let id = arg.get_id().as_str();
                assert!(seen.insert(id), "{path}: argument id '{id}' is used twice");
            }
            for sub in command.get_subcommands() {
                check(sub, &format!("{path} {}", sub.get_name()));
            }
        }
        let mut cli = Cli::command();
        cli.build();
        cli.clone().debug_assert();
        check(&cli, "uth-edge");
    }
}
