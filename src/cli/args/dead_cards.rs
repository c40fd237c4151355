//! The flags of the dead-card cases (`game --seen exposed:1 | collude:K`,
//! `--shard`) and of `uth-edge merge`.

use clap::Args;
use std::path::PathBuf;

/// The flags of `game` for the dead-card cases.
#[derive(Args)]
pub struct DeadArgs {
    /// Dead-card cases only: solve shard I of N (1 <= I <= N) and write its
    /// exact integer sums (for `uth-edge merge`) instead of the figures.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Dead-card cases: Ante in dollars, for the house's loss per hour.
    #[arg(
        id = "leak_ante", // not `ante`: --payout-limit's --ante is in the same command
        long = "leak-ante",
        value_name = "DOLLARS",
        default_value = "10"
    )]
    pub ante: String,
    /// Dead-card cases: hands per hour each player plays.
    #[arg(
        id = "leak_hands_per_hour",
        long = "leak-hands-per-hour",
        value_name = "N",
        default_value_t = 30
    )]
    pub hands_per_hour: u32,
}

/// The flags of `game` for the sampled estimate of collusion (not of
/// `merge`, which adds exact sums).
#[derive(Args)]
pub struct SampleArgs {
    /// collude:2 to collude:6: estimate from a stratified sample of N
    /// situations in each stratum, each solved exactly (required for
    /// collude:4 to 6, whose exact solve is out of reach); prints the
    /// projected time first.
    #[arg(id = "dead_samples", long = "samples", value_name = "N")]
    pub samples: Option<u64>,
    /// With --samples: the seed of the sample (the same seed gives the same
    /// figures). Default: 1.
    #[arg(
        id = "dead_seed",
        long = "seed",
        value_name = "S",
        requires = "dead_samples"
    )]
    pub seed: Option<u64>,
}

/// `uth-edge merge`: adds the sums of the shards of one dead-card run.
#[derive(Args)]
pub struct MergeArgs {
    /// The sums files of shards 1/N .. N/N (any order).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// The Blind pay table the sums were computed for (built-in id or TOML
    /// file path): the base game is solved on it for the gain.
    #[arg(long = "blind", value_name = "ID|PATH|-", default_value = "blind-a")]
    pub blind: String,
    #[command(flatten)]
    pub dead: DeadArgs,
    #[command(flatten)]
    pub output: super::OutputArgs,
}
