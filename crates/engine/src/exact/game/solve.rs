//! The entry points of the solve: the optimal strategy under one or more
//! Blind pay tables ([`solve`], [`solve_many`], [`for_each_solution`],
//! [`solve_totals`]), the exact value of a fixed strategy
//! ([`evaluate_policy`], [`evaluate_policy_totals`], two at a time
//! [`evaluate_policies_totals`]) and, beside it in the
//! same pass, the optimal play and what the strategy costs
//! ([`evaluate_policy_cost`]). Each runs the flop pass, then the preflop
//! decisions and the tally.

use super::cost::{price, StrategyCost};
use super::flop_pass::{flop_sums, table_values, TableValues};
use super::payoffs::{BlindRangeError, Payoffs};
use super::policy::{Choices, Policy, PreflopRaised};
use super::raised::raised_classes;
use super::river_codes::{position_codes, river_codes};
use super::river_rules::{river_groups, PassCodes};
use super::river_table::{flush_suit, Entry, RiverTable, CLASS_PAIRS};
use super::sums::per_table;
use super::{tally, Solution};
use crate::cards::canonical::pair_cards;
use crate::cards::{Card, CardSet};
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
/// flop's sums is not held, and the classes the policy raises before the
/// flop are summed from every board once ([`raised`](super::raised)), their
/// flop and river decisions (which no holding reaches) not taken, so the
/// [`HoleClass::check`](super::HoleClass) of such a class is 0, not the
/// value of checking it (every other figure is the same as
/// [`evaluate_policy`]'s).
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
    let (river_codes, by_classes) = policy_codes(river, policy, None, !keep_flop_sums, progress);
    let choices = Choices::Fixed {
        policy,
        river_codes,
        by_classes,
        with_optimal: false,
        second: None,
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

/// [`evaluate_policy_totals`] of each policy (in order), two policies a
/// flop pass where both decide the river by pair of classes of cards
/// ([`Policy::river_by_classes`]; those that raise the most classes before
/// the flop together): the pass sums the same pay table twice,
/// once with each policy's decisions, over one read of the river table
/// (the river codes carry both, one bit each), as the optimal solve sums
/// two Blind tables. Each solution is the one [`evaluate_policy_totals`]
/// gives (test `policies_evaluated_two_a_pass_are_each_evaluated_alone`),
/// with its river decisions that no holding reaches not taken.
///
/// # Panics
/// As [`solve`].
pub fn evaluate_policies_totals<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    policies: &[&dyn Policy],
    progress: &dyn Progress,
) -> Vec<Solution<'a>> {
    let payoffs = Payoffs::new(blind_table).unwrap_or_else(|e| panic!("{e}"));
    let (mut paired, mut alone): (Vec<usize>, Vec<usize>) =
        (0..policies.len()).partition(|&i| policies[i].river_by_classes());
    // The files that raise more classes before the flop first, so that
    // the two of a pass share as many raised classes as can be: a class
    // both raise is summed apart ([`super::raised`]), not by the pass.
    let raised = |i: usize| {
        raised_classes(river, policies[i])
            .iter()
            .filter(|&&r| r)
            .count()
    };
    paired.sort_by_key(|&i| std::cmp::Reverse(raised(i)));
    let pairs = paired.chunks_exact(2);
    // An odd one out is evaluated alone.
    alone.extend(pairs.remainder());
    let mut solutions: Vec<Option<Solution<'a>>> = (0..policies.len()).map(|_| None).collect();
    for pair in pairs {
        let [first, second] = [pair[0], pair[1]];
        let (a, b) = (policies[first], policies[second]);
        let river_codes = pair_codes(river, a, b, progress);
        let choices = Choices::Fixed {
            policy: a,
            river_codes,
            by_classes: true,
            with_optimal: false,
            second: Some(b),
        };
        let both = vec![payoffs.clone(), payoffs.clone()];
        let sums = per_table(flop_sums(river, &both, &choices, false, progress));
        let tables = std::slice::from_ref(blind_table);
        for ((i, policy), sums) in [(first, a), (second, b)].into_iter().zip(sums) {
            // The preflop decisions of the table's own policy.
            let choices = Choices::Fixed {
                policy,
                river_codes: Vec::new(),
                by_classes: true,
                with_optimal: false,
                second: None,
            };
            let finished = tally::finish(river, tables, vec![payoffs.clone()], sums, &choices);
            solutions[i] = finished.into_iter().next();
        }
    }
    for i in alone {
        solutions[i] = Some(evaluate_policy_totals(
            river,
            blind_table,
            policies[i],
            progress,
        ));
    }
    solutions
        .into_iter()
        .map(|s| s.expect("every policy evaluated"))
        .collect()
}

