//! The players under a payout limit per hand (COMAR 36.05.16.12F) at one
//! Ante (issue 33): each strategy evaluated exactly with the limit capping
//! its wins ([`evaluate_limited_policy_cost`]), beside the optimal play
//! knowing the same limit (the limited solve, [`PayoutLimitRule::solve`]),
//! for the report's "Hold under practical play" under `--payout-limit`
//! ([`practical_holds_limited`]) and `economics --payout-limit`
//! ([`mix_on_tables_limited`], with the Trips wager priced with the base
//! game when counted). The mix's figures are the exact averages of its
//! strategies' limited figures, as without a limit ([`super::mix`]).

use super::{mix, mix_economics, mix_economics_of, practical_hold, MixEconomics, Player};
use super::{LimitAssumed, PracticalHold};
use super::{PlayerFigures, PlayerMix, Practical};
use crate::analysis::economics::{EconomicsWager, PairedTrips, TableTraffic, WagerChoice};
use crate::analysis::money_rules::{LimitRow, PayoutLimitRule};
use crate::cards::CardSet;
use crate::exact::game::{evaluate_limited_policy_cost, RiverTable};
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::progress::{Named, Progress};
use crate::result::WagerResult;
use crate::rules::paytable::{PayTable, WagerKind};
use crate::strategy::{AsPolicy, Strategy};

impl LimitAssumed {
    /// The limit of `rule` at an Ante of `ante` dollars.
    pub fn of(rule: &PayoutLimitRule, ante: &Fraction) -> LimitAssumed {
        LimitAssumed {
            limit: rule.limit.clone(),
            ante: ante.clone(),
            net_of_losses: rule.net_of_losses,
            trips: rule
                .trips
                .as_ref()
                .map(|(t, amount)| (t.id.clone(), amount.clone())),
            trips_take_up: None,
        }
    }

    /// The limit in words: "a payout limit of $50,000 per hand at a $1,000
    /// Ante" (with the net reading and the Trips wager when given).
    pub fn describe(&self) -> String {
        let net = if self.net_of_losses {
            " on the net win"
        } else {
            ""
        };
        let trips = match (&self.trips, &self.trips_take_up) {
            (Some((id, amount)), None) => format!(", Trips {} on {id}", dollars(amount)),
            (Some((id, amount)), Some(share)) => {
                let percent = (share.clone() * Fraction::from_int(100)).to_fixed(2);
                let percent = percent.trim_end_matches('0').trim_end_matches('.');
                format!(
                    ", Trips {} on {id} on {percent}% of the seat-hands",
                    dollars(amount)
                )
            }
            (None, _) => String::new(),
        };
        format!(
            "a payout limit of {} per hand{net} at a {} Ante{trips}",
            dollars(&self.limit),
            dollars(&self.ante)
        )
    }
}

/// Each player's exact base-game result on `table` under `rule` at an
/// Ante of `ante` dollars, from `river`: a strategy file evaluated with
/// the limit capping its wins, the optimal player `optimal` when given
/// (the money rules' limited solve), else solved knowing the limit. The
/// amounts must have been checked
/// ([`crate::exact::game::limited_payoffs`]) before any work.
///
/// # Panics
/// If an amount cannot be held exactly (not checked first).
pub fn solve_players_limited(
    river: &RiverTable,
    table: &PayTable,
    players: &[Player],
    optimal: Option<&WagerResult>,
    rule: &PayoutLimitRule,
    ante: &Fraction,
    progress: &dyn Progress,
) -> Vec<(String, WagerResult)> {
    let at = dollars(ante);
    players
        .iter()
        .map(|player| {
            let name = format!(
                "{} on {} at a {at} Ante under the limit",
                player.name(),
                table.id
            );
            let progress = &Named::new(progress, name);
            let result = match (player, optimal) {
                (Player::Optimal, Some(result)) => result.clone(),
                (Player::Optimal, None) => {
                    let solution = rule.solve(river, table, ante, progress);
                    rule.row(&solution, table, ante).result
                }
                (Player::File(strategy), _) => {
                    let both = evaluate_limited_policy_cost(
                        river,
                        table,
                        &rule.at(ante),
                        &AsPolicy(&**strategy),
                        progress,
                    )
                    .expect("amounts checked before any work (LimitRun::read_at)");
                    let played = format!("played by strategy {}", strategy.name());
                    let mut result = rule.row_played(&both.strategy, table, ante, &played).result;
                    result.title =
                        format!("{}, played by strategy {}", result.title, strategy.name());
                    result
                }
            };
            (player.name(), result)
        })
        .collect()
}

/// The practical hold of each Blind table under `rule`, at each Ante of
/// `rows` (the money rules' limited solves, by table id: the optimal play
/// knowing the limit): every strategy of `practical` and of its mix
/// evaluated once a table and Ante on the full deck.
///
/// # Panics
/// If a Blind table has no limited rows.
pub fn practical_holds_limited(
    practical: &Practical,
    tables: &[PayTable],
    rule: &PayoutLimitRule,
    rows: &[(String, Vec<LimitRow>)],
    progress: &dyn Progress,
) -> Vec<PracticalHold> {
    let players = practical.all_players();
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let mut holds = Vec::new();
    for table in tables.iter().filter(|t| t.wager == WagerKind::Blind) {
        let (_, limited) = rows
            .iter()
            .find(|(id, _)| *id == table.id)
            .expect("the money rules solved every Blind table under the limit");
        for row in limited {
            let solved = solve_players_limited(
                &river,
                table,
                &players,
                Some(&row.result),
                rule,
                &row.ante,
                progress,
            );
            let mut hold = practical_hold(
                &practical.players,
                practical.mix.as_ref(),
                &solved,
                &row.result,
            );
            hold.limit = Some(LimitAssumed::of(rule, &row.ante));
            holds.push(hold);
        }
    }
    holds
}

