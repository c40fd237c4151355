//! `uth-edge`: the command-line front end of the `uth_edge` library.
//!
//! Parse, run, map errors to exit codes; everything else is in [`cli`].
//! Exit codes: 0 success (also when standard output is closed early, as by
//! `| head`), 1 a failure, 2 bad input, 101 a bug (a panic). Every error is
//! one line `error: ...` on standard error. A progress bar is drawn on
//! standard error only when it is a terminal.

#![deny(clippy::print_stderr)]

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::exit::install_panic_hook();
    let cli = match cli::commands::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help, --version: print, success (a closed pipe is fine).
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            cli::exit::stderr_line!("{}", cli::exit::one_line_clap_error(&e));
            return ExitCode::from(cli::exit::INPUT);
        }
    };
    cli::exit::exit_code(cli::commands::run(cli))
}