/// Two policies' river decisions on every canonical board by position of
/// each row (both decide by pair of classes of cards): bit 0 the first's,
/// bit 1 the second's.
fn pair_codes(
    river: &RiverTable,
    first: &dyn Policy,
    second: &dyn Policy,
    progress: &dyn Progress,
) -> Vec<u64> {
    progress.begin(
        "solving the base game: strategy river decisions",
        river.boards.len() as u64,
    );
    let raised = [PreflopRaised::of(first), PreflopRaised::of(second)];
    // The positions neither policy reaches are not listed.
    let reached = |hole: [Card; 2], flush: Option<usize>| {
        raised.iter().any(|r| !r.never_reaches_river(hole, flush))
    };
    let codes = position_codes(river, progress, false, reached, |board, holes, _, codes| {
        let mut raises = [[false; CLASS_PAIRS]; 2];
        for ((policy, raised), raises) in [first, second].into_iter().zip(&raised).zip(&mut raises)
        {
            reached_raises(policy, raised, board, holes, &mut raises[..holes.len()]);
        }
        for (i, c) in codes.iter_mut().enumerate() {
            *c = u64::from(raises[0][i]) | u64::from(raises[1][i]) << 1;
        }
    });
    progress.finish();
    codes
}

/// [`Policy::river_raises`] of the holdings `holes` on `board` (one of
/// each pair of classes of cards) that some holding of their pair of
/// classes reaches the river with (its class checked before the flop,
/// [`PreflopRaised`]); `false` (fold) for the others, not asked: they
/// change no total of the policy (only [`HoleClass::check`] of its raised
/// classes; see [`evaluate_policy_totals`]). The decisions of a board no
/// holding reaches the river on are not asked at all.
///
/// [`HoleClass::check`]: super::HoleClass
fn reached_raises(
    policy: &dyn Policy,
    raised: &PreflopRaised,
    board: CardSet,
    holes: &[[Card; 2]],
    raises: &mut [bool],
) {
    let flush = flush_suit(board);
    let mut asked = [[holes[0][0]; 2]; CLASS_PAIRS];
    let mut at = [0u16; CLASS_PAIRS];
    let mut n = 0;
    for (i, &hole) in holes.iter().enumerate() {
        if !raised.never_reaches_river(hole, flush) {
            (asked[n], at[n]) = (hole, i as u16);
            n += 1;
        }
    }
    raises.fill(false);
    if n == 0 {
        return;
    }
    let mut answers = [false; CLASS_PAIRS];
    policy.river_raises(board, &asked[..n], &mut answers[..n]);
    for (&i, &answer) in at[..n].iter().zip(&answers[..n]) {
        raises[i as usize] = answer;
    }
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
    let (river_codes, by_classes) = policy_codes(river, policy, Some(&values[0]), false, progress);
    let choices = Choices::Fixed {
        policy,
        river_codes,
        by_classes,
        with_optimal: true,
        second: None,
    };
    let both = vec![payoffs.clone(), payoffs.clone()];
    let mut sums = flop_sums(river, &both, &choices, true, progress);
    let losses = std::mem::take(&mut sums.4);
    let mut sums = per_table(sums);
    let tables = std::slice::from_ref(blind_table);
    let mut finish_next = |choices: &Choices| {
        let sums = sums.next().expect("one table's sums per solution");
        let payoffs = vec![payoffs.clone()];
        tally::finish(river, tables, payoffs, sums, choices)
            .pop()
            .expect("one solution per table")
    };
    let strategy = finish_next(&choices);
    let optimal = finish_next(&Choices::Optimal);
    let losses = losses.first().expect("the policy's river losses");
    let Choices::Fixed {
        river_codes,
        by_classes,
        ..
    } = &choices
    else {
        unreachable!("a fixed policy's choices")
    };
    let pass = PassCodes {
        codes: river_codes,
        by_classes: *by_classes,
    };
    let table = &values[0];
    let rules = river_groups(river, table, policy, pass, &strategy, losses, progress);
    let cost = price(&strategy, &optimal, policy, losses, rules);
    PolicyEvaluation {
        strategy,
        optimal,
        cost,
    }
}

/// A policy's river decisions on every canonical board (bit 0), with
/// the optimal ones under `optimal`'s table (bit 1) when given (the
/// policy's on an exact tie); when `totals_only`, by position only those
/// some holding reaches ([`reached_raises`]): by position of each row when the policy
/// decides by pair of classes of cards ([`Policy::river_by_classes`]; the
/// second value `true`), else by holding.
pub(super) fn policy_codes(
    river: &RiverTable,
    policy: &dyn Policy,
    optimal: Option<&TableValues>,
    totals_only: bool,
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
        // For the totals alone, only the decisions some holding reaches
        // (the advice of a kept solution, and the cost's river losses,
        // summed per class, read the others): the others are not listed,
        // nor taken (code 0, never read: see [`reached_raises`]).
        let raised = totals_only.then(|| PreflopRaised::of(policy));
        let reached = |hole: [Card; 2], flush: Option<usize>| {
            raised
                .as_ref()
                .is_none_or(|r| !r.never_reaches_river(hole, flush))
        };
        position_codes(
            river,
            progress,
            with_entries,
            reached,
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
        // For the totals alone, the holdings of the classes raised before
        // the flop are not decided (their flop pass sums them apart,
        // [`super::raised`]; 0 is never read).
        let raised = totals_only.then(|| raised_classes(river, policy));
        let reached = |g: usize| match (&raised, river.class_of_pair[g]) {
            (Some(raised), Some(class)) => !raised[class],
            _ => true,
        };
        river_codes(river, progress, |i, g, e| {
            if !reached(g) {
                return 0;
            }
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
