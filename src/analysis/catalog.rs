//! Everything the tool computes for a set of pay tables, computed once.
//!
//! The `report`, `check`, `compare` and `results` commands all need the
//! same figures: a [`WagerResult`] per pay table (and wager amount), and for
//! the base game also its [`GameSummary`] (the return table with each
//! wager's net, for the definitions `check` tries) and its preflop
//! [`chart`](crate::strategy::oracle::chart). A [`Catalog`] holds them. Building it
//! costs one full-deck river table when any Blind table is present (the bulk
//! of the time and memory: about 2 s and 0.3 GB, `docs/speed.md`), shared by all
//! Blind tables (solved together in one pass over the boards) and dropped
//! before returning; the side bets count their
//! hands once for all their tables.
//!
//! Adding a wager means adding its report function to
//! [`Catalog::compute_with`]; every command then includes it.

use crate::cards::CardSet;
use crate::exact::game::{for_each_solution, GameSummary, RiverTable, Solution};
use crate::exact::meter_long_run::{
    long_run_result, meter_long_runs, LongRunError, LongRunSettings,
};
use crate::exact::progressive::{self, ProgressiveError};
use crate::exact::showdown_bets;
use crate::exact::side_bets;
use crate::exact::ultimate_pairs;
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::result::WagerResult;
use crate::rules::paytable::{PayTable, PayTableError, WagerKind};
use crate::strategy::oracle::{self, ChartClass};

/// The solved base game under one Blind pay table.
#[derive(Clone, Debug)]
pub struct GameEntry {
    /// The Blind pay table.
    pub table: PayTable,
    /// The exact figures and the return table.
    pub summary: GameSummary,
    /// The preflop strategy chart.
    pub chart: Vec<ChartClass>,
}

impl GameEntry {
    /// The figures of a solved game (the solution can then be dropped).
    pub fn from_solution(solution: &Solution) -> GameEntry {
        GameEntry {
            table: solution.blind_table.clone(),
            summary: solution.summary(),
            chart: oracle::chart(solution),
        }
    }
}

/// The figures of a set of pay tables.
#[derive(Clone, Debug)]
pub struct Catalog {
    /// One result per table (and, for the Six Card Bonus, per wager
    /// amount): base game first, then Trips, Six Card Bonus, Progressive
    /// (at [`progressive_defaults`]), Bad Beat and Ultimate Pairs Bonus, each
    /// in the order the tables were given.
    pub results: Vec<WagerResult>,
    /// The base game per Blind table, in the order given.
    pub games: Vec<GameEntry>,
}

/// The Six Card Bonus wager, in dollars, when none is given: $5, the usual
/// minimum (the one home of this default).
pub const DEFAULT_SIX_CARD_WAGER: i128 = 5;

/// The amounts at which fixed-dollar awards are evaluated when none is
/// given: [`DEFAULT_SIX_CARD_WAGER`].
pub fn default_wager_amounts() -> Vec<Fraction> {
    vec![Fraction::from_int(DEFAULT_SIX_CARD_WAGER)]
}

/// The settings a Progressive table is evaluated at in a catalog, those of
/// `uth-edge progressive` without options: a $1 wager, the meter at
/// [`progressive::DEFAULT_METER`] dollars, no other player (no Envy Bonus).
pub fn progressive_defaults() -> (Fraction, Fraction, u32) {
    (
        Fraction::ONE,
        Fraction::from_int(progressive::DEFAULT_METER),
        0,
    )
}

/// Checks that every table can be computed with the catalog's settings (a
/// Progressive table needs an Envy schedule for the $1 wager if it has
/// any); [`Catalog::compute`] panics on a table that fails.
pub fn check_tables(tables: &[PayTable]) -> Result<(), TableCheckError> {
    let (wager, _, players) = progressive_defaults();
    for t in tables.iter().filter(|t| t.wager == WagerKind::Progressive) {
        progressive::check_settings(t, wager.clone(), players)?;
        if !t.rules.meters.is_empty() {
            meter_long_runs(t, &[Fraction::ONE; 10], &LongRunSettings::default())?;
        }
    }
    Ok(())
}

