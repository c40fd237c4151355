//! The brute force of a strategy on a small deck that shares none of the
//! solver's shortcuts, for the tests that check the solver's figures of a
//! fixed strategy against it (`strategy_deck.rs`: `game --strategy
//! --deck`; `practical_limit.rs`: the players under a payout limit): every
//! holding, flop, turn/river and dealer holding of the deck enumerated,
//! each hand played by the strategy's own decisions and settled by the
//! nets the test gives (`settle_base`, or `settle_limited` under a limit),
//! beside the optimal play found by the same enumeration; and a strategy
//! file the code never shipped ([`FILE`], written by [`Written`]).

use crate::common::{outcome, Nets};
use rayon::prelude::*;
use std::collections::HashMap;
use uth_edge::cards::canonical::for_each_subset;
use uth_edge::cards::{choose, CardSet};
use uth_edge::evaluator::evaluate;
use uth_edge::exact::game::{Decision, Policy};
use uth_edge::fraction::Fraction;
use uth_edge::strategy::FileStrategy;

/// A strategy never shipped, with rules on several predicates: preflop
/// ranges; flop rules on the made hand, a hole card pairing the board with
/// its rank, a flush draw; river rules on a pocket pair, a hole card
/// pairing the board with few dealer outs (ties counted), a lone ace
/// kicker.
pub const FILE: &str = r#"
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
pub struct Written {
    pub path: std::path::PathBuf,
    pub strategy: FileStrategy,
}

impl Written {
    pub fn new(tag: &str) -> Written {
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
pub fn brute_force(deck: CardSet, nets: &Nets, policy: &dyn Policy) -> (i128, i128) {
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
pub fn edge(deck: CardSet, nets: &Nets, value: i128) -> Fraction {
    let n = deck.len() as u64;
    let sequences = choose(n, 2) * choose(n - 2, 3) * choose(n - 5, 2) * choose(n - 7, 2);
    -Fraction::new(value, nets.scale * sequences as i128)
}
