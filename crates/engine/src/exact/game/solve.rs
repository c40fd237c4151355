//! The entry points of the solve: the optimal strategy under one or more
//! Blind pay tables ([`solve`], [`solve_many`], [`for_each_solution`],
//! [`solve_totals`]), the exact value of a fixed strategy
//! ([`evaluate_policy`], [`evaluate_policy_totals`]) and, beside it in the
//! same pass, the optimal play and what the strategy costs
//! ([`evaluate_policy_cost`]). Each runs the flop pass, then the preflop
//! decisions and the tally.

use super::cost::{price, StrategyCost};
use super::flop_pass::{flop_sums, table_values, TableValues};
use super::payoffs::{BlindRangeError, Payoffs};
use super::policy::{Choices, Policy};
use super::river_codes::{position_codes, river_codes};
use super::river_table::{Entry, RiverTable, CLASS_PAIRS};
use super::{tally, Solution};
use crate::cards::canonical::pair_cards;
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use std::cmp::Ordering;

/// Solves the base game for one Blind pay table.
///
/// # Panics
/// If the table's amounts exceed the solver's range: call
/// [`check_blind_table`](super::check_blind_table) first, or use
/// [`try_solve_many`].
pub fn solve<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    progress: &dyn Progress,
) -> Solution<'a> {
    solve_many(river, std::slice::from_ref(blind_table), progress)
        .pop()
        .expect("one solution per table")
}

/// Solves the base game for several Blind pay tables at once: the loop over
/// the 2 million (flop, turn/river) boards reads each board's row once for
/// all tables.
///
/// # Panics
/// As [`solve`].
pub fn solve_many<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    progress: &dyn Progress,
) -> Vec<Solution<'a>> {
    try_solve_many(river, blind_tables, progress).unwrap_or_else(|e| panic!("{e}"))
}

/// Solves the base game for each Blind pay table, two tables at a time (one
/// flop pass serves two), handing each solution to `visit` with its index in
/// `blind_tables` before the next two are solved: the memory held is that of
/// two solutions, whatever the number of tables. For the figures of many
/// tables; [`solve_many`] keeps every solution.
///
/// # Panics
/// As [`solve`].
pub fn for_each_solution<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    progress: &dyn Progress,
    mut visit: impl FnMut(usize, Solution<'a>),
) {
    for (pair, tables) in blind_tables.chunks(2).enumerate() {
        for (i, solution) in solve_many(river, tables, progress).into_iter().enumerate() {
            visit(2 * pair + i, solution);
        }
    }
}

/// [`solve_many`], or the first table the solver cannot hold exactly
/// (checked before any solving).
pub fn try_solve_many<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    progress: &dyn Progress,
) -> Result<Vec<Solution<'a>>, BlindRangeError> {
    solve_with(river, blind_tables, &Choices::Optimal, progress)
}

/// The exact value and figures of a fixed strategy (instead of the optimal
/// one) under one Blind pay table. `Solution::classes` then holds the
/// policy's preflop decisions, and the oracle answers with its choices.
///
/// # Panics
/// As [`solve`].
pub fn evaluate_policy<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    policy: &dyn Policy,
    progress: &dyn Progress,
) -> Solution<'a> {
    evaluate_policy_keeping(river, blind_table, policy, true, progress)
}

/// [`evaluate_policy`] for the totals alone (value, tally, preflop
/// classes), as [`solve_totals`] is to [`solve`]: the memory of every
/// flop's sums is not held.
///
/// # Panics
/// As [`solve`].
pub fn evaluate_policy_totals<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    policy: &dyn Policy,
    progress: &dyn Progress,
) -> Solution<'a> {
    evaluate_policy_keeping(river, blind_table, policy, false, progress)
}

/// [`evaluate_policy`], keeping every flop's sums or not.
fn evaluate_policy_keeping<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    policy: &dyn Policy,
    keep_flop_sums: bool,
    progress: &dyn Progress,
) -> Solution<'a> {
    let payoffs = Payoffs::new(blind_table).unwrap_or_else(|e| panic!("{e}"));
    let (river_codes, by_classes) = policy_codes(river, policy, None, progress);
    let choices = Choices::Fixed {
        policy,
        river_codes,
        by_classes,
        with_optimal: false,
    };
    let tables = std::slice::from_ref(blind_table);
    solve_payoffs(
        river,
        tables,
        vec![payoffs],
        &choices,
        keep_flop_sums,
        progress,
    )
    .pop()
    .expect("one solution per table")
}

/// A fixed strategy evaluated beside the optimal play, in one pass
/// ([`evaluate_policy_cost`]).
pub struct PolicyEvaluation<'a> {
    /// The strategy's solution, as [`evaluate_policy`] gives it.
    pub strategy: Solution<'a>,
    /// The optimal solution: [`solve`]'s value and decisions, except that
    /// on an exact tie of the river's two actions it takes the strategy's
    /// (the same value; the return table may differ from [`solve`]'s).
    pub optimal: Solution<'a>,
    /// What the strategy costs against the optimal play.
    pub cost: StrategyCost,
}

