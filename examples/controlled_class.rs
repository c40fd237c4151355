//! One class of the `collude:3` class sample, solved as `game --seen
//! collude:3 --samples N --by-class` solves each drawn class: the best
//! play on the full deck less the four cards given, and the control
//! strategy (`wizard`) on the same river table. It prints both exact
//! expectations per Ante and the CPU seconds of each part; its peak memory
//! (`/usr/bin/time -v`) is a controlled class solve's, without the other
//! classes of a sample (docs/collusion-cost.md). Four cards of four ranks
//! and suits keep the identity alone: the largest solve of the sample.
//!
//! ```sh
//! cargo build --release --example controlled_class
//! /usr/bin/time -v target/release/examples/controlled_class 2c3d4h5s
//! ```

use uth_edge::cards::{parse_cards, CardSet};
use uth_edge::rules::paytable::PayTable;
use uth_edge::sample::dead_classes::solve_class_timed;

fn main() {
    let Some(text) = std::env::args().nth(1) else {
        eprintln!("usage: controlled_class CARDS (four dead cards, e.g. 2c3d4h5s)");
        std::process::exit(2);
    };
    let dead = match parse_cards(&text) {
        Ok(cards) if cards.len() == 4 => CardSet::from_cards(&cards),
        _ => {
            eprintln!("controlled_class: {text}: give four cards, e.g. 2c3d4h5s");
            std::process::exit(2);
        }
    };
    let table = PayTable::resolve("blind-a").expect("the built-in Blind table");
    let class = solve_class_timed(&table, CardSet::FULL_DECK, dead);
    println!("dead cards {text}");
    println!("best play per Ante {}", class.best);
    println!("control (wizard) per Ante {}", class.control);
    eprintln!(
        "CPU s: {:.1} the best play's solve (river table included), {:.1} the control's",
        class.solve_seconds, class.control_seconds
    );
}
