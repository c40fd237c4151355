//! The exact solver against brute force that shares none of its shortcuts:
//! no suit isomorphism, no strength sweep, no inclusion-exclusion. Dealer
//! hands, turns and rivers are enumerated directly, settled one by one with
//! the settlement rules, and whole reduced games are solved both ways.

use crate::common::{
    best_preflop, blind_a, blind_table, full_solution_a, nets, odd_blind_table, outcome,
    random_cards, Nets,
};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use std::collections::HashMap;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::{Card, CardSet};
use uth_edge::evaluator::{evaluate, HandCategory};
use uth_edge::exact::game::{solve, Action, Decision, RiverTable};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::{settle_base, BaseRound, Versus};

/// Net of one showdown with a Play of `play`, settled directly.
fn showdown_net(table: &PayTable, play: u8, player: CardSet, dealer: CardSet) -> Fraction {
    let (p, d) = (evaluate(player), evaluate(dealer));
    let versus = match p.cmp(&d) {
        std::cmp::Ordering::Greater => Versus::PlayerHigher,
        std::cmp::Ordering::Equal => Versus::Tie,
        std::cmp::Ordering::Less => Versus::DealerHigher,
    };
    settle_base(
        table,
        BaseRound {
            play,
            player: p.category(),
            versus,
            dealer_qualifies: d.category() >= HandCategory::Pair,
        },
    )
    .total()
}

/// Net of a fold (Ante and Blind lost), settled directly.
fn fold_net(table: &PayTable) -> Fraction {
    settle_base(
        table,
        BaseRound {
            play: 0,
            player: HandCategory::HighCard,
            versus: Versus::Tie,
            dealer_qualifies: true,
        },
    )
    .total()
}

/// Sums over every dealer holding of the nets with a Play of 1 and 2.
fn river_sums(
    table: &PayTable,
    deck: CardSet,
    hole: CardSet,
    board: CardSet,
) -> (Fraction, Fraction, i128) {
    let (mut one, mut two, mut n) = (Fraction::ZERO, Fraction::ZERO, 0i128);
    let player = hole.union(board);
    for_each_subset(deck.minus(player), 2, |dealer| {
        let dealer = dealer.union(board);
        one = one.clone() + showdown_net(table, 1, player, dealer);
        two = two.clone() + showdown_net(table, 2, player, dealer);
        n += 1;
    });
    (one, two, n)
}

#[test]
fn river_decisions_match_direct_enumeration_of_990_dealer_hands() {
    let solution = full_solution_a();
    let table = blind_a();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for _ in 0..150 {
        let cards = random_cards(&mut rng, CardSet::FULL_DECK, 7);
        let (hole, board) = (
            CardSet::from_cards(&cards[..2]),
            CardSet::from_cards(&cards[2..]),
        );
        let (one, _, n) = river_sums(&table, CardSet::FULL_DECK, hole, board);
        assert_eq!(n, 990);
        let ev_1x = one / Fraction::from_int(n);
        let ev_fold = fold_net(&table);
        let advice = solution.river_advice(cards[0], cards[1], board);
        assert_eq!(
            advice.options[0],
            (Decision::Raise(Action::Raise1x), ev_1x.clone())
        );
        assert_eq!(advice.options[1], (Decision::Fold, ev_fold.clone()));
        let best = if ev_1x > ev_fold {
            Decision::Raise(Action::Raise1x)
        } else {
            Decision::Fold
        };
        assert_eq!(advice.best, best, "hole {hole} board {board}");
    }
}

#[test]
fn flop_decisions_match_direct_enumeration_of_turn_river_and_dealer() {
    let solution = full_solution_a();
    let table = blind_a();
    let fold = fold_net(&table);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let spots: Vec<Vec<Card>> = (0..4)
        .map(|_| random_cards(&mut rng, CardSet::FULL_DECK, 5))
        .collect();
    spots.par_iter().for_each(|cards| {
        let hole = CardSet::from_cards(&cards[..2]);
        let flop = CardSet::from_cards(&cards[2..]);
        let mut raise = Fraction::ZERO;
        let mut check = Fraction::ZERO;
        let mut deals = 0i128;
        for_each_subset(
            CardSet::FULL_DECK.minus(hole.union(flop)),
            2,
            |turn_river| {
                let (one, two, n) =
                    river_sums(&table, CardSet::FULL_DECK, hole, flop.union(turn_river));
                raise = raise.clone() + two;
                let fold_all = fold.clone() * Fraction::from_int(n);
                check = check.clone() + if one > fold_all { one } else { fold_all };
                deals += n;
            },
        );
        assert_eq!(deals, 1081 * 990);
        let advice = solution.flop_advice(cards[0], cards[1], flop);
        let per = Fraction::from_int(deals);
        assert_eq!(
            advice.options,
            vec![
                (Decision::Raise(Action::Raise2x), raise / per.clone()),
                (Decision::Check, check / per)
            ],
            "hole {hole} flop {flop}"
        );
    });
}

