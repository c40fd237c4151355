//! Reads a shipped strategy file N times and prints the mean time of a
//! read: what docs/speed-strategies.md ("Reading a shipped strategy file")
//! measures, under callgrind for a count of instructions that does not
//! depend on the machine's load (the difference of two runs, N = 110 and
//! N = 10, is 100 reads with the process's fixed costs taken out).
//!
//! `cargo run --release -p uth-edge-engine --example read_strategy -- wizard 2000`

use uth_edge_engine::strategy::file::FileStrategy;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "wizard".to_string());
    let reads: u32 = match args.next().map(|n| n.parse()) {
        None => 1,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("error: the number of reads: expected a whole number over 0");
            std::process::exit(2);
        }
    };
    let start = std::time::Instant::now();
    let mut published = 0;
    for _ in 0..reads {
        let Some(strategy) = FileStrategy::builtin(&name) else {
            eprintln!("error: {name}: not a shipped strategy");
            std::process::exit(2);
        };
        published += strategy.published().len();
    }
    let each = start.elapsed() / reads;
    println!("{reads} reads of {name}: {each:?} each ({published} published figures read)");
}
