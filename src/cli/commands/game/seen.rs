//! The run of `uth-edge game --seen CASE`: the seen-card cases (game
//! protection), grouped by the number of dealer cards seen (one
//! enumeration serves the four community-card variants); with `--timing`,
//! each enumeration's time on standard error. Parsed in `parse.rs`.

use crate::cli::args::OutputArgs;
use crate::cli::commands::{provenance, render_document};
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use std::time::Instant;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, Seen};
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::rules::paytable::PayTable;

/// `game --seen CASE`, checked: the cases and their Blind tables.
pub struct SeenRun {
    /// The Blind tables (default blind-a).
    pub tables: Vec<PayTable>,
    /// The seen-card cases, as given.
    pub cases: Vec<Seen>,
    /// `--timing`.
    pub timing: bool,
}

/// `uth-edge game --seen CASE`: the cases grouped by the number of dealer
/// cards seen (one enumeration serves the four community-card variants).
pub fn run(
    run: SeenRun,
    output: OutputArgs,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let SeenRun {
        tables,
        cases,
        timing,
    } = run;
    let out = Output::open(output.out.out.as_deref())?;
    let mut solved = vec![];
    for table in &tables {
        let mut by_dealer: Vec<Option<[seen::SeenCase; 4]>> = vec![None, None, None];
        for case in &cases {
            if by_dealer[case.dealer].is_none() {
                let start = Instant::now();
                let result = seen::solve(table, CardSet::FULL_DECK, case.dealer, progress)
                    .map_err(|e| InputError::usage(e.to_string()))?;
                if timing {
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
    render_document(output.format, &document, out, "the report")
}
