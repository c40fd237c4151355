//! Spot queries by direct enumeration, without the full solve: a river
//! decision (the dealer's 990 holdings), a flop decision (1,081
//! turn/rivers times 990 dealer holdings) and a preflop decision (the
//! holding's 2,118,760 boards, each suit orbit once, times 990 dealer
//! holdings, then 19,600 flops), Blind table A.
//!
//! Run: `cargo bench --bench spot`.

use criterion::{criterion_group, criterion_main, Criterion};
use uth_edge::cards::{parse_cards, CardSet};
use uth_edge::exact::game::spot;
use uth_edge::rules::paytable::PayTable;

fn bench(c: &mut Criterion) {
    let table = PayTable::resolve("blind-a").expect("built-in");
    let deck = CardSet::FULL_DECK;
    let cards = parse_cards("As Kd Qh 7c 2d Tc 4s").expect("cards");
    let (a, b) = (cards[0], cards[1]);
    let flop = CardSet::from_cards(&cards[2..5]);
    let board = CardSet::from_cards(&cards[2..7]);
    let mut group = c.benchmark_group("spot");
    group.bench_function("river AsKd Qh7c2dTc4s", |bench| {
        bench.iter(|| spot::river_advice(&table, deck, a, b, board).expect("in range"))
    });
    group.sample_size(20);
    group.bench_function("flop AsKd Qh7c2d", |bench| {
        bench.iter(|| spot::flop_advice(&table, deck, a, b, flop).expect("in range"))
    });
    group.sample_size(10);
    group.bench_function("preflop AsKd", |bench| {
        bench.iter(|| spot::preflop_advice(&table, deck, a, b).expect("in range"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
