//! `economics --payout-limit` with the Trips wager counted (issue 33): the
//! seat-hands with Trips are priced jointly with the base game under the
//! one cap, as `game --payout-limit --trips` prices them; those without,
//! the base game alone under the limit; the Trips row is what a Trips
//! dollar adds (`analysis::economics::PairedTrips`).
//!
//! The facts: on the 16-card deck under the binding limit of
//! `practical_limit.rs`, the analysis `economics` calls
//! (`mix_on_river_limited`, `configurations`) equals the brute force
//! settled by `settle_limited` with and without the Trips wager, player by
//! player, for the mix and the table's win; the Trips row's variance by
//! hand; the document says Trips is priced with the base game only when
//! some seat-hand takes it; on the full deck (long tests) the command
//! equals `game --payout-limit` with and without `--trips`. Before,
//! `economics` refused ("the Trips wager is counted") and had no function
//! to price them jointly.

use crate::common::{blind_a, long_tests, shipped_strategy};
use crate::deck_brute::{brute_force, edge, Written};
use crate::practical_limit::{binding, deck, exact, json_under, limited_nets};
use uth_edge::analysis::catalog::Catalog;
use uth_edge::analysis::economics::{
    configurations, EconomicsWager, PairedTrips, TableTraffic, WagerChoice,
};
use uth_edge::analysis::money_rules::PayoutLimitRule;
use uth_edge::analysis::players::{mix_on_river_limited, LimitAssumed, PlayerMix};
use uth_edge::exact::game::RiverTable;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::AsPolicy;

#[test]
fn economics_prices_trips_with_the_base_game_under_a_binding_limit_as_a_brute_force() {
    // Fact: on the 16-card deck, $60 a hand at a $10 Ante, Trips $5 on
    // uth-01 on 40% of the seat-hands. A seat-hand without Trips is the
    // base game under the limit (the brute force settled by
    // `settle_limited` without Trips), one with Trips the base game and
    // Trips under the one cap (settled with them): each player's edge per
    // Ante is 3/5 of the first plus 2/5 of the second, the mix the
    // share-weighted average, the table's win per seat-hand $10 times the
    // optimal play's, the Trips row what a Trips dollar adds: 10/5 of the
    // difference of the optimal edges.
    let file = Written::new("economics-trips-16");
    let (joint_rule, ante) = binding();
    let alone_rule = PayoutLimitRule {
        trips: None,
        ..joint_rule.clone()
    };
    let deck = deck(16);
    let brute = |rule: &PayoutLimitRule| {
        let nets = limited_nets(rule, &ante);
        let (mine, optimal) = brute_force(deck, &nets, &AsPolicy(&file.strategy));
        let (wizard, _) = brute_force(deck, &nets, &AsPolicy(shipped_strategy("wizard")));
        [optimal, mine, wizard].map(|v| edge(deck, &nets, v))
    };
    let (alone, joint) = (brute(&alone_rule), brute(&joint_rule));
    assert_ne!(alone[0], joint[0], "the Trips wager changes the hold");
    let p = Fraction::new(2, 5);
    let seat =
        |i: usize| (Fraction::ONE - p.clone()) * alone[i].clone() + p.clone() * joint[i].clone();
    let trips = PayTable::resolve("uth-01").expect("built-in Trips table");
    let choices = base_game_and_five_dollar_trips(&ante, &trips, p.clone());
    let text = format!(
        "optimal:20%,{}:30%,wizard:50%",
        file.path.to_str().expect("a UTF-8 path")
    );
    let mix = PlayerMix::parse(&text).expect("a mix");
    let traffic = TableTraffic {
        ante: ante.clone(),
        ..TableTraffic::default()
    };
    let river = RiverTable::build(deck, &Silent);
    let limited =
        mix_on_river_limited(&river, &choices, Some(&mix), &alone_rule, &traffic, &Silent);
    assert_eq!(limited.mixes.len(), 1);
    let held = &limited.mixes[0];
    for (i, player) in held.players.iter().enumerate() {
        assert_eq!(
            player.figures.house_edge,
            seat(i),
            "{}",
            player.figures.player
        );
    }
    assert_eq!(held.optimal.figures.house_edge, seat(0), "all optimal");
    let average = Fraction::new(1, 5) * seat(0)
        + Fraction::new(3, 10) * seat(1)
        + Fraction::new(1, 2) * seat(2);
    assert_eq!(held.mix.figures.house_edge, average, "the mix");
    assert_eq!(
        held.mix.win_per_seat_hand,
        ante.clone() * average,
        "the mix's dollars"
    );
    // The table: the catalog's Trips result (unlimited, replaced under the
    // limit) beside the base game's under it.
    let mut results = Catalog::compute(&[trips], &[Fraction::from_int(5)], &Silent).results;
    results.extend(limited.optimal.iter().cloned());
    let tables = configurations(&choices, &results, &limited.paired, &traffic).expect("tables");
    let rows = &tables[0].wagers;
    assert_eq!(
        rows[0].house_edge, alone[0],
        "the base game alone under the limit"
    );
    assert_eq!(
        rows[1].house_edge,
        Fraction::from_int(2) * (joint[0].clone() - alone[0].clone()),
        "what a Trips dollar adds"
    );
    let per_hand = ante.clone() * seat(0);
    assert_eq!(
        rows[0].win_per_seat_hand.clone() + rows[1].win_per_seat_hand.clone(),
        per_hand
    );
    // 30 hands an hour at 5 seats, 16 hours a day, 365 days.
    assert_eq!(
        tables[0].win_per_hour,
        per_hand.clone() * Fraction::from_int(150)
    );
    assert_eq!(
        tables[0].win_per_year,
        per_hand * Fraction::from_int(150 * 16 * 365)
    );
}

