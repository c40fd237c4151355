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
//! errors).
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

use crate::cards::{Card, CardSet};
use crate::evaluator::{tables, HandCategory, PartialHand};
use crate::exact::game::{Action, GameSummary};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::{PayTable, PayingHand, WagerKind};
use crate::rules::settlement::{settle_base, settle_six_card, settle_trips, BaseRound, Versus};
use crate::strategy::{FlopChoice, PreflopChoice, RiverChoice, RiverQuery, Strategy};
use hdrhistogram::Histogram;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, Write};

/// Hands per chunk; chunk `i` holds hands `i * CHUNK_HANDS ..`.
pub const CHUNK_HANDS: u64 = 1 << 16;
/// The seed used when none is given.
pub const DEFAULT_SEED: u64 = 1;
/// Two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Cards drawn per hand: player 2, dealer 2, community 5, Six Card Bonus 4.
const CARDS_PER_HAND: usize = 13;
/// Hands dealt and decided together (see `run_chunk`).
const BATCH: usize = 256;
const CATEGORIES: usize = HandCategory::COUNT;
/// Showdown results, indexed by [`versus_index`].
const RESULTS: usize = 3;
/// Base-game cells: Play 0..=4 × result × dealer qualifies × category.
const BASE_CELLS: usize = 5 * RESULTS * 2 * CATEGORIES;
/// Six Card Bonus cells: ten categories, then a Super Royal of each suit.
const SIX_CELLS: usize = CATEGORIES + 4;
/// Significant decimal digits kept by the session histogram.
const HISTOGRAM_DIGITS: u8 = 5;
/// SplitMix64 increment ("golden gamma"), also the seed-word separator.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

// ---------------------------------------------------------------------------
// Configuration.

/// The Six Card Bonus wager of a simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct SixCardBet {
    pub table: PayTable,
    /// The amount wagered, in dollars (fixed awards such as a Super Royal's
    /// are in dollars whatever the wager).
    pub wager: Fraction,
}

/// Session statistics: blocks of consecutive hands.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionConfig {
    /// Hands per session (`K`).
    pub hands: u64,
    /// Starting bankroll `B` in Antes: report the chance that the running
    /// total reaches `-B` within a session.
    pub bankroll: Option<Fraction>,
    /// Amounts `X` (Antes) for which to report P(session loses more than X).
    pub loss_thresholds: Vec<Fraction>,
    /// Dollars per Ante, to count a Six Card Bonus (in dollars) in Antes.
    pub ante_dollars: Fraction,
}

impl SessionConfig {
    /// Sessions of `hands` hands, no bankroll, losses of 10, 25, 50, 100 and
    /// 250 Antes, $1 Antes.
    pub fn new(hands: u64) -> SessionConfig {
        SessionConfig {
            hands,
            bankroll: None,
            loss_thresholds: [10, 25, 50, 100, 250]
                .into_iter()
                .map(Fraction::from_int)
                .collect(),
            ante_dollars: Fraction::ONE,
        }
    }
}

/// Everything a simulation needs besides the strategy.
#[derive(Clone, Debug)]
pub struct SimulationConfig {
    /// Number of hands (at least 1).
    pub hands: u64,
    pub seed: u64,
    /// The Blind pay table (the base game is always played).
    pub blind: PayTable,
    pub trips: Option<PayTable>,
    pub six_card: Option<SixCardBet>,
    pub session: Option<SessionConfig>,
    /// Worker threads; `None` uses rayon's global pool. Results do not
    /// depend on it.
    pub threads: Option<usize>,
    /// The cards dealt from (the full deck; a smaller deck closed under suit
    /// renaming, with at least 13 cards, for tests against a reduced-deck
    /// solution).
    pub deck: CardSet,
}

impl SimulationConfig {
    /// `hands` hands of the base game under `blind`, default seed, full
    /// deck, no side bets, no sessions.
    pub fn new(hands: u64, blind: PayTable) -> SimulationConfig {
        SimulationConfig {
            hands,
            seed: DEFAULT_SEED,
            blind,
            trips: None,
            six_card: None,
            session: None,
            threads: None,
            deck: CardSet::FULL_DECK,
        }
    }
}

/// A simulation that cannot be run as asked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SimulationError {
    #[error("the number of hands must be at least 1")]
    ZeroHands,
    #[error("--threads must be at least 1")]
    ZeroThreads,
    #[error("--session-hands must be at least 1")]
    ZeroSessionHands,
    #[error("--session-hands {session} is more than the {hands} hands simulated")]
    SessionLongerThanRun { session: u64, hands: u64 },
    #[error("--bankroll must be more than 0 Antes, got {0}")]
    NonPositiveBankroll(Fraction),
    #[error("a session loss threshold must not be negative, got {0}")]
    NegativeLossThreshold(Fraction),
    #[error("the dollar value of an Ante must be more than 0, got {0}")]
    NonPositiveAnte(Fraction),
    #[error("the Six Card Bonus wager must be more than $0, got {0}")]
    NonPositiveWager(Fraction),
    #[error("pay table '{id}' is not a {expected} table")]
    WrongTable { id: String, expected: &'static str },
    #[error("the deck must hold at least {CARDS_PER_HAND} cards, got {0}")]
    DeckTooSmall(usize),
    #[error("sessions of {0} hands are too long to record")]
    SessionTooLong(u64),
    #[error("--{flag} {text}: not a number (expected e.g. 50 or 12.5)")]
    NotANumber { flag: &'static str, text: String },
    #[error("could not start the worker threads: {0}")]
    ThreadPool(String),
}

impl SimulationError {
    /// Whether the error is in the user's input (rather than the system's).
    pub fn is_input_error(&self) -> bool {
        !matches!(self, SimulationError::ThreadPool(_))
    }
}

/// Reads a decimal number such as `50`, `12.5` or `-3` exactly (the sign is
/// kept so that the caller can say what is wrong with a negative amount);
/// `flag` names the option in the error.
pub fn parse_number(flag: &'static str, text: &str) -> Result<Fraction, SimulationError> {
    let error = || SimulationError::NotANumber {
        flag,
        text: text.to_string(),
    };
    let body = text.trim();
    let (negative, body) = match body.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, body.strip_prefix('+').unwrap_or(body)),
    };
    let (whole, decimals) = body.split_once('.').unwrap_or((body, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && decimals.is_empty())
        || !digits(whole)
        || !digits(decimals)
        || whole.len() > 15
        || decimals.len() > 9
    {
        return Err(error());
    }
    let whole: i128 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| error())?
    };
    let scale = 10i128.pow(decimals.len() as u32);
    let part: i128 = if decimals.is_empty() {
        0
    } else {
        decimals.parse().map_err(|_| error())?
    };
    let value = Fraction::new(whole * scale + part, scale);
    Ok(if negative { -value } else { value })
}

