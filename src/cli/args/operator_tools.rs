//! The flags of the operator's tool `what-if` (one pay line changed, a
//! line added or removed, a family of tables searched); `economics` has
//! its home in `cli/commands/economics/`.

use super::TableJsonOutputArgs;
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
