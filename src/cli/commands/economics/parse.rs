//! The parse of `economics`' flags into one [`Economics`]: the wagers
//! counted, the tables of each (with their defaults), the stakes and the
//! table's traffic, and the payout limit when given, read exactly and
//! checked before any work.

use super::{Economics, EconomicsArgs};
use crate::cli::commands::payout_limit::{LimitRun, PayoutLimitArgs};
use crate::cli::settings::{self, paytables_for, TableReader};
use uth_edge::analysis::economics::{EconomicsWager, WagerChoice};
use uth_edge::analysis::money_rules::PayoutLimitRule;
use uth_edge::analysis::players::PlayerMix;
use uth_edge::error::InputError;
use uth_edge::exact::game::limited_payoffs;
use uth_edge::money::parse_dollars;
use uth_edge::rules::paytable::{PayTable, WagerKind};

impl Economics {
    /// Reads and checks the `economics` command's flags: every amount and
    /// take-up is checked, counted or not; only the tables of the wagers
    /// counted are read (no solve of the base game when it is left out).
    pub fn from_args(
        args: &EconomicsArgs,
        reader: &mut TableReader,
    ) -> Result<Economics, InputError> {
        let mut traffic = settings::traffic(&args.traffic, "ante")?;
        for (flag, text) in [
            ("trips-amount", &args.trips_amount),
            ("six-card-amount", &args.six_card_amount),
            ("ultimate-pairs-amount", &args.ultimate_pairs_amount),
        ] {
            parse_dollars(flag, text)?;
        }
        settings::parse_share("ultimate-pairs-take-up", &args.ultimate_pairs_take_up)?;
        let counted = economics_wagers(args)?;
        for (flag, given, wager) in [
            ("blind", &args.blinds, EconomicsWager::BaseGame),
            ("trips", &args.trips, EconomicsWager::Trips),
            ("six-card", &args.six_cards, EconomicsWager::SixCardBonus),
        ] {
            if let (Some(table), false) = (given.first(), counted.contains(&wager)) {
                return Err(InputError::usage(format!(
                    "--{flag} {}: its wager is not counted (see --wager, --no-base-game); refused rather than ignored",
                    uth_edge::message::shown(table)
                )));
            }
        }
        let mut choices = Vec::new();
        for wager in counted {
            let (given, default, kind, take_up, amount) = match wager {
                EconomicsWager::BaseGame => (&args.blinds, "blind-a", WagerKind::Blind, "100%", ""),
                EconomicsWager::Trips => (
                    &args.trips,
                    "uth-01",
                    WagerKind::Trips,
                    args.trips_take_up.as_str(),
                    args.trips_amount.as_str(),
                ),
                EconomicsWager::SixCardBonus => (
                    &args.six_cards,
                    "six-card-a",
                    WagerKind::SixCardBonus,
                    args.six_card_take_up.as_str(),
                    args.six_card_amount.as_str(),
                ),
                EconomicsWager::UltimatePairs => (
                    &args.ultimate_pairs,
                    "",
                    WagerKind::UltimatePairs,
                    args.ultimate_pairs_take_up.as_str(),
                    args.ultimate_pairs_amount.as_str(),
                ),
            };
            let names = if given.is_empty() {
                vec![default.to_string()]
            } else {
                given.clone()
            };
            let (take_up_flag, amount_flag) = match wager {
                EconomicsWager::BaseGame => ("take-up", "ante"),
                EconomicsWager::Trips => ("trips-take-up", "trips-amount"),
                EconomicsWager::SixCardBonus => ("six-card-take-up", "six-card-amount"),
                EconomicsWager::UltimatePairs => {
                    ("ultimate-pairs-take-up", "ultimate-pairs-amount")
                }
            };
            choices.push(WagerChoice {
                wager,
                tables: paytables_for(reader, &names, kind)?,
                take_up: settings::parse_share(take_up_flag, take_up)?,
                // The base game's amount is the average Ante, read with
                // the traffic.
                amount: match wager {
                    EconomicsWager::BaseGame => traffic.ante.clone(),
                    _ => parse_dollars(amount_flag, amount)?,
                },
            });
        }
        if args.days_per_year == 0 {
            return Err(InputError::usage("--days 0: must be at least 1"));
        }
        if args.days_per_year > 366 {
            return Err(InputError::usage("--days is at most 366"));
        }
        traffic.days_per_year = args.days_per_year;
        let counted = choices.iter().any(|c| c.wager == EconomicsWager::BaseGame);
        let players = match (&args.players, &args.players_file) {
            (Some(_), _) | (_, Some(_)) if !counted => {
                let flag = if args.players.is_some() {
                    "--players"
                } else {
                    "--players-file"
                };
                return Err(InputError::usage(format!(
                    "{flag}: the player mix plays the base game, which is not counted (see --wager, --no-base-game)"
                )));
            }
            (Some(text), _) => Some(PlayerMix::parse(text)?),
            (None, Some(path)) => Some(PlayerMix::read_file(path)?),
            (None, None) => None,
        };
        let limit = payout_limit(args, &choices, reader)?;
        Ok(Economics {
            limit,
            players,
            choices,
            six_card_amount: parse_dollars("six-card-amount", &args.six_card_amount)?,
            traffic,
        })
    }
}