/// Why a table cannot be computed with the catalog's settings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableCheckError {
    /// The Progressive wager at the catalog's settings.
    #[error(transparent)]
    Progressive(#[from] ProgressiveError),
    /// The long run of a table's meters.
    #[error(transparent)]
    LongRun(#[from] LongRunError),
}

/// Every built-in pay table, in the order of [`PayTable::builtin_ids`].
pub fn builtin_tables() -> Result<Vec<PayTable>, PayTableError> {
    PayTable::builtin_ids()
        .into_iter()
        .map(PayTable::resolve)
        .collect()
}

impl Catalog {
    /// Computes the figures of `tables`, the Six Card Bonus at each of
    /// `six_card_wagers` dollars. Panics on a table that fails
    /// [`check_tables`].
    pub fn compute(
        tables: &[PayTable],
        six_card_wagers: &[Fraction],
        progress: &dyn Progress,
    ) -> Catalog {
        Catalog::compute_visiting(tables, six_card_wagers, progress, |_, _| {})
    }

    /// As [`compute`](Self::compute), handing each Blind table's solution
    /// (with the table's position among the Blind tables of `tables`) to
    /// `visit` while it is held: for figures that need more of a solution
    /// than the catalog keeps.
    pub fn compute_visiting(
        tables: &[PayTable],
        six_card_wagers: &[Fraction],
        progress: &dyn Progress,
        mut visit: impl FnMut(usize, &Solution),
    ) -> Catalog {
        let blinds = of_wager(tables, WagerKind::Blind);
        let games = if blinds.is_empty() {
            Vec::new()
        } else {
            let river = RiverTable::build(CardSet::FULL_DECK, progress);
            let mut games = Vec::with_capacity(blinds.len());
            for_each_solution(&river, &blinds, progress, |i, solution| {
                visit(i, &solution);
                games.push(GameEntry::from_solution(&solution));
            });
            games
        };
        Catalog::compute_with(games, tables, six_card_wagers, progress)
    }

    /// As [`compute`](Self::compute), with the base game already solved
    /// (`games`, one per Blind table of `tables`, which are not solved
    /// again). For tests that share one solution.
    pub fn compute_with(
        games: Vec<GameEntry>,
        tables: &[PayTable],
        six_card_wagers: &[Fraction],
        progress: &dyn Progress,
    ) -> Catalog {
        let mut results: Vec<WagerResult> = games
            .iter()
            .map(|g| g.summary.to_result(&g.table))
            .collect();
        let trips = of_wager(tables, WagerKind::Trips);
        if !trips.is_empty() {
            results.extend(side_bets::trips_report(&trips, progress));
        }
        let six_card = of_wager(tables, WagerKind::SixCardBonus);
        if !six_card.is_empty() {
            results.extend(side_bets::six_card_report(
                &six_card,
                six_card_wagers,
                progress,
            ));
        }
        let progressive = of_wager(tables, WagerKind::Progressive);
        if !progressive.is_empty() {
            let (wager, meter, players) = progressive_defaults();
            for t in progressive {
                // A table that states its meters: the long run (the default
                // readings, every wager $1); else the meter at $10,000.
                if t.rules.meters.is_empty() {
                    results.extend(progressive::progressive_report(
                        std::slice::from_ref(&t),
                        std::slice::from_ref(&wager),
                        std::slice::from_ref(&meter),
                        &[players],
                        progress,
                    ));
                } else {
                    let counts =
                        progressive::count_progressive_deals(t.rules.progressive_hand, progress);
                    let settings = LongRunSettings::default();
                    results.push(
                        long_run_result(&t, counts, wager.clone(), players, &settings)
                            .expect("checked by check_tables"),
                    );
                }
            }
        }
        let bad_beat = of_wager(tables, WagerKind::BadBeat);
        if !bad_beat.is_empty() {
            results.extend(showdown_bets::bad_beat_report(&bad_beat, progress));
        }
        let pairs = of_wager(tables, WagerKind::UltimatePairs);
        if !pairs.is_empty() {
            results.extend(ultimate_pairs::ultimate_pairs_report(&pairs, progress));
        }
        Catalog { results, games }
    }

    /// The base game solved under the Blind table `id`, if computed.
    pub fn game(&self, id: &str) -> Option<&GameEntry> {
        self.games.iter().find(|g| g.table.id == id)
    }
}

/// The tables of one wager, in order.
fn of_wager(tables: &[PayTable], wager: WagerKind) -> Vec<PayTable> {
    tables
        .iter()
        .filter(|t| t.wager == wager)
        .cloned()
        .collect()
}
