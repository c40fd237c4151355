//! What a strategy costs against optimal play (`evaluate_policy_cost`):
//! the split by decision point against two plain solves and against a
//! brute force of its definition that shares none of the solver's
//! shortcuts (every holding, flop, turn/river and dealer holding of a
//! 16-card deck enumerated and settled directly).

use crate::common::{blind_a, nets, odd_blind_table, outcome};
use rayon::prelude::*;
use std::collections::BTreeMap;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::{Card, CardSet};
use uth_edge::evaluator::{evaluate, HandCategory};
use uth_edge::exact::game::{
    evaluate_policy, evaluate_policy_cost, solve, Action, Decider, Decision, Point, Policy,
    RiverTable, Situation, Solution, StrategyCost,
};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::{AsPolicy, FileStrategy, Strategy};

/// A strategy that errs at all three points on a deck of high cards:
/// raises 4x only with aces, raises 2x on the flop with two pair or better (rule 0)
/// or a flush draw (rule 1), else checks; raises 1x on the river with two
/// pair or better (rule 0), else folds.
const MISTAKES: &str = r#"
name = "mistakes"
[preflop]
raise_4x = "AA"
raise_3x = "AK"
[flop]
default = "check"
[[flop.rule]]
action = "raise"
category_at_least = "two_pair"
[[flop.rule]]
action = "raise"
flush_draw_hole_at_least = "2"
[river]
default = "fold"
[[river.rule]]
action = "raise"
category_at_least = "two_pair"
"#;

fn mistakes() -> FileStrategy {
    FileStrategy::from_toml(MISTAKES, "mistakes.toml").expect("the test's strategy reads")
}

/// The checks every cost must pass on `deck` for `strategy` under `table`:
/// its values are those of a plain optimal solve and a plain evaluation;
/// each point's loss is at least zero and they add up to the difference
/// of the two exact house edges; the deviations add up to each point's
/// loss, each more than zero.
fn adds_up(deck: CardSet, table: &PayTable, policy: &dyn Policy, name: &str) -> StrategyCost {
    let river = RiverTable::build(deck, &Silent);
    let both = evaluate_policy_cost(&river, table, policy, &Silent);
    let optimal = solve(&river, table, &Silent);
    let plain = evaluate_policy(&river, table, policy, &Silent);
    let cost = both.cost;
    assert_eq!(cost.optimal_value, optimal.total_value, "{name}");
    assert_eq!(cost.strategy_value, plain.total_value, "{name}");
    let edges = plain.summary().house_edge - optimal.summary().house_edge;
    assert_eq!(cost.total(), edges, "{name}");
    let sum = Point::ALL
        .iter()
        .fold(Fraction::ZERO, |acc, &p| acc + cost.at(p));
    assert_eq!(sum, edges, "{name}");
    for point in Point::ALL {
        assert!(cost.at(point) >= Fraction::ZERO, "{name}");
        let grouped: i128 = cost
            .deviations
            .iter()
            .filter(|d| d.point == point)
            .map(|d| d.loss)
            .sum();
        assert_eq!(grouped, cost.by_point[point as usize], "{point:?}");
    }
    assert!(cost
        .deviations
        .iter()
        .all(|d| d.loss > 0 && d.sequences > 0));
    cost
}

#[test]
fn the_cost_split_adds_up_to_the_difference_of_two_plain_solves() {
    // Fact (the performance-difference identity): the losses at the three
    // points telescope to the optimal value less the strategy's, each
    // computed here by its own solve. On the 20-card deck 2-5 and A, for
    // every shipped strategy and one that errs everywhere; and under a
    // table of fractional pays.
    let deck = deck_of_ranks(&[0, 1, 2, 3, 12]);
    let mut strategies: Vec<FileStrategy> = ["wizard", "timid", "never-4x", "always-river"]
        .iter()
        .map(|n| FileStrategy::builtin(n).expect("shipped"))
        .collect();
    strategies.push(mistakes());
    for s in &strategies {
        let cost = adds_up(deck, &blind_a(), &AsPolicy(s), s.name());
        assert!(cost.total() > Fraction::ZERO, "{} is not optimal", s.name());
    }
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    adds_up(deck, &odd_blind_table(), &AsPolicy(&mistakes()), "mistakes");
}

