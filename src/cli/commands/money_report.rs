//! The money rules of `report` (`--payout-limit`, `--ante`, `--antes`,
//! `--table-minimum`, `--table-maximum`, `--trips`, and the meter's
//! `--rate`, `--reset`, `--reserve`, `--wagers-per-hour`): read and checked
//! before any work, the meter set on the Progressive tables before the
//! catalog is computed; then the figures of the report's "Money rules"
//! part ([`uth_edge::report::money_rules`]).

use super::payout_limit::LimitRun;
use crate::cli::args::money_rules::ReportMoneyArgs;
use uth_edge::analysis::money_rules::meter_parts;
use uth_edge::error::InputError;
use uth_edge::exact::meter_long_run::LongRunSettings;
use uth_edge::fraction::Fraction;
use uth_edge::money::dollars;
use uth_edge::progress::Progress;
use uth_edge::report::money_rules::{LimitFigures, MoneyRules};
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// The money rules of a report, checked; nothing solved yet.
#[derive(Default)]
pub struct MoneyRulesRun {
    limit: Option<(LimitRun, Option<Fraction>, Option<Fraction>)>,
    meters: Option<LongRunSettings>,
}

/// Reads the flags; sets the meter flags on the Progressive tables of
/// `tables` (so the report's rows are their long run).
pub fn read(
    args: &ReportMoneyArgs,
    tables: &mut [PayTable],
    reader: &mut crate::cli::settings::TableReader,
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
    run.meters = crate::cli::settings::read_meters(&args.meter(), &mut progressive, false, false)?;
    let mut set = progressive.into_iter();
    for t in tables
        .iter_mut()
        .filter(|t| t.wager == WagerKind::Progressive)
    {
        *t = set.next().expect("one per Progressive table");
    }
    Ok(run)
}

impl MoneyRulesRun {
    /// Warns when the payout limit is below the least the rule allows at
    /// the table minimum (the first thing the report's run does).
    pub fn warn(&self) {
        if let Some((run, _, _)) = &self.limit {
            run.warn_below_floor();
        }
    }

    /// The part's figures: a full solve per Blind table and Ante under the
    /// limit, the long run of each meter.
    pub fn figures(
        &self,
        tables: &[PayTable],
        progress: &dyn Progress,
    ) -> Result<MoneyRules, InputError> {
        let limit = self
            .limit
            .as_ref()
            .map(|(run, minimum, maximum)| LimitFigures {
                rows: run
                    .rule
                    .all_rows_and_unlimited(&run.tables, &run.antes, progress),
                rule: run.rule.clone(),
                table_minimum: minimum.clone(),
                table_maximum: maximum.clone(),
            });
        let (meters, meter_tables) = match &self.meters {
            Some(settings) => (
                meter_parts(tables, settings, progress)?,
                tables
                    .iter()
                    .filter(|t| !t.rules.meters.is_empty())
                    .cloned()
                    .collect(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        Ok(MoneyRules {
            limit,
            meters,
            meter_tables,
        })
    }
}
