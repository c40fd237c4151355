//! `uth-edge merge`, its one home: the flags ([`MergeArgs`]), their parse
//! into one [`Merge`] (`parse.rs`: every shard's sums read and added, the
//! Blind table they name checked to be the one given) and the run (the
//! figures of the whole dead-card run, written as `game` writes them).

mod parse;

use super::game::parse_leak::LeakArgs;
use crate::cli::args::OutputArgs;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use clap::Args;
use parse::Merge;
use std::path::PathBuf;
use uth_edge::progress::Progress;

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
    pub output: OutputArgs,
}

/// `uth-edge merge FILE...`: the figures of a run from its shards' sums.
pub fn run(
    args: MergeArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let Merge {
        whole,
        table,
        stakes,
    } = Merge::from_args(&args, reader)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    super::game::write_figures(
        &[(whole, table)],
        args.output.format,
        &stakes,
        reader,
        progress,
        out,
    )
}
