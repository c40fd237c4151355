//! The players under a payout limit per hand (issue 33): the practical
//! hold of `report --practical --payout-limit` and the mix of `economics
//! --payout-limit`, each strategy evaluated with the limit capping its
//! wins (`analysis::players::solve_players_limited`).
//!
//! The facts: on the 16-card deck under a limit that binds, each
//! strategy's figure (and the optimal play's, knowing the limit) equals
//! the brute force of `deck_brute.rs`, settled by the settlement module's
//! `settle_limited`; the mix's is the share-weighted average of those
//! brute-force figures; a limit that binds on no hand gives the unlimited
//! figures; `economics --payout-limit` is refused in one line, exit 2,
//! before any work, where it would mean nothing or cannot be exact.
//!
//! Under a limit with the Trips wager of `--trips`, the report's practical
//! part prices it with the base game as `game` does and says so
//! (`economics_trips_limit.rs`: `economics` with Trips under a limit).
//!
//! Before this change the report's practical hold under a limit was the
//! unlimited game's (`solve_players`), which the first test shows differs
//! from the brute force under the limit; and `economics` had no
//! `--payout-limit` (clap refused it in several lines).

use crate::common::{
    blind_a, long_tests, nets_by, shipped_strategy, stderr, stdout, uth_edge, Nets,
};
use crate::deck_brute::{brute_force, edge, Written};
use uth_edge::analysis::money_rules::PayoutLimitRule;
use uth_edge::analysis::players::{
    practical_hold, solve_players, solve_players_limited, LimitAssumed, Player, PlayerFigures,
    PlayerMix,
};
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::RiverTable;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::settle_limited;
use uth_edge::strategy::AsPolicy;

/// The deck of the `n` highest cards.
pub(crate) fn deck(n: usize) -> CardSet {
    let ranks: Vec<usize> = (13 - n / 4..13).collect();
    deck_of_ranks(&ranks)
}

/// $60 a hand at a $10 Ante with $5 of Trips on uth-01: on the 16-card
/// deck it binds (see `strategy_deck.rs`, whose brute force checks it).
pub(crate) fn binding() -> (PayoutLimitRule, Fraction) {
    let trips = PayTable::resolve("uth-01").expect("built-in Trips table");
    let rule = PayoutLimitRule {
        limit: Fraction::from_int(60),
        net_of_losses: false,
        trips: Some((trips, Fraction::from_int(5))),
    };
    (rule, Fraction::from_int(10))
}

/// The nets of blind-a under `rule` at `ante`, settled by the settlement
/// module.
pub(crate) fn limited_nets(rule: &PayoutLimitRule, ante: &Fraction) -> Nets {
    let table = blind_a();
    let limit = rule.at(ante);
    nets_by(|round| settle_limited(&table, &limit, round).total())
}

/// The players of the tests: the best play, a strategy file the code never
/// shipped, and the shipped wizard.
fn players(file: &Written) -> Vec<Player> {
    vec![
        Player::Optimal,
        Player::resolve(file.path.to_str().expect("a UTF-8 path")).expect("the file reads"),
        Player::resolve("wizard").expect("shipped"),
    ]
}

/// Each player's figures on the `n`-card deck under the binding limit
/// equal the brute force's; the mix's, the share-weighted average of
/// them.
fn limited_players_equal_the_brute_force(n: usize, tag: &str) {
    let file = Written::new(tag);
    let (rule, ante) = binding();
    let nets = limited_nets(&rule, &ante);
    let deck = deck(n);
    let (mine, optimal) = brute_force(deck, &nets, &AsPolicy(&file.strategy));
    let (wizard, _) = brute_force(deck, &nets, &AsPolicy(shipped_strategy("wizard")));
    let brute = [optimal, mine, wizard].map(|v| edge(deck, &nets, v));
    let players = players(&file);
    let river = RiverTable::build(deck, &Silent);
    let table = blind_a();
    let solved = solve_players_limited(&river, &table, &players, None, &rule, &ante, &Silent);
    assert_eq!(solved.len(), 3);
    for ((name, result), expected) in solved.iter().zip(&brute) {
        assert_eq!(
            &result.house_edge, expected,
            "{name} under the limit on {n} cards"
        );
    }
    assert!(brute[1] > brute[0] && brute[2] > brute[0], "not optimal");
    // The unlimited figures (the report's practical hold before) differ:
    // the limit binds on hands each strategy plays.
    let unlimited = solve_players(deck, &table, &players, None, &Silent);
    for ((name, result), expected) in unlimited.iter().zip(&brute) {
        assert_ne!(&result.house_edge, expected, "{name}: the limit binds");
    }
    // The mix: 20% optimal, 50% wizard, 30% the file; its edge per Ante is
    // the same average of the brute-force edges.
    let text = format!(
        "optimal:20%,wizard:50%,{}:30%",
        file.path.to_str().expect("a UTF-8 path")
    );
    let mix = PlayerMix::parse(&text).expect("a mix");
    let hold = practical_hold(&players, Some(&mix), &solved, &solved[0].1);
    let (_, figures) = hold.mix.expect("the mix");
    let average = Fraction::new(1, 5) * brute[0].clone()
        + Fraction::new(1, 2) * brute[2].clone()
        + Fraction::new(3, 10) * brute[1].clone();
    assert_eq!(figures.house_edge, average, "the mix on {n} cards");
}