/// Checks a configuration without running it (the command line does this
/// before any long computation).
pub fn validate(config: &SimulationConfig) -> Result<(), SimulationError> {
    if config.hands == 0 {
        return Err(SimulationError::ZeroHands);
    }
    if config.threads == Some(0) {
        return Err(SimulationError::ZeroThreads);
    }
    if config.deck.len() < CARDS_PER_HAND {
        return Err(SimulationError::DeckTooSmall(config.deck.len()));
    }
    let expect = |table: &PayTable, kind: WagerKind, name: &'static str| {
        if table.wager == kind {
            Ok(())
        } else {
            Err(SimulationError::WrongTable {
                id: table.id.clone(),
                expected: name,
            })
        }
    };
    expect(&config.blind, WagerKind::Blind, "Blind")?;
    if let Some(trips) = &config.trips {
        expect(trips, WagerKind::Trips, "Trips")?;
    }
    if let Some(six) = &config.six_card {
        expect(&six.table, WagerKind::SixCardBonus, "Six Card Bonus")?;
        if !six.wager.is_positive() {
            return Err(SimulationError::NonPositiveWager(six.wager.clone()));
        }
    }
    if let Some(session) = &config.session {
        if session.hands == 0 {
            return Err(SimulationError::ZeroSessionHands);
        }
        if session.hands > config.hands {
            return Err(SimulationError::SessionLongerThanRun {
                session: session.hands,
                hands: config.hands,
            });
        }
        if let Some(b) = session.bankroll.clone() {
            if !b.is_positive() {
                return Err(SimulationError::NonPositiveBankroll(b));
            }
        }
        if let Some(x) = session
            .loss_thresholds
            .iter()
            .find(|x| **x < Fraction::ZERO)
        {
            return Err(SimulationError::NegativeLossThreshold(x.clone()));
        }
        if !session.ante_dollars.is_positive() {
            return Err(SimulationError::NonPositiveAnte(
                session.ante_dollars.clone(),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Cells and their money.

/// Index of a showdown result.
#[inline]
fn versus_index(v: Versus) -> usize {
    match v {
        Versus::PlayerHigher => 0,
        Versus::Tie => 1,
        Versus::DealerHigher => 2,
    }
}

const VERSUS_ALL: [Versus; RESULTS] = [Versus::PlayerHigher, Versus::Tie, Versus::DealerHigher];

/// The cell of a round. After a fold the showdown is not looked at and the
/// cell is `(0, Tie, not qualified, category)`.
#[inline]
fn base_cell(play: usize, versus: usize, qualifies: bool, category: usize) -> usize {
    ((play * RESULTS + versus) * 2 + usize::from(qualifies)) * CATEGORIES + category
}

fn base_round(cell: usize) -> BaseRound {
    let category = cell % CATEGORIES;
    let qualifies = (cell / CATEGORIES) % 2 == 1;
    let versus = (cell / CATEGORIES / 2) % RESULTS;
    let play = cell / CATEGORIES / 2 / RESULTS;
    BaseRound {
        play: play as u8,
        player: HandCategory::ALL[category],
        versus: VERSUS_ALL[versus],
        dealer_qualifies: qualifies,
    }
}

/// Whether a cell can occur (fold cells use one placeholder showdown).
fn cell_occurs(cell: usize) -> bool {
    let r = base_round(cell);
    r.play > 0 || (r.versus == Versus::Tie && !r.dealer_qualifies)
}

/// The hand a Six Card Bonus cell is settled as: the category of the best
/// five cards, or the Super Royal of suit `cell - 10` ([`settle_six_card`]
/// decides which line, if any, pays it).
fn six_card_hand(cell: usize) -> PayingHand {
    if cell < CATEGORIES {
        PayingHand::Category(HandCategory::ALL[cell])
    } else {
        PayingHand::SuperRoyalOf(cell - CATEGORIES)
    }
}

/// The cards of the Super Royal of each suit: A-K-Q-J-10-9.
fn super_royal_masks() -> [u64; 4] {
    std::array::from_fn(|suit| crate::exact::side_bets::super_royal_cards(suit).0)
}

/// Settlement results of every cell, from [`crate::rules::settlement`], as exact
/// fractions and as integers over one denominator per wager.
struct Money {
    base: Vec<Fraction>,
    blind: Vec<Fraction>,
    trips: Option<Vec<Fraction>>,
    six: Option<Vec<Fraction>>,
    /// Per-hand totals in session units (`1 / session_scale` Ante).
    session_scale: i128,
    session_base: Vec<i64>,
    session_trips: Vec<i64>,
    session_six: Vec<i64>,
}

fn lcm(a: i128, b: i128) -> i128 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// The common denominator of `values`.
fn scale_of(values: &[Fraction]) -> i128 {
    values.iter().fold(1, |s, v| {
        let d = i128::try_from(v.denominator()).expect("settlement amount fits in 64 bits");
        lcm(s, d)
    })
}

/// `values` as integers over `scale`.
fn integers(values: &[Fraction], scale: i128) -> Vec<i64> {
    values
        .iter()
        .map(|v| {
            let n = v * Fraction::from_int(scale);
            debug_assert!(n.is_integer());
            i64::try_from(n.numerator()).expect("settlement amount fits in 64 bits")
        })
        .collect()
}

impl Money {
    fn new(config: &SimulationConfig) -> Money {
        let rounds: Vec<_> = (0..BASE_CELLS)
            .map(|c| settle_base(&config.blind, base_round(c)))
            .collect();
        let base: Vec<Fraction> = rounds.iter().map(|n| n.clone().total()).collect();
        let blind: Vec<Fraction> = rounds.iter().map(|n| n.blind.clone()).collect();
        let trips = config.trips.as_ref().map(|t| {
            HandCategory::ALL
                .iter()
                .map(|&c| settle_trips(t, c))
                .collect::<Vec<_>>()
        });
        let six = config.six_card.as_ref().map(|s| {
            (0..SIX_CELLS)
                .map(|c| settle_six_card(&s.table, six_card_hand(c), s.wager.clone()))
                .collect::<Vec<_>>()
        });
        // Session units: everything in Antes.
        let ante_dollars = config
            .session
            .as_ref()
            .map_or(Fraction::ONE, |s| s.ante_dollars.clone());
        let trips_antes = trips
            .clone()
            .unwrap_or_else(|| vec![Fraction::ZERO; CATEGORIES]);
        let six_antes: Vec<Fraction> = six.as_ref().map_or(vec![Fraction::ZERO; SIX_CELLS], |v| {
            v.iter().map(|d| d / &ante_dollars).collect()
        });
        let session_scale = lcm(
            scale_of(&base),
            lcm(scale_of(&trips_antes), scale_of(&six_antes)),
        );
        Money {
            session_base: integers(&base, session_scale),
            session_trips: integers(&trips_antes, session_scale),
            session_six: integers(&six_antes, session_scale),
            session_scale,
            base,
            blind,
            trips,
            six,
        }
    }

    /// The largest loss and largest win of one hand, in session units.
    fn hand_extremes(&self) -> (i64, i64) {
        let occurring: Vec<i64> = (0..BASE_CELLS)
            .filter(|&c| cell_occurs(c))
            .map(|c| self.session_base[c] + self.session_trips[c % CATEGORIES])
            .collect();
        let six_min = *self.session_six.iter().min().unwrap_or(&0);
        let six_max = *self.session_six.iter().max().unwrap_or(&0);
        let lo = occurring.iter().min().copied().unwrap_or(0) + six_min;
        let hi = occurring.iter().max().copied().unwrap_or(0) + six_max;
        (-lo.min(0), hi.max(0))
    }
}

// ---------------------------------------------------------------------------
// Random numbers.

/// The SplitMix64 output function of `x` (a bijection of 64-bit words).
#[inline]
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of chunk `chunk` of a run with seed `seed`.
pub fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let words = [
        splitmix64(seed),
        splitmix64(seed ^ GOLDEN_GAMMA),
        splitmix64(chunk),
        splitmix64(!chunk),
    ];
    let mut bytes = [0u8; 32];
    for (i, w) in words.iter().enumerate() {
        bytes[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

/// A uniform integer in `0..n` (`n > 0`), unbiased (Lemire 2019).
#[inline]
fn below(rng: &mut Xoshiro256PlusPlus, n: u64) -> u64 {
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

// ---------------------------------------------------------------------------
// Tallies.

/// A run of consecutive hands of one session: its net and the lowest
/// running total (counting the empty start, 0).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Segment {
    hands: u64,
    sum: i64,
    low: i64,
}

impl Segment {
    #[inline]
    fn push(&mut self, value: i64) {
        self.hands += 1;
        self.sum += value;
        self.low = self.low.min(self.sum);
    }

    /// This segment followed by `next`.
    fn then(self, next: Segment) -> Segment {
        Segment {
            hands: self.hands + next.hands,
            sum: self.sum + next.sum,
            low: self.low.min(self.sum + next.low),
        }
    }
}

/// The part of a session that lies in one chunk, when the session does not
/// lie in a single chunk.
#[derive(Clone, Copy, Debug)]
struct Piece {
    session: u64,
    chunk: u64,
    segment: Segment,
}

/// Session thresholds in session units.
#[derive(Clone, Debug)]
struct SessionRules {
    hands: u64,
    /// Recorded value = result + shift.
    shift: i64,
    /// Loss more than X  <=>  result < -X  <=>  result <= loss_at[i].
    loss_at: Vec<i64>,
    /// Ruin  <=>  lowest running total <= ruin_at.
    ruin_at: Option<i64>,
}

/// Counts over complete sessions.
#[derive(Clone, Debug)]
struct SessionTally {
    histogram: Histogram<u64>,
    count: u64,
    sum: i128,
    sum_squares: i128,
    ahead: u64,
    even: u64,
    losses: Vec<u64>,
    ruined: u64,
    pieces: Vec<Piece>,
}

impl SessionTally {
    fn new(rules: &SessionRules) -> SessionTally {
        SessionTally {
            histogram: Histogram::new(HISTOGRAM_DIGITS).expect("valid histogram precision"),
            count: 0,
            sum: 0,
            sum_squares: 0,
            ahead: 0,
            even: 0,
            losses: vec![0; rules.loss_at.len()],
            ruined: 0,
            pieces: Vec::new(),
        }
    }

    fn record(&mut self, rules: &SessionRules, s: Segment) {
        let value = u64::try_from(s.sum + rules.shift).expect("shifted session result >= 0");
        self.histogram
            .record(value)
            .expect("auto-resizing histogram records any value");
        self.count += 1;
        self.sum += i128::from(s.sum);
        self.sum_squares += i128::from(s.sum) * i128::from(s.sum);
        self.ahead += u64::from(s.sum > 0);
        self.even += u64::from(s.sum == 0);
        for (n, &at) in self.losses.iter_mut().zip(&rules.loss_at) {
            *n += u64::from(s.sum <= at);
        }
        if let Some(at) = rules.ruin_at {
            self.ruined += u64::from(s.low <= at);
        }
    }

    fn merge(&mut self, other: SessionTally) {
        self.histogram
            .add(&other.histogram)
            .expect("auto-resizing histograms add");
        self.count += other.count;
        self.sum += other.sum;
        self.sum_squares += other.sum_squares;
        self.ahead += other.ahead;
        self.even += other.even;
        for (a, b) in self.losses.iter_mut().zip(other.losses) {
            *a += b;
        }
        self.ruined += other.ruined;
        self.pieces.extend(other.pieces);
    }
}

/// Everything counted over a set of chunks.
#[derive(Clone, Debug)]
struct Tally {
    base: [u64; BASE_CELLS],
    six: [u64; SIX_CELLS],
    sessions: Option<SessionTally>,
}

impl Tally {
    fn new(rules: Option<&SessionRules>) -> Tally {
        Tally {
            base: [0; BASE_CELLS],
            six: [0; SIX_CELLS],
            sessions: rules.map(SessionTally::new),
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        for (a, b) in self.base.iter_mut().zip(other.base) {
            *a += b;
        }
        for (a, b) in self.six.iter_mut().zip(other.six) {
            *a += b;
        }
        if let (Some(a), Some(b)) = (self.sessions.as_mut(), other.sessions) {
            a.merge(b);
        }
        self
    }
}

/// What the hot loop reads.
struct Context<'a, S: ?Sized> {
    strategy: &'a S,
    hands: u64,
    seed: u64,
    deck: Vec<Card>,
    six_card: bool,
    super_royals: [u64; 4],
    session: Option<&'a SessionRules>,
    session_base: &'a [i64],
    session_trips: &'a [i64],
    session_six: &'a [i64],
}

/// Plays the hands of chunk `chunk` into `tally`.
fn run_chunk<S: Strategy + ?Sized>(ctx: &Context<'_, S>, chunk: u64, tally: &mut Tally) {
    let evaluator = tables();
    let first = chunk * CHUNK_HANDS;
    let last = (first + CHUNK_HANDS).min(ctx.hands);
    let mut rng = chunk_rng(ctx.seed, chunk);
    // Any order of the deck will do: each draw is uniform over the cards
    // not yet drawn in this hand.
    let mut deck = ctx.deck.clone();
    let n = deck.len() as u64;
    // Session bookkeeping: the segment of the current session in this chunk.
    let k = ctx.session.map_or(u64::MAX, |r| r.hands);
    let mut segment = Segment::default();
    let mut session = first / k;
    let mut whole = first.is_multiple_of(k);
    let mut to_session_end = k - first % k;
    // Hands go in batches: dealt, then the preflop and flop decisions, then
    // the river decisions of the batch together (see
    // `Strategy::river_batch`), then settled in order.
    let mut cards = [[Card::from_index(0); CARDS_PER_HAND]; BATCH];
    let mut plays = [0usize; BATCH];
    let mut queries: [RiverQuery; BATCH] =
        [([Card::from_index(0); 2], [Card::from_index(0); 5]); BATCH];
    let mut asking = [0usize; BATCH];
    let mut choices = [RiverChoice::Fold; BATCH];
    let mut start = first;
    while start < last {
        let batch = (last - start).min(BATCH as u64) as usize;
        start += batch as u64;
        for hand in cards.iter_mut().take(batch) {
            for i in 0..CARDS_PER_HAND {
                let j = i + below(&mut rng, n - i as u64) as usize;
                deck.swap(i, j);
            }
            hand.copy_from_slice(&deck[..CARDS_PER_HAND]);
        }
        let mut asked = 0;
        for (j, hand) in cards.iter().take(batch).enumerate() {
            let hole = [hand[0], hand[1]];
            plays[j] = match ctx.strategy.preflop(hole) {
                PreflopChoice::Raise4x => 4,
                PreflopChoice::Raise3x => 3,
                PreflopChoice::Check => {
                    match ctx.strategy.flop(hole, [hand[4], hand[5], hand[6]]) {
                        FlopChoice::Raise2x => 2,
                        FlopChoice::Check => {
                            queries[asked] = (hole, [hand[4], hand[5], hand[6], hand[7], hand[8]]);
                            asking[asked] = j;
                            asked += 1;
                            0
                        }
                    }
                }
            };
        }
        ctx.strategy
            .river_batch(&queries[..asked], &mut choices[..asked]);
        for (&j, &choice) in asking.iter().zip(&choices).take(asked) {
            plays[j] = usize::from(choice == RiverChoice::Raise1x);
        }
        for (hand, &play) in cards.iter().zip(&plays).take(batch) {
            let hole = [hand[0], hand[1]];
            let board = [hand[4], hand[5], hand[6], hand[7], hand[8]];
            let community = board.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c));
            let player = evaluator.rank(community.add(hole[0]).add(hole[1]));
            let category = player.category().index();
            let cell = if play == 0 {
                base_cell(0, versus_index(Versus::Tie), false, category)
            } else {
                let dealer = evaluator.rank(community.add(hand[2]).add(hand[3]));
                let versus = match player.cmp(&dealer) {
                    std::cmp::Ordering::Greater => Versus::PlayerHigher,
                    std::cmp::Ordering::Equal => Versus::Tie,
                    std::cmp::Ordering::Less => Versus::DealerHigher,
                };
                let qualifies = dealer.category() >= HandCategory::Pair;
                base_cell(play, versus_index(versus), qualifies, category)
            };
            tally.base[cell] += 1;
            let mut six_cell = 0;
            if ctx.six_card {
                let six = [hole[0], hole[1], hand[9], hand[10], hand[11], hand[12]];
                let hand = six.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c));
                let six_category = evaluator.rank(hand).category();
                six_cell = six_category.index();
                if six_category == HandCategory::RoyalFlush {
                    let mask = six.iter().fold(0u64, |m, c| m | c.mask());
                    if let Some(suit) = ctx.super_royals.iter().position(|&s| s == mask) {
                        six_cell = CATEGORIES + suit;
                    }
                }
                tally.six[six_cell] += 1;
            }
            if let (Some(rules), Some(sessions)) = (ctx.session, tally.sessions.as_mut()) {
                segment.push(
                    ctx.session_base[cell]
                        + ctx.session_trips[category]
                        + ctx.session_six[six_cell],
                );
                to_session_end -= 1;
                if to_session_end == 0 {
                    if whole {
                        sessions.record(rules, segment);
                    } else {
                        sessions.pieces.push(Piece {
                            session,
                            chunk,
                            segment,
                        });
                    }
                    segment = Segment::default();
                    session += 1;
                    whole = true;
                    to_session_end = k;
                }
            }
        }
    }
    if let Some(sessions) = tally.sessions.as_mut() {
        if segment.hands > 0 {
            sessions.pieces.push(Piece {
                session,
                chunk,
                segment,
            });
        }
    }
}

// ---------------------------------------------------------------------------
// Running.

/// The raw result of a simulation: exact counts, from which
/// [`Sample::report`] derives the estimates.
#[derive(Clone, Debug)]
pub struct Sample {
    pub strategy: String,
    pub hands: u64,
    pub seed: u64,
    pub deck_size: usize,
    /// Hands per base-game cell (see the module documentation).
    base: [u64; BASE_CELLS],
    six: [u64; SIX_CELLS],
    blind: PayTable,
    trips: Option<PayTable>,
    six_card: Option<SixCardBet>,
    session: Option<(SessionConfig, SessionRules, SessionTally)>,
}

/// `ceil(f)` of a fraction.
/// (Beyond the range of i64, saturated just outside it.)
fn ceil(f: Fraction) -> i128 {
    let (n, d) = (f.numerator(), f.denominator());
    saturated(num_integer::Integer::div_ceil(&n, &d))
}

/// `floor(f)` of a fraction (beyond the range of i64, saturated just
/// outside it).
fn floor(f: Fraction) -> i128 {
    let (n, d) = (f.numerator(), f.denominator());
    saturated(num_integer::Integer::div_floor(&n, &d))
}

/// `n` as an i128, or just outside the range of i64 when beyond it.
fn saturated(n: num_bigint::BigInt) -> i128 {
    let low = i128::from(i64::MIN) - 1;
    let high = i128::from(i64::MAX) + 1;
    num_traits::ToPrimitive::to_i128(&n).map_or(
        if num_traits::Signed::is_negative(&n) {
            low
        } else {
            high
        },
        |v| v.clamp(low, high),
    )
}

fn session_rules(session: &SessionConfig, money: &Money) -> Result<SessionRules, SimulationError> {
    let scale = Fraction::from_int(money.session_scale);
    let (worst_loss, best_win) = money.hand_extremes();
    let too_long = || SimulationError::SessionTooLong(session.hands);
    let k = i64::try_from(session.hands).map_err(|_| too_long())?;
    let shift = k.checked_mul(worst_loss).ok_or_else(too_long)?;
    // The largest shifted value must fit the histogram (below 2^62).
    let span = k
        .checked_mul(best_win)
        .and_then(|w| w.checked_add(shift))
        .ok_or_else(too_long)?;
    if span >= 1 << 62 {
        return Err(too_long());
    }
    let to_i64 = |v: i128| i64::try_from(v).unwrap_or(if v < 0 { i64::MIN } else { i64::MAX });
    Ok(SessionRules {
        hands: session.hands,
        shift,
        // result < -X·scale  <=>  result <= ceil(-X·scale) - 1
        loss_at: session
            .loss_thresholds
            .iter()
            .map(|x| to_i64(ceil(-x * &scale) - 1))
            .collect(),
        // low <= -B·scale  <=>  low <= floor(-B·scale)
        ruin_at: session.bankroll.clone().map(|b| to_i64(floor(-b * scale))),
    })
}

/// The label under which a simulation reports its progress, in hands.
pub const PROGRESS_LABEL: &str = "simulating hands";

/// Runs the simulation: `config.hands` hands played with `strategy`,
/// reporting the hands done to `progress` (label [`PROGRESS_LABEL`]).
pub fn simulate<S: Strategy + ?Sized>(
    config: &SimulationConfig,
    strategy: &S,
    progress: &dyn Progress,
) -> Result<Sample, SimulationError> {
    validate(config)?;
    match config.threads {
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| SimulationError::ThreadPool(e.to_string()))?
            .install(|| simulate_here(config, strategy, progress)),
        None => simulate_here(config, strategy, progress),
    }
}

fn simulate_here<S: Strategy + ?Sized>(
    config: &SimulationConfig,
    strategy: &S,
    progress: &dyn Progress,
) -> Result<Sample, SimulationError> {
    let money = Money::new(config);
    let rules = config
        .session
        .as_ref()
        .map(|s| session_rules(s, &money))
        .transpose()?;
    let ctx = Context {
        strategy,
        hands: config.hands,
        seed: config.seed,
        deck: config.deck.to_vec(),
        six_card: config.six_card.is_some(),
        super_royals: super_royal_masks(),
        session: rules.as_ref(),
        session_base: &money.session_base,
        session_trips: &money.session_trips,
        session_six: &money.session_six,
    };
    let chunks = config.hands.div_ceil(CHUNK_HANDS);
    progress.begin(PROGRESS_LABEL, config.hands);
    let tally = (0..chunks)
        .into_par_iter()
        .fold(
            || Tally::new(rules.as_ref()),
            |mut tally, chunk| {
                run_chunk(&ctx, chunk, &mut tally);
                progress.advance(CHUNK_HANDS.min(config.hands - chunk * CHUNK_HANDS));
                tally
            },
        )
        .reduce_with(Tally::merge)
        .expect("at least one chunk");
    progress.finish();
    let session = match (config.session.clone(), rules, tally.sessions) {
        (Some(config_s), Some(rules), Some(mut sessions)) => {
            // Join the pieces of sessions that straddle chunks, in order.
            let mut pieces = std::mem::take(&mut sessions.pieces);
            pieces.sort_by_key(|p| (p.session, p.chunk));
            let complete = config.hands / rules.hands;
            let mut i = 0;
            while i < pieces.len() {
                let mut segment = Segment::default();
                let s = pieces[i].session;
                while i < pieces.len() && pieces[i].session == s {
                    segment = segment.then(pieces[i].segment);
                    i += 1;
                }
                if s < complete {
                    debug_assert_eq!(segment.hands, rules.hands);
                    sessions.record(&rules, segment);
                }
            }
            Some((config_s, rules, sessions))
        }
        _ => None,
    };
    Ok(Sample {
        strategy: strategy.name().to_string(),
        hands: config.hands,
        seed: config.seed,
        deck_size: config.deck.len(),
        base: tally.base,
        six: tally.six,
        blind: config.blind.clone(),
        trips: config.trips.clone(),
        six_card: config.six_card.clone(),
        session,
    })
}

// ---------------------------------------------------------------------------
// Exact values to compare with.

/// Exact figures of the base game under one strategy, to check the sample.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactBaseGame {
    /// Expected loss per Ante.
    pub house_edge: Fraction,
    /// Expected loss per unit of Ante + Blind + Play.
    pub element_of_risk: Fraction,
    /// Probability of each final action, indexed by [`Action::play`].
    pub actions: [Fraction; 5],
}

