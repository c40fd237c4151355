//! What a fixed strategy costs against optimal play, exactly, split by
//! decision point and by the situations where it deviates.
//!
//! The performance-difference identity: the optimal value less the
//! strategy's is the sum, over the decision points the strategy reaches
//! (weighted by how many sequences reach them), of `Q*(point, optimal
//! action) − Q*(point, strategy's action)`, where `Q*` is the value with
//! optimal play afterwards. Each term is at least zero, and the sum
//! telescopes to the difference of the two values: at a point where the
//! strategy acts as the optimal play does, nothing is lost there and the
//! play goes on to the next point, both ways.
//!
//! The solve computes every `Q*` in the same flop pass that evaluates the
//! strategy ([`evaluate_policy_cost`](super::evaluate_policy_cost)): the
//! pass sums the same pay table twice, the strategy's decisions and the
//! optimal ones (the river codes carry both, one bit each), and this module
//! reads the two solutions and the river losses the pass summed:
//! - preflop: per starting-hand class, the optimal solution's value of its
//!   best action less that of the strategy's (the check's value is with the
//!   optimal flop and river decisions);
//! - flop: per holding and canonical flop of a class the strategy checks,
//!   the better of raising 2x and checking (with the optimal river
//!   decision) less the value of the strategy's flop action;
//! - river: per holding, flop and turn/river that the strategy reaches by
//!   checking twice, the better of raising 1x and folding less the
//!   strategy's (summed by the pass per class and player's hand).
//!
//! The deviations are grouped as a reader names them: preflop by the
//! starting-hand class, flop and river by the strategy's rule that decided
//! (or the player's made hand, when the strategy cannot say; the river's
//! rules told apart by [`river_rules`](super::river_rules)); each with the
//! two actions.

use super::payoffs::SLOTS;
use super::policy::{Decider, Policy};
use super::river_rules::RiverGroup;
use super::sums::RiverLosses;
use super::{Action, Decision, HoleClass, Solution};
use crate::cards::canonical::{all_pairs, pair_cards, PAIRS};
use crate::cards::{choose, Card, CardSet};
use crate::evaluator::{evaluate, HandCategory};
use crate::fraction::Fraction;
use std::collections::BTreeMap;

/// The player's three decision points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Point {
    /// Raise 4x, 3x or check, seeing the hole cards.
    Preflop,
    /// Raise 2x or check, seeing the flop.
    Flop,
    /// Raise 1x or fold, seeing the board.
    River,
}

impl Point {
    /// The three points, in the order of the game.
    pub const ALL: [Point; 3] = [Point::Preflop, Point::Flop, Point::River];

    /// The name used in output: `preflop`, `flop`, `river`.
    pub fn name(self) -> &'static str {
        match self {
            Point::Preflop => "preflop",
            Point::Flop => "flop",
            Point::River => "river",
        }
    }
}

/// The situation of a group of deviations, as a reader names it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Situation {
    /// Preflop: a starting-hand class, by its canonical holding.
    Hand(Card, Card),
    /// Flop or river: what decided the strategy's action (its rule or
    /// default).
    Rule(Decider),
    /// The player's made hand, when the strategy cannot say which rule
    /// decided: on the flop of the hole cards and the flop, on the river
    /// the best five of the seven cards.
    Made(HandCategory),
}

/// A group of deviations from the optimal play at one decision point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deviation {
    /// Where the strategy decides.
    pub point: Point,
    /// The situations grouped.
    pub situation: Situation,
    /// The strategy's action there.
    pub strategy: Decision,
    /// The optimal action there.
    pub optimal: Decision,
    /// Sequences (of [`StrategyCost::sequences`]) that reach it.
    pub sequences: u64,
    /// What the strategy loses there, in units of `1/scale` Ante summed over
    /// those sequences (more than zero).
    pub loss: i128,
}

