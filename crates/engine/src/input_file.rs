//! Reading an input file (or standard input) whole, up to a size limit,
//! and the run's files that must not be one another.
//!
//! Every file the program reads because a user named it goes through
//! [`read_file`] or [`read_stdin`]: a pay table, a fee schedule, a results
//! file, a shard's sums. Each kind of file has a documented limit
//! ([`PAY_TABLE_LIMIT`], [`FEE_SCHEDULE_LIMIT`], [`RESULTS_FILE_LIMIT`],
//! [`SHARD_FILE_LIMIT`]) far above any real file of its kind; a larger
//! input (`/dev/zero`, a log named by mistake) is refused after reading one
//! byte past the limit, instead of being read until memory runs out. The
//! limits are in docs/commands.md ("Input files").
//!
//! Every file read is also registered as an input of the run ([`register`]):
//! the one output path (`cli/output_path.rs`) registers each output there
//! too, and a file that is both (compared by device and inode, so a
//! symbolic or hard link is the same file) is refused whichever comes
//! first. A caller may register a file before reading it, with a name for
//! the message (`the pay table my.toml`); a file read without one is still
//! registered, as `the input file PATH`, so no reader can forget. Only
//! [`read_replaced_file`] reads without registering: a file the run is
//! about to replace, read to check what it holds.
//!
//! Every file read whole is also recorded once, with the SHA-256 of its
//! bytes and its kind ([`FileKind`], given by its reader: a pay table, a
//! strategy file, a player mix, ...) ([`files_read`]): the provenance of a
//! document lists them, so that a report names every input it came from
//! and what it is.
//!
//! This module depends on nothing else in the crate, so every layer may use
//! it.

use std::fmt;
use std::io::Read;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The most bytes read from a pay-table file or standard input: 1 MiB (the
/// largest built-in table is under 3 KB).
pub const PAY_TABLE_LIMIT: u64 = 1 << 20;

/// The most bytes read from a collection-fee schedule file: 1 MiB.
pub const FEE_SCHEDULE_LIMIT: u64 = 1 << 20;

/// The most bytes read from a results file (`results/*.csv`, a seen-card
/// results file): 64 MiB (the largest committed file, base_game.csv, is
/// about 70 KB, so about a thousand times that).
pub const RESULTS_FILE_LIMIT: u64 = 64 << 20;

/// The most bytes read from a shard's sums file (`uth-edge merge FILE`):
/// 16 KiB (a shard written by `game --shard` is under 300 bytes).
pub const SHARD_FILE_LIMIT: u64 = 16 << 10;

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
    /// The file is an output of this run: the message says which.
    IsOutput(String),
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
            ReadError::IsOutput(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// A size in bytes as the documentation writes it: `1 MiB`, `64 MiB`, or a
/// number of bytes.
fn size_name(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
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

/// The file at `path`, whole, if it is at most `limit` bytes; registered
/// as an input of the run (refused if it is one of its outputs) and
/// recorded with its kind and SHA-256 ([`files_read`]).
pub fn read_file(path: &Path, kind: FileKind, limit: u64) -> Result<String, ReadError> {
    register_input(&format!("the input file {}", path.display()), path)
        .map_err(ReadError::IsOutput)?;
    let text = read_replaced_file(path, limit)?;
    record(&path.display().to_string(), kind, &text);
    Ok(text)
}

/// What an input file is, as the provenance and the certification block
/// name it: each reader says which it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileKind {
    /// A pay table (`--paytable FILE`, `--blind FILE`, ...).
    PayTable,
    /// A strategy file (docs/strategy-format.md).
    Strategy,
    /// A player mix file (`--players-file`).
    PlayerMix,
    /// A seen-card results file (`--seen-results`).
    SeenResults,
    /// A dead-card results file (`--dead-results`).
    DeadResults,
    /// A strategy results file (`check --strategy-results`).
    StrategyResults,
    /// A committed results file compared with a fresh computation
    /// (`results --check`).
    CommittedResults,
    /// A shard's sums (`merge FILE`).
    Shard,
    /// A player-dealer table's collection-fee schedule (`--fees`).
    FeeSchedule,
}

impl FileKind {
    /// Every kind, in the order of the enum.
    pub const ALL: [FileKind; 9] = [
        FileKind::PayTable,
        FileKind::Strategy,
        FileKind::PlayerMix,
        FileKind::SeenResults,
        FileKind::DeadResults,
        FileKind::StrategyResults,
        FileKind::CommittedResults,
        FileKind::Shard,
        FileKind::FeeSchedule,
    ];

    /// The kind as a key of the JSON and CSV outputs: `pay_table`,
    /// `strategy_file`, `player_mix`, `seen_results`, `dead_results`,
    /// `strategy_results`, `committed_results`, `shard`, `fee_schedule`.
    pub fn key(self) -> &'static str {
        match self {
            FileKind::PayTable => "pay_table",
            FileKind::Strategy => "strategy_file",
            FileKind::PlayerMix => "player_mix",
            FileKind::SeenResults => "seen_results",
            FileKind::DeadResults => "dead_results",
            FileKind::StrategyResults => "strategy_results",
            FileKind::CommittedResults => "committed_results",
            FileKind::Shard => "shard",
            FileKind::FeeSchedule => "fee_schedule",
        }
    }

    /// The kind in words, as the pages print it: `pay table`, `strategy
    /// file`, `player mix`, `seen-card results`, ...
    pub fn words(self) -> &'static str {
        match self {
            FileKind::PayTable => "pay table",
            FileKind::Strategy => "strategy file",
            FileKind::PlayerMix => "player mix",
            FileKind::SeenResults => "seen-card results",
            FileKind::DeadResults => "dead-card results",
            FileKind::StrategyResults => "strategy results",
            FileKind::CommittedResults => "committed results",
            FileKind::Shard => "shard's sums",
            FileKind::FeeSchedule => "collection-fee schedule",
        }
    }
}