impl ExactBaseGame {
    /// The exact figures of a solved game (the optimal strategy), from
    /// [`crate::exact::game::Solution::summary`].
    pub fn from_summary(summary: &GameSummary) -> ExactBaseGame {
        ExactBaseGame {
            house_edge: summary.house_edge.clone(),
            element_of_risk: summary.element_of_risk.clone(),
            actions: summary.action_probabilities.clone(),
        }
    }
}

/// Exact values, where known, to report beside the estimates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExactValues {
    pub base_game: Option<ExactBaseGame>,
    /// Trips house edge (expected loss per unit wagered).
    pub trips: Option<Fraction>,
    /// Six Card Bonus house edge (expected loss per dollar wagered, at the
    /// simulated wager).
    pub six_card: Option<Fraction>,
}

// ---------------------------------------------------------------------------
// Reports.

/// A sample mean with its standard error and 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub mean: f64,
    pub std_error: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
}

impl Estimate {
    pub fn new(mean: f64, std_error: f64) -> Estimate {
        Estimate {
            mean,
            std_error,
            ci95_low: mean - Z95 * std_error,
            ci95_high: mean + Z95 * std_error,
        }
    }

    /// A proportion `count / n` with its binomial standard error.
    pub fn proportion(count: u64, n: u64) -> Estimate {
        let p = count as f64 / n as f64;
        Estimate::new(p, (p * (1.0 - p) / n as f64).sqrt())
    }

