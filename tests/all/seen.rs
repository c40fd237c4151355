//! The seen-card engine (`exact::seen`) against computations that share none
//! of its shortcuts: whole reduced games enumerated deal by deal without suit
//! symmetry or subset sums, each decision taken by comparing sums of nets
//! settled one by one; and, with no card seen, the base-game solver (itself
//! checked against brute force in `solver.rs`).

use crate::common::{blind_a, blind_table};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::{Card, CardSet};
use uth_edge::evaluator::{evaluate, HandCategory};
use uth_edge::exact::game::{solve as solve_base, RiverTable};
use uth_edge::exact::seen::{self, Seen, SeenCase, Tally, Variant};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::{settle_base, BaseRound, Versus};

/// Nets `[play][outcome][category]` in units of `1/scale`; outcomes: win and
/// dealer qualifies, win and not, tie, lose and qualifies, lose and not.
fn nets(table: &PayTable) -> (i128, [[[i64; 10]; 5]; 5]) {
    let outcomes = [
        (Versus::PlayerHigher, true),
        (Versus::PlayerHigher, false),
        (Versus::Tie, true),
        (Versus::DealerHigher, true),
        (Versus::DealerHigher, false),
    ];
    let settle = |play: u8, o: usize, c: HandCategory| {
        settle_base(
            table,
            BaseRound {
                play,
                player: c,
                versus: outcomes[o].0,
                dealer_qualifies: outcomes[o].1,
            },
        )
        .total()
    };
    // Every pay of these tests has a denominator dividing 12.
    let scale = 12i128;
    let mut net = [[[0i64; 10]; 5]; 5];
    for (play, by_outcome) in net.iter_mut().enumerate() {
        for (o, by_category) in by_outcome.iter_mut().enumerate() {
            for c in HandCategory::ALL {
                let v = settle(play as u8, o, c) * Fraction::from_int(scale);
                by_category[c as usize] = v.to_i128().expect("denominator divides 12") as i64;
            }
        }
    }
    (scale, net)
}

/// The best line at a decision: value, square and deals by final Play.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Line {
    value: i128,
    square: i128,
    actions: [i128; 5],
}

impl Line {
    fn plus(mut self, other: Line) -> Line {
        self.value += other.value;
        self.square += other.square;
        for (a, b) in self.actions.iter_mut().zip(other.actions) {
            *a += b;
        }
        self
    }

    /// The better of the choices, listed from the smallest bet (kept on a tie).
    fn best(choices: &[Line]) -> Line {
        let mut best = choices[0];
        for &c in &choices[1..] {
            if c.value > best.value {
                best = c;
            }
        }
        best
    }
}

/// Every deal of a situation: the full brute force. `player`, `dealer`
/// (seen), `seen_flop` and `seen_turnriver` fixed; the rest enumerated.
fn brute_preflop(
    deck: CardSet,
    net: &[[[i64; 10]; 5]; 5],
    player: CardSet,
    dealer: CardSet,
    seen_flop: Option<Card>,
    seen_turnriver: Option<Card>,
) -> Line {
    Line::best(&brute_preflop_choices(
        deck,
        net,
        player,
        dealer,
        seen_flop,
        seen_turnriver,
    ))
}

/// The lines of the three preflop choices `[check, 3x, 4x]` of a state.
fn brute_preflop_choices(
    deck: CardSet,
    net: &[[[i64; 10]; 5]; 5],
    player: CardSet,
    dealer: CardSet,
    seen_flop: Option<Card>,
    seen_turnriver: Option<Card>,
) -> [Line; 3] {
    let rest = deck.minus(player).minus(dealer);
    // Fixed-Play lines over every deal, and the check line.
    let mut fixed = [Line::default(); 5];
    let mut check = Line::default();
    for_each_subset(rest, 3, |flop| {
        if seen_flop.is_some_and(|f| !flop.contains(f)) {
            return;
        }
        if seen_turnriver.is_some_and(|t| flop.contains(t)) {
            return;
        }
        let mut raise2 = Line::default();
        let mut river_best = Line::default();
        for_each_subset(rest.minus(flop), 2, |tr| {
            if seen_turnriver.is_some_and(|t| !tr.contains(t)) {
                return;
            }
            let board = flop.union(tr);
            let p = evaluate(player.union(board));
            let cat = p.category() as usize;
            let mut by_play = [Line::default(); 5];
            for_each_subset(rest.minus(board), 2 - dealer.len(), |unseen| {
                let d = evaluate(dealer.union(unseen).union(board));
                let q = d.category() >= HandCategory::Pair;
                let o = match (p.cmp(&d), q) {
                    (std::cmp::Ordering::Greater, true) => 0,
                    (std::cmp::Ordering::Greater, false) => 1,
                    (std::cmp::Ordering::Equal, _) => 2,
                    (std::cmp::Ordering::Less, true) => 3,
                    (std::cmp::Ordering::Less, false) => 4,
                };
                for (play, line) in by_play.iter_mut().enumerate() {
                    let v = net[play][o][cat] as i128;
                    line.value += v;
                    line.square += v * v;
                    line.actions[play] += 1;
                }
            });
            for play in [3, 4] {
                fixed[play] = fixed[play].plus(by_play[play]);
            }
            raise2 = raise2.plus(by_play[2]);
            river_best = river_best.plus(Line::best(&[by_play[0], by_play[1]]));
        });
        check = check.plus(Line::best(&[river_best, raise2]));
    });
    brute_choices(check, fixed)
}

