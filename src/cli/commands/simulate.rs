//! `uth-edge simulate`: settings checked before any long computation, then
//! the base game's exact figures (the solve, or the fixed strategy
//! evaluated), the side bets' exact house edges, then the sample.

use super::{provenance, render_document};
use crate::cli::args::SimulateArgs;
use crate::cli::output::Output;
use crate::cli::settings::{SimulateSettings, TableReader};
use anyhow::Context;
use uth_edge::analysis::exact_base::{simulation_exact_values, ExactBase};
use uth_edge::analysis::money_rules::play_under_limit;
use uth_edge::cards::CardSet;
use uth_edge::money::dollars;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::report::document::{Block, Section, Text};
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
        limit_dollars,
    } = SimulateSettings::read(reader, &args)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let base = ExactBase {
        deck: CardSet::FULL_DECK,
        blind: &config.blind,
        wanted: !args.no_exact,
    };
    let run = |strategy: &dyn uth_edge::strategy::Strategy, summary: Option<&_>| {
        let exact = simulation_exact_values(&config, summary, progress);
        sample::simulate(&config, strategy, progress).map(|sample| sample.report(&exact))
    };
    let report = match &config.payout_limit {
        Some(limit) => play_under_limit(config.deck, &config.blind, limit, progress, run)?,
        None => base.play(&name, progress, run)?,
    };
    let mut document = report::simulation::document(&report, Some(provenance(reader)))
        .context("writing the report")?;
    if let Some((limit, ante)) = &limit_dollars {
        let heading = format!(
            "Under a payout limit of {} per hand at a {} Ante (COMAR 36.05.16.12F): every hand settled under it, the player playing optimally knowing it; exact: the limited solve.",
            dollars(limit),
            dollars(ante)
        );
        let heading = Block::Paragraph(Text::plain(heading));
        document.sections.insert(0, Section::of(vec![heading]));
    }
    render_document(args.output.format, &document, out, "the report")
}