    /// Whether `x` lies in the 95% confidence interval.
    pub fn covers(&self, x: f64) -> bool {
        self.ci95_low <= x && x <= self.ci95_high
    }

    /// Distance of `x` from the mean in standard errors.
    pub fn z(&self, x: f64) -> f64 {
        (x - self.mean) / self.std_error
    }
}

/// How often a hand or outcome occurred.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Frequency {
    /// `royal_flush`, `super_royal_diamonds`, `blind_flush`, `player_wins`...
    pub name: String,
    pub count: u64,
    pub frequency: Estimate,
    /// The exact probability, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub exact: Option<Fraction>,
}

/// The estimate of one wager.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WagerEstimate {
    /// `base_game`, `trips` or `six_card_bonus`.
    pub wager: &'static str,
    pub paytable: String,
    pub title: String,
    /// The amount wagered in dollars (Six Card Bonus only).
    #[serde(serialize_with = "ser_opt_fraction")]
    pub wager_amount: Option<Fraction>,
    pub hands: u64,
    /// Net result summed over the sample, exact (Antes; dollars for the Six
    /// Card Bonus).
    #[serde(serialize_with = "ser_fraction")]
    pub net_total: Fraction,
    /// Standard deviation of one hand's net result.
    pub std_dev: f64,
    /// Mean net result per hand (Antes; dollars for the Six Card Bonus).
    pub net_per_hand: Estimate,
    /// Expected loss per initial wager: per Ante for the base game, per unit
    /// for Trips, per dollar for the Six Card Bonus.
    pub house_edge: Estimate,
    /// Expected loss per unit of the total amount wagered (for the base
    /// game, Ante + Blind + Play: a ratio estimate, delta-method standard
    /// error).
    pub element_of_risk: Estimate,
    #[serde(serialize_with = "ser_opt_fraction")]
    pub exact_house_edge: Option<Fraction>,
    #[serde(serialize_with = "ser_opt_fraction")]
    pub exact_element_of_risk: Option<Fraction>,
    /// Whether the exact house edge lies in the 95% confidence interval.
    pub exact_inside_ci95: Option<bool>,
    /// Distance of the exact house edge from the estimate, in standard errors.
    pub exact_z: Option<f64>,
    /// How often the wager wins (net result above zero).
    pub hit_frequency: Estimate,
    /// Paying hands and outcomes.
    pub lines: Vec<Frequency>,
}

