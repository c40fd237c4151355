//! One error type for everything a user can get wrong.
//!
//! Each concern keeps its own typed error (a card string, a pay table, an
//! amount, a simulation setting, ...); [`InputError`] gathers them, so the
//! command-line front end has one rule for its exit code: an error whose
//! chain holds an `InputError` is the user's input (exit code 2), anything
//! else is a failure of the system (exit code 1). Every message is one line
//! ([`crate::message`] shapes it; its helpers are re-exported here).

pub use crate::message::{
    error_line, invisible, one_line, shown, LINE_CHARS, LINE_WORD_CHARS, SHOWN_CHARS,
};

use crate::analysis::check::CheckError;
use crate::cards::CardError;
use crate::exact::game::BlindRangeError;
use crate::exact::meter_long_run::LongRunError;
use crate::exact::progressive::ProgressiveError;
use crate::money::AmountError;
use crate::rules::collection::CollectionError;
use crate::rules::paytable::PayTableError;
use crate::sample::player_dealer::PlayerDealerError;
use crate::sample::SimulationError;
use crate::strategy::file::StrategyFileError;
use crate::strategy::oracle::QueryError;

/// Input that cannot be used: a flag, a pay table, an amount, cards, a
/// published figure, a combination of options. One line, naming the
/// file, field or flag and the value.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// A card string.
    #[error(transparent)]
    Card(#[from] CardError),
    /// Cards given to `strategy` in a shape it does not answer.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// A pay table file or id.
    #[error(transparent)]
    PayTable(#[from] PayTableError),
    /// A dollar amount.
    #[error(transparent)]
    Amount(#[from] AmountError),
    /// Progressive settings (meter, players, wager).
    #[error(transparent)]
    Progressive(#[from] ProgressiveError),
    /// A progressive meter whose long run cannot be computed exactly.
    #[error(transparent)]
    LongRun(#[from] LongRunError),
    /// A table the catalog cannot compute.
    #[error(transparent)]
    TableCheck(#[from] crate::analysis::catalog::TableCheckError),
    /// A published figure that cannot be read.
    #[error(transparent)]
    Check(#[from] CheckError),
    /// A Blind table the solver cannot solve exactly (pays too large or
    /// their common denominator too fine).
    #[error(transparent)]
    BlindRange(#[from] BlindRangeError),
    /// A strategy file.
    #[error(transparent)]
    StrategyFile(#[from] StrategyFileError),
    /// Simulation settings.
    #[error(transparent)]
    Simulation(SimulationError),
    /// Player-dealer settings.
    #[error(transparent)]
    PlayerDealer(PlayerDealerError),
    /// A collection (fee) table file.
    #[error(transparent)]
    Collection(#[from] CollectionError),
    /// Anything else the user asked that cannot be done: the message says
    /// what and why.
    #[error("{0}")]
    Usage(String),
}

impl InputError {
    /// A usage error with this message.
    pub fn usage(message: impl Into<String>) -> InputError {
        InputError::Usage(message.into())
    }
}

/// A simulation error is the user's when [`SimulationError::is_input_error`]
/// says so; the caller keeps the others (a thread pool that cannot start)
/// as system failures.
impl InputError {
    /// The simulation error as an input error, or itself back when it is a
    /// failure of the system.
    pub fn from_simulation(e: SimulationError) -> Result<InputError, SimulationError> {
        if e.is_input_error() {
            Ok(InputError::Simulation(e))
        } else {
            Err(e)
        }
    }
}
