//! The flags of the operator's tools: `what-if` (one pay line changed, a
//! line added or removed, a family of tables searched) and `economics` (what
//! a table earns).

use super::{OutputArgs, TableJsonOutputArgs};
use clap::Args;

#[derive(Args)]
pub struct WhatIfArgs {
    /// The pay table: built-in id, TOML file path or `-`.
    #[arg(long = "paytable", value_name = "ID|PATH|-", required = true)]
    pub paytable: String,
    /// The line to vary, by its hand name in the pay table (e.g. flush,
    /// straight, royal_flush).
    #[arg(long, value_name = "HAND", required_unless_present_any = ["add", "remove", "vary"])]
    pub hand: Option<String>,
    /// The target house edge, a percentage with its % sign: 2% (a bare 0.02
    /// is refused: write 2% or 0.02%).
    #[arg(
        long,
        value_name = "EDGE",
        allow_hyphen_values = true,
        required_unless_present_any = ["sweep", "add", "remove", "vary"],
        conflicts_with = "sweep"
    )]
    pub edge: Option<String>,
    /// Pays to try, as FROM:TO:STEP in units of "X to 1" (e.g. 3:8:0.5).
    #[arg(long, value_name = "FROM:TO:STEP")]
    pub sweep: Option<String>,
    /// Six Card Bonus: the amount wagered in dollars. Default: 5.
    #[arg(long, value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wager: Option<String>,
    /// Add a line the table lacks, HAND=PAY (45, 7.5, 3/2); repeat. Prints
    /// the exact edge before and after (with --vary: edits made first).
    #[arg(long, value_name = "HAND=PAY", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub add: Vec<String>,
    /// Take a line out (its hands then lose the wager); repeat.
    #[arg(long, value_name = "HAND", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub remove: Vec<String>,
    /// A family of tables: vary a line over HAND=VALUES, values being pays,
    /// FROM:TO:STEP ranges and `out`, comma-separated (flush=5:8:0.5,
    /// straight=3,4,out); repeat for each line (side bets; at most 100,000
    /// tables).
    #[arg(long, value_name = "HAND=VALUES", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub vary: Vec<String>,
    /// With --vary: keep the tables whose house edge lies in LOW..HIGH
    /// (2.5%..3.5%, ends included).
    #[arg(
        long,
        value_name = "LOW..HIGH",
        allow_hyphen_values = true,
        requires = "vary"
    )]
    pub band: Option<String>,
    /// With --vary: the order of the tables kept. Default: hit-frequency.
    #[arg(long, value_name = "ORDER", requires = "vary",
          value_parser = ["hit-frequency", "volatility"])]
    pub rank: Option<String>,
    /// With --vary: how many tables to print. Default: 20.
    #[arg(long, value_name = "N", requires = "vary")]
    pub top: Option<usize>,
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

#[derive(Args)]
pub struct EconomicsArgs {
    /// Blind pay table (base game); repeat to compare. Default: blind-a.
    #[arg(long = "blind", value_name = "ID|PATH|-")]
    pub blinds: Vec<String>,
    /// Trips pay table; repeat to compare. Default: uth-01.
    #[arg(long = "trips", value_name = "ID|PATH|-")]
    pub trips: Vec<String>,
    /// Six Card Bonus pay table; repeat to compare. Default: six-card-a.
    #[arg(long = "six-card", value_name = "ID|PATH|-")]
    pub six_cards: Vec<String>,
    /// Hands dealt per hour.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub hands_per_hour: u32,
    /// Seats filled on average (a table seats six).
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub seats: u32,
    /// Hours open per day.
    #[arg(
        long = "hours",
        visible_alias = "hours-per-day",
        value_name = "N",
        default_value_t = 16
    )]
    pub hours_per_day: u32,
    /// Days open per year.
    #[arg(
        long = "days",
        visible_alias = "days-per-year",
        value_name = "N",
        default_value_t = 365
    )]
    pub days_per_year: u32,
    /// Count only this wager; repeat for several. Default: every wager
    /// (the Ultimate Pairs Bonus only with --ultimate-pairs).
    #[arg(long = "wager", value_name = "WAGER",
          value_parser = ["base-game", "trips", "six-card", "ultimate-pairs"])]
    pub wagers: Vec<String>,
    /// Leave the base game (Ante, Blind, Play) out: the side bets alone.
    #[arg(long, conflicts_with = "wagers")]
    pub no_base_game: bool,
    /// Average Ante in dollars.
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "10",
        allow_hyphen_values = true
    )]
    pub ante: String,
    /// Share of seat-hands with a Trips wager, in percent: 40%.
    #[arg(
        long,
        value_name = "SHARE",
        default_value = "50%",
        allow_hyphen_values = true
    )]
    pub trips_take_up: String,
    /// Average Trips wager in dollars.
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "5",
        allow_hyphen_values = true
    )]
    pub trips_amount: String,
    /// Share of seat-hands with a Six Card Bonus wager, in percent: 20%.
    #[arg(
        long,
        value_name = "SHARE",
        default_value = "20%",
        allow_hyphen_values = true
    )]
    pub six_card_take_up: String,
    /// Average Six Card Bonus wager in dollars (its edge depends on it).
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "5",
        allow_hyphen_values = true
    )]
    pub six_card_amount: String,
    /// Ultimate Pairs Bonus pay table; repeat to compare. Default: none (the
    /// wager is left out).
    #[arg(long = "ultimate-pairs", value_name = "ID|PATH|-")]
    pub ultimate_pairs: Vec<String>,
    /// Share of seat-hands with an Ultimate Pairs Bonus wager, in percent:
    /// 10%.
    #[arg(
        long,
        value_name = "SHARE",
        default_value = "10%",
        allow_hyphen_values = true
    )]
    pub ultimate_pairs_take_up: String,
    /// Average Ultimate Pairs Bonus wager in dollars.
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "5",
        allow_hyphen_values = true
    )]
    pub ultimate_pairs_amount: String,
    /// The players of the table, each a strategy (optimal, a shipped
    /// strategy or a strategy file) with its share of the seat-hands, the
    /// shares summing to 100%: optimal:5%,wizard:45%,timid:20%,FILE:30%.
    /// Adds the base game's hold under this mix beside the optimal hold
    /// (each strategy an exact solve of a minute or two).
    #[arg(
        long,
        value_name = "STRATEGY:SHARE,...",
        conflicts_with = "players_file"
    )]
    pub players: Option<String>,
    /// The players as a file of [[player]] tables (strategy, share):
    /// docs/strategy-format.md, "A player mix".
    #[arg(long, value_name = "FILE")]
    pub players_file: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}