#[test]
fn each_strategy_under_a_binding_limit_equals_a_brute_force_on_sixteen_cards() {
    limited_players_equal_the_brute_force(16, "practical-16");
}

#[test]
fn each_strategy_under_a_binding_limit_equals_a_brute_force_on_twenty_cards() {
    // The 20-card deck's brute force takes tens of seconds a strategy:
    // long tests only (the 16-card test always runs).
    if !long_tests() {
        return;
    }
    limited_players_equal_the_brute_force(20, "practical-20");
}

#[test]
fn a_limit_that_binds_on_no_hand_gives_the_unlimited_figures() {
    // Identity: $1,000,000 at a $10 Ante is 100,000 Antes, above any win
    // (at most 4 + 1 + 1 + 500 Antes on blind-a): every figure is the
    // unlimited game's, for each player.
    let file = Written::new("practical-loose");
    let rule = PayoutLimitRule {
        limit: Fraction::from_int(1_000_000),
        net_of_losses: false,
        trips: None,
    };
    let ante = Fraction::from_int(10);
    let deck = deck(16);
    let players = players(&file);
    let table = blind_a();
    let river = RiverTable::build(deck, &Silent);
    let limited = solve_players_limited(&river, &table, &players, None, &rule, &ante, &Silent);
    let unlimited = solve_players(deck, &table, &players, None, &Silent);
    for ((name, l), (_, u)) in limited.iter().zip(&unlimited) {
        let (l, u) = (PlayerFigures::of(name, l), PlayerFigures::of(name, u));
        assert_eq!(l.house_edge, u.house_edge, "{name}");
        assert_eq!(l.average_total_wager, u.average_total_wager, "{name}");
        assert_eq!(l.variance, u.variance, "{name}");
    }
}

#[test]
fn economics_refuses_a_payout_limit_it_cannot_price_in_one_line() {
    // Before, clap refused the unknown flag in several lines.
    for (args, says) in [
        (
            &[
                "--payout-limit",
                "0",
                "--ante",
                "10",
                "--wager",
                "base-game",
            ][..],
            "--payout-limit 0: the amount must be more than $0",
        ),
        (
            &[
                "--payout-limit",
                "-5",
                "--ante",
                "10",
                "--wager",
                "base-game",
            ],
            "--payout-limit -5",
        ),
        (
            &["--payout-limit", "5000", "--wager", "base-game"],
            "--payout-limit needs --ante",
        ),
        (
            &["--payout-limit", "5000", "--ante", "10", "--no-base-game"],
            "the limit applies to the base game",
        ),
        (
            &["--payout-limit-net", "--wager", "base-game"],
            "--payout-limit-net goes with --payout-limit",
        ),
    ] {
        let mut all = vec!["economics"];
        all.extend(args);
        let out = uth_edge(&all);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{all:?}: {err}");
        assert!(err.contains(says), "{all:?}: {err}");
        assert!(stdout(&out).is_empty(), "{all:?}");
    }
}

/// The exact figure `key` of a JSON object.
pub(crate) fn exact(v: &serde_json::Value, key: &str) -> Fraction {
    Fraction::parse(v[key].as_str().expect("an exact figure")).expect("a fraction")
}

