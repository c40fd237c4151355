//! Spot decisions with dead cards (`strategy HOLE FLOP [TURNRIVER] --dead
//! CARDS`) against a brute force written here: every dealer holding (and on
//! the flop every turn/river) of the deck less the hole, board and dead
//! cards, each hand ranked by the 7-card evaluator and settled one by one
//! through `rules::settlement::settle_base`, summed as exact fractions. It
//! shares nothing with the spot enumeration but the evaluator and the
//! settlement rules.

use crate::common::{blind_a, random_cards, stderr, stdout, uth_edge};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use uth_edge::cards::canonical::for_each_subset;
use uth_edge::cards::{parse_cards, Card, CardSet};
use uth_edge::evaluator::{evaluate, HandCategory};
use uth_edge::exact::game::{Action, Advice, Decision};
use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::{settle_base, BaseRound, Versus};
use uth_edge::strategy::oracle;

/// Net of one showdown with a Play of `play` (Antes), settled directly.
fn showdown_net(table: &PayTable, play: u8, player: CardSet, dealer: CardSet) -> Fraction {
    let (p, d) = (evaluate(player), evaluate(dealer));
    let versus = match p.cmp(&d) {
        std::cmp::Ordering::Greater => Versus::PlayerHigher,
        std::cmp::Ordering::Equal => Versus::Tie,
        std::cmp::Ordering::Less => Versus::DealerHigher,
    };
    let round = BaseRound {
        play,
        player: p.category(),
        versus,
        dealer_qualifies: d.category() >= HandCategory::Pair,
    };
    settle_base(table, round).total()
}

/// Net of a fold: Ante and Blind lost, whatever the dealer holds.
fn fold_net(table: &PayTable) -> Fraction {
    let round = BaseRound {
        play: 0,
        player: HandCategory::HighCard,
        versus: Versus::Tie,
        dealer_qualifies: true,
    };
    settle_base(table, round).total()
}

/// Over every dealer holding of `left` (the cards neither dealt nor dead):
/// the sums of the nets with a Play of 1 and of 2, and the number of
/// holdings.
fn river_sums(
    table: &PayTable,
    left: CardSet,
    hole: CardSet,
    board: CardSet,
) -> (Fraction, Fraction, i128) {
    let player = hole.union(board);
    let (mut one, mut two, mut holdings) = (Fraction::ZERO, Fraction::ZERO, 0i128);
    for_each_subset(left, 2, |dealer| {
        let dealer = dealer.union(board);
        one = one.clone() + showdown_net(table, 1, player, dealer);
        two = two.clone() + showdown_net(table, 2, player, dealer);
        holdings += 1;
    });
    (one, two, holdings)
}

/// The river decision by brute force: `[raise 1x, fold]` and the optimal
/// choice (fold on an exact tie), with the number of dealer holdings.
fn brute_river(table: &PayTable, cards: &[Card], dead: CardSet) -> (Advice, i128) {
    let hole = CardSet::from_cards(&cards[..2]);
    let board = CardSet::from_cards(&cards[2..7]);
    let left = CardSet::FULL_DECK.minus(hole.union(board).union(dead));
    let (one, _, holdings) = river_sums(table, left, hole, board);
    let raise = one / Fraction::from_int(holdings);
    let fold = fold_net(table);
    let best = if raise > fold {
        Decision::Raise(Action::Raise1x)
    } else {
        Decision::Fold
    };
    let options = vec![
        (Decision::Raise(Action::Raise1x), raise),
        (Decision::Fold, fold),
    ];
    (Advice { options, best }, holdings)
}

/// The flop decision by brute force: `[raise 2x, check]` (checking then
/// taking the better river choice on each turn/river) and the optimal
/// choice (check on an exact tie).
fn brute_flop(table: &PayTable, cards: &[Card], dead: CardSet) -> Advice {
    let hole = CardSet::from_cards(&cards[..2]);
    let flop = CardSet::from_cards(&cards[2..5]);
    let left = CardSet::FULL_DECK.minus(hole.union(flop).union(dead));
    let fold = fold_net(table);
    let (mut raise, mut check, mut deals) = (Fraction::ZERO, Fraction::ZERO, 0i128);
    for_each_subset(left, 2, |turn_river| {
        let board = flop.union(turn_river);
        let (one, two, holdings) = river_sums(table, left.minus(turn_river), hole, board);
        raise = raise.clone() + two;
        let fold_all = fold.clone() * Fraction::from_int(holdings);
        check = check.clone() + one.max(fold_all);
        deals += holdings;
    });
    let per = Fraction::from_int(deals);
    let (raise, check) = (raise / per.clone(), check / per);
    let best = if raise > check {
        Decision::Raise(Action::Raise2x)
    } else {
        Decision::Check
    };
    let options = vec![
        (Decision::Raise(Action::Raise2x), raise),
        (Decision::Check, check),
    ];
    Advice { options, best }
}

/// `n` distinct cards not in `cards`, at random.
fn random_dead(rng: &mut Xoshiro256PlusPlus, cards: &[Card], n: usize) -> CardSet {
    let left = CardSet::FULL_DECK.minus(CardSet::from_cards(cards));
    CardSet::from_cards(&random_cards(rng, left, n))
}

#[test]
fn river_spots_with_dead_cards_match_brute_force() {
    // 60 random river spots with 0 to 12 dead cards, and 6 with 43 (the
    // most: one dealer holding left). The dealer's holdings number
    // C(45 - d, 2), the textbook count of pairs of the 45 - d cards left.
    let table = blind_a();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(26);
    for i in 0..66 {
        let cards = random_cards(&mut rng, CardSet::FULL_DECK, 7);
        let d = if i < 60 {
            (rng.next_u64() % 13) as usize
        } else {
            43
        };
        let dead = random_dead(&mut rng, &cards, d);
        let (expected, holdings) = brute_river(&table, &cards, dead);
        assert_eq!(holdings, ((45 - d) * (44 - d) / 2) as i128);
        let advice = oracle::spot_advice_with_dead(&table, &cards, dead)
            .expect("a river decision")
            .unwrap();
        assert_eq!(advice, expected, "cards {cards:?} dead {dead}");
    }
}

