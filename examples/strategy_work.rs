//! One piece of the exact solver's work on a small deck, for counting its
//! instructions under callgrind (repeatable on a shared machine, where
//! times are not; docs/speed-strategies.md): the optimal
//! solve of Blind table A, a strategy file's exact evaluation (totals), or
//! its evaluation with what it costs, or a mix of five players (the optimal
//! solve and four shipped files, as `economics --players` evaluates them),
//! each after the river table is built.
//!
//! ```sh
//! cargo build --release --example strategy_work
//! valgrind --tool=callgrind target/release/examples/strategy_work cost wizard 28
//! ```
//!
//! Arguments: `optimal`, `totals`, `cost`, `mix` or `river` (the table
//! alone); a strategy (a shipped name or a file, read for `totals` and
//! `cost` only; the mix's files are wizard, timid, never-4x and
//! pairs-and-aces); the deck's size (the highest cards, a
//! multiple of 4 from 16 to 52; default 28). Prints the value summed over
//! the sequences (a check that the work was done, not a figure to quote).

use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::exact::game::RiverTable;
use uth_edge::exact::game::{
    evaluate_policies_totals, evaluate_policy_cost, evaluate_policy_totals, solve_totals, Policy,
};
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::{AsPolicy, FileStrategy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: strategy_work river|optimal|totals|cost|mix [STRATEGY] [DECK]";
    let work = args.first().expect(usage).as_str();
    let name = args.get(1).map_or("wizard", String::as_str);
    let size: usize = args.get(2).map_or(Ok(28), |s| s.parse()).expect(usage);
    assert!(
        size.is_multiple_of(4) && (16..=52).contains(&size),
        "a deck of 16 to 52 cards, a multiple of 4"
    );
    let ranks: Vec<usize> = (13 - size / 4..13).collect();
    let deck = deck_of_ranks(&ranks);
    let table = PayTable::resolve("blind-a").expect("built-in");
    let strategy = FileStrategy::resolve(name).unwrap_or_else(|e| panic!("{e}"));
    let river = RiverTable::build(deck, &Silent);
    let value = match work {
        "optimal" => solve_totals(&river, &table, &Silent).total_value,
        "totals" => {
            evaluate_policy_totals(&river, &table, &AsPolicy(&strategy), &Silent).total_value
        }
        "cost" => {
            evaluate_policy_cost(&river, &table, &AsPolicy(&strategy), &Silent)
                .cost
                .strategy_value
        }
        "mix" => {
            let files: Vec<FileStrategy> = ["wizard", "timid", "never-4x", "pairs-and-aces"]
                .iter()
                .map(|id| FileStrategy::builtin(id).expect("shipped"))
                .collect();
            let policies: Vec<AsPolicy<FileStrategy>> = files.iter().map(AsPolicy).collect();
            let policies: Vec<&dyn Policy> = policies.iter().map(|p| p as &dyn Policy).collect();
            let optimal = solve_totals(&river, &table, &Silent).total_value;
            evaluate_policies_totals(&river, &table, &policies, &Silent)
                .iter()
                .fold(optimal, |sum, s| sum + s.total_value)
        }
        // The river table alone, the part every other work shares.
        "river" => river.board_count() as i128,
        _ => panic!("{usage}"),
    };
    println!("{work} {name} on {size} cards: {value}");
}
