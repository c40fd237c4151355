//! The settings of the dead-card cases (`game --seen exposed:1 | collude:K
//! [--shard I/N] [--deck N]`) and of `uth-edge merge`: the cases, the
//! shard, the deck, the Blind tables, the stakes a leak is priced at, the shards' sums read and
//! added; all checked before any solving.

use super::TableReader;
use crate::cli::args::dead_cards::{LeakArgs, MergeArgs};
use crate::cli::args::GameArgs;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, dead, partners};
use uth_edge::fraction::Fraction;
use uth_edge::input_file;
use uth_edge::money::parse_dollars;
use uth_edge::report::Format;
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// What a leak is priced at: the Ante in dollars and the hands per hour.
pub struct LeakStakes {
    pub ante: Fraction,
    pub hands_per_hour: u32,
}

impl LeakStakes {
    /// The Ante when `--leak-ante` is not given, in dollars.
    const DEFAULT_ANTE: i128 = 10;
    /// The hands an hour when `--leak-hands-per-hour` is not given.
    const DEFAULT_HANDS_PER_HOUR: u32 = 30;

    /// `--leak-ante` and `--leak-hands-per-hour`.
    pub fn read(args: &LeakArgs) -> Result<LeakStakes, InputError> {
        let ante = match &args.ante {
            Some(text) => parse_dollars("leak-ante", text).map_err(InputError::from)?,
            None => Fraction::from_int(Self::DEFAULT_ANTE),
        };
        let hands_per_hour = args.hands_per_hour.unwrap_or(Self::DEFAULT_HANDS_PER_HOUR);
        if hands_per_hour == 0 {
            return Err(InputError::usage(
                "--leak-hands-per-hour 0: must be at least 1",
            ));
        }
        Ok(LeakStakes {
            ante,
            hands_per_hour,
        })
    }
}

/// `game --seen exposed:1|collude:K`: what is solved.
pub struct DeadGameSettings {
    pub cases: Vec<dead::DeadCase>,
    /// The shard to solve (`--shard I/N`), or none: the whole.
    pub shard: Option<dead::Shard>,
    pub stakes: LeakStakes,
    /// The Blind tables (default blind-a).
    pub tables: Vec<PayTable>,
    /// The deck (`--deck N`: its N highest cards; default the 52).
    pub deck: CardSet,
}

impl DeadGameSettings {
    /// Reads and checks `game`'s flags for the dead-card cases.
    pub fn read(args: &GameArgs, reader: &mut TableReader) -> Result<DeadGameSettings, InputError> {
        if args.seen.iter().any(|s| !dead::DeadCase::is_dead_case(s)) {
            return Err(InputError::usage(
                "--seen: dead-card cases (exposed:1, collude:K) go alone, not with seen-card cases",
            ));
        }
        let cases: Vec<dead::DeadCase> = args
            .seen
            .iter()
            .map(|t| dead::DeadCase::parse(t).map_err(|e| InputError::usage(e.to_string())))
            .collect::<Result<_, _>>()?;
        let deck = super::deck_of(args.dead.deck)?;
        // The smallest deck (16) deals a hand with collude:3's four dead
        // cards (2 + 4 + 2 + 5 = 13); collude:4 to 6 are sampled, without
        // --deck.
        let shard = match &args.dead.shard {
            Some(text) => Some(dead::Shard::parse(text).map_err(InputError::usage)?),
            None => None,
        };
        if shard.is_some() && cases.len() != 1 {
            return Err(InputError::usage("--shard takes one --seen case"));
        }
        if let (Some(shard), [case]) = (shard, &cases[..]) {
            // A shard is every N-th class: with more shards than classes,
            // some would hold none and project nothing. The cases solved by
            // classes of their dead cards count them at once (16,432 for
            // collude:3, in well under a second); collude:1's classes of
            // (player cards, dead cards) are not counted when N is at most
            // the fewest there can be (each class holds at most 24 suit
            // renamings of its situations).
            let n = deck.len();
            let choose = |n: usize, k: usize| (0..k).fold(1usize, |c, i| c * (n - i) / (i + 1));
            let fewest = choose(n, 2) * choose(n - 2, case.dead_cards()) / 24;
            let classes = match case {
                _ if case.by_dead_classes() => {
                    partners::dead_classes(deck, case.dead_cards()).len()
                }
                _ if shard.count <= fewest => fewest,
                _ => dead::class_count(deck, case.dead_cards()),
            };
            if shard.count > classes {
                return Err(InputError::usage(format!(
                    "--shard {}/{}: {case} has {classes} classes, so at most {classes} shards (a shard of no class would solve nothing)",
                    shard.index, shard.count
                )));
            }
        }
        if shard.is_some() && args.output.format != Format::Table {
            return Err(InputError::usage(format!(
                "--format {}: a shard writes its exact sums (a text file for `uth-edge merge`), in no format; `merge` takes --format",
                args.output.format.name()
            )));
        }
        let stakes = LeakStakes::read(&args.dead.leak)?;
        let blinds = if args.blinds.is_empty() {
            vec!["blind-a".to_string()]
        } else {
            args.blinds.clone()
        };
        let tables = super::paytables_for(reader, &blinds, WagerKind::Blind)?;
        if shard.is_some() && tables.len() != 1 {
            return Err(InputError::usage("--shard takes one --blind table"));
        }
        for table in &tables {
            seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
        }
        Ok(DeadGameSettings {
            cases,
            shard,
            stakes,
            tables,
            deck,
        })
    }
}

/// `uth-edge merge`: the shards' sums added, and the table they are for.
pub struct MergeSettings {
    pub whole: dead::DeadSums,
    pub table: PayTable,
    pub stakes: LeakStakes,
}

impl MergeSettings {
    /// Reads every shard's sums, adds them, and reads the Blind table they
    /// name (it must be the one given).
    pub fn read(args: &MergeArgs, reader: &mut TableReader) -> Result<MergeSettings, InputError> {
        let stakes = LeakStakes::read(&args.leak)?;
        let mut parts = vec![];
        // Every shard registered first: none may be an output of this run.
        for path in &args.files {
            crate::cli::output_path::note_input("the shard", path)?;
        }
        for path in &args.files {
            let text = input_file::read_file(path, input_file::SHARD_FILE_LIMIT)
                .map_err(|e| InputError::usage(format!("{}: {e}", path.display())))?;
            let sums = dead::DeadSums::parse(&text)
                .map_err(|e| InputError::usage(format!("{}: {e}", path.display())))?;
            parts.push(sums);
        }
        let whole = dead::DeadSums::merge(&parts).map_err(InputError::usage)?;
        // The table the sums were computed for, to solve the base game.
        let table = reader.read_for(&args.blind, WagerKind::Blind)?;
        if table.id != whole.paytable {
            return Err(InputError::usage(format!(
                "--blind {}: the sums are for Blind table {}; give it with --blind",
                args.blind, whole.paytable
            )));
        }
        let given = table.contents_sha256();
        if given != whole.paytable_sha256 {
            return Err(InputError::usage(format!(
                "--blind {}: the sums are for a Blind table {} of contents SHA-256 {}, but this table {} has SHA-256 {given}: give the table they were computed for",
                args.blind, whole.paytable, whole.paytable_sha256, table.id
            )));
        }
        Ok(MergeSettings {
            whole,
            table,
            stakes,
        })
    }
}
