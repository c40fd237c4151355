//! `--paytable`, declared once: the pay tables a command reads, each a
//! built-in id, a TOML file path or `-` (standard input, once). Every
//! command that takes the flag flattens [`PaytableArgs`] and gives it its
//! own help (the wager it expects, its defaults) on its flags struct:
//! `#[command(mut_args(paytable::help(..)))]`, or [`one`] where the
//! command reads exactly one table.

use clap::{Arg, ArgAction, Args};

/// The id of the `--paytable` argument.
pub const ID: &str = "paytables";

/// The pay tables named with `--paytable` (repeatable unless the command
/// makes it [`one`]).
#[derive(Args)]
pub struct PaytableArgs {
    /// A pay table: built-in id, TOML file path or `-`; repeat for several.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
}

/// `--paytable` with a command's own help text, for `mut_args` (which,
/// unlike `mut_arg`, keeps the arguments' order, so completions list them
/// as before).
pub fn help(text: &'static str) -> impl FnMut(Arg) -> Arg {
    move |arg| {
        if arg.get_id() == ID {
            arg.help(text)
        } else {
            arg
        }
    }
}

/// `--paytable` given exactly once (required; a second is refused by clap)
/// with a command's own help text, for `mut_args`.
pub fn one(text: &'static str) -> impl FnMut(Arg) -> Arg {
    move |arg| {
        if arg.get_id() == ID {
            arg.help(text).required(true).action(ArgAction::Set)
        } else {
            arg
        }
    }
}
