//! uth-edge's documents: everything computed for a set of pay tables
//! (analysis), the one error type of what a user can get wrong, the
//! documents and their renderers, the committed results files; above the
//! engine crate (`crates/engine`, `uth_edge_engine`), below the binary
//! (`src/main.rs`, the command line, which reaches this crate through its
//! public items only).
//!
//! The workspace's floors, each a crate the compiler keeps apart:
//!
//! ```text
//! uth_edge_engine (crates/engine): cards, evaluator, rules, exact, strategy, sample
//!   → uth_edge (src/lib.rs): analysis → error → report → results
//!   → uth-edge (src/main.rs): the command line
//! ```
//!
//! - [`analysis`]: everything computed for a set of pay tables, published
//!   figures checked, tables compared, operator economics;
//! - [`error`]: the one error type of everything a user can get wrong;
//! - [`report`]: the documents and their exporters (table, CSV, JSON,
//!   Markdown, HTML);
//! - [`results`]: the committed results files and their comparison.
//!
//! The engine's modules are re-exported under their own names
//! (`uth_edge::cards`, `uth_edge::exact`, ...), so that a path reads the
//! same in both crates.
#![deny(missing_docs)]

pub mod analysis;
pub mod error;
pub mod report;
pub mod results;

pub use uth_edge_engine::{
    cards, evaluator, exact, fraction, input_file, message, money, progress, result, rules, sample,
    strategy,
};
