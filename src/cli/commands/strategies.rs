//! `uth-edge strategies`: the strategies listed (the solver's and the
//! shipped files), a shipped file printed as a template, or a strategy
//! file validated and printed as read (docs/strategy-format.md).

use crate::cli::args::{StrategiesAction, StrategiesArgs};
use crate::cli::output::Output;
use uth_edge::error::InputError;
use uth_edge::report::document::{Block, Document, Section};
use uth_edge::report::{self, Format};
use uth_edge::strategy::file::{FileStrategy, BUILTIN};

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