/// Solves a whole game on `deck` by direct enumeration: the river values of
/// every (holding, board) from every dealer holding, then, for every flop,
/// the sums over every turn/river of raising 2x and of checking with the
/// better river action, then the preflop values. Returns the value of the
/// game summed over all sequences and each holding's preflop values
/// `[4x, 3x, check]`, in units of `1/scale`.
fn brute_force_game(deck: CardSet, nets: &Nets) -> (i128, HashMap<u64, [i128; 3]>) {
    let mut holes = Vec::new();
    for_each_subset(deck, 2, |h| holes.push(h));
    let per_hole: Vec<(u64, [i128; 3])> = holes
        .par_iter()
        .map(|&hole| {
            let rest = deck.minus(hole);
            // (Play 1 sum, Play 2 sum, better of Play 1 and fold) per board.
            let mut river: HashMap<u64, (i64, i64, i64)> = HashMap::new();
            for_each_subset(rest, 5, |board| {
                let player = evaluate(hole.union(board));
                let cat = player.category() as usize;
                let (mut one, mut two, mut n) = (0i64, 0i64, 0i64);
                for_each_subset(rest.minus(board), 2, |dealer| {
                    let o = outcome(player, evaluate(dealer.union(board)));
                    one += nets.net[1][o][cat];
                    two += nets.net[2][o][cat];
                    n += 1;
                });
                let fold = n * nets.net[0][2][0];
                river.insert(board.0, (one, two, one.max(fold)));
            });
            let (mut v4, mut v3, mut vc) = (0i128, 0i128, 0i128);
            for_each_subset(rest, 3, |flop| {
                let (mut one, mut two, mut check) = (0i128, 0i128, 0i128);
                for_each_subset(rest.minus(flop), 2, |tr| {
                    let r = river[&flop.union(tr).0];
                    one += r.0 as i128;
                    two += r.1 as i128;
                    check += r.2 as i128;
                });
                // The value is linear in the Play: Play p = two + (p - 2)(two - one).
                v4 += two + 2 * (two - one);
                v3 += two + (two - one);
                vc += two.max(check);
            });
            (hole.0, [v4, v3, vc])
        })
        .collect();
    let total = per_hole.iter().map(|(_, v)| *v.iter().max().unwrap()).sum();
    (total, per_hole.into_iter().collect())
}

/// Solves `deck` with the solver and by brute force and compares the value
/// of the game and every holding's preflop values and decision.
fn compare_with_brute_force(deck: CardSet, table: &PayTable) {
    let nets = nets(table);
    let (total, per_hole) = brute_force_game(deck, &nets);
    let river = RiverTable::build(deck, &Silent);
    let solution = solve(&river, table, &Silent);
    let sequences = solution.sequences as i128;
    assert_eq!(
        Fraction::new(solution.total_value, solution.payoffs.scale as i128),
        Fraction::new(total, nets.scale),
        "value of the whole game"
    );
    let mut checked = 0;
    for (&hole, values) in &per_hole {
        let cards = CardSet(hole).to_vec();
        let advice = solution.preflop_advice(cards[0], cards[1]);
        let per_hole_sequences = sequences / per_hole.len() as i128;
        let expected: Vec<Fraction> = values
            .iter()
            .map(|&v| Fraction::new(v, nets.scale * per_hole_sequences))
            .collect();
        let got: Vec<Fraction> = advice.options.iter().map(|o| o.1.clone()).collect();
        assert_eq!(got, expected, "preflop values of {}", CardSet(hole));
        let decision = best_preflop(values);
        assert_eq!(
            advice.best,
            decision,
            "preflop decision of {}",
            CardSet(hole)
        );
        checked += 1;
    }
    assert_eq!(checked, per_hole.len());
}

#[test]
fn twenty_card_game_ten_to_ace_matches_brute_force() {
    // Ranks T, J, Q, K, A: straights, flushes and royal flushes all occur.
    compare_with_brute_force(deck_of_ranks(&[8, 9, 10, 11, 12]), &blind_a());
}

