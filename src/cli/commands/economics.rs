//! `uth-edge economics`: each configuration of the tables given, side by
//! side (the wagers, tables, stakes and traffic from [`EconomicsSettings`],
//! the configurations and figures from `analysis::economics`).

use super::provenance;
use crate::cli::args::EconomicsArgs;
use crate::cli::output::Output;
use crate::cli::settings::{EconomicsSettings, TableReader};
use anyhow::Context;
use uth_edge::analysis::catalog::Catalog;
use uth_edge::analysis::economics::configurations;
use uth_edge::analysis::players::mix_on_tables;
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::rules::paytable::PayTable;

/// Runs `economics`.
pub fn run(
    args: EconomicsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let EconomicsSettings {
        choices,
        six_card_amount,
        traffic,
        players,
    } = EconomicsSettings::read(reader, &args)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let tables: Vec<PayTable> = choices.iter().flat_map(|c| c.tables.clone()).collect();
    let catalog = Catalog::compute(&tables, std::slice::from_ref(&six_card_amount), progress);
    let configurations = configurations(&choices, &catalog.results, &traffic)
        .map_err(|e| InputError::usage(e.to_string()))?;
    let mixes = match &players {
        Some(mix) => mix_on_tables(&choices, &catalog.results, mix, &traffic, progress),
        None => Vec::new(),
    };
    let document =
        report::economics::document(&traffic, &configurations, &mixes, provenance(reader))
            .context("writing the economics")?;
    report::render(args.output.format, &document, &mut out).context("writing the economics")?;
    out.finish().context("writing the economics")
}
