//! `uth-edge compare`: tables of any wagers side by side.

use super::provenance;
use crate::cli::args::CompareArgs;
use crate::cli::output::Output;
use crate::cli::settings::{CompareSettings, TableReader};
use anyhow::Context;
use uth_edge::analysis::catalog::Catalog;
use uth_edge::progress::Progress;
use uth_edge::report;

/// Runs `compare`.
pub fn run(
    args: CompareArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let CompareSettings { tables, wagers } = CompareSettings::read(reader, &args)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let catalog = Catalog::compute(&tables, &wagers, progress);
    let document = report::compare::document(&catalog.results, provenance(reader))
        .context("writing the comparison")?;
    report::render(args.output.format, &document, &mut out).context("writing the comparison")?;
    out.finish().context("writing the comparison")
}
