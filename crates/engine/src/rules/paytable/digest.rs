//! The digest of a pay table's contents: what a results file or a shard
//! of sums records of the table it was computed for, so that a file is
//! matched to a table by what the table pays, never by its id alone (a
//! table named `blind-a` paying a flush 2 to 1 is not Blind table A).
//!
//! The digest is the SHA-256 of a canonical text of the parsed table
//! ([`canonical_text`]): the wager, every pay line (hand and award, one a
//! line, sorted) and the rule options, each in its Rust `Debug` form. The
//! id, the title, the source, the notes and the `[[published]]` figures are
//! left out (they change no figure), and so are the file's layout, its
//! comments and the order of its lines: two files that pay the same
//! have the same digest, two that pay differently have different ones. A
//! change of the pay-table model itself (a new rule option) changes every
//! digest, which is meant: results computed before it are stamped again
//! only after checking they still hold (docs/output-formats-results.md).

use super::PayTable;
use sha2::{Digest, Sha256};

/// The first line of the canonical text: its own version.
const CANONICAL_HEADER: &str = "uth-edge pay-table contents v1";

/// The canonical text the digest is taken of (see the module).
pub fn canonical_text(table: &PayTable) -> String {
    let mut pays: Vec<String> = table
        .lines
        .iter()
        .map(|l| format!("pay {:?} {:?}", l.hand, l.award))
        .collect();
    pays.sort();
    format!(
        "{CANONICAL_HEADER}\nwager {:?}\n{}\nrules {:?}\n",
        table.wager,
        pays.join("\n"),
        table.rules
    )
}

impl PayTable {
    /// The SHA-256 of the table's [canonical text](canonical_text), 64
    /// lowercase hexadecimal digits.
    pub fn contents_sha256(&self) -> String {
        Sha256::digest(canonical_text(self).as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<PayTable, crate::rules::paytable::PayTableError> {
        PayTable::from_toml(text, "test")
    }

    const BLIND: &str = "id = \"t\"\ntitle = \"T\"\nwager = \"blind\"\nsource = \"s\"\n\
        [pays]\nroyal_flush = \"500 to 1\"\nflush = \"3 to 2\"\n";

    #[test]
    fn the_digest_is_of_the_pays_not_of_the_id_layout_or_published_figures() {
        let a = parse_str(BLIND).expect("valid");
        // Another id, title, layout, comments and line order: same pays.
        let b = parse_str(
            "# a comment\nid = \"other\"\ntitle = \"Other\"\nwager = \"blind\"\nsource = \"x\"\n\
             [pays]\nflush   = \"3 to 2\"\nroyal_flush = \"500 to 1\"\n\
             [[published]]\nname = \"n\"\nvalue = \"1%\"\nsource = \"s\"\n",
        )
        .expect("valid");
        assert_eq!(a.contents_sha256(), b.contents_sha256());
        // The flush paid 2 to 1: another table, another digest.
        let c = parse_str(&BLIND.replace("3 to 2", "2 to 1")).expect("valid");
        assert_ne!(a.contents_sha256(), c.contents_sha256());
        assert_eq!(a.contents_sha256().len(), 64);
    }
}
