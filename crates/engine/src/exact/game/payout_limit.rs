//! The base game under a payout limit per hand (COMAR 36.05.16.12F), solved
//! exactly with the player knowing the limit, and a fixed strategy
//! evaluated under it beside that optimal play.
//!
//! # Why the solver still applies
//! A hand's money depends only on its Play `p` (0 after a fold, 1 to 4), how
//! the showdown ends ([`Kind`]) and the player's hand category: the Blind
//! and the Trips pay by category. So the capped net of a hand,
//! [`settle_limited`], is still one number per `(p, kind, category)`, and a
//! value summed over dealer holdings is still linear in an entry's counts;
//! only the linearity in `p` (`a + p·b`) is lost where the limit binds. The
//! flop pass therefore takes, per Blind table, one set of coefficients per
//! Play: 1 (the river raise), 2 (the flop raise, as `a' + 2·b` with `a'`
//! chosen to make it exact), 3 and 4 (summed per starting-hand class during
//! the pass, [`Limited::preflop`]), and a fold value per category (a Trips
//! win after a fold is capped too). Every decision compares capped values.
//!
//! # Range
//! Every capped amount, in units of `1/scale` Ante (`scale` the common
//! denominator of the Blind pays, the limit and the Trips pays times its
//! amount), must be at most [`MAX_UNITS`] in size, and so must `scale`: the
//! flop pass's 64-bit sums then hold as in the unlimited game (`a'` is at
//! most 3 [`MAX_UNITS`], within the factor 5 of the proof).

use super::payoffs::{BlindRangeError, Limited, Payoffs, MAX_UNITS};
use super::policy::{Choices, Policy};
use super::river_table::RiverTable;
use super::solve::{evaluate_payoffs_cost, solve_payoffs, PolicyEvaluation};
use super::{Kind, Solution, CATEGORIES, KINDS};
use crate::evaluator::HandCategory;
use crate::fraction::{gcd, Fraction};
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use crate::rules::settlement::{settle_limited, BaseRound, PayoutLimit};

/// The money of `blind_table` under `limit`, or why the solver cannot hold
/// it exactly (see the module documentation): cheap, to be called before
/// any heavy work.
///
/// # Panics
/// If the Trips table is settled against the dealer (`must_beat_dealer`):
/// callers refuse it first.
pub fn limited_payoffs(
    blind_table: &PayTable,
    limit: &PayoutLimit,
) -> Result<Payoffs, BlindRangeError> {
    let refuse = |what: String| BlindRangeError {
        id: blind_table.id.clone(),
        what: format!("under the payout limit of {} Antes, {what}", limit.per_hand),
    };
    let mut base = Payoffs::new(blind_table)?;
    let nets: Vec<Fraction> = (0..5u8)
        .flat_map(|play| Kind::ALL.map(|kind| (play, kind)))
        .flat_map(|(play, kind)| HandCategory::ALL.map(|category| (play, kind, category)))
        .map(|(play, kind, category)| {
            let round = BaseRound {
                play,
                player: category,
                versus: kind.versus(),
                dealer_qualifies: kind.dealer_qualifies(),
            };
            settle_limited(blind_table, limit, round).total()
        })
        .collect();
    let mut scale = base.scale as i128;
    for net in &nets {
        let d = i128::try_from(net.denominator())
            .map_err(|_| refuse("the common denominator is larger".into()))?;
        scale = (scale / gcd(scale, d))
            .checked_mul(d)
            .filter(|&s| s <= MAX_UNITS)
            .ok_or_else(|| refuse("the common denominator is larger".into()))?;
    }
    let mut values = [[[0i64; CATEGORIES]; KINDS]; 5];
    for (value, net) in values.iter_mut().flatten().flatten().zip(&nets) {
        let n = (net * &Fraction::from_int(scale))
            .to_i128()
            .filter(|n| n.abs() <= MAX_UNITS)
            .ok_or_else(|| refuse(format!("an amount is {net} Antes, {scale} units an Ante")))?;
        *value = n as i64;
    }
    // The fields of the unlimited game, at the new scale: the Play wins or
    // loses one Ante a unit (the balance the pass shares between tables),
    // and `a + b` is the capped raise 1x and the fold the capped fold of a
    // high card (with no Trips, every fold); the limited path reads only
    // `play_win` and `values`.
    let s = scale as i64;
    base.scale = s;
    base.play_win = s;
    base.play_unit = [s, s, 0, -s, -s];
    for (k, row) in base.ante_blind.iter_mut().enumerate() {
        for (c, v) in row.iter_mut().enumerate() {
            *v = values[1][k][c] - base.play_unit[k];
        }
    }
    base.fold = values[0][Kind::Tie as usize][HandCategory::HighCard as usize];
    base.limited = Some(Box::new(Limited {
        rules: limit.clone(),
        values,
    }));
    Ok(base)
}

/// The most one hand can win, in Antes, stakes excluded, before any limit:
/// a raise of 4x with the best outcome for the Blind (and Trips, with one)
/// table; `limit.per_hand` and the reading are ignored. With Antes of the
/// table minimum, "the maximum amount one player could win per round when
/// betting the minimum wager" (COMAR 36.05.16.12F).
pub fn largest_win(blind_table: &PayTable, limit: &PayoutLimit) -> Fraction {
    let unlimited = PayoutLimit {
        per_hand: Fraction::from_int(i128::MAX),
        ..limit.clone()
    };
    Kind::ALL
        .into_iter()
        .flat_map(|kind| HandCategory::ALL.map(|category| (kind, category)))
        .map(|(kind, category)| {
            let round = BaseRound {
                play: 4,
                player: category,
                versus: kind.versus(),
                dealer_qualifies: kind.dealer_qualifies(),
            };
            settle_limited(blind_table, &unlimited, round).wins()
        })
        .max()
        .expect("outcomes")
}

/// Solves the base game for one Blind table under a payout limit, the
/// player playing optimally knowing the limit; refuses, before any work,
/// what the solver cannot hold exactly.
pub fn solve_limited<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    limit: &PayoutLimit,
    progress: &dyn Progress,
) -> Result<Solution<'a>, BlindRangeError> {
    let payoffs = limited_payoffs(blind_table, limit)?;
    Ok(solve_payoffs(
        river,
        std::slice::from_ref(blind_table),
        vec![payoffs],
        &Choices::Optimal,
        true,
        progress,
    )
    .pop()
    .expect("one solution per table"))
}

/// A fixed strategy evaluated exactly under a payout limit, beside the
/// optimal play knowing the same limit, and what the strategy costs
/// against it ([`evaluate_policy_cost`](super::evaluate_policy_cost) with
/// the capped money of [`limited_payoffs`]: every value the pass sums is
/// one capped net per `(play, kind, category)`, whoever decides); refuses,
/// before any work, what the solver cannot hold exactly.
pub fn evaluate_limited_policy_cost<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    limit: &PayoutLimit,
    policy: &dyn Policy,
    progress: &dyn Progress,
) -> Result<PolicyEvaluation<'a>, BlindRangeError> {
    let payoffs = limited_payoffs(blind_table, limit)?;
    Ok(evaluate_payoffs_cost(
        river,
        blind_table,
        payoffs,
        policy,
        progress,
    ))
}
