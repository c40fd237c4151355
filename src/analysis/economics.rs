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
//!
//! [`configurations`] makes one table per combination of the pay tables
//! given for each wager ([`WagerChoice`]); a wager left out (say the base
//! game, to see a side bet alone) has no choice and no figures.
//!
//! **Under a payout limit per hand with Trips counted** the Trips wager's
//! wins share the cap with the base game's, so the two are priced jointly
//! ([`PairedTrips`]): a seat-hand without Trips (a share `1 − p`) is the
//! base game under the limit, edge `e_b` per Ante; one with Trips of `W`
//! dollars (a share `p`) is the limited solve of the base game and Trips
//! together (`game --payout-limit --trips`), edge `e_j` per Ante (the
//! Trips loss counted in Antes), the best play knowing both. The base
//! game's row stays `e_b`; the Trips row is what the wager adds, per Trips
//! dollar: `(A / W)(e_j − e_b)` at an Ante of `A`, so the rows add up to
//! the exact hold `A((1 − p) e_b + p e_j)` per seat-hand. Its standard
//! deviation is the root of what Trips adds to the seat-hand's exact
//! variance (none when it adds none), so that the rows' sum stays at
//! least the seat-hand's exact standard deviation.

// Fraction becomes Clone-only (exact at any size); these clones stay.
#![allow(clippy::clone_on_copy)]

use crate::fraction::Fraction;
use crate::result::WagerResult;
use crate::rules::paytable::PayTable;

/// The wagers `economics` can count, in the order they are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EconomicsWager {
    /// Ante, Blind and Play together, per Ante (take-up 1).
    BaseGame,
    /// The Trips side bet.
    Trips,
    /// The Six Card Bonus.
    SixCardBonus,
    /// The Ultimate Pairs Bonus.
    UltimatePairs,
}

impl EconomicsWager {
    /// Every wager, in the order shown.
    pub const ALL: [EconomicsWager; 4] = [
        EconomicsWager::BaseGame,
        EconomicsWager::Trips,
        EconomicsWager::SixCardBonus,
        EconomicsWager::UltimatePairs,
    ];

    /// The wager's name in the results (`base_game`, `trips`, ...).
    pub fn result_name(self) -> &'static str {
        match self {
            EconomicsWager::BaseGame => "base_game",
            EconomicsWager::Trips => "trips",
            EconomicsWager::SixCardBonus => "six_card_bonus",
            EconomicsWager::UltimatePairs => "ultimate_pairs",
        }
    }

    /// The wager's name on the command line (`base-game`, `trips`,
    /// `six-card`, `ultimate-pairs`).
    pub fn flag_name(self) -> &'static str {
        match self {
            EconomicsWager::BaseGame => "base-game",
            EconomicsWager::Trips => "trips",
            EconomicsWager::SixCardBonus => "six-card",
            EconomicsWager::UltimatePairs => "ultimate-pairs",
        }
    }

    /// The wager of the given [`flag_name`](Self::flag_name).
    pub fn from_flag_name(name: &str) -> Option<EconomicsWager> {
        EconomicsWager::ALL
            .into_iter()
            .find(|w| w.flag_name() == name)
    }
}

/// The pay tables given for one wager (one configuration per table), how
/// many seat-hands take it and the average amount.
#[derive(Clone, Debug)]
pub struct WagerChoice {
    /// The wager.
    pub wager: EconomicsWager,
    /// Its pay tables; each makes its own configurations.
    pub tables: Vec<PayTable>,
    /// Share of seat-hands that make it (1 for the base game).
    pub take_up: Fraction,
    /// The average amount, in dollars (the Ante for the base game).
    pub amount: Fraction,
}

/// Why the economics cannot be made from the results given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EconomicsError {
    /// No wager is left to count.
    #[error("no wager left to count (each was left out)")]
    NoWager,
    /// A table has no result (a programming error of the caller).
    #[error("no result for pay table {0} ({1})")]
    NoResult(String, String),
}

/// The Trips wager priced with the base game under a payout limit per
/// hand, on one Blind table (module doc): what a Trips dollar adds to a
/// seat-hand's hold there, and the variance it adds.
#[derive(Clone, Debug, PartialEq)]
pub struct PairedTrips {
    /// The Blind table's id.
    pub blind: String,
    /// The Trips table's id.
    pub trips: String,
    /// What the Trips wager adds to the hold, per Trips dollar: `(A / W)
    /// (e_j − e_b)`.
    pub house_edge: Fraction,
    /// What it adds to the variance of a seat-hand's result, dollars
    /// squared (none when it lowers it).
    pub seat_hand_variance: Fraction,
}

