//! The Monte Carlo engine's side bets against exact values it does not
//! compute itself: the textbook seven-card category counts (Trips), an
//! independent enumeration of six-card hands (Six Card Bonus), and the exact
//! engine's Ultimate Pairs Bonus (which draws no random numbers, so the
//! other rows are the same with or without it).

use crate::common::blind_a;
use crate::sampler_common::{assert_within_4_se, result, six_card_b, trips_a};
use uth_edge::cards::{choose, Card, CardSet};
use uth_edge::evaluator::{evaluate, HandCategory, HandCategory::*};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{Award, PayLine, PayTable, PayingHand};
use uth_edge::sample::{
    simulate, ExactValues, SessionConfig, SimulationConfig, SimulationError, SixCardBet,
};

/// Textbook counts of the best five of seven cards (C(52,7) = 133,784,560).
const SEVEN_CARD_COUNTS: [(HandCategory, u64); 10] = [
    (HighCard, 23_294_460),
    (Pair, 58_627_800),
    (TwoPair, 31_433_400),
    (ThreeOfAKind, 6_461_620),
    (Straight, 6_180_020),
    (Flush, 4_047_644),
    (FullHouse, 3_473_184),
    (FourOfAKind, 224_848),
    (StraightFlush, 37_260),
    (RoyalFlush, 4_324),
];

/// Expected net of a wager from hand counts and a pay table (odds awards).
fn expected_from_counts(
    table: &PayTable,
    counts: &[(PayingHand, u64)],
    wager: Fraction,
) -> Fraction {
    let total: u64 = counts.iter().map(|c| c.1).sum();
    counts.iter().fold(Fraction::ZERO, |sum, &(hand, n)| {
        let net = match table.lines.iter().find(|l| l.hand == hand) {
            Some(PayLine {
                award: Award::Odds { win, per },
                ..
            }) => wager.clone() * Fraction::new(*win as i128, *per as i128),
            Some(PayLine {
                award: Award::Fixed { dollars },
                ..
            }) => Fraction::from_int(*dollars as i128),
            Some(PayLine {
                award: Award::Meter { .. },
                ..
            }) => unreachable!("meter awards are for progressive tables only"),
            None => -wager.clone(),
        };
        sum + net * Fraction::new(n as i128, total as i128)
    })
}

#[test]
fn trips_estimate_is_within_4_se_of_the_textbook_counts() {
    assert_eq!(
        SEVEN_CARD_COUNTS.iter().map(|c| c.1).sum::<u64>(),
        choose(52, 7)
    );
    let counts: Vec<(PayingHand, u64)> = SEVEN_CARD_COUNTS
        .iter()
        .map(|&(c, n)| (PayingHand::Category(c), n))
        .collect();
    let house_edge = -expected_from_counts(&trips_a(), &counts, Fraction::ONE);
    // Published for UTH-01: 0.90%.
    assert!((house_edge.to_f64() - 0.0090).abs() < 0.00005);
    let mut config = SimulationConfig::new(10_000_000, blind_a());
    config.trips = Some(trips_a());
    config.seed = 4;
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    assert_within_4_se(result(&report, "trips"), house_edge);
}

#[test]
fn six_card_estimate_is_within_4_se_of_an_enumeration() {
    // Every six-card hand, by the category of its best five; Super Royals apart.
    let mut by_category = [0u64; 10];
    let mut super_royals = 0u64;
    let cards: Vec<Card> = CardSet::FULL_DECK.to_vec();
    let mut idx = [0usize; 6];
    fn next(idx: &mut [usize; 6], n: usize, k: usize) -> bool {
        let mut i = k;
        while i > 0 {
            i -= 1;
            if idx[i] < n - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                return true;
            }
        }
        false
    }
    for (i, slot) in idx.iter_mut().enumerate() {
        *slot = i;
    }
    loop {
        let set = CardSet::from_cards(&idx.map(|i| cards[i]));
        let category = evaluate(set).category();
        let suit = cards[idx[0]].suit();
        let is_super = (7..13).all(|r| set.contains(Card::new(r, suit)));
        if is_super {
            super_royals += 1;
        } else {
            by_category[category.index()] += 1;
        }
        if !next(&mut idx, 52, 6) {
            break;
        }
    }
    assert_eq!(super_royals, 4);
    assert_eq!(by_category.iter().sum::<u64>() + 4, choose(52, 6));
    let mut counts: Vec<(PayingHand, u64)> = HandCategory::ALL
        .iter()
        .map(|&c| (PayingHand::Category(c), by_category[c.index()]))
        .collect();
    counts.push((PayingHand::SuperRoyal, super_royals));
    let wager = Fraction::from_int(5);
    let house_edge = -expected_from_counts(&six_card_b(), &counts, wager.clone()) / wager.clone();
    let mut config = SimulationConfig::new(5_000_000, blind_a());
    config.six_card = Some(SixCardBet {
        table: six_card_b(),
        wager,
    });
    config.seed = 6;
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues {
            six_card: Some(house_edge.clone()),
            ..ExactValues::default()
        });
    let row = result(&report, "six_card_bonus");
    assert_within_4_se(row, house_edge.clone());
    assert_eq!(row.exact_house_edge, Some(house_edge));
}

/// The Ultimate Pairs Bonus, sampled: within 4 standard errors of the exact
/// engine's house edge (all 1,326 × 1,225 player and dealer two-card deals,
/// computed here), and the hands are the same with or without the wager:
/// it draws no random numbers, so every other row is identical.
#[test]
fn ultimate_pairs_estimate_is_within_4_se_of_the_exact_edge_and_deals_the_same_hands() {
    use uth_edge::exact::ultimate_pairs::{count_deals, ultimate_pairs_result};
    let table = PayTable::resolve("ultimate-pairs-example").expect("built-in table");
    let house_edge = ultimate_pairs_result(&table, &count_deals()).house_edge;
    let mut config = SimulationConfig::new(3_000_000, blind_a());
    config.trips = Some(trips_a());
    config.seed = 12;
    config.session = Some(SessionConfig::new(1_000));
    let without = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    config.ultimate_pairs = Some(table.clone());
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues {
            ultimate_pairs: Some(house_edge.clone()),
            ..ExactValues::default()
        });
    let row = result(&report, "ultimate_pairs");
    assert_within_4_se(row, house_edge.clone());
    assert_eq!(row.exact_house_edge, Some(house_edge));
    assert_eq!(row.hands, 3_000_000);
    // Every paying line was hit, and the counts add up to the hands.
    assert!(row.lines.iter().all(|l| l.count > 0), "{:?}", row.lines);
    assert_eq!(report.results.len(), 3);
    assert_eq!(without.results[..], report.results[..2]);
    assert_eq!(without.actions, report.actions);
    // Sessions now count the wager too: the same sessions, other totals.
    let (a, b) = (without.sessions.unwrap(), report.sessions.unwrap());
    assert_eq!(a.sessions, b.sessions);
    assert_ne!(a.mean, b.mean);
}

/// A table of another wager is refused as the Ultimate Pairs Bonus.
#[test]
fn ultimate_pairs_needs_an_ultimate_pairs_table() {
    let mut config = SimulationConfig::new(1_000, blind_a());
    config.ultimate_pairs = Some(trips_a());
    assert!(matches!(
        simulate(&config, crate::common::shipped_strategy("timid"), &Silent),
        Err(SimulationError::WrongTable { .. })
    ));
}
