//! The dead-card solves (issue 26), per kind of symmetry of the dead set,
//! on a 28-card deck (ranks 8 to ace) for a quick reading:
//! - the partner-class solve (`exact::seen::partners`, and the preflop
//!   chart with dead cards, `analysis::dead_chart`): the river table of the
//!   deck less the partner's two cards under the renamings that keep them
//!   (`RiverTable::build_under`), then `solve_totals`, for a partner holding
//!   offsuit (2 renamings), a pair (4) and suited (6): its cost should
//!   follow 24 over the renamings; and four partner cards of four ranks
//!   and suits (the identity alone, `collude:3`'s usual class), whose
//!   river table's bytes a board (rows 16 bits an entry, docs/speed.md,
//!   "Memory") are printed;
//! - one situation solved by the seen-card engine
//!   (`exact::seen::dead_situation`): the player's two cards and the
//!   partner's two, what `collude:4` to `6`'s sampled estimate solves per
//!   draw.
//!
//! Run: `cargo bench --bench dead_cards`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use uth_edge::cards::canonical::{deck_of_ranks, Symmetry};
use uth_edge::cards::{parse_cards, CardSet};
use uth_edge::exact::game::{solve_totals, RiverTable};
use uth_edge::exact::seen::dead_situation::SituationSolver;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;

fn cards(text: &str) -> CardSet {
    CardSet::from_cards(&parse_cards(text).expect("cards"))
}

fn bench(c: &mut Criterion) {
    let table = PayTable::resolve("blind-a").expect("built-in");
    let deck = deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]);
    let mut group = c.benchmark_group("dead_cards");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (kind, partner) in [("offsuit", "AhKs"), ("pair", "AhAs"), ("suited", "AhKh")] {
        let partner = cards(partner);
        let symmetry = Symmetry::fixing(partner);
        group.bench_function(
            format!(
                "28-card deck, partner {kind} {partner} ({} renamings): build_under + solve_totals",
                symmetry.order()
            ),
            |b| {
                b.iter(|| {
                    let river = RiverTable::build_under(deck.minus(partner), &symmetry, &Silent);
                    solve_totals(&river, &table, &Silent).total_value
                })
            },
        );
    }
    let partners = cards("AhKsQdJc");
    let identity = Symmetry::fixing(partners);
    let river = RiverTable::build_under(deck.minus(partners), &identity, &Silent);
    eprintln!(
        "28-card deck less AhKsQdJc: {} boards, {} bytes a board",
        river.board_count(),
        river.size_in_bytes() / river.board_count()
    );
    drop(river);
    group.bench_function(
        "28-card deck, partners AhKsQdJc (1 renaming): build_under + solve_totals",
        |b| {
            b.iter(|| {
                let river = RiverTable::build_under(deck.minus(partners), &identity, &Silent);
                solve_totals(&river, &table, &Silent).total_value
            })
        },
    );
    let solver = SituationSolver::new(&table, deck).expect("blind-a fits the engine");
    let player = parse_cards("QdJc").expect("cards");
    let partner = cards("AhKs");
    group.bench_function(
        "28-card deck, one situation (player QdJc, partner AhKs): dead_situation",
        |b| b.iter(|| solver.solve((player[0], player[1]), partner).value),
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