/// The distribution of session results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionReport {
    pub hands_per_session: u64,
    pub sessions: u64,
    /// Hands after the last complete session, left out.
    pub hands_left_out: u64,
    /// Mean and standard deviation of a session's net result, Antes.
    pub mean: Estimate,
    pub std_dev: f64,
    /// Percentiles of the net result, read from the histogram.
    pub percentiles: Vec<Percentile>,
    pub lowest: f64,
    pub highest: f64,
    /// Widest histogram bucket among recorded values, Antes (0 = exact).
    pub resolution: f64,
    pub finish_ahead: Estimate,
    pub finish_even: Estimate,
    /// P(session loses more than X Antes), for each X asked.
    pub lose_more_than: Vec<Threshold>,
    /// P(running total reaches -B Antes within the session), B the bankroll.
    pub bankroll: Option<Threshold>,
}

/// A percentile of session results.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Percentile {
    pub percent: f64,
    /// Net result in Antes (the highest value of its histogram bucket).
    pub net: f64,
}

/// The chance of an event defined by an amount in Antes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Threshold {
    pub antes: f64,
    pub probability: Estimate,
}

/// The report of a simulation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimulationReport {
    pub strategy: String,
    pub hands: u64,
    pub seed: u64,
    pub deck_size: usize,
    pub chunk_hands: u64,
    pub results: Vec<WagerEstimate>,
    /// Final actions: `fold`, `raise_1x` .. `raise_4x`.
    pub actions: Vec<Frequency>,
    pub sessions: Option<SessionReport>,
}

fn ser_fraction<S: serde::Serializer>(f: &Fraction, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&f.to_string())
}

fn ser_opt_fraction<S: serde::Serializer>(f: &Option<Fraction>, s: S) -> Result<S::Ok, S::Error> {
    match f {
        Some(f) => s.serialize_str(&f.to_string()),
        None => s.serialize_none(),
    }
}

/// Sums over a sample of integer values given by cell counts.
struct Moments {
    n: i128,
    sum: i128,
    sum_squares: i128,
}

impl Moments {
    fn of(counts: &[u64], values: &[i64]) -> Moments {
        let mut m = Moments {
            n: 0,
            sum: 0,
            sum_squares: 0,
        };
        for (&c, &v) in counts.iter().zip(values) {
            let (c, v) = (c as i128, v as i128);
            m.n += c;
            m.sum += c * v;
            m.sum_squares += c * v * v;
        }
        m
    }

    /// Unbiased sample variance (in squared integer units).
    fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        match self.n.checked_mul(self.sum_squares).and_then(|a| {
            self.sum
                .checked_mul(self.sum)
                .and_then(|b| a.checked_sub(b))
        }) {
            Some(num) => num as f64 / (self.n as f64 * (self.n - 1) as f64),
            None => {
                let mean = self.sum as f64 / self.n as f64;
                (self.sum_squares as f64 - self.n as f64 * mean * mean) / (self.n - 1) as f64
            }
        }
    }
}

