//! `uth-edge game --seen collude:K --samples N [--seed S] [--by-class]`: the sampled
//! estimate of collusion (`uth_edge::sample::dead_cards`), required for
//! collude:4 to 6 (whose exact solve is out of reach) and offered for
//! collude:2 and 3 (to compare with their exact figures). Every refusal is
//! one line before any work (`parse_sampled.rs`); the sample's
//! size and its projected time are printed on standard error before the
//! situations are solved (not with `--quiet`).

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
use uth_edge::report::dead::estimate::{self as dead_estimate, EstimateFigures};
use uth_edge::sample::{dead_cards, dead_classes};

/// Runs the estimate: the plan and its projected time (standard error,
/// not with `--quiet`: `quiet`), the base game, the sample, the figures.
pub fn run(
    run: SampledRun,
    output: OutputArgs,
    quiet: bool,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let SampledRun {
        players,
        plan,
        by_class,
        ante,
        hands_per_hour,
        table,
    } = run;
    let table = &table;
    let out = Output::open(output.out.out.as_deref())?;
    let deck = CardSet::FULL_DECK;
    if by_class {
        let estimate = by_classes(table, deck, players, plan, quiet, progress)?;
        let figures = [EstimateFigures {
            estimate: &estimate,
            ante,
            hands_per_hour,
        }];
        let document =
            dead_estimate::document(&figures, Some(crate::cli::commands::provenance(reader)))
                .context("writing the estimate")?;
        return crate::cli::commands::render_document(
            output.format,
            &document,
            out,
            "the estimate",
        );
    }
    let strata = dead_cards::strata(deck, 2 * (players - 1));
    let solves = strata.len() as u64 * plan.samples;
    if !quiet {
        stderr_line!(
            "collude:{players}: an estimate, not exact: {} strata x {} situations = {solves} exact solves (seed {}); solving the base game, then timing the first situations",
            strata.len(),
            plan.samples,
            plan.seed
        );
    }
    let river = RiverTable::build(deck, progress);
    let base = solve(&river, table, progress);
    let estimate = dead_cards::estimate(&base, players, plan, progress, &mut |cost| {
        if quiet {
            return;
        }
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

/// `--by-class`: the classes of the partners' cards and the projected cost
/// first (not when `quiet`), then each drawn class with its exact gain and
/// CPU time (standard error, also when `quiet`: figures, not a log), and
/// the estimate.
fn by_classes(
    table: &uth_edge::rules::paytable::PayTable,
    deck: CardSet,
    players: usize,
    plan: dead_cards::SamplePlan,
    quiet: bool,
    progress: &dyn Progress,
) -> anyhow::Result<dead_cards::DeadEstimate> {
    let k = 2 * (players - 1);
    let strata = dead_classes::class_strata(deck, k);
    let classes: usize = strata.iter().map(|s| s.1.len()).sum();
    let sizes: Vec<String> = strata
        .iter()
        .map(|(size, c)| format!("{} of size {size}", c.len()))
        .collect();
    if !quiet {
        stderr_line!(
            "collude:{players}: an estimate, not exact: {classes} classes of the partners' {k} cards ({}), {} strata x {} classes = {} exact solves of the base game and of the control strategy {} (seed {}); solving the base game and the control on the full deck, then timing the first class",
            sizes.join(", "),
            strata.len(),
            plan.samples,
            strata.len() as u64 * plan.samples,
            dead_classes::CONTROL,
            plan.seed
        );
    }
    let case = uth_edge::exact::seen::dead::DeadCase::Collude(players);
    let (estimate, runs) = dead_classes::estimate_by_classes(table, deck, case, plan, progress, &mut |cost| {
        if quiet {
            return;
        }
        stderr_line!(
            "collude:{players}: the first class: {:.2} CPU s per unit of class size with the control, projected {:.2} CPU hours for the {} drawn classes; {:.2} without it (the best play's solve alone), projected {:.0} CPU hours for the exact run of all {classes}",
            cost.seconds_per_size,
            cost.sample_hours(),
            cost.drawn,
            cost.solve_seconds_per_size,
            cost.exact_run_hours()
        );
    })
    .map_err(|e| InputError::usage(e.to_string()))?;
    for run in &runs {
        stderr_line!(
            "collude:{players}: class {} (size {}): gain {} per Ante (exact {}), control ({}) gain {} (exact {}), {:.1} CPU s ({:.1} the best play's solve, {:.1} the control's)",
            run.dead,
            run.size,
            uth_edge::report::percent(run.gain.clone()),
            run.gain,
            dead_classes::CONTROL,
            uth_edge::report::percent(run.control_gain.clone()),
            run.control_gain,
            run.seconds(),
            run.solve_seconds,
            run.control_seconds
        );
    }
    let total: u64 = strata.iter().map(|(s, c)| s * c.len() as u64).sum();
    let size: u64 = runs.iter().map(|r| r.size).sum();
    let cost = dead_classes::ClassSampleCost::of_runs(&runs, runs.len(), size, total);
    stderr_line!(
        "collude:{players}: {} classes solved in {:.0} CPU s ({:.2} s per unit of class size with the control, {:.2} without it): the exact run of all {classes} classes (sizes adding to {total}; the best play's solve alone, no control) projects to {:.0} CPU hours",
        runs.len(),
        cost.sample_hours() * 3600.0,
        cost.seconds_per_size,
        cost.solve_seconds_per_size,
        cost.exact_run_hours()
    );
    Ok(estimate)
}
