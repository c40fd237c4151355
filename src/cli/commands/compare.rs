//! `uth-edge compare`: tables of any wagers side by side.

use super::provenance;
use crate::cli::args::CompareArgs;
use crate::cli::output::Output;
use crate::cli::settings::{CompareSettings, TableReader};
use anyhow::Context;
use uth_edge::analysis::catalog::Catalog;
use uth_edge::progress::Progress;
use uth_edge::report::{self, Format};

/// Runs `compare`.
pub fn run(
    args: CompareArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let CompareSettings { tables, wagers } = CompareSettings::read(reader, &args)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let catalog = Catalog::compute(&tables, &wagers, progress);
    match args.output.format {
        Format::Csv => report::compare::write_csv(&catalog.results, &mut out),
        Format::Json => {
            report::compare::write_json(&catalog.results, Some(&provenance(reader)), &mut out)
        }
        _ => report::compare::write_table(&catalog.results, &mut out),
    }
    .context("writing the comparison")?;
    out.finish().context("writing the comparison")
}
