//! The parse of `game`'s dead-card modes solved exactly (`--seen
//! exposed:1 | collude:K [--shard I/N] [--deck N]`): the cases, the shard,
//! the deck, the Blind tables and the stakes a leak is priced at, read and
//! checked before any solving.

use super::parse_leak::LeakStakes;
use super::GameArgs;
use crate::cli::settings::{self, TableReader};
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, dead};
use uth_edge::report::Format;
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// `game --seen exposed:1|collude:K`: what is solved.
pub struct DeadRun {
    pub cases: Vec<dead::DeadCase>,
    /// The shard to solve (`--shard I/N`), or none: the whole.
    pub shard: Option<dead::Shard>,
    pub stakes: LeakStakes,
    /// The Blind tables (default blind-a).
    pub tables: Vec<PayTable>,
    /// The deck (`--deck N`: its N highest cards; default the 52).
    pub deck: CardSet,
}

/// Reads and checks `game`'s flags for the dead-card cases (the shard's
/// count against the case's classes, which may take a minute to count, is
/// checked by the run, first: [`super::dead::run`]).
pub fn parse(args: &GameArgs, reader: &mut TableReader) -> Result<DeadRun, InputError> {
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
    let deck = settings::deck_of(args.dead.deck)?;
    // The smallest deck (16) deals a hand with collude:3's four dead cards
    // (2 + 4 + 2 + 5 = 13); collude:4 to 6 are sampled, without --deck.
    let shard = match &args.dead.shard {
        Some(text) => Some(dead::Shard::parse(text).map_err(InputError::usage)?),
        None => None,
    };
    if shard.is_some() && cases.len() != 1 {
        return Err(InputError::usage("--shard takes one --seen case"));
    }
    if shard.is_some() && args.output.format != Format::Table {
        return Err(InputError::usage(format!(
            "--format {}: a shard writes its exact sums (a text file for `uth-edge merge`), in no format; `merge` takes --format",
            args.output.format.name()
        )));
    }
    let stakes = LeakStakes::read(&args.dead.leak)?;
    let tables = settings::paytables_for(reader, &args.blinds_or_a(), WagerKind::Blind)?;
    if shard.is_some() && tables.len() != 1 {
        return Err(InputError::usage("--shard takes one --blind table"));
    }
    for table in &tables {
        seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
    }
    Ok(DeadRun {
        cases,
        shard,
        stakes,
        tables,
        deck,
    })
}
