//! The seen-card engine (`exact::seen`) against computations that share none
//! of its shortcuts: whole reduced games enumerated deal by deal without suit
//! symmetry or subset sums, each board's showdowns evaluated against every
//! unseen dealer holding and settled by `rules::settlement`, each decision
//! taken by comparing sums over exactly the deals the player cannot tell
//! apart when he decides; and, with no card seen, the base-game solver
//! (itself checked against brute force in `solver.rs`).
//!
//! The brute force solves one situation (player cards, seen dealer cards)
//! for every case at once: each board's showdowns are counted once, then
//! every (flop, turn/river) split of it is visited once and its sums go to
//! the decision nodes of every reading. This keeps the whole-game
//! comparisons within a minute or so.

use crate::common::{blind_a, long_tests, nets, odd_blind_table, outcome, random_cards, Nets};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use std::collections::HashMap;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::{Card, CardSet};
use uth_edge::evaluator::evaluate;
use uth_edge::exact::game::{solve as solve_base, RiverTable};
use uth_edge::exact::seen::{self, Decisions, PreflopState, Seen, SeenCase, Tally, Variant};
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;

/// Sums over deals played one way: value, square (units of `1/scale`) and
/// deals by final Play `[fold, 1x, 2x, 3x, 4x]`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Line {
    pub(crate) value: i128,
    pub(crate) square: i128,
    pub(crate) actions: [i128; 5],
}

impl Line {
    pub(crate) fn add(&mut self, other: &Line) {
        self.value += other.value;
        self.square += other.square;
        for (a, b) in self.actions.iter_mut().zip(other.actions) {
            *a += b;
        }
    }

    /// The better of the choices, listed from the smallest bet (kept on a tie).
    pub(crate) fn best(choices: &[Line]) -> Line {
        let mut best = choices[0];
        for &c in &choices[1..] {
            if c.value > best.value {
                best = c;
            }
        }
        best
    }

    pub(crate) fn tally(&self) -> Tally {
        Tally {
            deals: self.actions.iter().sum(),
            value: self.value,
            square: self.square,
            actions: self.actions,
        }
    }
}

/// One board's showdowns: the player's hand category and the number of
/// unseen dealer holdings giving each outcome (`common::OUTCOMES`).
#[derive(Clone, Copy)]
struct Showdowns {
    category: u8,
    outcomes: [u16; 5],
}

impl Showdowns {
    /// The board's deals (one per unseen dealer holding) played with a Play
    /// of `play` (0: a fold), each settled at its net.
    fn line(&self, nets: &Nets, play: usize) -> Line {
        let mut line = Line::default();
        for (o, &count) in self.outcomes.iter().enumerate() {
            let (n, v) = (
                count as i128,
                nets.net[play][o][self.category as usize] as i128,
            );
            line.value += n * v;
            line.square += n * v * v;
            line.actions[play] += n;
        }
        line
    }
}

/// Sums below one flop decision (the deals the player cannot tell apart
/// when he takes it): raising 2x, checking and then taking the better river
/// choice of each board, and the two preflop raises' lines over the same
/// deals.
#[derive(Clone, Copy, Default)]
struct FlopNode {
    raise_2x: Line,
    river: Line,
    raise_3x: Line,
    raise_4x: Line,
}

impl FlopNode {
    /// Adds a board's deals, `plays[p]` being them played with a Play of `p`.
    fn add(&mut self, plays: &[Line; 5]) {
        self.raise_2x.add(&plays[2]);
        // The river decision sees the whole board: fold or Play 1x.
        self.river.add(&Line::best(&[plays[0], plays[1]]));
        self.raise_3x.add(&plays[3]);
        self.raise_4x.add(&plays[4]);
    }

    /// The preflop choices' lines over this node's deals: checking (then the
    /// better flop choice, check or raise 2x, here), raising 3x, raising 4x.
    fn choices(&self) -> [Line; 3] {
        [
            Line::best(&[self.river, self.raise_2x]),
            self.raise_3x,
            self.raise_4x,
        ]
    }
}

/// The preflop choices `[check, raise 3x, raise 4x]` of one preflop
/// decision, summed over the flop nodes below it.
#[derive(Clone, Copy, Default)]
struct PreflopNode([Line; 3]);