#[test]
fn sixteen_card_game_with_odd_blind_pays_matches_brute_force() {
    // Fractional pays exercise the common denominator.
    let table = odd_blind_table();
    compare_with_brute_force(deck_of_ranks(&[9, 10, 11, 12]), &table);
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let deck = deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]);
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let river = RiverTable::build(deck, &Silent);
            let s = solve(&river, &blind_a(), &Silent);
            let actions: Vec<Decision> = s.classes.iter().map(|c| c.action).collect();
            (s.total_value, s.tally, actions)
        })
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn full_game_reproduces_the_published_element_of_risk() {
    // beatingbonuses.com/ultimateholdem.htm: Ultimate Texas Hold'em with the
    // Blind paying a straight 1 to 1 has a "house edge per wager of 0.53%"
    // (expected loss over the average total amount wagered, optimal play).
    let s = full_solution_a();
    assert_eq!(s.sequences, 27_813_810_024_000); // 1326 * 19600 * 1081 * 990
    let lines = s.return_table();
    let deals: u64 = lines.iter().map(|l| l.combinations).sum();
    assert_eq!(deals, s.sequences);
    let wagered = lines.iter().fold(Fraction::ZERO, |acc, l| {
        acc + Fraction::from_int((2 + l.action.play() as i128) * l.combinations as i128)
    });
    let loss = -Fraction::new(s.total_value, s.payoffs.scale as i128);
    assert_eq!(format!("{:.2}", (loss / wagered).to_f64() * 100.0), "0.53");
}

/// The optimal strategy's decisions, read from a solution, as a fixed policy.
struct Replay<'s>(&'s uth_edge::exact::game::Solution<'s>);

impl uth_edge::exact::game::Policy for Replay<'_> {
    fn preflop(&self, a: Card, b: Card) -> Decision {
        match self.0.preflop_raise(a, b) {
            Some(action) => Decision::Raise(action),
            None => Decision::Check,
        }
    }
    fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool {
        self.0.flop_raise(a, b, flop)
    }
    fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool {
        self.0.river_raise(a, b, board)
    }
}

/// A simple fixed strategy: raise 4x with a pair in hand, 2x on the flop
/// with a pair or better, 1x on the river with a pair or better.
struct PairsOnly;

impl uth_edge::exact::game::Policy for PairsOnly {
    fn preflop(&self, a: Card, b: Card) -> Decision {
        if a.rank() == b.rank() {
            Decision::Raise(Action::Raise4x)
        } else {
            Decision::Check
        }
    }
    fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool {
        evaluate(flop.union(CardSet::from_cards(&[a, b]))).category() >= HandCategory::Pair
    }
    fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool {
        evaluate(board.union(CardSet::from_cards(&[a, b]))).category() >= HandCategory::Pair
    }
}

/// A policy whose river decisions tell apart holdings that the river
/// table's classes of cards put together: [`PairsOnly`]'s river decision,
/// flipped when exactly one of the two hole cards is of a suit with exactly
/// two board cards. It raises on the flop only with three of a kind or
/// better, so that on a small deck many hands reach the river (with
/// [`PairsOnly`] on four ranks, every unpaired holding pairs the flop).
/// Suit-symmetric (renaming the suits keeps every count), as the
/// enumeration requires.
struct SuitTelling;

impl uth_edge::exact::game::Policy for SuitTelling {
    fn preflop(&self, a: Card, b: Card) -> Decision {
        PairsOnly.preflop(a, b)
    }
    fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool {
        evaluate(flop.union(CardSet::from_cards(&[a, b]))).category() >= HandCategory::ThreeOfAKind
    }
    fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool {
        let two_on_board = |c: Card| board.cards().filter(|d| d.suit() == c.suit()).count() == 2;
        PairsOnly.river_raise(a, b, board) ^ (two_on_board(a) != two_on_board(b))
    }
}

#[test]
fn a_fixed_policy_replaying_the_optimal_decisions_has_the_optimal_value() {
    // Fact: evaluating a strategy must not depend on how its decisions were
    // found; the optimal decisions replayed as a policy give the same value
    // and the same outcome counts, on the 28-card deck (ranks 8 to ace).
    let deck = deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]);
    let river = RiverTable::build(deck, &Silent);
    let optimal = solve(&river, &blind_a(), &Silent);
    let replayed =
        uth_edge::exact::game::evaluate_policy(&river, &blind_a(), &Replay(&optimal), &Silent);
    assert_eq!(replayed.total_value, optimal.total_value);
    assert_eq!(replayed.tally, optimal.tally);
}

