//! `uth-edge simulate`, its one home: the flags ([`SimulateArgs`]), the
//! one typed value parsed once from them ([`Simulate`], an enum of its
//! modes: `parse.rs`, and `parse_limit.rs` for the payout limit; settings
//! checked whole before any long computation, nothing solved there) and the
//! run: the base game's exact figures (the solve, or the fixed strategy
//! evaluated), the side bets' exact house edges, then the sample.

mod parse;
mod parse_limit;

use super::{provenance, render_document};
use crate::cli::args::sampling::{parse_count, parse_hands, parse_threads};
use crate::cli::args::SimulationOutputArgs;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use clap::Args;
use uth_edge::analysis::exact_base::{simulation_exact_values, ExactBase};
use uth_edge::analysis::money_rules::play_under_limit;
use uth_edge::cards::CardSet;
use uth_edge::fraction::Fraction;
use uth_edge::money::dollars;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::report::document::{Block, Section, Text};
use uth_edge::rules::settlement::PayoutLimit;
use uth_edge::sample::{self, SimulationConfig};
use uth_edge::strategy::StrategyChoice;

#[derive(Args)]
pub struct SimulateArgs {
    /// Number of hands, e.g. 10000000, 10_000_000 or 1e7.
    #[arg(long, value_name = "N", value_parser = parse_hands)]
    pub hands: u64,
    /// Seed of the random numbers.
    #[arg(long, value_name = "S", default_value_t = sample::DEFAULT_SEED)]
    pub seed: u64,
    /// The Blind pay table: built-in id or TOML file path.
    #[arg(long, value_name = "ID|PATH|-", default_value = "blind-a")]
    pub blind: String,
    /// The Trips wager (one Ante) on this pay table. Default: uth-01.
    #[arg(long, value_name = "ID|PATH|-", conflicts_with = "base_only")]
    pub trips: Option<String>,
    /// The Six Card Bonus wager on this pay table. Default: six-card-a.
    #[arg(
        long = "six-card",
        value_name = "ID|PATH|-",
        conflicts_with = "base_only"
    )]
    pub six_card: Option<String>,
    /// The Six Card Bonus wager in dollars. Default: 5.
    #[arg(
        long,
        value_name = "DOLLARS",
        allow_hyphen_values = true,
        conflicts_with = "base_only"
    )]
    pub wager: Option<String>,
    /// Also the Ultimate Pairs Bonus wager (one Ante) on this pay table
    /// (not wagered unless asked; it draws no random numbers, so the hands
    /// are the same with or without it).
    #[arg(
        long = "ultimate-pairs",
        value_name = "ID|PATH|-",
        conflicts_with = "base_only"
    )]
    pub ultimate_pairs: Option<String>,
    /// Simulate the base game alone (no Trips, no Six Card Bonus).
    #[arg(long)]
    pub base_only: bool,
    /// How the player plays: optimal (the exact solver's decisions; solves
    /// the game first), a shipped strategy by name (wizard, timid, ...; see
    /// `uth-edge strategies`) or a strategy file (docs/strategy-format.md),
    /// played hand by hand beside its exact figures.
    #[arg(long, value_name = "NAME|FILE", default_value = "optimal")]
    pub strategy: String,
    /// Worker threads (the results do not depend on it). Default: all cores.
    #[arg(long, value_name = "T", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Report the distribution of the net result of sessions of K
    /// consecutive hands (in Antes, all wagers together).
    #[arg(long = "session-hands", value_name = "K", value_parser = parse_count)]
    pub session_hands: Option<u64>,
    /// With --session-hands: the chance that the running total reaches
    /// -B Antes within a session.
    #[arg(
        long,
        value_name = "B",
        requires = "session_hands",
        allow_hyphen_values = true
    )]
    pub bankroll: Option<String>,
    /// With --session-hands: report P(session loses more than X Antes);
    /// repeat for several. Default: 10, 25, 50, 100, 250.
    #[arg(
        long = "lose-more-than",
        value_name = "X",
        requires = "session_hands",
        allow_hyphen_values = true
    )]
    pub lose_more_than: Vec<String>,
    /// Dollars per Ante: with --payout-limit, the Ante the limit is
    /// divided by (required); with --session-hands and --six-card, to
    /// count the Six Card Bonus (in dollars) in Antes. Default: 1.
    #[arg(long, value_name = "DOLLARS", allow_hyphen_values = true)]
    pub ante: Option<String>,
    /// Payout limit per hand in dollars (COMAR 36.05.16.12F), with --ante
    /// and --base-only: every hand is settled under it, the player playing
    /// the limited solve's optimal strategy, compared with its exact
    /// figures.
    #[arg(
        long = "payout-limit",
        value_name = "DOLLARS",
        allow_hyphen_values = true
    )]
    pub payout_limit: Option<String>,
    /// Skip the exact evaluation of a strategy file (wizard, timid, ...);
    /// the estimates are then printed without the exact base-game figures.
    #[arg(long = "no-exact")]
    pub no_exact: bool,
    #[command(flatten)]
    pub output: SimulationOutputArgs,
}

