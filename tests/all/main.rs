//! All integration tests, in one test binary (one topic per module).
//!
//! Each test says which independent fact it checks: a textbook count, a
//! figure published in the source documents, or a brute-force computation
//! done here by other means than the library's.

mod check;
mod cli;
mod common;
mod evaluator;
mod operator;
mod paytables;
mod readme;
mod report;
mod results;
mod sampler;
mod side_bets;
mod solver;
mod wagers;
