//! One-line messages: how a value read from the user or a file is echoed
//! in an error message (on one line, invisible characters escaped, cut to a
//! bounded length) and how a whole error line is printed.
//!
//! It imports nothing of the crate: every layer may use it (a pay table's
//! reader, an amount's parser, the command line), and `error` (the documents crate)
//! re-exports it.

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
