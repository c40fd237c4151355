//! The Monte Carlo engine's promises: identical results for any number of
//! threads, different samples for different seeds, sessions that add up to
//! the hands, a smaller bankroll lost more often, typed errors for bad
//! arguments, and rule strategies that play suit-renamed cards alike.

use crate::common::blind_a;
use crate::sampler_common::{result, six_card_b, trips_a};
use uth_edge::cards::canonical::SuitPermutation;
use uth_edge::cards::{Card, CardSet};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::sample::{
    simulate, ExactValues, SessionConfig, SimulationConfig, SimulationError, SimulationReport,
    SixCardBet,
};
use uth_edge::strategy::{play_round, Strategy, StrategyChoice};

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