/// The preflop choices `[check, 3x, 4x]` (smallest bet first).
fn brute_choices(check: Line, fixed: [Line; 5]) -> [Line; 3] {
    [check, fixed[3], fixed[4]]
}

/// The whole game of `deck` with `dealer` dealer cards seen and `variant`,
/// by brute force over every situation and seen community card.
fn brute_game(deck: CardSet, table: &PayTable, dealer: usize, variant: Variant) -> (i128, Tally) {
    let (scale, net) = nets(table);
    let mut situations = vec![];
    for_each_subset(deck, 2, |p| {
        for_each_subset(deck.minus(p), dealer, |d| situations.push((p, d)))
    });
    let lines: Vec<Line> = situations
        .par_iter()
        .map(|&(p, d)| {
            let rest = deck.minus(p).minus(d).to_vec();
            match variant {
                Variant::NoBoardCard => brute_preflop(deck, &net, p, d, None, None),
                Variant::Flop => rest.iter().fold(Line::default(), |acc, &c| {
                    acc.plus(brute_preflop(deck, &net, p, d, Some(c), None))
                }),
                Variant::TurnRiver => rest.iter().fold(Line::default(), |acc, &c| {
                    acc.plus(brute_preflop(deck, &net, p, d, None, Some(c)))
                }),
            }
        })
        .collect();
    let total = lines.iter().fold(Line::default(), |a, &b| a.plus(b));
    let tally = Tally {
        deals: total.actions.iter().sum(),
        value: total.value,
        square: total.square,
        actions: total.actions,
    };
    (scale, tally)
}

/// The engine's tally rescaled to units of `1/scale`.
fn rescaled(case: &SeenCase, scale: i128) -> Tally {
    let f = scale / case.scale as i128;
    assert_eq!(f * case.scale as i128, scale);
    Tally {
        deals: case.tally.deals,
        value: case.tally.value * f,
        square: case.tally.square * f * f,
        actions: case.tally.actions,
    }
}

