//! `uth-edge trips`, `six-card`, `bad-beat` and `ultimate-pairs`, their
//! one home: the flags of each (the shared `--paytable` with the command's
//! own help, `six-card`'s `--wager`), parsed once into the tables (and
//! amounts) of the wager, and the run: one side bet's exact figures for
//! each table given, written as results.

use super::write_results;
use crate::cli::args::paytable::{self, PaytableArgs};
use crate::cli::args::OutputArgs;
use crate::cli::output::Output;
use crate::cli::settings::{self, TableReader};
use clap::Args;
use uth_edge::exact::{showdown_bets, side_bets, ultimate_pairs};
use uth_edge::progress::Progress;
use uth_edge::rules::paytable::WagerKind;

#[derive(Args)]
#[command(mut_args(paytable::help(
    "A Trips pay table: built-in id (uth-01 .. uth-04, uth-florida) or TOML file path; repeat for several. Default: uth-01, uth-02, uth-03, uth-04"
)))]
pub struct TripsArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
#[command(mut_args(paytable::help(
    "A Six Card Bonus pay table: built-in id (six-card-a, six-card-b) or TOML file path; repeat for several. Default: six-card-a, six-card-b"
)))]
pub struct SixCardArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    /// The amount wagered in dollars (the Super Royal pays a fixed amount, so
    /// the edge depends on it); repeat for several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
#[command(mut_args(paytable::help(
    "A Bad Beat pay table: built-in id (bad-beat-dg) or TOML file path; repeat for several. Default: bad-beat-dg"
)))]
pub struct BadBeatArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
#[command(mut_args(paytable::help(
    "An Ultimate Pairs Bonus pay table: built-in id (ultimate-pairs-example) or TOML file path; repeat for several. Default: every built-in Ultimate Pairs table"
)))]
pub struct UltimatePairsArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `uth-edge trips`.
pub fn trips(
    args: TripsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let tables = settings::paytables_for(reader, &args.paytable.paytables, WagerKind::Trips)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let results = side_bets::trips_report(&tables, progress);
    write_results(args.output.format, &results, &tables, reader, out)
}

/// `uth-edge six-card` (at each amount wagered: the Super Royal pays a
/// fixed amount).
pub fn six_card(
    args: SixCardArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let tables =
        settings::paytables_for(reader, &args.paytable.paytables, WagerKind::SixCardBonus)?;
    let wagers = settings::wager_amounts(&args.wagers)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let results = side_bets::six_card_report(&tables, &wagers, progress);
    write_results(args.output.format, &results, &tables, reader, out)
}

/// `uth-edge bad-beat`.
pub fn bad_beat(
    args: BadBeatArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let tables = settings::paytables_for(reader, &args.paytable.paytables, WagerKind::BadBeat)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let results = showdown_bets::bad_beat_report(&tables, progress);
    write_results(args.output.format, &results, &tables, reader, out)
}

/// `uth-edge ultimate-pairs`.
pub fn ultimate_pairs(
    args: UltimatePairsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let tables =
        settings::paytables_for(reader, &args.paytable.paytables, WagerKind::UltimatePairs)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let results = ultimate_pairs::ultimate_pairs_report(&tables, progress);
    write_results(args.output.format, &results, &tables, reader, out)
}
