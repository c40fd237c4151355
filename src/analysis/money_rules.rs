//! The money rules around the pay tables, as a report reads them: the
//! payout limit per hand (COMAR 36.05.16.12F) solved at each Ante asked,
//! with the outcomes it caps, and the long run of each Progressive meter
//! (COMAR 36.05.16.12D) with each award's odds. `game --payout-limit` and
//! `progressive --rate` compute their rows here too, so the report's part
//! and those commands give the same figures by construction.

use crate::cards::CardSet;
use crate::exact::game::{largest_win, solve_limited, RiverTable, Solution};
use crate::exact::meter_long_run::{long_run_result, LongRunError, LongRunSettings};
use crate::exact::progressive::count_progressive_deals;
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::progress::{Named, Progress};
use crate::result::{Figure, WagerResult};
use crate::rules::paytable::{Award, PayTable};
use crate::rules::settlement::PayoutLimit;

/// A payout limit per hand as a rules submission states it, in dollars.
#[derive(Clone, Debug)]
pub struct PayoutLimitRule {
    /// The limit, in dollars.
    pub limit: Fraction,
    /// Whether it caps the net win (wins less the wagers lost in the same
    /// hand) instead of the wins.
    pub net_of_losses: bool,
    /// The Trips table and wager in dollars, when Trips is wagered.
    pub trips: Option<(PayTable, Fraction)>,
}

/// One Blind table under the limit at one Ante.
#[derive(Clone, Debug)]
pub struct LimitRow {
    /// The Ante, in dollars.
    pub ante: Fraction,
    /// The figures of the limited solve (per Ante), as `game
    /// --payout-limit` prints them.
    pub result: WagerResult,
    /// The outcomes the limit caps at this Ante, most withheld first.
    pub capped: Vec<CappedOutcome>,
    /// The house edge per Ante of the same wagers (the base game, and the
    /// Trips at the same amount when wagered) without the limit: equal to
    /// `result`'s where the limit caps nothing; else solved by
    /// [`PayoutLimitRule::all_rows_and_unlimited`] (`None` when not asked).
    pub unlimited: Option<Fraction>,
}

/// An outcome of the base game the limit caps.
#[derive(Clone, Debug)]
pub struct CappedOutcome {
    /// The outcome, as the return table says it.
    pub outcome: String,
    /// Its probability under the strategy played (optimal, knowing the
    /// limit).
    pub probability: Fraction,
    /// What the limit keeps of its wins, in Antes.
    pub withheld: Fraction,
}

impl PayoutLimitRule {
    /// The limit at an Ante of `ante` dollars, in Antes.
    pub fn at(&self, ante: &Fraction) -> PayoutLimit {
        PayoutLimit {
            per_hand: &self.limit / ante,
            net_of_losses: self.net_of_losses,
            trips: self
                .trips
                .as_ref()
                .map(|(table, amount)| (table.clone(), amount / ante)),
        }
    }

    /// Solves `table` under the limit at each of `antes` (dollars), the
    /// player knowing the limit: one row per Ante. The amounts must have
    /// been checked ([`crate::exact::game::limited_payoffs`]); a full
    /// solve each.
    pub fn rows(
        &self,
        river: &RiverTable,
        table: &PayTable,
        antes: &[Fraction],
        progress: &dyn Progress,
    ) -> Vec<LimitRow> {
        antes
            .iter()
            .map(|ante| {
                let name = format!(
                    "{} at an Ante of {} under the limit",
                    table.id,
                    dollars(ante)
                );
                let solution = self.solve(river, table, ante, &Named::new(progress, name));
                self.row(&solution, table, ante)
            })
            .collect()
    }

    /// [`Self::all_rows`], each row with the house edge of the same wagers
    /// without the limit ([`LimitRow::unlimited`]): one more solve per
    /// Ante where the limit caps an outcome (one per table without Trips,
    /// whose unlimited game is the same at every Ante).
    pub fn all_rows_and_unlimited(
        &self,
        tables: &[PayTable],
        antes: &[Fraction],
        progress: &dyn Progress,
    ) -> Vec<(String, Vec<LimitRow>)> {
        self.rows_of_all(tables, antes, true, progress)
    }