fn compare_whole_game(deck: CardSet, table: &PayTable, dealer: usize) {
    let cases = seen::solve(table, deck, dealer, &Silent).expect("solvable");
    for (case, variant) in cases.iter().zip(Variant::ALL) {
        assert_eq!(case.seen, Seen { dealer, variant });
        let (scale, expected) = brute_game(deck, table, dealer, variant);
        assert_eq!(rescaled(case, scale), expected, "{}", case.seen);
    }
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
fn preflop_values_at_random_seen_card_spots_match_brute_force() {
    // Twenty cards (ten to ace); random situations with 0, 1 or 2 dealer
    // cards seen; every preflop state of each (no community card, each seen
    // flop card, each seen turn/river card): the three choices' values,
    // the decision and the tally of the best line.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let (scale, net) = nets(&table);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(14);
    let spots: Vec<Vec<Card>> = (0..6)
        .map(|_| {
            let mut cards = deck.to_vec();
            for i in 0..4 {
                let j = i + (rng.next_u64() % (cards.len() - i) as u64) as usize;
                cards.swap(i, j);
            }
            cards.truncate(4);
            cards
        })
        .collect();
    spots.par_iter().enumerate().for_each(|(i, cards)| {
        let dealer = &cards[2..2 + i % 3];
        let (got_scale, states) =
            seen::solve_situation(&table, deck, (cards[0], cards[1]), dealer).expect("solvable");
        let f = scale / got_scale as i128;
        let player = CardSet::from_cards(&cards[..2]);
        let dealer_set = CardSet::from_cards(dealer);
        for (variant, list) in Variant::ALL.iter().zip(&states) {
            // Only a few seen community cards per spot: the brute force is slow.
            for state in list.iter().take(3) {
                let (flop, tr) = match variant {
                    Variant::NoBoardCard => (None, None),
                    Variant::Flop => (state.seen, None),
                    Variant::TurnRiver => (None, state.seen),
                };
                let brute = brute_preflop_choices(deck, &net, player, dealer_set, flop, tr);
                let label = format!("{player} dealer {dealer_set} {variant:?} {:?}", state.seen);
                assert_eq!(state.check * f, brute[0].value, "check {label}");
                assert_eq!(state.raise_3x * f, brute[1].value, "3x {label}");
                assert_eq!(state.raise_4x * f, brute[2].value, "4x {label}");
                let best = Line::best(&brute);
                let decision = match best {
                    b if b == brute[0] => seen::Decisions::Check,
                    b if b == brute[1] => seen::Decisions::Raise3x,
                    _ => seen::Decisions::Raise4x,
                };
                assert_eq!(state.decision, decision, "decision {label}");
                assert_eq!(state.tally.value * f, best.value, "{label}");
                assert_eq!(state.tally.square * f * f, best.square, "{label}");
                assert_eq!(state.tally.actions, best.actions, "{label}");
            }
        }
    });
}

#[test]
fn two_dealer_cards_with_odd_blind_pays_matches_brute_force() {
    // Fractional pays exercise the common denominator; the table has no
    // straight pay, so a straight pushes.
    let table = blind_table(
        "odd",
        &[
            (HandCategory::FourOfAKind, 7, 3),
            (HandCategory::FullHouse, 5, 4),
            (HandCategory::Flush, 1, 2),
            (HandCategory::TwoPair, 1, 3),
        ],
    );
    compare_whole_game(deck_of_ranks(&[9, 10, 11, 12]), &table, 2);
}

#[test]
fn no_card_seen_is_the_base_game() {
    // Twenty cards (ten to ace): the dealer sometimes fails to qualify.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let river = RiverTable::build(deck, &Silent);
    let base = solve_base(&river, &table, &Silent).summary();
    let [none, _, _] = seen::solve(&table, deck, 0, &Silent).expect("solvable");
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
fn seen_cases_are_read_and_nonsense_is_refused() {
    let ok = |t: &str| Seen::parse(t).expect(t).to_string();
    assert_eq!(ok("dealer:1"), "dealer:1");
    assert_eq!(ok("dealer:1, flop:1"), "dealer:1,flop:1");
    assert_eq!(ok("turnriver:1,dealer:2"), "dealer:2,turnriver:1");
    assert_eq!(ok("flop:1"), "flop:1");
    for bad in [
        "dealer:3",
        "flop:2",
        "river:1",
        "dealer",
        "dealer:x",
        "dealer:1,dealer:1",
        "flop:1,turnriver:1",
        "",
    ] {
        assert!(Seen::parse(bad).is_err(), "{bad:?} accepted");
    }
}

#[test]
fn the_leak_section_reads_what_the_csv_writer_wrote() {
    // Round trip on a small game: the CSV of the cases, read back, gives one
    // row per case with the case names (commas quoted) and exact figures.
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let cases = seen::solve(&blind_a(), deck, 2, &Silent).expect("solvable");
    let mut csv = Vec::new();
    uth_edge::report::seen::write_csv(&cases, &mut csv).unwrap();
    let text = String::from_utf8(csv).unwrap();
    let rows = uth_edge::report::leak::read(&text).expect("readable");
    assert_eq!(rows.len(), 3);
    let section = uth_edge::report::leak::section(&rows);
    for case in &cases {
        assert!(section.contains(&format!(">{}<", case.seen)), "{section}");
        assert!(section.contains(&case.per_ante().to_string()));
    }
    assert!(uth_edge::report::leak::read("case,paytable\n").is_err());
}

#[test]
fn bad_seen_input_is_refused_with_exit_code_2() {
    for args in [
        &["game", "--seen", "dealer:3"][..],
        &["game", "--seen", "river:1"],
        &["strategy", "AsKd", "--seen-dealer", "5c6c7c"],
        &["strategy", "AsKd", "--seen-dealer", "As"],
        &["strategy", "AsKd", "Qh7c2d", "--seen-dealer", "5c"],
        &[
            "strategy",
            "AsKd",
            "--seen-flop",
            "5c",
            "--seen-turnriver",
            "6c",
        ],
        &["report", "--seen-results", "results/base_game.csv"],
    ] {
        let out = crate::common::uth_edge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// The raise-4x and raise-3x lines of a situation, by brute force over
/// every board (each in its C(5,3) = 10 flop/turn-river splits) and dealer
/// completion: `(3x, 4x)` values in units of `1/scale`.
fn brute_fixed_lines(
    deck: CardSet,
    net: &[[[i64; 10]; 5]; 5],
    player: CardSet,
    dealer: CardSet,
) -> (i128, i128) {
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
                let d = evaluate(dealer.union(unseen).union(board));
                let q = d.category() >= HandCategory::Pair;
                let o = match (p.cmp(&d), q) {
                    (std::cmp::Ordering::Greater, true) => 0,
                    (std::cmp::Ordering::Greater, false) => 1,
                    (std::cmp::Ordering::Equal, _) => 2,
                    (std::cmp::Ordering::Less, true) => 3,
                    (std::cmp::Ordering::Less, false) => 4,
                };
                v3 += 10 * net[3][o][cat] as i128;
                v4 += 10 * net[4][o][cat] as i128;
            });
            (v3, v4)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

#[test]
fn full_deck_random_spots_match_brute_force() {
    // 52 cards. Both dealer cards seen (random): every preflop choice of the
    // state without a community card and of one seen flop card and one seen
    // turn/river card, against the whole enumeration. One dealer card seen
    // (random): the raise lines (every board and unseen dealer card).
    let deck = CardSet::FULL_DECK;
    let table = blind_a();
    let (scale, net) = nets(&table);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(52);
    let mut draw = |k: usize| {
        let mut cards = deck.to_vec();
        for i in 0..k {
            let j = i + (rng.next_u64() % (cards.len() - i) as u64) as usize;
            cards.swap(i, j);
        }
        cards.truncate(k);
        cards
    };
    let two = draw(4);
    let one = draw(3);
    let (s, states) = seen::solve_situation(&table, deck, (two[0], two[1]), &two[2..]).unwrap();
    let f = scale / s as i128;
    let player = CardSet::from_cards(&two[..2]);
    let dealer = CardSet::from_cards(&two[2..]);
    let picks = [
        (states[0][0].clone(), None, None),
        (states[1][7].clone(), states[1][7].seen, None),
        (states[2][30].clone(), None, states[2][30].seen),
    ];
    picks.par_iter().for_each(|(state, flop, tr)| {
        let brute = brute_preflop_choices(deck, &net, player, dealer, *flop, *tr);
        let label = format!("{player} dealer {dealer} flop {flop:?} turn/river {tr:?}");
        assert_eq!(state.check * f, brute[0].value, "{label}");
        assert_eq!(state.raise_3x * f, brute[1].value, "{label}");
        assert_eq!(state.raise_4x * f, brute[2].value, "{label}");
        assert_eq!(
            state.tally.square * f * f,
            Line::best(&brute).square,
            "{label}"
        );
    });
    let (s, states) = seen::solve_situation(&table, deck, (one[0], one[1]), &one[2..]).unwrap();
    let f = scale / s as i128;
    let (v3, v4) = brute_fixed_lines(
        deck,
        &net,
        CardSet::from_cards(&one[..2]),
        CardSet::from_cards(&one[2..]),
    );
    assert_eq!(states[0][0].raise_3x * f, v3);
    assert_eq!(states[0][0].raise_4x * f, v4);
}

#[test]
fn the_seen_card_chart_weighs_every_hole_pair_once() {
    // Twenty cards, one dealer card seen: the chart's classes hold the
    // C(19,2) = 171 hole pairs, and their values weighted by class size
    // equal the sum over every pair solved one by one (suit symmetry).
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let seen_card = deck.to_vec()[5];
    let (_, chart) = seen::preflop_chart(&table, deck, &[seen_card], &Silent).unwrap();
    assert_eq!(chart.iter().map(|(s, _)| s.size).sum::<u64>(), 171);
    let weighted = |f: &dyn Fn(&seen::PreflopState) -> i128| -> i128 {
        chart.iter().map(|(s, st)| s.size as i128 * f(st)).sum()
    };
    let mut pairs = vec![];
    for_each_subset(deck.minus(CardSet::from_cards(&[seen_card])), 2, |p| {
        pairs.push(p.to_vec())
    });
    let each: Vec<seen::PreflopState> = pairs
        .par_iter()
        .map(|p| {
            let (_, s) = seen::solve_situation(&table, deck, (p[0], p[1]), &[seen_card]).unwrap();
            s[0][0].clone()
        })
        .collect();
    let summed = |f: &dyn Fn(&seen::PreflopState) -> i128| -> i128 { each.iter().map(f).sum() };
    assert_eq!(weighted(&|s| s.raise_4x), summed(&|s| s.raise_4x));
    assert_eq!(weighted(&|s| s.check), summed(&|s| s.check));
    assert_eq!(weighted(&|s| s.tally.square), summed(&|s| s.tally.square));
}
