//! `uth-edge economics`: each configuration of the tables given, side by
//! side (the tables, stakes and traffic from [`EconomicsSettings`], the
//! configurations from `analysis::economics_tables`).

use super::provenance;
use crate::cli::args::EconomicsArgs;
use crate::cli::output::Output;
use crate::cli::settings::{EconomicsSettings, TableReader};
use anyhow::Context;
use uth_edge::analysis::economics_tables;
use uth_edge::progress::Progress;
use uth_edge::report::{self, Format};

/// Runs `economics`.
pub fn run(
    args: EconomicsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let EconomicsSettings {
        tables,
        stakes,
        traffic,
    } = EconomicsSettings::read(reader, &args)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let configurations = economics_tables::configurations(&tables, &stakes, &traffic, progress)?;
    match args.output.format {
        Format::Json => {
            report::economics::write_json(&traffic, &configurations, &provenance(reader), &mut out)
        }
        _ => report::economics::write_table(&traffic, &configurations, &mut out),
    }
    .context("writing the economics")?;
    out.finish().context("writing the economics")
}
