//! `uth-edge what-if --add/--remove/--vary`: a table with lines added or
//! taken out, and a family of tables searched for a band of house edges
//! (the work: [`uth_edge::analysis::what_if::edit`] and
//! [`uth_edge::analysis::what_if::family`]). Every flag is read and the
//! family's size checked before any computation, in
//! [`crate::cli::settings`] (`WhatIfEditSettings`).

use super::provenance;
use crate::cli::args::WhatIfArgs;
use crate::cli::output::Output;
use crate::cli::settings::{FamilySearch, TableReader, WhatIfEditSettings};
use anyhow::Context;
use uth_edge::analysis::what_if::family;
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::report;

/// Runs `what-if` with `--add`, `--remove` or `--vary`.
pub fn run(
    args: &WhatIfArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let WhatIfEditSettings {
        table,
        edited,
        amount,
        family,
    } = WhatIfEditSettings::read(args, reader)?;
    let format = args.output.format;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let Some(FamilySearch {
        varied,
        band,
        rank,
        top,
    }) = family
    else {
        let mut after = edited.clone();
        after.id = format!("{} (edited)", table.id);
        let got = family::figures_of(&[table.clone(), after], &amount, progress);
        let figures = [got[0].clone(), got[1].clone()];
        let document =
            report::what_if::edit_document(&table, &edited, &figures, provenance(reader));
        report::render(format, &document, &mut out)?;
        return out.finish().context("writing the what-if");
    };
    let found = family::search(&edited, &varied, band.as_ref(), rank, &amount, progress)
        .map_err(|e| InputError::usage(e.to_string()))?;
    let document = report::what_if::family_document(
        &edited,
        &varied,
        band.as_ref(),
        rank,
        top,
        &found,
        provenance(reader),
    );
    report::render(format, &document, &mut out)?;
    out.finish().context("writing the what-if")
}
