//! `uth-edge tables`: the built-in pay tables listed, one printed as a
//! template, or a pay-table file validated and its inputs printed
//! (every pay normalized) with its exact house edge at the default
//! settings (said in words when the player has the advantage). Its one
//! home: the flags ([`TablesArgs`], whose one typed value is the action,
//! [`TablesAction`], as clap reads it) and the run.

use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use clap::{Args, Subcommand};
use uth_edge::analysis::catalog::{self, Catalog};
use uth_edge::error::InputError;
use uth_edge::progress::Progress;
use uth_edge::report::document::{Block, Document, Section};
use uth_edge::report::{self, Format};
use uth_edge::rules::paytable::PayTable;

#[derive(Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    pub action: Option<TablesAction>,
}

/// What `tables` does; without one, lists the built-in tables.
#[derive(Subcommand)]
pub enum TablesAction {
    /// Every built-in pay table: id, wager and title.
    List,
    /// Prints a built-in table's TOML file, ready to copy and edit.
    Show {
        /// The built-in id (see `uth-edge tables`).
        #[arg(value_name = "ID")]
        id: String,
    },
    /// Reads a pay-table file (or `-` for standard input), checks it and
    /// prints its inputs with every pay normalized, then its exact house
    /// edge at the default settings (a Blind table: a solve of seconds).
    Validate {
        /// The file: a TOML path, a built-in id, or `-`.
        #[arg(value_name = "FILE")]
        file: String,
    },
}

/// Runs `tables`.
pub fn run(
    args: TablesArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let document = match args.action.unwrap_or(TablesAction::List) {
        TablesAction::List => {
            let tables = PayTable::builtin_ids()
                .iter()
                .map(|id| PayTable::resolve(id))
                .collect::<Result<Vec<_>, _>>()
                .map_err(InputError::from)?;
            report::tables::list(&tables)
        }
        TablesAction::Show { id } => {
            let text = PayTable::builtin_text(&id).ok_or_else(|| {
                InputError::usage(format!(
                    "unknown built-in pay table '{id}' (built-in ids: {})",
                    PayTable::builtin_ids().join(", ")
                ))
            })?;
            Document {
                sections: vec![Section::of(vec![Block::Preformatted(text.to_string())])],
                ..Document::default()
            }
        }
        TablesAction::Validate { file } => {
            let t = reader.read(&file)?;
            let source = reader.sources().pop().context("the table just read")?;
            let tables = std::slice::from_ref(&t);
            let figures = catalog::check_tables(tables)
                .map(|()| {
                    let amounts = catalog::default_wager_amounts();
                    Catalog::compute(tables, &amounts, progress).results
                })
                .map_err(|e| e.to_string());
            report::tables::validation(&t, &source.origin, &source.sha256, &figures)
        }
    };
    super::render_document(Format::Table, &document, Output::open(None)?, "the tables")
}
