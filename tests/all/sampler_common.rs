//! What the sampler's tests share: the built-in tables they sample (Trips
//! Paytable A, Six Card Bonus Paytable B), a report's row of one wager, and
//! the check that an exact value lies within 4 standard errors of an
//! estimate.

use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::PayTable;
use uth_edge::sample::{SimulationReport, WagerEstimate};

/// COMAR 36.05.16.12C(1), Trips Paytable A (UTH-01).
pub fn trips_a() -> PayTable {
    PayTable::resolve("uth-01").expect("built-in table")
}

/// COMAR 36.05.16.12E(2), Six Card Bonus Paytable B ($100,000 Super Royal).
pub fn six_card_b() -> PayTable {
    PayTable::resolve("six-card-b").expect("built-in table")
}

pub fn result<'r>(report: &'r SimulationReport, wager: &str) -> &'r WagerEstimate {
    report
        .results
        .iter()
        .find(|r| r.wager == wager)
        .unwrap_or_else(|| panic!("no {wager} row"))
}

/// Asserts that `exact` lies within 4 standard errors of the estimate.
pub fn assert_within_4_se(row: &WagerEstimate, exact: Fraction) {
    let e = &row.house_edge;
    let z = (exact.to_f64() - e.mean) / e.std_error;
    assert!(
        z.abs() < 4.0,
        "{} house edge estimate {} ± {} is {z:.2} standard errors from the exact {}",
        row.wager,
        e.mean,
        e.std_error,
        exact.to_f64()
    );
}
