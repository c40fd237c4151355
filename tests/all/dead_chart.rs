//! The preflop chart with dead cards (`strategy --dead CARDS`, one solve of
//! the base-game solver on the deck less the dead cards under the suit
//! renamings that keep them) against computations that share none of its
//! shortcuts:
//! - each row against the preflop decision of its holding by the seen-card
//!   engine, one situation enumerated on the deck less the dead cards
//!   (`exact::seen::dead::preflop_advice`, itself checked against brute
//!   force in `collusion.rs`), action and every EV exactly, for dead sets of
//!   each kind of symmetry (one card; two offsuit; a pair; two suited);
//! - the base game's action of each row against the base game's own preflop
//!   spot enumeration (`exact::game::spot::preflop_advice`);
//! - the classes against the orbits of the renamings that fix the dead
//!   cards, computed here card by card;
//! - the chart's value against the per-spot best EVs weighted by the class
//!   sizes;
//! - the command line's rows against `strategy HOLE --dead CARDS` on the same
//!   deck, and its refusals (one line, exit code 2).

use crate::common::{blind_a, stderr, stdout, uth_edge};
use serde_json::Value;
use uth_edge::analysis::dead_chart::{self, DeadChart};
use uth_edge::cards::canonical::{deck_of_ranks, Symmetry};
use uth_edge::cards::{choose, parse_cards, CardSet};
use uth_edge::exact::game::spot;
use uth_edge::exact::seen::dead;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;

/// Twenty cards, ten to ace: the dealer sometimes fails to qualify.
fn twenty() -> CardSet {
    deck_of_ranks(&[8, 9, 10, 11, 12])
}

fn chart(deck: CardSet, dead: &str) -> DeadChart {
    let dead = parse_cards(dead).unwrap();
    dead_chart::solve(&blind_a(), deck, &dead, &Silent, &mut |_| {})
}

/// Checks every row of the chart of `dead` on `deck` against the per-spot
/// engines, the classes against the orbits, and the chart's value.
fn check_chart(deck: CardSet, dead_text: &str, renamings: usize) {
    let table = blind_a();
    let chart = chart(deck, dead_text);
    let dead = CardSet::from_cards(&chart.dead);
    let left = deck.minus(dead);
    assert_eq!(chart.renamings, renamings, "{dead_text}");
    // The classes: every holding of the deck less the dead cards in exactly
    // one row, each row the orbit of its holding under the renamings that
    // fix the dead cards.
    let symmetry = Symmetry::fixing(dead);
    let mut seen = std::collections::HashSet::new();
    for row in &chart.rows {
        let (a, b) = row.holding;
        let orbit: std::collections::HashSet<u64> = symmetry
            .perms()
            .iter()
            .map(|p| CardSet::from_cards(&[p.card(a), p.card(b)]).0)
            .collect();
        assert_eq!(orbit.len() as u64, row.holdings, "{dead_text} {a}{b}");
        for m in orbit {
            assert!(CardSet(m).minus(left).is_empty(), "a holding of the deck");
            assert!(seen.insert(m), "{dead_text}: holding in two rows");
        }
    }
    assert_eq!(
        seen.len() as u64,
        choose(left.len() as u64, 2),
        "{dead_text}"
    );
    // Every row against the seen-card engine's situation, and the base
    // game's action against its spot enumeration.
    let mut weighted = Fraction::from_int(0);
    for row in &chart.rows {
        let (a, b) = row.holding;
        let spot_dead = dead::preflop_advice(&table, deck, (a, b), dead).unwrap();
        assert_eq!(row.advice, spot_dead, "{dead_text}: {a}{b}");
        let base = spot::preflop_advice(&table, deck, a, b).unwrap();
        assert_eq!(row.base, base.best, "{dead_text}: {a}{b} base game");
        let best = spot_dead
            .options
            .iter()
            .find(|(d, _)| *d == spot_dead.best)
            .unwrap()
            .1
            .clone();
        weighted = weighted + Fraction::from_int(row.holdings as i128) * best;
    }
    // The chart's value: the best EV of every holding, all equally likely.
    assert_eq!(
        chart.value,
        weighted / Fraction::from_int(chart.holdings() as i128),
        "{dead_text}"
    );
    assert_eq!(
        chart.holdings_changed(),
        chart
            .rows
            .iter()
            .filter(|r| r.advice.best != r.base)
            .map(|r| r.holdings)
            .sum::<u64>()
    );
}

#[test]
fn one_dead_card_rows_are_the_per_spot_decisions() {
    // One card: the six renamings of the other three suits.
    check_chart(twenty(), "Ah", 6);
}

#[test]
fn two_offsuit_dead_cards_rows_are_the_per_spot_decisions() {
    // A♥ T♠: the identity and the swap of diamonds and clubs.
    check_chart(twenty(), "AhTs", 2);
}

#[test]
fn a_dead_pair_rows_are_the_per_spot_decisions() {
    check_chart(twenty(), "KhKs", 4);
}

#[test]
fn two_suited_dead_cards_rows_are_the_per_spot_decisions() {
    check_chart(twenty(), "QdJd", 6);
}

#[test]
fn three_dead_cards_of_three_suits_keep_the_identity_alone() {
    // Sixteen cards; no renaming but the identity keeps A♥ K♠ Q♦.
    check_chart(deck_of_ranks(&[9, 10, 11, 12]), "AhKsQd", 1);
}

