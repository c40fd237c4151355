//! `--payout-limit` on `game` and `strategy`: the base game under a payout
//! limit per hand (COMAR 36.05.16.12F) at given stakes, solved exactly with
//! the player knowing the limit. The flags, their checks (all before any
//! work), the least limit the rule allows, and the results.

use crate::cli::args::money_rules::PayoutLimitArgs;
use crate::cli::exit::stderr_line;
use crate::cli::settings::TableReader;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{largest_win, limited_payoffs, solve_limited, RiverTable, Solution};
use uth_edge::fraction::Fraction;
use uth_edge::money::{dollars, parse_dollars};
use uth_edge::progress::Progress;
use uth_edge::result::{Figure, WagerResult};
use uth_edge::rules::paytable::{PayTable, WagerKind};
use uth_edge::rules::settlement::PayoutLimit;

/// The least payout limit COMAR 36.05.16.12F allows whatever the stakes.
const RULE_FLOOR_DOLLARS: i128 = 50_000;

/// A payout-limit run, checked: Blind tables, Antes and the limit.
pub struct LimitRun {
    /// The Blind tables.
    pub tables: Vec<PayTable>,
    /// The Antes, in dollars.
    antes: Vec<Fraction>,
    /// The limit, in dollars.
    limit: Fraction,
    net_of_losses: bool,
    /// The Trips table and wager in dollars.
    trips: Option<(PayTable, Fraction)>,
}

impl LimitRun {
    /// Checks the flags (one line, exit 2, on the first fault) and that the
    /// solver can hold every amount exactly, warns when the limit is below
    /// the rule's floor; no solving.
    pub fn read(
        args: &PayoutLimitArgs,
        tables: Vec<PayTable>,
        seen: bool,
        reader: &mut TableReader,
    ) -> Result<LimitRun, InputError> {
        let Some(limit) = &args.payout_limit else {
            return Err(InputError::usage(
                "--ante, --antes, --trips, --table-minimum and --payout-limit-net go with --payout-limit DOLLARS",
            ));
        };
        if seen {
            return Err(InputError::usage(
                "--payout-limit cannot be combined with cards seen (--seen, --seen-dealer, --seen-flop, --seen-turnriver, --turnriver-at-flop) or --dead yet",
            ));
        }
        let limit = parse_dollars("payout-limit", limit)?;
        let antes = match (&args.ante, &args.antes) {
            (Some(ante), _) => vec![parse_dollars("ante", ante)?],
            (None, Some(list)) => list
                .split(',')
                .map(|a| parse_dollars("antes", a))
                .collect::<Result<Vec<_>, _>>()?,
            (None, None) => {
                return Err(InputError::usage(
                    "--payout-limit needs --ante DOLLARS (or --antes DOLLARS,...): the limit is in dollars, the pays in Antes",
                ))
            }
        };
        let trips = match (&args.trips, &args.trips_amount) {
            (Some(table), Some(amount)) => {
                let table = reader.read_for(table, WagerKind::Trips)?;
                if table.rules.trips.needs_dealer() {
                    return Err(InputError::usage(format!(
                        "--trips {}: a Trips table paid only when the hand beats the dealer's is not supported with --payout-limit",
                        table.id
                    )));
                }
                Some((table, parse_dollars("trips-amount", amount)?))
            }
            _ => None,
        };
        let minimum = match &args.table_minimum {
            Some(m) => Some(parse_dollars("table-minimum", m)?),
            None => None,
        };
        let run = LimitRun {
            tables,
            antes,
            limit,
            net_of_losses: args.payout_limit_net,
            trips,
        };
        for table in &run.tables {
            for ante in &run.antes {
                limited_payoffs(table, &run.limit_at(ante))?;
            }
            if let Some(minimum) = &minimum {
                let floor = run.rule_floor(table, minimum);
                if run.limit < floor {
                    stderr_line!(
                        "warning: the payout limit {} is below the least COMAR 36.05.16.12F allows at a {} table minimum with {}: {} (the greater of $50,000 and the most one player can win on a round betting the minimum)",
                        dollars(&run.limit),
                        dollars(minimum),
                        table.id,
                        dollars(&floor)
                    );
                }
            }
        }
        Ok(run)
    }

    /// The limit at an Ante of `ante` dollars, in Antes.
    fn limit_at(&self, ante: &Fraction) -> PayoutLimit {
        PayoutLimit {
            per_hand: &self.limit / ante,
            net_of_losses: self.net_of_losses,
            trips: self
                .trips
                .as_ref()
                .map(|(table, amount)| (table.clone(), amount / ante)),
        }
    }

    /// The least limit COMAR 36.05.16.12F allows at a table minimum of
    /// `minimum` dollars: the greater of $50,000 and the most one player can
    /// win betting the minimum (Play 4x; Trips at the minimum if wagered).
    fn rule_floor(&self, table: &PayTable, minimum: &Fraction) -> Fraction {
        let at_minimum = PayoutLimit {
            per_hand: Fraction::ONE,
            net_of_losses: false,
            trips: self.trips.as_ref().map(|(t, _)| (t.clone(), Fraction::ONE)),
        };
        let most = largest_win(table, &at_minimum) * minimum;
        std::cmp::max(most, Fraction::from_int(RULE_FLOOR_DOLLARS))
    }

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
    args: &crate::cli::args::StrategyArgs,
    table: PayTable,
    groups: &[String],
    seen: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    use anyhow::Context;
    use std::io::Write;
    use uth_edge::strategy::oracle;
    let run = LimitRun::read(&args.limit, vec![table], seen, reader)?;
    if run.antes.len() > 1 {
        return Err(InputError::usage("strategy takes one --ante, not --antes").into());
    }
    let cards = oracle::parse_query(groups).map_err(|e| InputError::usage(e.to_string()))?;
    let mut out = crate::cli::output::Output::open(args.output.out.out.as_deref())?;
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let solution = run.solve_first(&river, progress);
    let command_line: Vec<String> = std::env::args().collect();
    let provenance =
        uth_edge::analysis::provenance::Provenance::now(command_line.join(" "), reader.sources());
    match args.output.format {
        uth_edge::report::Format::Json => uth_edge::report::write_document(
            oracle::json_value(&solution, &cards),
            Some(&provenance),
            &mut out,
        ),
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
