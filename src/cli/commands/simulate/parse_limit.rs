//! The parse of `simulate --payout-limit DOLLARS --ante DOLLARS`: the base
//! game sampled under a payout limit per hand (COMAR 36.05.16.12F), every
//! hand settled through `rules::settlement::settle_limited`, compared with
//! the exact limited solve. Read and checked here (the limited payoffs
//! checked exact, nothing solved), before any work.

use super::SimulateArgs;
use uth_edge::error::InputError;
use uth_edge::exact::game::limited_payoffs;
use uth_edge::fraction::Fraction;
use uth_edge::money::parse_dollars;
use uth_edge::rules::settlement::PayoutLimit;
use uth_edge::sample::SimulationConfig;
use uth_edge::strategy::StrategyChoice;

/// Sets the payout limit of `config` from `--payout-limit` and `--ante`;
/// refuses (one line) a limit without `--ante`, with a Trips wager (the
/// sampler does not settle Trips under a limit yet: `--base-only`), with
/// a strategy other than optimal (the exact limited figures are the
/// optimal solve's), or with amounts the solver cannot hold exactly.
/// Returns the limit (in Antes, as the sampler settles it) and the limit
/// and the Ante in dollars, when a limit is given.
pub(super) fn read(
    args: &SimulateArgs,
    strategy: &StrategyChoice,
    config: &mut SimulationConfig,
) -> Result<Option<(PayoutLimit, Fraction, Fraction)>, InputError> {
    let Some(limit) = &args.payout_limit else {
        return Ok(None);
    };
    let limit = parse_dollars("payout-limit", limit)?;
    let Some(ante) = &args.ante else {
        return Err(InputError::usage(
            "--payout-limit needs --ante DOLLARS: the limit is in dollars, the pays in Antes",
        ));
    };
    let ante = parse_dollars("ante", ante)?;
    if !args.base_only {
        return Err(InputError::usage(
            "--payout-limit: Trips counts toward the limit and is not sampled under it yet; add --base-only (the Six Card Bonus is not limited, COMAR 36.05.16.12F)",
        ));
    }
    if !strategy.is_optimal() {
        return Err(InputError::usage(
            "--payout-limit is simulated with --strategy optimal (the player knowing the limit), whose exact figures the limited solve gives",
        ));
    }
    let rule = PayoutLimit {
        per_hand: limit.clone() / ante.clone(),
        net_of_losses: false,
        trips: None,
    };
    limited_payoffs(&config.blind, &rule)?;
    config.payout_limit = Some(rule.clone());
    Ok(Some((rule, limit, ante)))
}
