//! `uth-edge game --seen collude:K --samples N [--seed S]`: the sampled
//! estimate of collusion (`uth_edge::sample::dead_cards`), required for
//! collude:4 to 6 (whose exact solve is out of reach) and offered for
//! collude:2 and 3 (to compare with their exact figures). Every refusal is
//! one line before any work; the sample's size and its projected time are
//! printed on standard error before the situations are solved.

use crate::cli::args::GameArgs;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::{self, TableReader};
use anyhow::Context;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::exact::seen::{self, dead::DeadCase};
use uth_edge::money::parse_dollars;
use uth_edge::progress::Progress;
use uth_edge::report::dead_estimate::{self, EstimateFigures};
use uth_edge::rules::paytable::WagerKind;
use uth_edge::sample::dead_cards::{self, SamplePlan, MAX_SAMPLES};

/// The seed when `--seed` is not given.
const DEFAULT_SEED: u64 = 1;

/// Whether `game` asks for the sampled estimate: `--samples` or `--seed`
/// given, or a case with no exact solve (collude:4 to 6).
pub fn is_sampled(args: &GameArgs) -> bool {
    args.sample.samples.is_some()
        || args.sample.seed.is_some()
        || args
            .seen
            .iter()
            .any(|s| matches!(DeadCase::parse(s), Ok(c) if !c.is_exact()))
}

/// The case and plan, or the one-line refusal.
fn read(args: &GameArgs) -> Result<(usize, SamplePlan), InputError> {
    let usage = |why: String| InputError::usage(why);
    let [text] = &args.seen[..] else {
        return Err(usage(
            "--samples: give one --seen collude:K case (K = 2 to 6) to estimate".into(),
        ));
    };
    let case = DeadCase::parse(text).map_err(|e| usage(e.to_string()))?;
    let players = match case {
        DeadCase::Collude(k) if k >= 2 => k,
        _ => {
            return Err(usage(format!(
                "--samples: --seen {case} is solved exactly; the sampled estimate is for collude:2 to collude:6"
            )))
        }
    };
    let Some(samples) = args.sample.samples else {
        return Err(usage(format!(
            "--seen {case}: the exact solve is out of reach (up to about 10^9 classes); give --samples N \
             for an estimate from N situations in each stratum, each solved exactly"
        )));
    };
    if samples < 2 {
        return Err(usage(format!(
            "--samples {samples}: at least 2 situations a stratum (its variance needs two)"
        )));
    }
    if samples > MAX_SAMPLES {
        return Err(usage(format!(
            "--samples {samples}: at most {MAX_SAMPLES} situations a stratum"
        )));
    }
    if args.dead.shard.is_some() {
        return Err(usage(
            "--shard splits an exact run; --samples draws a sample: give one of them".into(),
        ));
    }
    let seed = args.sample.seed.unwrap_or(DEFAULT_SEED);
    Ok((players, SamplePlan { samples, seed }))
}

/// Runs the estimate: the refusals, the plan and its projected time, the
/// base game, the sample, the figures.
pub fn run(
    args: GameArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let (players, plan) = read(&args)?;
    let ante = parse_dollars("leak-ante", &args.dead.ante).map_err(InputError::from)?;
    if args.dead.hands_per_hour == 0 {
        return Err(InputError::usage("--leak-hands-per-hour 0: must be at least 1").into());
    }
    if args.blinds.len() > 1 {
        return Err(InputError::usage("--samples takes one --blind table").into());
    }
    let blinds = if args.blinds.is_empty() {
        vec!["blind-a".to_string()]
    } else {
        args.blinds.clone()
    };
    let tables = settings::paytables_for(reader, &blinds, WagerKind::Blind)?;
    let table = &tables[0];
    seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
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
        hands_per_hour: args.dead.hands_per_hour,
    }];
    let document = dead_estimate::document(&figures, Some(super::provenance(reader)))
        .context("writing the estimate")?;
    super::render_document(args.output.format, &document, out, "the estimate")
}