/// What `economics --payout-limit` computes: the optimal play's result
/// under the limit per Blind table (the base game alone), the Trips wager
/// priced with it per Blind and Trips table when Trips is counted, and the
/// player mix's hold when given.
#[derive(Clone, Debug)]
pub struct LimitedEconomics {
    /// The base game alone under the limit, the best play knowing it, per
    /// Blind table.
    pub optimal: Vec<WagerResult>,
    /// The Trips wager priced with the base game, per Blind and Trips
    /// table (none when Trips is not counted or no seat-hand takes it).
    pub paired: Vec<PairedTrips>,
    /// The mix's hold, per Blind table (and Trips table when paired).
    pub mixes: Vec<MixEconomics>,
}

/// `economics --payout-limit`: per Blind table of the base game's choice
/// in `choices`, the optimal play's result under `rule` at the traffic's
/// Ante (knowing the limit), and the hold of `mix_of` under it when given
/// (each strategy evaluated once a table, the limit capping its wins).
/// With Trips counted on a share `p > 0` of the seat-hands, each Trips
/// table is priced with the base game: one more limited solve (and
/// evaluation of each strategy) a Blind and Trips table, the wins of both
/// under the one cap; each player's figures are then the exact average of
/// its seat-hands without Trips (`1 − p`) and with (`p`) (module doc of
/// `analysis::economics`). The amounts must have been checked
/// ([`crate::exact::game::limited_payoffs`]) before any work.
pub fn mix_on_tables_limited(
    choices: &[WagerChoice],
    mix_of: Option<&PlayerMix>,
    rule: &PayoutLimitRule,
    traffic: &TableTraffic,
    progress: &dyn Progress,
) -> LimitedEconomics {
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    mix_on_river_limited(&river, choices, mix_of, rule, traffic, progress)
}

/// [`mix_on_tables_limited`] on the deck of `river` (the full deck in the
/// command; a small deck in the tests, against a brute force).
pub fn mix_on_river_limited(
    river: &RiverTable,
    choices: &[WagerChoice],
    mix_of: Option<&PlayerMix>,
    rule: &PayoutLimitRule,
    traffic: &TableTraffic,
    progress: &dyn Progress,
) -> LimitedEconomics {
    let ante = &traffic.ante;
    let trips = choices
        .iter()
        .find(|c| c.wager == EconomicsWager::Trips && c.take_up.is_positive());
    let players: Vec<Player> = mix_of
        .iter()
        .flat_map(|m| m.players.iter().map(|(p, _)| p.clone()))
        .collect();
    let figures = |solved: &[(String, WagerResult)]| -> Vec<PlayerFigures> {
        solved
            .iter()
            .map(|(name, result)| PlayerFigures::of(name, result))
            .collect()
    };
    let mut out = LimitedEconomics {
        optimal: Vec::new(),
        paired: Vec::new(),
        mixes: Vec::new(),
    };
    for table in choices
        .iter()
        .filter(|c| c.wager == EconomicsWager::BaseGame)
        .flat_map(|c| &c.tables)
    {
        let name = format!("{} at a {} Ante under the limit", table.id, dollars(ante));
        let solution = rule.solve(river, table, ante, &Named::new(progress, name));
        let best = rule.row(&solution, table, ante).result;
        drop(solution);
        let alone =
            solve_players_limited(river, table, &players, Some(&best), rule, ante, progress);
        match (trips, mix_of) {
            (None, Some(m)) => {
                let mut held = mix_economics(m, &alone, &best, traffic);
                held.limit = Some(LimitAssumed::of(rule, ante));
                out.mixes.push(held);
            }
            (None, None) => {}
            (Some(choice), _) => {
                for trips_table in &choice.tables {
                    let joint_rule = PayoutLimitRule {
                        trips: Some((trips_table.clone(), choice.amount.clone())),
                        ..rule.clone()
                    };
                    let name = format!(
                        "{} with Trips {} on {} at a {} Ante under the limit",
                        table.id,
                        dollars(&choice.amount),
                        trips_table.id,
                        dollars(ante)
                    );
                    let solution =
                        joint_rule.solve(river, table, ante, &Named::new(progress, name));
                    let joint = joint_rule.row(&solution, table, ante).result;
                    drop(solution);
                    out.paired.push(PairedTrips::new(
                        &best,
                        &joint,
                        &trips_table.id,
                        &choice.take_up,
                        &choice.amount,
                        ante,
                    ));
                    let Some(m) = mix_of else { continue };
                    let with = solve_players_limited(
                        river,
                        table,
                        &players,
                        Some(&joint),
                        &joint_rule,
                        ante,
                        progress,
                    );
                    let share = &choice.take_up;
                    let average = |alone: &PlayerFigures, with: &PlayerFigures| {
                        let mut f = mix(&[
                            (alone.clone(), Fraction::ONE - share.clone()),
                            (with.clone(), share.clone()),
                        ]);
                        f.player = alone.player.clone();
                        f
                    };
                    let averaged: Vec<PlayerFigures> = figures(&alone)
                        .iter()
                        .zip(&figures(&with))
                        .map(|(a, w)| average(a, w))
                        .collect();
                    let optimal = average(
                        &PlayerFigures::of("optimal", &best),
                        &PlayerFigures::of("optimal", &joint),
                    );
                    let mut held = mix_economics_of(m, &averaged, &optimal, &table.id, traffic);
                    let mut assumed = LimitAssumed::of(&joint_rule, ante);
                    assumed.trips_take_up = (*share != Fraction::ONE).then(|| share.clone());
                    held.limit = Some(assumed);
                    out.mixes.push(held);
                }
            }
        }
        out.optimal.push(best);
    }
    out
}
