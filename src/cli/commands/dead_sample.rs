//! `uth-edge game --seen collude:K --samples N [--seed S]`: the sampled
//! estimate of collusion (`uth_edge::sample::dead_cards`), required for
//! collude:4 to 6 (whose exact solve is out of reach) and offered for
//! collude:2 and 3 (to compare with their exact figures). Every refusal is
//! one line before any work (`cli/settings/dead_sample.rs`); the sample's
//! size and its projected time are printed on standard error before the
//! situations are solved.

use crate::cli::args::GameArgs;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::{DeadSampleSettings, TableReader};
use anyhow::Context;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::progress::Progress;
use uth_edge::report::dead::estimate::{self as dead_estimate, EstimateFigures};
use uth_edge::sample::dead_cards;

/// Runs the estimate: the refusals, the plan and its projected time, the
/// base game, the sample, the figures.
pub fn run(
    args: GameArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let DeadSampleSettings {
        players,
        plan,
        ante,
        hands_per_hour,
        table,
    } = DeadSampleSettings::read(&args, reader)?;
    let table = &table;
    let out = Output::open(args.output.out.out.as_deref())?;
    let deck = CardSet::FULL_DECK;
    let strata = dead_cards::strata(deck, 2 * (players - 1));
    let solves = strata.len() as u64 * plan.samples;
    stderr_line!(
        "collude:{players}: an estimate, not exact: {} strata x {} situations = {solves} exact solves (seed {}); solving the base game, then timing the first situations",
        strata.len(),
        plan.samples,
        plan.seed
    );
    let river = RiverTable::build(deck, progress);
    let base = solve(&river, table, progress);
    let estimate = dead_cards::estimate(&base, players, plan, progress, &mut |cost| {
        stderr_line!(
            "collude:{players}: {:.1} s a situation (mean of {} timed, one thread each): projected {:.2} CPU hours for all {}",
            cost.seconds_per_situation,
            cost.timed,
            cost.seconds_per_situation * cost.situations as f64 / 3600.0,
            cost.situations
        );
    })
    .map_err(|e| InputError::usage(e.to_string()))?;
    let figures = [EstimateFigures {
        estimate: &estimate,
        ante,
        hands_per_hour,
    }];
    let document = dead_estimate::document(&figures, Some(super::provenance(reader)))
        .context("writing the estimate")?;
    super::render_document(args.output.format, &document, out, "the estimate")
}
