//! Random accepted pay tables, up to the largest odds the reader accepts
//! (10^12 on each side, random coprime denominators), for Trips, Six Card,
//! Bad Beat, must-beat-dealer Trips and the Progressive: the house edge,
//! variance and hit frequency the library computes equal an independent
//! big-rational computation from the category counts, with the settlement
//! rules written again here from the documents (the counts do not depend on
//! the pays, so they are counted once per test binary).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::sync::OnceLock;
use uth_edge::evaluator::HandCategory;
use uth_edge::exact::progressive::progressive_result;
use uth_edge::exact::showdown::{full_deck_counts, ShowdownCounts, RESULTS};
use uth_edge::exact::showdown_bets::{bad_beat_result, trips_against_result};
use uth_edge::exact::side_bets::{
    count_seven_card_hands, count_six_card_hands, six_card_result, trips_result, SevenCardCounts,
    SixCardCounts,
};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::{PayTable, PayingHand};
use uth_edge::rules::settlement::Versus;

const MAX: u64 = 1_000_000_000_000;

fn seven() -> &'static SevenCardCounts {
    static COUNTS: OnceLock<SevenCardCounts> = OnceLock::new();
    COUNTS.get_or_init(|| count_seven_card_hands(&Silent))
}

fn six() -> &'static SixCardCounts {
    static COUNTS: OnceLock<SixCardCounts> = OnceLock::new();
    COUNTS.get_or_init(|| count_six_card_hands(&Silent))
}

