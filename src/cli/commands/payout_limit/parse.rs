//! The parse of the payout-limit flags (`game`, `strategy`, `report`):
//! the limit per hand (COMAR 36.05.16.12F), the Antes and the Trips wager
//! it is applied at, read and checked (one line, exit 2, on the first
//! fault: an amount the solver cannot hold exactly included); nothing
//! solved, nothing printed (the warning below the rule's floor is the
//! run's, [`LimitRun::warn_below_floor`]).

use super::{LimitRun, PayoutLimitArgs};
use crate::cli::settings::TableReader;
use uth_edge::analysis::money_rules::PayoutLimitRule;
use uth_edge::cards::Card;
use uth_edge::error::InputError;
use uth_edge::exact::game::{largest_win, limited_payoffs};
use uth_edge::fraction::Fraction;
use uth_edge::money::{dollars, parse_dollars};
use uth_edge::rules::paytable::{PayTable, WagerKind};
use uth_edge::strategy::oracle;

impl LimitRun {
    /// Checks the flags (one line, exit 2, on the first fault) and that the
    /// solver can hold every amount exactly; no solving, no warning.
    pub fn read(
        args: &PayoutLimitArgs,
        tables: Vec<PayTable>,
        seen: bool,
        reader: &mut TableReader,
    ) -> Result<LimitRun, InputError> {
        let limit = Self::limit(args, seen)?;
        let antes = match Self::antes(args)? {
            Some(antes) => antes,
            None => {
                return Err(InputError::usage(
                    "--payout-limit needs --ante DOLLARS (or --antes DOLLARS,...): the limit is in dollars, the pays in Antes",
                ))
            }
        };
        Self::read_at(args, limit, antes, tables, reader)
    }

    /// The limit of `--payout-limit`, refused without it or with cards
    /// seen.
    pub fn limit(args: &PayoutLimitArgs, seen: bool) -> Result<Fraction, InputError> {
        let Some(limit) = &args.payout_limit else {
            return Err(InputError::usage(
                "--ante, --antes, --trips, --table-minimum and --payout-limit-net go with --payout-limit DOLLARS",
            ));
        };
        if seen {
            return Err(InputError::usage(
                "--payout-limit cannot be combined with cards seen (--seen, --seen-dealer, --seen-flop, --seen-turnriver, --turnriver-at-flop) or --dead yet",
            ));
        }
        Ok(parse_dollars("payout-limit", limit)?)
    }

    /// The Antes of `--ante` or `--antes`, if given.
    pub fn antes(args: &PayoutLimitArgs) -> Result<Option<Vec<Fraction>>, InputError> {
        Ok(match (&args.ante, &args.antes) {
            (Some(ante), _) => Some(vec![parse_dollars("ante", ante)?]),
            (None, Some(list)) => Some(
                list.split(',')
                    .map(|a| parse_dollars("antes", a))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            (None, None) => None,
        })
    }

    /// The rest of [`LimitRun::read`], at the Antes `antes`.
    pub fn read_at(
        args: &PayoutLimitArgs,
        limit: Fraction,
        antes: Vec<Fraction>,
        tables: Vec<PayTable>,
        reader: &mut TableReader,
    ) -> Result<LimitRun, InputError> {
        let trips = match (&args.trips, &args.trips_amount) {
            (Some(table), Some(amount)) => {
                let table = reader.read_for(table, WagerKind::Trips)?;
                if table.rules.trips.needs_dealer() {
                    return Err(InputError::usage(format!(
                        "--trips {}: a Trips table paid only when the hand beats the dealer's is not supported with --payout-limit",
                        table.id
                    )));
                }
                Some((table, parse_dollars("trips-amount", amount)?))
            }
            _ => None,
        };
        let minimum = Self::table_minimum(args)?;
        // One check for game, strategy and report: an Ante below the
        // table minimum cannot be bet at that table.
        if let Some(m) = &minimum {
            if let Some(ante) = antes.iter().find(|a| *a < m) {
                return Err(InputError::usage(format!(
                    "--ante {} is below --table-minimum {}",
                    dollars(ante),
                    dollars(m)
                )));
            }
        }
        let run = LimitRun {
            tables,
            antes,
            rule: PayoutLimitRule {
                limit,
                net_of_losses: args.payout_limit_net,
                trips,
            },
            minimum,
        };
        for table in &run.tables {
            for ante in &run.antes {
                let mut rule = run.rule.at(ante);
                limited_payoffs(table, &rule)?;
                // The same wagers without the limit (what `report` sets
                // beside each limited figure) must be solvable too.
                rule.per_hand = largest_win(table, &rule);
                limited_payoffs(table, &rule)?;
            }
        }
        Ok(run)
    }

    /// `--table-minimum`, if given.
    pub fn table_minimum(args: &PayoutLimitArgs) -> Result<Option<Fraction>, InputError> {
        Ok(match &args.table_minimum {
            Some(m) => Some(parse_dollars("table-minimum", m)?),
            None => None,
        })
    }

    /// `--table-maximum` (of `report`), if given.
    pub fn table_maximum(maximum: Option<&str>) -> Result<Option<Fraction>, InputError> {
        maximum
            .map(|m| parse_dollars("table-maximum", m))
            .transpose()
            .map_err(InputError::from)
    }

    /// The run of `strategy [CARDS] --payout-limit`: one table at one
    /// Ante, and the cards of the decision asked about (none: the chart).
    pub fn read_for_strategy(
        args: &PayoutLimitArgs,
        table: PayTable,
        groups: &[String],
        seen: bool,
        reader: &mut TableReader,
    ) -> Result<(LimitRun, Vec<Card>), InputError> {
        let run = LimitRun::read(args, vec![table], seen, reader)?;
        if run.antes.len() > 1 {
            return Err(InputError::usage("strategy takes one --ante, not --antes"));
        }
        let cards = oracle::parse_query(groups).map_err(|e| InputError::usage(e.to_string()))?;
        Ok((run, cards))
    }
}
