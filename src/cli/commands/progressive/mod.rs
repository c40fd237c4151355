//! `uth-edge progressive`, its one home: the flags ([`ProgressiveArgs`]),
//! the one typed value parsed once from them ([`Progressive`], `parse.rs`)
//! and the run: the Progressive wager's return, house edge and break-even
//! meters for each table, wager, meter and number of players; for a table
//! with meters (its `[[meter]]`, or `--rate` and `--reset`), the long-run
//! return and with `--simulate` the meters run wager by wager
//! (`meters.rs`).

mod meters;
mod parse;

use super::write_results;
use crate::cli::args::paytable::{self, PaytableArgs};
use crate::cli::args::{money_rules, OutputArgs};
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use clap::{Args, ValueEnum};
use parse::ProgressiveSettings;
use uth_edge::exact::meter_long_run::LongRunSettings;
use uth_edge::progress::Progress;

#[derive(Args)]
#[command(mut_args(paytable::help(
    "A Progressive pay table: built-in id (progressive-md) or TOML file path; repeat for several. Default: progressive-md"
)))]
pub struct ProgressiveArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    /// The progressive meter in dollars (the royal and straight flush pay a
    /// share of it); repeat for several. Default: 10000, the lowest reset
    /// amount COMAR 36.05.16.12D(3) allows.
    #[arg(long = "meter", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub meters: Vec<String>,
    /// Other players at the table, 0 to 5 (each may win the player an Envy
    /// Bonus); repeat for several. Default: 0.
    #[arg(long = "players", value_name = "N")]
    pub players: Vec<u32>,
    /// The Progressive wager in dollars (the Envy Bonus depends on it);
    /// repeat for several. Default: 1.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    /// Which five cards make the hand, overriding the pay table's `hand`.
    #[arg(long, value_enum)]
    pub hand: Option<HandArg>,
    #[command(flatten)]
    pub meter: money_rules::MeterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum HandArg {
    /// The player's two cards and the three flop cards.
    HoleAndFlop,
    /// The best five of the player's two cards and the five community cards.
    BestOfSeven,
}

/// What a `progressive` run computes, parsed once from its flags
/// ([`Progressive::from_args`]).
pub struct Progressive {
    /// The tables, wagers, meters and players.
    settings: ProgressiveSettings,
    /// Whether `--meter` is given (a fixed meter beside the long run).
    meter_given: bool,
    /// The meters' long run, for tables with meters.
    long_run: Option<LongRunSettings>,
    /// The meters' warnings, printed by the run (unless `--quiet`).
    warnings: Vec<String>,
    /// `--simulate N` and its seed.
    simulate: Option<(u64, u64)>,
}

/// Runs `progressive`.
pub fn run(
    args: ProgressiveArgs,
    quiet: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let Progressive {
        settings: s,
        meter_given,
        long_run,
        warnings,
        simulate,
    } = Progressive::from_args(&args, reader)?;
    if !quiet {
        for warning in &warnings {
            stderr_line!("{warning}");
        }
    }
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let results = meters::results(&s, long_run.as_ref(), meter_given, progress)?;
    if let (Some((hands, seed)), Some(settings)) = (simulate, &long_run) {
        // One document: the results, then the meters' simulation.
        let simulation = meters::simulation(&s, settings, hands, seed, progress)?;
        let context = uth_edge::report::ExportContext::default();
        let mut document = uth_edge::report::wager_results::document(&results, &context)?;
        document.sections.extend(simulation.sections);
        uth_edge::report::render(args.output.format, &document, &mut out)?;
        return Ok(out.finish()?);
    }
    write_results(args.output.format, &results, &s.tables, reader, out)
}
