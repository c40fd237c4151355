//! Each predicate against a brute force of its definition
//! (docs/strategy-format.md) on random deals: the best hand as the best of
//! every five-card subset (the evaluator on five cards, not the seven-card
//! path), ranks and suits counted card by card, dealer outs by trying every
//! unseen card.

use super::predicate::{Predicate, RiverBoard, Seen};
use super::rules::{Rule, Stage};
use super::tests::Stream;
use crate::cards::{Card, CardSet};
use crate::evaluator::{tables, HandCategory, HandRank};
use crate::strategy::hand_of;

/// The best five-card hand of `cards` and one five-card subset making it.
fn best_five(cards: &[Card]) -> (HandRank, Vec<Card>) {
    let n = cards.len();
    let mut best = (HandRank(0), Vec::new());
    for mask in 0u32..1 << n {
        if mask.count_ones() != 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        let rank = tables().rank(hand_of(&five));
        if rank > best.0 {
            best = (rank, five);
        }
    }
    best
}

/// The predicate's answer by its definition, worded card by card.
fn brute(p: Predicate, hole: [Card; 2], board: &[Card]) -> bool {
    use Predicate::*;
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    let (best, five) = best_five(&all);
    let on_board = |rank: usize| board.iter().any(|c| c.rank() == rank);
    let (high, low) = (
        hole[0].rank().max(hole[1].rank()),
        hole[0].rank().min(hole[1].rank()),
    );
    let others_of = |i: usize| {
        all.iter()
            .enumerate()
            .filter(|&(j, c)| j != i && c.rank() == all[i].rank())
            .count()
    };
    match p {
        CategoryAtLeast(c) => best.category() >= c,
        CategoryAtMost(c) => best.category() <= c,
        PocketPair(w) => (hole[0].rank() == hole[1].rank()) == w,
        HolePairsBoard(w) => (on_board(hole[0].rank()) || on_board(hole[1].rank())) == w,
        PairOnBoardOnly(w) => {
            // The two cards of the pair of a best hand are both board cards.
            let only = best.category() == HandCategory::Pair && {
                let pair: Vec<&Card> = five
                    .iter()
                    .filter(|c| five.iter().filter(|d| d.rank() == c.rank()).count() == 2)
                    .collect();
                pair.iter().all(|c| board.contains(c))
                    && !hole
                        .iter()
                        .any(|h| five.iter().any(|c| c.rank() == h.rank() && c != h))
            };
            only == w
        }
        ImprovesBoard(w) => (best > best_five(board).0) == w,
        HoleSuited(w) => (hole[0].suit() == hole[1].suit()) == w,
        HoleHighAtLeast(r) => high >= r,
        HoleHighAtMost(r) => high <= r,
        HoleLowAtLeast(r) => low >= r,
        HoleLowAtMost(r) => low <= r,
        PairedHoleRankAtLeast(r) => (0..2).any(|i| all[i].rank() >= r && others_of(i) >= 1),
        KickerAtLeast(r) => (0..2).any(|i| all[i].rank() >= r && others_of(i) == 0),
        FlushDrawHoleAtLeast(r) => (0..2).any(|i| {
            all[i].rank() >= r && all.iter().filter(|c| c.suit() == all[i].suit()).count() == 4
        }),
        OpenEndedDraw(w) => {
            // The standard definition: four ranks, all seen, one not on the
            // board, that two different straights contain (a card at either
            // end completes it). The ten straights by their ranks, the ace
            // low (-1 here, the ace's 12 below the deuce's 0) in the wheel.
            let seen_rank = |r: i32| all.iter().any(|c| c.rank() as i32 == r.rem_euclid(13));
            let board_rank = |r: i32| on_board(r.rem_euclid(13) as usize);
            let straights: Vec<Vec<i32>> = (-1..=8).map(|lo| (lo..lo + 5).collect()).collect();
            let draw = straights.iter().any(|s| {
                straights.iter().any(|t| {
                    let common: Vec<i32> = s.iter().filter(|r| t.contains(r)).copied().collect();
                    s != t
                        && common.len() == 4
                        && common.iter().all(|&r| seen_rank(r))
                        && common.iter().any(|&r| !board_rank(r))
                })
            });
            draw == w
        }
        DealerOutsBelow(n, ties) | DealerOutsAtLeast(n, ties) => {
            let seen = CardSet::from_cards(&all);
            let outs = (0..52)
                .map(Card::from_index)
                .filter(|&c| !seen.contains(c))
                .filter(|&c| {
                    let mut six = board.to_vec();
                    six.push(c);
                    let dealer = best_five(&six).0;
                    dealer > best || (ties && dealer == best)
                })
                .count() as u32;
            match p {
                DealerOutsBelow(..) => outs < n,
                _ => outs >= n,
            }
        }
    }
}

