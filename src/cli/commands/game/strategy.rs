//! `uth-edge game --strategy NAME|FILE`: the base game's exact figures
//! under a fixed strategy (a shipped strategy file or the user's,
//! docs/strategy-format.md), evaluated by the solver over every
//! suit-canonical deal for each Blind table, beside the optimal play in
//! the same pass: what the strategy costs, by decision point and by its
//! costliest deviations (`report::strategy_cost`). On the deck of `--deck
//! N` (its N highest cards) and under a payout limit per hand
//! (`--payout-limit` at each Ante, the optimal play knowing the limit), as
//! asked. Parsed in `parse.rs`.

use crate::cli::args::OutputArgs;
use crate::cli::commands::payout_limit::LimitRun;
use crate::cli::commands::{provenance, render_document};
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{evaluate_limited_policy_cost, evaluate_policy_cost, RiverTable};
use uth_edge::progress::Progress;
use uth_edge::report::{strategy_cost, ExportContext};
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::{AsPolicy, FileStrategy};

/// `game --strategy`, checked: what is evaluated, nothing computed yet.
pub struct StrategyRun {
    /// The name or file the user gave (the title and the CSV's `strategy`
    /// column name it).
    pub given: String,
    /// The strategy, read and checked.
    pub strategy: FileStrategy,
    /// The Blind tables (under a payout limit, the limit run's).
    pub tables: Vec<PayTable>,
    /// The deck (`--deck N`: its N highest cards; default the 52).
    pub deck: CardSet,
    /// The payout limit and its Antes (`--payout-limit`), if given: every
    /// amount checked solvable exactly.
    pub limit: Option<LimitRun>,
}

/// Runs `game --strategy`: one river table on the deck and one exact
/// evaluation, with the optimal play beside it, per table (and Ante, under
/// a payout limit).
pub fn run(
    run: StrategyRun,
    output: OutputArgs,
    quiet: bool,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    if let Some(limit) = &run.limit {
        limit.warn_below_floor(quiet);
    }
    let out = Output::open(output.out.out.as_deref())?;
    let label = strategy_cost::strategy_label(&run.given, &run.strategy);
    let policy = AsPolicy(&run.strategy);
    let river = RiverTable::build(run.deck, progress);
    let deck = match run.deck.len() {
        52 => String::new(),
        n => format!(", on the {n}-card deck of the {n} highest cards (not the 52-card game)"),
    };
    let mut results = Vec::new();
    let mut costs = Vec::new();
    for table in &run.tables {
        match &run.limit {
            None => {
                let both = evaluate_policy_cost(&river, table, &policy, progress);
                let mut result = both.strategy.summary().to_result(table);
                // The table's published figures are for the best play.
                result.published.clear();
                result.title = format!("{}, played by {label}{deck}", result.title);
                results.push(result);
                costs.push(both.cost);
            }
            Some(limit) => {
                for ante in &limit.antes {
                    let both = evaluate_limited_policy_cost(
                        &river,
                        table,
                        &limit.rule.at(ante),
                        &policy,
                        progress,
                    )
                    .expect("amounts checked before any work (LimitRun::read)");
                    let played =
                        format!("played by {label}, the optimal play knowing the limit beside it");
                    let mut result = limit
                        .rule
                        .row_played(&both.strategy, table, ante, &played)
                        .result;
                    result.title = format!("{}, played by {label}{deck}", result.title);
                    results.push(result);
                    costs.push(both.cost);
                }
            }
        }
    }
    let context = ExportContext {
        provenance: Some(provenance(reader)),
        tables: run.tables.clone(),
        ..ExportContext::default()
    };
    let document = strategy_cost::document(&results, &costs, &run.strategy, &label, &context)?;
    render_document(output.format, &document, out, "the report")
}
