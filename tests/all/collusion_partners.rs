//! The dead-card cases by class of the dead cards (`exact::seen::partners`:
//! one base-game solve per class of the dead cards, under the suit
//! renamings that fix them): `collude:2` (the partner's two cards),
//! `exposed:1` (one card) and `collude:3` (the partners' four cards),
//! against computations that do not share its shortcut:
//! - the per-situation engine (`exact::seen::dead`, itself checked against
//!   brute force in `collusion.rs`), which solves every class of (player
//!   cards, partner cards) separately by the seen-card enumeration;
//! - the unreduced brute force of `collusion.rs` on sixteen cards;
//! - Burnside's count of the classes of four cards of the full deck;
//! - the base-game solver with all 24 renamings, for the solve under fewer
//!   renamings on a deck every renaming keeps (the same sums, exactly).

use crate::collusion::{brute_collude_2_sixteen, brute_game};
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

fn by_classes(deck: CardSet, case: DeadCase, shard: Shard) -> DeadSums {
    partners::solve_by_classes(&blind_a(), deck, case, shard, &Silent, &mut |_| {})
        .expect("solvable")
}

fn per_situation(deck: CardSet, case: DeadCase) -> DeadSums {
    dead::solve(&blind_a(), deck, case, Shard::ALL, &Silent, &mut |_| {}).expect("solvable")
}

fn compare_case(ranks: &[usize], case: DeadCase) {
    let deck = deck_of_ranks(ranks);
    let ours = by_classes(deck, case, Shard::ALL);
    let theirs = per_situation(deck, case);
    // Every figure: deals, value, squares, actions; and the scale.
    assert_eq!(ours.tally, theirs.tally, "{case} {ranks:?}");
    assert_eq!(ours.scale, theirs.scale);
    assert_eq!(ours.per_ante(), theirs.per_ante());
    assert_eq!(ours.case, case);
}