/// Every predicate, with values drawn from `stream`.
fn predicates(stream: &mut Stream, river: bool) -> Vec<Predicate> {
    use Predicate::*;
    let mut r = || (stream.next() % 13) as usize;
    let (r1, r2, r3, r4, r5, r6, r7, r8) = (r(), r(), r(), r(), r(), r(), r(), r());
    let category = HandCategory::ALL[r9(r1)];
    let mut all = vec![
        CategoryAtLeast(category),
        CategoryAtMost(HandCategory::ALL[r9(r2)]),
        PocketPair(true),
        PocketPair(false),
        HolePairsBoard(true),
        PairOnBoardOnly(true),
        HoleSuited(true),
        HoleHighAtLeast(r3),
        HoleHighAtMost(r4),
        HoleLowAtLeast(r5),
        HoleLowAtMost(r6),
        PairedHoleRankAtLeast(r7),
        KickerAtLeast(r8),
    ];
    if !river {
        all.extend([FlushDrawHoleAtLeast(r1), OpenEndedDraw(true)]);
    }
    if river {
        all.extend([
            ImprovesBoard(true),
            DealerOutsBelow(2 * r2 as u32, false),
            DealerOutsAtLeast(3 * r3 as u32, true),
        ]);
    }
    all
}

/// A category index from a rank draw (0..10).
fn r9(r: usize) -> usize {
    r % 10
}

