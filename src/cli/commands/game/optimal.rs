//! The run of `uth-edge game` under optimal strategy: the base game solved
//! for each Blind table; with `--timing`, the wall time of each stage and
//! the peak memory on standard error.

use crate::cli::args::OutputArgs;
use crate::cli::commands::write_results;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use std::time::Instant;
use uth_edge::cards::CardSet;
use uth_edge::exact::game::{for_each_solution, RiverTable};
use uth_edge::progress::Progress;
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::PayTable;

/// Runs the base game under optimal strategy for each table.
pub fn run(
    tables: &[PayTable],
    timing: bool,
    output: OutputArgs,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let out = Output::open(output.out.out.as_deref())?;
    let results = game_results(tables, progress, timing);
    write_results(output.format, &results, tables, reader, out)
}

/// The base game solved for each Blind table (one river table for all);
/// with `timing`, the wall time of each stage and the peak memory on
/// standard error.
fn game_results(tables: &[PayTable], progress: &dyn Progress, timing: bool) -> Vec<WagerResult> {
    let start = Instant::now();
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    if timing {
        stderr_line!(
            "timing: river table (134,459 boards) {:.2} s, {} threads, peak memory so far {}",
            start.elapsed().as_secs_f64(),
            rayon::current_num_threads(),
            peak_memory().unwrap_or_else(|| "not available".into())
        );
    }
    let stage = Instant::now();
    let mut results = Vec::with_capacity(tables.len());
    for_each_solution(&river, tables, progress, |i, solution| {
        results.push(solution.summary().to_result(&tables[i]));
    });
    if timing {
        stderr_line!(
            "timing: solve {} table(s) {:.2} s",
            tables.len(),
            stage.elapsed().as_secs_f64()
        );
        stderr_line!("timing: total {:.2} s", start.elapsed().as_secs_f64());
        match peak_memory() {
            Some(peak) => stderr_line!("timing: peak memory (VmHWM) {peak}"),
            None => stderr_line!("timing: peak memory not available (no /proc/self/status)"),
        }
    }
    results
}

/// The process's peak resident memory so far, the kernel's high-water mark
/// (`VmHWM` in `/proc/self/status`, Linux only), as the kernel writes it.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}
