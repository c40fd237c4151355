//! The California player-dealer game: one seated player banks every wager at
//! the table; what each position (the player-dealer and each seat) wins or
//! loses per round, before and after the card room's collection fees, and
//! over a full rotation of the bank.
//!
//! # The game
//! California Bureau of Gambling Control, Ultimate Texas Hold'em, California
//! game rules ("Type of Game", Dealing Procedures §14 and §16, "Wagering
//! Limits and Collection") and rules of play (player/dealer game), rules 4
//! and 19: the player-dealer collects losing wagers and pays winning ones in
//! a fixed order, only "to the extent of" its bank; wagers it cannot cover
//! are returned. The bank rotates clockwise, two rounds per player. The
//! settlement order and the bank are applied by
//! [`crate::rules::settlement::settle_player_dealer_round`] (the one place
//! payouts are decided); the fees by [`crate::rules::collection`].
//!
//! # Exact where the game is linear
//! With an unlimited bank (or one that covers every possible round) each
//! seat's expectation is its own: minus its Ante times the base game's house
//! edge per Ante under the strategy, minus its Trips wager times the Trips
//! house edge; the player-dealer's is the sum of the seats' expected losses
//! (linearity of expectation: the seats share the dealer's hand and the
//! board, but each seat's cards are, alone, those of a one-player deal).
//! [`ExactInputs`] carries the exact house edges (from
//! [`crate::exact::game`] and [`crate::exact::side_bets`]); the report gives
//! these exact fractions and uses them as a check of the simulation.
//!
//! # Simulated otherwise
//! With a bank limit the result depends on the order of settlement and is
//! not linear: the rounds are simulated. A run is `R` rotations; a rotation
//! is `2m` rounds for `m` players at the table (the player-dealer included),
//! player `d` banking rounds `2d` and `2d + 1`. Rotations are dealt in
//! chunks of [`CHUNK_ROTATIONS`], chunk `i` from its own generator (the
//! xoshiro256++ of [`crate::sample`], seeded by the run's seed and `i`), so
//! the rounds are the same at any number of threads; tallies are integer
//! sums, added in any order with the same result. A round deals, from one
//! deck, two cards to each seat, two to the player-dealer and five community
//! cards; each seat plays its hand with the strategy, seeing only its own
//! cards and the board.
//!
//! # Exact bookkeeping
//! Every amount (Antes, Trips wagers, pays, fees, the bank) is an integer
//! number of money units, `1 / scale` dollar for the least common
//! denominator `scale`; sums and sums of squares are exact 128-bit integers
//! ([`validate`] refuses, before any card is dealt, amounts whose squares
//! over the run could pass 2^127). Floating point appears only in the
//! means, standard errors and intervals. Each position's round results and
//! each player's rotation results go to HdrHistograms for percentiles (4
//! significant digits; losses and the other results kept apart by
//! magnitude, so a result is exact, one bucket per money unit, below 2^15
//! units in magnitude and within a relative 10^-4 beyond).

mod engine;
mod figures;
mod plan;
mod tally;

pub use engine::{run, PROGRESS_LABEL};
pub use figures::{
    ArrangementReport, DollarPercentile, PlayerDealerReport, PositionReport, RotationPlayer,
    RotationReport,
};

use crate::cards::CardSet;
use crate::fraction::Fraction;
use crate::rules::collection::{CollectionSchedule, Square};
use crate::rules::paytable::{PayTable, WagerKind};

/// The most players besides the player-dealer (a table of six places for
/// the players and the player-dealer seats five of them besides it, the
/// rules of play allow six).
pub const MAX_PLAYERS: usize = 6;
/// Rotations per chunk of the random stream.
pub const CHUNK_ROTATIONS: u64 = 4096;
/// The default number of rounds dealt per hour.
pub const DEFAULT_ROUNDS_PER_HOUR: u32 = 30;
/// Percentiles reported for each distribution.
pub const PERCENTILES: [f64; 7] = [1.0, 5.0, 25.0, 50.0, 75.0, 95.0, 99.0];

