//! The exact figures a simulation is compared with: the base game under the
//! strategy played (the optimal strategy's solve, or a fixed strategy
//! evaluated exactly) and the house edges of the side bets sampled.
//! `simulate` and `player-dealer` use them.

use crate::cards::CardSet;
use crate::exact::game::{evaluate_policy_totals, solve, GameSummary, RiverTable};
use crate::exact::{side_bets, ultimate_pairs};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use crate::sample::{ExactBaseGame, ExactValues, SimulationConfig};
use crate::strategy::{AsPolicy, OptimalStrategy, Strategy, StrategyChoice};

/// The base game a simulation plays and its exact figures under the
/// strategy played.
pub struct ExactBase<'t> {
    /// The deck the game is dealt from.
    pub deck: CardSet,
    /// The Blind pay table.
    pub blind: &'t PayTable,
    /// Whether a fixed strategy's exact figures are wanted (the optimal
    /// strategy's come with its solve).
    pub wanted: bool,
}

impl ExactBase<'_> {
    /// Calls `play` with the strategy `choice` and, when known, the exact
    /// summary of the base game under it: the optimal strategy solves the
    /// game (the solution answers its decisions); a strategy file (shipped,
    /// `strategies/NAME.toml`, or the user's) is evaluated exactly by the
    /// solver if `wanted`, its river table dropped before `play`.
    pub fn play<T, E>(
        &self,
        choice: &StrategyChoice,
        progress: &dyn Progress,
        play: impl FnOnce(&dyn Strategy, Option<&GameSummary>) -> Result<T, E>,
    ) -> Result<T, E> {
        let file = match choice {
            StrategyChoice::Optimal => {
                let river = RiverTable::build(self.deck, progress);
                let solution = solve(&river, self.blind, progress);
                return play(&OptimalStrategy::new(&solution), Some(&solution.summary()));
            }
            StrategyChoice::File(file) => file,
        };
        let strategy: &dyn Strategy = file.as_ref();
        let summary = self.wanted.then(|| {
            let river = RiverTable::build(self.deck, progress);
            evaluate_policy_totals(&river, self.blind, &AsPolicy(strategy), progress).summary()
        });
        play(strategy, summary.as_ref())
    }
}

/// The exact house edge of a Trips table (every seven-card hand counted),
/// for the sampling commands' comparisons.
pub fn trips_house_edge(table: &PayTable, progress: &dyn Progress) -> Fraction {
    let counts = side_bets::count_seven_card_hands(progress);
    side_bets::trips_result(table, &counts).house_edge
}

/// The exact figures a simulation's estimates are compared with: the base
/// game's (when known) and the house edge of each side bet the
/// configuration samples.
pub fn simulation_exact_values(
    config: &SimulationConfig,
    base_game: Option<&GameSummary>,
    progress: &dyn Progress,
) -> ExactValues {
    let mut exact = ExactValues {
        base_game: base_game.map(ExactBaseGame::from_summary),
        ..ExactValues::default()
    };
    if let Some(table) = &config.trips {
        exact.trips = Some(trips_house_edge(table, progress));
    }
    if let Some(bet) = &config.six_card {
        let counts = side_bets::count_six_card_hands(progress);
        exact.six_card =
            Some(side_bets::six_card_result(&bet.table, &counts, bet.wager.clone()).house_edge);
    }
    if let Some(table) = &config.ultimate_pairs {
        let counts = ultimate_pairs::count_deals();
        exact.ultimate_pairs =
            Some(ultimate_pairs::ultimate_pairs_result(table, &counts).house_edge);
    }
    exact
}
