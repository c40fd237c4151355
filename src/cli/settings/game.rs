//! The `game` command's settings: the Blind tables, and with `--seen` the
//! seen-card cases, each read and checked before any solving.

use super::TableReader;
use crate::cli::args::GameArgs;
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, Seen};
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// What `game` solves.
pub struct GameSettings {
    pub tables: Vec<PayTable>,
    /// The seen-card cases (game protection); none for the fair game.
    pub seen: Vec<Seen>,
}

impl GameSettings {
    /// Reads and checks the `game` command's flags.
    pub fn read(reader: &mut TableReader, args: &GameArgs) -> Result<GameSettings, InputError> {
        if args.seen.is_empty() {
            let tables = super::paytables_for(reader, &args.blinds, WagerKind::Blind)?;
            return Ok(GameSettings {
                tables,
                seen: Vec::new(),
            });
        }
        let cases: Vec<Seen> = args
            .seen
            .iter()
            .map(|t| Seen::parse(t).map_err(|e| InputError::usage(e.to_string())))
            .collect::<Result<_, _>>()?;
        // The seen-card cases default to blind-a alone.
        let blinds = if args.blinds.is_empty() {
            vec!["blind-a".to_string()]
        } else {
            args.blinds.clone()
        };
        let tables = super::paytables_for(reader, &blinds, WagerKind::Blind)?;
        for table in &tables {
            seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
        }
        Ok(GameSettings {
            tables,
            seen: cases,
        })
    }
}
