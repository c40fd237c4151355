//! The flags of the dead-card cases (`game --seen exposed:1 | collude:K`,
//! `--shard`, `--deck`, the leak's stakes) and of `uth-edge merge` (the stakes; no
//! `--shard`: the merge adds every shard).

use clap::Args;
use std::path::PathBuf;

/// The flags of `game` for the dead-card cases.
#[derive(Args)]
pub struct DeadArgs {
    /// Dead-card cases only: solve shard I of N (1 <= I <= N, N at most the
    /// case's number of classes) and write its exact integer sums (for
    /// `uth-edge merge`) instead of the figures.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Exact dead-card cases only, for checking on a small deck (and a
    /// cheap sharded run, e.g. a cluster's test): the N highest cards (a
    /// multiple of 4 from 16 to 52: 16 is jack to ace). Default: 52.
    #[arg(id = "dead_deck", long = "deck", value_name = "N")]
    pub deck: Option<u32>,
    #[command(flatten)]
    pub leak: LeakArgs,
}

/// The stakes a leak is priced at (`game`'s dead-card cases and `merge`).
/// No default in clap: a flag given where it means nothing is refused, so
/// whether it was given must show (the defaults are applied in
/// `settings::LeakStakes`).
#[derive(Args)]
pub struct LeakArgs {
    /// Dead-card cases: Ante in dollars, for the house's loss per hour.
    /// Default: 10.
    #[arg(
        id = "leak_ante", // not `ante`: --payout-limit's --ante is in the same command
        long = "leak-ante",
        value_name = "DOLLARS",
        allow_hyphen_values = true
    )]
    pub ante: Option<String>,
    /// Dead-card cases: hands per hour each player plays. Default: 30.
    #[arg(
        id = "leak_hands_per_hour",
        long = "leak-hands-per-hour",
        value_name = "N"
    )]
    pub hands_per_hour: Option<u32>,
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
    /// With --samples, collude:2 and collude:3: draw N classes of the
    /// partners' cards (under suit renaming) a stratum instead of N
    /// situations, each solved exactly for every player holding by one
    /// solve of the base game (the exact run's unit of work).
    #[arg(id = "by_class", long = "by-class", requires = "dead_samples")]
    pub by_class: bool,
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
    pub leak: LeakArgs,
    #[command(flatten)]
    pub output: super::OutputArgs,
}
