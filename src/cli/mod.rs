//! The command-line front end (binary only), in the ripgrep manner:
//! [`args`] mirrors the flags as typed, [`settings`] turns them into
//! validated settings before any work, [`commands`] runs the library and an
//! exporter, [`output`] writes standard output or a file whole,
//! [`progress_bar`] draws progress on a terminal, [`stage_log`] says the
//! slow stages in one line each when standard error is not a terminal,
//! [`exit`] maps errors to exit codes.
pub mod args;
pub mod commands;
pub mod exit;
pub mod output;
pub mod output_path;
pub mod progress_bar;
pub mod settings;
pub mod stage_log;
pub mod temporary;
