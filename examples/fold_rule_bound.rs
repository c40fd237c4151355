//! The bound the README quotes on the effect of a fold rule on the Bad Beat
//! and must-beat-dealer Trips (about 30 s: builds the base game's river
//! table). Run with `cargo run --release --example fold_rule_bound`.
//!
//! If a fold lost these wagers, only the deals at a river spot where the
//! base game's optimal strategy (Blind table A) folds could change. Counting
//! every deal at such spots, as if each were reached, bounds the change of
//! the house edge. The program computes and prints the bound; nothing here
//! is typed in.

use rayon::prelude::*;
use uth_edge::cards::canonical::canonical_classes;
use uth_edge::cards::CardSet;
use uth_edge::evaluator::HandCategory;
use uth_edge::exact::game::{Payoffs, RiverTable};
use uth_edge::exact::showdown::{holding_counts, Table, RESULTS};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::{settle_bad_beat, settle_trips_against, Versus};

fn table(id: &str) -> PayTable {
    PayTable::resolve(id).expect("built-in table")
}

fn main() {
    let river = RiverTable::build(CardSet::FULL_DECK, &Silent);
    let payoffs = Payoffs::new(&table("blind-a"))
        .expect("the built-in Blind table is within the solver's range");
    let fold = payoffs.fold_value(river.dealer_hands());
    let boards = canonical_classes(CardSet::FULL_DECK, 5);
    let folded: Table = boards
        .par_iter()
        .map(|&(board, weight)| {
            let mut t: Table = [[[0; 10]; 3]; 10];
            for (a, b, c) in holding_counts(CardSet::FULL_DECK, board) {
                let (x, y) = payoffs.showdown(river.counts(board, a, b));
                if x + y > fold {
                    continue;
                }
                let row = &mut t[c.player.index()];
                for (to, from) in row.iter_mut().zip(&c.dealer) {
                    for (s, &n) in to.iter_mut().zip(from) {
                        *s += weight * n as u64;
                    }
                }
            }
            t
        })
        .reduce(
            || [[[0; 10]; 3]; 10],
            |mut x, y| {
                for (s, t) in x
                    .iter_mut()
                    .flatten()
                    .flatten()
                    .zip(y.iter().flatten().flatten())
                {
                    *s += t;
                }
                x
            },
        );
    let bound = |settle: &dyn Fn(HandCategory, Versus, HandCategory) -> Fraction| {
        let mut gain = Fraction::ZERO;
        for p in HandCategory::ALL {
            for (r, &v) in RESULTS.iter().enumerate() {
                for d in HandCategory::ALL {
                    let n = Fraction::from_int(folded[p.index()][r][d.index()] as i128);
                    gain = gain + (settle(p, v, d) + Fraction::ONE) * n;
                }
            }
        }
        gain / Fraction::from_int(2_781_381_002_400)
    };
    let bad_beat = table("bad-beat-dg");
    let florida = table("uth-florida");
    let bb = bound(&|p, v, d| settle_bad_beat(&bad_beat, p, v, d));
    let fl = bound(&|p, v, _| settle_trips_against(&florida, p, v));
    println!("Bad Beat: {bb} = {:.4}%", bb.to_f64() * 100.0);
    println!("Florida Trips: {fl} = {:.4}%", fl.to_f64() * 100.0);
}
