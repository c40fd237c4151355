//! The parse of `game`'s sampled collusion estimate (`--seen collude:K
//! --samples N [--seed S] [--by-class]`): the case, the sample's plan, the Ante and
//! hands an hour its money figures use, and the Blind table, read and
//! checked before any work (one line, exit 2, on the first fault).

use super::parse_leak::LeakStakes;
use super::GameArgs;
use crate::cli::settings::{self, TableReader};
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, dead::DeadCase};
use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::{PayTable, WagerKind};
use uth_edge::sample::dead_cards::{SamplePlan, MAX_SAMPLES};

/// The seed when `--seed` is not given.
const DEFAULT_SEED: u64 = 1;

/// Whether `game` asks for the sampled estimate: `--samples` or `--seed`
/// given, or a case with no exact solve (collude:4 to 6).
pub(super) fn is_sampled(args: &GameArgs) -> bool {
    args.sample.samples.is_some()
        || args.sample.seed.is_some()
        || args
            .seen
            .iter()
            .any(|s| matches!(DeadCase::parse(s), Ok(c) if !c.is_exact()))
}

/// The case and plan, or the one-line refusal.
fn case_and_plan(args: &GameArgs) -> Result<(usize, SamplePlan), InputError> {
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
    if args.sample.by_class && players > 3 {
        return Err(usage(format!(
            "--by-class: collude:{players}'s {} partner cards have too many classes to list; the classes are drawn for collude:2 and collude:3",
            2 * (players - 1)
        )));
    }
    let seed = args.sample.seed.unwrap_or(DEFAULT_SEED);
    Ok((players, SamplePlan { samples, seed }))
}

/// The estimate's settings, checked.
pub struct SampledRun {
    /// The colluding players (K of collude:K).
    pub players: usize,
    /// The situations (or classes) a stratum and the seed.
    pub plan: SamplePlan,
    /// Whether classes of the partners' cards are drawn (`--by-class`).
    pub by_class: bool,
    /// The Ante of the money figures, in dollars (`--leak-ante`).
    pub ante: Fraction,
    /// The hands an hour of the money figures (`--leak-hands-per-hour`).
    pub hands_per_hour: u32,
    /// The Blind table.
    pub table: PayTable,
}

/// Reads and checks the flags, in this order: the case and plan, the
/// Ante, the hands an hour, the Blind table.
pub fn parse(args: &GameArgs, reader: &mut TableReader) -> Result<SampledRun, InputError> {
    let (players, plan) = case_and_plan(args)?;
    let stakes = LeakStakes::read(&args.dead.leak)?;
    if args.blinds.len() > 1 {
        return Err(InputError::usage("--samples takes one --blind table"));
    }
    let tables = settings::paytables_for(reader, &args.blinds_or_a(), WagerKind::Blind)?;
    let table = tables.into_iter().next().expect("one Blind table");
    seen::check_blind_table(&table).map_err(|e| InputError::usage(e.to_string()))?;
    Ok(SampledRun {
        players,
        plan,
        by_class: args.sample.by_class,
        ante: stakes.ante,
        hands_per_hour: stakes.hands_per_hour,
        table,
    })
}
