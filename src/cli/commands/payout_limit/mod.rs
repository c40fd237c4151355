//! The payout limit per hand (COMAR 36.05.16.12F), the flag group
//! `game`, `strategy` and `report` share (`#[command(flatten)]` of
//! `args::money_rules::PayoutLimitArgs`, below the commands that flatten
//! it): the run its flags parse into ([`LimitRun`], `parse.rs`: checked,
//! nothing solved, nothing printed)
//! and its runs: the base game under the limit at given stakes, solved
//! exactly with the player knowing the limit (`game`), the strategy under
//! it (`strategy`); `report` sets its figures in the money-rules part.

mod parse;

pub use crate::cli::args::money_rules::PayoutLimitArgs;
use crate::cli::args::{OutputArgs, TableJsonOutputArgs};
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use uth_edge::analysis::money_rules::PayoutLimitRule;
use uth_edge::cards::{Card, CardSet};
use uth_edge::exact::game::{largest_win, RiverTable, Solution};
use uth_edge::fraction::Fraction;
use uth_edge::money::dollars;
use uth_edge::progress::Progress;
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::PayoutLimit;

/// The least payout limit COMAR 36.05.16.12F allows whatever the stakes.
const RULE_FLOOR_DOLLARS: i128 = 50_000;

/// A payout-limit run, checked: Blind tables, Antes and the limit.
pub struct LimitRun {
    /// The Blind tables.
    pub tables: Vec<PayTable>,
    /// The Antes, in dollars.
    pub antes: Vec<Fraction>,
    /// The limit and its reading.
    pub rule: PayoutLimitRule,
    /// `--table-minimum` in dollars, if given: the run warns when the limit
    /// is below the least the rule allows there.
    pub minimum: Option<Fraction>,
}

impl LimitRun {
    /// The warnings, one line each for each table, when the limit is
    /// below the least COMAR 36.05.16.12F allows at the table minimum.
    pub fn below_floor(&self) -> Vec<String> {
        let Some(minimum) = &self.minimum else {
            return Vec::new();
        };
        let mut warnings = Vec::new();
        for table in &self.tables {
            let floor = self.rule_floor(table, minimum);
            if self.rule.limit < floor {
                warnings.push(format!(
                    "warning: the payout limit {} is below the least COMAR 36.05.16.12F allows at a {} table minimum with {}: {} (the greater of $50,000 and the most one player can win on a round betting the minimum)",
                    dollars(&self.rule.limit),
                    dollars(minimum),
                    table.id,
                    dollars(&floor)
                ));
            }
        }
        warnings
    }

    /// Prints [`LimitRun::below_floor`] on standard error unless `quiet`
    /// (`--quiet`: no warnings), the first thing a run does.
    pub fn warn_below_floor(&self, quiet: bool) {
        if !quiet {
            for warning in self.below_floor() {
                stderr_line!("{warning}");
            }
        }
    }

    /// The least limit COMAR 36.05.16.12F allows at a table minimum of
    /// `minimum` dollars: the greater of $50,000 and the most one player can
    /// win betting the minimum (Play 4x; Trips at the minimum if wagered).
    fn rule_floor(&self, table: &PayTable, minimum: &Fraction) -> Fraction {
        let at_minimum = PayoutLimit {
            per_hand: Fraction::ONE,
            net_of_losses: false,
            trips: self
                .rule
                .trips
                .as_ref()
                .map(|(t, _)| (t.clone(), Fraction::ONE)),
        };
        let most = largest_win(table, &at_minimum) * minimum;
        std::cmp::max(most, Fraction::from_int(RULE_FLOOR_DOLLARS))
    }

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

    /// `uth-edge game --payout-limit DOLLARS --ante DOLLARS`: every table
    /// at every Ante, written as results.
    pub fn run_game(
        self,
        output: OutputArgs,
        quiet: bool,
        reader: &TableReader,
        progress: &dyn Progress,
    ) -> anyhow::Result<()> {
        self.warn_below_floor(quiet);
        let out = Output::open(output.out.out.as_deref())?;
        let results = self.results(progress);
        super::write_results(output.format, &results, &self.tables, reader, out)
    }

    /// `uth-edge strategy [CARDS] --payout-limit DOLLARS --ante DOLLARS`:
    /// the strategy (chart, or one hand's decisions) under the limit, from
    /// the limited solve (the direct spot enumerations know no limit).
    pub fn run_strategy(
        self,
        cards: &[Card],
        output: TableJsonOutputArgs,
        quiet: bool,
        reader: &TableReader,
        progress: &dyn Progress,
    ) -> anyhow::Result<()> {
        self.warn_below_floor(quiet);
        let out = Output::open(output.out.out.as_deref())?;
        let river = RiverTable::build(CardSet::FULL_DECK, progress);
        let solution = self.solve_first(&river, progress);
        let heading = format!(
            "Under a payout limit of {} per hand at a {} Ante (COMAR 36.05.16.12F), the player knowing it:",
            dollars(&self.rule.limit),
            dollars(&self.antes[0])
        );
        let document = uth_edge::report::strategy::from_solution(
            &solution,
            cards,
            Some(heading),
            super::provenance(reader),
        );
        super::render_document(output.format, &document, out, "the strategy")
    }
}
