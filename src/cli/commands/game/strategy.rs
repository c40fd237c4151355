//! `uth-edge game --strategy NAME|FILE`: the base game's exact figures
//! under a fixed strategy (a shipped strategy file or the user's,
//! docs/strategy-format.md), evaluated by the solver over every
//! suit-canonical deal for each Blind table, beside the optimal play in
//! the same pass: what the strategy costs, by decision point and by its
//! costliest deviations (`report::strategy_cost`). Parsed in `parse.rs`.

use crate::cli::args::OutputArgs;
use crate::cli::commands::{provenance, render_document};
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{evaluate_policy_cost, RiverTable};
use uth_edge::progress::Progress;
use uth_edge::report::{strategy_cost, ExportContext};
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::{AsPolicy, FileStrategy};

/// Runs `game --strategy` (the strategy read and checked by the parse,
/// `given` the name or file the user gave, which the title and the CSV's
/// `strategy` column name):
/// one river table and one exact evaluation, with the optimal play beside
/// it, per table.
pub fn run(
    given: &str,
    strategy: &FileStrategy,
    tables: &[PayTable],
    output: OutputArgs,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let out = Output::open(output.out.out.as_deref())?;
    let label = strategy_cost::strategy_label(given, strategy);
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let mut results = Vec::new();
    let mut costs = Vec::new();
    for table in tables {
        let both = evaluate_policy_cost(&river, table, &AsPolicy(strategy), progress);
        let mut result = both.strategy.summary().to_result(table);
        // The table's published figures are for the best play.
        result.published.clear();
        result.title = format!("{}, played by {label}", result.title);
        results.push(result);
        costs.push(both.cost);
    }
    let context = ExportContext {
        provenance: Some(provenance(reader)),
        tables: tables.to_vec(),
        ..ExportContext::default()
    };
    let document = strategy_cost::document(&results, &costs, strategy, &label, &context)?;
    render_document(output.format, &document, out, "the report")
}
