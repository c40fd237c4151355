//! The digest of a strategy's decisions: what a results row of the
//! strategy's exact figures records (`results/strategies.csv`), so that
//! `check` matches a row to a strategy by what it plays, never by its name
//! alone (a file named `wizard` that raises differently is not the Wizard's
//! strategy), as a pay table's digest does for its pays.
//!
//! The digest is the SHA-256 of a canonical text of the parsed strategy
//! ([`canonical_text`]): the preflop choice of each of the 169 hand
//! classes, then the flop and the river rules as read (each rule's action
//! and its conditions, in the reader's order) and their defaults, each in
//! its Rust `Debug` form. The name, the description, the source, the
//! `[[published]]` figures, the comments and the layout are left out (they
//! change no decision). A change of the reader's model (a new predicate)
//! changes every digest, which is meant: the rows are written again.

use super::FileStrategy;
use sha2::{Digest, Sha256};

/// The first line of the canonical text: its own version.
const CANONICAL_HEADER: &str = "uth-edge strategy decisions v1";

/// The canonical text the digest is taken of (see the module).
pub fn canonical_text(strategy: &FileStrategy) -> String {
    format!(
        "{CANONICAL_HEADER}\npreflop {:?}\nflop {:?}\nriver {:?}\n",
        strategy.preflop, strategy.flop, strategy.river
    )
}

impl FileStrategy {
    /// The SHA-256 of the strategy's [canonical text](canonical_text), 64
    /// lowercase hexadecimal digits.
    pub fn decisions_sha256(&self) -> String {
        Sha256::digest(canonical_text(self).as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wizard_text() -> &'static str {
        FileStrategy::builtin_text("wizard").unwrap()
    }

    #[test]
    fn comments_names_and_published_figures_leave_the_digest_alone() {
        // Fact: none of these changes a decision.
        let original = FileStrategy::from_toml(wizard_text(), "a").unwrap();
        let renamed = wizard_text()
            .replace("name = \"wizard\"", "name = \"copy\"")
            .replace("# Two pair or better", "# another comment");
        let renamed = FileStrategy::from_toml(&renamed, "b").unwrap();
        assert_eq!(original.decisions_sha256(), renamed.decisions_sha256());
        assert_eq!(original.decisions_sha256().len(), 64);
    }

    #[test]
    fn a_changed_decision_changes_the_digest() {
        let original = FileStrategy::from_toml(wizard_text(), "a").unwrap();
        for (from, to) in [
            ("dealer_outs_below = 21", "dealer_outs_below = 20"),
            ("33+, A2+", "22+, A2+"),
            (
                "flush_draw_hole_at_least = \"T\"",
                "flush_draw_hole_at_least = \"J\"",
            ),
        ] {
            assert!(wizard_text().contains(from), "{from}");
            let changed = FileStrategy::from_toml(&wizard_text().replace(from, to), "b").unwrap();
            assert_ne!(
                original.decisions_sha256(),
                changed.decisions_sha256(),
                "{to}"
            );
        }
    }
}
