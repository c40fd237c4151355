//! What is computed for a set of pay tables, above the engines (cards,
//! rules, `exact/`, `sample/`, `strategy/`) and below the documents
//! (`report/`): the values the commands' documents are built from. Its
//! modules, by what they are for:
//!
//! - the figures of a set of tables: [`catalog`] (every wager of every
//!   table computed once: what `report`, `check`, `compare` and `results`
//!   share), [`compare`] (side by side, grouped by wager), [`economics`]
//!   (what a table earns), [`money_rules`] (the payout limit's and the
//!   meters' figures), [`what_if`] (one pay line varied), [`dead_chart`]
//!   (the preflop chart with cards out of the deck), [`player_dealer`]
//!   (the report's player-dealer section), [`exact_base`] (the exact
//!   figures a simulation is compared with) and [`players`] (the players
//!   a casino has: each strategy's exact figures and a player mix's);
//! - the published figures checked: [`check`] (the figures a table
//!   publishes), [`seen_check`] and [`dead_check`] (those about seen and
//!   dead cards, against the committed results files), [`strategy_check`]
//!   (those published about a strategy, against the committed exact
//!   figures of its readings);
//! - the committed seen-card, dead-card and strategy results files read:
//!   [`seen_results`], [`dead_results`], [`strategy_results`] (which also
//!   computes the strategies' rows) and the row checks they share,
//!   [`results_rows`];
//! - [`provenance`]: what produced a set of figures (version, commit,
//!   command line, date, each table's source and SHA-256).
//!
//! The committed results files, written by the report's CSV exporter, are
//! the layer after the report: [`crate::results`].
pub mod catalog;
pub mod check;
pub mod compare;
pub mod cross_check;
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
pub mod strategy_check;
pub mod strategy_results;
pub mod what_if;