/// A strategy that plays the optimal decisions (of `optimal`) at the points
/// `optimal_at` names, and [`MISTAKES`] at the others.
struct Mixed<'s> {
    optimal: &'s Solution<'s>,
    optimal_at: [bool; 3],
    other: AsPolicy<'s, FileStrategy>,
}

impl Policy for Mixed<'_> {
    fn preflop(&self, a: Card, b: Card) -> Decision {
        match self.optimal_at[0] {
            true => self
                .optimal
                .preflop_raise(a, b)
                .map_or(Decision::Check, Decision::Raise),
            false => self.other.preflop(a, b),
        }
    }
    fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool {
        match self.optimal_at[1] {
            true => self.optimal.flop_raise(a, b, flop),
            false => self.other.flop_raise(a, b, flop),
        }
    }
    fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool {
        match self.optimal_at[2] {
            true => self.optimal.river_raise(a, b, board),
            false => self.other.river_raise(a, b, board),
        }
    }
}

#[test]
fn a_strategy_that_plays_a_point_optimally_loses_nothing_there() {
    // Fact: where the strategy takes the optimal action at every situation
    // it reaches, the identity's terms there are all zero; the other points
    // still lose. On the 20-card deck 2-5 and A, the optimal decisions
    // (read from a solve) at one point, [`MISTAKES`] at the two others.
    let deck = deck_of_ranks(&[0, 1, 2, 3, 12]);
    let river = RiverTable::build(deck, &Silent);
    let optimal = solve(&river, &blind_a(), &Silent);
    let mistakes = mistakes();
    for point in Point::ALL {
        let mut optimal_at = [false; 3];
        optimal_at[point as usize] = true;
        let mixed = Mixed {
            optimal: &optimal,
            optimal_at,
            other: AsPolicy(&mistakes),
        };
        let cost = adds_up(deck, &blind_a(), &mixed, point.name());
        for other in Point::ALL {
            let loss = cost.by_point[other as usize];
            match other == point {
                true => assert_eq!(loss, 0, "{point:?} optimal"),
                false => assert!(loss > 0, "{other:?} with {point:?} optimal"),
            }
        }
        assert!(cost.deviations.iter().all(|d| d.point != point));
    }
}

/// A strategy whose river rules deviate several to a way on the 16-card
/// deck 9, J, Q, A (where every river hand is two pair or better), so that
/// the cost tells them apart by gathers of their own (four fold and two
/// raise where the optimal play does the other: two gathers, a decider of
/// each way left for the subtraction): it raises 4x with aces only, checks
/// every flop, then on the river folds some full houses, trips, two pairs
/// with an ace kicker and hole cards of a queen or better paired, raises a
/// pocket pair, a hole card pairing the board and the rest.
const RIVER_RULES: &str = r#"
name = "river-rules"
[preflop]
raise_4x = "AA"
[flop]
default = "check"
[river]
default = "raise"
[[river.rule]]
action = "fold"
category_at_least = "full_house"
hole_high_at_most = "J"
[[river.rule]]
action = "fold"
category_at_least = "three_of_a_kind"
hole_low_at_most = "9"
[[river.rule]]
action = "fold"
category_at_least = "two_pair"
kicker_at_least = "A"
[[river.rule]]
action = "fold"
paired_hole_rank_at_least = "Q"
[[river.rule]]
action = "raise"
pocket_pair = true
[[river.rule]]
action = "raise"
hole_pairs_board = true
[[river.rule]]
action = "raise"
dealer_outs_below = 12
[[river.rule]]
action = "raise"
hole_high_at_most = "Q"
[[river.rule]]
action = "raise"
hole_low_at_most = "Q"
[[river.rule]]
action = "raise"
kicker_at_least = "9"
"#;