    /// Every table at every Ante from one river table, with the unlimited
    /// edges when `unlimited` (see [`Self::all_rows_and_unlimited`]).
    fn rows_of_all(
        &self,
        tables: &[PayTable],
        antes: &[Fraction],
        unlimited: bool,
        progress: &dyn Progress,
    ) -> Vec<(String, Vec<LimitRow>)> {
        let river = RiverTable::build(CardSet::FULL_DECK, progress);
        tables
            .iter()
            .map(|t| {
                let mut rows = self.rows(&river, t, antes, progress);
                if unlimited {
                    self.fill_unlimited(&river, t, &mut rows, progress);
                }
                (t.id.clone(), rows)
            })
            .collect()
    }

    /// Sets each row's unlimited edge where the limited solve left it
    /// unknown: one solve per such Ante, or one per table without Trips.
    fn fill_unlimited(
        &self,
        river: &RiverTable,
        table: &PayTable,
        rows: &mut [LimitRow],
        progress: &dyn Progress,
    ) {
        let mut base: Option<Fraction> = None;
        for row in rows.iter_mut().filter(|r| r.unlimited.is_none()) {
            let edge = match (&base, &self.trips) {
                (Some(b), None) => b.clone(),
                _ => self.solve_unlimited(river, table, &row.ante, progress),
            };
            if self.trips.is_none() {
                base = Some(edge.clone());
            }
            row.unlimited = Some(edge);
        }
    }

    /// The house edge per Ante of the same wagers at an Ante of `ante`
    /// dollars with no limit: solved under a limit of the largest win a
    /// hand can have (which caps nothing), so that the wagers, the Trips
    /// amount and the engine are those of the limited solve.
    fn solve_unlimited(
        &self,
        river: &RiverTable,
        table: &PayTable,
        ante: &Fraction,
        progress: &dyn Progress,
    ) -> Fraction {
        let mut limit = self.at(ante);
        limit.per_hand = largest_win(table, &limit);
        let name = format!(
            "{} at an Ante of {} without the limit",
            table.id,
            dollars(ante)
        );
        let progress = &Named::new(progress, name);
        let solution = solve_limited(river, table, &limit, progress).expect(
            "the unlimited wagers are checked solvable before any work (LimitRun::read_at)",
        );
        let summary = solution.summary();
        debug_assert!(summary.withheld.is_zero());
        summary.to_result(table).house_edge
    }

    /// Every table at every Ante, from one river table.
    pub fn all_rows(
        &self,
        tables: &[PayTable],
        antes: &[Fraction],
        progress: &dyn Progress,
    ) -> Vec<(String, Vec<LimitRow>)> {
        self.rows_of_all(tables, antes, false, progress)
    }

    /// The limited solve of `table` at an Ante of `ante` dollars.
    pub fn solve<'a>(
        &self,
        river: &'a RiverTable,
        table: &PayTable,
        ante: &Fraction,
        progress: &dyn Progress,
    ) -> Solution<'a> {
        solve_limited(river, table, &self.at(ante), progress)
            .expect("amounts checked before solving")
    }

    /// The row of a solution at an Ante of `ante` dollars: its report row
    /// with the limit's figures, and the outcomes capped.
    pub fn row(&self, solution: &Solution, table: &PayTable, ante: &Fraction) -> LimitRow {
        self.row_played(solution, table, ante, "optimal play knowing the limit")
    }

    /// [`Self::row`] of a solution whose play `played` names (the end of
    /// the rule's line, e.g. "played by wizard": a fixed strategy
    /// evaluated under the limit, `game --strategy --payout-limit`).
    pub fn row_played(
        &self,
        solution: &Solution,
        table: &PayTable,
        ante: &Fraction,
        played: &str,
    ) -> LimitRow {
        let summary = solution.summary();
        let mut result = summary.to_result(table);
        let limit = self.at(ante);
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
            "payout limit {} per hand (COMAR 36.05.16.12F) on {reading} of the Ante, Blind, Play and Trips; Ante {}{trips}; {played}",
            dollars(&self.limit),
            dollars(ante)
        ));
        let mut capped: Vec<CappedOutcome> = summary
            .return_table
            .iter()
            .filter(|l| l.withheld.is_positive())
            .map(|l| CappedOutcome {
                outcome: l.description(),
                probability: summary.probability(l),
                withheld: l.withheld.clone(),
            })
            .collect();
        capped.sort_by(|x, y| y.withheld.cmp(&x.withheld));
        let capped_probability: Fraction = capped.iter().map(|c| c.probability.clone()).sum();
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
            figure(
                "probability_a_hand_is_capped",
                capped_probability,
                "per hand",
            ),
            figure("withheld_per_hand", summary.withheld * ante, "dollars"),
        ]);
        LimitRow {
            ante: ante.clone(),
            unlimited: capped.is_empty().then(|| result.house_edge.clone()),
            result,
            capped,
        }
    }
}