#[test]
fn a_fixed_policy_matches_direct_play_of_every_sequence() {
    // Fact: the value of a fixed strategy is the sum over every (hole, flop,
    // turn/river, dealer) sequence of the net of the hand played by it,
    // computed here sequence by sequence on the 16-card deck (J, Q, K, A);
    // for a policy whose river decisions depend only on the hand's counts,
    // and for one that tells apart holdings of the same classes of cards.
    use uth_edge::exact::game::Policy;
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let table = blind_a();
    let nets = nets(&table);
    let river = RiverTable::build(deck, &Silent);
    let mut holes = Vec::new();
    for_each_subset(deck, 2, |h| holes.push(h));
    let policies: [&dyn Policy; 2] = [&PairsOnly, &SuitTelling];
    for policy in policies {
        let total: i128 = holes
            .par_iter()
            .map(|&hole| {
                let cards = hole.to_vec();
                let (a, b) = (cards[0], cards[1]);
                let rest = deck.minus(hole);
                let mut sum = 0i128;
                let preflop = policy.preflop(a, b);
                for_each_subset(rest, 3, |flop| {
                    let flop_raise = policy.flop_raise(a, b, flop);
                    for_each_subset(rest.minus(flop), 2, |tr| {
                        let board = flop.union(tr);
                        let play = match preflop {
                            Decision::Raise(action) => action.play(),
                            _ if flop_raise => 2,
                            _ if policy.river_raise(a, b, board) => 1,
                            _ => 0,
                        };
                        let player = evaluate(hole.union(board));
                        for_each_subset(rest.minus(board), 2, |dealer| {
                            if play == 0 {
                                sum += nets.net[0][2][0] as i128;
                                return;
                            }
                            let o = outcome(player, evaluate(dealer.union(board)));
                            sum += nets.net[play as usize][o][player.category() as usize] as i128;
                        });
                    });
                });
                sum
            })
            .sum();
        let evaluated = uth_edge::exact::game::evaluate_policy(&river, &table, policy, &Silent);
        assert_eq!(
            Fraction::new(evaluated.total_value, evaluated.payoffs.scale as i128),
            Fraction::new(total, nets.scale)
        );
    }
}

#[test]
fn spot_queries_equal_the_full_solve() {
    // The spot functions enumerate directly; the full solve goes through the
    // river table and the flop pass. They must agree exactly on every spot.
    use uth_edge::exact::game::spot;
    let solution = full_solution_a();
    let table = blind_a();
    let deck = CardSet::FULL_DECK;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
    for _ in 0..300 {
        let cards = random_cards(&mut rng, deck, 7);
        let board = CardSet::from_cards(&cards[2..]);
        let direct = spot::river_advice(&table, deck, cards[0], cards[1], board).unwrap();
        assert_eq!(direct, solution.river_advice(cards[0], cards[1], board));
    }
    for _ in 0..40 {
        let cards = random_cards(&mut rng, deck, 5);
        let flop = CardSet::from_cards(&cards[2..]);
        let direct = spot::flop_advice(&table, deck, cards[0], cards[1], flop).unwrap();
        assert_eq!(direct, solution.flop_advice(cards[0], cards[1], flop));
    }
}

/// A Blind table whose pays have denominators 5, 7, 11, 13, 17 and 19: the
/// common denominator is 1,616,615, and an entry's Ante + Blind value
/// (dealer holdings times a pay in those units) passes 2^31, the range of
/// the solver's former 32-bit values.
fn coprime_blind() -> PayTable {
    blind_table(
        "coprime",
        &[
            (HandCategory::FourOfAKind, 999, 19),
            (HandCategory::FullHouse, 500, 17),
            (HandCategory::Flush, 7, 5),
            (HandCategory::ThreeOfAKind, 100, 13),
            (HandCategory::TwoPair, 13, 11),
            (HandCategory::Pair, 3, 7),
        ],
    )
}

#[test]
fn sixteen_card_game_with_coprime_blind_denominators_matches_brute_force() {
    compare_with_brute_force(deck_of_ranks(&[9, 10, 11, 12]), &coprime_blind());
}

