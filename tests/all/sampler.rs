//! The Monte Carlo engine against exact values it does not compute itself:
//! the solver's exact base-game value (optimal strategy, full and reduced
//! deck), the textbook seven-card category counts (Trips) and an independent
//! enumeration of six-card hands (Six Card Bonus); and its promises:
//! identical results for any number of threads, different samples for
//! different seeds, typed errors for bad arguments.

use crate::common::uth_edge;
use crate::common::{blind_a, full_solution_a};
use std::sync::OnceLock;
use uth_edge::cards::canonical::{deck_of_ranks, SuitPermutation};
use uth_edge::cards::{choose, Card, CardSet};
use uth_edge::evaluator::{evaluate, HandCategory, HandCategory::*};
use uth_edge::exact::game::{solve, RiverTable, Solution};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{Award, PayLine, PayTable, PayingHand};
use uth_edge::sample::{
    simulate, ExactBaseGame, ExactValues, SessionConfig, SimulationConfig, SimulationError,
    SimulationReport, SixCardBet, WagerEstimate,
};
use uth_edge::strategy::{play_round, AsPolicy, OptimalStrategy, Strategy, StrategyChoice};

/// COMAR 36.05.16.12C(1), Trips Paytable A (UTH-01).
fn trips_a() -> PayTable {
    PayTable::resolve("uth-01").expect("built-in table")
}

/// COMAR 36.05.16.12E(2), Six Card Bonus Paytable B ($100,000 Super Royal).
fn six_card_b() -> PayTable {
    PayTable::resolve("six-card-b").expect("built-in table")
}

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

fn result<'r>(report: &'r SimulationReport, wager: &str) -> &'r WagerEstimate {
    report
        .results
        .iter()
        .find(|r| r.wager == wager)
        .unwrap_or_else(|| panic!("no {wager} row"))
}

/// Asserts that `exact` lies within 4 standard errors of the estimate.
fn assert_within_4_se(row: &WagerEstimate, exact: Fraction) {
    let e = &row.house_edge;
    let z = (exact.to_f64() - e.mean) / e.std_error;
    assert!(
        z.abs() < 4.0,
        "{} house edge estimate {} ± {} is {z:.2} standard errors from the exact {}",
        row.wager,
        e.mean,
        e.std_error,
        exact.to_f64()
    );
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

/// Textbook counts of the best five of seven cards (C(52,7) = 133,784,560).
const SEVEN_CARD_COUNTS: [(HandCategory, u64); 10] = [
    (HighCard, 23_294_460),
    (Pair, 58_627_800),
    (TwoPair, 31_433_400),
    (ThreeOfAKind, 6_461_620),
    (Straight, 6_180_020),
    (Flush, 4_047_644),
    (FullHouse, 3_473_184),
    (FourOfAKind, 224_848),
    (StraightFlush, 37_260),
    (RoyalFlush, 4_324),
];

/// Expected net of a wager from hand counts and a pay table (odds awards).
fn expected_from_counts(
    table: &PayTable,
    counts: &[(PayingHand, u64)],
    wager: Fraction,
) -> Fraction {
    let total: u64 = counts.iter().map(|c| c.1).sum();
    counts.iter().fold(Fraction::ZERO, |sum, &(hand, n)| {
        let net = match table.lines.iter().find(|l| l.hand == hand) {
            Some(PayLine {
                award: Award::Odds { win, per },
                ..
            }) => wager.clone() * Fraction::new(*win as i128, *per as i128),
            Some(PayLine {
                award: Award::Fixed { dollars },
                ..
            }) => Fraction::from_int(*dollars as i128),
            Some(PayLine {
                award: Award::Meter { .. },
                ..
            }) => unreachable!("meter awards are for progressive tables only"),
            None => -wager.clone(),
        };
        sum + net * Fraction::new(n as i128, total as i128)
    })
}

#[test]
fn trips_estimate_is_within_4_se_of_the_textbook_counts() {
    assert_eq!(
        SEVEN_CARD_COUNTS.iter().map(|c| c.1).sum::<u64>(),
        choose(52, 7)
    );
    let counts: Vec<(PayingHand, u64)> = SEVEN_CARD_COUNTS
        .iter()
        .map(|&(c, n)| (PayingHand::Category(c), n))
        .collect();
    let house_edge = -expected_from_counts(&trips_a(), &counts, Fraction::ONE);
    // Published for UTH-01: 0.90%.
    assert!((house_edge.to_f64() - 0.0090).abs() < 0.00005);
    let mut config = SimulationConfig::new(10_000_000, blind_a());
    config.trips = Some(trips_a());
    config.seed = 4;
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    assert_within_4_se(result(&report, "trips"), house_edge);
}

#[test]
fn six_card_estimate_is_within_4_se_of_an_enumeration() {
    // Every six-card hand, by the category of its best five; Super Royals apart.
    let mut by_category = [0u64; 10];
    let mut super_royals = 0u64;
    let cards: Vec<Card> = CardSet::FULL_DECK.to_vec();
    let mut idx = [0usize; 6];
    fn next(idx: &mut [usize; 6], n: usize, k: usize) -> bool {
        let mut i = k;
        while i > 0 {
            i -= 1;
            if idx[i] < n - k + i {
                idx[i] += 1;
                for j in i + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
                return true;
            }
        }
        false
    }
    for (i, slot) in idx.iter_mut().enumerate() {
        *slot = i;
    }
    loop {
        let set = CardSet::from_cards(&idx.map(|i| cards[i]));
        let category = evaluate(set).category();
        let suit = cards[idx[0]].suit();
        let is_super = (7..13).all(|r| set.contains(Card::new(r, suit)));
        if is_super {
            super_royals += 1;
        } else {
            by_category[category.index()] += 1;
        }
        if !next(&mut idx, 52, 6) {
            break;
        }
    }
    assert_eq!(super_royals, 4);
    assert_eq!(by_category.iter().sum::<u64>() + 4, choose(52, 6));
    let mut counts: Vec<(PayingHand, u64)> = HandCategory::ALL
        .iter()
        .map(|&c| (PayingHand::Category(c), by_category[c.index()]))
        .collect();
    counts.push((PayingHand::SuperRoyal, super_royals));
    let wager = Fraction::from_int(5);
    let house_edge = -expected_from_counts(&six_card_b(), &counts, wager.clone()) / wager.clone();
    let mut config = SimulationConfig::new(5_000_000, blind_a());
    config.six_card = Some(SixCardBet {
        table: six_card_b(),
        wager,
    });
    config.seed = 6;
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues {
            six_card: Some(house_edge.clone()),
            ..ExactValues::default()
        });
    let row = result(&report, "six_card_bonus");
    assert_within_4_se(row, house_edge.clone());
    assert_eq!(row.exact_house_edge, Some(house_edge));
}

