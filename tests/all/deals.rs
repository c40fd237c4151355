//! Every deal of player, dealer and board cards (the counts the Bad Beat,
//! must-beat-dealer Trips and the Progressive are computed from) against
//! independent facts: textbook hand counts, brute-force enumeration of
//! reduced decks and of whole boards of the full deck, and thread-count
//! independence. The helpers here are shared by the wager test modules.

use rayon::prelude::*;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::{parse_cards, Card, CardSet};
use uth_edge::evaluator::{evaluate, HandRank};
use uth_edge::exact::showdown::{
    board_table, count_showdowns, full_deck_counts, holding_counts, ShowdownCounts, Table,
};
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;

/// The full-deck counts with five community cards (2,781,381,002,400 deals).
pub(crate) fn deals() -> &'static ShowdownCounts {
    full_deck_counts(5, &Silent)
}

/// The full-deck counts with the flop alone (the Progressive's hand).
pub(crate) fn flop_deals() -> &'static ShowdownCounts {
    full_deck_counts(3, &Silent)
}

pub(crate) fn table(id: &str) -> PayTable {
    PayTable::resolve(id).expect("built-in table")
}

pub(crate) fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("valid cards")
}

/// The value of the holding `{a, b}` on `board`, evaluated directly.
pub(crate) fn rank_with(board: CardSet, a: Card, b: Card) -> HandRank {
    let mut set = board;
    set.insert(a);
    set.insert(b);
    evaluate(set)
}

pub(crate) fn versus(player: HandRank, dealer: HandRank) -> usize {
    match player.cmp(&dealer) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 2,
    }
}

/// Every (player, dealer) pair of holdings on one board, by brute force.
pub(crate) fn brute_force_board(deck: CardSet, board: CardSet) -> Table {
    let rest = deck.minus(board).to_vec();
    let mut holdings = Vec::new();
    for (i, &a) in rest.iter().enumerate() {
        for &b in &rest[i + 1..] {
            let rank = rank_with(board, a, b);
            holdings.push((a.mask() | b.mask(), rank, rank.category().index()));
        }
    }
    let mut t: Table = [[[0; 10]; 3]; 10];
    for &(pm, pr, pc) in &holdings {
        for &(dm, dr, dc) in &holdings {
            if pm & dm == 0 {
                t[pc][versus(pr, dr)][dc] += 1;
            }
        }
    }
    t
}

/// Every deal of a deck, by brute force over every board (no suit
/// classes, no sweep).
pub(crate) fn brute_force_deck(deck: CardSet, board_size: usize) -> Table {
    let mut boards = Vec::new();
    uth_edge::cards::canonical::for_each_subset(deck, board_size, |b| boards.push(b));
    boards
        .par_iter()
        .map(|&b| brute_force_board(deck, b))
        .reduce(
            || [[[0; 10]; 3]; 10],
            |mut x, y| {
                for (s, t) in x
                    .iter_mut()
                    .flatten()
                    .flatten()
                    .zip(y.iter().flatten().flatten())
                {
                    *s += t;
                }
                x
            },
        )
}

#[test]
fn every_deal_is_counted_with_the_textbook_seven_card_distribution() {
    // Facts: 2,781,381,002,400 = C(52,5) C(47,2) C(45,2) deals; each seven-
    // card player hand occurs C(7,2) x C(45,2) = 21 x 990 times, so the
    // player's categories are the textbook seven-card counts (4,324 royal
    // flushes ... 23,294,460 high cards) times 20,790; the dealer is dealt
    // like the player, so the dealer's are the same; and the showdown is
    // symmetric: player p beating dealer d as often as d beats p.
    let c = deals();
    assert_eq!(c.total(), 2_781_381_002_400);
    let textbook = [
        23_294_460u64,
        58_627_800,
        31_433_400,
        6_461_620,
        6_180_020,
        4_047_644,
        3_473_184,
        224_848,
        37_260,
        4_324,
    ];
    let expected = textbook.map(|n| n * 21 * 990);
    assert_eq!(c.player_categories(), expected);
    assert_eq!(c.dealer_categories(), expected);
    for p in 0..10 {
        for d in 0..10 {
            assert_eq!(c.counts[p][0][d], c.counts[d][2][p], "{p} beats {d}");
            assert_eq!(c.counts[p][1][d], c.counts[d][1][p], "{p} ties {d}");
        }
        for d in 0..10 {
            if d != p {
                assert_eq!(c.counts[p][1][d], 0, "a tie is within a category");
            }
        }
    }
}

#[test]
fn sweep_matches_brute_force_on_reduced_decks() {
    // Fact: enumerating every deal of a small deck directly (every board,
    // every player holding, every dealer holding, each hand evaluated and
    // compared) gives the same counts as the canonical-board sweep. Ranks
    // T-A (royal and other straights, flushes that are straight flushes)
    // and A-5 (wheels); five-card boards and flops.
    for ranks in [&[8, 9, 10, 11, 12][..], &[12, 0, 1, 2, 3][..]] {
        let deck = deck_of_ranks(ranks);
        for board_size in [5, 3] {
            let swept = count_showdowns(deck, board_size, &Silent);
            let brute = brute_force_deck(deck, board_size);
            assert_eq!(swept.counts, brute, "ranks {ranks:?}, board {board_size}");
            assert_eq!(swept.total(), ShowdownCounts::deals(deck.len(), board_size));
        }
    }
}

#[test]
fn whole_boards_of_the_full_deck_match_brute_force() {
    // Fact: on a board of the full deck, each of the 1,081 x 990 ordered
    // (player, dealer) pairs of disjoint holdings, evaluated and compared
    // directly, gives the board's counts; and per player holding, the
    // dealer holdings by result and category.
    for board in [
        "As Ks Qs Js Ts", // royal flush on board: every showdown ties
        "2c 7d 9h Jc Kd",
        "5h 5d 5s 9c 9h", // full house on board
        "6c 7c 8c 9d Td",
        "Ah 2h 3d 4h 9s",
    ] {
        let board = CardSet::from_cards(&cards(board));
        let deck = CardSet::FULL_DECK;
        assert_eq!(
            board_table(deck, board),
            brute_force_board(deck, board),
            "{board}"
        );
        let rest = deck.minus(board).to_vec();
        for (a, b, counts) in holding_counts(deck, board).into_iter().step_by(37) {
            let player = rank_with(board, a, b);
            assert_eq!(counts.player, player.category());
            let mut dealer = [[0u32; 10]; 3];
            for (i, &c) in rest.iter().enumerate() {
                for &d in &rest[i + 1..] {
                    if [c, d].iter().any(|x| *x == a || *x == b) {
                        continue;
                    }
                    let r = rank_with(board, c, d);
                    dealer[versus(player, r)][r.category().index()] += 1;
                }
            }
            assert_eq!(counts.dealer, dealer, "{a}{b} on {board}");
        }
    }
}

#[test]
fn counts_do_not_depend_on_the_number_of_threads() {
    let deck = deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| count_showdowns(deck, 5, &Silent))
    };
    assert_eq!(run(1), run(2));
}
