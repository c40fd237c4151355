//! The flags of the side-bet commands: `trips`, `six-card`, `progressive`,
//! `bad-beat` and `ultimate-pairs`.

use super::{money_rules, OutputArgs};
use clap::{Args, ValueEnum};

#[derive(Args)]
pub struct TripsArgs {
    /// A Trips pay table: built-in id (uth-01 .. uth-04, uth-florida) or TOML
    /// file path; repeat for several. Default: uth-01, uth-02, uth-03, uth-04.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct SixCardArgs {
    /// A Six Card Bonus pay table: built-in id (six-card-a, six-card-b) or
    /// TOML file path; repeat for several. Default: six-card-a, six-card-b.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    /// The amount wagered in dollars (the Super Royal pays a fixed amount, so
    /// the edge depends on it); repeat for several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct ProgressiveArgs {
    /// A Progressive pay table: built-in id (progressive-md) or TOML file
    /// path; repeat for several. Default: progressive-md.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    /// The progressive meter in dollars (the royal and straight flush pay a
    /// share of it); repeat for several. Default: 10000, the lowest reset
    /// amount COMAR 36.05.16.12D(3) allows.
    #[arg(long = "meter", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub meters: Vec<String>,
    /// Other players at the table, 0 to 5 (each may win the player an Envy
    /// Bonus); repeat for several. Default: 0.
    #[arg(long = "players", value_name = "N")]
    pub players: Vec<u32>,
    /// The Progressive wager in dollars (the Envy Bonus depends on it);
    /// repeat for several. Default: 1.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    /// Which five cards make the hand, overriding the pay table's `hand`.
    #[arg(long, value_enum)]
    pub hand: Option<HandArg>,
    #[command(flatten)]
    pub meter: money_rules::MeterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum HandArg {
    /// The player's two cards and the three flop cards.
    HoleAndFlop,
    /// The best five of the player's two cards and the five community cards.
    BestOfSeven,
}

#[derive(Args)]
pub struct BadBeatArgs {
    /// A Bad Beat pay table: built-in id (bad-beat-dg) or TOML file path;
    /// repeat for several. Default: bad-beat-dg.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct UltimatePairsArgs {
    /// An Ultimate Pairs Bonus pay table: built-in id
    /// (ultimate-pairs-example) or TOML file path; repeat for several.
    /// Default: every built-in Ultimate Pairs table.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}
