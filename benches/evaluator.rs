//! Evaluator throughput in the two patterns the exact solver uses.
//!
//! - `board_holdings`: a fixed five-card board, all C(47,2) = 1,081 two-card
//!   holdings added to it (the solver's inner loop). The board is prepared
//!   once, the first hole card once per outer step, the second per hand.
//! - `all_seven_card_hands`: every one of the C(52,7) = 133,784,560
//!   seven-card hands, by seven nested loops that each add one card to the
//!   hand of the loop above (an incremental [`PartialHand`]).
//!
//! Both report elements (hands evaluated) per second. Every hand's value is
//! folded into a checksum that goes through `black_box`, so no evaluation
//! can be skipped.
//!
//! Run with `cargo bench --bench evaluator`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use uth_edge::cards::{parse_cards, Card, CardSet};
use uth_edge::evaluator::{tables, PartialHand, Tables};

/// Sum of the values of every hand `board + two of rest` (`rest` being the
/// 47 cards off the board, listed once outside the measurement).
// Kept out of line: inlined into criterion's timing loop it measured ~15%
// slower (code placement), which is not the evaluator's doing.
#[inline(never)]
fn board_holdings(t: &Tables, board: CardSet, rest: &[Card]) -> u64 {
    let base = PartialHand::of(board);
    let mut sum = 0u64;
    for (i, &a) in rest.iter().enumerate() {
        let with_a = base.add(a);
        for &b in &rest[i + 1..] {
            sum += t.rank(with_a.add(b)).0 as u64;
        }
    }
    sum
}

/// Sum of the values of all 133,784,560 seven-card hands, in nested loops.
#[inline(never)]
fn all_seven_card_hands(t: &Tables) -> u64 {
    let deck: Vec<Card> = (0..52).map(Card::from_index).collect();
    let mut sum = 0u64;
    for c1 in 0..46 {
        let h1 = PartialHand::EMPTY.add(deck[c1]);
        for c2 in c1 + 1..47 {
            let h2 = h1.add(deck[c2]);
            for c3 in c2 + 1..48 {
                let h3 = h2.add(deck[c3]);
                for c4 in c3 + 1..49 {
                    let h4 = h3.add(deck[c4]);
                    for c5 in c4 + 1..50 {
                        let h5 = h4.add(deck[c5]);
                        for c6 in c5 + 1..51 {
                            let h6 = h5.add(deck[c6]);
                            for &c7 in &deck[c6 + 1..] {
                                sum += t.rank(h6.add(c7)).0 as u64;
                            }
                        }
                    }
                }
            }
        }
    }
    sum
}

fn bench(c: &mut Criterion) {
    let t = tables();
    let board = CardSet::from_cards(&parse_cards("Ah Kd 7c 7s 2h").unwrap());
    let rest = CardSet::FULL_DECK.minus(board).to_vec();
    assert_eq!(rest.len() * (rest.len() - 1) / 2, 1_081);

    let mut group = c.benchmark_group("evaluator");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));

    group.throughput(Throughput::Elements(1_081));
    group.bench_function("board_holdings", |b| {
        b.iter(|| board_holdings(t, black_box(board), &rest))
    });

    group.throughput(Throughput::Elements(133_784_560));
    group.bench_function("all_seven_card_hands", |b| {
        b.iter(|| all_seven_card_hands(black_box(t)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
