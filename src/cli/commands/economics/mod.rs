//! `uth-edge economics`, its one home: the flags ([`EconomicsArgs`]), the
//! one value parsed once from them ([`Economics`], `parse.rs`: the wagers
//! counted, the tables of each with their defaults, the stakes and the
//! table's traffic, read exactly and checked; nothing computed) and its
//! run: each configuration of the tables given, side by side (the
//! configurations and figures from `analysis::economics`), the base game
//! under a payout limit per hand when one is given (`--payout-limit`, at
//! the Ante of `--ante`, the same checks as `game`'s; the Trips wager,
//! when counted, priced with it under the one cap).

mod parse;

use super::provenance;
use crate::cli::args::traffic::TrafficArgs;
use crate::cli::args::OutputArgs;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use clap::Args;
use uth_edge::analysis::catalog::Catalog;
use uth_edge::analysis::economics::{configurations, TableTraffic, WagerChoice};
use uth_edge::analysis::money_rules::PayoutLimitRule;
use uth_edge::analysis::players::{mix_on_tables, mix_on_tables_limited, LimitAssumed, PlayerMix};
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::rules::paytable::{PayTable, WagerKind};

#[derive(Args)]
#[command(mut_arg("average_ante", |a| a.long("ante").visible_alias("average-ante")))]
pub struct EconomicsArgs {
    /// Blind pay table (base game); repeat to compare. Default: blind-a.
    #[arg(long = "blind", value_name = "ID|PATH|-")]
    pub blinds: Vec<String>,
    /// Trips pay table; repeat to compare. Default: uth-01.
    #[arg(long = "trips", value_name = "ID|PATH|-")]
    pub trips: Vec<String>,
    /// Six Card Bonus pay table; repeat to compare. Default: six-card-a.
    #[arg(long = "six-card", value_name = "ID|PATH|-")]
    pub six_cards: Vec<String>,
    /// The average Ante (`--ante`), hands per hour, seats filled and hours
    /// open per day: the flag group `report` shares.
    #[command(flatten)]
    pub traffic: TrafficArgs,
    /// Days open per year.
    #[arg(
        long = "days",
        visible_alias = "days-per-year",
        value_name = "N",
        default_value_t = 365
    )]
    pub days_per_year: u32,
    /// Count only this wager; repeat for several. Default: every wager
    /// (the Ultimate Pairs Bonus only with --ultimate-pairs).
    #[arg(long = "wager", value_name = "WAGER",
          value_parser = ["base-game", "trips", "six-card", "ultimate-pairs"])]
    pub wagers: Vec<String>,
    /// Leave the base game (Ante, Blind, Play) out: the side bets alone.
    #[arg(long, conflicts_with = "wagers")]
    pub no_base_game: bool,
    /// Share of seat-hands with a Trips wager, in percent: 40%.
    #[arg(
        long,
        value_name = "SHARE",
        default_value = "50%",
        allow_hyphen_values = true
    )]
    pub trips_take_up: String,
    /// Average Trips wager in dollars.
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "5",
        allow_hyphen_values = true
    )]
    pub trips_amount: String,
    /// Share of seat-hands with a Six Card Bonus wager, in percent: 20%.
    #[arg(
        long,
        value_name = "SHARE",
        default_value = "20%",
        allow_hyphen_values = true
    )]
    pub six_card_take_up: String,
    /// Average Six Card Bonus wager in dollars (its edge depends on it).
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "5",
        allow_hyphen_values = true
    )]
    pub six_card_amount: String,
    /// Ultimate Pairs Bonus pay table; repeat to compare. Default: none (the
    /// wager is left out).
    #[arg(long = "ultimate-pairs", value_name = "ID|PATH|-")]
    pub ultimate_pairs: Vec<String>,
    /// Share of seat-hands with an Ultimate Pairs Bonus wager, in percent:
    /// 10%.
    #[arg(
        long,
        value_name = "SHARE",
        default_value = "10%",
        allow_hyphen_values = true
    )]
    pub ultimate_pairs_take_up: String,
    /// Average Ultimate Pairs Bonus wager in dollars.
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "5",
        allow_hyphen_values = true
    )]
    pub ultimate_pairs_amount: String,
    /// The players of the table, each a strategy (optimal, a shipped
    /// strategy or a strategy file) with its share of the seat-hands, the
    /// shares summing to 100%: optimal:5%,wizard:45%,timid:20%,FILE:30%.
    /// Adds the base game's hold under this mix beside the optimal hold
    /// (each strategy an exact solve of a minute or two).
    #[arg(
        long,
        value_name = "STRATEGY:SHARE,...",
        conflicts_with = "players_file"
    )]
    pub players: Option<String>,
    /// The players as a file of [[player]] tables (strategy, share):
    /// docs/strategy-format.md, "A player mix".
    #[arg(long, value_name = "FILE")]
    pub players_file: Option<std::path::PathBuf>,
    /// Payout limit per hand in dollars (COMAR 36.05.16.12F) at the Ante
    /// of --ante (needed): the base game's figures and the player mix's
    /// under it, each strategy with the limit capping its wins, the best
    /// play knowing it. With the Trips wager counted, its wins share the
    /// cap: the seat-hands with Trips (--trips-take-up, --trips-amount)
    /// are priced with the base game, as game --payout-limit --trips does.
    #[arg(
        long = "payout-limit",
        value_name = "DOLLARS",
        allow_hyphen_values = true
    )]
    pub payout_limit: Option<String>,
    /// Apply the payout limit to the net win (wins less the wagers lost in
    /// the same hand) instead of the wins, with --payout-limit.
    #[arg(long = "payout-limit-net")]
    pub payout_limit_net: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What `economics` prices, parsed once from its flags
