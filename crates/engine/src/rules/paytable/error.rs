//! What can be wrong with a pay table: [`PayTableError`], one line per
//! defect naming the file (and line), the key and the value.

use super::{PayingHand, WagerKind};
use std::fmt;

/// Where in a file a defect is: `file:line`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Place {
    /// The file's path, or `paytables/<id>.toml (built in)`.
    pub origin: String,
    /// The line number, from 1.
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
    /// A file that cannot be read.
    #[error("cannot read pay table file {path}: {reason}")]
    Read {
        /// The path given.
        path: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// Neither a built-in id nor an existing file.
    #[error("unknown pay table '{name}': not a built-in id ({builtins}) and no such file")]
    Unknown {
        /// The name given.
        name: String,
        /// The built-in ids, listed for the message.
        builtins: String,
    },
    #[error("{origin}:{line}:{column}: {message}")]
    /// A file that is not valid TOML.
    Parse {
        /// The file's path, or `paytables/<id>.toml (built in)`.
        origin: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// The parser's message.
        message: String,
    },
    #[error("{at}: {key} is empty")]
    /// A key with an empty value.
    Empty {
        /// Where.
        at: Place,
        /// The key.
        key: &'static str,
    },
    #[error(
        "{at}: wager = \"{value}\": unknown wager; expected one of {}",
        WagerKind::ALL.iter().map(|w| w.name()).collect::<Vec<_>>().join(", ")
    )]
    /// A `wager` that names no wager.
    UnknownWager {
        /// Where.
        at: Place,
        /// The value.
        value: String,
    },
    #[error(
        "{at}: pays.{hand} = {value}: unknown hand name; expected one of {}",
        PayingHand::all().iter().map(|h| h.name()).collect::<Vec<_>>().join(", ")
    )]
    /// A `pays` key that names no paying hand.
    UnknownHand {
        /// Where.
        at: Place,
        /// The key.
        hand: String,
        /// The value.
        value: String,
    },
    #[error("{at}: pays.{hand} = {value}: {reason}")]
    /// An award that cannot be read or used.
    BadAward {
        /// Where.
        at: Place,
        /// The hand.
        hand: String,
        /// The value.
        value: String,
        /// What is wrong.
        reason: String,
    },
    #[error("{at}: pays.\"{hand}\" = {value}: {reason}")]
    /// A two-card hand (Ultimate Pairs tables) that cannot be read or used.
    BadHand {
        /// Where.
        at: Place,
        /// The hand key.
        hand: String,
        /// The value.
        value: String,
        /// What is wrong.
        reason: String,
    },
    #[error("{at}: pays.{hand} = {value}: the same hand is already paid by pays.{other}")]
    /// A hand paid by two lines.
    DuplicateHand {
        /// Where.
        at: Place,
        /// The hand key.
        hand: String,
        /// The value.
        value: String,
        /// The other key paying the same hand.
        other: String,
    },
    #[error("{at}: {key} = {value}: {reason}")]
    /// An option with an unusable value.
    BadOption {
        /// Where.
        at: Place,
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// What is wrong.
        reason: String,
    },
    #[error("{at}: pays: no paying hand (a table must pay at least one hand)")]
    /// A table that pays no hand.
    NoPayingHand {
        /// Where.
        at: Place,
    },
    #[error(
        "{origin}: wager = \"{found}\": pay table {id} is for the {found} wager, not {expected}"
    )]
    /// A table for another wager than the one asked for.
    WrongWager {
        /// The file's path, or `paytables/<id>.toml (built in)`.
        origin: String,
        /// The pay table's id.
        id: String,
        /// The wager the table is for.
        found: WagerKind,
        /// The wager asked for.
        expected: WagerKind,
    },
}

pub(crate) use crate::message::one_line;