fn compare_engines(ranks: &[usize]) {
    compare_case(ranks, DeadCase::Collude(2));
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
fn exposed_card_classes_equal_the_per_situation_engine_on_sixteen_and_twenty_cards() {
    compare_case(&[9, 10, 11, 12], DeadCase::Exposed);
    // Ten to ace: the dealer sometimes fails to qualify.
    compare_case(&[8, 9, 10, 11, 12], DeadCase::Exposed);
}

#[test]
fn four_partner_card_classes_equal_the_per_situation_engine_on_sixteen_and_twenty_cards() {
    compare_case(&[9, 10, 11, 12], DeadCase::Collude(3));
    // Long (over a minute of CPU on a loaded machine: the per-situation
    // engine's classes of (player cards, four cards)); sixteen cards above
    // compare the same two engines on every run.
    if long_tests() {
        compare_case(&[8, 9, 10, 11, 12], DeadCase::Collude(3));
    }
}

#[test]
fn exposed_and_collude_3_classes_equal_the_per_situation_engine_on_twenty_four_cards() {
    // Long: the sixteen- and twenty-card comparisons above run the same
    // two engines on every run.
    if !long_tests() {
        return;
    }
    compare_case(&[7, 8, 9, 10, 11, 12], DeadCase::Exposed);
    compare_case(&[7, 8, 9, 10, 11, 12], DeadCase::Collude(3));
}

#[test]
fn exposed_and_collude_3_classes_equal_the_brute_force_on_sixteen_cards() {
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    // collude:3's brute force (120,120 situations, each every deal) is
    // long; exposed:1's runs on every run.
    let cases: &[DeadCase] = if long_tests() {
        &[DeadCase::Exposed, DeadCase::Collude(3)]
    } else {
        &[DeadCase::Exposed]
    };
    for &case in cases {
        let ours = by_classes(deck, case, Shard::ALL);
        let (scale, brute) = brute_game(deck, &blind_a(), case.dead_cards());
        let f = scale / ours.scale as i128;
        assert_eq!(f * ours.scale as i128, scale);
        assert_eq!(ours.tally.deals, brute.deals, "{case}");
        assert_eq!(ours.tally.value * f, brute.value, "{case}");
        assert_eq!(ours.tally.square * f * f, brute.square, "{case}");
        assert_eq!(ours.tally.actions, brute.actions, "{case}");
    }
}

#[test]
fn dead_card_classes_of_the_full_deck_are_counted_by_burnside() {
    // Burnside's lemma, counted without canonical forms: the classes of
    // k-card sets under the 24 suit renamings are the mean, over the
    // renamings, of the sets each one maps onto themselves. A set is kept
    // by a renaming when it is a union of the renaming's card cycles
    // (each card of suit s goes to the same rank in suit p(s)), so the
    // kept k-sets are counted by choosing cycles of total length k.
    fn kept_sets(perm: &[usize; 4], k: usize) -> u64 {
        // Suit cycle lengths; each rank contributes one card cycle per
        // suit cycle, of the same length.
        let mut lengths = vec![];
        let mut seen = [false; 4];
        for s in 0..4 {
            if !seen[s] {
                let mut len = 0;
                let mut t = s;
                while !seen[t] {
                    seen[t] = true;
                    t = perm[t];
                    len += 1;
                }
                lengths.push(len);
            }
        }
        // Ways to reach k cards from 13 copies of each cycle length.
        let mut ways = vec![0u64; k + 1];
        ways[0] = 1;
        for &len in &lengths {
            for _ in 0..13 {
                for total in (len..=k).rev() {
                    ways[total] += ways[total - len];
                }
            }
        }
        ways[k]
    }
    let mut perms = vec![];
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let p = [a, b, c, d];
                    if (0..4).all(|s| p.contains(&s)) {
                        perms.push(p);
                    }
                }
            }
        }
    }
    assert_eq!(perms.len(), 24);
    for k in [1, 2, 4] {
        let fixed: u64 = perms.iter().map(|p| kept_sets(p, k)).sum();
        let classes = partners::dead_classes(CardSet::FULL_DECK, k);
        assert_eq!(classes.len() as u64 * 24, fixed, "{k} cards");
        // The class sizes add to every k-card set: C(52, k).
        let all = (0..k as u64).fold(1, |c, i| c * (52 - i) / (i + 1));
        assert_eq!(classes.iter().map(|c| c.1).sum::<u64>(), all, "{k} cards");
    }
    // One card: the 13 ranks, 4 cards each.
    assert_eq!(partners::dead_classes(CardSet::FULL_DECK, 1).len(), 13);
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

#[test]
fn collude_3_sharded_through_the_binary_merges_to_the_one_process_bytes() {
    // collude:3 on sixteen cards (133 classes of the partners' four cards)
    // by `game --seen collude:3 --shard I/3 -o` and `merge`, against one
    // `game --seen collude:3` run: the shards hold exact integer sums, so
    // the merged CSV is the same bytes. About 30 s of CPU in release (the
    // whole run twice): with UTH_EDGE_LONG_TESTS only; the always-run
    // check of the same split is the library's (the tests above, collude:2
    // split 2, 3, 7 and 20 ways; collude:3 by classes against the
    // per-situation engine).
    if !long_tests() {
        return;
    }
    use crate::common::{stderr, uth_edge};
    let game = ["--quiet", "game", "--seen", "collude:3", "--deck", "16"];
    let whole = uth_edge(&[&game[..], &["--format", "csv"]].concat());
    assert!(whole.status.success(), "{}", stderr(&whole));
    let dir = std::env::temp_dir().join(format!("uth-edge-collude-3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut merge = vec!["--quiet".to_string(), "merge".to_string()];
    for index in [3, 1, 2] {
        let sums = dir.join(format!("{index}-of-3.sums")).display().to_string();
        let shard = format!("{index}/3");
        let out = uth_edge(&[&game[..], &["--shard", &shard, "-o", &sums]].concat());
        assert!(out.status.success(), "{shard}: {}", stderr(&out));
        merge.push(sums);
    }
    merge.extend(["--format", "csv"].map(String::from));
    let merge: Vec<&str> = merge.iter().map(String::as_str).collect();
    let merged = uth_edge(&merge);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(merged.stdout, whole.stdout);
    std::fs::remove_dir_all(&dir).ok();
}
