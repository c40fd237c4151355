//! The exact engines: every deal enumerated (with suit symmetry and card
//! removal), integer counts, exact fractions.
//!
//! - [`game`]: the base game (Ante, Blind, Play) under the optimal strategy;
//! - [`side_bets`]: Trips and the Six Card Bonus, over all seven- and
//!   six-card hands;
//! - [`showdown`]: every player/dealer deal counted by both hands'
//!   categories and the showdown result;
//! - [`showdown_bets`]: the Bad Beat bonus and Trips that must beat the
//!   dealer, from those counts;
//! - [`progressive`]: the Progressive Payout wager and its Envy Bonus;
//! - [`meter_long_run`]: its long-run return as the meters rise and reset;
//! - [`few_others`]: the Envy Bonus's hit frequency with one or two other
//!   players, in closed form for any qualifying categories;
//! - [`seen`]: the base game for a player who sees cards he should not
//!   (a dealer hole card, a community card): game protection;
//! - [`ultimate_pairs`]: the Ultimate Pairs Bonus, over every player and
//!   dealer two-card deal.
/// The version of the exact engines' results: bumped whenever a change
/// would change a figure they compute (not the crate's version). Every
/// results file and every shard of sums records the version it was
/// computed with, and a file of another version is refused
/// (docs/output-formats-results.md, "Provenance of results files").
pub const ENGINE_VERSION: u32 = 1;

pub mod few_others;
pub mod game;
pub mod meter_long_run;
pub mod progressive;
pub mod seen;
pub mod showdown;
pub mod showdown_bets;
pub mod side_bets;
pub mod ultimate_pairs;