impl Sample {
    /// The estimates, compared with `exact` where given.
    pub fn report(&self, exact: &ExactValues) -> SimulationReport {
        let config = SimulationConfig {
            hands: self.hands,
            seed: self.seed,
            blind: self.blind.clone(),
            trips: self.trips.clone(),
            six_card: self.six_card.clone(),
            session: self.session.as_ref().map(|s| s.0.clone()),
            threads: None,
            deck: CardSet::FULL_DECK,
        };
        let money = Money::new(&config);
        let mut results = vec![self.base_estimate(&money, exact.base_game.as_ref())];
        if let (Some(table), Some(values)) = (&self.trips, &money.trips) {
            results.push(
                self.side_estimate(
                    "trips",
                    table,
                    None,
                    &self.category_counts(),
                    values,
                    HandCategory::ALL
                        .iter()
                        .map(|c| c.name().to_string())
                        .collect(),
                    exact.trips.clone(),
                ),
            );
        }
        if let (Some(bet), Some(values)) = (&self.six_card, &money.six) {
            results.push(
                self.side_estimate(
                    "six_card_bonus",
                    &bet.table,
                    Some(bet.wager.clone()),
                    &self.six,
                    values,
                    (0..SIX_CELLS)
                        .map(|c| six_card_hand(c).name().to_string())
                        .collect(),
                    exact.six_card.clone(),
                ),
            );
        }
        let per_play = self.per_play();
        let actions = Action::ALL
            .iter()
            .map(|&a| Frequency {
                name: a.name().to_string(),
                count: per_play[a.play() as usize],
                frequency: Estimate::proportion(per_play[a.play() as usize], self.hands),
                exact: exact
                    .base_game
                    .as_ref()
                    .map(|e| e.actions[a.play() as usize].clone()),
            })
            .collect();
        SimulationReport {
            strategy: self.strategy.clone(),
            hands: self.hands,
            seed: self.seed,
            deck_size: self.deck_size,
            chunk_hands: CHUNK_HANDS,
            results,
            actions,
            sessions: self.session_report(money.session_scale),
        }
    }

    fn per_play(&self) -> [u64; 5] {
        let mut per_play = [0u64; 5];
        for (cell, &n) in self.base.iter().enumerate() {
            per_play[base_round(cell).play as usize] += n;
        }
        per_play
    }

    /// Hands by the category of the player's seven cards.
    fn category_counts(&self) -> [u64; CATEGORIES] {
        let mut counts = [0u64; CATEGORIES];
        for (cell, &n) in self.base.iter().enumerate() {
            counts[cell % CATEGORIES] += n;
        }
        counts
    }

    fn base_estimate(&self, money: &Money, exact: Option<&ExactBaseGame>) -> WagerEstimate {
        let scale = scale_of(&money.base);
        let values = integers(&money.base, scale);
        let m = Moments::of(&self.base, &values);
        let n = self.hands as f64;
        let s = scale as f64;
        let mean = m.sum as f64 / n / s;
        let std_dev = m.variance().sqrt() / s;
        let net_per_hand = Estimate::new(mean, std_dev / n.sqrt());
        let house_edge = Estimate::new(-mean, std_dev / n.sqrt());
        // Element of risk: R = -Σx / Σw, w = 2 + play Antes; delta method:
        // Var(R) ≈ Var(x + R·w) / (n · mean(w)²).
        let wagered: Vec<i64> = (0..BASE_CELLS)
            .map(|c| 2 + i64::from(base_round(c).play))
            .collect();
        let w = Moments::of(&self.base, &wagered);
        let cross: i128 = self
            .base
            .iter()
            .zip(values.iter().zip(&wagered))
            .map(|(&c, (&x, &w))| c as i128 * x as i128 * w as i128)
            .sum();
        let x_mean = m.sum as f64 / n / s;
        let w_mean = w.sum as f64 / n;
        let r = -x_mean / w_mean;
        let var_x = m.variance() / (s * s);
        let var_w = w.variance();
        let cov_xw = (cross as f64 / s - n * x_mean * w_mean) / (n - 1.0).max(1.0);
        let var_d = var_x + 2.0 * r * cov_xw + r * r * var_w;
        let element_of_risk = Estimate::new(r, (var_d.max(0.0) / n).sqrt() / w_mean);
        let mut lines = Vec::new();
        // Showdown results and folds.
        let mut results = [0u64; 4];
        for (cell, &count) in self.base.iter().enumerate() {
            let r = base_round(cell);
            let i = if r.play == 0 {
                3
            } else {
                versus_index(r.versus)
            };
            results[i] += count;
        }
        for (name, count) in ["player_wins", "tie", "dealer_wins", "fold"]
            .iter()
            .zip(results)
        {
            lines.push(self.frequency(name.to_string(), count));
        }
        let not_qualified: u64 = (0..BASE_CELLS)
            .filter(|&c| base_round(c).play > 0 && !base_round(c).dealer_qualifies)
            .map(|c| self.base[c])
            .sum();
        lines.push(self.frequency("dealer_does_not_qualify".into(), not_qualified));
        // Hands the Blind paid on.
        for category in HandCategory::ALL.iter().rev() {
            let count: u64 = (0..BASE_CELLS)
                .filter(|&c| c % CATEGORIES == category.index() && money.blind[c].is_positive())
                .map(|c| self.base[c])
                .sum();
            if count > 0 || self.blind.award_for_category(*category).is_some() {
                lines.push(self.frequency(format!("blind_{}", category.name()), count));
            }
        }
        WagerEstimate {
            wager: "base_game",
            paytable: self.blind.id.clone(),
            title: self.blind.title.clone(),
            wager_amount: None,
            hands: self.hands,
            net_total: Fraction::new(m.sum, scale),
            std_dev,
            net_per_hand,
            house_edge,
            element_of_risk,
            exact_house_edge: exact.map(|e| e.house_edge.clone()),
            exact_element_of_risk: exact.map(|e| e.element_of_risk.clone()),
            exact_inside_ci95: exact
                .as_ref()
                .map(|e| house_edge.covers(e.house_edge.to_f64())),
            exact_z: exact.map(|e| house_edge.z(e.house_edge.to_f64())),
            hit_frequency: self.hits(&self.base, &values),
            lines,
        }
    }

    /// The proportion of hands in cells of positive value.
    fn hits(&self, counts: &[u64], values: &[i64]) -> Estimate {
        let wins = counts
            .iter()
            .zip(values)
            .filter(|(_, &v)| v > 0)
            .map(|(&c, _)| c)
            .sum();
        Estimate::proportion(wins, self.hands)
    }

