//! The flags of the sampling command `player-dealer`, and the readers of
//! the sampling commands' counts (hands, rotations, threads; `simulate`
//! has its home in `cli/commands/simulate/`).

use super::*;

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
    /// How the players play: optimal (solves the game first), wizard or timid.
    #[arg(long, value_name = "NAME", default_value = "optimal")]
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
    /// Skip the exact evaluation of a wizard or timid player (no exact
    /// figures then).
    #[arg(long = "no-exact")]
    pub no_exact: bool,
    #[command(flatten)]
    pub output: SimulationOutputArgs,
}

/// A count such as `10000000`, `10_000_000`, `10,000,000` or `1e7`.
pub fn parse_count(text: &str) -> Result<u64, String> {
    let bad = || format!("'{text}' is not a whole number (e.g. 10000000, 10_000_000 or 1e7)");
    let plain: String = text.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    if let Some((mantissa, exponent)) = plain.split_once(['e', 'E']) {
        let m: u64 = mantissa.parse().map_err(|_| bad())?;
        let e: u32 = exponent.parse().map_err(|_| bad())?;
        return 10u64
            .checked_pow(e)
            .and_then(|p| p.checked_mul(m))
            .ok_or_else(bad);
    }
    plain.parse().map_err(|_| bad())
}

/// The most hands `simulate` deals: 10^12, about 10 hours at the 28 million
/// hands per second measured on 2 cores (docs/simulation.md, "Limits").
pub const MAX_HANDS: u64 = 1_000_000_000_000;

/// The most rotations `player-dealer` deals: 10^9 (up to 14 billion rounds
/// at seven players; docs/player-dealer.md).
pub const MAX_ROTATIONS: u64 = 1_000_000_000;

/// The most worker threads (`--threads`): 1,024.
pub const MAX_THREADS: usize = 1024;

/// `--hands`: a whole number ([`parse_count`]) of at most [`MAX_HANDS`].
pub fn parse_hands(text: &str) -> Result<u64, String> {
    at_most(
        parse_count(text)?,
        MAX_HANDS,
        "10^12 hands (about 10 hours)",
    )
}

/// `--rotations`: a whole number ([`parse_count`]) of at most
/// [`MAX_ROTATIONS`].
fn parse_rotations(text: &str) -> Result<u64, String> {
    at_most(parse_count(text)?, MAX_ROTATIONS, "10^9 rotations")
}

/// `--threads`: a whole number of at most [`MAX_THREADS`] (zero is refused
/// with the simulation's settings).
pub fn parse_threads(text: &str) -> Result<usize, String> {
    let n = text
        .parse::<usize>()
        .map_err(|_| format!("'{text}' is not a whole number"))?;
    at_most(n, MAX_THREADS, "1024 threads")
}