/// [`RIVER_RULES`] with a first river rule that tells suits apart (a
/// suited holding raises): its river decisions are coded per holding, not
/// per pair of classes of cards.
fn river_rules_suited() -> FileStrategy {
    let text = RIVER_RULES.replace(
        "[river]\ndefault = \"raise\"\n",
        "[river]\ndefault = \"raise\"\n[[river.rule]]\naction = \"raise\"\nhole_suited = true\n",
    );
    FileStrategy::from_toml(&text, "river-rules-suited.toml").expect("the test's strategy reads")
}

/// A group's key, as the brute force computes it: the point, the situation
/// (preflop: the class as (high rank, low rank, suited); flop and river:
/// the rule or default that decided) and whether the strategy raises
/// there.
type Key = (
    Point,
    (usize, usize, bool, Option<Decider>, Option<HandCategory>),
    bool,
);

/// The key of an engine's deviation.
fn key_of(d: &uth_edge::exact::game::Deviation) -> Key {
    let raises = matches!(d.strategy, Decision::Raise(_));
    let situation = match d.situation {
        Situation::Hand(a, b) => class_of(a, b),
        Situation::Rule(r) => (0, 0, false, Some(r), None),
        Situation::Made(c) => (0, 0, false, None, Some(c)),
    };
    (d.point, situation, raises)
}

fn class_of(a: Card, b: Card) -> (usize, usize, bool, Option<Decider>, Option<HandCategory>) {
    let (hi, lo) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
    (hi, lo, a.suit() == b.suit(), None, None)
}

/// What decided the file's decision on `cards` (hole, then board), as
/// `strategy --with` names it ([`FileStrategy::decide`]), in the engine's
/// terms.
fn decider_of(strategy: &FileStrategy, cards: &[Card]) -> Decider {
    use uth_edge::strategy::file::Decider as FileDecider;
    match strategy
        .decide(cards)
        .expect("a spot of 5 or 7 cards")
        .decider
    {
        FileDecider::Rule(i) => Decider::Rule(i),
        FileDecider::Default => Decider::Default,
        other => panic!("a flop or river spot decided by {other:?}"),
    }
}

