//! The engine of uth-edge: exact house edge and element of risk of every
//! Ultimate Texas Hold'em wager, for any pay table, as values (no command
//! line, no documents, no text a user reads but one-line error messages).
//!
//! What a program embedding uth-edge calls: read a pay table
//! ([`rules::paytable`], [`rules::collection`]); solve the base game under
//! optimal play ([`exact::game::solve`]) or evaluate a strategy
//! ([`exact::game::evaluate_policy`] with a [`strategy::Strategy`]); the
//! side bets' exact figures ([`exact::side_bets`], [`exact::progressive`]);
//! the dead-card and seen-card engines ([`exact::seen`]); sampling
//! ([`sample`]); every payout settled in [`rules::settlement`]. Every
//! figure is an exact [`fraction::Fraction`].
//!
//! The modules, each importing only from those before it:
//!
//! ```text
//! input_file, progress, message → cards → evaluator → fraction → money
//!   → rules (pay tables, settlement) → result → exact → strategy → sample
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
//!   from them (Bad Beat, must-beat-dealer Trips, Progressive), the seen-
//!   and dead-card engines;
//! - [`strategy`]: player strategies (the optimal oracle and rule-based ones);
//! - [`sample`]: the Monte Carlo engine (any strategy, every wager, sessions).
#![deny(missing_docs)]

pub mod cards;
pub mod evaluator;
pub mod exact;
pub mod fraction;
pub mod input_file;
pub mod message;
pub mod money;
pub mod progress;
pub mod result;
pub mod rules;
pub mod sample;
pub mod strategy;