impl serde::Serialize for FileKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.key())
    }
}

/// One file read: its path as given (`standard input` for it), what kind
/// of file it is, and the SHA-256 of its bytes, lowercase hexadecimal.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FileRead {
    /// The path as the user gave it.
    pub path: String,
    /// What the file is (its reader says).
    pub kind: FileKind,
    /// SHA-256 of the bytes read.
    pub sha256: String,
}

/// The files read so far, each once, in the order first read.
static READ: Mutex<Vec<FileRead>> = Mutex::new(Vec::new());

/// Records `path`'s `text` as read, a file of `kind` (once per path, kind
/// and digest).
fn record(path: &str, kind: FileKind, text: &str) {
    use sha2::{Digest, Sha256};
    let sha256: String = Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let file = FileRead {
        path: path.to_string(),
        kind,
        sha256,
    };
    let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
    if !read.contains(&file) {
        read.push(file);
    }
}

/// Every file read so far by [`read_file`] and [`read_stdin`], each once,
/// with its SHA-256.
pub fn files_read() -> Vec<FileRead> {
    READ.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The file at `path`, whole, if it is at most `limit` bytes, not
/// registered as an input: only for a file this run is about to replace
/// (its output), read to check what it holds.
pub fn read_replaced_file(path: &Path, limit: u64) -> Result<String, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    read_limited(file, limit)
}

/// Standard input, whole, if it is at most `limit` bytes, a file of
/// `kind`; what it comes from (a file redirected) registered as an input
/// of the run.
pub fn read_stdin(kind: FileKind, limit: u64) -> Result<String, ReadError> {
    register_input("standard input", Path::new("/dev/stdin")).map_err(ReadError::IsOutput)?;
    let text = read_limited(std::io::stdin().lock(), limit)?;
    record("standard input", kind, &text);
    Ok(text)
}

/// One file as [`register`] compares them.
#[derive(Clone, PartialEq, Eq)]
enum Identity {
    /// An existing file: device and inode.
    Inode(u64, u64),
    /// A file not created yet: its directory's real path and its name.
    New(PathBuf),
}

/// A registered file: its identity, how to name it in an error, and
/// whether it is an output.
struct Registered {
    identity: Identity,
    /// `--out results.csv`, `the pay table my.toml`, ...
    name: String,
    output: bool,
}

/// The files of this run so far.
static REGISTERED: Mutex<Vec<Registered>> = Mutex::new(Vec::new());

/// The directory a file path is in (`.` for a bare name).
pub fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The identity of `path` (symbolic links followed), if it can be told.
fn identity(path: &Path) -> Option<Identity> {
    match std::fs::metadata(path) {
        Ok(m) => Some(Identity::Inode(m.dev(), m.ino())),
        Err(_) => {
            let dir = std::fs::canonicalize(parent_of(path)).ok()?;
            Some(Identity::New(dir.join(path.file_name()?)))
        }
    }
}

/// Registers `path` as an input named `name` (`the pay table my.toml`);
/// refused if it is an output of this run. A path that cannot be told
/// (no such directory) is left to its reader to report.
pub fn register_input(name: &str, path: &Path) -> Result<(), String> {
    register(name.to_string(), path, false)
}

/// Registers `path` as an output named `name` (`--out report.html`);
/// refused if it is an input of this run or another output.
pub fn register_output(name: &str, path: &Path) -> Result<(), String> {
    register(name.to_string(), path, true)
}

/// Registers `path`: the error is one line naming both files.
fn register(name: String, path: &Path, output: bool) -> Result<(), String> {
    let Some(identity) = identity(path) else {
        return Ok(());
    };
    let mut registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    // Two inputs may well be one file; anything else may not.
    if let Some(other) = registered
        .iter()
        .find(|r| r.identity == identity && (r.output || output))
    {
        let (out, other_name) = if output {
            (&name, &other.name)
        } else {
            (&other.name, &name)
        };
        let what = if other.output && output {
            "is also the output of"
        } else {
            "is also an input of this run:"
        };
        return Err(format!(
            "{out}: {what} {other_name} (the same file); writing it would overwrite it"
        ));
    }
    registered.push(Registered {
        identity,
        name,
        output,
    });
    Ok(())
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
        assert_eq!(
            ReadError::TooLarge { limit: 16 << 10 }.to_string(),
            "larger than the limit of 16 KiB"
        );
    }

    #[test]
    fn each_kind_of_file_has_its_own_key_and_words() {
        // Fact: the kinds are told apart in the outputs, so no two share a
        // key or words; a key is snake_case (a JSON value, a CSV field).
        for (i, a) in FileKind::ALL.iter().enumerate() {
            for b in &FileKind::ALL[i + 1..] {
                assert_ne!(a.key(), b.key());
                assert_ne!(a.words(), b.words());
            }
            assert!(a.key().chars().all(|c| c.is_ascii_lowercase() || c == '_'));
        }
    }

    #[test]
    fn refuses_bytes_that_are_not_text() {
        assert!(matches!(
            read_limited(&[0xff, 0xfe][..], 10),
            Err(ReadError::Io(_))
        ));
    }
}
