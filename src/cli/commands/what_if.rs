//! `uth-edge what-if`: the pay of one line that gives a target house edge,
//! or the house edge at each pay of a sweep.

use super::provenance;
use crate::cli::args::WhatIfArgs;
use crate::cli::output::Output;
use crate::cli::settings::{TableReader, WhatIfQuestion, WhatIfSettings};
use anyhow::Context;
use uth_edge::analysis::what_if;
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::report;

/// Runs `what-if`.
pub fn run(
    args: WhatIfArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    if !(args.add.is_empty() && args.remove.is_empty() && args.vary.is_empty()) {
        // Add or remove lines, or search a family of tables.
        return super::what_if_tools::run(&args, reader, progress);
    }
    let WhatIfSettings {
        table,
        hand,
        amount,
        question,
    } = WhatIfSettings::read(reader, &args)?;
    let usage = |e: what_if::WhatIfError| InputError::usage(e.to_string());
    let mut out = Output::open(args.output.out.out.as_deref())?;
    match question {
        WhatIfQuestion::Sweep(pays) => {
            let edges = what_if::sweep(&table, hand, &pays, &amount, progress).map_err(usage)?;
            let document =
                report::what_if::sweep_document(&table, hand, &pays, &edges, provenance(reader));
            report::render(args.output.format, &document, &mut out)?;
        }
        WhatIfQuestion::Target(target) => {
            let answer =
                what_if::target_pay(&table, hand, &target, &amount, progress).map_err(usage)?;
            let document = report::what_if::target_document(
                &table,
                hand,
                &target,
                &answer,
                provenance(reader),
            );
            report::render(args.output.format, &document, &mut out)?;
        }
    }
    out.finish().context("writing the what-if")
}
