//! `collude:2` by partner class (`exact::seen::partners`: one base-game
//! solve per class of the partner's two cards, under the suit renamings
//! that fix them) against computations that do not share its shortcut:
//! - the per-situation engine (`exact::seen::dead`, itself checked against
//!   brute force in `collusion.rs`), which solves every class of (player
//!   cards, partner cards) separately by the seen-card enumeration;
//! - the unreduced brute force of `collusion.rs` on sixteen cards;
//! - the base-game solver with all 24 renamings, for the solve under fewer
//!   renamings on a deck every renaming keeps (the same sums, exactly).

use crate::collusion::brute_collude_2_sixteen;
use crate::common::{blind_a, long_tests};
use uth_edge::cards::canonical::{deck_of_ranks, Symmetry};
use uth_edge::cards::{Card, CardSet};
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::exact::seen::dead::{self, DeadCase, DeadSums, Shard};
use uth_edge::exact::seen::partners;
use uth_edge::progress::Silent;

fn by_partners(deck: CardSet, shard: Shard) -> DeadSums {
    partners::solve_collude_2(&blind_a(), deck, shard, &Silent, &mut |_| {}).expect("solvable")
}

fn per_situation(deck: CardSet) -> DeadSums {
    dead::solve(
        &blind_a(),
        deck,
        DeadCase::Collude(2),
        Shard::ALL,
        &Silent,
        &mut |_| {},
    )
    .expect("solvable")
}

fn compare_engines(ranks: &[usize]) {
    let deck = deck_of_ranks(ranks);
    let ours = by_partners(deck, Shard::ALL);
    let theirs = per_situation(deck);
    // Every figure: deals, value, squares, actions; and the scale.
    assert_eq!(ours.tally, theirs.tally, "{ranks:?}");
    assert_eq!(ours.scale, theirs.scale);
    assert_eq!(ours.per_ante(), theirs.per_ante());
}

#[test]
fn partner_classes_equal_the_per_situation_engine_on_sixteen_cards() {
    compare_engines(&[9, 10, 11, 12]);
}

#[test]
fn partner_classes_equal_the_per_situation_engine_on_twenty_cards() {
    // Ten to ace: the dealer sometimes fails to qualify.
    compare_engines(&[8, 9, 10, 11, 12]);
}

#[test]
fn partner_classes_equal_the_per_situation_engine_on_twenty_four_cards() {
    // Long (a minute and a half of CPU): the sixteen- and twenty-card
    // comparisons above run the same two engines on every run.
    if !long_tests() {
        return;
    }
    compare_engines(&[7, 8, 9, 10, 11, 12]);
}

#[test]
fn partner_classes_equal_the_brute_force_on_sixteen_cards() {
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let ours = by_partners(deck, Shard::ALL);
    let &(scale, ref brute) = brute_collude_2_sixteen();
    let f = scale / ours.scale as i128;
    assert_eq!(f * ours.scale as i128, scale);
    assert_eq!(ours.tally.deals, brute.deals);
    assert_eq!(ours.tally.value * f, brute.value);
    assert_eq!(ours.tally.square * f * f, brute.square);
    assert_eq!(ours.tally.actions, brute.actions);
}

#[test]
fn partner_classes_of_the_full_deck_are_the_169_starting_hands() {
    // Textbook: 13 pairs + 78 suited + 78 offsuit, 1,326 holdings.
    let classes = partners::partner_classes(CardSet::FULL_DECK);
    assert_eq!(classes.len(), 169);
    assert_eq!(classes.iter().map(|c| c.1).sum::<u64>(), 1326);
}

#[test]
fn fewer_renamings_on_a_symmetric_deck_give_the_same_solve() {
    // A deck every renaming keeps, solved identifying deals under the
    // identity alone (no reduction at all) and under the renamings that fix
    // two cards (A♠ K♦: 2 of them; A♠ A♦: 4; A♠ K♠: 6): every sum equals the
    // 24-fold solve's.
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let table = blind_a();
    let full = RiverTable::build(deck, &Silent);
    let expected = solve(&full, &table, &Silent);
    let card = |r, s| Card::new(r, s);
    let groups = [
        Symmetry::identity(),
        Symmetry::fixing(CardSet::from_cards(&[card(12, 0), card(11, 1)])),
        Symmetry::fixing(CardSet::from_cards(&[card(12, 0), card(12, 1)])),
        Symmetry::fixing(CardSet::from_cards(&[card(12, 0), card(11, 0)])),
    ];
    let orders: Vec<usize> = groups.iter().map(Symmetry::order).collect();
    assert_eq!(orders, [1, 2, 4, 6]);
    for group in &groups {
        let river = RiverTable::build_under(deck, group, &Silent);
        let solved = solve(&river, &table, &Silent);
        assert_eq!(solved.total_value, expected.total_value, "{group:?}");
        assert_eq!(solved.sequences, expected.sequences);
        assert_eq!(solved.tally, expected.tally, "{group:?}");
        // Starting hands: classes of the group, adding up to every holding.
        let holdings: u64 = solved.classes.iter().map(|c| c.combinations).sum();
        assert_eq!(holdings, 120, "C(16, 2)");
        assert!(solved.classes.len() > expected.classes.len());
    }
}

#[test]
fn the_same_bytes_on_one_thread_and_two() {
    // Sixteen cards (16 partner classes, split between the two threads),
    // twenty with UTH_EDGE_LONG_TESTS: what is checked is that the split
    // of the work does not change a byte, on any deck.
    let deck = if long_tests() {
        deck_of_ranks(&[8, 9, 10, 11, 12])
    } else {
        deck_of_ranks(&[9, 10, 11, 12])
    };
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| by_partners(deck, Shard::ALL).to_text())
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn shards_by_partner_class_merge_to_the_same_bytes() {
    // Sixteen cards: 16 partner classes, split 2, 3 and 7 ways (and more
    // shards than classes), the shards read back from text in reverse order.
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let whole = by_partners(deck, Shard::ALL).to_text();
    for count in [2, 3, 7, 20] {
        let parts: Vec<DeadSums> = (1..=count)
            .rev()
            .map(|index| {
                let text = by_partners(deck, Shard { index, count }).to_text();
                DeadSums::parse(&text).expect("reads its own text")
            })
            .collect();
        assert_eq!(DeadSums::merge(&parts).unwrap().to_text(), whole, "{count}");
    }
}