/// The wagers counted: `--wager` (repeat), or every wager but the base
/// game with `--no-base-game`; the Ultimate Pairs Bonus only with its table
/// (no published table exists).
fn economics_wagers(args: &EconomicsArgs) -> Result<Vec<EconomicsWager>, InputError> {
    if args.wagers.is_empty() {
        return Ok(EconomicsWager::ALL
            .into_iter()
            .filter(|w| *w != EconomicsWager::BaseGame || !args.no_base_game)
            .filter(|w| *w != EconomicsWager::UltimatePairs || !args.ultimate_pairs.is_empty())
            .collect());
    }
    let asked: Vec<EconomicsWager> = args
        .wagers
        .iter()
        .filter_map(|name| EconomicsWager::from_flag_name(name))
        .collect();
    if asked.contains(&EconomicsWager::UltimatePairs) && args.ultimate_pairs.is_empty() {
        return Err(InputError::usage(
            "--wager ultimate-pairs: give its table with --ultimate-pairs ID|PATH (no published table exists)",
        ));
    }
    Ok(EconomicsWager::ALL
        .into_iter()
        .filter(|w| asked.contains(w))
        .collect())
}

/// The payout limit of `--payout-limit` at the Ante of `--ante`, read
/// and checked as `game` checks it (`LimitRun::read`: the amounts, and
/// that the solver holds every capped amount exactly), before any work:
/// refused without `--ante` (the Ante's default is not assumed) or
/// without the base game; the Trips wager, when counted, checked
/// solvable with each Blind table under the one cap at its amount.
fn payout_limit(
    args: &EconomicsArgs,
    choices: &[WagerChoice],
    reader: &mut TableReader,
) -> Result<Option<PayoutLimitRule>, InputError> {
    let Some(text) = &args.payout_limit else {
        if args.payout_limit_net {
            return Err(InputError::usage(
                "--payout-limit-net goes with --payout-limit DOLLARS",
            ));
        }
        return Ok(None);
    };
    let counted = |wager| choices.iter().any(|c| c.wager == wager);
    if !counted(EconomicsWager::BaseGame) {
        return Err(InputError::usage(
            "--payout-limit: the limit applies to the base game, which is not counted (see --wager, --no-base-game)",
        ));
    }
    if args.traffic.ante.is_none() {
        return Err(InputError::usage(
            "--payout-limit needs --ante DOLLARS: the limit is in dollars, the pays in Antes",
        ));
    }
    let limit_args = PayoutLimitArgs {
        payout_limit: Some(text.clone()),
        payout_limit_net: args.payout_limit_net,
        ante: args.traffic.ante.clone(),
        ..PayoutLimitArgs::default()
    };
    let blind: Vec<PayTable> = choices
        .iter()
        .filter(|c| c.wager == EconomicsWager::BaseGame)
        .flat_map(|c| c.tables.clone())
        .collect();
    let rule = LimitRun::read(&limit_args, blind.clone(), false, reader)?.rule;
    // The Trips wager, counted, is priced with the base game under the
    // one cap: each of its tables at its amount must be solvable exactly
    // with each Blind table (`LimitRun::read_at`'s checks for --trips).
    let ante = choices
        .iter()
        .find(|c| c.wager == EconomicsWager::BaseGame)
        .map(|c| c.amount.clone())
        .expect("the base game is counted (checked above)");
    for choice in choices.iter().filter(|c| c.wager == EconomicsWager::Trips) {
        for trips in &choice.tables {
            if trips.rules.trips.needs_dealer() {
                return Err(InputError::usage(format!(
                    "--trips {}: a Trips table paid only when the hand beats the dealer's is not supported with --payout-limit",
                    trips.id
                )));
            }
            let joint = PayoutLimitRule {
                trips: Some((trips.clone(), choice.amount.clone())),
                ..rule.clone()
            };
            for table in &blind {
                limited_payoffs(table, &joint.at(&ante))?;
            }
        }
    }
    Ok(Some(rule))
}
