//! `uth-edge what-if --add/--remove/--vary`: a table with lines added or
//! taken out, and a family of tables searched for a band of house edges
//! (the work: [`uth_edge::analysis::what_if::edit`] and
//! [`uth_edge::analysis::what_if::family`]). Every flag is read and the
//! family's size checked before any computation.

use super::provenance;
use crate::cli::args::WhatIfArgs;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use uth_edge::analysis::catalog;
use uth_edge::analysis::what_if::edit::{self, LineEdit};
use uth_edge::analysis::what_if::family::{self, Rank};
use uth_edge::analysis::what_if::WhatIfError;
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::money::parse_dollars;
use uth_edge::progress::Progress;
use uth_edge::report;

/// Runs `what-if` with `--add`, `--remove` or `--vary`.
pub fn run(
    args: &WhatIfArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let usage = |e: WhatIfError| InputError::usage(e.to_string());
    let table = reader.read(&args.paytable)?;
    let amount = match &args.wager {
        Some(text) => parse_dollars("wager", text).map_err(InputError::from)?,
        None => Fraction::from_int(catalog::DEFAULT_SIX_CARD_WAGER),
    };
    let mut edits = Vec::new();
    for text in &args.remove {
        edits.push(LineEdit::Remove(
            edit::parse_hand(&table, text).map_err(usage)?,
        ));
    }
    for text in &args.add {
        edits.push(edit::parse_add(&table, text).map_err(usage)?);
    }
    let edited = edit::apply(&table, &edits).map_err(usage)?;
    let format = args.output.format;
    if args.vary.is_empty() {
        let mut out = Output::open(args.output.out.out.as_deref())?;
        let mut after = edited.clone();
        after.id = format!("{} (edited)", table.id);
        let got = family::figures_of(&[table.clone(), after], &amount, progress);
        let figures = [got[0].clone(), got[1].clone()];
        let document =
            report::what_if::edit_document(&table, &edited, &figures, provenance(reader));
        report::render(format, &document, &mut out)?;
        return out.finish().context("writing the what-if");
    }
    let varied = args
        .vary
        .iter()
        .map(|text| family::parse_vary(&edited, text))
        .collect::<Result<Vec<_>, _>>()
        .map_err(usage)?;
    for v in &varied {
        if edits.iter().any(|e| match e {
            LineEdit::Add(h, _) | LineEdit::Remove(h) => *h == v.hand,
        }) {
            return Err(InputError::usage(format!(
                "--vary {}: the line is also added or taken out; vary it alone (its values may include out)",
                v.hand.name()
            ))
            .into());
        }
    }
    let band = args
        .band
        .as_deref()
        .map(|text| family::parse_band(&edited, text))
        .transpose()
        .map_err(usage)?;
    let rank = Rank::from_name(&args.rank).context("clap lists the ranks")?;
    // The size and the lines are checked before any computation.
    family::check_family(&edited, &varied).map_err(usage)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let found =
        family::search(&edited, &varied, band.as_ref(), rank, &amount, progress).map_err(usage)?;
    let document = report::what_if::family_document(
        &edited,
        &varied,
        band.as_ref(),
        rank,
        args.top,
        &found,
        provenance(reader),
    );
    report::render(format, &document, &mut out)?;
    out.finish().context("writing the what-if")
}
