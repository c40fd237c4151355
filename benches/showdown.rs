//! The player-against-dealer counts: one board's sweep, its sort (radix
//! against the standard comparison sort), and every deal of a 28-card deck.
//!
//! Run: `cargo bench --bench showdown`. `uth-edge bad-beat` runs the full
//! deck (134,459 boards) in about 1.9 s of CPU.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;
use uth_edge::cards::canonical::{canonical_classes, deck_of_ranks};
use uth_edge::cards::CardSet;
use uth_edge::exact::showdown::{board_entries, board_table, count_showdowns, sort_by_rank};
use uth_edge::progress::Silent;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("showdown");
    group.measurement_time(Duration::from_secs(5));
    // 200 boards spread over the canonical list.
    let boards: Vec<CardSet> = canonical_classes(CardSet::FULL_DECK, 5)
        .iter()
        .step_by(672)
        .map(|b| b.0)
        .collect();
    group.bench_function("board_table, 200 boards", |b| {
        b.iter(|| {
            for &board in &boards {
                black_box(board_table(CardSet::FULL_DECK, board));
            }
        })
    });
    let entries: Vec<Vec<u32>> = boards
        .iter()
        .map(|&b| board_entries(CardSet::FULL_DECK, b))
        .collect();
    group.bench_function("radix sort by rank, 200 boards", |b| {
        b.iter(|| {
            for e in &entries {
                black_box(sort_by_rank(e.clone()));
            }
        })
    });
    group.bench_function("sort_unstable, 200 boards", |b| {
        b.iter(|| {
            for e in &entries {
                let mut v = e.clone();
                v.sort_unstable();
                black_box(v);
            }
        })
    });
    group.sample_size(10);
    let small = deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]);
    group.bench_function("every deal of a 28-card deck", |b| {
        b.iter(|| count_showdowns(small, 5, &Silent))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
