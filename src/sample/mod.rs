//! The Monte Carlo engine: deals hands at random, plays them with a
//! [`Strategy`], settles every wager through [`crate::rules::settlement`] and
//! reports estimates with honest error bars.
//!
//! # What a run is
//! A run of `N` hands with seed `S` is a fixed sequence of hands: hand `g`
//! (counting from 0) belongs to chunk `g / CHUNK_HANDS` and every chunk has
//! its own random number generator, a xoshiro256++ whose 256-bit state is
//! `(m(S), m(S ^ G), m(i), m(!i))` for chunk `i`, where `m` is the SplitMix64
//! mixer (a bijection of 64-bit words) and `G` a fixed odd constant. Distinct
//! `(seed, chunk)` pairs therefore start from distinct states, and the hands
//! are the same whatever the number of threads, the machine or `N` (a longer
//! run extends a shorter one). Chunks are shared among threads by rayon and
//! their tallies are integer counts, added in any order with the same result.
//!
//! # A hand
//! Thirteen cards are drawn from the deck by a partial Fisher-Yates shuffle
//! (each draw uniform over the cards left, by Lemire's unbiased
//! multiply-and-reject method): the player's two cards, the dealer's two,
//! the five community cards (flop, turn, river) and four Six Card Bonus
//! cards. The bonus cards are drawn whether or not that wager is on, so the
//! base-game sample does not depend on which side bets are simulated. The
//! strategy sees only the cards the rules show the player (see
//! [`crate::strategy`]). Hands are dealt, decided and settled in batches of
//! 256, the river decisions of a batch asked together
//! ([`Strategy::river_batch`], so that a table-driven strategy overlaps its
//! memory reads); the random numbers are drawn in the same order as hand by
//! hand, so the hands are the same.
//!
//! # Exact bookkeeping
//! A base-game round ends in one of 300 *cells*: Play (0 after a fold, 1 to
//! 4), showdown result, whether the dealer qualifies, and the category of the
//! player's hand, which also settles Trips; a Six Card Bonus hand is one of 14
//! (ten categories, a Super Royal of each suit). The sampler counts hands per
//! cell; the money of each cell comes from [`settle_base`], [`settle_trips`]
//! and [`settle_six_card`], converted once to integers over a common
//! denominator. Sums and sums of squares of the net results are therefore
//! exact integers, and so are the hit frequencies and the action counts.
//! Floating point enters only in the final means, standard errors and
//! confidence intervals (normal approximation, 95%: ±1.959964 standard
//! errors; for a frequency, the Wilson score interval, which stays honest
//! for an outcome seen a few times or never, see [`Estimate::proportion`]).
//!
//! # Range
//! Each hand's result of a wager is an integer over the common denominator
//! of that wager's amounts, and the hands times the largest of them must
//! stay below 2^127; for sessions, every wager's result in Antes is a 64-bit
//! integer over one denominator. [`validate`] computes these integers from
//! the pay tables and amounts before any hand is dealt and refuses, with
//! [`SimulationError::OutOfRange`], a configuration beyond these limits;
//! within them every count and sum is exact (the bounds are stated where the
//! sums are kept), and a second moment too large for 128 bits is computed
//! in floating point from the exact counts instead.
//!
//! # Sessions
//! With [`SessionConfig`], consecutive blocks of `K` hands (hands `0..K`,
//! `K..2K`, ...) are sessions; a trailing incomplete block is left out. A
//! session's result is the net of every wager over its hands, in Antes (the
//! Trips wager is one Ante; the Six Card Bonus, in dollars, is divided by
//! [`SessionConfig::ante_dollars`]). Sessions may straddle chunks: each chunk
//! hands its partial sessions (sum and lowest running total) to a final
//! in-order pass, so session results too are independent of the threads.
//! Results go to an HdrHistogram after a shift by `K` times the largest loss
//! a hand can have, so every recorded value is non-negative; the histogram
//! keeps 5 significant decimal digits, which makes it exact (one bucket per
//! integer unit) for shifted values below 2^18 units and otherwise within a
//! relative 10^-5; the report states the widest bucket used.
//! The chance of finishing ahead and of losing more than `X`, and the chance
//! that the running total (after each complete hand) reaches `-B`, are
//! counted exactly, not read from the histogram.
//!
//! # Layout
//! [`config`](SimulationConfig) (what to simulate, validation), `cells`
//! (a round's cell and its money), `rng` (the random stream), `engine`
//! (chunks of hands, threads), `sessions` (blocks of hands), `estimates`
//! (the report's figures). The report is written by
//! [`crate::report::simulation`]. [`player_dealer`] simulates the California
//! player-dealer game (a table of seats against one player's bank) with the
//! same random stream and settlement code.

mod cells;
mod checks;
mod config;
pub mod dead_cards;
pub mod dead_classes;
mod engine;
mod estimates;
mod figures;
pub mod meter;
pub mod player_dealer;
mod rng;
mod sessions;

pub use checks::validate;
pub use config::{
    parse_number, parse_wager, SessionConfig, SimulationConfig, SimulationError, SixCardBet,
};
pub use engine::{simulate, Sample, PROGRESS_LABEL};
pub(crate) use figures::{ser_fraction, ser_opt_fraction};
pub use figures::{
    t975, Estimate, ExactBaseGame, ExactValues, Frequency, Percentile, SessionReport,
    SimulationReport, Threshold, WagerEstimate,
};

use crate::evaluator::HandCategory;

/// Hands per chunk; chunk `i` holds hands `i * CHUNK_HANDS ..`.
pub const CHUNK_HANDS: u64 = 1 << 16;
/// The seed used when none is given.
pub const DEFAULT_SEED: u64 = 1;
/// Two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Cards drawn per hand: player 2, dealer 2, community 5, Six Card Bonus 4.
const CARDS_PER_HAND: usize = 13;
/// Hands dealt and decided together (see `engine::run_chunk`).
const BATCH: usize = 256;
/// Showdown results, indexed by `cells::versus_index`.
const RESULTS: usize = 3;
/// Base-game cells: Play 0..=4 × result × dealer qualifies × category.
const BASE_CELLS: usize = 5 * RESULTS * 2 * HandCategory::COUNT;
/// Six Card Bonus cells: ten categories, then a Super Royal of each suit.
const SIX_CELLS: usize = HandCategory::COUNT + 4;
/// Significant decimal digits kept by the session histogram.
const HISTOGRAM_DIGITS: u8 = 5;