#[test]
fn without_dead_cards_the_chart_is_the_base_game() {
    // No dead card: every row is the base game's preflop spot (its own
    // enumeration), no holding changes, and the value is the base game's.
    let table = blind_a();
    let deck = twenty();
    let chart = chart(deck, "");
    assert_eq!(chart.renamings, 24);
    assert_eq!(chart.holdings(), choose(20, 2));
    let mut weighted = Fraction::from_int(0);
    for row in &chart.rows {
        let (a, b) = row.holding;
        let base = spot::preflop_advice(&table, deck, a, b).unwrap();
        assert_eq!(row.advice, base, "{a}{b}");
        assert!(!row.changes(), "{a}{b}");
        let best = base.options.iter().find(|(d, _)| *d == base.best).unwrap();
        weighted = weighted + Fraction::from_int(row.holdings as i128) * best.1.clone();
    }
    // 5 pairs, 10 suited and 10 offsuit classes of five ranks.
    assert_eq!(chart.rows.len(), 25);
    let base_value = weighted / Fraction::from_int(190);
    assert_eq!(chart.value, base_value);
    assert_eq!(chart.base_value, base_value);
    assert_eq!(chart.holdings_changed(), 0);
}

/// The command's JSON output.
fn json(args: &[&str]) -> Value {
    let out = uth_edge(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn every_row_of_the_command_is_the_command_s_own_preflop_decision() {
    // `strategy --dead CARDS --deck 16` against `strategy HOLE --dead CARDS
    // --deck 16` (the seen-card engine) for every class: action and the
    // three exact EVs.
    for dead in ["Ah", "AhKs", "KhKs", "QdJd"] {
        let chart = json(&[
            "strategy", "--dead", dead, "--deck", "16", "--format", "json",
        ]);
        assert_eq!(chart["decision"], "preflop_chart_dead_cards");
        assert_eq!(chart["deck_cards"], 16);
        let rows = chart["classes"].as_array().unwrap();
        let holdings: u64 = rows.iter().map(|r| r["holdings"].as_u64().unwrap()).sum();
        assert_eq!(holdings, choose(16 - dead.len() as u64 / 2, 2), "{dead}");
        for row in rows {
            let hole = row["holding"].as_str().unwrap();
            let spot = json(&[
                "strategy", hole, "--dead", dead, "--deck", "16", "--format", "json",
            ]);
            assert_eq!(spot["best"], row["best"], "{dead} {hole}");
            for option in spot["options"].as_array().unwrap() {
                let action = option["action"].as_str().unwrap();
                assert_eq!(
                    option["ev_exact"],
                    row[format!("{action}_exact")],
                    "{dead} {hole} {action}"
                );
            }
        }
    }
}

#[test]
fn the_text_chart_marks_what_changes() {
    // A♥ T♠ out of twenty cards: the rows the library marks as changed are
    // the rows of "What changes", each saying both actions.
    let chart = chart(twenty(), "AhTs");
    let changed: Vec<String> = chart
        .rows
        .iter()
        .filter(|r| r.changes())
        .map(|r| r.cards())
        .collect();
    assert!(!changed.is_empty(), "some holding changes on twenty cards");
    let out = uth_edge(&["strategy", "--dead", "AhTs", "--deck", "20"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let (changes, rest) = text
        .split_once("What changes")
        .unwrap()
        .1
        .split_once("The chart")
        .unwrap();
    for holding in &changed {
        assert!(changes.contains(&format!(" {holding} ")), "{holding}");
    }
    assert_eq!(
        changes.lines().filter(|l| l.contains(" here, ")).count(),
        changed.len()
    );
    assert!(rest.contains(&format!(
        "holdings that change action  {} of 153",
        chart.holdings_changed()
    )));
    // The cost first, on standard error: the renamings kept.
    assert!(stderr(&out).contains("2 of the 24 suit renamings"));
}

#[test]
fn dead_card_charts_out_of_reach_are_refused_in_one_line() {
    for (args, says) in [
        (&["strategy", "--dead", "AhAh"][..], "--dead 'AhAh'"),
        (
            &["strategy", "--dead", "Ah5s", "--seen-dealer", "5c"],
            "cannot be combined",
        ),
        (
            &["strategy", "--dead", "2c3c4c5c6c7c8c9cTcJcQc"],
            "1 to 10 dead cards",
        ),
        (
            &["strategy", "--dead", "AhAsAdAcKhKsKdKc", "--deck", "16"],
            "fewer than the 9 a hand deals",
        ),
        (
            &["strategy", "--dead", "2c", "--deck", "16"],
            "not in the 16-card deck",
        ),
        (&["strategy", "--dead", "Ah", "--deck", "18"], "--deck 18"),
        (&["strategy", "--deck", "16"], "--deck goes with --dead"),
        (
            &["strategy", "AsKd", "Qh7c2d", "--dead", "Ah", "--deck", "16"],
            "not a flop or river decision",
        ),
        (
            &["strategy", "AsKd", "--dead", "Kd", "--deck", "16"],
            "--dead 'Kd': card Kd is given both",
        ),
        (
            &[
                "strategy",
                "AsKd",
                "--dead",
                "Qh",
                "--deck",
                "16",
                "--payout-limit",
                "50000",
            ],
            "--payout-limit cannot be combined",
        ),
    ] {
        let out = uth_edge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}
