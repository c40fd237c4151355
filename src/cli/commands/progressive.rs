//! `uth-edge progressive`: the Progressive wager's return, house edge and
//! break-even meters for each table, wager, meter and number of players;
//! for a table with meters (its `[[meter]]`, or `--rate` and `--reset`), the
//! long-run return ([`super::progressive_meters`]).

use super::progressive_meters;
use super::write_results;
use crate::cli::args::ProgressiveArgs;
use crate::cli::output::Output;
use crate::cli::settings::{read_meters, ProgressiveSettings, TableReader};
use uth_edge::progress::Progress;

/// Runs `progressive`.
pub fn run(
    args: ProgressiveArgs,
    quiet: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let mut s = ProgressiveSettings::read(reader, &args)?;
    let meter_given = !args.meters.is_empty();
    let long_run = read_meters(&args.meter, &mut s.tables, meter_given, quiet)?;
    let simulate = progressive_meters::read_simulation(&args, long_run.as_ref())?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let results = progressive_meters::results(&s, long_run.as_ref(), meter_given, progress)?;
    if let (Some((hands, seed)), Some(settings)) = (simulate, &long_run) {
        // One document: the results, then the meters' simulation.
        let simulation = progressive_meters::simulation(&s, settings, hands, seed, progress)?;
        let context = uth_edge::report::ExportContext::default();
        let mut document = uth_edge::report::wager_results::document(&results, &context)?;
        document.sections.extend(simulation.sections);
        uth_edge::report::render(args.output.format, &document, &mut out)?;
        return Ok(out.finish()?);
    }
    write_results(args.output.format, &results, &s.tables, reader, out)
}
