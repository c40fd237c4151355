//! The submission report's independent cross-check, run by the report
//! itself: a seeded simulation (the sampler `simulate` uses, `sample::`)
//! of each Blind table's base game, played by the strategy the report's
//! figures assume (the solver's decisions, [`OptimalStrategy`]), with the
//! first Trips table of the standard rule sampled on the first table's
//! hands; then each exact figure of the report compared with its
//! estimate's 95% confidence interval ([`CheckedFigure::compare`]).
//!
//! The sample is the same at any thread count: the sampler's hands are a
//! fixed sequence per seed, its tallies integers (`sample`'s module
//! documentation). Values only: the certification part writes them.

use crate::exact::game::Solution;
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::result::WagerResult;
use crate::rules::paytable::{PayTable, WagerKind};
use crate::sample::{self, Estimate, ExactValues, SimulationConfig, SimulationError};
use crate::strategy::OptimalStrategy;

/// Hands per Blind table when `report --cross-check-hands` is not given:
/// 10^7, under a second per table at the sampler's measured speed.
pub const DEFAULT_HANDS: u64 = 10_000_000;

/// The most hands per Blind table (`report --cross-check-hands`): 10^10,
/// several minutes per table.
pub const MAX_HANDS: u64 = 10_000_000_000;

/// What the report says of its cross-check.
#[derive(Clone, Debug, Default)]
pub enum CrossCheck {
    /// Not run by this program (a library caller): the part gives the
    /// command that runs it.
    #[default]
    NotRun,
    /// Left out on purpose (`report --cross-check-hands 0`).
    LeftOut,
    /// Run: its samples and their comparisons.
    Done(CrossCheckRun),
}

/// A cross-check that was run.
#[derive(Clone, Debug, PartialEq)]
pub struct CrossCheckRun {
    /// Hands per Blind table.
    pub hands: u64,
    /// The sampler's seed.
    pub seed: u64,
    /// The strategy played (the one the figures assume).
    pub strategy: String,
    /// Each figure checked, in the report's order of its tables.
    pub figures: Vec<CheckedFigure>,
}

/// One exact figure against its estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedFigure {
    /// The wager, as the results name it (`base_game`, `trips`).
    pub wager: String,
    /// The pay table's id.
    pub paytable: String,
    /// What the figure is, in words.
    pub figure: String,
    /// The exact value the report prints.
    pub exact: Fraction,
    /// The sample's estimate and its 95% interval.
    pub estimate: Estimate,
    /// Whether the exact value lies in the interval.
    pub inside: bool,
}

impl CheckedFigure {
    /// The comparison: `exact` against `estimate`'s 95% interval, its ends
    /// included.
    pub fn compare(
        wager: &str,
        paytable: &str,
        figure: &str,
        exact: Fraction,
        estimate: Estimate,
    ) -> CheckedFigure {
        let inside = estimate.covers(exact.to_f64());
        CheckedFigure {
            wager: wager.to_string(),
            paytable: paytable.to_string(),
            figure: figure.to_string(),
            exact,
            estimate,
            inside,
        }
    }
}

/// The estimates of one Blind table's sample, compared afterwards with
/// the report's exact figures ([`CrossCheckRun::compare`]).
#[derive(Clone, Debug)]
pub struct TableSample {
    /// The sampler's report (no exact values given to it).
    pub report: sample::SimulationReport,
}

/// The progress of the cross-check's sample, under its own label (the
/// stage log's line says what the hands are for).
struct Labelled<'a> {
    inner: &'a dyn Progress,
    label: String,
}

impl Progress for Labelled<'_> {
    fn begin(&self, _label: &str, total: u64) {
        self.inner.begin(&self.label, total);
    }
    fn advance(&self, units: u64) {
        self.inner.advance(units);
    }
    fn finish(&self) {
        self.inner.finish();
    }
}

/// The first Trips table of `tables` the sampler settles (the standard
/// rule: a Trips table settled against the dealer's hand is not sampled).
pub fn sampled_trips(tables: &[PayTable]) -> Option<&PayTable> {
    tables
        .iter()
        .find(|t| t.wager == WagerKind::Trips && !t.rules.trips.needs_dealer())
}

/// Samples `hands` hands of `solution`'s game with seed `seed` (on its
/// deck), played by its decisions, with `trips` wagered when given;
/// `threads` as the sampler takes it (`None`: rayon's pool).
pub fn sample_table(
    solution: &Solution,
    trips: Option<&PayTable>,
    hands: u64,
    seed: u64,
    threads: Option<usize>,
    progress: &dyn Progress,
) -> Result<TableSample, SimulationError> {
    let mut config = SimulationConfig::new(hands, solution.blind_table.clone());
    config.seed = seed;
    config.deck = solution.river.deck();
    config.trips = trips.cloned();
    config.threads = threads;
    let label = format!(
        "cross-check: simulating {} hands of {}",
        crate::money::group_thousands(hands),
        solution.blind_table.id
    );
    let progress = Labelled {
        inner: progress,
        label,
    };
    let strategy = OptimalStrategy::new(solution);
    let sample = sample::simulate(&config, &strategy, &progress)?;
    Ok(TableSample {
        report: sample.report(&ExactValues::default()),
    })
}

impl CrossCheckRun {
    /// The samples' estimates compared with the exact figures of
    /// `results` (the report's): each base game's house edge per Ante and
    /// element of risk, and the Trips edge where sampled.
    pub fn compare(
        hands: u64,
        seed: u64,
        samples: &[TableSample],
        results: &[WagerResult],
    ) -> CrossCheckRun {
        let mut figures = Vec::new();
        for s in samples {
            for e in &s.report.results {
                let Some(r) = results
                    .iter()
                    .find(|r| r.wager == e.wager && r.paytable == e.paytable)
                else {
                    continue;
                };
                let edge = if e.wager == "base_game" {
                    "house edge per Ante"
                } else {
                    "house edge per unit wagered"
                };
                figures.push(CheckedFigure::compare(
                    e.wager,
                    &e.paytable,
                    edge,
                    r.house_edge.clone(),
                    e.house_edge,
                ));
                if e.wager == "base_game" {
                    figures.push(CheckedFigure::compare(
                        e.wager,
                        &e.paytable,
                        "element of risk",
                        r.element_of_risk.clone(),
                        e.element_of_risk,
                    ));
                }
            }
        }
        CrossCheckRun {
            hands,
            seed,
            strategy: samples
                .first()
                .map_or("optimal".to_string(), |s| s.report.strategy.clone()),
            figures,
        }
    }
}
