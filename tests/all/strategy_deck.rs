//! `game --strategy FILE` on a small deck (`--deck N`) and under a payout
//! limit, run through the CLI, against a brute force that shares none of
//! the solver's shortcuts (issue 33: "a strategy's exact figure against a
//! brute-force enumeration on 16- and 20-card decks"): every holding,
//! flop, turn/river and dealer holding of the deck enumerated, each hand
//! played by the strategy file's own decisions and settled by the
//! settlement module (`settle_base`, or `settle_limited` under the limit),
//! beside the optimal play found by the same enumeration (the better
//! action at every point, from the sums of the ones after it).

use crate::common::{long_tests, nets, nets_by, outcome, stderr, stdout, uth_edge, Nets};
use rayon::prelude::*;
use std::collections::HashMap;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::{choose, CardSet};
use uth_edge::evaluator::{evaluate, HandCategory};
use uth_edge::exact::game::{Decision, Policy};
use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::{settle_limited, PayoutLimit};
use uth_edge::strategy::{AsPolicy, FileStrategy};

/// A strategy never shipped, with rules on several predicates: preflop
/// ranges; flop rules on the made hand, a hole card pairing the board with
/// its rank, a flush draw; river rules on a pocket pair, a hole card
/// pairing the board with few dealer outs (ties counted), a lone ace
/// kicker.
const FILE: &str = r#"
name = "deck-test"
[preflop]
raise_4x = "AA, KK, AKs, AQo"
raise_3x = "QQ, KQs"
[flop]
default = "check"
[[flop.rule]]
action = "raise"
category_at_least = "two_pair"
[[flop.rule]]
action = "raise"
hole_pairs_board = true
paired_hole_rank_at_least = "K"
[[flop.rule]]
action = "raise"
flush_draw_hole_at_least = "Q"
[river]
default = "fold"
[[river.rule]]
action = "raise"
pocket_pair = true
[[river.rule]]
action = "raise"
hole_pairs_board = true
dealer_outs_below = 12
count_ties = true
[[river.rule]]
action = "raise"
kicker_at_least = "A"
category_at_most = "high_card"
"#;

/// The strategy file written for the run (a temporary file, removed when
/// dropped) and read as the brute force's decisions.
struct Written {
    path: std::path::PathBuf,
    strategy: FileStrategy,
}

impl Written {
    fn new(tag: &str) -> Written {
        let path = std::env::temp_dir().join(format!(
            "uth-edge-strategy-deck-{tag}-{}.toml",
            std::process::id()
        ));
        std::fs::write(&path, FILE).expect("the strategy file is written");
        let strategy = FileStrategy::from_toml(FILE, "deck-test.toml").expect("the file reads");
        Written { path, strategy }
    }
}

impl Drop for Written {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The value of the strategy and of the optimal play, summed over every
/// sequence of `deck`, in units of `1/nets.scale` Ante: each board's
/// dealer holdings settled at each Play (the fold as the settlement gives
/// it for the player's hand: a Trips win counts after a fold), then each
/// hand played by `policy`'s decisions; the optimal play takes the best of
/// the sums at each point.
fn brute_force(deck: CardSet, nets: &Nets, policy: &dyn Policy) -> (i128, i128) {
    let mut holes = Vec::new();
    for_each_subset(deck, 2, |h| holes.push(h));
    holes
        .par_iter()
        .map(|&hole| {
            let cards = hole.to_vec();
            let (a, b) = (cards[0], cards[1]);
            let rest = deck.minus(hole);
            // Per board: [fold, Play 1, 2, 3, 4] summed over dealer holdings.
            let mut river: HashMap<u64, [i128; 5]> = HashMap::new();
            for_each_subset(rest, 5, |board| {
                let player = evaluate(hole.union(board));
                let cat = player.category() as usize;
                let mut sums = [0i128; 5];
                for_each_subset(rest.minus(board), 2, |dealer| {
                    let o = outcome(player, evaluate(dealer.union(board)));
                    sums[0] += i128::from(nets.net[0][2][cat]);
                    for (play, sum) in sums.iter_mut().enumerate().skip(1) {
                        *sum += i128::from(nets.net[play][o][cat]);
                    }
                });
                river.insert(board.0, sums);
            });
            let preflop = match policy.preflop(a, b) {
                Decision::Raise(action) => Some(action.play() as usize),
                _ => None,
            };
            let (mut played, mut v4, mut v3, mut check) = (0i128, 0i128, 0i128, 0i128);
            for_each_subset(rest, 3, |flop| {
                let flop_raise = policy.flop_raise(a, b, flop);
                let (mut two, mut river_best) = (0i128, 0i128);
                for_each_subset(rest.minus(flop), 2, |tr| {
                    let board = flop.union(tr);
                    let r = river[&board.0];
                    let play = match preflop {
                        Some(play) => play,
                        None if flop_raise => 2,
                        None if policy.river_raise(a, b, board) => 1,
                        None => 0,
                    };
                    played += r[play];
                    v4 += r[4];
                    v3 += r[3];
                    two += r[2];
                    river_best += r[1].max(r[0]);
                });
                check += two.max(river_best);
            });
            (played, v4.max(v3).max(check))
        })
        .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1))
}

/// The house edge (per Ante) of a value summed over every sequence of
/// `deck`.
fn edge(deck: CardSet, nets: &Nets, value: i128) -> Fraction {
    let n = deck.len() as u64;
    let sequences = choose(n, 2) * choose(n - 2, 3) * choose(n - 5, 2) * choose(n - 7, 2);
    -Fraction::new(value, nets.scale * sequences as i128)
}

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
