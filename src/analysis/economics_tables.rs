//! The table configurations `economics` compares: every combination of the
//! Blind, Trips and Six Card Bonus tables given (and of the Ultimate Pairs
//! Bonus tables, when given), each with the amounts wagered and the share
//! of seat-hands that make each side bet, computed once and priced by
//! [`super::economics::table_economics`].

use super::catalog::Catalog;
use super::economics::{table_economics, TableEconomics, TableTraffic, WagerPlay};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::result::WagerResult;
use crate::rules::paytable::PayTable;

/// The tables a casino could put together, by wager.
pub struct EconomicsTables {
    /// The Blind tables (one base game each).
    pub blinds: Vec<PayTable>,
    /// The Trips tables.
    pub trips: Vec<PayTable>,
    /// The Six Card Bonus tables.
    pub six_cards: Vec<PayTable>,
    /// The Ultimate Pairs Bonus tables; none leaves the wager out.
    pub ultimate_pairs: Vec<PayTable>,
}

/// What a seat wagers on average: the Ante, and per side bet the amount
/// when made and the share of seat-hands that make it.
pub struct Stakes {
    /// The Ante, in dollars.
    pub ante: Fraction,
    /// The Trips amount, in dollars.
    pub trips_amount: Fraction,
    /// The share of seat-hands that make the Trips wager.
    pub trips_take_up: Fraction,
    /// The Six Card Bonus amount, in dollars.
    pub six_card_amount: Fraction,
    /// The share of seat-hands that make the Six Card Bonus.
    pub six_card_take_up: Fraction,
    /// The Ultimate Pairs Bonus amount, in dollars.
    pub ultimate_pairs_amount: Fraction,
    /// The share of seat-hands that make the Ultimate Pairs Bonus.
    pub ultimate_pairs_take_up: Fraction,
}

/// A result the catalog should have computed and did not (a defect).
#[derive(Debug, thiserror::Error)]
#[error("the result of {0}")]
pub struct MissingResult(String);

/// The economics of every configuration of `tables`, in the order Blind,
/// Trips, Six Card Bonus, Ultimate Pairs Bonus (each table's figures
/// computed once).
pub fn configurations(
    tables: &EconomicsTables,
    stakes: &Stakes,
    traffic: &TableTraffic,
    progress: &dyn Progress,
) -> Result<Vec<TableEconomics>, MissingResult> {
    let mut all: Vec<PayTable> = tables.blinds.clone();
    all.extend(tables.trips.iter().cloned());
    all.extend(tables.six_cards.iter().cloned());
    all.extend(tables.ultimate_pairs.iter().cloned());
    let catalog = Catalog::compute(
        &all,
        std::slice::from_ref(&stakes.six_card_amount),
        progress,
    );
    let result = |id: &str, wager: &str| -> Result<&WagerResult, MissingResult> {
        catalog
            .results
            .iter()
            .find(|r| r.paytable == id && r.wager == wager)
            .ok_or_else(|| MissingResult(id.to_string()))
    };
    // Without Ultimate Pairs tables the wager is left out (one
    // configuration); with them, one configuration per table.
    let pairs_options: Vec<Option<&PayTable>> = if tables.ultimate_pairs.is_empty() {
        vec![None]
    } else {
        tables.ultimate_pairs.iter().map(Some).collect()
    };
    let mut configurations = Vec::new();
    for b in &tables.blinds {
        for t in &tables.trips {
            for s in &tables.six_cards {
                for p in &pairs_options {
                    let mut plays = vec![
                        WagerPlay {
                            result: result(&b.id, "base_game")?,
                            take_up: Fraction::ONE,
                            amount: stakes.ante.clone(),
                        },
                        WagerPlay {
                            result: result(&t.id, "trips")?,
                            take_up: stakes.trips_take_up.clone(),
                            amount: stakes.trips_amount.clone(),
                        },
                        WagerPlay {
                            result: result(&s.id, "six_card_bonus")?,
                            take_up: stakes.six_card_take_up.clone(),
                            amount: stakes.six_card_amount.clone(),
                        },
                    ];
                    let mut label = format!("{} + {} + {}", b.id, t.id, s.id);
                    if let Some(p) = p {
                        plays.push(WagerPlay {
                            result: result(&p.id, "ultimate_pairs")?,
                            take_up: stakes.ultimate_pairs_take_up.clone(),
                            amount: stakes.ultimate_pairs_amount.clone(),
                        });
                        label = format!("{label} + {}", p.id);
                    }
                    configurations.push(table_economics(&label, traffic, &plays));
                }
            }
        }
    }
    Ok(configurations)
}
