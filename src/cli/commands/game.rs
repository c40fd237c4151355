//! `uth-edge game`: the base game solved for each Blind table, or with
//! `--seen` the seen-card cases (game protection); with `--timing`, the
//! wall time of each stage and the peak memory on standard error.

use super::{provenance, write_results};
use crate::cli::args::GameArgs;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings;
use crate::cli::settings::LimitRun;
use crate::cli::settings::{GameSettings, TableReader};
use anyhow::Context;
use std::time::Instant;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{for_each_solution, RiverTable};
use uth_edge::exact::seen::{self, Seen};
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// Runs `game`.
pub fn run(
    args: GameArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    if args.limit.given() {
        // A payout limit per hand (COMAR 36.05.16.12F): its own solve.
        let tables = settings::paytables_for(reader, &args.blinds, WagerKind::Blind)?;
        let run = LimitRun::read(&args.limit, tables, !args.seen.is_empty(), reader)?;
        let out = Output::open(args.output.out.out.as_deref())?;
        let results = run.results(progress);
        return write_results(args.output.format, &results, &run.tables, reader, out);
    }
    let GameSettings { tables, seen } = GameSettings::read(reader, &args)?;
    if let Some(strategy) = args.strategy.as_deref().filter(|s| *s != "optimal") {
        return super::game_strategy::run(&args, strategy, &tables, reader, progress);
    }
    let out = Output::open(args.output.out.out.as_deref())?;
    if !seen.is_empty() {
        return seen_game(&args, &tables, &seen, reader, out, progress);
    }
    let results = game_results(&tables, progress, args.timing);
    write_results(args.output.format, &results, &tables, reader, out)
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

/// `uth-edge game --seen CASE`: the cases grouped by the number of dealer
/// cards seen (one enumeration serves the four community-card variants).
fn seen_game(
    args: &GameArgs,
    tables: &[PayTable],
    cases: &[Seen],
    reader: &TableReader,
    out: Output,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let mut solved = vec![];
    for table in tables {
        let mut by_dealer: Vec<Option<[seen::SeenCase; 4]>> = vec![None, None, None];
        for case in cases {
            if by_dealer[case.dealer].is_none() {
                let start = Instant::now();
                let result = seen::solve(table, CardSet::FULL_DECK, case.dealer, progress)
                    .map_err(|e| InputError::usage(e.to_string()))?;
                if args.timing {
                    stderr_line!(
                        "timing: dealer:{} ({} classes, four cases) {:.1} s, {} threads",
                        case.dealer,
                        result[0].classes,
                        start.elapsed().as_secs_f64(),
                        rayon::current_num_threads()
                    );
                }
                by_dealer[case.dealer] = Some(result);
            }
            let solved_case =
                by_dealer[case.dealer].as_ref().expect("solved")[case.variant as usize].clone();
            solved.push(solved_case);
        }
    }
    let document =
        report::seen::document(&solved, Some(provenance(reader))).context("writing the report")?;
    super::render_document(args.output.format, &document, out, "the report")
}
