//! The flags of `strategies`: the strategy files listed, one shipped file
//! printed, a file validated.

use clap::{Args, Subcommand};

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
