//! uth-edge: exact house edge and element of risk of every Ultimate Texas
//! Hold'em wager, for any pay table.
//!
//! The crate is the engine; `src/main.rs` is a thin command-line front end.
//! Data flows one way, one layer per folder or file, each importing only
//! from the layers before it (CONTRIBUTING.md draws them;
//! `tests/all/layers.rs` holds them):
//!
//! ```text
//! input_file, progress, message → cards → evaluator → fraction → money
//!   → rules (pay tables, settlement) → result → exact → strategy → sample
//!   → analysis (catalog, check, compare, economics) → error → report (exporters)
//!   → results (the committed results files)
//! ```
//!
//! - [`input_file`]: every input file read whole, up to a size limit;
//! - [`progress`]: progress reports of long computations;
//! - [`message`]: one-line messages, a value echoed safely;
//! - [`cards`]: cards, card sets, parsing of card strings, suit isomorphism;
//! - [`evaluator`]: the lookup-table hand evaluator;
//! - [`fraction`]: exact fractions, the currency of every figure;
//! - [`money`]: dollar amounts read and written exactly;
//! - [`rules`]: pay tables (data model, files, validation) and settlement,
//!   the one place that decides what each wager wins or loses;
//! - [`result`]: what the engines return (exact figures, no formatting);
//! - [`exact`]: the exact engines: the base game's optimal-strategy solver,
//!   Trips and the Six Card Bonus, the showdown counts and the wagers read
//!   from them (Bad Beat, must-beat-dealer Trips, Progressive);
//! - [`strategy`]: player strategies (the optimal oracle and rule-based ones);
//! - [`sample`]: the Monte Carlo engine (any strategy, every wager, sessions);
//! - [`analysis`]: everything computed for a set of pay tables, published
//!   figures checked, tables compared, operator economics;
//! - [`error`]: the one error type of everything a user can get wrong;
//! - [`report`]: the exporters (table, CSV, JSON, Markdown, HTML);
//! - [`results`]: the committed results files and their comparison.
#![deny(missing_docs)]

pub mod analysis;
pub mod cards;
pub mod error;
pub mod evaluator;
pub mod exact;
pub mod fraction;
pub mod input_file;
pub mod message;
pub mod money;
pub mod progress;
pub mod report;
pub mod result;
pub mod results;
pub mod rules;
pub mod sample;
pub mod strategy;
