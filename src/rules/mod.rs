//! The rules of the game as data and as code: pay tables (their model,
//! files and validation) and settlement, the one place that decides what
//! each wager wins or loses.
pub mod paytable;
pub mod settlement;
