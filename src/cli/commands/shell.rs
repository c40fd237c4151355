//! `uth-edge completions SHELL` and `uth-edge man [COMMAND]`: the shell
//! completions and the man pages (the program's, and one per command, each
//! with its EXIT STATUS), generated from the command line's definition.
//! Their one home: the flags ([`CompletionsArgs`], [`ManArgs`]) and the
//! runs.

use super::Cli;
use crate::cli::output::Output;
use anyhow::Context;
use clap::Args;
use std::io::Write;
use uth_edge::error::InputError;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args)]
pub struct ManArgs {
    /// The command whose page to print (default: the program's, which
    /// lists the commands).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// `uth-edge completions SHELL`.
pub fn completions(args: CompletionsArgs) -> anyhow::Result<()> {
    let shell = args.shell;
    let mut out = Output::open(None)?;
    let mut command = <Cli as clap::CommandFactory>::command();
    clap_complete::generate(shell, &mut command, "uth-edge", &mut out);
    out.finish().context("writing the completions")
}

/// The EXIT STATUS section of every page (roff), as `main` maps errors to
/// exit codes.
const EXIT_STATUS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Success, also when standard output is closed early (as by \fB| head\fR).
.TP
\fB1\fR
A failure that is not the input's, or a check that did not pass (\fBcheck\fR: a published figure not reproduced; \fBresults \-\-check\fR: a file differs).
.TP
\fB2\fR
Bad input (a flag, a value, a pay table, a file): one line on standard error naming it, before any work.
.TP
\fB101\fR
A bug (a panic): one line on standard error.
"#;

/// `uth-edge man [COMMAND]`: the program's page (its SEE ALSO names each
/// command's page, `uth-edge-COMMAND(1)`), or one command's page.
pub fn man(args: ManArgs) -> anyhow::Result<()> {
    let command = args.command.as_deref();
    let mut root = <Cli as clap::CommandFactory>::command().disable_help_subcommand(true);
    root.build();
    let version = root.get_version().unwrap_or_default().to_string();
    let page = match command {
        None => root,
        Some(name) => {
            let names: Vec<&str> = root
                .get_subcommands()
                .filter(|c| !c.is_hide_set())
                .map(|c| c.get_name())
                .collect();
            let Some(sub) = root.find_subcommand(name) else {
                return Err(InputError::usage(format!(
                    "man {}: no such command (the commands: {})",
                    uth_edge::message::shown(name),
                    names.join(", ")
                ))
                .into());
            };
            let page_name = format!("uth-edge-{}", sub.get_name());
            sub.clone().display_name(page_name)
        }
    };
    let is_command = command.is_some();
    let mut man = clap_mangen::Man::new(page);
    if is_command {
        // A command's page is of the program's version (clap_mangen would
        // write the command's name without one).
        man = man.source(format!("uth-edge {}", version));
    }
    let mut out = Output::open(None)?;
    man.render(&mut out)?;
    out.write_all(EXIT_STATUS.as_bytes())?;
    out.finish().context("writing the man page")
}