/// What a fixed strategy costs against optimal play ([`mod@self`]).
#[derive(Clone, Debug)]
pub struct StrategyCost {
    /// The unit of the values: `1/scale` Ante.
    pub scale: i128,
    /// Every equally likely sequence of the deck.
    pub sequences: u64,
    /// The optimal value, summed over the sequences.
    pub optimal_value: i128,
    /// The strategy's value, summed over the sequences.
    pub strategy_value: i128,
    /// The loss at each point, [`Point::ALL`]'s order, summed over the
    /// sequences: they add up to `optimal_value - strategy_value`.
    pub by_point: [i128; 3],
    /// Every group of deviations that loses, the costliest first.
    pub deviations: Vec<Deviation>,
}

impl StrategyCost {
    /// `units` (summed over the sequences) per Ante of one hand.
    fn per_hand(&self, units: i128) -> Fraction {
        Fraction::new(units, self.scale * self.sequences as i128)
    }

    /// The whole loss per Ante: the strategy's house edge less the optimal
    /// one.
    pub fn total(&self) -> Fraction {
        self.per_hand(self.optimal_value - self.strategy_value)
    }

    /// The loss at `point`, per Ante.
    pub fn at(&self, point: Point) -> Fraction {
        self.per_hand(self.by_point[point as usize])
    }

    /// What a group of deviations adds to the house edge, per Ante.
    pub fn loss_of(&self, d: &Deviation) -> Fraction {
        self.per_hand(d.loss)
    }

    /// How often a hand reaches the group's situations.
    pub fn frequency(&self, d: &Deviation) -> Fraction {
        Fraction::new(d.sequences as i128, self.sequences as i128)
    }

    /// The loss each time the situation occurs, in Antes.
    pub fn per_occurrence(&self, d: &Deviation) -> Fraction {
        Fraction::new(d.loss, self.scale * d.sequences as i128)
    }

    /// The group's share of the whole loss.
    pub fn share(&self, d: &Deviation) -> Fraction {
        Fraction::new(d.loss, self.optimal_value - self.strategy_value)
    }
}

/// The value of a class's preflop decision.
fn preflop_value(class: &HoleClass, decision: Decision) -> i128 {
    match decision {
        Decision::Raise(Action::Raise4x) => class.raise_4x,
        Decision::Raise(Action::Raise3x) => class.raise_3x,
        _ => class.check,
    }
}

/// The flop's two actions: the strategy's and the other (`raises`: the
/// strategy raises 2x).
fn flop_actions(raises: bool) -> (Decision, Decision) {
    let raise = Decision::Raise(Action::Raise2x);
    if raises {
        (raise, Decision::Check)
    } else {
        (Decision::Check, raise)
    }
}