#[test]
fn economics_with_trips_under_a_limit_is_game_payout_limit_trips() {
    // Full-deck solves (eight): long tests only; the analysis is checked
    // against the brute force above on the 16-card deck. The wiring: with
    // Trips $100 on half the seat-hands at a $100 Ante, the table's win
    // per seat-hand is $100 times the average of `game --payout-limit`'s
    // edge (no Trips) and `game --payout-limit --trips`'s (with them), and
    // so is each player's of the mix, from `game --strategy wizard`.
    if !long_tests() {
        return;
    }
    let limit = ["--payout-limit", "50000", "--ante", "100"];
    let with_trips = ["--trips", "uth-01", "--trips-amount", "100"];
    let json = |args: &[&str]| json_under(&limit, args);
    let economics = json(&[
        "economics",
        "--wager",
        "base-game",
        "--wager",
        "trips",
        "--trips",
        "uth-01",
        "--trips-amount",
        "100",
        "--trips-take-up",
        "50%",
        "--players",
        "optimal:40%,wizard:60%",
    ]);
    let game = |strategy: &[&str], trips: &[&str]| {
        let mut args = vec!["game", "--blind", "blind-a"];
        args.extend(strategy);
        args.extend(trips);
        exact(&json(&args)["results"][0], "house_edge_exact")
    };
    let half = Fraction::new(1, 2);
    let optimal = half.clone() * (game(&[], &[]) + game(&[], &with_trips));
    let wizard = half.clone()
        * (game(&["--strategy", "wizard"], &[]) + game(&["--strategy", "wizard"], &with_trips));
    let table = &economics["tables"][0];
    let hundred = Fraction::from_int(100);
    let wagers = &table["wagers"];
    assert_eq!(
        exact(&wagers[0], "win_per_seat_hand_exact") + exact(&wagers[1], "win_per_seat_hand_exact"),
        hundred.clone() * optimal.clone()
    );
    assert_eq!(
        exact(table, "win_per_hour_exact"),
        hundred.clone() * optimal.clone() * Fraction::from_int(150)
    );
    let mix = &economics["player_mix"][0];
    assert_eq!(exact(&mix["all_optimal"], "house_edge_exact"), optimal);
    assert_eq!(exact(&mix["players"][1], "house_edge_exact"), wizard);
    assert_eq!(
        exact(&mix["mix"], "house_edge_exact"),
        Fraction::new(2, 5) * optimal + Fraction::new(3, 5) * wizard
    );
    assert_eq!(mix["payout_limit"]["trips"]["take_up_exact"], "1/2");
}

