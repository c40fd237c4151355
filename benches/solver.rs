//! The exact solver: river table plus the solve of both built-in Blind
//! tables (the `uth-edge game` job), on the full deck and on a 28-card deck
//! (ranks 8 to ace) for a quick reading; then the peak memory of the
//! process (the kernel's high-water mark, `VmHWM` in `/proc/self/status`),
//! which the full-deck solve sets. The payout limit (issue 24): one Blind
//! table solved without and with a limit of 50 Antes ($50,000 at a $1,000
//! Ante), from one river table, on both decks: a limited solve should cost
//! at most about twice an unlimited one. A strategy (issue 33): the
//! wizard's exact evaluation, alone and with its cost against the optimal
//! play, and a mix of five players, on both decks, beside the optimal
//! solve of the same table.
//!
//! Run: `cargo bench --bench solver`. `uth-edge game --timing` gives the
//! same stages in one run, with the peak memory.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{
    evaluate_policies_totals, evaluate_policy_cost, evaluate_policy_totals, solve, solve_limited,
    solve_many, solve_totals, Policy, RiverTable,
};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::PayoutLimit;
use uth_edge::strategy::{AsPolicy, FileStrategy};

fn both_blind_tables(deck: CardSet) -> usize {
    let tables = [
        PayTable::resolve("blind-a").expect("built-in"),
        PayTable::resolve("blind-b").expect("built-in"),
    ];
    let river = RiverTable::build(deck, &Silent);
    solve_many(&river, &tables, &Silent).len()
}

/// Blind table A solved without and with a payout limit of 50 Antes, from
/// one river table of `deck`.
fn limit_cases(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    deck: CardSet,
) {
    let table = PayTable::resolve("blind-a").expect("built-in");
    let limit = PayoutLimit {
        per_hand: Fraction::from_int(50),
        net_of_losses: false,
        trips: None,
    };
    let river = RiverTable::build(deck, &Silent);
    c.bench_function(
        format!("{name}, blind-a unlimited (river table built)"),
        |b| b.iter(|| solve(&river, &table, &Silent).total_value),
    );
    c.bench_function(format!("{name}, blind-a, payout limit 50 Antes"), |b| {
        b.iter(|| {
            solve_limited(&river, &table, &limit, &Silent)
                .expect("in range")
                .total_value
        })
    });
}

/// Blind table A played by the shipped wizard strategy, beside the
/// optimal solve of the same table from the same river table (issue 33: a
/// strategy's evaluation at most the optimal solve's time): the optimal
/// solve and the wizard's evaluation for their totals alone (what
/// `economics --players` asks of each player), the wizard with the
/// optimal play and what it costs in the same pass (`game --strategy`);
/// then a mix of five players (optimal and four files, `economics
/// --players`, the files evaluated two a pass): at most five optimal
/// solves.
fn strategy_cases(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    deck: CardSet,
) {
    let table = PayTable::resolve("blind-a").expect("built-in");
    let wizard = FileStrategy::builtin("wizard").expect("shipped");
    let river = RiverTable::build(deck, &Silent);
    c.bench_function(format!("{name}, blind-a, optimal solved (totals)"), |b| {
        b.iter(|| solve_totals(&river, &table, &Silent).total_value)
    });
    c.bench_function(format!("{name}, blind-a, wizard evaluated (totals)"), |b| {
        b.iter(|| evaluate_policy_totals(&river, &table, &AsPolicy(&wizard), &Silent).total_value)
    });
    c.bench_function(format!("{name}, blind-a, wizard and its cost"), |b| {
        b.iter(|| {
            evaluate_policy_cost(&river, &table, &AsPolicy(&wizard), &Silent)
                .cost
                .strategy_value
        })
    });
    let files: Vec<FileStrategy> = ["wizard", "timid", "never-4x", "pairs-and-aces"]
        .iter()
        .map(|id| FileStrategy::builtin(id).expect("shipped"))
        .collect();
    let policies: Vec<AsPolicy<FileStrategy>> = files.iter().map(AsPolicy).collect();
    let policies: Vec<&dyn Policy> = policies.iter().map(|p| p as &dyn Policy).collect();
    c.bench_function(
        format!("{name}, blind-a, mix of optimal and 4 files"),
        |b| {
            b.iter(|| {
                let optimal = solve_totals(&river, &table, &Silent).total_value;
                evaluate_policies_totals(&river, &table, &policies, &Silent)
                    .iter()
                    .fold(optimal, |sum, s| sum + s.total_value)
            })
        },
    );
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
    limit_cases(&mut group, "28-card deck", small);
    strategy_cases(&mut group, "28-card deck", small);
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("52-card deck, blind-a + blind-b", |b| {
        b.iter(|| both_blind_tables(CardSet::FULL_DECK))
    });
    limit_cases(&mut group, "52-card deck", CardSet::FULL_DECK);
    strategy_cases(&mut group, "52-card deck", CardSet::FULL_DECK);
    group.finish();
    match peak_memory() {
        Some(peak) => println!("solver: peak memory of the process (VmHWM) {peak}"),
        None => println!("solver: peak memory not available (no /proc/self/status)"),
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