/// What a `simulate` run samples, parsed once from its flags
/// ([`Simulate::from_args`]).
pub enum Simulate {
    /// Every hand settled by the tables' pays, the player playing
    /// `strategy`; `exact`: the base game's exact figures beside the
    /// estimates (not with `--no-exact`).
    Plain {
        strategy: StrategyChoice,
        config: SimulationConfig,
        exact: bool,
    },
    /// `--payout-limit` with `--ante` (and `--base-only`, the optimal
    /// player): every hand settled under the limit (`config.payout_limit`,
    /// the same as `limit.rule`), compared with the exact limited solve.
    PayoutLimited {
        config: SimulationConfig,
        limit: Box<Limit>,
    },
}

/// The payout limit simulated: the rule the sampler settles by (the limit
/// in Antes), and the limit and the Ante in dollars.
pub struct Limit {
    pub rule: PayoutLimit,
    pub dollars: Fraction,
    pub ante: Fraction,
}

impl Simulate {
    /// The sampler's configuration, whatever the mode.
    fn config(&self) -> &SimulationConfig {
        match self {
            Simulate::Plain { config, .. } | Simulate::PayoutLimited { config, .. } => config,
        }
    }
}

/// Runs `simulate`.
pub fn run(
    args: SimulateArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let simulate = Simulate::from_args(&args, reader)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let config = simulate.config();
    let run = |strategy: &dyn uth_edge::strategy::Strategy, summary: Option<&_>| {
        let exact = simulation_exact_values(config, summary, progress);
        sample::simulate(config, strategy, progress).map(|sample| sample.report(&exact))
    };
    let (report, limit_dollars) = match &simulate {
        Simulate::Plain {
            strategy, exact, ..
        } => {
            let base = ExactBase {
                deck: CardSet::FULL_DECK,
                blind: &config.blind,
                wanted: *exact,
            };
            (base.play(strategy, progress, run)?, None)
        }
        Simulate::PayoutLimited { limit, .. } => {
            let report = play_under_limit(config.deck, &config.blind, &limit.rule, progress, run)?;
            (report, Some((&limit.dollars, &limit.ante)))
        }
    };
    let mut document = report::simulation::document(&report, Some(provenance(reader)))
        .context("writing the report")?;
    if let Some((limit, ante)) = limit_dollars {
        let heading = format!(
            "Under a payout limit of {} per hand at a {} Ante (COMAR 36.05.16.12F): every hand settled under it, the player playing optimally knowing it; exact: the limited solve.",
            dollars(limit),
            dollars(ante)
        );
        let heading = Block::Paragraph(Text::plain(heading));
        document.sections.insert(0, Section::of(vec![heading]));
    }
    render_document(args.output.format, &document, out, "the report")
}
