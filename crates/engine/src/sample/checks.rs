//! The checks made before any hand is dealt ([`validate`]): counts, tables
//! and amounts, then that every result fits the sampler's exact integers,
//! which needs the cells' money ([`super::cells`]) and the sessions' rules
//! ([`super::sessions`]), so the checks sit above the three.

use super::cells::Money;
use super::config::{SimulationConfig, SimulationError};
use super::sessions::session_rules;
use super::CARDS_PER_HAND;
use crate::fraction::Fraction;
use crate::rules::paytable::{PayTable, WagerKind};

/// Checks a configuration without running it, in well under a second (the
/// command line does this before any long computation): counts, tables,
/// amounts, and that every result fits the sampler's exact integers
/// ([`SimulationError::OutOfRange`], [`SimulationError::SessionTooLong`]).
pub fn validate(config: &SimulationConfig) -> Result<(), SimulationError> {
    if config.hands == 0 {
        return Err(SimulationError::ZeroHands);
    }
    if config.threads == Some(0) {
        return Err(SimulationError::ZeroThreads);
    }
    if config.deck.len() < CARDS_PER_HAND {
        return Err(SimulationError::DeckTooSmall(config.deck.len()));
    }
    let expect = |table: &PayTable, kind: WagerKind, name: &'static str| {
        if table.wager == kind {
            Ok(())
        } else {
            Err(SimulationError::WrongTable {
                id: table.id.clone(),
                expected: name,
            })
        }
    };
    expect(&config.blind, WagerKind::Blind, "Blind")?;
    if let Some(limit) = &config.payout_limit {
        if !limit.per_hand.is_positive() {
            return Err(SimulationError::PayoutLimit(
                "the payout limit must be more than 0",
            ));
        }
        if limit.trips.is_some() || config.trips.is_some() {
            return Err(SimulationError::PayoutLimit(
                "a payout limit with a Trips wager is not simulated yet",
            ));
        }
    }
    if let Some(trips) = &config.trips {
        expect(trips, WagerKind::Trips, "Trips")?;
    }
    if let Some(six) = &config.six_card {
        expect(&six.table, WagerKind::SixCardBonus, "Six Card Bonus")?;
        if !six.wager.is_positive() {
            return Err(SimulationError::NonPositiveWager(six.wager.clone()));
        }
    }
    if let Some(pairs) = &config.ultimate_pairs {
        expect(pairs, WagerKind::UltimatePairs, "Ultimate Pairs Bonus")?;
    }
    if let Some(session) = &config.session {
        if session.hands == 0 {
            return Err(SimulationError::ZeroSessionHands);
        }
        if session.hands > config.hands {
            return Err(SimulationError::SessionLongerThanRun {
                session: session.hands,
                hands: config.hands,
            });
        }
        if let Some(b) = session.bankroll.clone() {
            if !b.is_positive() {
                return Err(SimulationError::NonPositiveBankroll(b));
            }
        }
        if let Some(x) = session
            .loss_thresholds
            .iter()
            .find(|x| **x < Fraction::ZERO)
        {
            return Err(SimulationError::NegativeLossThreshold(x.clone()));
        }
        if !session.ante_dollars.is_positive() {
            return Err(SimulationError::NonPositiveAnte(
                session.ante_dollars.clone(),
            ));
        }
    }
    check_range(config)
}

/// Checks that every hand's result, and with sessions every session's
/// result, fits the sampler's exact integers (see the module documentation):
/// the settlement of each of the 300 base-game cells and of the side bets,
/// over their common denominators, without dealing a hand. Cheap; the last
/// check of [`validate`] (it needs the others to hold: a positive Ante).
fn check_range(config: &SimulationConfig) -> Result<(), SimulationError> {
    let money = Money::new(config)?;
    if let Some(session) = &config.session {
        session_rules(session, &money)?;
    }
    Ok(())
}