/// The cost of `strategy` on the 16-card deck 9, J, Q, A by the
/// definition, enumerated directly: Q* of every river spot from every
/// dealer holding, settled by the settlement code; of every flop spot as
/// the sum over turn/rivers; of every holding; then per spot the strategy
/// reaches, Q*(optimal) less Q*(strategy's), grouped by point and by what
/// decided (the class preflop, the file's rule or default on the flop and
/// the river, as `strategy --with` names it): the groups as the engine
/// gives them, exact, against the engine's.
fn brute_force_equals_the_engine(strategy: &FileStrategy) -> StrategyCost {
    let deck = deck_of_ranks(&[7, 9, 10, 12]);
    let table = blind_a();
    let nets = nets(&table);
    let policy = AsPolicy(strategy);
    let mut holes = Vec::new();
    for_each_subset(deck, 2, |h| holes.push(h));
    let fold = nets.net[0][2][0];
    let groups: BTreeMap<Key, (i128, u64)> = holes
        .par_iter()
        .map(|&hole| {
            let (a, b) = {
                let c = hole.to_vec();
                (c[0], c[1])
            };
            let rest = deck.minus(hole);
            let mut groups: BTreeMap<Key, (i128, u64)> = BTreeMap::new();
            let mut add = |key: Key, loss: i128, sequences: u64| {
                if loss != 0 {
                    let g = groups.entry(key).or_default();
                    g.0 += loss;
                    g.1 += sequences;
                }
            };
            // (Play 1 sum, Play 2 sum, fold sum, dealer holdings, the
            // file's river decision and what decided it).
            let mut river = BTreeMap::new();
            for_each_subset(rest, 5, |board| {
                let player = evaluate(hole.union(board));
                let cat = player.category() as usize;
                let (mut one, mut two, mut n) = (0i128, 0i128, 0i128);
                for_each_subset(rest.minus(board), 2, |dealer| {
                    let o = outcome(player, evaluate(dealer.union(board)));
                    one += nets.net[1][o][cat] as i128;
                    two += nets.net[2][o][cat] as i128;
                    n += 1;
                });
                let cards: Vec<Card> = [a, b].into_iter().chain(board.to_vec()).collect();
                let raises = strategy.decide(&cards).unwrap().decision != Decision::Fold;
                let decider = decider_of(strategy, &cards);
                let r = (one, two, n * fold as i128, n, raises, decider);
                river.insert(board.0, r);
            });
            let pre = policy.preflop(a, b);
            let (mut v4, mut v3, mut vc, mut sequences) = (0i128, 0i128, 0i128, 0u64);
            for_each_subset(rest, 3, |flop| {
                let (mut raise, mut check, mut per_flop) = (0i128, 0i128, 0u64);
                let (mut one, mut two) = (0i128, 0i128);
                let flop_raises = policy.flop_raise(a, b, flop);
                let mut river_losses = Vec::new();
                for_each_subset(rest.minus(flop), 2, |tr| {
                    let r = river[&flop.union(tr).0];
                    one += r.0;
                    two += r.1;
                    raise += r.1;
                    check += r.0.max(r.2);
                    per_flop += r.3 as u64;
                    let (raises, decider) = (r.4, r.5);
                    let taken = if raises { r.0 } else { r.2 };
                    let key = (Point::River, (0, 0, false, Some(decider), None), raises);
                    river_losses.push((key, r.0.max(r.2) - taken, r.3 as u64));
                });
                // The value is linear in the Play: Play p = two + (p - 2)(two - one).
                v4 += two + 2 * (two - one);
                v3 += two + (two - one);
                vc += raise.max(check);
                sequences += per_flop;
                if pre == Decision::Check {
                    let taken = if flop_raises { raise } else { check };
                    let cards: Vec<Card> = [a, b].into_iter().chain(flop.to_vec()).collect();
                    let decider = decider_of(strategy, &cards);
                    let key = (Point::Flop, (0, 0, false, Some(decider), None), flop_raises);
                    add(key, raise.max(check) - taken, per_flop);
                    if !flop_raises {
                        for (key, loss, n) in river_losses {
                            add(key, loss, n);
                        }
                    }
                }
            });
            let taken = match pre {
                Decision::Raise(Action::Raise4x) => v4,
                Decision::Raise(Action::Raise3x) => v3,
                _ => vc,
            };
            let key = (Point::Preflop, class_of(a, b), pre != Decision::Check);
            add(key, v4.max(v3).max(vc) - taken, sequences);
            groups
        })
        .reduce(BTreeMap::new, |mut x, y| {
            for (k, v) in y {
                let g = x.entry(k).or_default();
                g.0 += v.0;
                g.1 += v.1;
            }
            x
        });
    let river = RiverTable::build(deck, &Silent);
    let cost = evaluate_policy_cost(&river, &table, &policy, &Silent).cost;
    let engine: BTreeMap<Key, (Fraction, u64)> = cost
        .deviations
        .iter()
        .map(|d| (key_of(d), (Fraction::new(d.loss, cost.scale), d.sequences)))
        .collect();
    let brute: BTreeMap<Key, (Fraction, u64)> = groups
        .into_iter()
        .map(|(k, (loss, n))| (k, (Fraction::new(loss, nets.scale), n)))
        .collect();
    assert_eq!(engine, brute, "{}", strategy.name());
    cost
}