#[test]
fn flop_spots_with_dead_cards_match_brute_force() {
    // Six random flop spots with 1 to 8 dead cards, and one with 43 (one
    // turn/river and one dealer holding left), every turn/river and dealer
    // holding settled one by one.
    let table = blind_a();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2626);
    let spots: Vec<(Vec<Card>, CardSet)> = (0..7)
        .map(|i| {
            let cards = random_cards(&mut rng, CardSet::FULL_DECK, 5);
            let d = if i < 6 {
                1 + (rng.next_u64() % 8) as usize
            } else {
                43
            };
            let dead = random_dead(&mut rng, &cards, d);
            (cards, dead)
        })
        .collect();
    spots.par_iter().for_each(|(cards, dead)| {
        let advice = oracle::spot_advice_with_dead(&table, cards, *dead)
            .expect("a flop decision")
            .unwrap();
        assert_eq!(
            advice,
            brute_flop(&table, cards, *dead),
            "cards {cards:?} dead {dead}"
        );
    });
}

#[test]
fn the_issue_example_prints_the_brute_force_values() {
    // Issue 26's acceptance line: `strategy AsKd 2c7d9h --dead Ah5s`.
    let table = blind_a();
    let cards = parse_cards("AsKd 2c7d9h").unwrap();
    let dead = CardSet::from_cards(&parse_cards("Ah5s").unwrap());
    let expected = brute_flop(&table, &cards, dead);
    let out = uth_edge(&["strategy", "AsKd", "2c7d9h", "--dead", "Ah5s"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("dead cards (out of the deck): Ah 5s"),
        "{text}"
    );
    for (decision, ev) in &expected.options {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(decision.name()))
            .unwrap_or_else(|| panic!("no {} line in {text}", decision.name()));
        assert!(
            line.ends_with(&format!("= {ev}")) || line.contains(&format!("= {ev} ")),
            "brute force {ev}, printed {line}"
        );
        assert_eq!(line.contains("<- optimal"), *decision == expected.best);
    }
}

#[test]
fn no_dead_cards_is_todays_answer() {
    // The same spot functions on the full deck: equal advice, and the same
    // output for `--dead ""` as without the flag.
    let table = blind_a();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(260);
    for n in [5, 7, 7, 5, 7] {
        let cards = random_cards(&mut rng, CardSet::FULL_DECK, n);
        assert_eq!(
            oracle::spot_advice_with_dead(&table, &cards, CardSet::EMPTY),
            oracle::spot_advice(&table, &cards)
        );
    }
    for args in [
        &["strategy", "AsKd", "2c7d9h"][..],
        &["strategy", "AsKd", "2c7d9h", "Tc4s"],
    ] {
        let plain = uth_edge(args);
        let mut with_flag = args.to_vec();
        with_flag.extend(["--dead", ""]);
        let empty = uth_edge(&with_flag);
        assert!(plain.status.success() && empty.status.success());
        assert_eq!(stdout(&plain), stdout(&empty));
    }
}

#[test]
fn bad_dead_cards_are_refused_in_one_line_before_any_work() {
    let refused = |args: &[&str], says: &str| {
        let out = uth_edge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(stdout(&out).is_empty());
    };
    // A dead card that is also dealt, named.
    refused(&["strategy", "AsKd", "2c7d9h", "--dead", "5s9h"], "9h");
    refused(&["strategy", "AsKd", "2c7d9h", "--dead", "As"], "As");
    // Twice among the dead cards, named by the card parser.
    refused(&["strategy", "AsKd", "2c7d9h", "--dead", "5s5s"], "5s");
    refused(&["strategy", "AsKd", "2c7d9h", "--dead", "Xz"], "Xz");
    // The preflop spot needs seven cards left (board and dealer): 43 dead
    // leave 7, 44 leave 6. (`strategy --dead CARDS` without hole cards is
    // the chart with dead cards: tests/all/dead_chart.rs.)
    let hole = parse_cards("AsKd").unwrap();
    let rest = CardSet::FULL_DECK
        .minus(CardSet::from_cards(&hole))
        .to_vec();
    let many: String = rest[..44].iter().map(|c| c.to_string()).collect();
    refused(
        &["strategy", "AsKd", "--dead", &many],
        "44 dead cards leave 6 cards",
    );
    // 44 dead cards leave fewer than the dealer's two on the river, and
    // than the turn, river and dealer's two on the flop; 43 are accepted.
    let river = parse_cards("AsKd 2c7d9h Tc4s").unwrap();
    let left = CardSet::FULL_DECK
        .minus(CardSet::from_cards(&river))
        .to_vec();
    let text = |n: usize| left[..n].iter().map(|c| c.to_string()).collect::<String>();
    refused(
        &["strategy", "AsKd", "2c7d9h", "Tc4s", "--dead", &text(44)],
        "44 dead cards leave 1 cards",
    );
    let ok = uth_edge(&["strategy", "AsKd", "2c7d9h", "Tc4s", "--dead", &text(43)]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    // On the flop, Tc and 4s are not dealt: 44 of `left` plus 4s leave 3.
    let flop_dead = format!("{}4s", text(44));
    refused(
        &["strategy", "AsKd", "2c7d9h", "--dead", &flop_dead],
        "leave 2 cards",
    );
}
