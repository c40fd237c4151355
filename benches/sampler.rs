//! Throughput of the sampler (hands per second) and the cost of the optimal
//! oracle's lookups, on the full deck with Blind Paytable A.
//!
//! - `simulate/<strategy>`: whole simulations of 2^20 hands (16 chunks, a
//!   new seed each time) on rayon's global pool, reported as hands
//!   (elements) per second;
//!   `optimal-cheap-river` plays the optimal preflop and flop but the timid
//!   river rule, so its gap to `optimal` is what the river table costs.
//! - `oracle/*`: nanoseconds per decision on random deals: the solution's
//!   `preflop_raise`, `flop_raise` and `river_raise`, and the strategy's
//!   dense tables that replace them.
//! - `oracle/table_river` and `table_river_batch`: the strategy's river
//!   table (a 10 MB board locator, then a 22 MB bitset), one hand at a time
//!   and in batches (all locator reads, then all bit reads, so that their
//!   cache misses overlap). The deals repeat between iterations, so these
//!   reads are partly cached; `simulate/*` uses new hands every time.
//!
//! The full-deck solve and the strategy's tables are built once first
//! (the full solve, about 2 s and 0.3 GB: see `docs/speed.md`).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use uth_edge::cards::{Card, CardSet};
use uth_edge::exact::game::{solve, RiverTable, Solution};
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::sample::{simulate, SimulationConfig};
use uth_edge::strategy::{
    FileStrategy, FlopChoice, OptimalStrategy, PreflopChoice, RiverChoice, RiverQuery, Strategy,
};

fn blind_a() -> PayTable {
    PayTable::resolve("blind-a").expect("built-in table")
}

/// The optimal preflop and flop decisions with the timid river rule.
struct CheapRiver<'s>(OptimalStrategy<'s>, FileStrategy);

impl Strategy for CheapRiver<'_> {
    fn name(&self) -> &str {
        "optimal-cheap-river"
    }
    fn preflop(&self, hole: [Card; 2]) -> PreflopChoice {
        self.0.preflop(hole)
    }
    fn flop(&self, hole: [Card; 2], flop: [Card; 3]) -> FlopChoice {
        self.0.flop(hole, flop)
    }
    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        self.1.river(hole, board)
    }
    fn is_suit_symmetric(&self) -> bool {
        true
    }
}

/// Random distinct seven-card deals (hole cards first).
fn deals(n: usize) -> Vec<[Card; 7]> {
    let mut x = 0x0123_4567_89ab_cdefu64;
    (0..n)
        .map(|_| {
            let mut used = 0u64;
            std::array::from_fn(|_| loop {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let i = (x % 52) as usize;
                if used >> i & 1 == 0 {
                    used |= 1 << i;
                    break Card::from_index(i);
                }
            })
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let river = RiverTable::build(CardSet::FULL_DECK, &Silent);
    let solution: Solution = solve(&river, &blind_a(), &Silent);
    let optimal = OptimalStrategy::new(&solution);
    let cheap = CheapRiver(
        OptimalStrategy::new(&solution),
        FileStrategy::builtin("timid").unwrap(),
    );

    let hands = 1u64 << 20;
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(hands));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    let (wizard, timid) = (
        FileStrategy::builtin("wizard").unwrap(),
        FileStrategy::builtin("timid").unwrap(),
    );
    let strategies: [&dyn Strategy; 4] = [&optimal, &cheap, &wizard, &timid];
    for s in strategies {
        // A new seed for every iteration: repeating the same hands would
        // find the oracle's rows for them in the cache.
        let mut config = SimulationConfig::new(hands, blind_a());
        group.bench_function(s.name(), |b| {
            b.iter(|| {
                config.seed += 1;
                black_box(simulate(&config, s, &Silent).unwrap())
            })
        });
    }
    group.finish();

    let deals = deals(1 << 16);
    let mut group = c.benchmark_group("oracle");
    group.throughput(Throughput::Elements(deals.len() as u64));
    group.sample_size(10);
    group.bench_function("solution_preflop_raise", |b| {
        b.iter(|| {
            deals
                .iter()
                .filter(|d| solution.preflop_raise(d[0], d[1]).is_some())
                .count()
        })
    });
    group.bench_function("table_preflop", |b| {
        b.iter(|| {
            deals
                .iter()
                .filter(|d| optimal.preflop([d[0], d[1]]) != PreflopChoice::Check)
                .count()
        })
    });
    group.bench_function("solution_flop_raise", |b| {
        b.iter(|| {
            deals
                .iter()
                .filter(|d| solution.flop_raise(d[0], d[1], CardSet::from_cards(&d[2..5])))
                .count()
        })
    });
    group.bench_function("table_flop", |b| {
        b.iter(|| {
            deals
                .iter()
                .filter(|d| optimal.flop([d[0], d[1]], [d[2], d[3], d[4]]) == FlopChoice::Raise2x)
                .count()
        })
    });
    group.bench_function("solution_river_raise", |b| {
        b.iter_batched(
            || (),
            |()| {
                deals
                    .iter()
                    .filter(|d| solution.river_raise(d[0], d[1], CardSet::from_cards(&d[2..7])))
                    .count()
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("table_river", |b| {
        b.iter(|| {
            deals
                .iter()
                .filter(|d| {
                    optimal.river([d[0], d[1]], [d[2], d[3], d[4], d[5], d[6]])
                        == RiverChoice::Raise1x
                })
                .count()
        })
    });
    let queries: Vec<RiverQuery> = deals
        .iter()
        .map(|d| ([d[0], d[1]], [d[2], d[3], d[4], d[5], d[6]]))
        .collect();
    let mut choices = vec![RiverChoice::Fold; queries.len()];
    group.bench_function("table_river_batch", |b| {
        b.iter(|| {
            optimal.river_batch(&queries, &mut choices);
            choices
                .iter()
                .filter(|&&c| c == RiverChoice::Raise1x)
                .count()
        })
    });
    group.finish();
}

criterion_group!(sampler, benches);
criterion_main!(sampler);
