//! The brute force the seen-card tests compare the engine with: whole
//! reduced games enumerated deal by deal without suit symmetry or subset
//! sums, each board's showdowns evaluated against every unseen dealer
//! holding and settled by `rules::settlement`, each decision taken by
//! comparing sums over exactly the deals the player cannot tell apart when
//! he decides (the tests are in `seen.rs`).
//!
//! It solves one situation (player cards, seen dealer cards) for every case
//! at once: each board's showdowns are counted once, then every (flop,
//! turn/river) split of it is visited once and its sums go to the decision
//! nodes of every reading. This keeps the whole-game comparisons within a
//! minute or so.

use crate::common::{nets, outcome, Nets};
use rayon::prelude::*;
use std::collections::HashMap;
use uth_edge::cards::canonical::for_each_subset;
use uth_edge::cards::{Card, CardSet};
use uth_edge::evaluator::evaluate;
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
pub fn compare_whole_game(deck: CardSet, table: &PayTable, dealer: usize) {
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
pub fn compare_situation(deck: CardSet, table: &PayTable, player: (Card, Card), dealer: &[Card]) {
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
