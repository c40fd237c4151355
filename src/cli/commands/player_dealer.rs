//! `uth-edge player-dealer`: settings checked before any long computation,
//! then the exact figures (the solve or the exact evaluation of the
//! strategy, the Trips house edge), then the simulation of the California
//! player-dealer game.

use super::{provenance, render_document};
use crate::cli::args::PlayerDealerArgs;
use crate::cli::output::Output;
use crate::cli::settings::{PlayerDealerSettings, TableReader};
use uth_edge::analysis::exact_base::{trips_house_edge, ExactBase};
use uth_edge::error::InputError;
use uth_edge::exact::game::GameSummary;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::sample::player_dealer;
use uth_edge::strategy::Strategy;

/// Runs `player-dealer`.
pub fn run(
    args: PlayerDealerArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let PlayerDealerSettings {
        strategy: name,
        config,
    } = PlayerDealerSettings::read(reader, &args)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let trips_edge = config.trips.as_ref().map(|t| trips_house_edge(t, progress));
    let exact_from = |s: &GameSummary| player_dealer::ExactInputs {
        house_edge: s.house_edge.clone(),
        actions: s.action_probabilities.clone(),
        trips_edge: trips_edge.clone(),
    };
    let run = |strategy: &dyn Strategy, exact: Option<&player_dealer::ExactInputs>| {
        player_dealer::run(&config, strategy, exact, progress).map_err(|e| {
            if e.is_input_error() {
                anyhow::Error::from(InputError::PlayerDealer(e))
            } else {
                anyhow::Error::from(e)
            }
        })
    };
    let base = ExactBase {
        deck: config.deck,
        blind: &config.blind,
        wanted: !args.no_exact,
    };
    let report = base.play(&name, progress, |strategy, summary| {
        run(strategy, summary.map(exact_from).as_ref())
    })?;
    let document = report::player_dealer::document(&report, Some(provenance(reader)));
    render_document(
        args.output.format,
        &document,
        out,
        "the player-dealer report",
    )
}