impl PreflopNode {
    fn add(&mut self, node: &FlopNode) {
        for (c, n) in self.0.iter_mut().zip(node.choices()) {
            c.add(&n);
        }
    }
}

/// Every preflop decision of one situation, by brute force: each a list of
/// the choices `[check, raise 3x, raise 4x]` (smallest bet first).
pub(crate) struct BruteStates {
    /// No community card seen.
    pub(crate) none: [Line; 3],
    /// One state per seen flop card.
    flop: Vec<(Card, [Line; 3])>,
    /// One state per turn/river card seen before the preflop decision.
    turnriver: Vec<(Card, [Line; 3])>,
    /// The one state of a turn/river card seen only after the preflop
    /// decision.
    turnriver_at_flop: [Line; 3],
}

impl BruteStates {
    /// The states of `variant`: `(seen card, choices)`.
    fn of(&self, variant: Variant) -> Vec<(Option<Card>, [Line; 3])> {
        let each = |list: &[(Card, [Line; 3])]| list.iter().map(|&(c, l)| (Some(c), l)).collect();
        match variant {
            Variant::NoBoardCard => vec![(None, self.none)],
            Variant::Flop => each(&self.flop),
            Variant::TurnRiver => each(&self.turnriver),
            Variant::TurnRiverAtFlop => vec![(None, self.turnriver_at_flop)],
        }
    }
}

/// Every deal of the situation (`player`, seen `dealer` cards) on `deck`,
/// for every reading. A deal is a flop, the turn and river (one of them
/// told apart as the seen one in the turn/river readings) and the unseen
/// dealer cards. What each decision knows, hence which deals it sums:
/// - river: the whole board (fold or Play 1x per board);
/// - flop: the flop, plus the seen turn/river card in both turn/river
///   readings (a seen flop card is part of the flop);
/// - preflop: the situation, plus the seen flop card (`flop`) or the seen
///   turn/river card (`turnriver`); in `turnriver_at_flop` the situation
///   only, so its one decision sums the flop nodes of every (flop, seen
///   turn/river card).
pub(crate) fn brute_situation(
    deck: CardSet,
    nets: &Nets,
    player: CardSet,
    dealer: CardSet,
) -> BruteStates {
    let left = deck.minus(player).minus(dealer);
    let rest = left.to_vec();
    let n = rest.len();
    // Each board's showdowns, every unseen dealer holding evaluated.
    let mut showdowns: HashMap<u64, Showdowns> = HashMap::new();
    for_each_subset(left, 5, |board| {
        let p = evaluate(player.union(board));
        let mut outcomes = [0u16; 5];
        for_each_subset(left.minus(board), 2 - dealer.len(), |unseen| {
            outcomes[outcome(p, evaluate(dealer.union(unseen).union(board)))] += 1;
        });
        let category = p.category() as u8;
        showdowns.insert(board.0, Showdowns { category, outcomes });
    });
    let mut none = PreflopNode::default();
    let mut by_flop = vec![PreflopNode::default(); n];
    let mut by_turnriver = vec![PreflopNode::default(); n];
    let mut turnriver_at_flop = PreflopNode::default();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let flop = [i, j, k];
                // The flop node without a seen turn/river card, and the one
                // of each seen turn/river card `t` (its deals: the boards
                // with `t`).
                let mut node = FlopNode::default();
                let mut with_card = vec![FlopNode::default(); n];
                for x in (0..n).filter(|x| !flop.contains(x)) {
                    for y in (x + 1..n).filter(|y| !flop.contains(y)) {
                        let board = [i, j, k, x, y]
                            .iter()
                            .fold(0u64, |m, &c| m | rest[c].mask());
                        let s = showdowns[&board];
                        let plays: [Line; 5] = std::array::from_fn(|p| s.line(nets, p));
                        node.add(&plays);
                        with_card[x].add(&plays);
                        with_card[y].add(&plays);
                    }
                }
                none.add(&node);
                for c in flop {
                    by_flop[c].add(&node);
                }
                for t in (0..n).filter(|t| !flop.contains(t)) {
                    by_turnriver[t].add(&with_card[t]);
                    turnriver_at_flop.add(&with_card[t]);
                }
            }
        }
    }
    let per_card =
        |nodes: Vec<PreflopNode>| rest.iter().zip(nodes).map(|(&c, s)| (c, s.0)).collect();
    BruteStates {
        none: none.0,
        flop: per_card(by_flop),
        turnriver: per_card(by_turnriver),
        turnriver_at_flop: turnriver_at_flop.0,
    }
}

