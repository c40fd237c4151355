//! The seen-card engine's known facts: what a turn/river card seen at the
//! flop is worth lies between seeing none and seeing it preflop, no card
//! seen is the base-game solver (itself checked against brute force in
//! `solver.rs`), Jacobson's 5,083 classes of one seen dealer card, the
//! situation classes cover every situation once, and the seen-card chart
//! weighs every hole pair once.

use crate::common::blind_a;
use rayon::prelude::*;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{solve as solve_base, RiverTable};
use uth_edge::exact::seen::{self, Decisions, PreflopState, Variant};
use uth_edge::progress::Silent;

#[test]
fn a_turnriver_card_seen_at_the_flop_is_worth_between_none_and_seeing_it_preflop() {
    // Facts of the information, not of the engine: the late reading's player
    // knows more than the one who sees no community card (the card, at the
    // flop and river) and less than the one who sees it before the preflop
    // decision, over the same deals; knowing more never lowers the value of
    // the best strategy. Per situation, its deals are every deal of the
    // case without a community card twice (each turn/river pair, once per
    // card seen), so its raise lines are exactly twice those; its check line
    // is at least twice (the flop decision knows more), hence it raises
    // (and by the same amount) only where the case without a community card
    // does. Twenty cards, 0, 1 and 2 dealer cards seen, every situation.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    for dealer in 0..=2 {
        let [none, _, early, late] = seen::solve(&table, deck, dealer, &Silent).unwrap();
        assert_eq!(late.tally.deals, 2 * none.tally.deals);
        assert_eq!(late.tally.deals, early.tally.deals);
        assert!(none.per_ante() <= late.per_ante(), "dealer:{dealer}");
        assert!(late.per_ante() <= early.per_ante(), "dealer:{dealer}");
        seen::situations(deck, dealer).par_iter().for_each(|s| {
            let (_, states) = seen::solve_situation(&table, deck, s.player, &s.dealer).unwrap();
            let (base, late) = (&states[0][0], &states[3][0]);
            let label = format!("{:?} dealer {:?}", s.player, s.dealer);
            assert_eq!(late.tally.deals, 2 * base.tally.deals, "{label}");
            assert_eq!(late.raise_4x, 2 * base.raise_4x, "{label}");
            assert_eq!(late.raise_3x, 2 * base.raise_3x, "{label}");
            assert!(late.check >= 2 * base.check, "{label}");
            // The value of the preflop decision that knows the card (the sum
            // of the turnriver:1 states' best lines) bounds it from above.
            let early: i128 = states[2].iter().map(|t| t.tally.value).sum();
            assert!(late.tally.value <= early, "{label}");
            if base.decision == Decisions::Check || late.decision != Decisions::Check {
                assert_eq!(late.decision, base.decision, "{label}");
            }
        });
    }
}

#[test]
fn no_card_seen_is_the_base_game() {
    // Twenty cards (ten to ace): the dealer sometimes fails to qualify.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let river = RiverTable::build(deck, &Silent);
    let base = solve_base(&river, &table, &Silent).summary();
    let [none, ..] = seen::solve(&table, deck, 0, &Silent).expect("solvable");
    assert_eq!(none.tally.deals, base.sequences as i128);
    assert_eq!(none.per_ante(), base.expected_value);
    assert_eq!(none.variance(), base.variance);
    assert_eq!(none.action_shares(), base.action_probabilities);
    assert_eq!(none.average_wagered(), base.average_total_wager);
}

#[test]
fn one_dealer_card_has_jacobsons_5083_classes() {
    // Published: Eliot Jacobson, "Ultimate Texas Hold'em Hole-Card Play: One
    // Dealer Card" (888casino blog; advancedadvantageplay.com, 2024) reduces
    // the (player cards, seen dealer card) situations to 5,083 equivalence
    // classes under suit symmetry.
    assert_eq!(seen::situations(CardSet::FULL_DECK, 1).len(), 5083);
}

#[test]
fn situation_classes_cover_every_situation() {
    // Known counts: C(52,2)·50 situations with one dealer card seen,
    // C(52,2)·C(50,2) with two.
    for (dealer, total) in [(1usize, 1326u64 * 50), (2, 1326 * 1225)] {
        let classes = seen::situations(CardSet::FULL_DECK, dealer);
        assert_eq!(classes.iter().map(|c| c.size).sum::<u64>(), total);
        // Orbit-stabiliser: a class size divides the 24 renamings.
        assert!(classes.iter().all(|c| 24 % c.size == 0));
    }
}

#[test]
fn the_seen_card_chart_weighs_every_hole_pair_once() {
    // Twenty cards, one dealer card seen: the chart's classes hold the
    // C(19,2) = 171 hole pairs, and their values weighted by class size
    // equal the sum over every pair solved one by one (suit symmetry); the
    // same for the chart of a turn/river card seen at the flop.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let seen_card = deck.to_vec()[5];
    let mut pairs = vec![];
    for_each_subset(deck.minus(CardSet::from_cards(&[seen_card])), 2, |p| {
        pairs.push(p.to_vec())
    });
    let each: Vec<[PreflopState; 2]> = pairs
        .par_iter()
        .map(|p| {
            let (_, s) = seen::solve_situation(&table, deck, (p[0], p[1]), &[seen_card]).unwrap();
            [s[0][0].clone(), s[3][0].clone()]
        })
        .collect();
    for (i, variant) in [Variant::NoBoardCard, Variant::TurnRiverAtFlop]
        .into_iter()
        .enumerate()
    {
        let (_, chart) = seen::preflop_chart(&table, deck, &[seen_card], variant, &Silent).unwrap();
        assert_eq!(chart.iter().map(|(s, _)| s.size).sum::<u64>(), 171);
        let weighted = |f: &dyn Fn(&PreflopState) -> i128| -> i128 {
            chart.iter().map(|(s, st)| s.size as i128 * f(st)).sum()
        };
        let summed =
            |f: &dyn Fn(&PreflopState) -> i128| -> i128 { each.iter().map(|s| f(&s[i])).sum() };
        assert_eq!(weighted(&|s| s.raise_4x), summed(&|s| s.raise_4x));
        assert_eq!(weighted(&|s| s.check), summed(&|s| s.check));
        assert_eq!(weighted(&|s| s.tally.square), summed(&|s| s.tally.square));
    }
}
