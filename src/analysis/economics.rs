//! Operator economics: what a table earns, from its exact figures and how
//! it is played.
//!
//! Inputs ([`TableTraffic`]): hands per hour, seats filled, hours open per
//! day, days open per year, the average Ante, and for each side bet the
//! share of seat-hands that take it (take-up) and its average amount. The
//! **theoretical win** of a wager per seat-hand is exact: take-up ×
//! amount × house edge (the base game: Ante × house edge per Ante, which
//! already counts the Blind and the Play wagers under the strategy). Per
//! hour, day and year it is multiplied by the number of seat-hands.
//!
//! The **range of a day's or a month's result** is an approximation, and
//! labelled so: the normal approximation (mean ± z·SD·√n, z = 1.645 for
//! 90%, 1.960 for 95%) over n seat-hands treated as independent, with the
//! standard deviation of one seat-hand taken as the sum of the wagers'
//! standard deviations (the largest it can be whatever their correlation:
//! the player's cards drive both the base game and Trips), so the range is
//! on the wide side. Seats at one table share the dealer's hand and the
//! board; that correlation is not modelled.

// Fraction becomes Clone-only (exact at any size); these clones stay.
#![allow(clippy::clone_on_copy)]

use crate::fraction::Fraction;
use crate::result::WagerResult;

/// How a table is played.
#[derive(Clone, Debug, PartialEq)]
pub struct TableTraffic {
    /// Hands (rounds) dealt per hour.
    pub hands_per_hour: u32,
    /// Seats filled on average.
    pub seats: u32,
    /// Hours open per day.
    pub hours_per_day: u32,
    /// Days open per year.
    pub days_per_year: u32,
    /// Days in a month, for the month's range.
    pub days_per_month: u32,
    /// The average Ante, in dollars.
    pub ante: Fraction,
}

/// One wager as played: its exact result, its take-up and average amount.
#[derive(Clone, Debug)]
pub struct WagerPlay<'a> {
    /// The wager's exact figures (per unit wagered; the base game per Ante).
    pub result: &'a WagerResult,
    /// Share of seat-hands that make the wager (1 for the base game).
    pub take_up: Fraction,
    /// The average amount wagered when made, in dollars (the Ante for the
    /// base game).
    pub amount: Fraction,
}

/// The economics of one wager.
#[derive(Clone, Debug, PartialEq)]
pub struct WagerEconomics {
    /// The wager's name.
    pub wager: String,
    /// The id of the wager's pay table.
    pub paytable: String,
    /// Expected win of the house per seat-hand, in dollars (exact).
    pub win_per_seat_hand: Fraction,
    /// Standard deviation of the house's result per seat-hand, dollars.
    pub sd_per_seat_hand: f64,
}