/// The whole game of `deck` with `dealer` dealer cards seen, every
/// [`Variant`] in order, by brute force over every situation: the scale and
/// the tallies.
fn brute_game(deck: CardSet, table: &PayTable, dealer: usize) -> (i128, [Tally; 4]) {
    let nets = nets(table);
    let mut situations = vec![];
    for_each_subset(deck, 2, |p| {
        for_each_subset(deck.minus(p), dealer, |d| situations.push((p, d)))
    });
    let total = situations
        .par_iter()
        .map(|&(p, d)| {
            let states = brute_situation(deck, &nets, p, d);
            Variant::ALL.map(|variant| {
                let mut sum = Line::default();
                for (_, choices) in states.of(variant) {
                    sum.add(&Line::best(&choices));
                }
                sum
            })
        })
        .reduce(
            || [Line::default(); 4],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x.add(y);
                }
                a
            },
        );
    (nets.scale, total.map(|line| line.tally()))
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

/// Every case with `dealer` seen dealer cards, engine against brute force.
fn compare_whole_game(deck: CardSet, table: &PayTable, dealer: usize) {
    let cases = seen::solve(table, deck, dealer, &Silent).expect("solvable");
    let (scale, expected) = brute_game(deck, table, dealer);
    for ((case, variant), expected) in cases.iter().zip(Variant::ALL).zip(&expected) {
        assert_eq!(case.seen, Seen { dealer, variant });
        assert_eq!(&rescaled(case, scale), expected, "{}", case.seen);
    }
}

/// One engine state against the brute force's choices: the three values,
/// the decision (the smaller bet on a tie) and the tally of the best line.
/// `f` turns the engine's units into the brute force's.
fn assert_state(state: &PreflopState, choices: &[Line; 3], f: i128, label: &str) {
    assert_eq!(state.check * f, choices[0].value, "check {label}");
    assert_eq!(state.raise_3x * f, choices[1].value, "3x {label}");
    assert_eq!(state.raise_4x * f, choices[2].value, "4x {label}");
    let best = Line::best(choices);
    let decision = match best {
        b if b == choices[0] => Decisions::Check,
        b if b == choices[1] => Decisions::Raise3x,
        _ => Decisions::Raise4x,
    };
    assert_eq!(state.decision, decision, "decision {label}");
    let tally = best.tally();
    assert_eq!(state.tally.deals, tally.deals, "deals {label}");
    assert_eq!(state.tally.value * f, tally.value, "value {label}");
    assert_eq!(state.tally.square * f * f, tally.square, "square {label}");
    assert_eq!(state.tally.actions, tally.actions, "actions {label}");
}

/// Every state of one situation, engine against brute force.
fn compare_situation(deck: CardSet, table: &PayTable, player: (Card, Card), dealer: &[Card]) {
    let nets = nets(table);
    let (scale, states) = seen::solve_situation(table, deck, player, dealer).expect("solvable");
    let f = nets.scale / scale as i128;
    assert_eq!(f * scale as i128, nets.scale);
    let (player, dealer) = (
        CardSet::from_cards(&[player.0, player.1]),
        CardSet::from_cards(dealer),
    );
    let brute = brute_situation(deck, &nets, player, dealer);
    for (variant, list) in Variant::ALL.iter().zip(&states) {
        let expected = brute.of(*variant);
        assert_eq!(list.len(), expected.len(), "{variant:?}");
        for (state, (card, choices)) in list.iter().zip(&expected) {
            assert_eq!(state.seen, *card);
            let label = format!("{player} dealer {dealer} {variant:?} {card:?}");
            assert_state(state, choices, f, &label);
        }
    }
}

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
fn seen_cases_are_read_and_nonsense_is_refused() {
    let ok = |t: &str| Seen::parse(t).expect(t).to_string();
    assert_eq!(ok("dealer:1"), "dealer:1");
    assert_eq!(ok("dealer:1, flop:1"), "dealer:1,flop:1");
    assert_eq!(ok("turnriver:1,dealer:2"), "dealer:2,turnriver:1");
    assert_eq!(ok("flop:1"), "flop:1");
    assert_eq!(ok("turnriver-at-flop:1"), "turnriver-at-flop:1");
    assert_eq!(
        ok("turnriver-at-flop:1,dealer:1"),
        "dealer:1,turnriver-at-flop:1"
    );
    // Every case the results file lists reads back as itself.
    for case in Seen::ALL {
        assert_eq!(Seen::parse(&case.to_string()), Ok(case));
    }
    for bad in [
        "dealer:3",
        "flop:2",
        "river:1",
        "dealer",
        "dealer:x",
        "dealer:1,dealer:1",
        "flop:1,turnriver:1",
        "turnriver-at-flop:2",
        "turnriver:1,turnriver-at-flop:1",
        "flop:1,turnriver-at-flop:1",
        "",
    ] {
        assert!(Seen::parse(bad).is_err(), "{bad:?} accepted");
    }
}