/// The figure `name` of a limited row (see [`PayoutLimitRule::row`]).
pub fn limit_figure<'r>(row: &'r LimitRow, name: &str) -> &'r Fraction {
    &row.result
        .figures
        .iter()
        .find(|f| f.name == name)
        .expect("every limited row has the limit's figures")
        .value
}

/// The long run of one table's meters, with each award's odds.
#[derive(Clone, Debug)]
pub struct MeterPart {
    /// The long-run result of a $1 wager, no other player, as `progressive
    /// --rate` prints it.
    pub result: WagerResult,
    /// Each award the table pays, top hand first.
    pub awards: Vec<AwardOdds>,
}

/// One award's odds.
#[derive(Clone, Debug)]
pub struct AwardOdds {
    /// The hand (`royal_flush`).
    pub hand: String,
    /// The award as written (`100% of meter`, `300 to 1`).
    pub pays: String,
    /// Whether it is a share of a meter.
    pub on_meter: bool,
    /// Its probability per wager.
    pub probability: Fraction,
    /// The mean time between hits, in hours, at the wagers per hour given.
    pub mean_hours: Option<Fraction>,
}

/// The long run of every table of `tables` that states meters (the others
/// are left out), at `settings`; refused as
/// [`crate::exact::meter_long_run::meter_long_runs`] refuses.
pub fn meter_parts(
    tables: &[PayTable],
    settings: &LongRunSettings,
    progress: &dyn Progress,
) -> Result<Vec<MeterPart>, LongRunError> {
    let mut parts = Vec::new();
    for t in tables.iter().filter(|t| !t.rules.meters.is_empty()) {
        let counts = count_progressive_deals(t.rules.progressive_hand, progress);
        let result = long_run_result(t, counts, Fraction::ONE, 0, settings)?;
        let awards = result
            .lines
            .iter()
            .filter_map(|line| {
                let category = crate::evaluator::HandCategory::ALL
                    .into_iter()
                    .find(|c| c.name() == line.hand)?;
                let award = t.award_for_category(category)?;
                Some(AwardOdds {
                    hand: line.hand.clone(),
                    pays: line.pays.clone(),
                    on_meter: matches!(award, Award::Meter { .. }),
                    probability: line.probability.clone(),
                    mean_hours: settings
                        .wagers_per_hour
                        .as_ref()
                        .filter(|_| line.probability.is_positive())
                        .map(|per_hour| Fraction::ONE / (&line.probability * per_hour)),
                })
            })
            .collect();
        parts.push(MeterPart { result, awards });
    }
    Ok(parts)
}

/// Calls `play` with the optimal strategy under `limit` (the player knowing
/// it) and the exact figures of the limited solve on `deck`: what `simulate
/// --payout-limit` samples and compares with. The amounts must have been
/// checked ([`crate::exact::game::limited_payoffs`]).
pub fn play_under_limit<T, E>(
    deck: CardSet,
    blind: &PayTable,
    limit: &PayoutLimit,
    progress: &dyn Progress,
    play: impl FnOnce(
        &dyn crate::strategy::Strategy,
        Option<&crate::exact::game::GameSummary>,
    ) -> Result<T, E>,
) -> Result<T, E> {
    let river = RiverTable::build(deck, progress);
    let solution =
        solve_limited(&river, blind, limit, progress).expect("amounts checked before solving");
    play(
        &crate::strategy::OptimalStrategy::new(&solution),
        Some(&solution.summary()),
    )
}
