//! The command line as typed ("low" arguments): clap definitions only.
//!
//! Nothing here is trusted: [`super::settings`] turns these into validated
//! settings (pay tables resolved and checked for their wager, amounts read
//! exactly, cards grouped as typed, output files opened) before any long
//! computation starts.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use uth_edge::report::{Format, Shape};
use uth_edge::sample;

pub mod dead_cards;
mod game;
pub mod money_rules;
mod operator_tools;
mod sampling;
mod side_bets;
mod strategies;

pub use game::{GameArgs, StrategyArgs};
pub use operator_tools::{EconomicsArgs, WhatIfArgs};
pub use sampling::{PlayerDealerArgs, SimulateArgs};
pub use side_bets::{
    BadBeatArgs, HandArg, ProgressiveArgs, SixCardArgs, TripsArgs, UltimatePairsArgs,
};
pub use strategies::{StrategiesAction, StrategiesArgs};

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
    /// No progress bar and no warnings on standard error (errors still).
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
    Merge(dead_cards::MergeArgs),
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
    /// Monte Carlo simulation of every wager under a strategy (optimal,
    /// wizard, timid): estimates with standard errors and 95% confidence
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
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Prints a man page (roff): `uth-edge man > uth-edge.1`, or one
    /// command's: `uth-edge man game > uth-edge-game.1`.
    Man {
        /// The command whose page to print (default: the program's, which
        /// lists the commands).
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
    /// What-if on one pay line: the pay that gives a target house edge
    /// (exact, with the posted odds on each side), or the house edge over a
    /// range of pays. Blind tables are re-solved at each pay.
    #[command(
        name = "what-if",
        after_help = "Examples:\n  uth-edge what-if --paytable uth-01 --hand flush --edge 2%\n  uth-edge what-if --paytable uth-01 --hand flush --sweep 3:8:0.5\n  uth-edge what-if --paytable uth-01 --add two_pair=1 --remove straight\n  uth-edge what-if --paytable uth-03 --vary flush=5:8:0.5 --vary straight=3:5:1 --band 2.5%..3.5% --rank volatility"
    )]
    WhatIf(WhatIfArgs),
}

#[derive(Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    pub action: Option<TablesAction>,
}

/// What `tables` does; without one, lists the built-in tables.
#[derive(Subcommand)]
pub enum TablesAction {
    /// Every built-in pay table: id, wager and title.
    List,
    /// Prints a built-in table's TOML file, ready to copy and edit.
    Show {
        /// The built-in id (see `uth-edge tables`).
        #[arg(value_name = "ID")]
        id: String,
    },
    /// Reads a pay-table file (or `-` for standard input), checks it and
    /// prints its inputs with every pay normalized, then its exact house
    /// edge at the default settings (a Blind table: a solve of seconds).
    Validate {
        /// The file: a TOML path, a built-in id, or `-`.
        #[arg(value_name = "FILE")]
        file: String,
    },
}

/// `--format` with the formats a command whose output has `shape` offers
/// ([`Format::offered_by`]): the values, their help and completions all
/// come from the one list of formats (the files of `report/render/formats/`).
fn formats(shape: Shape) -> impl TypedValueParser<Value = Format> {
    let names: Vec<&'static str> = Format::offered_by(shape).map(Format::name).collect();
    PossibleValuesParser::new(names).map(|name| {
        name.parse::<Format>()
            .expect("every offered format name is a Format")
    })
}

/// Where the output goes.
#[derive(Args)]
pub struct OutArg {
    /// Write to this file instead of standard output: a regular file is
    /// written whole or not at all (a temporary file beside it, renamed
    /// into place when complete); a FIFO or a device is written through.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Args)]
pub struct ReportArgs {
    /// A pay table to report on, any wager: built-in id, TOML file path, or
    /// `-` for standard input; repeat for several. Default: every built-in
    /// table.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    /// Six Card Bonus tables: the amount wagered in dollars; repeat for
    /// several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    /// Add the California player-dealer game (5 players, $10 Antes,
    /// optimal strategy; unlimited bank and a bank of 10 Antes): needs a
    /// Blind table; formats table, markdown and html.
    #[arg(long = "player-dealer")]
    pub player_dealer: bool,
    /// Output format.
    #[arg(long, default_value = "table", value_parser = formats(Shape::Page))]
    pub format: Format,
    /// HTML only: add the "Value of a leak" section, one row per case, read
    /// from a seen-card results file (results/seen_cards.csv, written by
    /// scripts/hole-card.sh); nothing is solved for it.
    #[arg(long = "seen-results", value_name = "FILE")]
    pub seen_results: Option<std::path::PathBuf>,
    /// HTML only: add collusion and exposed-card rows to the "Value of a
    /// leak" section, read from dead-card results files (e.g.
    /// results/dead_cards.collude-2.csv, written by scripts/collusion.sh);
    /// repeat for several.
    #[arg(long = "dead-results", value_name = "FILE")]
    pub dead_results: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub money: money_rules::ReportMoneyArgs,
    #[command(flatten)]
    pub out: OutArg,
}

#[derive(Args)]
pub struct CompareArgs {
    /// The pay tables: built-in ids or TOML file paths, any wagers.
    #[arg(value_name = "ID|PATH|-", required = true)]
    pub paytables: Vec<String>,
    /// Six Card Bonus tables: the amount wagered in dollars; repeat for
    /// several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct ResultsArgs {
    /// The pay tables (built-in ids or TOML file paths, any wagers); repeat
    /// for several. Default: every built-in table.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
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

#[derive(Args)]
pub struct CheckArgs {
    /// A pay table (built-in id or TOML file path) whose published figures
    /// to check; repeat for several. Default: every built-in table that
    /// records published figures.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
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
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

/// `value` if it is at most `limit`, else why not (`what` names the limit).
fn at_most<T: PartialOrd + std::fmt::Display>(value: T, limit: T, what: &str) -> Result<T, String> {
    if value > limit {
        Err(format!("{value} is more than the limit of {what}"))
    } else {
        Ok(value)
    }
}

/// The output of the per-wager commands, `game`, `compare` and `economics`: format
/// (table, CSV or JSON) and destination.
#[derive(Args)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, default_value = "table", value_parser = formats(Shape::Rows))]
    pub format: Format,
    #[command(flatten)]
    pub out: OutArg,
}

/// The output of `check`, `strategy` and `what-if`: format
/// (table or JSON) and destination.
#[derive(Args)]
pub struct TableJsonOutputArgs {
    /// Output format.
    #[arg(long, default_value = "table", value_parser = formats(Shape::Plain))]
    pub format: Format,
    #[command(flatten)]
    pub out: OutArg,
}

/// The output of the simulations, `simulate` and `player-dealer`: format
/// (table, CSV, JSON or Markdown) and destination.
#[derive(Args)]
pub struct SimulationOutputArgs {
    /// Output format.
    #[arg(long, default_value = "table", value_parser = formats(Shape::Document))]
    pub format: Format,
    #[command(flatten)]
    pub out: OutArg,
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