impl PairedTrips {
    /// From the base game's result under the limit `alone` and the joint
    /// result `joint` (base game and Trips of `amount` dollars, both per
    /// Ante), at an Ante of `ante` dollars with Trips on a share `take_up`
    /// of the seat-hands.
    ///
    /// # Panics
    /// If `amount` is zero (a Trips wager of nothing is refused first).
    pub fn new(
        alone: &WagerResult,
        joint: &WagerResult,
        trips: &str,
        take_up: &Fraction,
        amount: &Fraction,
        ante: &Fraction,
    ) -> PairedTrips {
        let (eb, ej) = (&alone.house_edge, &joint.house_edge);
        let p = take_up.clone();
        let q = Fraction::ONE - p.clone();
        let a2 = ante.clone() * ante.clone();
        let mean = ante.clone() * (q.clone() * eb.clone() + p.clone() * ej.clone());
        let second = a2.clone()
            * (q * (alone.variance.clone() + eb.clone() * eb.clone())
                + p * (joint.variance.clone() + ej.clone() * ej.clone()));
        let added = second - mean.clone() * mean - a2 * alone.variance.clone();
        PairedTrips {
            blind: alone.paytable.clone(),
            trips: trips.to_string(),
            house_edge: ante.clone() / amount.clone() * (ej.clone() - eb.clone()),
            seat_hand_variance: std::cmp::max(added, Fraction::ZERO),
        }
    }
}

/// One table's economics per combination of the choices' pay tables (the
/// first choice's tables vary slowest), labelled `blind-a + uth-01 + ...`;
/// the Trips row of a combination whose Blind and Trips tables are in
/// `paired` is theirs (priced jointly under a payout limit).
pub fn configurations(
    choices: &[WagerChoice],
    results: &[WagerResult],
    paired: &[PairedTrips],
    traffic: &TableTraffic,
) -> Result<Vec<TableEconomics>, EconomicsError> {
    if choices.is_empty() || choices.iter().any(|c| c.tables.is_empty()) {
        return Err(EconomicsError::NoWager);
    }
    let result = |table: &PayTable, wager: EconomicsWager| {
        results
            .iter()
            .find(|r| r.paytable == table.id && r.wager == wager.result_name())
            .ok_or_else(|| EconomicsError::NoResult(table.id.clone(), wager.result_name().into()))
    };
    // Every combination of one table per choice, as indices.
    let mut picks: Vec<Vec<usize>> = vec![Vec::new()];
    for choice in choices {
        picks = picks
            .into_iter()
            .flat_map(|p| {
                (0..choice.tables.len()).map(move |i| {
                    let mut next = p.clone();
                    next.push(i);
                    next
                })
            })
            .collect();
    }
    let mut tables = Vec::with_capacity(picks.len());
    for pick in picks {
        let mut plays = Vec::with_capacity(choices.len());
        let mut ids = Vec::with_capacity(choices.len());
        for (choice, &i) in choices.iter().zip(&pick) {
            let table = &choice.tables[i];
            // The Blind table comes first (EconomicsWager::ALL's order).
            let under_limit = (choice.wager == EconomicsWager::Trips)
                .then(|| {
                    paired
                        .iter()
                        .find(|p| ids.first() == Some(&p.blind.as_str()) && p.trips == table.id)
                })
                .flatten();
            plays.push(WagerPlay {
                result: result(table, choice.wager)?,
                take_up: choice.take_up.clone(),
                amount: choice.amount.clone(),
                under_limit,
            });
            ids.push(table.id.as_str());
        }
        tables.push(table_economics(&ids.join(" + "), traffic, &plays));
    }
    Ok(tables)
}

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

impl Default for TableTraffic {
    /// The `economics` command's defaults, the stakes the submission
    /// report's monitoring figures state: 30 hands an hour, 5 seats
    /// filled, 16 hours a day, 365 days a year, a 30-day month, a $10
    /// Ante.
    fn default() -> TableTraffic {
        TableTraffic {
            hands_per_hour: 30,
            seats: 5,
            hours_per_day: 16,
            days_per_year: 365,
            days_per_month: 30,
            ante: Fraction::from_int(10),
        }
    }
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
    /// The Trips wager priced with the base game under a payout limit:
    /// its house edge and seat-hand variance replace `result`'s.
    pub under_limit: Option<&'a PairedTrips>,
}

