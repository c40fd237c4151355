//! `uth-edge game --strategy NAME|FILE`: the base game's exact figures
//! under a fixed strategy (a shipped strategy file or the user's,
//! docs/strategy-format.md), evaluated by the solver over every
//! suit-canonical deal for each Blind table.

use super::write_results;
use crate::cli::args::GameArgs;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{evaluate_policy, RiverTable};
use uth_edge::progress::Progress;
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::{AsPolicy, FileStrategy, Strategy};

/// Runs `game --strategy`: the strategy read and checked before any work,
/// then one river table and one exact evaluation per table.
pub fn run(
    args: &GameArgs,
    strategy: &str,
    tables: &[PayTable],
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    if args.timing {
        return Err(InputError::usage(
            "--timing: means nothing with --strategy (it times the solve of the best play)",
        )
        .into());
    }
    let strategy = FileStrategy::resolve(strategy).map_err(InputError::from)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let results: Vec<_> = tables
        .iter()
        .map(|table| {
            let solution = evaluate_policy(&river, table, &AsPolicy(&strategy), progress);
            let mut result = solution.summary().to_result(table);
            // The table's published figures are for the best play.
            result.published.clear();
            result.title = format!("{}, played by strategy {}", result.title, strategy.name());
            result
        })
        .collect();
    write_results(args.output.format, &results, tables, reader, out)
}
