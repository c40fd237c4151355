//! uth-edge: exact house edge and element of risk of every Ultimate Texas
//! Hold'em wager, for any pay table.
//!
//! The crate is the engine; `src/main.rs` is a thin command-line front end.
//! Data flows one way, one layer per folder:
//!
//! ```text
//! cards → evaluator → rules (pay tables, settlement) → exact / strategy / sample
//!       → result → analysis (catalog, check, compare, results files) → report (exporters)
//! ```
//!
//! - [`cards`]: cards, card sets, parsing of card strings, suit isomorphism;
//! - [`evaluator`]: the lookup-table hand evaluator;
//! - [`fraction`]: exact fractions, the currency of every figure;
//! - [`money`]: dollar amounts read and written exactly;
//! - [`rules`]: pay tables (data model, files, validation) and settlement,
//!   the one place that decides what each wager wins or loses;
//! - [`exact`]: the exact engines: the base game's optimal-strategy solver,
//!   Trips and the Six Card Bonus, the showdown counts and the wagers read
//!   from them (Bad Beat, must-beat-dealer Trips, Progressive);
//! - [`strategy`]: player strategies (the optimal oracle and rule-based ones);
//! - [`sample`]: the Monte Carlo engine (any strategy, every wager, sessions);
//! - [`analysis`]: everything computed for a set of pay tables, published
//!   figures checked, tables compared, the committed results files;
//! - [`result`]: what the engines return (exact figures, no formatting);
//! - [`report`]: the exporters (table, CSV, JSON, Markdown, HTML);
//! - [`progress`]: progress reports of long computations;
//! - [`error`]: the one error type of everything a user can get wrong;
//! - [`input_file`]: every input file read whole, up to a size limit.
#![deny(missing_docs)]

pub mod analysis;
pub mod cards;
pub mod error;
pub mod evaluator;
pub mod exact;
pub mod fraction;
pub mod input_file;
pub mod money;
pub mod progress;
pub mod report;
pub mod result;
pub mod rules;
pub mod sample;
pub mod strategy;
