//! `uth-edge player-dealer`, its one home: the flags
//! ([`PlayerDealerArgs`]), the one value parsed once from them
//! ([`PlayerDealer`], `parse.rs`: the strategy, the players and their
//! amounts, the player-dealer's bank and the fee schedule, checked whole;
//! nothing dealt) and its run: the exact figures (the solve or the exact
//! evaluation of the strategy, the Trips house edge), then the simulation
//! of the California player-dealer game.

mod parse;

use super::{provenance, render_document};
use crate::cli::args::{parse_rotations, parse_threads, SimulationOutputArgs};
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use clap::Args;
use uth_edge::analysis::exact_base::{trips_house_edge, ExactBase};
use uth_edge::error::InputError;
use uth_edge::exact::game::GameSummary;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::sample::{self, player_dealer, player_dealer::PlayerDealerConfig};
use uth_edge::strategy::{Strategy, StrategyChoice};

#[derive(Args)]
pub struct PlayerDealerArgs {
    /// Players besides the player-dealer, 1 to 6.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub players: usize,
    /// Every player's Ante in dollars (the Blind equals it).
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "10",
        allow_hyphen_values = true
    )]
    pub ante: String,
    /// One player's Ante: PLAYER=DOLLARS, PLAYER 0 (the first
    /// player-dealer, when it plays a seat) to N (seat N while player 0
    /// banks); overrides --ante for that player; repeatable, each player
    /// once.
    #[arg(
        long = "seat-ante",
        value_name = "PLAYER=DOLLARS",
        allow_hyphen_values = true
    )]
    pub seat_ante: Vec<String>,
    /// Every player's Trips wager in dollars. Default: none.
    #[arg(long, value_name = "DOLLARS", allow_hyphen_values = true)]
    pub trips: Option<String>,
    /// One player's Trips wager: PLAYER=DOLLARS (0 for none); overrides
    /// --trips for that player; repeatable, each player once.
    #[arg(
        long = "seat-trips",
        value_name = "PLAYER=DOLLARS",
        allow_hyphen_values = true
    )]
    pub seat_trips: Vec<String>,
    /// The Trips pay table, with --trips or --seat-trips. Default: uth-01.
    #[arg(long = "trips-table", value_name = "ID|PATH|-")]
    pub trips_table: Option<String>,
    /// The Blind pay table.
    #[arg(long, value_name = "ID|PATH|-", default_value = "blind-a")]
    pub blind: String,
    /// The player-dealer's bank: N Antes (of --ante), $N dollars, or
    /// unlimited.
    #[arg(
        long,
        value_name = "N|$N|unlimited",
        default_value = "unlimited",
        allow_hyphen_values = true
    )]
    pub bank: String,
    /// The win cap: on, the player-dealer may not win more than its bank
    /// either (losing wagers are returned once its net win reaches it);
    /// off, only its losses are limited.
    #[arg(long = "win-cap", value_name = "on|off", default_value = "off", value_parser = ["on", "off"])]
    pub win_cap: String,
    /// The collection (fee) table: collection-example (a built-in
    /// illustration) or a TOML file path. Default: no fees.
    #[arg(long, value_name = "ID|PATH")]
    pub fees: Option<String>,
    /// How the players play: optimal (solves the game first), a shipped
    /// strategy by name (wizard, timid, ...) or a strategy file.
    #[arg(long, value_name = "NAME|FILE", default_value = "optimal")]
    pub strategy: String,
    /// Rotations to simulate; a rotation is two rounds banked by each
    /// player in turn.
    #[arg(long, value_name = "R", default_value = "100000", value_parser = parse_rotations)]
    pub rotations: u64,
    /// Seed of the random numbers.
    #[arg(long, value_name = "S", default_value_t = sample::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads (the results do not depend on it). Default: all cores.
    #[arg(long, value_name = "T", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Rounds dealt per hour, for the fees per hour.
    #[arg(long = "rounds-per-hour", value_name = "N", default_value_t = sample::player_dealer::DEFAULT_ROUNDS_PER_HOUR)]
    pub rounds_per_hour: u32,
    /// Skip the exact evaluation of a strategy file (wizard, timid, ...; no exact
    /// figures then).
    #[arg(long = "no-exact")]
    pub no_exact: bool,
    #[command(flatten)]
    pub output: SimulationOutputArgs,
}

/// What a `player-dealer` run deals, parsed once from its flags
/// ([`PlayerDealer::from_args`]): the strategy and the run's
/// configuration, checked whole (fee rates and exact ranges included).
pub struct PlayerDealer {
    strategy: StrategyChoice,
    config: PlayerDealerConfig,
}

/// Runs `player-dealer`.
pub fn run(
    args: PlayerDealerArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let PlayerDealer {
        strategy: name,
        config,
    } = PlayerDealer::from_args(&args, reader)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let trips_edge = config.trips.as_ref().map(|t| trips_house_edge(t, progress));
    let exact_from = |s: &GameSummary| player_dealer::ExactInputs {
        house_edge: s.house_edge.clone(),
        actions: s.action_probabilities.clone(),
        trips_edge: trips_edge.clone(),
    };
    let run = |strategy: &dyn Strategy, exact: Option<&player_dealer::ExactInputs>| {
        player_dealer::run(&config, strategy, exact, progress).map_err(|e| {
            if e.is_input_error() {
                anyhow::Error::from(InputError::PlayerDealer(e))
            } else {
                anyhow::Error::from(e)
            }
        })
    };
    let base = ExactBase {
        deck: config.deck,
        blind: &config.blind,
        wanted: !args.no_exact,
    };
    let report = base.play(&name, progress, |strategy, summary| {
        run(strategy, summary.map(exact_from).as_ref())
    })?;
    let document = report::player_dealer::document(&report, Some(provenance(reader)));
    render_document(
        args.output.format,
        &document,
        out,
        "the player-dealer report",
    )
}
