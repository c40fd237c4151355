//! The player-dealer section of `report --player-dealer`: the California
//! player-dealer game ([`crate::sample::player_dealer`]) at fixed, stated
//! settings, under the optimal strategy of a solved base game.

use crate::exact::game::Solution;
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::sample::player_dealer::{
    run, ExactInputs, PlayerDealerConfig, PlayerDealerError, PlayerDealerReport,
};
use crate::strategy::OptimalStrategy;

/// Players besides the player-dealer in the report's section.
pub const REPORT_PLAYERS: usize = 5;
/// The Ante of every player in the report's section, dollars.
pub const REPORT_ANTE: i128 = 10;
/// The limited bank of the report's section, in Antes.
pub const REPORT_BANK_ANTES: i128 = 10;
/// Rotations simulated for each configuration of the report's section.
pub const REPORT_ROTATIONS: u64 = 20_000;

/// The section's two runs, for the Blind table of `solution`, optimal
/// strategy, no Trips, no fees, seed 1: an unlimited bank (exact figures,
/// the simulation checked against them) and a bank of
/// [`REPORT_BANK_ANTES`] Antes (simulated).
pub fn report_section(
    solution: &Solution,
    progress: &dyn Progress,
) -> Result<Vec<PlayerDealerReport>, PlayerDealerError> {
    let summary = solution.summary();
    let exact = ExactInputs {
        house_edge: summary.house_edge.clone(),
        actions: summary.action_probabilities.clone(),
        trips_edge: None,
    };
    let strategy = OptimalStrategy::new(solution);
    let ante = Fraction::from_int(REPORT_ANTE);
    let mut config = PlayerDealerConfig::new(
        REPORT_ROTATIONS,
        solution.blind_table.clone(),
        REPORT_PLAYERS,
        ante.clone(),
    );
    let unlimited = run(&config, &strategy, Some(&exact), progress)?;
    config.bank = Some(ante * Fraction::from_int(REPORT_BANK_ANTES));
    let limited = run(&config, &strategy, Some(&exact), progress)?;
    Ok(vec![unlimited, limited])
}
