//! The parse of `merge`'s flags: every shard's sums read and added, the
//! Blind table they name read and checked to be the one they were computed
//! for, the stakes; nothing solved.

use super::MergeArgs;
use crate::cli::commands::game::parse_leak::LeakStakes;
use crate::cli::settings::TableReader;
use uth_edge::error::InputError;
use uth_edge::exact::seen::dead;
use uth_edge::input_file;
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// `uth-edge merge`, parsed: the shards' sums added, and the table they
/// are for.
pub struct Merge {
    pub whole: dead::DeadSums,
    pub table: PayTable,
    pub stakes: LeakStakes,
}

impl Merge {
    /// Reads every shard's sums, adds them, and reads the Blind table they
    /// name (it must be the one given).
    pub fn from_args(args: &MergeArgs, reader: &mut TableReader) -> Result<Merge, InputError> {
        let stakes = LeakStakes::read(&args.leak)?;
        let mut parts = vec![];
        // Every shard registered first: none may be an output of this run.
        for path in &args.files {
            crate::cli::output_path::note_input("the shard", path)?;
        }
        for path in &args.files {
            let text = input_file::read_file(
                path,
                input_file::FileKind::Shard,
                input_file::SHARD_FILE_LIMIT,
            )
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
        Ok(Merge {
            whole,
            table,
            stakes,
        })
    }
}
