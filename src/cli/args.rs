//! Flags as typed ("low" arguments), clap definitions only: the groups
//! every command flattens (the output: [`OutputArgs`] and its kin; the
//! payout limit, `money_rules`) and the flags of the commands that have
//! no home of their own yet (`cli/commands/` holds the command list, and
//! game, strategy and merge with their flags).
//!
//! Nothing here is trusted: [`super::settings`] (or a command's parse)
//! turns these into validated settings (pay tables resolved and checked
//! for their wager, amounts read exactly, cards grouped as typed, output
//! files opened) before any long computation starts.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use uth_edge::report::{Format, Shape};
use uth_edge::sample;

pub mod money_rules;
mod operator_tools;
mod sampling;
mod side_bets;
mod strategies;

pub use operator_tools::{EconomicsArgs, WhatIfArgs};
pub use sampling::{PlayerDealerArgs, SimulateArgs};
pub use side_bets::{BadBeatArgs, SixCardArgs, TripsArgs, UltimatePairsArgs};
pub use strategies::{StrategiesAction, StrategiesArgs};

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
    /// Add the "Hold under practical play": the exact hold of optimal,
    /// wizard, never-4x, pairs-and-aces and always-river on each Blind
    /// table (each strategy an exact solve of a minute or two; not in the
    /// default report for that reason).
    #[arg(long)]
    pub practical: bool,
    /// The strategies of the "Hold under practical play" (implies
    /// --practical): names or strategy files, separated by commas:
    /// optimal,wizard,FILE.
    #[arg(long, value_name = "NAME|FILE,...")]
    pub strategies: Option<String>,
    /// Add a player mix to the "Hold under practical play" (implies
    /// --practical): STRATEGY:SHARE,... summing to 100%, as economics
    /// --players.
    #[arg(
        long,
        value_name = "STRATEGY:SHARE,...",
        conflicts_with = "players_file"
    )]
    pub players: Option<String>,
    /// The player mix as a file (docs/strategy-format.md, "A player mix").
    #[arg(long, value_name = "FILE")]
    pub players_file: Option<std::path::PathBuf>,
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
