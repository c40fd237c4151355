//! Analyses over sets of pay tables: everything computed once
//! ([`catalog`]), published figures checked ([`check`]), tables side by side
//! ([`compare`]) and the committed results files ([`results`]).
pub mod catalog;
pub mod check;
pub mod compare;
pub mod economics;
pub mod provenance;
pub mod results;