/// ([`Economics::from_args`]): the wagers counted with their tables and
/// stakes, the Six Card Bonus amount and the traffic.
pub struct Economics {
    choices: Vec<WagerChoice>,
    six_card_amount: Fraction,
    traffic: TableTraffic,
    /// The players of `--players` or `--players-file`, when given.
    players: Option<PlayerMix>,
    /// The payout limit of `--payout-limit` at the traffic's Ante, every
    /// amount checked solvable exactly, when given.
    limit: Option<PayoutLimitRule>,
}

/// Runs `economics`.
pub fn run(
    args: EconomicsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let Economics {
        choices,
        six_card_amount,
        traffic,
        players,
        limit,
    } = Economics::from_args(&args, reader)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let mut tables: Vec<PayTable> = choices.iter().flat_map(|c| c.tables.clone()).collect();
    if limit.is_some() {
        // The base game is solved under the limit below, not without it.
        tables.retain(|t| t.wager != WagerKind::Blind);
    }
    let catalog = Catalog::compute(&tables, std::slice::from_ref(&six_card_amount), progress);
    let mut results = catalog.results;
    let (mixes, paired) = match (&limit, &players) {
        (Some(rule), mix) => {
            let limited = mix_on_tables_limited(&choices, mix.as_ref(), rule, &traffic, progress);
            results.extend(limited.optimal);
            (limited.mixes, limited.paired)
        }
        (None, Some(mix)) => (
            mix_on_tables(&choices, &results, mix, &traffic, progress),
            Vec::new(),
        ),
        (None, None) => (Vec::new(), Vec::new()),
    };
    let configurations = configurations(&choices, &results, &paired, &traffic)
        .map_err(|e| InputError::usage(e.to_string()))?;
    let assumed = limit
        .as_ref()
        .map(|rule| LimitAssumed::of(rule, &traffic.ante));
    let document = report::economics::document(
        &traffic,
        &configurations,
        &mixes,
        assumed.as_ref(),
        provenance(reader),
    )
    .context("writing the economics")?;
    report::render(args.output.format, &document, &mut out).context("writing the economics")?;
    out.finish().context("writing the economics")
}