/// The river groups of a cost, as (rule or default, the strategy raises).
fn river_groups(cost: &StrategyCost) -> Vec<(Situation, bool)> {
    cost.deviations
        .iter()
        .filter(|d| d.point == Point::River)
        .map(|d| (d.situation, matches!(d.strategy, Decision::Raise(_))))
        .collect()
}

#[test]
fn the_cost_equals_a_brute_force_of_the_decomposition_on_sixteen_cards() {
    // Fact: the definition, enumerated directly on the 16-card deck 9, J,
    // Q, A (so that the optimal play checks some hands), grouped by what
    // `strategy --with` names as the decider ([`brute_force_equals_the_engine`]).
    let cost = brute_force_equals_the_engine(&mistakes());
    // Every point has deviations on this deck.
    for point in Point::ALL {
        assert!(cost.by_point[point as usize] > 0, "{point:?}");
    }
}

#[test]
fn the_river_deviations_by_rule_equal_a_brute_force_on_sixteen_cards() {
    // Fact: as above, for files whose river rules deviate several to a
    // way (each rule's loss and frequency apart, exact, as the brute force
    // attributes them to the rule `strategy --with` names): by pair of
    // classes of cards ([`RIVER_RULES`]: four folding rules and two
    // raising ones deviate, so two gathers of three), and by holding (a
    // rule asking `hole_suited`).
    let plain = FileStrategy::from_toml(RIVER_RULES, "river-rules.toml").unwrap();
    for (strategy, by_classes) in [(plain, true), (river_rules_suited(), false)] {
        assert_eq!(AsPolicy(&strategy).river_by_classes(), by_classes);
        let cost = brute_force_equals_the_engine(&strategy);
        let groups = river_groups(&cost);
        let raising = groups.iter().filter(|g| g.1).count();
        let folding = groups.len() - raising;
        assert!(raising >= 2 && folding >= 4, "{groups:?}");
        assert!(groups.iter().all(|g| matches!(g.0, Situation::Rule(_))));
        // The shares of all the groups add up to the whole loss.
        let shares = cost
            .deviations
            .iter()
            .fold(Fraction::ZERO, |acc, d| acc + cost.share(d));
        assert_eq!(shares, Fraction::from_int(1), "{}", strategy.name());
    }
}

#[test]
fn the_full_deck_cost_of_the_wizard_adds_up_to_its_exact_edges() {
    // Full deck, Blind A (long only: two evaluations and a solve, minutes):
    // the one pass that prices the wizard against the optimal play gives
    // the strategy's edge a plain evaluation of it gives (another pass: one
    // table, no optimal decision beside it) and the optimal value of the
    // solve; the split adds up to their difference. The wizard's edge itself
    // (2.4536% = 85304831237/3476726253000, issue 33) is the program's own
    // figure, from the same engine when the strategy was Rust code, not an
    // independent one (the Wizard of Odds publishes 2.43%): it is guarded,
    // as such, by crates/engine/src/strategy/file/tests.rs, not typed here.
    if std::env::var_os("UTH_EDGE_LONG_TESTS").is_none() {
        return;
    }
    let wizard = FileStrategy::builtin("wizard").unwrap();
    let river = crate::common::full_river();
    let both = evaluate_policy_cost(river, &blind_a(), &AsPolicy(&wizard), &Silent);
    let optimal = crate::common::full_solution_a();
    assert_eq!(both.cost.optimal_value, optimal.total_value);
    let plain = evaluate_policy(river, &blind_a(), &AsPolicy(&wizard), &Silent);
    assert_eq!(both.cost.strategy_value, plain.total_value);
    assert_eq!(
        both.strategy.summary().house_edge,
        plain.summary().house_edge
    );
    let sum: i128 = both.cost.by_point.iter().sum();
    assert_eq!(sum, both.cost.optimal_value - both.cost.strategy_value);
    assert_eq!(
        both.cost.total(),
        both.strategy.summary().house_edge - optimal.summary().house_edge
    );
}
