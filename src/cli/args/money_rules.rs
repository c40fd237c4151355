//! The flag groups of the money rules around a pay table that several
//! commands share: the payout limit per hand, a group `game`, `strategy`
//! and `report` flatten (its parse and runs in
//! `cli/commands/payout_limit/`), and the Progressive meters
//! (`progressive` flattens them; `report`'s money rules, in
//! `cli/commands/report/money_rules.rs`, read them through them; their
//! reading is `settings::read_meters`).

use clap::{Args, ValueEnum};

/// The flags of a payout limit.
#[derive(Args, Clone, Debug, Default)]
pub struct PayoutLimitArgs {
    /// Payout limit per hand in dollars (COMAR 36.05.16.12F): the most paid
    /// on one hand's Ante, Blind, Play and Trips wins; solves the base game
    /// under it, the player knowing it. Needs --ante or --antes.
    #[arg(
        long = "payout-limit",
        value_name = "DOLLARS",
        allow_hyphen_values = true
    )]
    pub payout_limit: Option<String>,
    /// Apply the payout limit to the net win (wins less the wagers lost in
    /// the same hand) instead of the wins.
    #[arg(long = "payout-limit-net")]
    pub payout_limit_net: bool,
    /// The Ante in dollars (the Blind equals it), with --payout-limit.
    #[arg(long, value_name = "DOLLARS", allow_hyphen_values = true)]
    pub ante: Option<String>,
    /// Several Antes in dollars, comma-separated (e.g. 5,25,100,1000), with
    /// --payout-limit: the house edge as the Ante varies.
    #[arg(
        long,
        value_name = "DOLLARS,...",
        conflicts_with = "ante",
        allow_hyphen_values = true
    )]
    pub antes: Option<String>,
    /// A Trips pay table wagered with the hand (its wins count toward the
    /// payout limit), with --trips-amount.
    #[arg(long, value_name = "ID|PATH|-", requires = "trips_amount")]
    pub trips: Option<String>,
    /// The Trips wager in dollars, with --trips.
    #[arg(
        long = "trips-amount",
        value_name = "DOLLARS",
        requires = "trips",
        allow_hyphen_values = true
    )]
    pub trips_amount: Option<String>,
    /// The table minimum in dollars: warns when the payout limit is below
    /// the least COMAR 36.05.16.12F allows (the greater of $50,000 and the
    /// most one player can win on a round betting the minimum: Ante and
    /// Blind at the minimum, Play at 4x, Trips at the minimum with --trips).
    #[arg(
        long = "table-minimum",
        value_name = "DOLLARS",
        allow_hyphen_values = true
    )]
    pub table_minimum: Option<String>,
}

impl PayoutLimitArgs {
    /// Whether any flag of a payout limit is given.
    pub fn given(&self) -> bool {
        self.payout_limit.is_some()
            || self.ante.is_some()
            || self.antes.is_some()
            || self.trips.is_some()
            || self.table_minimum.is_some()
            || self.payout_limit_net
    }
}

/// The meter flags of `progressive`.
#[derive(Args)]
pub struct MeterArgs {
    /// The rate of progression: the share of each wager added to the meter,
    /// in percent (e.g. 15%). Sets the meter of a table that states none
    /// (COMAR 36.05.16.12D leaves the rate to the rules submission: there
    /// is no default) or replaces the rate of its single meter; the output
    /// is then the long-run return.
    #[arg(long, value_name = "PERCENT", allow_hyphen_values = true)]
    pub rate: Option<String>,
    /// The meter's initial and reset amount in dollars, with --rate.
    /// Default: the table's, else 10000 (the lowest COMAR 36.05.16.12D(3)(b)
    /// allows).
    #[arg(long, value_name = "DOLLARS", allow_hyphen_values = true)]
    pub reset: Option<String>,
    /// The part of the rate, in percent of each wager, set aside to fund the
    /// next reset instead of being shown on the meter. Default: 0 (the
    /// house seeds every reset).
    #[arg(long, value_name = "PERCENT", allow_hyphen_values = true)]
    pub reserve: Option<String>,
    /// How an award of less than 100% of the meter is paid: off the meter
    /// (default) or by the house on top.
    #[arg(long = "percent-awards", value_enum, value_name = "HOW")]
    pub percent_awards: Option<PercentAwardsArg>,
    /// The wagers that feed the meter, as DOLLARS:WEIGHT (e.g. --mix 1:3
    /// --mix 5:1: three $1 wagers for each $5 one); the meter pays the same
    /// share on any wager. Default: every wager $1.
    #[arg(long = "mix", value_name = "DOLLARS:WEIGHT")]
    pub mix: Vec<String>,
    /// Wagers per hour on the meter, for the mean time between hits of each
    /// award.
    #[arg(long = "wagers-per-hour", value_name = "N")]
    pub wagers_per_hour: Option<String>,
    /// Also run the meters wager by wager, N wagers (at least 100; e.g.
    /// 1000000 or 1e6), and print each wager size's return per dollar with
    /// its 95% interval (batch means) beside the exact long run; --format
    /// table.
    #[arg(long = "simulate", value_name = "N", value_parser = super::sampling::parse_hands)]
    pub simulate: Option<u64>,
    /// Seed of --simulate's random numbers.
    #[arg(
        long,
        value_name = "S",
        default_value_t = uth_edge::sample::DEFAULT_SEED,
        requires = "simulate"
    )]
    pub seed: u64,
}

/// `--percent-awards`.
#[derive(Clone, Copy, ValueEnum)]
pub enum PercentAwardsArg {
    /// The award comes off the meter, which keeps the rest.
    OffMeter,
    /// The house pays the award; the meter is unchanged.
    OnTop,
}
