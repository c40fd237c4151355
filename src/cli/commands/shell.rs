//! `uth-edge completions SHELL` and `uth-edge man`: the shell completions
//! and the manual page, generated from the command line's definition.

use crate::cli::args::Cli;
use crate::cli::output::Output;
use anyhow::Context;

/// `uth-edge completions SHELL`.
pub fn completions(shell: clap_complete::Shell) -> anyhow::Result<()> {
    let mut out = Output::open(None)?;
    let mut command = <Cli as clap::CommandFactory>::command();
    clap_complete::generate(shell, &mut command, "uth-edge", &mut out);
    out.finish().context("writing the completions")
}

/// `uth-edge man`.
pub fn man() -> anyhow::Result<()> {
    let mut out = Output::open(None)?;
    let command = <Cli as clap::CommandFactory>::command();
    clap_mangen::Man::new(command).render(&mut out)?;
    out.finish().context("writing the man page")
}
