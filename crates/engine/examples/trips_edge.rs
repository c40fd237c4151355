//! The engine embedded in another program: the exact house edge of the
//! Trips wager of every built-in Trips table, from `uth_edge_engine` alone
//! (no command line, no documents crate). `cargo run --release -p
//! uth-edge-engine --example trips_edge`.

use uth_edge_engine::exact::side_bets::trips_report;
use uth_edge_engine::progress::Silent;
use uth_edge_engine::rules::paytable::{PayTable, WagerKind};

fn main() {
    let tables: Vec<PayTable> = PayTable::builtin_ids_for(WagerKind::Trips)
        .into_iter()
        .map(|id| {
            PayTable::builtin(id)
                .expect("a built-in id")
                .expect("a built-in table reads")
        })
        .collect();
    // Every seven-card hand counted once by category (133,784,560 hands),
    // and every player/dealer deal for a table whose Trips must beat the
    // dealer.
    for result in trips_report(&tables, &Silent) {
        println!(
            "{}: house edge {} = {:.4}%",
            result.paytable,
            result.house_edge,
            100.0 * result.house_edge.to_f64()
        );
    }
}