/// The wagers a player places when not banking, in dollars.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerWagers {
    /// The Ante (the Blind equals it; Play is 1 to 4 times it).
    pub ante: Fraction,
    /// The Trips wager (zero: none).
    pub trips: Fraction,
}

/// The exact figures the linear case is computed from.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactInputs {
    /// The base game's house edge per Ante under the players' strategy.
    pub house_edge: Fraction,
    /// Probability of each final Play (0 = fold, 1 to 4 Antes).
    pub actions: [Fraction; 5],
    /// The Trips house edge, if Trips is wagered.
    pub trips_edge: Option<Fraction>,
}

/// What to simulate.
#[derive(Clone, Debug)]
pub struct PlayerDealerConfig {
    /// Rotations to deal (each `2m` rounds).
    pub rotations: u64,
    /// The random seed.
    pub seed: u64,
    /// Worker threads (`None`: rayon's pool); results do not depend on it.
    pub threads: Option<usize>,
    /// The Blind pay table.
    pub blind: PayTable,
    /// The Trips pay table, if any player wagers Trips.
    pub trips: Option<PayTable>,
    /// The players clockwise: `players[0]` banks first, `players[k]` sits
    /// in seat `k` (the `k`-th settled) while `players[0]` banks. At least
    /// two, at most [`MAX_PLAYERS`] + 1.
    pub players: Vec<PlayerWagers>,
    /// The player-dealer's bank in dollars, `None` for unlimited.
    pub bank: Option<Fraction>,
    /// Whether the player-dealer may not win more than its bank.
    pub win_cap: bool,
    /// The card room's collection table, if any.
    pub fees: Option<CollectionSchedule>,
    /// Rounds dealt per hour, for the fees per hour.
    pub rounds_per_hour: u32,
    /// The cards dealt from (the full deck; a smaller one for tests).
    pub deck: CardSet,
}

impl PlayerDealerConfig {
    /// `players` players besides the player-dealer, each with an Ante of
    /// `ante` dollars and no Trips, an unlimited bank, no fees, no win cap,
    /// seed 1, the full deck.
    pub fn new(
        rotations: u64,
        blind: PayTable,
        players: usize,
        ante: Fraction,
    ) -> PlayerDealerConfig {
        PlayerDealerConfig {
            rotations,
            seed: super::DEFAULT_SEED,
            threads: None,
            blind,
            trips: None,
            players: vec![
                PlayerWagers {
                    ante,
                    trips: Fraction::ZERO,
                };
                players + 1
            ],
            bank: None,
            win_cap: false,
            fees: None,
            rounds_per_hour: DEFAULT_ROUNDS_PER_HOUR,
            deck: CardSet::FULL_DECK,
        }
    }

    /// Players besides the player-dealer.
    pub fn seats(&self) -> usize {
        self.players.len() - 1
    }

    /// Whether every player places the same wagers (then every player-dealer
    /// faces the same table and the positions are pooled over all rounds).
    pub fn same_wagers(&self) -> bool {
        self.players.iter().all(|p| *p == self.players[0])
    }

    /// The wagers of a seat as `(square, amount)` for a Play of `play`
    /// Antes.
    pub(crate) fn squares(&self, player: usize, play: u8) -> [(Square, Fraction); 4] {
        let w = &self.players[player];
        [
            (Square::Ante, w.ante.clone()),
            (Square::Blind, w.ante.clone()),
            (
                Square::Play,
                w.ante.clone() * Fraction::from_int(i128::from(play)),
            ),
            (Square::Trips, w.trips.clone()),
        ]
    }
}

