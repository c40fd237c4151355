//! The one error of a strategy file: which file, which field, what is
//! wrong with its value, on one line.

use crate::message::one_line;

/// A strategy file that cannot be used: its origin (the path, or the
/// built-in name), the field (`flop.rule[2].category_at_least`) and what
/// is wrong, the value echoed safely by the reader.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("strategy file {origin}: {field}: {message}")]
pub struct StrategyFileError {
    /// The file, as the user named it.
    pub origin: String,
    /// The field, as a path into the file (`preflop.raise_4x`).
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl StrategyFileError {
    /// The error of `field` in the file `origin`, each on one line.
    pub fn new(origin: &str, field: &str, message: impl Into<String>) -> StrategyFileError {
        StrategyFileError {
            origin: one_line(origin),
            field: one_line(field),
            message: one_line(&message.into()),
        }
    }
}
