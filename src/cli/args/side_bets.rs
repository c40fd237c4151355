//! The flags of the side-bet commands: `trips`, `six-card`, `bad-beat`
//! and `ultimate-pairs` (`progressive` has its home in
//! `cli/commands/progressive/`).

use super::OutputArgs;
use clap::Args;

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
