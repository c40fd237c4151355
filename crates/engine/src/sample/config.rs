//! What a simulation is asked to do ([`SimulationConfig`]) and the errors of
//! a simulation that cannot be run as asked ([`SimulationError`]); the
//! checks made before any hand is dealt are [`super::checks`]'s.

use super::{CARDS_PER_HAND, DEFAULT_SEED};
use crate::cards::CardSet;
use crate::fraction::Fraction;
use crate::money::parse_amount;
use crate::rules::paytable::PayTable;
use crate::rules::settlement::PayoutLimit;

/// The Six Card Bonus wager of a simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct SixCardBet {
    /// The Six Card Bonus pay table.
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
    /// The random seed; the same seed gives the same results.
    pub seed: u64,
    /// The Blind pay table (the base game is always played).
    pub blind: PayTable,
    /// The Trips pay table, if Trips is wagered.
    pub trips: Option<PayTable>,
    /// The Six Card Bonus wager, if made.
    pub six_card: Option<SixCardBet>,
    /// The Ultimate Pairs Bonus pay table, if that wager (one Ante) is made.
    /// It is settled on the player's and the dealer's hole cards, which
    /// every hand deals anyway: it draws no random numbers of its own.
    pub ultimate_pairs: Option<PayTable>,
    /// Session statistics to collect, if any.
    pub session: Option<SessionConfig>,
    /// Worker threads; `None` uses rayon's global pool. Results do not
    /// depend on it.
    pub threads: Option<usize>,
    /// A payout limit per hand (COMAR 36.05.16.12F) on the base game, in
    /// Antes: each base-game cell is settled by
    /// [`settle_limited`](crate::rules::settlement::settle_limited). With
    /// a Trips wager (here or in the limit) it is refused for now.
    pub payout_limit: Option<PayoutLimit>,
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
            ultimate_pairs: None,
            session: None,
            threads: None,
            deck: CardSet::FULL_DECK,
            payout_limit: None,
        }
    }
}

/// A simulation that cannot be run as asked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SimulationError {
    #[error("the number of hands must be at least 1")]
    /// Zero hands asked for.
    ZeroHands,
    #[error("--threads must be at least 1")]
    /// Zero worker threads asked for.
    ZeroThreads,
    #[error("--session-hands must be at least 1")]
    /// Sessions of zero hands.
    ZeroSessionHands,
    #[error("--session-hands {session} is more than the {hands} hands simulated")]
    /// Sessions longer than the whole run.
    SessionLongerThanRun {
        /// Hands per session.
        session: u64,
        /// Hands in the run.
        hands: u64,
    },
    #[error("--bankroll must be more than 0 Antes, got {0}")]
    /// A bankroll of 0 Antes or less.
    NonPositiveBankroll(Fraction),
    #[error("a session loss threshold must not be negative, got {0}")]
    /// A negative session loss threshold.
    NegativeLossThreshold(Fraction),
    #[error("the dollar value of an Ante must be more than 0, got {0}")]
    /// An Ante of $0 or less.
    NonPositiveAnte(Fraction),
    #[error("the Six Card Bonus wager must be more than $0, got {0}")]
    /// A Six Card Bonus wager of $0 or less.
    NonPositiveWager(Fraction),
    #[error("pay table '{id}' is not a {expected} table")]
    /// A pay table for another wager.
    WrongTable {
        /// The pay table's id.
        id: String,
        /// The wager the table should be for.
        expected: &'static str,
    },
    #[error("the deck must hold at least {CARDS_PER_HAND} cards, got {0}")]
    /// A deck too small to deal a hand.
    DeckTooSmall(usize),
    #[error(
        "sessions of {0} hands are too long to record exactly (a session's result must stay below 2^62 of its units)"
    )]
    /// Sessions too long to record exactly.
    SessionTooLong(u64),
    /// An amount that is not a number (the message names the option).
    #[error("{0}")]
    NotANumber(String),
    /// Results the sampler cannot count exactly: what, and the limit.
    #[error("{what}: beyond the sampler's exact range ({limit})")]
    OutOfRange {
        /// What is out of range.
        what: String,
        /// The limit.
        limit: &'static str,
    },
    /// A payout limit the sampler does not simulate.
    #[error("{0}")]
    PayoutLimit(&'static str),
    #[error("could not start the worker threads: {0}")]
    /// The worker threads could not start.
    ThreadPool(String),
}

impl SimulationError {
    /// Whether the error is in the user's input (rather than the system's).
    pub fn is_input_error(&self) -> bool {
        !matches!(self, SimulationError::ThreadPool(_))
    }
}

/// Reads an amount for the option `--flag` exactly, with
/// [`crate::money::parse_amount`] (the one reader of amounts; the sign is
/// kept so that [`super::validate`] can say what is wrong with a negative amount).
pub fn parse_number(flag: &'static str, text: &str) -> Result<Fraction, SimulationError> {
    parse_amount(flag, text).map_err(|e| SimulationError::NotANumber(e.to_string()))
}

/// Reads the Six Card Bonus wager (`--wager`): an amount more than $0.
pub fn parse_wager(text: &str) -> Result<Fraction, SimulationError> {
    let wager = parse_number("wager", text)?;
    if !wager.is_positive() {
        return Err(SimulationError::NonPositiveWager(wager));
    }
    Ok(wager)
}
