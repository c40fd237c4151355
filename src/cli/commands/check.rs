//! `uth-edge check`: every published figure of the tables recomputed and
//! compared; exit code 1 when one is not reproduced.

use super::provenance;
use crate::cli::args::CheckArgs;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::{CheckSettings, TableReader};
use anyhow::Context;
use uth_edge::analysis::catalog::{self, Catalog};
use uth_edge::analysis::check;
use uth_edge::analysis::dead_check;
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::report;

/// Runs `check` (`quiet`: no notes or warnings on standard error).
pub fn run(
    args: CheckArgs,
    quiet: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let CheckSettings {
        tables,
        unpublished,
        seen,
        seen_checks,
        dead,
        dead_checks,
    } = CheckSettings::read(reader, &args)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
    let mut checks = check::check(&catalog).map_err(InputError::from)?;
    checks.extend(seen_checks);
    checks.extend(dead_checks);
    let unchecked_seen = if args.seen_results.is_none() {
        seen.len()
    } else {
        0
    };
    let unchecked_dead = if args.dead_results.is_empty() {
        dead.len()
    } else {
        0
    };
    if unchecked_seen > 0 && !quiet {
        stderr_line!(
            "note: {} published figure(s) about seen-card cases not checked: give --seen-results results/seen_cards.csv",
            seen.len()
        );
    }
    if unchecked_dead > 0 && !quiet {
        stderr_line!("{}", dead_check::not_checked_note(&dead));
    }
    let document = report::check::document(
        &checks,
        &unpublished,
        unchecked_seen + unchecked_dead,
        args.verbose,
        provenance(reader),
    );
    report::render(args.output.format, &document, &mut out).context("writing the check")?;
    out.finish().context("writing the check")?;
    if checks.is_empty() && unchecked_seen + unchecked_dead == 0 && !quiet {
        stderr_line!("warning: no published figures in the pay tables given");
    }
    let (_, not_reproduced, _) = check::tally(&checks);
    if not_reproduced > 0 {
        anyhow::bail!("{not_reproduced} published figure(s) not reproduced");
    }
    Ok(())
}