#[test]
fn spot_queries_equal_a_reduced_solve_with_coprime_blind_denominators() {
    use uth_edge::exact::game::spot;
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = coprime_blind();
    let river = RiverTable::build(deck, &Silent);
    let solution = solve(&river, &table, &Silent);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(29);
    for _ in 0..100 {
        let cards = random_cards(&mut rng, deck, 7);
        let board = CardSet::from_cards(&cards[2..]);
        let flop = CardSet::from_cards(&cards[2..5]);
        let direct = spot::river_advice(&table, deck, cards[0], cards[1], board).unwrap();
        assert_eq!(direct, solution.river_advice(cards[0], cards[1], board));
        let direct = spot::flop_advice(&table, deck, cards[0], cards[1], flop).unwrap();
        assert_eq!(direct, solution.flop_advice(cards[0], cards[1], flop));
    }
}

#[test]
fn preflop_spot_equals_a_reduced_solve_for_every_starting_hand() {
    // The preflop spot enumerates one holding's boards and flops directly;
    // the solve sums flop sums over canonical flops per starting-hand
    // class. Every holding of a 24-card deck (ranks 7 to ace), under the
    // coprime table and table A, both ways.
    use uth_edge::exact::game::spot;
    let deck = deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
    for table in [coprime_blind(), blind_a()] {
        let river = RiverTable::build(deck, &Silent);
        let solution = solve(&river, &table, &Silent);
        let cards = deck.to_vec();
        for (i, &a) in cards.iter().enumerate() {
            for &b in &cards[i + 1..] {
                let direct = spot::preflop_advice(&table, deck, a, b).unwrap();
                assert_eq!(direct, solution.preflop_advice(a, b), "{a}{b}");
            }
        }
    }
}

#[test]
fn preflop_spot_equals_the_full_solve() {
    // A pair, a suited and two offsuit hands (the suit renamings that fix
    // the holding differ: 4, 6 and 2 of them), against the full solve of
    // table A.
    use uth_edge::exact::game::spot;
    let solution = full_solution_a();
    let table = blind_a();
    for hand in ["7c7d", "AsKs", "Ts9d", "4h2d"] {
        let cards = uth_edge::cards::parse_cards(hand).unwrap();
        let direct = spot::preflop_advice(&table, CardSet::FULL_DECK, cards[0], cards[1]).unwrap();
        assert_eq!(
            direct,
            solution.preflop_advice(cards[0], cards[1]),
            "{hand}"
        );
    }
}

#[test]
fn a_blind_table_beyond_the_solver_range_is_refused_before_solving() {
    use uth_edge::exact::game::{check_blind_table, try_solve_many};
    // Coprime 12-digit odds: the common denominator alone passes 2^40.
    let table = blind_table(
        "huge",
        &[
            (HandCategory::RoyalFlush, 999_999_999_989, 999_999_999_961),
            (HandCategory::Straight, 999_999_999_959, 999_999_999_937),
        ],
    );
    let error = check_blind_table(&table).unwrap_err();
    assert!(error.to_string().contains("2^40"), "{error}");
    assert!(check_blind_table(&coprime_blind()).is_ok());
    assert!(check_blind_table(&blind_a()).is_ok());
    // The solver refuses it too, before building anything per table.
    let river = RiverTable::build(deck_of_ranks(&[9, 10, 11, 12]), &Silent);
    assert!(try_solve_many(&river, &[table], &Silent).is_err());
}

#[test]
fn several_tables_solved_two_at_a_time_equal_each_table_solved_alone() {
    // `for_each_solution` solves three tables as a pair and a single (two
    // flop passes, the pair's sharing its reads); each must be what the
    // table gives solved on its own, and come with its own index.
    use crate::common::blind_b;
    use uth_edge::exact::game::for_each_solution;
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let river = RiverTable::build(deck, &Silent);
    let tables = [blind_b(), coprime_blind(), blind_a()];
    let mut seen = Vec::new();
    let mut values = Vec::new();
    for_each_solution(&river, &tables, &Silent, |i, together| {
        let alone = solve(&river, &tables[i], &Silent);
        assert_eq!(together.total_value, alone.total_value, "{}", tables[i].id);
        assert_eq!(together.tally, alone.tally, "{}", tables[i].id);
        let decisions = |s: &uth_edge::exact::game::Solution| -> Vec<Decision> {
            s.classes.iter().map(|c| c.action).collect()
        };
        assert_eq!(decisions(&together), decisions(&alone));
        seen.push(i);
        values.push(alone.total_value);
    });
    assert_eq!(seen, [0, 1, 2]);
    // The tables differ, so the test can tell them apart.
    assert!(values[0] != values[1] && values[0] != values[2] && values[1] != values[2]);
}
