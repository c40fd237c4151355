//! `game --strategy FILE` on a small deck (`--deck N`) and under a payout
//! limit, run through the CLI, against a brute force that shares none of
//! the solver's shortcuts (issue 33: "a strategy's exact figure against a
//! brute-force enumeration on 16- and 20-card decks"): every holding,
//! flop, turn/river and dealer holding of the deck enumerated, each hand
//! played by the strategy file's own decisions and settled by the
//! settlement module (`settle_base`, or `settle_limited` under the limit),
//! beside the optimal play found by the same enumeration (the better
//! action at every point, from the sums of the ones after it): the brute
//! force and its strategy file are `deck_brute.rs`'s.

use crate::common::{long_tests, nets, nets_by, stderr, stdout, uth_edge, Nets};
use crate::deck_brute::{brute_force, edge, Written};
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::evaluator::HandCategory;
use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::{settle_limited, PayoutLimit};
use uth_edge::strategy::AsPolicy;

/// The exact figures of `game --strategy FILE --deck N --format json` and
/// `extra` flags: per result, the strategy's house edge, the optimal one
/// and the whole loss.
fn run(file: &Written, n: u32, extra: &[&str]) -> Vec<(Fraction, Fraction, Fraction)> {
    let deck = n.to_string();
    let path = file.path.to_str().expect("a UTF-8 temporary path");
    let mut args = vec!["game", "--strategy", path, "--deck", &deck];
    args.extend(extra);
    args.extend(["--format", "json"]);
    let out = uth_edge(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let exact = |v: &serde_json::Value| {
        Fraction::parse(v.as_str().expect("an exact figure")).expect("a fraction")
    };
    let results = json["results"].as_array().expect("results");
    let costs = json["strategy_costs"].as_array().expect("costs");
    assert_eq!(results.len(), costs.len());
    results
        .iter()
        .zip(costs)
        .map(|(r, c)| {
            let total = c["lost"]
                .as_array()
                .expect("the split")
                .iter()
                .find(|l| l["point"] == "total")
                .expect("the total loss");
            (
                exact(&r["house_edge_exact"]),
                exact(&c["optimal_house_edge_exact"]),
                exact(&total["value_exact"]),
            )
        })
        .collect()
}

/// The CLI's figures on the `n`-card deck against the brute force of
/// `nets` (the table's money, limited or not).
fn compare(file: &Written, n: u32, extra: &[&str], nets: &Nets) {
    let ranks: Vec<usize> = (13 - n as usize / 4..13).collect();
    let deck = deck_of_ranks(&ranks);
    let (played, optimal) = brute_force(deck, nets, &AsPolicy(&file.strategy));
    let (played, optimal) = (edge(deck, nets, played), edge(deck, nets, optimal));
    assert!(played > optimal, "the test's strategy is not optimal");
    let got = run(file, n, extra);
    assert_eq!(got.len(), 1);
    let (strategy, best, lost) = got[0].clone();
    assert_eq!(strategy, played, "the strategy's house edge on {n} cards");
    assert_eq!(best, optimal, "the optimal house edge on {n} cards");
    assert_eq!(lost, played - optimal, "the whole loss on {n} cards");
}

fn blind_a() -> PayTable {
    crate::common::blind_a()
}

#[test]
fn a_strategy_file_on_sixteen_cards_equals_a_brute_force_of_every_deal() {
    // Before `--deck` took a strategy, the run was refused (exit 2).
    let file = Written::new("16");
    compare(&file, 16, &["--blind", "blind-a"], &nets(&blind_a()));
}

#[test]
fn a_strategy_file_on_twenty_cards_equals_a_brute_force_of_every_deal() {
    // The 20-card deck (ten to ace) has straights; its brute force takes
    // tens of seconds: long tests only (the 16-card test always runs).
    if !long_tests() {
        return;
    }
    let file = Written::new("20");
    compare(&file, 20, &["--blind", "blind-a"], &nets(&blind_a()));
}

/// The limit of the limited tests: $60 at a $10 Ante is 6 Antes. On the
/// 16-card deck (jack to ace) the player's hands are mostly full houses
/// and fours of a kind; Blind A pays them 3 and 10 to 1, so a raise of 4x
/// that wins with a full house wins 1 + 4 + 3 = 8 Antes and one of 3x 7:
/// the limit binds on hands that occur, and the Trips wager ($5, half an
/// Ante, on uth-01) adds to the wins it caps, and pays after a fold.
const LIMITED: [&str; 10] = [
    "--blind",
    "blind-a",
    "--payout-limit",
    "60",
    "--ante",
    "10",
    "--trips",
    "uth-01",
    "--trips-amount",
    "5",
];

#[test]
fn a_strategy_file_under_a_binding_payout_limit_equals_a_brute_force() {
    // Before, `game --strategy --payout-limit` was refused (exit 2).
    let file = Written::new("limit");
    let trips = PayTable::resolve("uth-01").expect("built-in Trips table");
    let limit = PayoutLimit {
        per_hand: Fraction::from_int(6),
        net_of_losses: false,
        trips: Some((trips, Fraction::new(1, 2))),
    };
    let table = blind_a();
    let limited = nets_by(|round| settle_limited(&table, &limit, round).total());
    // The limit binds: some net of the table is capped on this deck's hands.
    let unlimited = nets_by(|round| {
        let mut loose = limit.clone();
        loose.per_hand = Fraction::from_int(1_000);
        settle_limited(&table, &loose, round).total()
    });
    let capped = |n: &Nets, play: usize| {
        let full_house = HandCategory::FullHouse as usize;
        Fraction::new(i128::from(n.net[play][0][full_house]), n.scale)
    };
    assert!(
        capped(&limited, 4) < capped(&unlimited, 4),
        "the limit binds"
    );
    compare(&file, 16, &LIMITED, &limited);
}
