//! `uth-edge simulate`: settings checked before any long computation, then
//! the base game's exact figures (the solve, or the fixed strategy
//! evaluated), the side bets' exact house edges, then the sample.

use super::{provenance, render_document};
use crate::cli::args::SimulateArgs;
use crate::cli::output::Output;
use crate::cli::settings::{SimulateSettings, TableReader};
use anyhow::Context;
use uth_edge::analysis::exact_base::{simulation_exact_values, ExactBase};
use uth_edge::cards::CardSet;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::sample;

/// Runs `simulate`.
pub fn run(
    args: SimulateArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let SimulateSettings {
        strategy: name,
        config,
    } = SimulateSettings::read(reader, &args)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let base = ExactBase {
        deck: CardSet::FULL_DECK,
        blind: &config.blind,
        wanted: !args.no_exact,
    };
    let report = base.play(name, progress, |strategy, summary| {
        let exact = simulation_exact_values(&config, summary, progress);
        sample::simulate(&config, strategy, progress).map(|sample| sample.report(&exact))
    })?;
    let document = report::simulation::document(&report, Some(provenance(reader)))
        .context("writing the report")?;
    render_document(args.output.format, &document, out, "the report")
}