#[test]
fn every_predicate_equals_a_brute_force_of_its_definition_on_random_deals() {
    let mut stream = Stream(33);
    // How often each predicate held, to show each was seen both ways.
    let mut held = std::collections::HashMap::new();
    for deal in 0..6_000 {
        let (hole, board) = stream.deal();
        let river = deal % 2 == 0;
        let board: &[Card] = if river { &board } else { &board[..3] };
        let seen = Seen::new(hole, board);
        // On the river, also with the board's facts computed once, as the
        // exact evaluation reads them (its dealer outs counted from the
        // dealer's hands sorted).
        let facts = river.then(|| RiverBoard::new(board.try_into().unwrap(), true));
        for p in predicates(&mut stream, river) {
            let expected = brute(p, hole, board);
            assert_eq!(p.holds(&seen), expected, "{p:?} {hole:?} {board:?}");
            if let Some(facts) = &facts {
                let on_river = Seen::on_river(hole, facts);
                assert_eq!(p.holds(&on_river), expected, "{p:?} {hole:?} {board:?}");
            }
            let key = std::mem::discriminant(&p);
            let e = held.entry(key).or_insert((0, 0, p));
            if expected {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
        }
    }
    for (_, (yes, no, p)) in held {
        assert!(yes > 0 && no > 0, "{p:?} held {yes} times, failed {no}");
    }
}

#[test]
fn an_open_ended_draw_is_open_at_both_ends_the_wheel_included() {
    // The standard definition (docs/strategy-format.md): 2-3-4-5 is open
    // (an ace or a six makes a straight); A-2-3-4 and J-Q-K-A are not (one
    // rank completes each). The old reading left out 2-3-4-5.
    let cards = |t: &str| crate::cards::parse_cards(t).unwrap();
    let draw = |hole: &str, flop: &str| {
        let (h, f) = (cards(hole), cards(flop));
        Predicate::OpenEndedDraw(true).holds(&Seen::new([h[0], h[1]], &f))
    };
    assert!(draw("2c 3d", "4h 5s Kd"));
    assert!(draw("5c Kd", "2h 3s 4d"));
    assert!(draw("6c 9d", "3h 4s 5d"));
    assert!(!draw("Ac 2d", "3h 4s 9d"));
    assert!(!draw("Jc Qd", "Kh As 4d"));
}

/// The class of `card` on `board`, as the river table's rows are laid out
/// (stated here): its rank, or for a card of a suit with three or more
/// board cards, the card itself.
fn class_on(card: Card, board: &[Card]) -> (usize, Option<usize>) {
    let flush = board.iter().filter(|c| c.suit() == card.suit()).count() >= 3;
    (card.rank(), flush.then_some(card.suit()))
}

#[test]
fn river_decisions_follow_the_pairs_of_classes() {
    // What `river_by_classes` claims for a file whose river rules do not
    // ask `hole_suited`: on a board, every holding of one pair of classes
    // of cards decides alike. On 400 random boards, every holding off the
    // board against the first holding of its pair of classes, for river
    // stages of random rules of every river predicate but `hole_suited`
    // (and each shipped file's), decided with the board's facts computed
    // once and hand by hand; a stage with `hole_suited` splits some pair.
    let mut stream = Stream(3_300);
    let mut stages: Vec<Stage> = super::BUILTIN
        .iter()
        .map(|(id, _)| super::FileStrategy::builtin(id).unwrap().river)
        .collect();
    for _ in 0..12 {
        let pool: Vec<Predicate> = predicates(&mut stream, true)
            .into_iter()
            .filter(|p| !matches!(p, Predicate::HoleSuited(_)))
            .collect();
        let rules = (0..4)
            .map(|i: u32| Rule {
                raise: i.is_multiple_of(2),
                predicates: (0..1 + i % 2)
                    .map(|_| pool[(stream.next() % pool.len() as u64) as usize])
                    .collect(),
            })
            .collect();
        stages.push(Stage {
            rules,
            default_raise: stream.next().is_multiple_of(2),
        });
    }
    let suited = Stage {
        rules: vec![Rule {
            raise: true,
            predicates: vec![Predicate::HoleSuited(true)],
        }],
        default_raise: false,
    };
    assert!(stages.iter().all(|s| !s.reads_hole_suits()) && suited.reads_hole_suits());
    let (mut split_by_suits, mut compared) = (0, 0);
    for _ in 0..150 {
        let (_, board) = stream.deal();
        let facts = RiverBoard::new(board, true);
        let mut first = std::collections::HashMap::new();
        for a in 0..52 {
            for b in a + 1..52 {
                let hole = [Card::from_index(a), Card::from_index(b)];
                if hole.iter().any(|c| board.contains(c)) {
                    continue;
                }
                let mut key = [class_on(hole[0], &board), class_on(hole[1], &board)];
                key.sort();
                let rep = *first.entry(key).or_insert(hole);
                for stage in &stages {
                    let mine = stage.decide(&Seen::on_river(hole, &facts));
                    assert_eq!(mine, stage.decide(&Seen::new(hole, &board)));
                    // The decision and the rule that decided.
                    let theirs = stage.decide(&Seen::new(rep, &board));
                    assert_eq!(mine, theirs, "{hole:?} against {rep:?} on {board:?}");
                    compared += 1;
                }
                let of = |h| suited.decide(&Seen::new(h, &board)).0;
                split_by_suits += usize::from(of(hole) != of(rep));
            }
        }
    }
    assert!(
        compared > 1_000_000 && split_by_suits > 0,
        "{compared} {split_by_suits}"
    );
}

#[test]
fn dealer_outs_from_the_boards_hands_equal_those_counted_card_by_card() {
    // `DealerHands::outs` (the dealer's hands with each card off the board,
    // sorted once a board) against `dealer_outs_counting` (each unseen card
    // tried), both ways of counting ties, on 20,000 random deals; boards
    // with four cards of a suit among them.
    let mut stream = Stream(4_500);
    let mut four_of_a_suit = 0;
    for _ in 0..20_000 {
        let (hole, board) = stream.deal();
        let dealer = crate::strategy::DealerHands::new(board);
        let player = tables().rank(hand_of(&board).add(hole[0]).add(hole[1]));
        for ties in [false, true] {
            assert_eq!(
                dealer.outs(hole, player, ties),
                crate::strategy::dealer_outs_counting(hole, board, ties),
                "{hole:?} {board:?} {ties}"
            );
        }
        four_of_a_suit +=
            usize::from((0..4).any(|s| board.iter().filter(|c| c.suit() == s).count() >= 4));
    }
    assert!(four_of_a_suit > 100, "{four_of_a_suit}");
}
