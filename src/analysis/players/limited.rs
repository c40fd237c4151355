//! The players under a payout limit per hand (COMAR 36.05.16.12F) at one
//! Ante (issue 33): each strategy evaluated exactly with the limit capping
//! its wins ([`evaluate_limited_policy_cost`]), beside the optimal play
//! knowing the same limit (the limited solve, [`PayoutLimitRule::solve`]),
//! for the report's "Hold under practical play" under `--payout-limit`
//! ([`practical_holds_limited`]) and `economics --payout-limit`
//! ([`mix_on_tables_limited`]). The mix's figures are the exact averages
//! of its strategies' limited figures, as without a limit
//! ([`super::mix`]).

use super::{mix_economics, practical_hold, MixEconomics, Player, PlayerMix, Practical};
use super::{LimitAssumed, PracticalHold};
use crate::analysis::economics::{EconomicsWager, TableTraffic, WagerChoice};
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
        let trips = match &self.trips {
            Some((id, amount)) => format!(", Trips {} on {id}", dollars(amount)),
            None => String::new(),
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

/// `economics --payout-limit`: per Blind table of the base game's choice
/// in `choices`, the optimal play's result under `rule` at the traffic's
/// Ante (knowing the limit), and the hold of `mix_of` under it when given
/// (each strategy evaluated once a table, the limit capping its wins).
pub fn mix_on_tables_limited(
    choices: &[WagerChoice],
    mix_of: Option<&PlayerMix>,
    rule: &PayoutLimitRule,
    traffic: &TableTraffic,
    progress: &dyn Progress,
) -> (Vec<WagerResult>, Vec<MixEconomics>) {
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let ante = &traffic.ante;
    let mut optimal = Vec::new();
    let mut mixes = Vec::new();
    for table in choices
        .iter()
        .filter(|c| c.wager == EconomicsWager::BaseGame)
        .flat_map(|c| &c.tables)
    {
        let name = format!("{} at a {} Ante under the limit", table.id, dollars(ante));
        let solution = rule.solve(&river, table, ante, &Named::new(progress, name));
        let best = rule.row(&solution, table, ante).result;
        if let Some(m) = mix_of {
            let players: Vec<Player> = m.players.iter().map(|(p, _)| p.clone()).collect();
            let solved =
                solve_players_limited(&river, table, &players, Some(&best), rule, ante, progress);
            let mut held = mix_economics(m, &solved, &best, traffic);
            held.limit = Some(LimitAssumed::of(rule, ante));
            mixes.push(held);
        }
        optimal.push(best);
    }
    (optimal, mixes)
}
