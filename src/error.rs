//! One error type for everything a user can get wrong.
//!
//! Each concern keeps its own typed error (a card string, a pay table, an
//! amount, a simulation setting, ...); [`InputError`] gathers them, so the
//! command-line front end has one rule for its exit code: an error whose
//! chain holds an `InputError` is the user's input (exit code 2), anything
//! else is a failure of the system (exit code 1). Every message is one line.

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
use crate::strategy::oracle::QueryError;
use crate::strategy::UnknownStrategy;

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
    /// A published figure that cannot be read.
    #[error(transparent)]
    Check(#[from] CheckError),
    /// A Blind table the solver cannot solve exactly (pays too large or
    /// their common denominator too fine).
    #[error(transparent)]
    BlindRange(#[from] BlindRangeError),
    /// A strategy name.
    #[error(transparent)]
    Strategy(#[from] UnknownStrategy),
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

/// A text on one line: control characters (line breaks included) written
/// as escapes (`\n`), so that an id or a file name read from a file cannot
/// break an error message over several lines; invisible characters
/// ([`invisible`]) written as escapes too (`\u{202e}`), so that a message
/// shows what was read. Nothing is cut: for paths and whole messages; a
/// value the user gave is echoed with [`shown`].
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || invisible(c).is_some() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// What an invisible character is, if `c` is one: a bidirectional
/// control (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069),
/// which reorders the text displayed around it, or a zero-width or other
/// invisible format character (U+00AD, U+180E, U+200B to U+200D, U+2060 to
/// U+2064, U+206A to U+206F, U+FEFF, U+FFF9 to U+FFFB). Two ids that look
/// the same could differ by one, so no id, title or name may hold one.
pub fn invisible(c: char) -> Option<&'static str> {
    match c {
        '\u{061C}'
        | '\u{200E}'
        | '\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}' => Some("a bidirectional control character"),
        '\u{00AD}'
        | '\u{180E}'
        | '\u{200B}'..='\u{200D}'
        | '\u{2060}'..='\u{2064}'
        | '\u{206A}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}' => Some("an invisible (zero-width) character"),
        _ => None,
    }
}

/// The most characters of a value an error message echoes ([`shown`]).
pub const SHOWN_CHARS: usize = 60;

/// A value the user gave, as an error message echoes it: on one line
/// ([`one_line`]) and cut after [`SHOWN_CHARS`] characters, the cut marked
/// with the value's whole length: `xxxx... (10485760 bytes)`. A value of
/// 10 MB gives a message of one short line.
pub fn shown(text: &str) -> String {
    one_line(&cut(text, SHOWN_CHARS))
}

/// `text` if it has at most `limit` characters; else its first `limit`
/// characters, then `... (N bytes)` with N its length in bytes.
fn cut(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_string(),
        Some((end, _)) => format!("{}... ({} bytes)", &text[..end], text.len()),
    }
}

/// The most characters of one word (a run without white space) of an
/// error line ([`error_line`]): room for a long path.
pub const LINE_WORD_CHARS: usize = 240;
/// The most characters of an error line ([`error_line`]).
pub const LINE_CHARS: usize = 2_000;

/// An error message as printed: on one line ([`one_line`]), each word
/// longer than [`LINE_WORD_CHARS`] characters and the whole line beyond
/// [`LINE_CHARS`] cut as [`shown`] cuts a value. The one place every
/// printed error passes (the command line's, clap's, a panic's), so that a
/// value echoed whole by any message (clap's `invalid value '...'`) is cut
/// too.
pub fn error_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len().min(LINE_CHARS + 32));
    let mut word = String::new();
    for c in one_line(message).chars() {
        if c.is_whitespace() {
            line.push_str(&cut_word(&word));
            word.clear();
            line.push(c);
        } else {
            word.push(c);
        }
    }
    line.push_str(&cut_word(&word));
    cut(&line, LINE_CHARS)
}

/// A word of an error line cut after [`LINE_WORD_CHARS`] characters, the
/// `:` or `,` that ends it kept (`VALUE: reason`).
fn cut_word(word: &str) -> String {
    let body = word.trim_end_matches([':', ',']);
    format!("{}{}", cut(body, LINE_WORD_CHARS), &word[body.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_are_cut_with_their_length() {
        // Fact: a value of 10 MB (10,485,760 bytes) is shown as its first
        // 60 characters and its length, on one line.
        let huge = "x".repeat(10 * 1024 * 1024);
        assert_eq!(
            shown(&huge),
            format!("{}... (10485760 bytes)", "x".repeat(60))
        );
        assert_eq!(shown("5\n"), "5\\n");
        assert_eq!(shown("a\nb"), "a\\nb");
        // 61 characters of two bytes each: cut on a character boundary.
        let accents = "é".repeat(61);
        assert_eq!(
            shown(&accents),
            format!("{}... (122 bytes)", "é".repeat(60))
        );
        assert_eq!(shown(&"é".repeat(60)), "é".repeat(60));
        let line = error_line(&format!("--wager {huge}: not a number"));
        assert_eq!(
            line,
            format!(
                "--wager {}... (10485760 bytes): not a number",
                "x".repeat(240)
            )
        );
        let spaced = "x ".repeat(5_000_000);
        assert!(error_line(&spaced).ends_with("... (10000000 bytes)"));
        assert!(error_line(&spaced).len() < LINE_CHARS + 40);
    }
}
