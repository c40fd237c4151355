//! `uth-edge compare`, its one home: the flags ([`CompareArgs`]), the one
//! value parsed once from them ([`Compare`]: the tables and amounts, read
//! and checked, nothing computed) and its run: tables of any wagers side
//! by side.

use super::provenance;
use crate::cli::args::OutputArgs;
use crate::cli::output::Output;
use crate::cli::settings::{self, TableReader};
use anyhow::Context;
use clap::Args;
use uth_edge::analysis::catalog::{self, Catalog};
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::rules::paytable::PayTable;

#[derive(Args)]
pub struct CompareArgs {
    /// The pay tables: built-in ids or TOML file paths, any wagers.
    #[arg(value_name = "ID|PATH|-", required = true)]
    pub paytables: Vec<String>,
    /// Six Card Bonus tables: the amount wagered in dollars; repeat for
    /// several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What `compare` puts side by side, parsed once from its flags
/// ([`Compare::from_args`]).
pub struct Compare {
    tables: Vec<PayTable>,
    wagers: Vec<Fraction>,
}

impl Compare {
    /// Reads and checks the tables and the amounts wagered.
    fn from_args(args: &CompareArgs, reader: &mut TableReader) -> Result<Compare, InputError> {
        let tables = settings::paytables(reader, &args.paytables)?;
        let wagers = settings::wager_amounts(&args.wagers)?;
        settings::wager_meant(&args.wagers, &tables)?;
        catalog::check_tables(&tables)?;
        Ok(Compare { tables, wagers })
    }
}

/// Runs `compare`.
pub fn run(
    args: CompareArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let Compare { tables, wagers } = Compare::from_args(&args, reader)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let catalog = Catalog::compute(&tables, &wagers, progress);
    let document = report::compare::document(&catalog.results, provenance(reader))
        .context("writing the comparison")?;
    report::render(args.output.format, &document, &mut out).context("writing the comparison")?;
    out.finish().context("writing the comparison")
}
