//! `uth-edge trips`, `six-card`, `bad-beat` and `ultimate-pairs`: one side
//! bet's exact figures for each table given, written as results.

use super::write_results;
use crate::cli::args::{BadBeatArgs, SixCardArgs, TripsArgs, UltimatePairsArgs};
use crate::cli::output::Output;
use crate::cli::settings::{self, TableReader};
use uth_edge::exact::{showdown_bets, side_bets, ultimate_pairs};
use uth_edge::progress::Progress;
use uth_edge::rules::paytable::WagerKind;

/// `uth-edge trips`.
pub fn trips(
    args: TripsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let tables = settings::paytables_for(reader, &args.paytables, WagerKind::Trips)?;
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
    let tables = settings::paytables_for(reader, &args.paytables, WagerKind::SixCardBonus)?;
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
    let tables = settings::paytables_for(reader, &args.paytables, WagerKind::BadBeat)?;
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
    let tables = settings::paytables_for(reader, &args.paytables, WagerKind::UltimatePairs)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let results = ultimate_pairs::ultimate_pairs_report(&tables, progress);
    write_results(args.output.format, &results, &tables, reader, out)
}
