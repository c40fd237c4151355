//! `uth-edge game`, its one home: the flags ([`GameArgs`]), the one typed
//! value parsed once from them ([`Game`], an enum of the command's modes:
//! `parse*.rs`, no work there) and the run of each mode (one file each).
//!
//! A new mode is a variant of [`Game`], its arm in [`Game::from_args`] (and a
//! line of the flag table there if it gives a flag a meaning), its arm in
//! [`run`] and its file; no other file reads a flag of `game`.

mod dead;
mod optimal;
mod parse;
mod parse_dead;
pub mod parse_leak;
mod parse_sampled;
mod sampled;
mod seen;
mod strategy;

pub use dead::write_figures;

use super::payout_limit::{LimitRun, PayoutLimitArgs};
use crate::cli::args::OutputArgs;
use crate::cli::settings::TableReader;
use clap::Args;
use parse_leak::LeakArgs;
use uth_edge::progress::Progress;
use uth_edge::rules::paytable::PayTable;

#[derive(Args)]
pub struct GameArgs {
    /// A Blind pay table: built-in id (blind-a, blind-b) or TOML file path;
    /// repeat for several. Default: blind-a, blind-b.
    #[arg(long = "blind", value_name = "ID|PATH|-")]
    pub blinds: Vec<String>,
    /// Print the time of each stage (river table, each solve) and the peak
    /// memory on standard error.
    #[arg(long)]
    pub timing: bool,
    /// Evaluate this strategy exactly instead of the best play: a shipped
    /// name (wizard, timid, never-4x, pairs-and-aces, always-river, ...;
    /// see `uth-edge strategies`), a strategy file (docs/strategy-format.md),
    /// or optimal (the default); under --payout-limit too, and on --deck N.
    #[arg(long = "strategy", value_name = "NAME|FILE")]
    pub strategy: Option<String>,
    /// Game protection: the player sees cards he should not, e.g.
    /// `dealer:1` (one dealer hole card), `dealer:2`, `flop:1` (one flop
    /// card before the preflop decision), `turnriver:1` (one turn/river card
    /// before the preflop decision), `turnriver-at-flop:1` (one turn/river
    /// card seen only after the preflop decision, known at the flop), or
    /// combinations such as `dealer:1,flop:1`; repeat for several cases.
    /// Dead cards (out of the deck, known to the player): `exposed:1` (one
    /// card out of play) or `collude:K` (K = 1 to 6 players pool their hole
    /// cards; 4 to 6 only estimated, with --samples).
    /// Default Blind table: blind-a.
    #[arg(long = "seen", value_name = "CASE")]
    pub seen: Vec<String>,
    #[command(flatten)]
    pub limit: PayoutLimitArgs,
    #[command(flatten)]
    pub dead: DeadArgs,
    #[command(flatten)]
    pub sample: SampleArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

impl GameArgs {
    /// The `--blind` tables given, or blind-a alone (the default of the
    /// seen- and dead-card cases; the parse steps' one helper).
    fn blinds_or_a(&self) -> Vec<String> {
        if self.blinds.is_empty() {
            vec!["blind-a".to_string()]
        } else {
            self.blinds.clone()
        }
    }
}

/// The flags of `game` for the dead-card cases.
#[derive(Args)]
pub struct DeadArgs {
    /// Dead-card cases only: solve shard I of N (1 <= I <= N, N at most the
    /// case's number of classes) and write its exact integer sums (for
    /// `uth-edge merge`) instead of the figures.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Exact dead-card cases and --strategy only, for checking on a small
    /// deck (and a cheap sharded run, e.g. a cluster's test): the N highest
    /// cards (a multiple of 4 from 16 to 52: 16 is jack to ace). Default:
    /// 52.
    #[arg(id = "dead_deck", long = "deck", value_name = "N")]
    pub deck: Option<u32>,
    #[command(flatten)]
    pub leak: LeakArgs,
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

/// What a `game` run is, parsed once from its flags ([`Game::from_args`]):
/// everything its run needs, checked, nothing computed yet.
pub enum Game {
    /// The base game under optimal strategy, for each Blind table; with
    /// `timing`, each stage's time on standard error.
    Optimal { tables: Vec<PayTable>, timing: bool },
    /// The base game played by a fixed strategy (`--strategy NAME|FILE`,
    /// not optimal), for each Blind table, on the deck of `--deck N`, under
    /// `--payout-limit` if given.
    Strategy(Box<strategy::StrategyRun>),
    /// The base game under a payout limit per hand (`--payout-limit`).
    PayoutLimited(LimitRun),
    /// Seen-card cases (`--seen dealer:1`, `flop:1`, ...).
    Seen(seen::SeenRun),
    /// Dead-card cases solved exactly, whole or one shard (`--seen
    /// exposed:1 | collude:K [--shard I/N] [--deck N]`).
    Dead(parse_dead::DeadRun),
    /// Collusion estimated from a sample (`--samples`, or collude:4 to 6).
    DeadSampled(parse_sampled::SampledRun),
}

/// Runs `game`: the flags parsed into one [`Game`] (every refusal there,
/// one line, before any work), then its mode run (`quiet`: `--quiet`, no
/// warnings, and no cost lines of the dead-card cases).
pub fn run(
    args: GameArgs,
    quiet: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let game = Game::from_args(&args, reader)?;
    let output = args.output;
    match game {
        Game::Optimal { tables, timing } => optimal::run(&tables, timing, output, reader, progress),
        Game::Strategy(run) => strategy::run(*run, output, quiet, reader, progress),
        Game::PayoutLimited(run) => run.run_game(output, quiet, reader, progress),
        Game::Seen(run) => seen::run(run, output, reader, progress),
        Game::Dead(run) => dead::run(run, output, quiet, reader, progress),
        Game::DeadSampled(run) => sampled::run(run, output, quiet, reader, progress),
    }
}
