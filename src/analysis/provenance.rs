//! Provenance: what produced a set of figures, so that a filed report can
//! be reproduced. The tool's version and git commit (from the build), the
//! command line, the date, and for each pay table its id, where it came
//! from and the SHA-256 of its file's bytes; every other file the run read
//! (strategy files, a player mix, results files, ...) with its SHA-256;
//! and, for the submission report's certification block, the SHA-256 of
//! the running binary.
//!
//! The committed `results/` files carry none of this (they must stay
//! byte-identical from run to run); every other JSON document and report
//! does.

use serde::Serialize;
use sha2::{Digest, Sha256};

/// The version of the JSON documents' layout; raised when a key changes
/// meaning or disappears (adding keys does not raise it).
pub const SCHEMA_VERSION: u32 = 1;

/// The tool's version, from `Cargo.toml`.
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit the tool was built from (`unknown` outside a checkout).
pub const GIT_COMMIT: &str = env!("UTH_EDGE_GIT_COMMIT");

/// Where one pay table came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableSource {
    /// The table's id.
    pub id: String,
    /// `built-in`, a file path, or `standard input`.
    pub origin: String,
    /// SHA-256 of the file's bytes, lowercase hexadecimal.
    pub sha256: String,
}

impl TableSource {
    /// The source of a table read from `text`.
    pub fn new(id: &str, origin: &str, text: &str) -> TableSource {
        TableSource {
            id: id.to_string(),
            origin: origin.to_string(),
            sha256: sha256_hex(text.as_bytes()),
        }
    }
}

/// What produced a document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Provenance {
    /// The name of the program.
    pub tool: String,
    /// The program's version.
    pub tool_version: String,
    /// The git commit the program was built from.
    pub git_commit: String,
    /// The command line, arguments separated by spaces.
    pub command_line: String,
    /// The date the figures were computed, UTC, `YYYY-MM-DD`.
    pub date: String,
    /// Every pay table the figures come from.
    pub paytables: Vec<TableSource>,
    /// Every other file the run read (not a pay table's), with its SHA-256
    /// ([`crate::input_file::files_read`]), ordered by path; absent from
    /// the JSON when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub input_files: Vec<crate::input_file::FileRead>,
}

impl Provenance {
    /// The provenance of this run, now.
    pub fn now(command_line: String, paytables: Vec<TableSource>) -> Provenance {
        let days = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() / 86_400);
        Provenance {
            tool: "uth-edge".to_string(),
            tool_version: TOOL_VERSION.to_string(),
            git_commit: GIT_COMMIT.to_string(),
            command_line,
            date: civil_date(days as i64),
            input_files: other_files(&paytables),
            paytables,
        }
    }
}

/// The files the run read that are not the pay tables' (whose origin is
/// the path as given, or `standard input`), ordered by path (then digest),
/// so that the same run gives the same list whatever order it read them in.
fn other_files(paytables: &[TableSource]) -> Vec<crate::input_file::FileRead> {
    let mut files: Vec<crate::input_file::FileRead> = crate::input_file::files_read()
        .into_iter()
        .filter(|f| !paytables.iter().any(|t| t.origin == f.path))
        .collect();
    files.sort_by(|a, b| (&a.path, &a.sha256).cmp(&(&b.path, &b.sha256)));
    files
}

/// SHA-256 of the running program's file (what a certifier compares with
/// the binary under review), lowercase hexadecimal; `None` when the
/// program's file cannot be read (removed or replaced since it started).
pub fn running_binary_sha256() -> Option<String> {
    let path = std::env::current_exe().ok()?;
    let bytes = std::fs::read(path).ok()?;
    Some(sha256_hex(&bytes))
}

/// SHA-256 of `bytes`, lowercase hexadecimal.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `YYYY-MM-DD` of the day `days` after 1970-01-01 (the proleptic
/// Gregorian calendar; Howard Hinnant's days-to-civil algorithm).
pub fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_of_known_days() {
        // Facts: day 0 is 1970-01-01; 2000-03-01 is day 11,017 (30 years of
        // 365 days + 7 leap days + 59 days of 2000); 2026-11-26 is day
        // 20,783.
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(11_017), "2000-03-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_783), "2026-11-26");
    }

    #[test]
    fn sha256_of_known_strings() {
        // Facts: the SHA-256 test vectors of FIPS 180-2 ("abc") and of the
        // empty string.
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