/// [`evaluate_policy`], the optimal solution and what the strategy costs
/// against it ([`cost`](super::cost)), from one flop pass that sums the pay
/// table twice (the strategy's decisions and the optimal ones) over the
/// same reads of the river table: a little more than one evaluation's time,
/// not two.
///
/// # Panics
/// As [`solve`].
pub fn evaluate_policy_cost<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    policy: &dyn Policy,
    progress: &dyn Progress,
) -> PolicyEvaluation<'a> {
    let payoffs = Payoffs::new(blind_table).unwrap_or_else(|e| panic!("{e}"));
    evaluate_payoffs_cost(river, blind_table, payoffs, policy, progress)
}

/// [`evaluate_policy_cost`] with the table's money given: the unlimited
/// game's, or a payout limit's
/// ([`evaluate_limited_policy_cost`](super::payout_limit::evaluate_limited_policy_cost)).
pub(super) fn evaluate_payoffs_cost<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    payoffs: Payoffs,
    policy: &dyn Policy,
    progress: &dyn Progress,
) -> PolicyEvaluation<'a> {
    let values = table_values(std::slice::from_ref(&payoffs), river.dealer_hands);
    let (river_codes, by_classes) = policy_codes(river, policy, Some(&values[0]), progress);
    let choices = Choices::Fixed {
        policy,
        river_codes,
        by_classes,
        with_optimal: true,
    };
    let both = vec![payoffs.clone(), payoffs.clone()];
    let (mut kept, mut values, mut checked, mut preflop, losses) =
        flop_sums(river, &both, &choices, true, progress);
    let tables = std::slice::from_ref(blind_table);
    let mut finish_next = |choices: &Choices| {
        let sums = (
            vec![kept.remove(0)],
            vec![values.remove(0)],
            vec![checked.remove(0)],
            vec![preflop.remove(0)],
            vec![],
        );
        let payoffs = vec![payoffs.clone()];
        tally::finish(river, tables, payoffs, sums, choices)
            .pop()
            .expect("one solution per table")
    };
    let strategy = finish_next(&choices);
    let optimal = finish_next(&Choices::Optimal);
    let losses = losses.first().expect("the policy's river losses");
    let cost = price(&strategy, &optimal, policy, losses);
    PolicyEvaluation {
        strategy,
        optimal,
        cost,
    }
}

/// A policy's river decisions on every canonical board (bit 0), with
/// the optimal ones under `optimal`'s table (bit 1) when given (the
/// policy's on an exact tie): by position of each row when the policy
/// decides by pair of classes of cards ([`Policy::river_by_classes`]; the
/// second value `true`), else by holding.
pub(super) fn policy_codes(
    river: &RiverTable,
    policy: &dyn Policy,
    optimal: Option<&TableValues>,
    progress: &dyn Progress,
) -> (Vec<u64>, bool) {
    progress.begin(
        "solving the base game: strategy river decisions",
        river.boards.len() as u64,
    );
    // On an exact tie the strategy's action is optimal too: a deviation is
    // an action of lower value.
    let code = |mine: bool, e: Entry| {
        let mine = u64::from(mine);
        let best = optimal.map_or(0, |t| match t.river_order(e) {
            Ordering::Greater => 1,
            Ordering::Equal => mine,
            Ordering::Less => 0,
        });
        mine | best << 1
    };
    let by_classes = policy.river_by_classes();
    let codes = if by_classes {
        let with_entries = optimal.is_some();
        position_codes(
            river,
            progress,
            with_entries,
            |board, holes, entries, codes| {
                let mut raises = [false; CLASS_PAIRS];
                let raises = &mut raises[..holes.len()];
                policy.river_raises(board, holes, raises);
                for ((c, &raise), &e) in codes.iter_mut().zip(&*raises).zip(entries) {
                    *c = code(raise, e);
                }
            },
        )
    } else {
        river_codes(river, progress, |i, g, e| {
            let (a, b) = pair_cards(g);
            code(policy.river_raise(a, b, river.boards[i].0), e)
        })
    };
    progress.finish();
    (codes, by_classes)
}

fn solve_with<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    choices: &Choices,
    progress: &dyn Progress,
) -> Result<Vec<Solution<'a>>, BlindRangeError> {
    let payoffs = blind_tables
        .iter()
        .map(Payoffs::new)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(solve_payoffs(
        river,
        blind_tables,
        payoffs,
        choices,
        true,
        progress,
    ))
}

/// [`solve`] for the totals alone (value, tally, preflop classes):
/// `Solution::flop_sums` is left empty, so the solution gives no flop or
/// river advice, and the memory of every flop's sums is not held.
pub fn solve_totals<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    progress: &dyn Progress,
) -> Solution<'a> {
    let payoffs = vec![Payoffs::new(blind_table).unwrap_or_else(|e| panic!("{e}"))];
    let tables = std::slice::from_ref(blind_table);
    let choices = &Choices::Optimal;
    let mut solutions = solve_payoffs(river, tables, payoffs, choices, false, progress);
    solutions.pop().expect("one solution per table")
}

/// Solves the base game for each Blind table with its money, checked
/// (keeping every flop's sums, for the advice, when `keep_flop_sums`).
pub(super) fn solve_payoffs<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    payoffs: Vec<Payoffs>,
    choices: &Choices,
    keep_flop_sums: bool,
    progress: &dyn Progress,
) -> Vec<Solution<'a>> {
    let sums = flop_sums(river, &payoffs, choices, keep_flop_sums, progress);
    tally::finish(river, blind_tables, payoffs, sums, choices)
}
