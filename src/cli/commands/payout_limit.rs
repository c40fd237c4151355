//! `--payout-limit` on `game` and `strategy`: the base game under a payout
//! limit per hand (COMAR 36.05.16.12F) at given stakes, solved exactly with
//! the player knowing the limit, and its results. The flags and their
//! checks (all before any work) are in [`crate::cli::settings`]
//! (`LimitRun`).

use super::provenance;
use crate::cli::args::StrategyArgs;
use crate::cli::output::Output;
use crate::cli::settings::{LimitRun, LimitStrategy, TableReader};
use anyhow::Context;
use std::io::Write;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{largest_win, solve_limited, RiverTable, Solution};
use uth_edge::fraction::Fraction;
use uth_edge::money::dollars;
use uth_edge::progress::Progress;
use uth_edge::report::{self, Format};
use uth_edge::result::{Figure, WagerResult};
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::oracle;

impl LimitRun {
    /// Solves every table at every Ante: one result each, per Ante.
    pub fn results(&self, progress: &dyn Progress) -> Vec<WagerResult> {
        let river = RiverTable::build(CardSet::FULL_DECK, progress);
        let mut results = Vec::new();
        for table in &self.tables {
            for ante in &self.antes {
                let solution = self.solve(&river, table, ante, progress);
                results.push(self.result(&solution, table, ante));
            }
        }
        results
    }

    /// The solution for `table` at the first Ante (`strategy`).
    pub fn solve_first<'a>(&self, river: &'a RiverTable, progress: &dyn Progress) -> Solution<'a> {
        self.solve(river, &self.tables[0], &self.antes[0], progress)
    }

    fn solve<'a>(
        &self,
        river: &'a RiverTable,
        table: &PayTable,
        ante: &Fraction,
        progress: &dyn Progress,
    ) -> Solution<'a> {
        solve_limited(river, table, &self.limit_at(ante), progress)
            .expect("amounts checked by LimitRun::read")
    }

    /// The report row of a solution at an Ante of `ante` dollars, with the
    /// limit's figures.
    fn result(&self, solution: &Solution, table: &PayTable, ante: &Fraction) -> WagerResult {
        let summary = solution.summary();
        let mut result = summary.to_result(table);
        let limit = self.limit_at(ante);
        let reading = if self.net_of_losses {
            "the net win (wins less the wagers lost)"
        } else {
            "the wins, stakes excluded, not reduced by wagers lost"
        };
        let trips = match &self.trips {
            Some((t, amount)) => format!(", Trips {} on {}", dollars(amount), t.id),
            None => String::new(),
        };
        result.wager_amount = Some(ante.clone());
        // The table's published figures are of the unlimited game.
        result.published.clear();
        result.rule = Some(format!(
            "payout limit {} per hand (COMAR 36.05.16.12F) on {reading} of the Ante, Blind, Play and Trips; Ante {}{trips}; optimal play knowing the limit",
            dollars(&self.limit),
            dollars(ante)
        ));
        let capped: Fraction = summary
            .return_table
            .iter()
            .filter(|l| l.withheld.is_positive())
            .map(|l| summary.probability(l))
            .sum();
        let figure = |name: &str, value: Fraction, unit: &str| Figure {
            name: name.to_string(),
            value,
            unit: unit.to_string(),
        };
        result.figures.extend([
            figure("payout_limit_in_antes", limit.per_hand.clone(), "Antes"),
            figure(
                "house_edge_per_total_wagered",
                summary.element_of_risk.clone(),
                "per dollar wagered",
            ),
            figure(
                "largest_win_without_the_limit",
                largest_win(table, &limit) * ante,
                "dollars",
            ),
            figure("probability_a_hand_is_capped", capped, "per hand"),
            figure("withheld_per_hand", summary.withheld * ante, "dollars"),
        ]);
        result
    }
}

/// `uth-edge strategy [CARDS] --payout-limit DOLLARS --ante DOLLARS`: the
/// strategy (chart, or one hand's decisions) under the limit, from the
/// limited solve (the direct spot enumerations know no limit).
pub fn strategy(
    args: &StrategyArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let LimitStrategy { run, cards } = LimitStrategy::read(args, reader)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let solution = run.solve_first(&river, progress);
    match args.output.format {
        Format::Json => {
            report::write_document(oracle::json_value(&solution, &cards), Some(&provenance(reader)), &mut out)
        }
        _ => {
            let heading = format!(
                "Under a payout limit of {} per hand at a {} Ante (COMAR 36.05.16.12F), the player knowing it:\n",
                dollars(&run.limit),
                dollars(&run.antes[0])
            );
            out.write_all(heading.as_bytes())
                .and_then(|_| out.write_all(oracle::table(&solution, &cards).as_bytes()))
        }
    }
    .context("writing the strategy")?;
    out.finish().context("writing the strategy")
}
