//! The money rules of `report`: their flags ([`ReportMoneyArgs`]: a
//! payout limit at the table's stakes, `--table-maximum`, the meter of the
//! Progressive tables), the run they parse into ([`MoneyRulesRun`],
//! `parse_money.rs`: checked, nothing solved, the meters' warnings kept
//! for the run to print) and the figures of the report's "Money rules"
//! part ([`uth_edge::report::money_rules`]).

use crate::cli::args::money_rules::{MeterArgs, PayoutLimitArgs};
use crate::cli::commands::payout_limit::LimitRun;
use clap::Args;
use uth_edge::analysis::money_rules::meter_parts;
use uth_edge::error::InputError;
use uth_edge::exact::meter_long_run::LongRunSettings;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Progress;
use uth_edge::report::money_rules::{LimitFigures, MoneyRules};
use uth_edge::rules::paytable::PayTable;

/// The money-rule flags of `report`: a payout limit at the table's stakes
/// and the meter of its Progressive tables.
#[derive(Args, Default)]
pub struct ReportMoneyArgs {
    #[command(flatten)]
    pub limit: PayoutLimitArgs,
    /// The table maximum Ante in dollars, with --payout-limit: the report
    /// gives the house edge under the limit from the table minimum (or the
    /// lowest Ante given) to it.
    #[arg(
        long = "table-maximum",
        value_name = "DOLLARS",
        allow_hyphen_values = true
    )]
    pub table_maximum: Option<String>,
    /// The rate of progression of the Progressive tables' meter, in percent
    /// (e.g. 15%), for a table that states none (or to replace that of its
    /// single meter): the report then gives the meter's long run.
    #[arg(long, value_name = "PERCENT", allow_hyphen_values = true)]
    pub rate: Option<String>,
    /// The meter's initial and reset amount in dollars, with --rate.
    /// Default: the table's, else 10000.
    #[arg(long, value_name = "DOLLARS", allow_hyphen_values = true)]
    pub reset: Option<String>,
    /// The part of the rate set aside to fund the next reset, in percent.
    /// Default: 0.
    #[arg(long, value_name = "PERCENT", allow_hyphen_values = true)]
    pub reserve: Option<String>,
    /// Wagers per hour on the meter: the mean time between hits of each
    /// award.
    #[arg(long = "wagers-per-hour", value_name = "N")]
    pub wagers_per_hour: Option<String>,
}

impl ReportMoneyArgs {
    /// The meter flags, as `progressive` reads them (the default readings:
    /// every wager $1, awards under 100% off the meter).
    pub fn meter(&self) -> MeterArgs {
        MeterArgs {
            rate: self.rate.clone(),
            reset: self.reset.clone(),
            reserve: self.reserve.clone(),
            percent_awards: None,
            mix: Vec::new(),
            wagers_per_hour: self.wagers_per_hour.clone(),
            simulate: None,
            seed: uth_edge::sample::DEFAULT_SEED,
        }
    }

    /// Whether a flag of the meter is given.
    pub fn meter_given(&self) -> bool {
        self.rate.is_some()
            || self.reset.is_some()
            || self.reserve.is_some()
            || self.wagers_per_hour.is_some()
    }
}

/// The money rules of a report, checked; nothing solved yet.
#[derive(Default)]
pub struct MoneyRulesRun {
    pub(super) limit: Option<(LimitRun, Option<Fraction>, Option<Fraction>)>,
    pub(super) meters: Option<LongRunSettings>,
    /// The meters' warnings (a reset below the least the rule allows), for
    /// the run to print before any work.
    pub(super) warnings: Vec<String>,
}

impl MoneyRulesRun {
    /// The warnings of a payout limit below the least the rule allows at
    /// the table minimum, one line each, for the run to print first
    /// (unless --quiet).
    pub fn limit_warnings(&self) -> Vec<String> {
        self.limit
            .iter()
            .flat_map(|(run, _, _)| run.below_floor())
            .collect()
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
