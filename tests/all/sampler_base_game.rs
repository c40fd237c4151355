//! The Monte Carlo engine's base game against the solver's exact values,
//! which it does not compute itself: the optimal strategy on the full and a
//! reduced deck, the optimal tables answering as the solution does, the
//! Wizard's preflop raises, and imperfect strategies (every shipped strategy
//! file) against the solver's exact evaluation of a fixed policy.

use crate::common::{blind_a, full_solution_a};
use crate::sampler_common::{assert_within_4_se, result};
use std::sync::OnceLock;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::{Card, CardSet};
use uth_edge::exact::game::{solve, RiverTable, Solution};
use uth_edge::progress::Silent;
use uth_edge::sample::{simulate, ExactBaseGame, ExactValues, SimulationConfig};
use uth_edge::strategy::{AsPolicy, OptimalStrategy, Strategy};

/// A 20-card deck (tens to aces), solved in well under a second.
fn reduced_deck() -> &'static Solution<'static> {
    static RIVER: OnceLock<RiverTable> = OnceLock::new();
    static SOLUTION: OnceLock<Solution<'static>> = OnceLock::new();
    SOLUTION.get_or_init(|| {
        let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
        solve(
            RIVER.get_or_init(|| RiverTable::build(deck, &Silent)),
            &blind_a(),
            &Silent,
        )
    })
}

#[test]
fn optimal_strategy_full_deck_estimate_is_within_4_se_of_the_solver() {
    let solution = full_solution_a();
    let exact = ExactBaseGame::from_summary(&solution.summary());
    // The known figure: 2.185% of the Ante.
    assert!((exact.house_edge.to_f64() - 0.021_85).abs() < 5e-6);
    let strategy = OptimalStrategy::new(solution);
    let config = SimulationConfig::new(10_000_000, blind_a());
    let sample = simulate(&config, &strategy, &Silent).unwrap();
    let report = sample.report(&ExactValues {
        base_game: Some(exact.clone()),
        ..ExactValues::default()
    });
    let base = result(&report, "base_game");
    assert_within_4_se(base, exact.house_edge);
    let eor = &base.element_of_risk;
    let z = (exact.element_of_risk.to_f64() - eor.mean) / eor.std_error;
    assert!(
        z.abs() < 4.0,
        "element of risk {eor:?} vs {}",
        exact.element_of_risk
    );
    // Each final action's frequency agrees with the solver's exact one.
    for a in &report.actions {
        let p = a.exact.clone().unwrap().to_f64();
        let f = &a.frequency;
        if p == 0.0 {
            assert_eq!(a.count, 0, "{}", a.name);
        } else {
            assert!(
                ((p - f.mean) / f.std_error).abs() < 4.0,
                "{}: {f:?} vs {p}",
                a.name
            );
        }
    }
}

/// The three decisions of the optimal strategy's tables and of the solution.
fn assert_same_decisions(strategy: &OptimalStrategy, solution: &Solution, cards: &[Card]) {
    use uth_edge::strategy::{FlopChoice, PreflopChoice, RiverChoice};
    let (a, b) = (cards[0], cards[1]);
    let preflop = match strategy.preflop([a, b]) {
        PreflopChoice::Raise4x => Some(uth_edge::exact::game::Action::Raise4x),
        PreflopChoice::Raise3x => Some(uth_edge::exact::game::Action::Raise3x),
        PreflopChoice::Check => None,
    };
    assert_eq!(preflop, solution.preflop_raise(a, b), "{a} {b}");
    let flop = [cards[2], cards[3], cards[4]];
    assert_eq!(
        strategy.flop([a, b], flop) == FlopChoice::Raise2x,
        solution.flop_raise(a, b, CardSet::from_cards(&flop)),
        "{a} {b} on {flop:?}"
    );
    if cards.len() == 7 {
        let board = [cards[2], cards[3], cards[4], cards[5], cards[6]];
        assert_eq!(
            strategy.river([a, b], board) == RiverChoice::Raise1x,
            solution.river_raise(a, b, CardSet::from_cards(&board)),
            "{a} {b} on {board:?}"
        );
    }
}

#[test]
fn optimal_tables_answer_as_the_solution_does_on_every_reduced_deal() {
    let solution = reduced_deck();
    let strategy = OptimalStrategy::new(solution);
    let deck = solution.river.deck();
    let mut checked = 0u64;
    uth_edge::cards::canonical::for_each_subset(deck, 5, |board| {
        let board_cards = board.to_vec();
        uth_edge::cards::canonical::for_each_subset(deck.minus(board), 2, |hole| {
            let mut cards = hole.to_vec();
            cards.extend(&board_cards);
            assert_same_decisions(&strategy, solution, &cards);
            checked += 1;
        });
    });
    // C(20,5) boards, C(15,2) holdings each.
    assert_eq!(checked, 15_504 * 105);
}

