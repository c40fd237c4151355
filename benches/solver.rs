//! The exact solver: river table plus the solve of both built-in Blind
//! tables (the `uth-edge game` job), on the full deck and on a 28-card deck
//! (ranks 8 to ace) for a quick reading; then the peak memory of the
//! process (the kernel's high-water mark, `VmHWM` in `/proc/self/status`),
//! which the full-deck solve sets.
//!
//! Run: `cargo bench --bench solver`. `uth-edge game --timing` gives the
//! same stages in one run, with the peak memory.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{solve_many, RiverTable};
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;

fn both_blind_tables(deck: CardSet) -> usize {
    let tables = [
        PayTable::resolve("blind-a").expect("built-in"),
        PayTable::resolve("blind-b").expect("built-in"),
    ];
    let river = RiverTable::build(deck, &Silent);
    solve_many(&river, &tables, &Silent).len()
}

/// The process's peak resident memory, from `/proc/self/status` (Linux).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let small = deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]);
    group.bench_function("28-card deck, blind-a + blind-b", |b| {
        b.iter(|| both_blind_tables(small))
    });
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("52-card deck, blind-a + blind-b", |b| {
        b.iter(|| both_blind_tables(CardSet::FULL_DECK))
    });
    group.finish();
    match peak_memory() {
        Some(peak) => println!("solver: peak memory of the process (VmHWM) {peak}"),
        None => println!("solver: peak memory not available (no /proc/self/status)"),
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