/// The cost of `policy` from its solution (`strategy`, with its flop
/// sums) and the optimal one (`optimal`) of the same pass, the river
/// losses the pass summed and, when the strategy says what decided its
/// river decisions, its river deviations grouped by it
/// ([`river_rules`](super::river_rules)).
///
/// # Panics
/// If a loss is negative or the parts do not add up to the difference of
/// the two values (a defect of the solver).
pub(super) fn price(
    strategy: &Solution,
    optimal: &Solution,
    policy: &dyn Policy,
    losses: &RiverLosses,
    rules: Option<Vec<RiverGroup>>,
) -> StrategyCost {
    let river = strategy.river;
    let n = river.deck.len() as u64;
    let per_holding = strategy.sequences / choose(n, 2);
    // Sequences per holding and flop: its turn/rivers and dealer holdings.
    let per_flop = choose(n - 5, 2) * river.dealer_hands as u64;
    let mut by_point = [0i128; 3];
    let mut deviations = Vec::new();
    for (mine, best) in strategy.classes.iter().zip(&optimal.classes) {
        let loss = preflop_value(best, best.action) - preflop_value(best, mine.action);
        assert!(loss >= 0, "a preflop loss is never negative");
        by_point[0] += loss;
        if loss > 0 {
            deviations.push(Deviation {
                point: Point::Preflop,
                situation: Situation::Hand(best.cards.0, best.cards.1),
                strategy: mine.action,
                optimal: best.action,
                sequences: best.combinations * per_holding,
                loss,
            });
        }
    }
    let checks: Vec<bool> = strategy
        .classes
        .iter()
        .map(|c| c.action == Decision::Check)
        .collect();
    let mut groups: BTreeMap<(Point, Situation, bool), (i128, u64)> = BTreeMap::new();
    for (f, &(flop, weight)) in river.flops.iter().enumerate() {
        for (h, m) in all_pairs() {
            let Some(c) = river.class_of_pair[h] else {
                continue;
            };
            if m & flop.0 != 0 || !checks[c] {
                continue;
            }
            let mine = strategy.flop_sums[f * PAIRS + h];
            let best = optimal.flop_sums[f * PAIRS + h];
            let taken = if mine.raise_flop {
                best.raise(2)
            } else {
                best.river
            };
            let loss = i128::from(best.best().0 - taken);
            assert!(loss >= 0, "a flop loss is never negative");
            if loss == 0 {
                continue;
            }
            let loss = loss * weight as i128;
            by_point[1] += loss;
            let (a, b) = pair_cards(h);
            let situation = match policy.flop_decider(a, b, flop) {
                Some(decider) => Situation::Rule(decider),
                None => {
                    let seen = flop.union(CardSet::from_cards(&[a, b]));
                    Situation::Made(evaluate(seen).category())
                }
            };
            let group = groups
                .entry((Point::Flop, situation, mine.raise_flop))
                .or_default();
            group.0 += loss;
            group.1 += weight * per_flop;
        }
    }
    // The river by made hand, unless the strategy says what decided.
    let mut made = BTreeMap::new();
    for (per_slot, _) in losses.iter().zip(&checks).filter(|(_, &c)| c) {
        for (slot, ways) in per_slot.iter().enumerate().take(SLOTS).skip(1) {
            for (way, &(loss, sequences)) in ways.iter().enumerate() {
                assert!(loss >= 0, "a river loss is never negative");
                if loss == 0 {
                    continue;
                }
                by_point[2] += loss;
                let situation = Situation::Made(HandCategory::ALL[slot - 1]);
                let group: &mut (i128, u64) = made.entry((situation, way == 0)).or_default();
                group.0 += loss;
                group.1 += sequences;
            }
        }
    }
    let river_groups = match rules {
        Some(rules) => rules
            .into_iter()
            .map(|g| {
                (
                    (Situation::Rule(g.decider), g.raises),
                    (g.loss, g.sequences),
                )
            })
            .collect(),
        None => made,
    };
    for ((situation, raises), (loss, sequences)) in river_groups {
        let group = groups.entry((Point::River, situation, raises)).or_default();
        group.0 += loss;
        group.1 += sequences;
    }
    for ((point, situation, raises), (loss, sequences)) in groups {
        let (strategy, optimal) = match point {
            Point::Flop => flop_actions(raises),
            _ if raises => (Decision::Raise(Action::Raise1x), Decision::Fold),
            _ => (Decision::Fold, Decision::Raise(Action::Raise1x)),
        };
        deviations.push(Deviation {
            point,
            situation,
            strategy,
            optimal,
            sequences,
            loss,
        });
    }
    // The costliest first; equal losses in the order of the game.
    deviations.sort_by(|x, y| (y.loss, x.point, x.situation).cmp(&(x.loss, y.point, y.situation)));
    let cost = StrategyCost {
        scale: i128::from(strategy.payoffs.scale),
        sequences: strategy.sequences,
        optimal_value: optimal.total_value,
        strategy_value: strategy.total_value,
        by_point,
        deviations,
    };
    assert_eq!(
        by_point.iter().sum::<i128>(),
        cost.optimal_value - cost.strategy_value,
        "the losses at the three points add up to the difference of the values"
    );
    cost
}
