//! `uth-edge what-if`, its one home: the flags ([`WhatIfArgs`]), the one
//! typed value parsed once from them ([`WhatIf`], an enum of the
//! questions: `parse.rs` for a line's pay, `parse_edit.rs` for lines added
//! or taken out and a family of tables; every edited table checked there,
//! nothing computed) and the run of each: the pay of one line that gives a
//! target house edge, the house edge at each pay of a sweep, a table with
//! lines added or taken out, or a family of tables searched for a band of
//! house edges (the work: [`uth_edge::analysis::what_if`]).

mod parse;
mod parse_edit;

use super::provenance;
use crate::cli::args::paytable::{self, PaytableArgs};
use crate::cli::args::TableJsonOutputArgs;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use clap::Args;
use uth_edge::analysis::what_if::{self, family, family::Rank, family::Varied};
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Progress;
use uth_edge::report;
use uth_edge::rules::paytable::{PayTable, PayingHand};

#[derive(Args)]
#[command(mut_args(paytable::one("The pay table: built-in id, TOML file path or `-`")))]
pub struct WhatIfArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
    /// The line to vary, by its hand name in the pay table (e.g. flush,
    /// straight, royal_flush).
    #[arg(long, value_name = "HAND", required_unless_present_any = ["add", "remove", "vary"])]
    pub hand: Option<String>,
    /// The target house edge, a percentage with its % sign: 2% (a bare 0.02
    /// is refused: write 2% or 0.02%).
    #[arg(
        long,
        value_name = "EDGE",
        allow_hyphen_values = true,
        required_unless_present_any = ["sweep", "add", "remove", "vary"],
        conflicts_with = "sweep"
    )]
    pub edge: Option<String>,
    /// Pays to try, as FROM:TO:STEP in units of "X to 1" (e.g. 3:8:0.5).
    #[arg(long, value_name = "FROM:TO:STEP")]
    pub sweep: Option<String>,
    /// Six Card Bonus: the amount wagered in dollars. Default: 5.
    #[arg(long, value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wager: Option<String>,
    /// Add a line the table lacks, HAND=PAY (45, 7.5, 3/2); repeat. Prints
    /// the exact edge before and after (with --vary: edits made first).
    #[arg(long, value_name = "HAND=PAY", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub add: Vec<String>,
    /// Take a line out (its hands then lose the wager); repeat.
    #[arg(long, value_name = "HAND", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub remove: Vec<String>,
    /// A family of tables: vary a line over HAND=VALUES, values being pays,
    /// FROM:TO:STEP ranges and `out`, comma-separated (flush=5:8:0.5,
    /// straight=3,4,out); repeat for each line (side bets; at most 100,000
    /// tables).
    #[arg(long, value_name = "HAND=VALUES", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub vary: Vec<String>,
    /// With --vary: keep the tables whose house edge lies in LOW..HIGH
    /// (2.5%..3.5%, ends included).
    #[arg(
        long,
        value_name = "LOW..HIGH",
        allow_hyphen_values = true,
        requires = "vary"
    )]
    pub band: Option<String>,
    /// With --vary: the order of the tables kept. Default: hit-frequency.
    #[arg(long, value_name = "ORDER", requires = "vary",
          value_parser = ["hit-frequency", "volatility"])]
    pub rank: Option<String>,
    /// With --vary: how many tables to print. Default: 20.
    #[arg(long, value_name = "N", requires = "vary")]
    pub top: Option<usize>,
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

/// What a `what-if` run asks, parsed once from its flags
/// ([`WhatIf::from_args`]).
pub enum WhatIf {
    /// `--hand` and `--edge`: the pay of the line that gives this house
    /// edge.
    Target { line: Line, target: Fraction },
    /// `--hand` and `--sweep`: the house edge at each of these pays.
    Sweep { line: Line, pays: Vec<Fraction> },
    /// `--add`, `--remove`: the table before and after the edits.
    Edit {
        table: PayTable,
        edited: PayTable,
        amount: Fraction,
    },
    /// `--vary` (after any `--add`, `--remove`): a family of tables
    /// searched.
    Family {
        edited: PayTable,
        amount: Fraction,
        search: FamilySearch,
    },
}

/// The line `--hand` varies: the table, its line (its name read as the
/// table's wager names it) and the amount wagered.
pub struct Line {
    pub table: PayTable,
    pub hand: PayingHand,
    pub amount: Fraction,
}

/// A family of tables (`--vary`): the lines varied, the band of house
/// edges kept, their order and how many to print.
pub struct FamilySearch {
    pub varied: Vec<Varied>,
    pub band: Option<(Fraction, Fraction)>,
    pub rank: Rank,
    pub top: usize,
}

/// Runs `what-if`.
pub fn run(
    args: WhatIfArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let question = WhatIf::from_args(&args, reader)?;
    let usage = |e: what_if::WhatIfError| InputError::usage(e.to_string());
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let document = match question {
        WhatIf::Sweep { line, pays } => {
            let Line {
                table,
                hand,
                amount,
            } = line;
            let edges = what_if::sweep(&table, hand, &pays, &amount, progress).map_err(usage)?;
            report::what_if::sweep_document(&table, hand, &pays, &edges, provenance(reader))
        }
        WhatIf::Target { line, target } => {
            let Line {
                table,
                hand,
                amount,
            } = line;
            let answer =
                what_if::target_pay(&table, hand, &target, &amount, progress).map_err(usage)?;
            report::what_if::target_document(&table, hand, &target, &answer, provenance(reader))
        }
        WhatIf::Edit {
            table,
            edited,
            amount,
        } => {
            let mut after = edited.clone();
            after.id = format!("{} (edited)", table.id);
            let got = family::figures_of(&[table.clone(), after], &amount, progress);
            let figures = [got[0].clone(), got[1].clone()];
            report::what_if::edit_document(&table, &edited, &figures, provenance(reader))
        }
        WhatIf::Family {
            edited,
            amount,
            search:
                FamilySearch {
                    varied,
                    band,
                    rank,
                    top,
                },
        } => {
            let found = family::search(&edited, &varied, band.as_ref(), rank, &amount, progress)
                .map_err(usage)?;
            report::what_if::family_document(
                &edited,
                &varied,
                band.as_ref(),
                rank,
                top,
                &found,
                provenance(reader),
            )
        }
    };
    report::render(args.output.format, &document, &mut out)?;
    out.finish().context("writing the what-if")
}
