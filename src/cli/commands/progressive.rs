//! `uth-edge progressive`: the Progressive wager's return, house edge and
//! break-even meters for each table, wager, meter and number of players.

use super::write_results;
use crate::cli::args::ProgressiveArgs;
use crate::cli::output::Output;
use crate::cli::settings::{ProgressiveSettings, TableReader};
use uth_edge::exact::progressive::progressive_report;
use uth_edge::progress::Progress;

/// Runs `progressive`.
pub fn run(
    args: ProgressiveArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let s = ProgressiveSettings::read(reader, &args)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let results = progressive_report(&s.tables, &s.wagers, &s.meters, &s.players, progress);
    write_results(args.output.format, &results, &s.tables, reader, out)
}
