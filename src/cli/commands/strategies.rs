//! `uth-edge strategies`: the strategies listed (the solver's and the
//! shipped files), a shipped file printed as a template, or a strategy
//! file validated and printed as read (docs/strategy-format.md). Its one
//! home: the flags ([`StrategiesArgs`], whose one typed value is the
//! action, [`StrategiesAction`], as clap reads it) and the run.

use crate::cli::output::Output;
use clap::{Args, Subcommand};
use uth_edge::error::InputError;
use uth_edge::report::document::{Block, Document, Section};
use uth_edge::report::{self, Format};
use uth_edge::strategy::file::{FileStrategy, BUILTIN};

#[derive(Args)]
pub struct StrategiesArgs {
    #[command(subcommand)]
    pub action: Option<StrategiesAction>,
}

/// What `strategies` does; without one, lists the strategies.
#[derive(Subcommand)]
pub enum StrategiesAction {
    /// Every strategy by name: the solver's and the shipped files.
    List,
    /// Prints a shipped strategy file, ready to copy and edit.
    Show {
        /// The shipped name (see `uth-edge strategies`).
        #[arg(value_name = "NAME")]
        name: String,
    },
    /// Reads a strategy file, checks it and prints it as read: the preflop
    /// chart and the flop and river rules (no solve: `game --strategy FILE`
    /// gives its figures).
    Validate {
        /// The file: a TOML path or a shipped name.
        #[arg(value_name = "FILE")]
        file: String,
    },
}

/// Runs `strategies`.
pub fn run(args: StrategiesArgs) -> anyhow::Result<()> {
    let document = match args.action.unwrap_or(StrategiesAction::List) {
        StrategiesAction::List => {
            let shipped: Vec<FileStrategy> = BUILTIN
                .iter()
                .filter_map(|(name, _)| FileStrategy::builtin(name))
                .collect();
            report::strategies::list(&shipped)
        }
        StrategiesAction::Show { name } => {
            let text = FileStrategy::builtin_text(&name).ok_or_else(|| {
                let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
                InputError::usage(format!(
                    "unknown shipped strategy '{}' (shipped: {})",
                    uth_edge::message::shown(&name),
                    names.join(", ")
                ))
            })?;
            Document {
                sections: vec![Section::of(vec![Block::Preformatted(text.to_string())])],
                ..Document::default()
            }
        }
        StrategiesAction::Validate { file } => {
            let strategy = FileStrategy::resolve(&file).map_err(InputError::from)?;
            report::strategies::validation(&strategy, &file)
        }
    };
    super::render_document(
        Format::Table,
        &document,
        Output::open(None)?,
        "the strategies",
    )
}