/// The economics of a table: its wagers and the totals.
#[derive(Clone, Debug, PartialEq)]
pub struct TableEconomics {
    /// A name for the configuration, e.g. `blind-a + uth-01`.
    pub label: String,
    /// The economics of each wager of the table.
    pub wagers: Vec<WagerEconomics>,
    /// Seat-hands per hour, per day and per year.
    pub seat_hands_per_hour: u64,
    /// Seat-hands per day.
    pub seat_hands_per_day: u64,
    /// Seat-hands per year.
    pub seat_hands_per_year: u64,
    /// Theoretical win per hour, day and year, dollars (exact).
    pub win_per_hour: Fraction,
    /// Theoretical win per day, dollars (exact).
    pub win_per_day: Fraction,
    /// Theoretical win per year, dollars (exact).
    pub win_per_year: Fraction,
    /// Normal-approximation ranges of a day's and a month's result,
    /// `(confidence, low, high)` in dollars.
    pub day_ranges: Vec<(&'static str, f64, f64)>,
    /// The same ranges for a month's result.
    pub month_ranges: Vec<(&'static str, f64, f64)>,
}

/// The confidence levels of the ranges and their two-sided normal z.
pub const CONFIDENCE: [(&str, f64); 2] = [("90%", 1.645), ("95%", 1.960)];

/// The economics of a table whose wagers are `plays`.
pub fn table_economics(label: &str, traffic: &TableTraffic, plays: &[WagerPlay]) -> TableEconomics {
    let wagers: Vec<WagerEconomics> = plays.iter().map(wager_economics).collect();
    let per_hand = wagers
        .iter()
        .fold(Fraction::ZERO, |sum, w| sum + w.win_per_seat_hand.clone());
    let sd: f64 = wagers.iter().map(|w| w.sd_per_seat_hand).sum();
    let per_hour = u64::from(traffic.hands_per_hour) * u64::from(traffic.seats);
    let per_day = per_hour * u64::from(traffic.hours_per_day);
    let per_year = per_day * u64::from(traffic.days_per_year);
    let per_month = per_day * u64::from(traffic.days_per_month);
    let times = |n: u64| per_hand.clone() * Fraction::from_int(i128::from(n));
    let ranges = |n: u64| {
        let mean = times(n).to_f64();
        let spread = sd * (n as f64).sqrt();
        CONFIDENCE
            .iter()
            .map(|&(name, z)| (name, mean - z * spread, mean + z * spread))
            .collect()
    };
    TableEconomics {
        label: label.to_string(),
        wagers,
        seat_hands_per_hour: per_hour,
        seat_hands_per_day: per_day,
        seat_hands_per_year: per_year,
        win_per_hour: times(per_hour),
        win_per_day: times(per_day),
        win_per_year: times(per_year),
        day_ranges: ranges(per_day),
        month_ranges: ranges(per_month),
    }
}

/// One wager's expected win and standard deviation per seat-hand. With
/// take-up `r`, amount `a`, per-unit mean loss `e` (the house edge) and
/// variance `v`: mean `r·a·e`; second moment `r·a²·(v + e²)`.
fn wager_economics(play: &WagerPlay) -> WagerEconomics {
    let r = &play.result;
    let a = play.amount.clone();
    let edge = r.house_edge.clone();
    let win = play.take_up.clone() * a.clone() * edge.clone();
    let second = play.take_up.clone() * a.clone() * a * (r.variance.clone() + edge.clone() * edge);
    let variance = second - win.clone() * win.clone();
    WagerEconomics {
        wager: r.wager.clone(),
        paytable: r.paytable.clone(),
        win_per_seat_hand: win,
        // The nearest f64 to the exact root (the variance is a sum of
        // squares, never negative): `to_f64().sqrt()` rounded twice.
        sd_per_seat_hand: variance.sqrt_to_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::{ResultLine, WagerResult};

    /// A wager that loses 1 or wins 1 with probabilities 3/4, 1/4:
    /// mean loss 1/2, variance 1 − 1/4 = 3/4.
    fn coin() -> WagerResult {
        let line = |hand: &str, p: Fraction, c: Fraction| ResultLine {
            hand: hand.to_string(),
            combinations: 1,
            probability: p,
            pays: String::new(),
            contribution: c,
        };
        WagerResult {
            wager: "trips".to_string(),
            paytable: "coin".to_string(),
            title: "coin".to_string(),
            wager_amount: None,
            outcomes: 4,
            lines: vec![
                line("win", Fraction::new(1, 4), Fraction::new(1, 4)),
                line("other", Fraction::new(3, 4), Fraction::new(-3, 4)),
            ],
            house_edge: Fraction::new(1, 2),
            element_of_risk: Fraction::new(1, 2),
            variance: Fraction::new(3, 4),
            hit_frequency: Fraction::new(1, 4),
            published: vec![],
            game: None,
            rule: None,
            meter: None,
            players: None,
            figures: vec![],
        }
    }

    #[test]
    fn theoretical_win_is_take_up_times_amount_times_edge_times_hands() {
        // Fact: by hand, 30 hands × 6 seats = 180 seat-hands an hour; half
        // of them bet $10 at a 1/2 edge: $2.50 a seat-hand, $450 an hour,
        // $3,600 in 8 hours, $1,314,000 in 365 days.
        let result = coin();
        let traffic = TableTraffic {
            hands_per_hour: 30,
            seats: 6,
            hours_per_day: 8,
            days_per_year: 365,
            days_per_month: 30,
            ante: Fraction::from_int(10),
        };
        let play = WagerPlay {
            result: &result,
            take_up: Fraction::new(1, 2),
            amount: Fraction::from_int(10),
        };
        let e = table_economics("coin", &traffic, &[play]);
        assert_eq!(e.wagers[0].win_per_seat_hand, Fraction::new(5, 2));
        assert_eq!(e.win_per_hour, Fraction::from_int(450));
        assert_eq!(e.win_per_day, Fraction::from_int(3_600));
        assert_eq!(e.win_per_year, Fraction::from_int(1_314_000));
        // Per seat-hand: the house wins +10 w.p. 3/8, −10 w.p. 1/8, 0 w.p.
        // 1/2: second moment 50, mean 2.5, variance 43.75.
        assert!((e.wagers[0].sd_per_seat_hand - 43.75f64.sqrt()).abs() < 1e-12);
        let (_, low, high) = e.day_ranges[1];
        let spread = 1.96 * 43.75f64.sqrt() * (1440f64).sqrt();
        assert!((high - low - 2.0 * spread).abs() < 1e-6);
    }

    #[test]
    fn the_standard_deviation_is_the_nearest_f64_to_the_exact_root() {
        // Fact: with take-up 1, amount 1 and no edge the variance per
        // seat-hand is the wager's own, here 9549657/140893. Its root is
        // 8.2328305786270028954... (Python `decimal`, 80 digits; correctly
        // rounded to f64: 8.232830578627002); rounding the variance to an
        // f64 first, then taking the f64 root, gives the next f64 up
        // (8.232830578627004).
        let mut result = coin();
        result.house_edge = Fraction::from_int(0);
        result.variance = Fraction::new(9_549_657, 140_893);
        let play = WagerPlay {
            result: &result,
            take_up: Fraction::from_int(1),
            amount: Fraction::from_int(1),
        };
        assert_eq!(wager_economics(&play).sd_per_seat_hand, 8.232830578627002);
    }
}
