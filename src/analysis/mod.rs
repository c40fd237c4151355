//! Analyses over sets of pay tables: everything computed once
//! ([`catalog`]), published figures checked ([`check`]), tables side by side
//! ([`compare`]), the preflop chart with dead cards ([`dead_chart`]), the
//! seen-card results ([`seen_results`]) and the figures about them
//! ([`seen_check`]), the dead-card results ([`dead_results`]) and the
//! figures about them ([`dead_check`]), provenance
//! ([`provenance`]), operator economics ([`economics`]), the exact figures a simulation
//! is compared with ([`exact_base`]), what-if on a pay
//! line ([`what_if`]), the player-dealer section of the report
//! ([`player_dealer`]) and the players a casino has: each strategy's exact
//! figures and a player mix's ([`players`]). The committed results files, written by the
//! report's CSV exporter, are the layer after the report: [`crate::results`].
pub mod catalog;
pub mod check;
pub mod compare;
pub mod dead_chart;
pub mod dead_check;
pub mod dead_results;
pub mod economics;
pub mod exact_base;
pub mod money_rules;
pub mod player_dealer;
pub mod players;
pub mod provenance;
pub mod results_rows;
pub mod seen_check;
pub mod seen_results;
pub mod what_if;