#[test]
fn economics_under_a_limit_gives_each_player_the_game_figure_under_it() {
    // Full-deck solves (four): long tests only; the analysis is checked
    // against the brute force above on the 16-card deck. Here the wiring:
    // the mix's players and every seat optimal under the limit are what
    // `game --strategy wizard --payout-limit` and `game --payout-limit`
    // compute, and the mix is their average.
    if !long_tests() {
        return;
    }
    let json = |args: &[&str]| json_under(&["--payout-limit", "5000", "--ante", "1000"], args);
    let economics = json(&[
        "economics",
        "--wager",
        "base-game",
        "--players",
        "optimal:40%,wizard:60%",
    ]);
    let mix = &economics["player_mix"][0];
    let wizard = json(&["game", "--strategy", "wizard"]);
    let optimal = json(&["game"]);
    let w = exact(&wizard["results"][0], "house_edge_exact");
    let o = exact(&optimal["results"][0], "house_edge_exact");
    assert_eq!(exact(&mix["players"][1], "house_edge_exact"), w);
    assert_eq!(exact(&mix["all_optimal"], "house_edge_exact"), o);
    assert_eq!(
        exact(&mix["mix"], "house_edge_exact"),
        Fraction::new(2, 5) * o.clone() + Fraction::new(3, 5) * w
    );
    assert_eq!(
        exact(&economics["tables"][0]["wagers"][0], "house_edge_exact"),
        o
    );
    assert_eq!(economics["payout_limit"]["limit_exact"], "5000");
}

#[test]
fn the_reports_practical_hold_under_a_limit_is_game_strategy_under_it() {
    // Full-deck solves (five): long tests only. The wiring of `report
    // --strategies --payout-limit`: the part's wizard figure at the Ante
    // is `game --strategy wizard --payout-limit`'s, its optimal figure the
    // limited solve's (`game --payout-limit`), not the unlimited game's.
    if !long_tests() {
        return;
    }
    let limit = [
        "--payout-limit",
        "5000",
        "--ante",
        "1000",
        "--format",
        "json",
    ];
    let json = |args: &[&str]| -> serde_json::Value {
        let mut all = args.to_vec();
        all.extend(limit);
        let out = uth_edge(&all);
        assert!(out.status.success(), "{all:?}: {}", stderr(&out));
        serde_json::from_str(&stdout(&out)).expect("JSON")
    };
    let report = json(&[
        "report",
        "--paytable",
        "blind-a",
        "--strategies",
        "optimal,wizard",
        "--cross-check-hands",
        "0",
    ]);
    let hold = &report["practical_hold"][0];
    assert_eq!(hold["payout_limit"]["ante_exact"], "1000");
    let wizard = json(&["game", "--strategy", "wizard"]);
    let optimal = json(&["game"]);
    let strategies = &hold["strategies"];
    assert_eq!(
        exact(&strategies[0], "house_edge_exact"),
        exact(&optimal["results"][0], "house_edge_exact")
    );
    assert_eq!(
        exact(&strategies[1], "house_edge_exact"),
        exact(&wizard["results"][0], "house_edge_exact")
    );
}

#[test]
fn the_reports_practical_part_says_whether_its_figures_count_the_trips_wager() {
    // The report's practical hold under a limit is priced as `game
    // --payout-limit` prices it: with the Trips wager of `--trips` and
    // `--trips-amount` under the one cap (the first test: the strategies
    // under `binding()`, whose rule has Trips, equal the brute force
    // settled with Trips), else the base game alone. The part says which,
    // in one sentence (before, neither: its heading named the Trips wager
    // only when there was one).
    let (rule, ante) = binding();
    let players = vec![Player::Optimal];
    let river = RiverTable::build(deck(16), &Silent);
    let table = blind_a();
    for (rule, says) in [
        (
            rule.clone(),
            "each figure covers the base game and the Trips wager together",
        ),
        (
            PayoutLimitRule {
                trips: None,
                ..rule
            },
            "The figures are the base game's alone: no Trips wager is counted under the limit",
        ),
    ] {
        let solved = solve_players_limited(&river, &table, &players, None, &rule, &ante, &Silent);
        let mut hold = practical_hold(&players, None, &solved, &solved[0].1);
        hold.limit = Some(LimitAssumed::of(&rule, &ante));
        let section = uth_edge::report::players::practical_section(&[hold]);
        let document = uth_edge::report::document::Document {
            sections: vec![section],
            ..Default::default()
        };
        let mut bytes = Vec::new();
        uth_edge::report::render(uth_edge::report::Format::Markdown, &document, &mut bytes)
            .expect("rendered");
        let text = String::from_utf8(bytes).expect("UTF-8");
        assert!(text.contains(says), "{says}: {text}");
    }
}

/// `uth-edge ARGS LIMIT --format json`, asserted to succeed, parsed.
pub(crate) fn json_under(limit: &[&str], args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(limit);
    all.extend(["--format", "json"]);
    let out = uth_edge(&all);
    assert!(out.status.success(), "{all:?}: {}", stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("JSON")
}
