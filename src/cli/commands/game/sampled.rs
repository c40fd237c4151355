//! `uth-edge game --seen collude:K --samples N [--seed S]`: the sampled
//! estimate of collusion (`uth_edge::sample::dead_cards`), required for
//! collude:4 to 6 (whose exact solve is out of reach) and offered for
//! collude:2 and 3 (to compare with their exact figures). Every refusal is
//! one line before any work (`parse_sampled.rs`); the sample's
//! size and its projected time are printed on standard error before the
//! situations are solved.

use super::parse_sampled::SampledRun;
use crate::cli::args::OutputArgs;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::progress::Progress;
use uth_edge::report::dead_estimate::{self, EstimateFigures};
use uth_edge::sample::dead_cards;

/// Runs the estimate: the plan and its projected time, the base game, the
/// sample, the figures.
pub fn run(
    run: SampledRun,
    output: OutputArgs,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let SampledRun {
        players,
        plan,
        ante,
        hands_per_hour,
        table,
    } = run;
    let table = &table;
    let out = Output::open(output.out.out.as_deref())?;
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
    let document =
        dead_estimate::document(&figures, Some(crate::cli::commands::provenance(reader)))
            .context("writing the estimate")?;
    crate::cli::commands::render_document(output.format, &document, out, "the estimate")
}
