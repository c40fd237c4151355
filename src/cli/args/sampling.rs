//! The flags of `simulate`, and the readers of the sampling commands'
//! counts (hands, rotations, threads; `player-dealer`'s flags are in its
//! home, `cli/commands/player_dealer/`).

use super::*;

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

/// A count such as `10000000`, `10_000_000`, `10,000,000` or `1e7`.
fn parse_count(text: &str) -> Result<u64, String> {
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
pub(super) fn parse_hands(text: &str) -> Result<u64, String> {
    at_most(
        parse_count(text)?,
        MAX_HANDS,
        "10^12 hands (about 10 hours)",
    )
}

/// `--rotations`: a whole number ([`parse_count`]) of at most
/// [`MAX_ROTATIONS`].
pub(crate) fn parse_rotations(text: &str) -> Result<u64, String> {
    at_most(parse_count(text)?, MAX_ROTATIONS, "10^9 rotations")
}

/// `--threads`: a whole number of at most [`MAX_THREADS`] (zero is refused
/// with the simulation's settings).
pub(crate) fn parse_threads(text: &str) -> Result<usize, String> {
    let n = text
        .parse::<usize>()
        .map_err(|_| format!("'{text}' is not a whole number"))?;
    at_most(n, MAX_THREADS, "1024 threads")
}
