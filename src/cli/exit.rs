//! Errors to exit codes, and every error as one line.
//!
//! - 0: success, also when standard output is closed early (`| head`),
//!   whatever the format (a closed pipe wrapped in the `csv` crate's error
//!   included);
//! - 1: a failure that is not the user's (or a check that did not pass);
//! - 2: bad input: the error chain holds a [`InputError`] or clap refused
//!   the command line;
//! - 101: a bug (a panic): one line, once, whatever thread panicked.
//!
//! Every line on standard error goes through [`stderr_line!`], which never
//! panics: `eprintln!` panics when standard error is a closed pipe, and the
//! panic hook's own message then panicked again (an abort, exit 134). A
//! standard error nobody reads is not a failure (`main` denies
//! `clippy::print_stderr`, so `eprintln!` cannot come back).

use std::io;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use uth_edge::error::InputError;
use uth_edge::message::error_line;

/// `eprintln!` that never panics: a write to a closed or broken standard
/// error is dropped (there is nowhere left to say anything).
macro_rules! stderr_line {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}
pub(crate) use stderr_line;

/// Exit code of bad input.
pub const INPUT: u8 = 2;
/// Exit code of a panic (Rust's own).
pub const PANIC: i32 = 101;

/// The exit code of the result of a command, after printing its error.
pub fn exit_code(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            stderr_line!("error: {}", error_line(format!("{err:#}").trim_end()));
            if err.chain().any(|e| e.is::<InputError>()) {
                ExitCode::from(INPUT)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Whether the error is a closed standard output (or a closed pipe an
/// output was written through), however deep it is wrapped: anyhow's
/// chain, an `io::Error` holding another error (as the `csv` crate's
/// errors become), a `csv::Error` holding the `io::Error`.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(is_broken_pipe_error)
}

/// [`is_broken_pipe`] for one error and what it wraps.
fn is_broken_pipe_error(e: &(dyn std::error::Error + 'static)) -> bool {
    if let Some(io) = e.downcast_ref::<io::Error>() {
        if io.kind() == io::ErrorKind::BrokenPipe {
            return true;
        }
        if let Some(inner) = io.get_ref() {
            if is_broken_pipe_error(inner) {
                return true;
            }
        }
    }
    if let Some(csv) = e.downcast_ref::<csv::Error>() {
        if let csv::ErrorKind::Io(io) = csv.kind() {
            return is_broken_pipe_error(io);
        }
    }
    e.source().is_some_and(is_broken_pipe_error)
}

/// A clap error as one line: its message and hints, without the usage.
pub fn one_line_clap_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<&str> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if !line.is_empty() {
            parts.push(line);
        }
    }
    error_line(&format!("{} (see --help)", parts.join(" ")))
}

/// Makes any panic one line on standard error and exit code 101, once:
/// the first panicking thread (of rayon's many) ends the process.
pub fn install_panic_hook() {
    static PANICKED: AtomicBool = AtomicBool::new(false);
    std::panic::set_hook(Box::new(|info| {
        if PANICKED.swap(true, Ordering::SeqCst) {
            return;
        }
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".to_string());
        let place = info
            .location()
            .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
        stderr_line!(
            "error: internal error (a bug in uth-edge, please report it): {}{place}",
            error_line(&message)
        );
        std::process::exit(PANIC);
    }));
}