/// The cases' CSV, as `game --seen ... --format csv` writes it.
fn seen_csv(cases: &[seen::SeenCase]) -> Vec<u8> {
    let document = uth_edge::report::seen::document(cases, None).unwrap();
    let mut csv = Vec::new();
    uth_edge::report::render(uth_edge::report::Format::Csv, &document, &mut csv).unwrap();
    csv
}

#[test]
fn the_leak_section_reads_what_the_csv_writer_wrote() {
    // Round trip on a small game: the CSV of the cases, read back, gives one
    // row per case with the case names (commas quoted) and exact figures.
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let cases = seen::solve(&blind_a(), deck, 2, &Silent).expect("solvable");
    let csv = seen_csv(&cases);
    let text = String::from_utf8(csv).unwrap();
    let rows = uth_edge::analysis::seen_results::read(&text, "round-trip.csv").expect("readable");
    assert_eq!(rows.len(), 4);
    let section = uth_edge::report::seen::leak::section(&rows);
    for case in &cases {
        assert!(section.contains(&format!(">{}<", case.seen)), "{section}");
        assert!(section.contains(&case.per_ante().to_string()));
    }
    // The legend on the two readings of a seen turn/river card comes with
    // the rows that have one, and only then.
    let legend = uth_edge::report::escape(uth_edge::report::seen::leak::TURNRIVER_READINGS);
    assert!(section.contains(&legend), "{section}");
    let read = |cases: &[seen::SeenCase]| {
        let csv = seen_csv(cases);
        let rows =
            uth_edge::analysis::seen_results::read(&String::from_utf8(csv).unwrap(), "written.csv")
                .unwrap();
        assert_eq!(rows.len(), cases.len());
        uth_edge::report::seen::leak::section(&rows)
    };
    let no_turnriver: Vec<_> = cases
        .iter()
        .filter(|c| !c.seen.to_string().contains("turnriver"))
        .cloned()
        .collect();
    assert!(!no_turnriver.is_empty() && no_turnriver.len() < cases.len());
    assert!(!read(&no_turnriver).contains(&legend));
    // A file written before the turnriver-at-flop case (without its row)
    // reads as well, legend included.
    let older: Vec<_> = cases
        .iter()
        .filter(|c| !c.seen.to_string().contains("turnriver-at-flop"))
        .cloned()
        .collect();
    assert_eq!(older.len(), cases.len() - 1);
    assert!(read(&older).contains(&legend));
    assert!(uth_edge::analysis::seen_results::read("case,paytable\n", "short.csv").is_err());
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
        &[
            "strategy",
            "AsKd",
            "--turnriver-at-flop",
            "--seen-turnriver",
            "6c",
        ],
        &["strategy", "--turnriver-at-flop"],
        &["game", "--seen", "turnriver:1,turnriver-at-flop:1"],
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

#[test]
fn the_command_answers_each_reading_of_a_seen_dealer_card_with_its_own_state() {
    // `strategy HOLE --seen-dealer C` with and without `--turnriver-at-flop`
    // prints the EVs of the matching preflop state of the engine (no
    // community card, or a turn/river card seen at the flop), exactly.
    use crate::common::{stdout, uth_edge};
    use uth_edge::cards::parse_card;
    let (hole, dealer) = (
        (parse_card("9s").unwrap(), parse_card("8s").unwrap()),
        parse_card("5c").unwrap(),
    );
    let (scale, states) =
        seen::solve_situation(&blind_a(), CardSet::FULL_DECK, hole, &[dealer]).unwrap();
    let exact = |s: &PreflopState| {
        let per = |v: i128| {
            uth_edge::fraction::Fraction::new(v, s.tally.deals * scale as i128).to_string()
        };
        vec![per(s.raise_4x), per(s.raise_3x), per(s.check)]
    };
    let none = exact(&states[Variant::NoBoardCard as usize][0]);
    let late = exact(&states[Variant::TurnRiverAtFlop as usize][0]);
    assert_ne!(
        none, late,
        "the two readings must differ for the test to tell them apart"
    );
    for (flag, expected) in [(None, &none), (Some("--turnriver-at-flop"), &late)] {
        let mut args = vec![
            "strategy",
            "9s8s",
            "--seen-dealer",
            "5c",
            "--format",
            "json",
        ];
        args.extend(flag);
        let out = uth_edge(&args);
        assert!(out.status.success(), "{args:?}");
        let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(doc["turnriver_at_flop"], flag.is_some());
        let printed: Vec<String> = doc["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["ev_exact"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(&printed, expected, "{args:?}");
    }
}

#[test]
fn report_and_check_read_seen_results_through_one_validation() {
    // Fact (docs/verifying.md): `report --format html --seen-results` and
    // `check --seen-results` read the file through one reader: a file that
    // one refuses, the other refuses too, in one line naming the file and
    // the line, exit 2, before any work (the report used to render `NaN%`
    // for a zero denominator and an empty section for a header-only file).
    // Each bad file is the committed results/seen_cards.csv with one defect.
    let committed = include_str!("../../results/seen_cards.csv");
    let lines: Vec<&str> = committed.lines().collect();
    // The first row is case dealer:0 (no comma, so no quotes): its fields
    // split on commas.
    assert!(lines[1].starts_with("dealer:0,"));
    let column = |name: &str| {
        uth_edge::report::seen::CSV_COLUMNS
            .iter()
            .position(|c| *c == name)
            .unwrap()
    };
    let first_row_with = |name: &str, value: &str| {
        let mut fields: Vec<&str> = lines[1].split(',').collect();
        fields[column(name)] = value;
        let mut out = vec![lines[0].to_string(), fields.join(",")];
        out.extend(lines[2..].iter().map(|l| l.to_string()));
        out.join("\n") + "\n"
    };
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let cases = [
        (
            "seen-zero-denominator.csv",
            first_row_with("player_edge_per_ante_exact", "1/0"),
            "line 2: player_edge_per_ante_exact \"1/0\" is not an exact fraction",
        ),
        (
            "seen-header-only.csv",
            format!("{}\n", lines[0]),
            "line 1: a header and no case",
        ),
        (
            "seen-decimal-disagrees.csv",
            first_row_with("player_edge_per_ante", "0.5"),
            "line 2: player_edge_per_ante 0.5 disagrees with its exact value",
        ),
        (
            "seen-shares.csv",
            first_row_with("fold_exact", "1/2"),
            "line 2: fold 0.19185838912523667 disagrees",
        ),
        (
            "seen-short-row.csv",
            format!("{}\n{}\ndealer:1,blind-a\n", lines[0], lines[1]),
            "line 3",
        ),
        (
            "seen-twice.csv",
            format!("{}\n{}\n{}\n", lines[0], lines[1], lines[1]),
            "line 3: case dealer:0 under Blind table blind-a appears twice",
        ),
        (
            "seen-hands.csv",
            first_row_with("hands_until_visible_exact", "1"),
            "line 2: hands_until_visible_exact is not 4 variance_exact",
        ),
    ];
    for (file, text, needle) in cases {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        for args in [
            &["check", "--paytable", "blind-a", "--seen-results", path][..],
            &["report", "--format", "html", "--seen-results", path],
        ] {
            let out = crate::common::uth_edge(args);
            let err = crate::common::stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.contains(&format!("--seen-results {path}: ")) && err.contains(needle),
                "{needle} not in {err}"
            );
        }
    }
    // The committed file passes, and gives the rows the check uses.
    let rows = uth_edge::analysis::seen_results::read(committed, "results/seen_cards.csv").unwrap();
    assert_eq!(rows.len(), lines.len() - 1);
}
