//! The rules of the game as data and as code: pay tables (their model,
//! files and validation) and settlement, the one place that decides what
//! each wager wins or loses (and, at a player-dealer table, in what order
//! and how far the player-dealer's bank covers it); the collection fees of a
//! player-dealer table.
pub mod collection;
pub mod paytable;
pub mod settlement;
