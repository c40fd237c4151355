//! Flags as typed ("low" arguments), clap definitions only: the groups
//! several commands flatten (the output: [`OutputArgs`] and its kin, with
//! [`formats`], the `--format` values of a shape; the payout limit's and
//! the meters' flags, `money_rules`), the readers of counts (`sampling`)
//! and the flags of the commands that have no home of their own yet
//! (`cli/commands/` holds the command list, and the commands moved to
//! their home with their flags).
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

pub use operator_tools::WhatIfArgs;
pub use sampling::SimulateArgs;
pub(crate) use sampling::{parse_rotations, parse_threads};
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
pub(crate) fn formats(shape: Shape) -> impl TypedValueParser<Value = Format> {
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
