//! What can be wrong with a pay table: [`PayTableError`], one line per
//! defect naming the file (and line), the key and the value.

use super::{PayingHand, WagerKind};
use std::fmt;

/// Where in a file a defect is: `file:line`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Place {
    pub origin: String,
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.origin, self.line)
    }
}

/// A pay table that cannot be used. Each message is one line naming the
/// file, the key and the value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayTableError {
    #[error("cannot read pay table file {path}: {reason}")]
    Read { path: String, reason: String },
    #[error("unknown pay table '{name}': not a built-in id ({builtins}) and no such file")]
    Unknown { name: String, builtins: String },
    #[error("{origin}:{line}:{column}: {message}")]
    Parse {
        origin: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{at}: {key} is empty")]
    Empty { at: Place, key: &'static str },
    #[error(
        "{at}: wager = \"{value}\": unknown wager; expected one of {}",
        WagerKind::ALL.iter().map(|w| w.name()).collect::<Vec<_>>().join(", ")
    )]
    UnknownWager { at: Place, value: String },
    #[error(
        "{at}: pays.{hand} = {value}: unknown hand name; expected one of {}",
        PayingHand::all().iter().map(|h| h.name()).collect::<Vec<_>>().join(", ")
    )]
    UnknownHand {
        at: Place,
        hand: String,
        value: String,
    },
    #[error("{at}: pays.{hand} = {value}: {reason}")]
    BadAward {
        at: Place,
        hand: String,
        value: String,
        reason: String,
    },
    #[error("{at}: pays.{hand} = {value}: the same hand is already paid by pays.{other}")]
    DuplicateHand {
        at: Place,
        hand: String,
        value: String,
        other: String,
    },
    #[error("{at}: {key} = {value}: {reason}")]
    BadOption {
        at: Place,
        key: String,
        value: String,
        reason: String,
    },
    #[error("{at}: pays: no paying hand (a table must pay at least one hand)")]
    NoPayingHand { at: Place },
    #[error(
        "{origin}: wager = \"{found}\": pay table {id} is for the {found} wager, not {expected}"
    )]
    WrongWager {
        origin: String,
        id: String,
        found: WagerKind,
        expected: WagerKind,
    },
}

pub(crate) use crate::error::one_line;
