//! `--payout-limit` on `game` and `strategy`: the base game under a payout
//! limit per hand (COMAR 36.05.16.12F) at given stakes, solved exactly with
//! the player knowing the limit: the results of a run its settings
//! ([`LimitRun`], `cli/settings/payout_limit.rs`) have checked.

use crate::cli::settings::{LimitRun, TableReader};
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{RiverTable, Solution};
use uth_edge::money::dollars;
use uth_edge::progress::Progress;
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::PayTable;

impl LimitRun {
    /// Solves every table at every Ante: one result each, per Ante.
    pub fn results(&self, progress: &dyn Progress) -> Vec<WagerResult> {
        self.rule
            .all_rows(&self.tables, &self.antes, progress)
            .into_iter()
            .flat_map(|(_, rows)| rows.into_iter().map(|r| r.result))
            .collect()
    }

    /// The solution for `table` at the first Ante (`strategy`).
    pub fn solve_first<'a>(&self, river: &'a RiverTable, progress: &dyn Progress) -> Solution<'a> {
        self.rule
            .solve(river, &self.tables[0], &self.antes[0], progress)
    }
}

/// `uth-edge strategy [CARDS] --payout-limit DOLLARS --ante DOLLARS`: the
/// strategy (chart, or one hand's decisions) under the limit, from the
/// limited solve (the direct spot enumerations know no limit).
pub fn strategy(
    args: &crate::cli::args::StrategyArgs,
    table: PayTable,
    groups: &[String],
    seen: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let (run, cards) = LimitRun::read_for_strategy(&args.limit, table, groups, seen, reader)?;
    let out = crate::cli::output::Output::open(args.output.out.out.as_deref())?;
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let solution = run.solve_first(&river, progress);
    let heading = format!(
        "Under a payout limit of {} per hand at a {} Ante (COMAR 36.05.16.12F), the player knowing it:",
        dollars(&run.rule.limit),
        dollars(&run.antes[0])
    );
    let document = uth_edge::report::strategy::from_solution(
        &solution,
        &cards,
        Some(heading),
        super::provenance(reader),
    );
    super::render_document(args.output.format, &document, out, "the strategy")
}
