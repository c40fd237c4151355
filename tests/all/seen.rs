//! The seen-card engine (`exact::seen`) against computations that share none
//! of its shortcuts: whole reduced games (16 and 20 cards, 0 to 2 dealer
//! cards seen, odd Blind pays) and random spots of the full deck, each
//! compared with the brute force of `seen_brute.rs`, or with the raise
//! lines of a situation summed here over every board and dealer completion.

use crate::common::{blind_a, long_tests, nets, odd_blind_table, outcome, random_cards, Nets};
use crate::seen_brute::{compare_situation, compare_whole_game};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::{Card, CardSet};
use uth_edge::evaluator::evaluate;
use uth_edge::exact::seen;

#[test]
fn no_dealer_card_sixteen_card_game_matches_brute_force() {
    // Sixteen cards (jack to ace), every case: nothing seen, a flop card, a
    // turn/river card seen before the preflop decision or only at the flop.
    compare_whole_game(deck_of_ranks(&[9, 10, 11, 12]), &blind_a(), 0);
}

#[test]
fn one_dealer_card_sixteen_card_game_matches_brute_force() {
    compare_whole_game(deck_of_ranks(&[9, 10, 11, 12]), &blind_a(), 1);
}

#[test]
fn two_dealer_cards_sixteen_card_game_matches_brute_force() {
    compare_whole_game(deck_of_ranks(&[9, 10, 11, 12]), &blind_a(), 2);
}

#[test]
fn no_dealer_card_twenty_card_game_matches_brute_force() {
    // Twenty cards (ten to ace): the dealer sometimes fails to qualify.
    compare_whole_game(deck_of_ranks(&[8, 9, 10, 11, 12]), &blind_a(), 0);
}

#[test]
fn one_dealer_card_twenty_card_game_matches_brute_force() {
    // Long (two minutes of CPU): the sixteen-card case above runs always,
    // and the twenty-card deck with no dealer card.
    if !long_tests() {
        return;
    }
    compare_whole_game(deck_of_ranks(&[8, 9, 10, 11, 12]), &blind_a(), 1);
}

#[test]
fn preflop_values_at_random_seen_card_spots_match_brute_force() {
    // Twenty cards (ten to ace); random situations with 0, 1 or 2 dealer
    // cards seen (two of each); every preflop state of each (no community
    // card, each seen flop card, each seen turn/river card, the turn/river
    // card seen at the flop): the three choices' values, the decision and
    // the tally of the best line.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(14);
    let spots: Vec<Vec<Card>> = (0..6).map(|_| random_cards(&mut rng, deck, 4)).collect();
    spots.par_iter().enumerate().for_each(|(i, cards)| {
        compare_situation(deck, &table, (cards[0], cards[1]), &cards[2..2 + i % 3]);
    });
}

#[test]
fn two_dealer_cards_with_odd_blind_pays_matches_brute_force() {
    // Fractional pays exercise the common denominator; the table has no
    // straight pay, so a straight pushes.
    let table = odd_blind_table();
    compare_whole_game(deck_of_ranks(&[9, 10, 11, 12]), &table, 2);
}

/// The raise-4x and raise-3x lines of a situation, by brute force over
/// every board (each in its C(5,3) = 10 flop/turn-river splits) and dealer
/// completion: `(3x, 4x)` values in units of `1/scale`.
fn brute_fixed_lines(deck: CardSet, nets: &Nets, player: CardSet, dealer: CardSet) -> (i128, i128) {
    let rest = deck.minus(player).minus(dealer);
    let mut boards = vec![];
    for_each_subset(rest, 5, |b| boards.push(b));
    boards
        .par_iter()
        .map(|&board| {
            let p = evaluate(player.union(board));
            let cat = p.category() as usize;
            let (mut v3, mut v4) = (0i128, 0i128);
            for_each_subset(rest.minus(board), 2 - dealer.len(), |unseen| {
                let o = outcome(p, evaluate(dealer.union(unseen).union(board)));
                v3 += 10 * nets.net[3][o][cat] as i128;
                v4 += 10 * nets.net[4][o][cat] as i128;
            });
            (v3, v4)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

#[test]
fn full_deck_random_spots_match_brute_force() {
    // 52 cards. Both dealer cards seen (random): every preflop state (no
    // community card, each of the 48 seen flop cards and turn/river cards,
    // the turn/river card seen at the flop), every choice, against the whole
    // enumeration. One dealer card seen (random): the raise lines (every
    // board and unseen dealer card).
    let deck = CardSet::FULL_DECK;
    let table = blind_a();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(52);
    let two = random_cards(&mut rng, deck, 4);
    let one = random_cards(&mut rng, deck, 3);
    let (_, (v3, v4)) = rayon::join(
        || compare_situation(deck, &table, (two[0], two[1]), &two[2..]),
        || {
            brute_fixed_lines(
                deck,
                &nets(&table),
                CardSet::from_cards(&one[..2]),
                CardSet::from_cards(&one[2..]),
            )
        },
    );
    let (s, states) = seen::solve_situation(&table, deck, (one[0], one[1]), &one[2..]).unwrap();
    let f = nets(&table).scale / s as i128;
    assert_eq!(states[0][0].raise_3x * f, v3);
    assert_eq!(states[0][0].raise_4x * f, v4);
}