fn big(n: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// One side of odds: small, medium, near the limit, or anywhere up to it.
fn term() -> impl Strategy<Value = u64> {
    prop_oneof![1u64..=20, 1u64..=1_000_000, (MAX - 1000)..=MAX, 1u64..=MAX]
}

/// Odds for some of the ten categories (at least one), by category index.
fn odds_lines() -> impl Strategy<Value = Vec<Option<(u64, u64)>>> {
    prop::collection::vec(prop::option::of((term(), term())), 10)
        .prop_filter("a table pays at least one hand", |v| {
            v.iter().any(Option::is_some)
        })
}

/// The `[pays]` lines of `odds`, as a file writes them.
fn pays_text(odds: &[Option<(u64, u64)>]) -> String {
    HandCategory::ALL
        .iter()
        .zip(odds)
        .filter_map(|(c, o)| o.map(|(w, p)| format!("{} = \"{w} to {p}\"\n", c.name())))
        .collect()
}

fn load(wager: &str, options: &str, pays: &str) -> PayTable {
    let text = format!(
        "id = \"random\"\ntitle = \"random\"\nwager = \"{wager}\"\nsource = \"proptest\"\n{options}\n[pays]\n{pays}"
    );
    PayTable::from_toml(&text, "random.toml").expect("an accepted table")
}

/// Moments of a net result over equally likely outcomes `(count, net)`.
struct Moments {
    mean: BigRational,
    variance: BigRational,
    hit: BigRational,
}

fn moments(outcomes: &[(u64, BigRational)]) -> Moments {
    let total: u64 = outcomes.iter().map(|o| o.0).sum();
    let n = big(total);
    let mut sum = BigRational::zero();
    let mut square = BigRational::zero();
    let mut hits = 0u64;
    for (count, net) in outcomes {
        sum += big(*count) * net;
        square += big(*count) * net * net;
        if net.is_positive() {
            hits += count;
        }
    }
    let mean = sum / &n;
    Moments {
        variance: square / &n - &mean * &mean,
        hit: big(hits) / n,
        mean,
    }
}

fn check(result: &WagerResult, expected: Moments) -> Result<(), TestCaseError> {
    prop_assert_eq!(result.house_edge.to_big(), -expected.mean);
    prop_assert_eq!(result.variance.to_big(), expected.variance);
    prop_assert_eq!(result.hit_frequency.to_big(), expected.hit);
    prop_assert!(result.variance.to_f64().is_finite() && !result.variance.is_negative());
    Ok(())
}

/// Net of a one-unit wager paid `odds` (or lost).
fn net_odds(odds: Option<(u64, u64)>) -> BigRational {
    odds.map_or(-big(1), |(w, p)| big(w) / big(p))
}

/// Every cell of a showdown count: (player, result, dealer, deals).
fn cells(counts: &ShowdownCounts) -> Vec<(usize, Versus, usize, u64)> {
    let mut out = Vec::new();
    for p in 0..10 {
        for (r, &versus) in RESULTS.iter().enumerate() {
            for d in 0..10 {
                out.push((p, versus, d, counts.counts[p][r][d]));
            }
        }
    }
    out
}

/// Runs `property` on 48 random cases. The counts a property needs are made
/// before (a panic there fails the test once, not once per case).
fn run<S: Strategy>(strategy: S, property: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let config = Config {
        cases: 48,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&strategy, property) {
        panic!("{e}");
    }
}

#[test]
fn trips_equals_big_rationals_from_the_counts() {
    let counts = seven();
    run(odds_lines(), |odds| {
        let table = load("trips", "", &pays_text(&odds));
        let outcomes: Vec<_> = (0..10)
            .map(|c| (counts.by_category[c], net_odds(odds[c])))
            .collect();
        check(&trips_result(&table, counts), moments(&outcomes))?;
        Ok(())
    });
}

#[test]
fn six_card_equals_big_rationals_from_the_counts() {
    let counts = six();
    run(
        (
            odds_lines(),
            prop::option::of(1u64..=MAX),
            prop::collection::vec(prop::option::of(1u64..=MAX), 4),
            1u64..=999_999_999_999,
            0u64..1_000_000,
        ),
        |(odds, super_royal, by_suit, whole, millionths)| {
            let mut pays = pays_text(&odds);
            match super_royal {
                Some(d) => pays.push_str(&format!("super_royal = {{ dollars = {d} }}\n")),
                None => {
                    for (s, d) in ["clubs", "diamonds", "hearts", "spades"]
                        .iter()
                        .zip(&by_suit)
                    {
                        if let Some(d) = d {
                            pays.push_str(&format!("super_royal_{s} = {{ dollars = {d} }}\n"));
                        }
                    }
                }
            }
            let table = load("six_card_bonus", "", &pays);
            let wager = BigRational::new(
                BigInt::from(whole) * 1_000_000 + millionths,
                BigInt::from(1_000_000),
            );
            let royal = odds[HandCategory::RoyalFlush.index()];
            let outcomes: Vec<_> = counts
                .outcomes()
                .into_iter()
                .map(|(hand, count)| {
                    // COMAR 36.05.16.06F(8): a Super Royal is paid by its suit's
                    // line, else the any-suit line, else as a royal flush.
                    let fixed = match hand {
                        PayingHand::SuperRoyalOf(s) => super_royal.or(by_suit[s]),
                        _ => None,
                    };
                    let net = match (hand, fixed) {
                        (_, Some(d)) => big(d),
                        (PayingHand::SuperRoyalOf(_), None) => {
                            royal.map_or(-&wager, |(w, p)| &wager * big(w) / big(p))
                        }
                        (PayingHand::Category(c), _) => {
                            odds[c.index()].map_or(-&wager, |(w, p)| &wager * big(w) / big(p))
                        }
                        _ => unreachable!(),
                    };
                    (count, net / &wager)
                })
                .collect();
            let result = six_card_result(&table, counts, Fraction::from_big(wager.clone()));
            check(&result, moments(&outcomes))?;
            Ok(())
        },
    );
}

#[test]
fn bad_beat_equals_big_rationals_from_the_counts() {
    let counts = full_deck_counts(5, &Silent);
    run((odds_lines(), 1usize..=3), |(odds, ways)| {
        let (losing, beaten) = (ways & 1 != 0, ways & 2 != 0);
        let listed: Vec<&str> = [
            (losing, "\"player_losing_hand\""),
            (beaten, "\"dealer_beaten_hand\""),
        ]
        .iter()
        .filter(|w| w.0)
        .map(|w| w.1)
        .collect();
        let table = load(
            "bad_beat",
            &format!("pays_on = [{}]", listed.join(", ")),
            &pays_text(&odds),
        );
        // seeds/002: paid by the category of the hand that lost the showdown,
        // for the ways the table lists; a tie and anything else loses.
        let outcomes: Vec<_> = cells(counts)
            .into_iter()
            .map(|(p, versus, d, n)| {
                let paid = match versus {
                    Versus::DealerHigher if losing => odds[p],
                    Versus::PlayerHigher if beaten => odds[d],
                    _ => None,
                };
                (n, net_odds(paid))
            })
            .collect();
        check(&bad_beat_result(&table, counts), moments(&outcomes))?;
        Ok(())
    });
}

#[test]
fn must_beat_dealer_trips_equals_big_rationals_from_the_counts() {
    let counts = full_deck_counts(5, &Silent);
    run(odds_lines(), |odds| {
        let table = load("trips", "rule = \"must_beat_dealer\"", &pays_text(&odds));
        // A paying hand wins when higher, pushes on a tie, loses when lower.
        let outcomes: Vec<_> = cells(counts)
            .into_iter()
            .map(|(p, versus, _, n)| {
                let net = match (odds[p], versus) {
                    (Some(o), Versus::PlayerHigher) => net_odds(Some(o)),
                    (Some(_), Versus::Tie) => BigRational::zero(),
                    _ => -big(1),
                };
                (n, net)
            })
            .collect();
        check(&trips_against_result(&table, counts), moments(&outcomes))?;
        Ok(())
    });
}

#[test]
fn progressive_equals_big_rationals_from_the_counts() {
    let counts = full_deck_counts(3, &Silent);
    run(
        (
            odds_lines(),
            prop::collection::vec(prop::option::of(1u64..=100), 2),
            any::<bool>(),
            1u64..=999_999_999_999,
            0u64..=999_999_999_999,
            0u64..1_000_000,
        ),
        |(odds, meter_percent, returned, wager, meter_whole, meter_millionths)| {
            let mut odds = odds;
            let mut pays = String::new();
            // The royal and straight flush may pay a share of the meter instead.
            for (i, c) in [HandCategory::RoyalFlush, HandCategory::StraightFlush]
                .iter()
                .enumerate()
            {
                if let Some(p) = meter_percent[i] {
                    odds[c.index()] = None;
                    pays.push_str(&format!("{} = {{ meter_percent = {p} }}\n", c.name()));
                }
            }
            pays.push_str(&pays_text(&odds));
            let options = format!("wager_returned = {returned}");
            let table = load("progressive", &options, &pays);
            let w = big(wager);
            let m = BigRational::new(
                BigInt::from(meter_whole) * 1_000_000 + meter_millionths,
                BigInt::from(1_000_000),
            );
            let own = counts.player_categories();
            let outcomes: Vec<_> = (0..10)
                .map(|c| {
                    let meter_share = match c {
                        9 => meter_percent[0],
                        8 => meter_percent[1],
                        _ => None,
                    };
                    let award = match (meter_share, odds[c]) {
                        (Some(p), _) => Some(&m * big(p) / big(100)),
                        (None, Some((win, per))) => Some(&w * big(win) / big(per)),
                        (None, None) => None,
                    };
                    // COMAR 36.05.16.12D: "to 1" returns the wager, "for 1" not.
                    let net = match award {
                        Some(a) if returned => a,
                        Some(a) => a - &w,
                        None => -&w,
                    };
                    (own[c], net / &w)
                })
                .collect();
            let result = progressive_result(
                &table,
                counts,
                Fraction::from_big(w.clone()),
                Fraction::from_big(m.clone()),
                0,
            );
            check(&result, moments(&outcomes))?;
            Ok(())
        },
    );
}
