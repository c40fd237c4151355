//! Reading an input file (or standard input) whole, up to a size limit.
//!
//! Every file the program reads because a user named it goes through
//! [`read_file`] or [`read_stdin`]: a pay table, a fee schedule, a results
//! file. Each kind of file has a documented limit ([`PAY_TABLE_LIMIT`],
//! [`FEE_SCHEDULE_LIMIT`], [`RESULTS_FILE_LIMIT`]) far above any real file
//! of its kind; a larger input (`/dev/zero`, a log named by mistake) is
//! refused after reading one byte past the limit, instead of being read
//! until memory runs out. The limits are in docs/commands.md ("Input
//! files").
//!
//! This module depends on nothing else in the crate, so every layer may use
//! it.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// The most bytes read from a pay-table file or standard input: 1 MiB (the
/// largest built-in table is under 3 KB).
pub const PAY_TABLE_LIMIT: u64 = 1 << 20;

/// The most bytes read from a collection-fee schedule file: 1 MiB.
pub const FEE_SCHEDULE_LIMIT: u64 = 1 << 20;

/// The most bytes read from a results file (`results/*.csv`, a seen-card
/// results file): 64 MiB (the largest committed file, base_game.csv, is
/// about 70 KB, so about a thousand times that).
pub const RESULTS_FILE_LIMIT: u64 = 64 << 20;

/// Why an input could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The operating system's error (no such file, not valid UTF-8, ...).
    Io(std::io::Error),
    /// More bytes than the limit.
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
}

impl ReadError {
    /// Whether the file does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::TooLarge { limit } => {
                write!(f, "larger than the limit of {}", size_name(*limit))
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// A size in bytes as the documentation writes it: `1 MiB`, `64 MiB`, or a
/// number of bytes.
fn size_name(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// Everything `source` gives, as UTF-8 text, if it is at most `limit`
/// bytes; reads at most `limit + 1` bytes.
pub fn read_limited(source: impl Read, limit: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    source
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    String::from_utf8(bytes).map_err(|_| {
        ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

/// The file at `path`, whole, if it is at most `limit` bytes.
pub fn read_file(path: &Path, limit: u64) -> Result<String, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    read_limited(file, limit)
}

/// Standard input, whole, if it is at most `limit` bytes.
pub fn read_stdin(limit: u64) -> Result<String, ReadError> {
    read_limited(std::io::stdin().lock(), limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_up_to_the_limit_and_refuses_one_byte_more() {
        // Fact: a source of exactly `limit` bytes is read whole; one byte
        // more is refused, and an endless source stops after `limit + 1`.
        assert_eq!(read_limited(&b"abcd"[..], 4).unwrap(), "abcd");
        assert!(matches!(
            read_limited(&b"abcde"[..], 4),
            Err(ReadError::TooLarge { limit: 4 })
        ));
        assert!(matches!(
            read_limited(std::io::repeat(0), 1 << 20),
            Err(ReadError::TooLarge { .. })
        ));
        assert_eq!(
            ReadError::TooLarge { limit: 1 << 20 }.to_string(),
            "larger than the limit of 1 MiB"
        );
    }

    #[test]
    fn refuses_bytes_that_are_not_text() {
        assert!(matches!(
            read_limited(&[0xff, 0xfe][..], 10),
            Err(ReadError::Io(_))
        ));
    }
}
