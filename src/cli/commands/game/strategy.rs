//! `uth-edge game --strategy NAME|FILE`: the base game's exact figures
//! under a fixed strategy (a shipped strategy file or the user's,
//! docs/strategy-format.md), evaluated by the solver over every
//! suit-canonical deal for each Blind table. Parsed in `parse.rs`.

use crate::cli::args::OutputArgs;
use crate::cli::commands::write_results;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{evaluate_policy, RiverTable};
use uth_edge::progress::Progress;
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::{AsPolicy, FileStrategy, Strategy};

/// Runs `game --strategy` (the strategy read and checked by the parse):
/// one river table and one exact evaluation per table.
pub fn run(
    strategy: &FileStrategy,
    tables: &[PayTable],
    output: OutputArgs,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let out = Output::open(output.out.out.as_deref())?;
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let results: Vec<_> = tables
        .iter()
        .map(|table| {
            let solution = evaluate_policy(&river, table, &AsPolicy(strategy), progress);
            let mut result = solution.summary().to_result(table);
            // The table's published figures are for the best play.
            result.published.clear();
            result.title = format!("{}, played by strategy {}", result.title, strategy.name());
            result
        })
        .collect();
    write_results(output.format, &results, tables, reader, out)
}