fn busy_config() -> SimulationConfig {
    // Five chunks, the last partial; sessions that straddle chunks.
    let mut config = SimulationConfig::new(300_001, blind_a());
    config.trips = Some(trips_a());
    config.six_card = Some(SixCardBet {
        table: six_card_b(),
        wager: Fraction::new(5, 2),
    });
    let mut session = SessionConfig::new(1_000);
    session.bankroll = Some(Fraction::from_int(40));
    config.session = Some(session);
    config.seed = 77;
    config
}

fn json(report: &SimulationReport) -> String {
    let mut out = Vec::new();
    let document = uth_edge::report::simulation::document(report, None).unwrap();
    uth_edge::report::render(uth_edge::report::Format::Json, &document, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn same_seed_same_results_at_one_and_two_threads() {
    let config = busy_config();
    let run_in = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| {
                simulate(&config, crate::common::shipped_strategy("wizard"), &Silent).unwrap()
            })
            .report(&ExactValues::default())
    };
    let one = run_in(1);
    let two = run_in(2);
    assert_eq!(one, two);
    assert_eq!(json(&one), json(&two));
    // The same through the configuration's own thread count.
    let mut config3 = config.clone();
    config3.threads = Some(3);
    let three = simulate(&config3, crate::common::shipped_strategy("wizard"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    assert_eq!(one, three);
    let sessions = one.sessions.as_ref().unwrap();
    assert_eq!(sessions.sessions, 300);
    assert_eq!(sessions.hands_left_out, 1);
}

#[test]
fn different_seeds_give_different_samples() {
    let mut config = SimulationConfig::new(100_000, blind_a());
    config.trips = Some(trips_a());
    let a = simulate(&config, crate::common::shipped_strategy("wizard"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    config.seed = 2;
    let b = simulate(&config, crate::common::shipped_strategy("wizard"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    for wager in ["base_game", "trips"] {
        assert_ne!(result(&a, wager).net_total, result(&b, wager).net_total);
    }
    assert_ne!(a.actions, b.actions);
}

#[test]
fn sessions_add_up_to_the_hands() {
    // One session of every hand: its result is the run's total net.
    let mut config = SimulationConfig::new(150_000, blind_a());
    config.trips = Some(trips_a());
    config.session = Some(SessionConfig::new(150_000));
    let report = simulate(&config, crate::common::shipped_strategy("wizard"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    let total = &result(&report, "base_game").net_total + &result(&report, "trips").net_total;
    let s = report.sessions.unwrap();
    assert_eq!(s.sessions, 1);
    assert!((s.mean.mean - total.to_f64()).abs() < 1e-9);
    assert!((s.percentiles[4].net - total.to_f64()).abs() <= s.resolution + 1e-9);
    // One-hand sessions: the mean session is the mean hand.
    config.session = Some(SessionConfig::new(1));
    let report = simulate(&config, crate::common::shipped_strategy("wizard"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    let s = report.sessions.as_ref().unwrap();
    let per_hand = total.to_f64() / 150_000.0;
    assert_eq!(s.sessions, 150_000);
    assert!((s.mean.mean - per_hand).abs() < 1e-12);
    assert_eq!(s.resolution, 0.0);
}

#[test]
fn a_smaller_bankroll_is_lost_more_often() {
    let config = SimulationConfig::new(200_000, blind_a());
    let chance = |bankroll: i128| {
        let mut session = SessionConfig::new(200);
        session.bankroll = Some(Fraction::from_int(bankroll));
        let mut c = config.clone();
        c.session = Some(session);
        let report = simulate(&c, crate::common::shipped_strategy("wizard"), &Silent)
            .unwrap()
            .report(&ExactValues::default());
        report.sessions.unwrap().bankroll.unwrap().probability.mean
    };
    let (small, large) = (chance(2), chance(60));
    assert!(
        small > 0.9,
        "a 2-Ante bankroll survives 200 hands too often: {small}"
    );
    assert!(large < small, "{large} >= {small}");
}

#[test]
fn bad_arguments_are_typed_errors() {
    let good = SimulationConfig::new(1_000, blind_a());
    let run = |c: &SimulationConfig| {
        simulate(c, crate::common::shipped_strategy("timid"), &Silent).map(|_| ())
    };
    let mut c = good.clone();
    c.hands = 0;
    assert_eq!(run(&c), Err(SimulationError::ZeroHands));
    let mut c = good.clone();
    c.threads = Some(0);
    assert_eq!(run(&c), Err(SimulationError::ZeroThreads));
    let mut c = good.clone();
    let mut s = SessionConfig::new(100);
    s.bankroll = Some(Fraction::from_int(-5));
    c.session = Some(s);
    assert_eq!(
        run(&c),
        Err(SimulationError::NonPositiveBankroll(Fraction::from_int(-5)))
    );
    let mut c = good.clone();
    c.session = Some(SessionConfig::new(0));
    assert_eq!(run(&c), Err(SimulationError::ZeroSessionHands));
    let mut c = good.clone();
    c.session = Some(SessionConfig::new(1_001));
    assert!(matches!(
        run(&c),
        Err(SimulationError::SessionLongerThanRun { .. })
    ));
    let mut c = good.clone();
    c.six_card = Some(SixCardBet {
        table: six_card_b(),
        wager: Fraction::ZERO,
    });
    assert_eq!(
        run(&c),
        Err(SimulationError::NonPositiveWager(Fraction::ZERO))
    );
    let mut c = good.clone();
    c.trips = Some(blind_a());
    assert!(matches!(run(&c), Err(SimulationError::WrongTable { .. })));
    let err = StrategyChoice::resolve("optimall").unwrap_err();
    assert!(err.to_string().contains("optimall"), "{err}");
    assert_eq!(StrategyChoice::resolve("Wizard").unwrap().name(), "wizard");
}

#[test]
fn rule_strategies_are_suit_symmetric() {
    let perms = SuitPermutation::all();
    let deck = CardSet::FULL_DECK.to_vec();
    let strategies: [&dyn Strategy; 2] = [
        crate::common::shipped_strategy("wizard"),
        crate::common::shipped_strategy("timid"),
    ];
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for round in 0..20_000 {
        let mut cards: Vec<Card> = Vec::new();
        while cards.len() < 7 {
            let c = deck[(next() % 52) as usize];
            if !cards.contains(&c) {
                cards.push(c);
            }
        }
        let perm = &perms[round % perms.len()];
        let renamed: Vec<Card> = cards.iter().map(|&c| perm.card(c)).collect();
        for s in strategies {
            assert!(s.is_suit_symmetric());
            let play = |c: &[Card]| play_round(s, [c[0], c[1]], [c[2], c[3], c[4], c[5], c[6]]);
            assert_eq!(play(&cards), play(&renamed), "{} on {cards:?}", s.name());
        }
    }
}

// ---------------------------------------------------------------------------
// The `simulate` command of the real binary.

#[test]
fn simulate_json_has_the_documented_shape() {
    let out = uth_edge(&[
        "simulate",
        "--hands",
        "200_000",
        "--strategy",
        "wizard",
        "--trips",
        "uth-01",
        "--six-card",
        "six-card-b",
        "--wager",
        "2.50",
        "--session-hands",
        "500",
        "--bankroll",
        "40",
        "--no-exact",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["simulation"]["hands"], 200_000);
    assert_eq!(doc["simulation"]["seed"], 1);
    assert_eq!(doc["simulation"]["strategy"], "wizard");
    let results = doc["results"].as_array().unwrap();
    let wagers: Vec<&str> = results
        .iter()
        .map(|r| r["wager"].as_str().unwrap())
        .collect();
    assert_eq!(wagers, ["base_game", "trips", "six_card_bonus"]);
    for r in results {
        for key in [
            "house_edge",
            "std_error",
            "ci95_low",
            "ci95_high",
            "hands",
            "seed",
        ] {
            assert!(r.get(key).is_some(), "{key} missing in {r}");
        }
        let (lo, he, hi) = (
            r["ci95_low"].as_f64().unwrap(),
            r["house_edge"].as_f64().unwrap(),
            r["ci95_high"].as_f64().unwrap(),
        );
        assert!(lo < he && he < hi);
    }
    // --no-exact: no exact evaluation of the wizard; the side bets' always.
    assert!(results[0]["house_edge_exact"].is_null());
    assert_eq!(results[1]["exact_inside_ci95"], true);
    assert!(results[2]["house_edge_exact"].is_string());
    assert_eq!(results[2]["wager_amount"], "5/2");
    assert_eq!(doc["sessions"]["sessions"], 400);
    assert_eq!(doc["sessions"]["bankroll"]["antes"], 40.0);
}

#[test]
fn simulate_output_does_not_depend_on_threads() {
    let run = |threads: &str| {
        let out = uth_edge(&[
            "simulate",
            "--hands",
            "150000",
            "--strategy",
            "timid",
            "--seed",
            "9",
            "--session-hands",
            "1000",
            "--threads",
            threads,
            "--trips",
            "uth-02",
            "--no-exact",
            "--format",
            "csv",
        ]);
        assert!(out.status.success());
        out.stdout
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn simulate_bad_arguments_exit_2_with_one_line() {
    for (args, needle) in [
        (&["--hands", "0"][..], "at least 1"),
        (
            &["--hands", "10", "--strategy", "perfect"],
            "--strategy: strategy file perfect: file: No such file or directory (os error 2) (nor a strategy by name: optimal, wizard",
        ),
        (
            &["--hands", "10", "--session-hands", "5", "--bankroll", "-3"],
            "--bankroll must be more than 0",
        ),
        (&["--hands", "10", "--threads", "0"], "--threads"),
        (
            &["--hands", "10", "--session-hands", "11"],
            "more than the 10 hands",
        ),
        (&["--hands", "ten"], "not a whole number"),
        (&["--hands", "10", "--trips", "blind-a"], "blind-a"),
    ] {
        let mut full = vec!["simulate"];
        full.extend_from_slice(args);
        let out = uth_edge(&full);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{full:?}: {err}");
        assert!(out.stdout.is_empty(), "{full:?}");
        assert_eq!(err.lines().count(), 1, "{full:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{full:?}: {err}"
        );
    }
}

// ---------------------------------------------------------------------------
// Imperfect strategies against the solver's exact evaluation of a policy.

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

// ---------------------------------------------------------------------------
// Issue 9: odd pay tables and extreme amounts are counted exactly or refused
// up front with one line, never a panic.

/// A Trips table: UTH-01's paying hands with the given odds, royal flush
/// down to three of a kind.
fn trips_with_odds(id: &str, odds: [(u64, u64); 7]) -> PayTable {
    let mut table = trips_a();
    table.id = id.to_string();
    let hands = [
        RoyalFlush,
        StraightFlush,
        FourOfAKind,
        FullHouse,
        Flush,
        Straight,
        ThreeOfAKind,
    ];
    table.lines = hands
        .iter()
        .zip(odds)
        .map(|(&c, (win, per))| PayLine {
            hand: PayingHand::Category(c),
            award: Award::Odds { win, per },
        })
        .collect();
    table
}

/// The pays of the issue: "5000 to 97", "4000 to 89", ... "300 to 67".
fn trips_prime_odds() -> PayTable {
    trips_with_odds(
        "prime-odds",
        [
            (5000, 97),
            (4000, 89),
            (3000, 83),
            (800, 79),
            (700, 73),
            (400, 71),
            (300, 67),
        ],
    )
}

/// Pays over three 6-digit primes: the common denominator is about 10^18
/// and a royal flush about 5·10^25 units, beyond the 64 bits the sampler
/// once required ("settlement amount fits in 64 bits").
fn trips_wide_odds() -> PayTable {
    trips_with_odds(
        "wide-odds",
        [
            (50_000_000, 999_983),
            (40_000_000, 999_979),
            (30_000_000, 999_961),
            (9, 1),
            (7, 1),
            (4, 1),
            (3, 1),
        ],
    )
}

/// Checks the Trips row of a report against a computation from its own
/// line counts that shares nothing with the sampler's integers: the net
/// total as a sum of fractions, the standard deviation in two passes of
/// floating point over the per-hand results.
fn assert_trips_row_matches_its_counts(report: &SimulationReport, table: &PayTable) {
    let row = result(report, "trips");
    let n = report.hands;
    let mut groups: Vec<(u64, Fraction)> = Vec::new();
    for line in &row.lines {
        let hand = HandCategory::ALL
            .iter()
            .find(|c| c.name() == line.name)
            .unwrap_or_else(|| panic!("line {}", line.name));
        let (win, per) = match table.award_for_category(*hand) {
            Some(Award::Odds { win, per }) => (win, per),
            other => panic!("{other:?}"),
        };
        groups.push((line.count, Fraction::new(win as i128, per as i128)));
    }
    let paid: u64 = groups.iter().map(|g| g.0).sum();
    groups.push((n - paid, Fraction::from_int(-1)));
    let total = groups.iter().fold(Fraction::ZERO, |t, (c, x)| {
        t + Fraction::from_int(*c as i128) * x.clone()
    });
    assert_eq!(row.net_total, total, "{}", table.id);
    let mean = groups
        .iter()
        .map(|(c, x)| *c as f64 * x.to_f64())
        .sum::<f64>()
        / n as f64;
    let variance = groups
        .iter()
        .map(|(c, x)| *c as f64 * (x.to_f64() - mean).powi(2))
        .sum::<f64>()
        / (n - 1) as f64;
    let relative = (row.std_dev / variance.sqrt() - 1.0).abs();
    assert!(
        relative < 1e-9,
        "{}: {} vs {}",
        table.id,
        row.std_dev,
        variance.sqrt()
    );
    assert!((row.net_per_hand.mean - mean).abs() < 1e-9 * mean.abs().max(1.0));
}

#[test]
fn odd_trips_pays_are_counted_exactly() {
    for table in [trips_prime_odds(), trips_wide_odds()] {
        let mut config = SimulationConfig::new(300_000, blind_a());
        config.trips = Some(table.clone());
        config.seed = 11;
        let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
            .unwrap_or_else(|e| panic!("{}: {e}", table.id))
            .report(&ExactValues::default());
        // Enough hands that the top lines were hit (else the check is weak).
        let row = result(&report, "trips");
        assert!(row.lines.iter().filter(|l| l.count > 0).count() >= 5);
        assert_trips_row_matches_its_counts(&report, &table);
    }
}

#[test]
fn twelve_digit_coprime_odds_are_refused_before_any_hand() {
    // Four 12-digit primes as denominators: their common denominator is
    // beyond 2^127.
    let mut config = SimulationConfig::new(1_000, blind_a());
    config.trips = Some(trips_with_odds(
        "coprime-12",
        [
            (999_999_999_989, 999_999_999_961),
            (999_999_999_959, 999_999_999_947),
            (999_999_999_937, 999_999_999_899),
            (999_999_999_877, 999_999_999_863),
            (7, 1),
            (4, 1),
            (3, 1),
        ],
    ));
    let err = uth_edge::sample::validate(&config).unwrap_err();
    assert!(matches!(err, SimulationError::OutOfRange { .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("'coprime-12'") && text.contains("2^127"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1);
    assert_eq!(
        simulate(&config, crate::common::shipped_strategy("timid"), &Silent).map(|_| ()),
        Err(err)
    );
}

#[test]
fn a_huge_wager_counted_in_tiny_antes_is_refused_not_a_panic() {
    // The sampler once panicked "settlement amount fits in 64 bits" here: a
    // $999,999,999,999 Six Card Bonus in Antes of a millionth of a dollar.
    let mut config = SimulationConfig::new(1_000, blind_a());
    config.six_card = Some(SixCardBet {
        table: six_card_b(),
        wager: Fraction::from_int(999_999_999_999),
    });
    let mut session = SessionConfig::new(10);
    session.ante_dollars = Fraction::new(1, 1_000_000);
    config.session = Some(session.clone());
    let err = simulate(&config, crate::common::shipped_strategy("timid"), &Silent).unwrap_err();
    assert!(matches!(err, SimulationError::OutOfRange { .. }), "{err:?}");
    assert!(err.to_string().contains("2^63"), "{err}");
    // Without sessions the same wager is counted exactly in dollars.
    config.session = None;
    config.six_card.as_mut().unwrap().wager =
        uth_edge::money::parse_dollars("wager", "999999999999.999999").unwrap();
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    let row = result(&report, "six_card_bonus");
    assert_eq!(
        row.wager_amount,
        Some(Fraction::new(999_999_999_999_999_999, 1_000_000))
    );
    assert!(row.std_dev.is_finite() && row.std_dev > 0.0);
}

#[test]
fn session_thresholds_beyond_any_result_are_never_reached() {
    // Thresholds of a trillion Antes over a denominator of about 10^12:
    // beyond 128 bits once scaled; no session loses that much.
    let mut config = SimulationConfig::new(20_000, blind_a());
    config.trips = Some(trips_with_odds(
        "two-primes",
        [
            (50, 999_983),
            (40, 999_979),
            (30, 1),
            (9, 1),
            (7, 1),
            (4, 1),
            (3, 1),
        ],
    ));
    let mut session = SessionConfig::new(100);
    let huge = uth_edge::money::parse_amount("bankroll", "999999999999.999999").unwrap();
    session.bankroll = Some(huge.clone());
    session.loss_thresholds = vec![Fraction::ZERO, huge];
    config.session = Some(session);
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    let s = report.sessions.unwrap();
    assert_eq!(s.sessions, 200);
    assert_eq!(s.bankroll.unwrap().probability.mean, 0.0);
    assert_eq!(s.lose_more_than[1].probability.mean, 0.0);
    // Losing more than nothing: every session that did not finish ahead
    // or even.
    let behind = 1.0 - s.finish_ahead.mean - s.finish_even.mean;
    assert!((s.lose_more_than[0].probability.mean - behind).abs() < 1e-12);
}

#[test]
fn amounts_that_are_not_numbers_are_typed_errors() {
    use uth_edge::sample::{parse_number, parse_wager};
    for bad in ["abc", "", "1e3", "0.0000001"] {
        let err = parse_number("bankroll", bad).unwrap_err();
        assert!(matches!(err, SimulationError::NotANumber(_)));
        assert!(err
            .to_string()
            .starts_with(&format!("--bankroll {bad}: not a number")));
        assert!(parse_wager(bad).is_err());
    }
    // Thirteen digits: a number, too large (issue 23).
    let err = parse_number("bankroll", "9999999999999").unwrap_err();
    assert!(err
        .to_string()
        .starts_with("--bankroll 9999999999999: too large"));
    assert!(parse_wager("9999999999999").is_err());
    assert_eq!(parse_number("ante", "-2.5"), Ok(Fraction::new(-5, 2)));
    assert_eq!(
        parse_wager("0"),
        Err(SimulationError::NonPositiveWager(Fraction::ZERO))
    );
    assert_eq!(parse_wager("$2.50"), Ok(Fraction::new(5, 2)));
}

/// A pay-table file in the test scratch directory.
fn scratch_table(name: &str, text: &str) -> String {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn simulate_refuses_out_of_range_input_in_one_line_before_solving() {
    let coprime = scratch_table(
        "sampler-coprime-trips.toml",
        r#"id = "coprime-12"
title = "Trips with 12-digit coprime odds"
wager = "trips"
source = "test"

[pays]
royal_flush = "999999999989 to 999999999961"
straight_flush = "999999999959 to 999999999947"
four_of_a_kind = "999999999937 to 999999999899"
full_house = "999999999877 to 999999999863"
flush = "7 to 1"
straight = "4 to 1"
three_of_a_kind = "3 to 1"
"#,
    );
    for (args, needle) in [
        // The default strategy (optimal) solves the game first: these must
        // be refused before it.
        (
            vec!["--trips", coprime.as_str()],
            "beyond the sampler's exact range",
        ),
        (
            vec![
                "--wager",
                "999999999999",
                "--ante",
                "0.000001",
                "--session-hands",
                "10",
            ],
            "beyond the sampler's exact range",
        ),
        (
            vec![
                "--wager",
                "999999999999",
                "--ante",
                "0.000000001",
                "--session-hands",
                "10",
            ],
            "--ante 0.000000001: not a number",
        ),
        (vec!["--wager", "abc"], "--wager abc"),
        (
            vec!["--session-hands", "10", "--bankroll", "abc"],
            "--bankroll abc",
        ),
        (
            vec!["--session-hands", "10", "--lose-more-than", "1.2.3"],
            "--lose-more-than 1.2.3",
        ),
    ] {
        let mut full = vec!["simulate", "--hands", "1000"];
        full.extend(args);
        let out = uth_edge(&full);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{full:?}: {err}");
        assert!(out.stdout.is_empty(), "{full:?}");
        assert_eq!(err.lines().count(), 1, "{full:?}: {err}");
        assert!(err.contains(needle), "{full:?}: {err}");
    }
}

/// The Ultimate Pairs Bonus, sampled: within 4 standard errors of the exact
/// engine's house edge (all 1,326 × 1,225 player and dealer two-card deals,
/// computed here), and the hands are the same with or without the wager:
/// it draws no random numbers, so every other row is identical.
#[test]
fn ultimate_pairs_estimate_is_within_4_se_of_the_exact_edge_and_deals_the_same_hands() {
    use uth_edge::exact::ultimate_pairs::{count_deals, ultimate_pairs_result};
    let table = PayTable::resolve("ultimate-pairs-example").expect("built-in table");
    let house_edge = ultimate_pairs_result(&table, &count_deals()).house_edge;
    let mut config = SimulationConfig::new(3_000_000, blind_a());
    config.trips = Some(trips_a());
    config.seed = 12;
    config.session = Some(SessionConfig::new(1_000));
    let without = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    config.ultimate_pairs = Some(table.clone());
    let report = simulate(&config, crate::common::shipped_strategy("timid"), &Silent)
        .unwrap()
        .report(&ExactValues {
            ultimate_pairs: Some(house_edge.clone()),
            ..ExactValues::default()
        });
    let row = result(&report, "ultimate_pairs");
    assert_within_4_se(row, house_edge.clone());
    assert_eq!(row.exact_house_edge, Some(house_edge));
    assert_eq!(row.hands, 3_000_000);
    // Every paying line was hit, and the counts add up to the hands.
    assert!(row.lines.iter().all(|l| l.count > 0), "{:?}", row.lines);
    assert_eq!(report.results.len(), 3);
    assert_eq!(without.results[..], report.results[..2]);
    assert_eq!(without.actions, report.actions);
    // Sessions now count the wager too: the same sessions, other totals.
    let (a, b) = (without.sessions.unwrap(), report.sessions.unwrap());
    assert_eq!(a.sessions, b.sessions);
    assert_ne!(a.mean, b.mean);
}

/// A table of another wager is refused as the Ultimate Pairs Bonus.
#[test]
fn ultimate_pairs_needs_an_ultimate_pairs_table() {
    let mut config = SimulationConfig::new(1_000, blind_a());
    config.ultimate_pairs = Some(trips_a());
    assert!(matches!(
        simulate(&config, crate::common::shipped_strategy("timid"), &Silent),
        Err(SimulationError::WrongTable { .. })
    ));
}