/// The economics of one wager.
#[derive(Clone, Debug, PartialEq)]
pub struct WagerEconomics {
    /// The wager's name.
    pub wager: String,
    /// The id of the wager's pay table.
    pub paytable: String,
    /// Share of seat-hands that make the wager.
    pub take_up: Fraction,
    /// Average amount when made, dollars (the Ante for the base game).
    pub amount: Fraction,
    /// House edge per unit wagered (the base game: per Ante).
    pub house_edge: Fraction,
    /// Expected win of the house per seat-hand, in dollars (exact).
    pub win_per_seat_hand: Fraction,
    /// Expected win per hour, dollars (exact): per seat-hand × seat-hands
    /// per hour.
    pub win_per_hour: Fraction,
    /// Expected win per day, dollars (exact).
    pub win_per_day: Fraction,
    /// Expected win per year, dollars (exact).
    pub win_per_year: Fraction,
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
    let per_hour = u64::from(traffic.hands_per_hour) * u64::from(traffic.seats);
    let per_day = per_hour * u64::from(traffic.hours_per_day);
    let per_year = per_day * u64::from(traffic.days_per_year);
    let per_month = per_day * u64::from(traffic.days_per_month);
    let wagers: Vec<WagerEconomics> = plays
        .iter()
        .map(|play| {
            let mut w = wager_economics(play);
            let times = |n: u64| w.win_per_seat_hand.clone() * Fraction::from_int(i128::from(n));
            (w.win_per_hour, w.win_per_day, w.win_per_year) =
                (times(per_hour), times(per_day), times(per_year));
            w
        })
        .collect();
    let per_hand = wagers
        .iter()
        .fold(Fraction::ZERO, |sum, w| sum + w.win_per_seat_hand.clone());
    let sd: f64 = wagers.iter().map(|w| w.sd_per_seat_hand).sum();
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
/// variance `v`: mean `r·a·e`; second moment `r·a²·(v + e²)` (a Trips
/// wager priced under a payout limit: its own edge, and the variance it
/// adds, [`PairedTrips`]).
fn wager_economics(play: &WagerPlay) -> WagerEconomics {
    let r = &play.result;
    let a = play.amount.clone();
    let edge = match play.under_limit {
        Some(paired) => paired.house_edge.clone(),
        None => r.house_edge.clone(),
    };
    let win = play.take_up.clone() * a.clone() * edge.clone();
    let variance = match play.under_limit {
        Some(paired) => paired.seat_hand_variance.clone(),
        None => {
            let second = play.take_up.clone()
                * a.clone()
                * a
                * (r.variance.clone() + edge.clone() * edge.clone());
            second - win.clone() * win.clone()
        }
    };
    WagerEconomics {
        wager: r.wager.clone(),
        paytable: r.paytable.clone(),
        take_up: play.take_up.clone(),
        amount: play.amount.clone(),
        house_edge: edge,
        win_per_seat_hand: win,
        // Set by the caller, which knows the traffic.
        win_per_hour: Fraction::ZERO,
        win_per_day: Fraction::ZERO,
        win_per_year: Fraction::ZERO,
        // The nearest f64 to the exact root (the variance is a sum of
        // squares, never negative): `to_f64().sqrt()` rounded twice.
        sd_per_seat_hand: variance.sqrt_to_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::{ResultLine, WagerResult};
    use crate::rules::paytable::WagerKind;

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

    /// 30 hands an hour at six seats, 8 hours a day, a $10 Ante.
    fn traffic() -> TableTraffic {
        TableTraffic {
            hands_per_hour: 30,
            seats: 6,
            hours_per_day: 8,
            days_per_year: 365,
            days_per_month: 30,
            ante: Fraction::from_int(10),
        }
    }

    #[test]
    fn theoretical_win_is_take_up_times_amount_times_edge_times_hands() {
        // Fact: by hand, 30 hands × 6 seats = 180 seat-hands an hour; half
        // of them bet $10 at a 1/2 edge: $2.50 a seat-hand, $450 an hour,
        // $3,600 in 8 hours, $1,314,000 in 365 days.
        let result = coin();
        let traffic = traffic();
        let play = WagerPlay {
            result: &result,
            take_up: Fraction::new(1, 2),
            amount: Fraction::from_int(10),
            under_limit: None,
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
            under_limit: None,
        };
        assert_eq!(wager_economics(&play).sd_per_seat_hand, 8.232830578627002);
    }

    #[test]
    fn configurations_pair_every_table_of_one_wager_with_every_table_of_another() {
        // Fact: by counting, two Trips tables and one Six Card table make
        // 2 × 1 configurations; each wager's hour is its seat-hand × 180.
        let table = |id: &str, wager: WagerKind| PayTable {
            id: id.to_string(),
            title: id.to_string(),
            wager,
            lines: vec![],
            source: String::new(),
            rules_version: None,
            published: vec![],
            notes: vec![],
            rules: Default::default(),
        };
        let mut results = Vec::new();
        for (id, wager) in [("t1", "trips"), ("t2", "trips"), ("s", "six_card_bonus")] {
            let mut r = coin();
            r.paytable = id.to_string();
            r.wager = wager.to_string();
            results.push(r);
        }
        let choice = |wager, tables| WagerChoice {
            wager,
            tables,
            take_up: Fraction::new(1, 2),
            amount: Fraction::from_int(10),
        };
        let choices = [
            choice(
                EconomicsWager::Trips,
                vec![table("t1", WagerKind::Trips), table("t2", WagerKind::Trips)],
            ),
            choice(
                EconomicsWager::SixCardBonus,
                vec![table("s", WagerKind::SixCardBonus)],
            ),
        ];
        let traffic = traffic();
        let tables = configurations(&choices, &results, &[], &traffic).unwrap();
        let labels: Vec<&str> = tables.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["t1 + s", "t2 + s"]);
        for w in &tables[0].wagers {
            assert_eq!(
                w.win_per_hour,
                Fraction::new(5, 2) * Fraction::from_int(180)
            );
            assert_eq!(
                w.win_per_year,
                Fraction::new(5, 2) * Fraction::from_int(180 * 8 * 365)
            );
        }
        assert_eq!(
            configurations(&[], &results, &[], &traffic).unwrap_err(),
            EconomicsError::NoWager
        );
    }
}