    fn frequency(&self, name: String, count: u64) -> Frequency {
        Frequency {
            name,
            count,
            frequency: Estimate::proportion(count, self.hands),
            exact: None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn side_estimate(
        &self,
        wager: &'static str,
        table: &PayTable,
        amount: Option<Fraction>,
        counts: &[u64],
        values: &[Fraction],
        names: Vec<String>,
        exact: Option<Fraction>,
    ) -> WagerEstimate {
        let stake = amount.clone().unwrap_or(Fraction::ONE);
        let scale = scale_of(values);
        let m = Moments::of(counts, &integers(values, scale));
        let n = self.hands as f64;
        let s = scale as f64;
        let mean = m.sum as f64 / n / s;
        let std_dev = m.variance().sqrt() / s;
        let net_per_hand = Estimate::new(mean, std_dev / n.sqrt());
        let per_unit = stake.to_f64();
        let house_edge = Estimate::new(-mean / per_unit, std_dev / n.sqrt() / per_unit);
        // Super Royals (the cells after the categories) by suit, then the
        // categories from the royal flush down.
        let order = (CATEGORIES..counts.len()).chain((0..CATEGORIES.min(counts.len())).rev());
        let lines: Vec<Frequency> = order
            .filter(|&c| values[c].is_positive())
            .map(|c| self.frequency(names[c].clone(), counts[c]))
            .collect();
        let hit_frequency = self.hits(counts, &integers(values, scale));
        WagerEstimate {
            wager,
            paytable: table.id.clone(),
            title: table.title.clone(),
            wager_amount: amount,
            hands: self.hands,
            net_total: Fraction::new(m.sum, scale),
            std_dev,
            net_per_hand,
            house_edge,
            element_of_risk: house_edge,
            exact_house_edge: exact.clone(),
            exact_element_of_risk: exact.clone(),
            exact_inside_ci95: exact.as_ref().map(|e| house_edge.covers(e.to_f64())),
            exact_z: exact.map(|e| house_edge.z(e.to_f64())),
            hit_frequency,
            lines,
        }
    }

    fn session_report(&self, scale: i128) -> Option<SessionReport> {
        let (config, rules, t) = self.session.as_ref()?;
        if t.count == 0 {
            return None;
        }
        let s = scale as f64;
        let n = t.count as f64;
        let moments = Moments {
            n: t.count as i128,
            sum: t.sum,
            sum_squares: t.sum_squares,
        };
        let std_dev = moments.variance().sqrt() / s;
        let antes = |v: u64| (v as i64 - rules.shift) as f64 / s;
        let percentiles = [1.0, 5.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0]
            .iter()
            .map(|&percent| Percentile {
                percent,
                net: antes(t.histogram.value_at_quantile(percent / 100.0)),
            })
            .collect();
        let widest = t
            .histogram
            .equivalent_range(t.histogram.max())
            .saturating_sub(1);
        Some(SessionReport {
            hands_per_session: rules.hands,
            sessions: t.count,
            hands_left_out: self.hands - t.count * rules.hands,
            mean: Estimate::new(t.sum as f64 / n / s, std_dev / n.sqrt()),
            std_dev,
            percentiles,
            lowest: antes(t.histogram.min()),
            highest: antes(t.histogram.max()),
            resolution: widest as f64 / s,
            finish_ahead: Estimate::proportion(t.ahead, t.count),
            finish_even: Estimate::proportion(t.even, t.count),
            lose_more_than: config
                .loss_thresholds
                .iter()
                .zip(&t.losses)
                .map(|(x, &c)| Threshold {
                    antes: x.to_f64(),
                    probability: Estimate::proportion(c, t.count),
                })
                .collect(),
            bankroll: config.bankroll.clone().map(|b| Threshold {
                antes: b.to_f64(),
                probability: Estimate::proportion(t.ruined, t.count),
            }),
        })
    }
}

// ---------------------------------------------------------------------------
// Output.

/// Writes `report` in `format` ([`write_table`], [`write_csv`] or
/// [`write_json`]; Markdown: the table in a code block).
pub fn export(
    format: crate::report::Format,
    report: &SimulationReport,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        crate::report::Format::Table => write_table(report, out),
        crate::report::Format::Csv => write_csv(report, out),
        crate::report::Format::Json => write_json(report, out),
        crate::report::Format::Markdown => {
            writeln!(out, "```text")?;
            write_table(report, out)?;
            writeln!(out, "```")
        }
        crate::report::Format::Html => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a simulation has no HTML format",
        )),
    }
}

/// A percentage with four decimals.
fn pct(x: f64) -> String {
    format!("{:.4}%", x * 100.0)
}

fn opt_pct(f: Option<Fraction>) -> String {
    f.map_or("-".to_string(), |f| pct(f.to_f64()))
}

/// Human-readable text.
pub fn write_table(report: &SimulationReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "Simulation: {} hands, seed {}, strategy {}, {}-card deck (chunks of {} hands)",
        report.hands, report.seed, report.strategy, report.deck_size, report.chunk_hands
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "  {:<15} {:<11} {:>11} {:>10} {:>23} {:>11} {:>7} {:>11} {:>10}",
        "wager",
        "pay table",
        "house edge",
        "std error",
        "95% CI",
        "exact",
        "inside",
        "elem. risk",
        "std error"
    )?;
    for r in &report.results {
        let e = &r.house_edge;
        writeln!(
            out,
            "  {:<15} {:<11} {:>11} {:>10} {:>23} {:>11} {:>7} {:>11} {:>10}",
            r.wager,
            r.paytable,
            pct(e.mean),
            pct(e.std_error),
            format!("[{}, {}]", pct(e.ci95_low), pct(e.ci95_high)),
            opt_pct(r.exact_house_edge.clone()),
            r.exact_inside_ci95
                .map_or("-", |b| if b { "yes" } else { "NO" }),
            pct(r.element_of_risk.mean),
            pct(r.element_of_risk.std_error),
        )?;
    }
    for r in &report.results {
        writeln!(out)?;
        let amount = (r.wager_amount)
            .clone()
            .map_or(String::new(), |w| format!(", ${w} wager"));
        writeln!(
            out,
            "{} ({}{}): net per hand {:.6} ± {:.6}, std dev {:.4}, wins {:.6} ± {:.6}",
            r.wager,
            r.paytable,
            amount,
            r.net_per_hand.mean,
            r.net_per_hand.std_error,
            r.std_dev,
            r.hit_frequency.mean,
            r.hit_frequency.std_error
        )?;
        if let Some(x) = r.exact_element_of_risk.clone() {
            let e = &r.element_of_risk;
            writeln!(
                out,
                "  element of risk {} ± {}, 95% CI [{}, {}], exact {} ({})",
                pct(e.mean),
                pct(e.std_error),
                pct(e.ci95_low),
                pct(e.ci95_high),
                pct(x.to_f64()),
                if e.covers(x.to_f64()) {
                    "inside"
                } else {
                    "OUTSIDE"
                }
            )?;
        }
        for l in &r.lines {
            writeln!(
                out,
                "  {:<26} {:>14} {:>12.8} ± {:.8}",
                l.name, l.count, l.frequency.mean, l.frequency.std_error
            )?;
        }
    }
    writeln!(out)?;
    writeln!(out, "Final actions")?;
    for a in &report.actions {
        writeln!(
            out,
            "  {:<26} {:>14} {:>12.8} ± {:.8}   exact {}",
            a.name,
            a.count,
            a.frequency.mean,
            a.frequency.std_error,
            a.exact
                .clone()
                .map_or("-".to_string(), |e| format!("{:.8}", e.to_f64()))
        )?;
    }
    if let Some(s) = &report.sessions {
        writeln!(out)?;
        writeln!(
            out,
            "Sessions of {} hands: {} sessions ({} hands left out); net in Antes",
            s.hands_per_session, s.sessions, s.hands_left_out
        )?;
        writeln!(
            out,
            "  mean {:.4} ± {:.4}, std dev {:.4}, lowest {}, highest {}, histogram resolution {} Antes",
            s.mean.mean, s.mean.std_error, s.std_dev, s.lowest, s.highest, s.resolution
        )?;
        let ps: Vec<String> = s
            .percentiles
            .iter()
            .map(|p| format!("p{}: {}", p.percent, p.net))
            .collect();
        writeln!(out, "  percentiles: {}", ps.join(", "))?;
        writeln!(
            out,
            "  P(finish ahead) {:.6} ± {:.6}; P(finish even) {:.6} ± {:.6}",
            s.finish_ahead.mean,
            s.finish_ahead.std_error,
            s.finish_even.mean,
            s.finish_even.std_error
        )?;
        for t in &s.lose_more_than {
            writeln!(
                out,
                "  P(lose more than {} Antes) {:.6} ± {:.6}",
                t.antes, t.probability.mean, t.probability.std_error
            )?;
        }
        if let Some(t) = &s.bankroll {
            writeln!(
                out,
                "  P(running total reaches -{} Antes within a session) {:.6} ± {:.6}",
                t.antes, t.probability.mean, t.probability.std_error
            )?;
        }
    }
    Ok(())
}

/// The CSV columns: one row per wager (`row = wager`), per paying hand or
/// outcome (`row = line`), per final action (`row = action`) and per session
/// figure (`row = session`).
pub const CSV_COLUMNS: [&str; 14] = [
    "row",
    "wager",
    "paytable",
    "strategy",
    "hands",
    "seed",
    "name",
    "count",
    "estimate",
    "std_error",
    "ci95_low",
    "ci95_high",
    "exact",
    "exact_inside_ci95",
];

