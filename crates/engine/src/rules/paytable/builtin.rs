//! The pay tables built into the binary: their ids and file texts
//! (`include_str!` of `paytables/*.toml`, so the tool runs from any
//! directory), the wager each is for, and the ids that are rule variants.
//!
//! The wagers are read once a process ([`builtin_wagers`]): reading all
//! twelve files costs about 15 million instructions (the Ultimate Pairs
//! table's check of its two-card lines most of it), which a strategy
//! file's `[[published]]` entry paid on every read when it asked which
//! tables are Blind tables.

use super::{PayTable, WagerKind};
use std::sync::OnceLock;

/// How error messages name a built-in table's file.
pub(super) fn builtin_origin(id: &str) -> String {
    format!("paytables/{id}.toml (built in)")
}

/// The built-in tables: id and file text.
pub(super) const BUILTIN: [(&str, &str); 12] = [
    (
        "uth-01",
        include_str!("../../../../../paytables/uth-01.toml"),
    ),
    (
        "uth-02",
        include_str!("../../../../../paytables/uth-02.toml"),
    ),
    (
        "uth-03",
        include_str!("../../../../../paytables/uth-03.toml"),
    ),
    (
        "uth-04",
        include_str!("../../../../../paytables/uth-04.toml"),
    ),
    (
        "blind-a",
        include_str!("../../../../../paytables/blind-a.toml"),
    ),
    (
        "blind-b",
        include_str!("../../../../../paytables/blind-b.toml"),
    ),
    (
        "six-card-a",
        include_str!("../../../../../paytables/six-card-a.toml"),
    ),
    (
        "six-card-b",
        include_str!("../../../../../paytables/six-card-b.toml"),
    ),
    (
        "uth-florida",
        include_str!("../../../../../paytables/uth-florida.toml"),
    ),
    (
        "bad-beat-dg",
        include_str!("../../../../../paytables/bad-beat-dg.toml"),
    ),
    (
        "progressive-md",
        include_str!("../../../../../paytables/progressive-md.toml"),
    ),
    (
        "ultimate-pairs-example",
        include_str!("../../../../../paytables/ultimate-pairs-example.toml"),
    ),
];

/// Built-in tables that are rule variants of their wager: used when named,
/// not by default (see [`PayTable::default_ids_for`]).
pub const VARIANTS: [&str; 1] = ["uth-florida"];

/// The wager of each built-in table, in [`BUILTIN`]'s order (`None` for a
/// file that does not read, a defect of the build the tests catch): read
/// once a process, the files being part of the binary.
pub(super) fn builtin_wagers() -> &'static [(&'static str, Option<WagerKind>)] {
    static WAGERS: OnceLock<Vec<(&'static str, Option<WagerKind>)>> = OnceLock::new();
    WAGERS.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|&(id, text)| {
                let wager = PayTable::from_toml(text, &builtin_origin(id)).map(|t| t.wager);
                (id, wager.ok())
            })
            .collect()
    })
}
