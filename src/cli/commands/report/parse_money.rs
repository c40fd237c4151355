//! The parse of `report`'s money-rule flags (`--payout-limit`, `--ante`,
//! `--antes`, `--table-minimum`, `--table-maximum`, `--trips`, and the
//! meter's `--rate`, `--reset`, `--reserve`, `--wagers-per-hour`) into a
//! [`MoneyRulesRun`]: read and checked before any work, the meter set on
//! the Progressive tables before the catalog is computed; nothing solved,
//! nothing printed.

use super::money_rules::{MoneyRulesRun, ReportMoneyArgs};
use crate::cli::commands::payout_limit::LimitRun;
use crate::cli::settings::{self, TableReader};
use uth_edge::error::InputError;
use uth_edge::money::dollars;
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// Reads the flags; sets the meter flags on the Progressive tables of
/// `tables` (so the report's rows are their long run).
pub fn read(
    args: &ReportMoneyArgs,
    tables: &mut [PayTable],
    reader: &mut TableReader,
) -> Result<MoneyRulesRun, InputError> {
    let mut run = MoneyRulesRun::default();
    if args.limit.given() || args.table_maximum.is_some() {
        let limit = LimitRun::limit(&args.limit, false)?;
        let minimum = LimitRun::table_minimum(&args.limit)?;
        let maximum = LimitRun::table_maximum(args.table_maximum.as_deref())?;
        let mut antes = LimitRun::antes(&args.limit)?.unwrap_or_default();
        if let (Some(min), Some(max)) = (&minimum, &maximum) {
            if min > max {
                return Err(InputError::usage(format!(
                    "--table-maximum {} is below --table-minimum {}",
                    dollars(max),
                    dollars(min)
                )));
            }
        }
        // An Ante below the minimum is refused by LimitRun::read_at, as
        // for game and strategy.
        for ante in &antes {
            let above = maximum.as_ref().filter(|m| ante > *m);
            if let Some(m) = above {
                return Err(InputError::usage(format!(
                    "--ante {} is above --table-maximum {}",
                    dollars(ante),
                    dollars(m)
                )));
            }
        }
        antes.extend(minimum.iter().cloned());
        antes.extend(maximum.iter().cloned());
        antes.sort();
        antes.dedup();
        if antes.is_empty() {
            return Err(InputError::usage(
                "--payout-limit in the report needs the stakes: --ante DOLLARS, --antes DOLLARS,..., --table-minimum or --table-maximum",
            ));
        }
        let blind: Vec<PayTable> = tables
            .iter()
            .filter(|t| t.wager == WagerKind::Blind)
            .cloned()
            .collect();
        if blind.is_empty() {
            return Err(InputError::usage(
                "--payout-limit: the report has no Blind pay table (the limit applies to the base game)",
            ));
        }
        let limit_run = LimitRun::read_at(&args.limit, limit, antes, blind, reader)?;
        run.limit = Some((limit_run, minimum, maximum));
    }
    let mut progressive: Vec<PayTable> = tables
        .iter()
        .filter(|t| t.wager == WagerKind::Progressive)
        .cloned()
        .collect();
    if args.meter_given() && progressive.is_empty() {
        return Err(InputError::usage(
            "--rate/--reset/--reserve/--wagers-per-hour: the report has no Progressive pay table",
        ));
    }
    let meters = settings::read_meters(&args.meter(), &mut progressive, false)?;
    run.meters = meters.long_run;
    run.warnings = meters.warnings;
    let mut set = progressive.into_iter();
    for t in tables
        .iter_mut()
        .filter(|t| t.wager == WagerKind::Progressive)
    {
        *t = set.next().expect("one per Progressive table");
    }
    Ok(run)
}