#[test]
fn optimal_tables_answer_as_the_solution_does_on_random_deals() {
    let solution = full_solution_a();
    let strategy = OptimalStrategy::new(solution);
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..200_000 {
        let mut cards: Vec<Card> = Vec::new();
        while cards.len() < 7 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let c = Card::from_index((x % 52) as usize);
            if !cards.contains(&c) {
                cards.push(c);
            }
        }
        assert_same_decisions(&strategy, solution, &cards);
    }
}

#[test]
fn wizard_preflop_raises_are_the_optimal_ones_for_blind_a() {
    // The published chart is the solver's preflop strategy: 500 holdings.
    let solution = full_solution_a();
    let mut raised = 0;
    for hi in 1..52 {
        for lo in 0..hi {
            let (a, b) = (Card::from_index(lo), Card::from_index(hi));
            let wizard = crate::common::shipped_strategy("wizard").preflop([a, b])
                == uth_edge::strategy::PreflopChoice::Raise4x;
            assert_eq!(wizard, solution.preflop_raise(a, b).is_some(), "{a} {b}");
            raised += usize::from(wizard);
        }
    }
    assert_eq!(raised, 500);
}

#[test]
fn optimal_strategy_reduced_deck_estimate_is_within_4_se_of_the_solver() {
    let solution = reduced_deck();
    let exact = ExactBaseGame::from_summary(&solution.summary());
    let mut config = SimulationConfig::new(2_000_000, blind_a());
    config.deck = solution.river.deck();
    config.seed = 20;
    let report = simulate(&config, &OptimalStrategy::new(solution), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    assert_within_4_se(result(&report, "base_game"), exact.house_edge);
}

/// The 28-card deck (eights to aces), its river table built once.
fn deck_28() -> &'static RiverTable {
    static RIVER: OnceLock<RiverTable> = OnceLock::new();
    RIVER.get_or_init(|| RiverTable::build(deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]), &Silent))
}

#[test]
fn rule_strategies_estimates_are_within_4_se_of_their_exact_evaluation() {
    // Two engines that share only the settlement rules: the solver's
    // enumeration of every sequence under a fixed policy, and sampling.
    // Every shipped strategy file: wizard and timid with 2,000,000 hands,
    // the others (the common mistakes, the Wizard's other readings) with
    // 300,000.
    let river = deck_28();
    let strategies = uth_edge::strategy::file::BUILTIN
        .iter()
        .map(|(id, _)| crate::common::shipped_strategy(id) as &dyn Strategy);
    for (i, strategy) in strategies.enumerate() {
        let exact =
            uth_edge::exact::game::evaluate_policy(river, &blind_a(), &AsPolicy(strategy), &Silent);
        let exact = ExactBaseGame::from_summary(&exact.summary());
        let hands = if i < 2 { 2_000_000 } else { 300_000 };
        let mut config = SimulationConfig::new(hands, blind_a());
        config.deck = river.deck();
        config.seed = 30 + i as u64;
        let report = simulate(&config, strategy, &Silent)
            .unwrap()
            .report(&ExactValues {
                base_game: Some(exact.clone()),
                ..ExactValues::default()
            });
        assert_within_4_se(result(&report, "base_game"), exact.house_edge);
        for a in &report.actions {
            let p = a.exact.clone().unwrap().to_f64();
            if p == 1.0 {
                // Every hand (always-river raises 1x on every river).
                assert_eq!(a.frequency.mean, 1.0, "{}: {}", strategy.name(), a.name);
            } else if p > 0.0 {
                let z = (p - a.frequency.mean) / a.frequency.std_error;
                assert!(
                    z.abs() < 4.0,
                    "{}: {}: {:?} vs {p}",
                    strategy.name(),
                    a.name,
                    a.frequency
                );
            } else {
                assert_eq!(a.count, 0);
            }
        }
    }
}

#[test]
fn the_optimal_tables_replayed_as_a_policy_have_the_optimal_value() {
    let river = deck_28();
    let solution = solve(river, &blind_a(), &Silent);
    let strategy = OptimalStrategy::new(&solution);
    let replayed =
        uth_edge::exact::game::evaluate_policy(river, &blind_a(), &AsPolicy(&strategy), &Silent);
    assert_eq!(replayed.total_value, solution.total_value);
    assert_eq!(replayed.tally, solution.tally);
}
