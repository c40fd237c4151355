//! All integration tests, one binary, one topic per module.
mod common;
mod solver;
