//! The flags of the operator's tool `economics` (what a table earns;
//! `what-if` has its home in `cli/commands/what_if/`).

use super::OutputArgs;
use clap::Args;

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
    #[command(flatten)]
    pub output: OutputArgs,
}
