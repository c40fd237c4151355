//! Throughput of the sampler (hands per second) and the cost of the optimal
//! oracle's lookups, on the full deck with Blind Paytable A.
//!
//! - `simulate/<strategy>`: whole simulations of 2^20 hands (16 chunks, a
//!   new seed each time) on rayon's global pool, reported as hands
//!   (elements) per second;
//!   `optimal-cheap-river` plays the optimal preflop and flop but the timid
//!   river rule, so its gap to `optimal` is what the river oracle costs.
//! - `oracle/*`: nanoseconds per decision on random deals: the solution's
//!   `preflop_raise`, `flop_raise` and `river_raise`, and the strategy's
//!   dense preflop and flop tables that replace the first two.
//! - `oracle/prototype_river_bitset`: what a river decision would cost if
//!   the solver kept one bit per (canonical board, holding) (134,459 × 1,326
//!   bits, 22 MB) and located a board by sorting its four suit masks (a
//!   canonical form: boards of one suit class have the same multiset of suit
//!   masks) and one open-addressing lookup, instead of trying the 24 suit
//!   permutations and a SipHash map. The bits are zeros here: the cost of a
//!   lookup does not depend on them. A measured target for the solver, not
//!   used by the sampler.
//!
//! The full-deck solve runs once first (about 10-20 s, 3 GB).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use uth_edge::cards::{Card, CardSet};
use uth_edge::paytable::PayTable;
use uth_edge::progress::Silent;
use uth_edge::sampler::{simulate, SimulationConfig};
use uth_edge::solver::{solve, RiverTable, Solution};
use uth_edge::strategy::{
    FlopChoice, OptimalStrategy, PreflopChoice, RiverChoice, Strategy, TimidStrategy,
    WizardStrategy,
};

fn blind_a() -> PayTable {
    PayTable::resolve("blind-a").expect("built-in table")
}

/// The optimal preflop and flop decisions with the timid river rule.
struct CheapRiver<'s>(OptimalStrategy<'s>);

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
        TimidStrategy.river(hole, board)
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

/// The prototype river lookup (see the module documentation).
struct RiverBits {
    /// Open addressing: (key + 1, row) per slot, key 0 = empty.
    slots: Vec<(u64, u32)>,
    bits: Vec<u64>,
}

const WORDS: usize = 1326usize.div_ceil(64);

/// The four suit masks of `cards`, sorted (largest first), packed in 52
/// bits, and the suit renaming that sorts them.
#[inline]
fn board_key(cards: &[Card]) -> (u64, [u8; 4]) {
    let mut masks = [(0u16, 0u8), (0, 1), (0, 2), (0, 3)];
    for c in cards {
        masks[c.suit()].0 |= 1 << c.rank();
    }
    // A sorting network of five compare-exchanges.
    for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
        if masks[i].0 < masks[j].0 {
            masks.swap(i, j);
        }
    }
    let key = masks.iter().fold(0u64, |k, m| k << 13 | u64::from(m.0));
    let mut rename = [0u8; 4];
    for (new, &(_, old)) in masks.iter().enumerate() {
        rename[old as usize] = new as u8;
    }
    (key, rename)
}

impl RiverBits {
    fn new() -> RiverBits {
        let boards = uth_edge::canonical::canonical_classes(CardSet::FULL_DECK, 5);
        let mut slots = vec![(0u64, 0u32); 1 << 18];
        for (row, (board, _)) in boards.iter().enumerate() {
            let (key, _) = board_key(&board.to_vec());
            let mut i = Self::slot(key);
            while slots[i].0 != 0 {
                i = (i + 1) & (slots.len() - 1);
            }
            slots[i] = (key + 1, row as u32);
        }
        RiverBits {
            slots,
            bits: vec![0; boards.len() * WORDS],
        }
    }

    #[inline]
    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 46) as usize
    }

    #[inline]
    fn raise(&self, a: Card, b: Card, board: &[Card]) -> bool {
        let (key, rename) = board_key(board);
        let mut i = Self::slot(key);
        while self.slots[i].0 != key + 1 {
            i = (i + 1) & (self.slots.len() - 1);
        }
        let row = self.slots[i].1 as usize;
        let a = Card::new(a.rank(), rename[a.suit()] as usize);
        let b = Card::new(b.rank(), rename[b.suit()] as usize);
        let h = uth_edge::canonical::pair_index(a, b);
        self.bits[row * WORDS + h / 64] >> (h % 64) & 1 == 1
    }
}

fn benches(c: &mut Criterion) {
    let river = RiverTable::build(CardSet::FULL_DECK, &Silent);
    let solution: Solution = solve(&river, &blind_a(), &Silent);
    let optimal = OptimalStrategy::new(&solution);
    let cheap = CheapRiver(OptimalStrategy::new(&solution));

    let hands = 1u64 << 20;
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(hands));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    let strategies: [&dyn Strategy; 4] = [&optimal, &cheap, &WizardStrategy, &TimidStrategy];
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
    let prototype = RiverBits::new();
    group.bench_function("prototype_river_bitset", |b| {
        b.iter(|| {
            deals
                .iter()
                .filter(|d| prototype.raise(d[0], d[1], &d[2..7]))
                .count()
        })
    });
    group.finish();
}

criterion_group!(sampler, benches);
criterion_main!(sampler);
