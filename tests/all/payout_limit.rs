//! The base game under a payout limit per hand (COMAR 36.05.16.12F) against
//! a brute force that shares none of the solver's shortcuts: every deal of a
//! reduced deck played directly, each hand's net capped here from the
//! wagers' own settlements (`settle_base`, `settle_trips`: the cap is
//! recomputed in this file, not read from `settle_limited`), and every
//! decision taken by comparing the enumerated values of its choices.
//! Properties: no payment above the limit, the house edge never below the
//! unlimited one and never rising as the limit rises, a limit above every
//! win equal to the unlimited solve to the last digit, any thread count.

use crate::common::{best_preflop, blind_a, odd_blind_table, outcome, OUTCOMES};
use rayon::prelude::*;
use std::collections::HashMap;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::CardSet;
use uth_edge::evaluator::{evaluate, HandCategory};
use uth_edge::exact::game::{solve, solve_limited, Decision, RiverTable, Solution};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::{settle_base, settle_trips, BaseRound, PayoutLimit};

/// The capped net of every `[play][outcome][category]`, computed here: the
/// wins of the Ante, Blind, Play and Trips summed (stakes excluded) and
/// capped at the limit, or, net of losses, the whole net capped.
fn capped_nets(blind: &PayTable, limit: &PayoutLimit) -> Vec<Vec<Vec<Fraction>>> {
    (0..5u8)
        .map(|play| {
            OUTCOMES
                .iter()
                .map(|&(versus, dealer_qualifies)| {
                    HandCategory::ALL
                        .iter()
                        .map(|&player| {
                            let base = settle_base(
                                blind,
                                BaseRound {
                                    play,
                                    player,
                                    versus,
                                    dealer_qualifies,
                                },
                            );
                            let trips = match &limit.trips {
                                Some((table, amount)) => settle_trips(table, player) * amount,
                                None => Fraction::ZERO,
                            };
                            let parts = [base.ante, base.blind, base.play, trips];
                            let mut won = Fraction::ZERO;
                            let mut lost = Fraction::ZERO;
                            for p in parts {
                                if p.is_positive() {
                                    won = won + p;
                                } else {
                                    lost = lost + p;
                                }
                            }
                            if limit.net_of_losses {
                                std::cmp::min(won + lost, limit.per_hand.clone())
                            } else {
                                std::cmp::min(won, limit.per_hand.clone()) + lost
                            }
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The nets as integers in units of `1/scale`, and `scale`.
fn in_units(net: &[Vec<Vec<Fraction>>]) -> (Vec<Vec<Vec<i64>>>, i128) {
    let scale = net.iter().flatten().flatten().fold(1i128, |scale, f| {
        let d = i128::try_from(f.denominator()).unwrap();
        let (mut a, mut b) = (scale, d);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        scale / a * d
    });
    let units = net
        .iter()
        .map(|by_outcome| {
            by_outcome
                .iter()
                .map(|by_cat| {
                    by_cat
                        .iter()
                        .map(|f| (f * &Fraction::from_int(scale)).to_i128().unwrap() as i64)
                        .collect()
                })
                .collect()
        })
        .collect();
    (units, scale)
}

/// The game on `deck` played by direct enumeration with the nets `net`:
/// the value summed over every sequence under optimal play, and each
/// holding's preflop values `[4x, 3x, check]` summed over its sequences.
fn brute_force(
    deck: CardSet,
    net: &[Vec<Vec<Fraction>>],
) -> (Fraction, HashMap<u64, [Fraction; 3]>) {
    let (net, scale) = in_units(net);
    let mut holes = Vec::new();
    for_each_subset(deck, 2, |h| holes.push(h));
    let per_hole: Vec<(u64, [i128; 3])> = holes
        .par_iter()
        .map(|&hole| {
            let rest = deck.minus(hole);
            // Per board: the sums over the dealer holdings with each Play,
            // and the better of raising 1x and folding.
            let mut river: HashMap<u64, ([i128; 5], i128)> = HashMap::new();
            for_each_subset(rest, 5, |board| {
                let player = evaluate(hole.union(board));
                let cat = player.category() as usize;
                let mut sums = [0i128; 5];
                for_each_subset(rest.minus(board), 2, |dealer| {
                    let o = outcome(player, evaluate(dealer.union(board)));
                    for (p, sum) in sums.iter_mut().enumerate() {
                        *sum += net[p][o][cat] as i128;
                    }
                });
                river.insert(board.0, (sums, sums[1].max(sums[0])));
            });
            let mut values = [0i128; 3];
            for_each_subset(rest, 3, |flop| {
                let mut raise = [0i128; 5];
                let mut check = 0i128;
                for_each_subset(rest.minus(flop), 2, |tr| {
                    let (sums, best) = &river[&flop.union(tr).0];
                    for (r, s) in raise.iter_mut().zip(sums) {
                        *r += s;
                    }
                    check += best;
                });
                values[0] += raise[4];
                values[1] += raise[3];
                values[2] += raise[2].max(check);
            });
            (hole.0, values)
        })
        .collect();
    let total: i128 = per_hole.iter().map(|(_, v)| *v.iter().max().unwrap()).sum();
    let per_hole = per_hole
        .into_iter()
        .map(|(h, v)| (h, v.map(|v| Fraction::new(v, scale))))
        .collect();
    (Fraction::new(total, scale), per_hole)
}

/// Solves `deck` under `limit` with the solver and by brute force and
/// compares the value of the game and every holding's preflop values and
/// decision; returns the solver's value per sequence.
fn compare(deck: CardSet, blind: &PayTable, limit: &PayoutLimit) -> Fraction {
    let (total, per_hole) = brute_force(deck, &capped_nets(blind, limit));
    let river = RiverTable::build(deck, &Silent);
    let solution = solve_limited(&river, blind, limit, &Silent).expect("within range");
    let sequences = solution.sequences as i128;
    let value = Fraction::new(solution.total_value, solution.payoffs.scale as i128);
    assert_eq!(value, total, "value of the whole game");
    let per_hole_sequences = Fraction::from_int(sequences / per_hole.len() as i128);
    for (&hole, values) in &per_hole {
        let cards = CardSet(hole).to_vec();
        let advice = solution.preflop_advice(cards[0], cards[1]);
        let got: Vec<Fraction> = advice.options.iter().map(|o| o.1.clone()).collect();
        let expected: Vec<Fraction> = values.iter().map(|v| v / &per_hole_sequences).collect();
        assert_eq!(got, expected, "preflop values of {}", CardSet(hole));
        let decision = best_preflop(values);
        assert_eq!(
            advice.best,
            decision,
            "preflop decision of {}",
            CardSet(hole)
        );
    }
    // The summary's expected value is the tallied one.
    assert_eq!(
        solution.summary().expected_value,
        value.clone() / Fraction::from_int(sequences)
    );
    value / Fraction::from_int(sequences)
}

fn limit(per_hand: Fraction, trips: Option<(&str, Fraction)>, net_of_losses: bool) -> PayoutLimit {
    PayoutLimit {
        per_hand,
        net_of_losses,
        trips: trips.map(|(id, amount)| (PayTable::resolve(id).expect("built-in"), amount)),
    }
}

/// Ranks T to A: straights, flushes, straight and royal flushes occur.
fn twenty_cards() -> CardSet {
    deck_of_ranks(&[8, 9, 10, 11, 12])
}

/// Ranks J to A.
fn sixteen_cards() -> CardSet {
    deck_of_ranks(&[9, 10, 11, 12])
}

#[test]
fn twenty_card_game_under_a_limit_of_six_antes_matches_brute_force() {
    // Binds on every raise 4x with a Blind-paying hand, and on the Blind's
    // royal and straight flush whatever the Play.
    let unlimited = {
        let river = RiverTable::build(twenty_cards(), &Silent);
        let s = solve(&river, &blind_a(), &Silent);
        Fraction::new(s.total_value, s.payoffs.scale as i128 * s.sequences as i128)
    };
    let limited = compare(
        twenty_cards(),
        &blind_a(),
        &limit(Fraction::from_int(6), None, false),
    );
    assert!(
        limited < unlimited,
        "the limit binds: {limited} vs {unlimited}"
    );
}

#[test]
fn sixteen_card_game_with_trips_and_a_fractional_limit_matches_brute_force() {
    // Trips of 1/2 Ante on UTH-01 and a limit of 37/3 Antes (coprime
    // denominators), both readings.
    for net_of_losses in [false, true] {
        let l = limit(
            Fraction::new(37, 3),
            Some(("uth-01", Fraction::new(1, 2))),
            net_of_losses,
        );
        compare(sixteen_cards(), &blind_a(), &l);
    }
}

#[test]
fn sixteen_card_game_with_odd_blind_pays_a_large_trips_and_a_small_limit_matches_brute_force() {
    // Trips of 3 Antes makes a fold's Trips win reach the limit of 5.
    let table = odd_blind_table();
    let l = limit(
        Fraction::from_int(5),
        Some(("uth-02", Fraction::from_int(3))),
        false,
    );
    compare(sixteen_cards(), &table, &l);
}

/// The value per sequence of a solution.
fn value(s: &Solution) -> Fraction {
    Fraction::new(s.total_value, s.payoffs.scale as i128 * s.sequences as i128)
}

#[test]
fn a_limit_above_every_win_equals_the_unlimited_solve() {
    // The largest win of blind-a is the royal flush: 500 + 1 + 4 Antes.
    let river = RiverTable::build(twenty_cards(), &Silent);
    let unlimited = solve(&river, &blind_a(), &Silent);
    for per_hand in [Fraction::from_int(505), Fraction::new(100_000, 7)] {
        let l = limit(per_hand, None, false);
        let limited = solve_limited(&river, &blind_a(), &l, &Silent).unwrap();
        assert_eq!(value(&limited), value(&unlimited));
        assert_eq!(limited.tally, unlimited.tally);
        let actions = |s: &Solution| s.classes.iter().map(|c| c.action).collect::<Vec<_>>();
        assert_eq!(actions(&limited), actions(&unlimited));
        let (a, b) = (limited.summary(), unlimited.summary());
        assert_eq!(
            (a.house_edge, a.variance, a.element_of_risk),
            (b.house_edge, b.variance, b.element_of_risk)
        );
    }
    // Just below the royal's win, the limit binds.
    let l = limit(Fraction::from_int(504), None, false);
    let limited = solve_limited(&river, &blind_a(), &l, &Silent).unwrap();
    assert!(value(&limited) < value(&unlimited));
}

#[test]
fn no_payment_exceeds_the_limit_and_the_edge_falls_as_the_limit_rises() {
    let river = RiverTable::build(sixteen_cards(), &Silent);
    let unlimited = value(&solve(&river, &blind_a(), &Silent));
    let mut previous: Option<Fraction> = None;
    for per_hand in [1, 2, 3, 5, 8, 13, 55, 600] {
        let per_hand = Fraction::from_int(per_hand);
        for trips in [None, Some(("uth-01", Fraction::ONE))] {
            let l = limit(per_hand.clone(), trips.clone(), false);
            let solution = solve_limited(&river, &blind_a(), &l, &Silent).unwrap();
            for line in solution.return_table() {
                let n = &line.net;
                let won: Fraction = [&n.ante, &n.blind, &n.play, &line.trips]
                    .into_iter()
                    .filter(|p| p.is_positive())
                    .cloned()
                    .sum();
                let paid = won - &line.withheld;
                assert!(paid <= per_hand, "{} pays {paid}", line.description());
                assert!(!line.withheld.is_negative());
            }
            if trips.is_none() {
                let v = value(&solution);
                assert!(v <= unlimited, "limit {per_hand}: {v} above {unlimited}");
                if let Some(p) = &previous {
                    assert!(&v >= p, "limit {per_hand}: {v} below {p}");
                }
                previous = Some(v);
            }
        }
    }
    assert_eq!(previous, Some(unlimited), "600 Antes binds nowhere");
}

#[test]
fn a_limited_solve_does_not_depend_on_the_number_of_threads() {
    let deck = deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]);
    let l = limit(Fraction::new(15, 2), Some(("uth-01", Fraction::ONE)), false);
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let river = RiverTable::build(deck, &Silent);
            let s = solve_limited(&river, &blind_a(), &l, &Silent).unwrap();
            let actions: Vec<Decision> = s.classes.iter().map(|c| c.action).collect();
            (s.total_value, s.tally, actions, s.flop_raise_rows())
        })
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn amounts_beyond_the_solver_range_are_refused_before_solving() {
    // A limit of 1/2^41 Ante needs a denominator beyond 2^40.
    let l = limit(Fraction::new(1, 1 << 41), None, false);
    let err = uth_edge::exact::game::limited_payoffs(&blind_a(), &l).unwrap_err();
    assert!(err.to_string().contains("payout limit"), "{err}");
}

#[test]
fn bad_payout_limit_input_is_refused_in_one_line_before_any_work() {
    use crate::common::{stderr, uth_edge};
    let cases: [(&[&str], &str); 9] = [
        (&["--ante", "5", "--payout-limit", "0"], "--payout-limit 0"),
        (&["--ante", "5", "--payout-limit=-5"], "--payout-limit -5"),
        (
            &["--ante", "5", "--payout-limit", "5x"],
            "--payout-limit 5x",
        ),
        (&["--payout-limit", "50000"], "needs --ante"),
        (&["--ante", "5"], "go with --payout-limit"),
        (&["--ante", "0", "--payout-limit", "50000"], "--ante 0"),
        (
            &[
                "--ante",
                "5",
                "--payout-limit",
                "50000",
                "--seen",
                "dealer:1",
            ],
            "cannot be combined",
        ),
        (
            &[
                "--ante",
                "5",
                "--payout-limit",
                "50000",
                "--trips",
                "uth-florida",
                "--trips-amount",
                "5",
            ],
            "beats the dealer",
        ),
        (
            &["--ante", "999999999999", "--payout-limit", "0.000001"],
            "2^40",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["game", "--blind", "blind-a"];
        all.extend_from_slice(args);
        let out = uth_edge(&all);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
        assert!(err.contains(says), "{all:?}: {err}");
    }
}

#[test]
fn a_limit_below_the_rule_floor_is_warned_citing_the_rule() {
    // Checked before the output is opened (here it cannot be, so nothing is
    // solved). At a $100 minimum with UTH-01: a royal flush raised 4x wins
    // Ante 1 + Blind 500 + Play 4 + Trips 50 = 555 minimums, $55,500, above
    // $50,000 (Blind Paytable A and Trips Paytable A, COMAR 36.05.16.12).
    let warned = |limit: &str, minimum: &str, trips: bool| {
        let mut args = vec!["game", "--blind", "blind-a", "--ante", "100"];
        args.extend(["--payout-limit", limit, "--table-minimum", minimum]);
        if trips {
            args.extend(["--trips", "uth-01", "--trips-amount", "5"]);
        }
        args.extend(["-o", "/nonexistent-dir-of-uth-edge/out.txt"]);
        let out = crate::common::uth_edge(&args);
        assert_eq!(out.status.code(), Some(2));
        let err = crate::common::stderr(&out);
        err.lines()
            .find(|l| l.starts_with("warning:"))
            .map(str::to_string)
    };
    let w = warned("55000", "100", true).expect("below $55,500");
    assert!(
        w.contains("COMAR 36.05.16.12F") && w.contains("$55,500"),
        "{w}"
    );
    assert_eq!(warned("55500", "100", true), None);
    // Without Trips: 505 minimums, $50,500.
    let w = warned("50000", "100", false).expect("below $50,500");
    assert!(w.contains("$50,500"), "{w}");
    // At a $25 minimum the $50,000 floor rules (25 x 505 = $12,625).
    let w = warned("49999", "25", false).expect("below $50,000");
    assert!(w.contains("$50,000"), "{w}");
    assert_eq!(warned("50000", "25", false), None);
}

#[test]
fn a_simulation_under_the_limit_agrees_with_the_exact_limited_solve() {
    // The sampler settles every hand through settle_limited, the solver
    // through its capped coefficients: two computations of one rule. On the
    // 20-card deck at a limit of 6 Antes, 1,000,000 hands played with the
    // limited solve's strategy must land within 4 standard errors of its
    // exact house edge, and far from the unlimited one.
    use uth_edge::sample::{simulate, ExactValues, SimulationConfig};
    use uth_edge::strategy::OptimalStrategy;
    let deck = twenty_cards();
    let river = RiverTable::build(deck, &Silent);
    let l = limit(Fraction::from_int(6), None, false);
    let solution = solve_limited(&river, &blind_a(), &l, &Silent).unwrap();
    let exact = solution.summary().house_edge.to_f64();
    let unlimited = solve(&river, &blind_a(), &Silent)
        .summary()
        .house_edge
        .to_f64();
    let mut config = SimulationConfig::new(1_000_000, blind_a());
    config.deck = deck;
    config.seed = 24;
    config.payout_limit = Some(l);
    let report = simulate(&config, &OptimalStrategy::new(&solution), &Silent)
        .unwrap()
        .report(&ExactValues::default());
    let row = report
        .results
        .iter()
        .find(|r| r.wager == "base_game")
        .expect("a base-game row");
    let (mean, se) = (row.house_edge.mean, row.house_edge.std_error);
    assert!(
        ((exact - mean) / se).abs() < 4.0,
        "estimate {mean} ± {se}, exact {exact}"
    );
    assert!(
        (exact - unlimited).abs() > 10.0 * se,
        "the limit must matter here: {exact} vs {unlimited} (± {se})"
    );
    // A limited simulation with a Trips wager is refused, not mis-settled.
    let mut with_trips = SimulationConfig::new(10, blind_a());
    with_trips.payout_limit = Some(limit(Fraction::from_int(6), None, false));
    with_trips.trips = Some(PayTable::resolve("uth-01").unwrap());
    assert!(uth_edge::sample::validate(&with_trips).is_err());
}

/// `report` sets beside each limited figure the same wagers without the
/// limit, solved once more. A Trips amount whose uncapped win (the Trips
/// royal, 50 to 1 on UTH-01, times 2·10^10 Antes = 10^12 Antes, at 2 units
/// an Ante past the solver's 2^40) fits only under the limit was accepted
/// and then panicked after the limited solves: it is refused, one line,
/// exit 2, before any work.
#[test]
fn an_unlimited_comparison_beyond_the_solver_range_is_refused_before_work() {
    let out = crate::common::uth_edge(&[
        "report",
        "--paytable",
        "blind-a",
        "--payout-limit",
        "50000",
        "--ante",
        "1",
        "--trips",
        "uth-01",
        "--trips-amount",
        "20000000000",
    ]);
    let err = crate::common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("2^40"), "{err}");
}