/// A player-dealer configuration that cannot be run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayerDealerError {
    /// Players besides the player-dealer out of range.
    #[error("--players {0}: the players besides the player-dealer must be 1 to {MAX_PLAYERS}")]
    Players(usize),
    /// Zero rotations.
    #[error("--rotations must be at least 1")]
    ZeroRotations,
    /// Zero threads.
    #[error("--threads must be at least 1")]
    ZeroThreads,
    /// Zero rounds per hour.
    #[error("--rounds-per-hour must be at least 1")]
    ZeroRoundsPerHour,
    /// An Ante of $0 or less.
    #[error("{0}: the Ante must be more than $0")]
    NonPositiveAnte(String),
    /// A negative Trips wager.
    #[error("{0}: the Trips wager must not be negative")]
    NegativeTrips(String),
    /// A bank of 0 or less.
    #[error("--bank {0}: the bank must be more than 0 (or 'unlimited')")]
    NonPositiveBank(String),
    /// Trips wagered without a Trips table, or a table for another wager.
    #[error("{0}")]
    Table(String),
    /// A deck too small for the table.
    #[error("the deck must hold at least {needed} cards for {seats} players, got {got}")]
    DeckTooSmall {
        /// Cards a round needs.
        needed: usize,
        /// Players besides the player-dealer.
        seats: usize,
        /// Cards in the deck.
        got: usize,
    },
    /// An amount no collection rate covers.
    #[error("{0}")]
    Fees(String),
    /// Amounts the simulation cannot count exactly.
    #[error("{0}: beyond the exact range of the player-dealer simulation")]
    OutOfRange(String),
    /// The worker threads could not start.
    #[error("could not start the worker threads: {0}")]
    ThreadPool(String),
}

impl PlayerDealerError {
    /// Whether the error is in the user's input (rather than the system's).
    pub fn is_input_error(&self) -> bool {
        !matches!(self, PlayerDealerError::ThreadPool(_))
    }
}

/// Checks a configuration before any card is dealt: counts, tables,
/// amounts, that every fee has a rate, and that every sum fits the exact
/// integers (see the module documentation).
pub fn validate(config: &PlayerDealerConfig) -> Result<(), PlayerDealerError> {
    plan::Plan::new(config).map(|_| ())
}

/// Checks the counts, tables and amounts (the cheap part of [`validate`]).
fn check_inputs(config: &PlayerDealerConfig) -> Result<(), PlayerDealerError> {
    let seats = config.players.len().saturating_sub(1);
    if !(1..=MAX_PLAYERS).contains(&seats) {
        return Err(PlayerDealerError::Players(seats));
    }
    if config.rotations == 0 {
        return Err(PlayerDealerError::ZeroRotations);
    }
    if config.threads == Some(0) {
        return Err(PlayerDealerError::ZeroThreads);
    }
    if config.rounds_per_hour == 0 {
        return Err(PlayerDealerError::ZeroRoundsPerHour);
    }
    let needed = 2 * seats + 7;
    if config.deck.len() < needed {
        return Err(PlayerDealerError::DeckTooSmall {
            needed,
            seats,
            got: config.deck.len(),
        });
    }
    if config.blind.wager != WagerKind::Blind {
        return Err(PlayerDealerError::Table(format!(
            "pay table '{}' is not a Blind table",
            config.blind.id
        )));
    }
    if let Some(t) = &config.trips {
        if t.wager != WagerKind::Trips {
            return Err(PlayerDealerError::Table(format!(
                "pay table '{}' is not a Trips table",
                t.id
            )));
        }
        if t.rules.trips.needs_dealer() {
            return Err(PlayerDealerError::Table(format!(
                "--trips-table {}: the table's rule settles Trips against the dealer's hand, which the player-dealer simulation does not",
                t.id
            )));
        }
    }
    for (i, p) in config.players.iter().enumerate() {
        if !p.ante.is_positive() {
            return Err(PlayerDealerError::NonPositiveAnte(format!(
                "player {i}: Ante {}",
                p.ante
            )));
        }
        if p.trips.is_negative() {
            return Err(PlayerDealerError::NegativeTrips(format!(
                "player {i}: Trips {}",
                p.trips
            )));
        }
        if p.trips.is_positive() && config.trips.is_none() {
            return Err(PlayerDealerError::Table(format!(
                "player {i} wagers Trips but no Trips pay table is given (--trips-table)"
            )));
        }
    }
    if let Some(b) = &config.bank {
        if !b.is_positive() {
            return Err(PlayerDealerError::NonPositiveBank(b.to_string()));
        }
    }
    Ok(())
}