/// A CSV number; empty when there is none (a percentile has no standard
/// error).
fn number(x: f64) -> String {
    if x.is_nan() {
        String::new()
    } else {
        x.to_string()
    }
}

/// Comma-separated values, columns [`CSV_COLUMNS`].
pub fn write_csv(report: &SimulationReport, out: &mut dyn Write) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    let io_err = |e: csv::Error| io::Error::other(e.to_string());
    w.write_record(CSV_COLUMNS).map_err(io_err)?;
    let hands = report.hands.to_string();
    let seed = report.seed.to_string();
    let mut row = |kind: &str,
                   wager: &str,
                   paytable: &str,
                   name: &str,
                   count: String,
                   e: &Estimate,
                   exact: Option<Fraction>,
                   inside: Option<bool>|
     -> io::Result<()> {
        w.write_record([
            kind,
            wager,
            paytable,
            &report.strategy,
            &hands,
            &seed,
            name,
            &count,
            &number(e.mean),
            &number(e.std_error),
            &number(e.ci95_low),
            &number(e.ci95_high),
            &exact.map_or(String::new(), |f| f.to_string()),
            &inside.map_or(String::new(), |b| b.to_string()),
        ])
        .map_err(io_err)
    };
    for r in &report.results {
        row(
            "wager",
            r.wager,
            &r.paytable,
            "house_edge",
            String::new(),
            &r.house_edge,
            r.exact_house_edge.clone(),
            r.exact_inside_ci95,
        )?;
        let eor_inside = (r.exact_element_of_risk)
            .clone()
            .map(|x| r.element_of_risk.covers(x.to_f64()));
        row(
            "wager",
            r.wager,
            &r.paytable,
            "element_of_risk",
            String::new(),
            &r.element_of_risk,
            r.exact_element_of_risk.clone(),
            eor_inside,
        )?;
        for l in &r.lines {
            row(
                "line",
                r.wager,
                &r.paytable,
                &l.name,
                l.count.to_string(),
                &l.frequency,
                l.exact.clone(),
                None,
            )?;
        }
    }
    for a in &report.actions {
        let inside = a.exact.clone().map(|x| a.frequency.covers(x.to_f64()));
        row(
            "action",
            "base_game",
            "",
            &a.name,
            a.count.to_string(),
            &a.frequency,
            a.exact.clone(),
            inside,
        )?;
    }
    if let Some(s) = &report.sessions {
        row(
            "session",
            "all",
            "",
            "mean_net",
            s.sessions.to_string(),
            &s.mean,
            None,
            None,
        )?;
        row(
            "session",
            "all",
            "",
            "finish_ahead",
            s.sessions.to_string(),
            &s.finish_ahead,
            None,
            None,
        )?;
        for t in &s.lose_more_than {
            row(
                "session",
                "all",
                "",
                &format!("lose_more_than_{}", t.antes),
                s.sessions.to_string(),
                &t.probability,
                None,
                None,
            )?;
        }
        if let Some(t) = &s.bankroll {
            row(
                "session",
                "all",
                "",
                &format!("reach_minus_{}", t.antes),
                s.sessions.to_string(),
                &t.probability,
                None,
                None,
            )?;
        }
        for p in &s.percentiles {
            row(
                "session",
                "all",
                "",
                &format!("percentile_{}", p.percent),
                s.sessions.to_string(),
                &Estimate::new(p.net, f64::NAN),
                None,
                None,
            )?;
        }
    }
    w.flush()
}

/// One JSON document: `{"simulation": {...}, "results": [...], "actions":
/// [...], "sessions": {...} | null}`.
pub fn write_json(report: &SimulationReport, out: &mut dyn Write) -> io::Result<()> {
    #[derive(Serialize)]
    struct Meta<'a> {
        strategy: &'a str,
        hands: u64,
        seed: u64,
        deck_size: usize,
        chunk_hands: u64,
    }
    #[derive(Serialize)]
    struct Row<'a> {
        wager: &'a str,
        paytable: &'a str,
        title: &'a str,
        #[serde(serialize_with = "ser_opt_fraction")]
        wager_amount: Option<Fraction>,
        strategy: &'a str,
        hands: u64,
        seed: u64,
        mean_net: f64,
        std_dev: f64,
        house_edge: f64,
        std_error: f64,
        ci95_low: f64,
        ci95_high: f64,
        #[serde(serialize_with = "ser_opt_fraction")]
        house_edge_exact: Option<Fraction>,
        exact_inside_ci95: Option<bool>,
        element_of_risk: f64,
        element_of_risk_std_error: f64,
        #[serde(serialize_with = "ser_opt_fraction")]
        element_of_risk_exact: Option<Fraction>,
        hit_frequency: f64,
        hit_frequency_std_error: f64,
        #[serde(serialize_with = "ser_fraction")]
        net_total: Fraction,
        lines: &'a [Frequency],
    }
    #[derive(Serialize)]
    struct Doc<'a> {
        simulation: Meta<'a>,
        results: Vec<Row<'a>>,
        actions: &'a [Frequency],
        sessions: &'a Option<SessionReport>,
    }
    let doc = Doc {
        simulation: Meta {
            strategy: &report.strategy,
            hands: report.hands,
            seed: report.seed,
            deck_size: report.deck_size,
            chunk_hands: report.chunk_hands,
        },
        results: report
            .results
            .iter()
            .map(|r| Row {
                wager: r.wager,
                paytable: &r.paytable,
                title: &r.title,
                wager_amount: r.wager_amount.clone(),
                strategy: &report.strategy,
                hands: r.hands,
                seed: report.seed,
                mean_net: r.net_per_hand.mean,
                std_dev: r.std_dev,
                house_edge: r.house_edge.mean,
                std_error: r.house_edge.std_error,
                ci95_low: r.house_edge.ci95_low,
                ci95_high: r.house_edge.ci95_high,
                house_edge_exact: r.exact_house_edge.clone(),
                exact_inside_ci95: r.exact_inside_ci95,
                element_of_risk: r.element_of_risk.mean,
                element_of_risk_std_error: r.element_of_risk.std_error,
                element_of_risk_exact: r.exact_element_of_risk.clone(),
                hit_frequency: r.hit_frequency.mean,
                hit_frequency_std_error: r.hit_frequency.std_error,
                net_total: r.net_total.clone(),
                lines: &r.lines,
            })
            .collect(),
        actions: &report.actions,
        sessions: &report.sessions,
    };
    serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::other)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip() {
        for cell in 0..BASE_CELLS {
            let r = base_round(cell);
            assert_eq!(
                base_cell(
                    r.play as usize,
                    versus_index(r.versus),
                    r.dealer_qualifies,
                    r.player.index()
                ),
                cell
            );
        }
    }

    #[test]
    fn segments_join_like_one_run() {
        let values = [3, -5, 2, -7, 10, -1, -4];
        for split in 0..=values.len() {
            let mut whole = Segment::default();
            let (mut a, mut b) = (Segment::default(), Segment::default());
            for (i, &v) in values.iter().enumerate() {
                whole.push(v);
                if i < split {
                    a.push(v)
                } else {
                    b.push(v)
                }
            }
            assert_eq!(a.then(b), whole);
        }
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = chunk_rng(7, 0);
        let mut seen = [0u32; 13];
        for _ in 0..13_000 {
            seen[below(&mut rng, 13) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn ceil_and_floor_of_fractions() {
        assert_eq!(ceil(Fraction::new(-7, 2)), -3);
        assert_eq!(floor(Fraction::new(-7, 2)), -4);
        assert_eq!(ceil(Fraction::from_int(-3)), -3);
        assert_eq!(floor(Fraction::new(7, 2)), 3);
    }
}
