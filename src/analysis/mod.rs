//! Analyses over sets of pay tables: everything computed once
//! ([`catalog`]), published figures checked ([`check`]), tables side by side
//! ([`compare`]), the committed results files ([`results`]), provenance
//! ([`provenance`]), operator economics ([`economics`]) and what-if on a pay
//! line ([`what_if`]).
pub mod catalog;
pub mod check;
pub mod compare;
pub mod economics;
pub mod provenance;
pub mod results;
pub mod what_if;
