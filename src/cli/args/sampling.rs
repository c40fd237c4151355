//! The readers of the sampling commands' counts (hands, rotations,
//! threads), shared by `simulate`, `player-dealer` and `progressive
//! --simulate` (each has its home in `cli/commands/`).

use super::*;

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
pub fn parse_rotations(text: &str) -> Result<u64, String> {
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