#[test]
fn the_trips_row_under_a_limit_adds_what_trips_adds_to_the_exact_variance() {
    // Fact, by hand: a seat-hand without Trips where the house wins or
    // loses 1 evenly (edge 0, variance 1), one with Trips where it wins 3
    // or loses 1 evenly (edge 1, variance 4), half the seat-hands each, $1
    // Ante and $1 Trips: the seat-hand wins 1, -1, -1, 3 with probability
    // 1/4 each, mean 1/2, second moment 3, variance 11/4, of which the
    // base game alone has 1: Trips adds 7/4, and 1 per Trips dollar to the
    // hold. Where the seat-hands with Trips vary less (always 0) the
    // seat-hand's variance is 1/2, below the base game's: Trips adds none.
    let trips = PayTable::resolve("uth-01").expect("built-in Trips table");
    let result = |edge: i128, variance: i128| {
        let mut r = Catalog::compute(std::slice::from_ref(&trips), &[Fraction::ONE], &Silent)
            .results
            .remove(0);
        r.paytable = "blind-a".into();
        (r.house_edge, r.variance) = (Fraction::from_int(edge), Fraction::from_int(variance));
        r
    };
    let (half, one) = (Fraction::new(1, 2), Fraction::ONE);
    let paired = PairedTrips::new(&result(0, 1), &result(1, 4), "uth-01", &half, &one, &one);
    assert_eq!(paired.house_edge, Fraction::ONE);
    assert_eq!(paired.seat_hand_variance, Fraction::new(7, 4));
    assert_eq!(paired.blind, "blind-a");
    let calmer = PairedTrips::new(&result(0, 1), &result(0, 0), "uth-01", &half, &one, &one);
    assert_eq!(calmer.house_edge, Fraction::ZERO);
    assert_eq!(calmer.seat_hand_variance, Fraction::ZERO);
}

#[test]
fn the_economics_document_says_trips_is_priced_with_the_base_game_only_when_taken() {
    // On the 16-card deck under the binding limit: with Trips on 40% of
    // the seat-hands the document says they are priced with the base game
    // (before, economics refused); with a take-up of 0% no seat-hand has
    // Trips, nothing is paired, and it says the side bets are paid in full.
    let (joint_rule, ante) = binding();
    let rule = PayoutLimitRule {
        trips: None,
        ..joint_rule
    };
    let trips = PayTable::resolve("uth-01").expect("built-in Trips table");
    let traffic = TableTraffic {
        ante: ante.clone(),
        ..TableTraffic::default()
    };
    let river = RiverTable::build(deck(16), &Silent);
    for (take_up, pairs, says) in [
        (
            Fraction::new(2, 5),
            1,
            "the seat-hands with Trips are priced with the base game",
        ),
        (Fraction::ZERO, 0, "the side bets are paid in full."),
    ] {
        let choices = base_game_and_five_dollar_trips(&ante, &trips, take_up);
        let limited = mix_on_river_limited(&river, &choices, None, &rule, &traffic, &Silent);
        assert_eq!(limited.paired.len(), pairs);
        let mut results = Catalog::compute(
            std::slice::from_ref(&trips),
            &[Fraction::from_int(5)],
            &Silent,
        )
        .results;
        results.extend(limited.optimal.iter().cloned());
        let tables = configurations(&choices, &results, &limited.paired, &traffic).expect("tables");
        let assumed = LimitAssumed::of(&rule, &ante);
        let provenance = uth_edge::analysis::provenance::Provenance::now("test".into(), Vec::new());
        let document = uth_edge::report::economics::document(
            &traffic,
            &tables,
            &[],
            Some(&assumed),
            provenance,
        )
        .expect("a document");
        let mut bytes = Vec::new();
        uth_edge::report::render(uth_edge::report::Format::Markdown, &document, &mut bytes)
            .expect("rendered");
        let text = String::from_utf8(bytes).expect("UTF-8");
        assert!(text.contains(says), "{says}: {text}");
    }
}

/// The base game at `ante` on every seat-hand and $5 Trips on `trips` on a
/// `take_up` share of them: the wagers the economics tests price.
fn base_game_and_five_dollar_trips(
    ante: &Fraction,
    trips: &PayTable,
    take_up: Fraction,
) -> [WagerChoice; 2] {
    [
        WagerChoice {
            wager: EconomicsWager::BaseGame,
            tables: vec![blind_a()],
            take_up: Fraction::ONE,
            amount: ante.clone(),
        },
        WagerChoice {
            wager: EconomicsWager::Trips,
            tables: vec![trips.clone()],
            take_up,
            amount: Fraction::from_int(5),
        },
    ]
}
