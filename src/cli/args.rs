//! Flags as typed ("low" arguments), clap definitions only: the groups
//! several commands flatten (the output: [`OutputArgs`] and its kin, with
//! [`formats`], the `--format` values of a shape; `--paytable`, declared
//! once in `paytable`; the payout limit's and the meters' flags,
//! `money_rules`) and the readers of counts (`sampling`); every command's
//! own flags are in its home in `cli/commands/`.
//!
//! Nothing here is trusted: [`super::settings`] (or a command's parse)
//! turns these into validated settings (pay tables resolved and checked
//! for their wager, amounts read exactly, cards grouped as typed, output
//! files opened) before any long computation starts.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use std::path::PathBuf;
use uth_edge::report::{Format, Shape};

pub mod money_rules;
pub mod paytable;
pub mod sampling;
pub mod traffic;

pub(crate) use sampling::{parse_rotations, parse_threads};

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
