//! The binary's house, as CONTRIBUTING.md draws it (issue 25: a
//! `cli/commands.rs` of 1,087 lines ran every command and parsed flags;
//! atomic writes were written by hand): one home per command in
//! `src/cli/commands/` (a file, or a folder whose `parse*.rs` files parse
//! its flags: issue 32), dispatched from `mod.rs`; flags parsed in
//! `cli/settings` or a command's parse files, not in its run; a single
//! output file written
//! whole by the `tempfile` crate (`cli/output.rs`), the only hand-written
//! renames those of the results directory's set (`results/dir.rs`).

use crate::common::{code_only, rust_files, stderr, stdout, uth_edge};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The lines of a source file that are code ([`code_only`]: no comments,
/// string literals emptied), without its unit tests (from `#[cfg(test)]`
/// on).
fn code(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    code_only(&text)
        .lines()
        .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
        .map(String::from)
        .collect()
}

/// The commands, as the program's man page names them.
fn commands() -> Vec<String> {
    let out = uth_edge(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .filter_map(|l| l.strip_prefix("uth\\-edge\\-"))
        .filter_map(|l| l.strip_suffix("(1)"))
        .map(|name| name.replace("\\-", "-"))
        .collect()
}

/// The file of `src/cli/commands/` that runs a command: its own name, or
/// the shared files CONTRIBUTING.md names ("side_bets.rs serves trips,
/// six-card, bad-beat and ultimate-pairs", "shell.rs (completions and
/// man)";
/// a command's folder counts as its file).
fn module_of(command: &str) -> String {
    match command {
        "trips" | "six-card" | "bad-beat" | "ultimate-pairs" => "side_bets".into(),
        "completions" | "man" => "shell".into(),
        other => other.replace('-', "_"),
    }
}

#[test]
fn every_command_has_its_file_in_cli_commands_and_one_arm_in_mod_rs() {
    let dir = src().join("cli/commands");
    assert!(
        !src().join("cli/commands.rs").exists(),
        "one file for every command is back"
    );
    let dispatch = code(&dir.join("mod.rs")).join("\n");
    let names = commands();
    assert!(names.len() >= 19, "{names:?}");
    for name in &names {
        let module = module_of(name);
        assert!(
            dir.join(format!("{module}.rs")).exists()
                || dir.join(module.as_str()).join("mod.rs").exists(),
            "{name}: no src/cli/commands/{module}.rs nor {module}/mod.rs"
        );
        let variant: String = name
            .split('-')
            .map(|w| w[..1].to_uppercase() + &w[1..])
            .collect();
        let arms: Vec<&str> = dispatch
            .split(&format!("Command::{variant}"))
            .skip(1)
            .map(|arm| arm.split("Command::").next().unwrap())
            .collect();
        assert!(!arms.is_empty(), "{name}: no arm Command::{variant}");
        assert!(
            arms.iter().any(|arm| arm.contains(&format!("{module}::"))),
            "{name}: Command::{variant} does not call {module}::"
        );
    }
}

/// Files of `src/cli/commands/` that still read flag values themselves
/// (amounts, cards, cases) outside a parse step (`cli/settings`, or the
/// `parse*.rs` files of a command's folder): none left (dead_sample,
/// money_report, payout_limit and simulate moved theirs to
/// `cli/settings/`; issue 32 moved game's and the payout limit's into
/// their folders' parse files).
const KNOWN_PARSING: &[&str] = &[];

#[test]
fn commands_take_their_values_from_settings_and_parse_no_flags() {
    // The parsers of what a user types (crates/engine/src/money.rs, crates/engine/src/cards,
    // cli/settings.rs); a call in a command means validation leaked out of
    // the settings.
    let parsers = [
        "parse_dollars(",
        "parse_amount(",
        "parse_share(",
        "parse_edge(",
        "parse_sweep(",
        "parse_cards(",
        "parse_query(",
        ".parse::<",
        ".parse()",
        "::parse(",
    ];
    let dir = src().join("cli/commands");
    let mut paths = Vec::new();
    rust_files(&dir, &mut paths);
    let mut files: Vec<String> = paths
        .iter()
        .map(|p| p.strip_prefix(&dir).unwrap().to_string_lossy().into_owned())
        .filter(|n| {
            // A command folder's parse step is where its flags are read.
            let file = n.rsplit('/').next().unwrap();
            !(n.contains('/') && file.starts_with("parse"))
        })
        .collect();
    files.sort();
    let mut parsing = Vec::new();
    for name in &files {
        let found: Vec<String> = code(&dir.join(name))
            .iter()
            .filter(|l| parsers.iter().any(|p| l.contains(p)))
            .map(|l| l.trim().to_string())
            .collect();
        if !found.is_empty() {
            parsing.push((name.clone(), found));
        }
    }
    let new: Vec<String> = parsing
        .iter()
        .filter(|(name, _)| !KNOWN_PARSING.contains(&name.as_str()))
        .map(|(name, lines)| format!("src/cli/commands/{name}: {}", lines.join(" | ")))
        .collect();
    assert!(
        new.is_empty(),
        "flags parsed in a command (read them in cli/settings):\n{}",
        new.join("\n")
    );
    let gone: Vec<&str> = KNOWN_PARSING
        .iter()
        .copied()
        .filter(|k| !parsing.iter().any(|(name, _)| name == k))
        .collect();
    assert!(
        gone.is_empty(),
        "no longer parsing flags: remove from KNOWN_PARSING: {gone:?}"
    );
}

#[test]
fn an_output_file_is_put_in_place_by_tempfile_not_by_a_hand_written_rename() {
    // The results directory renames its set's files itself (a marker names
    // them while they change, which one temporary file cannot do); any other
    // file is written whole through cli/output.rs and tempfile's persist.
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut renaming: Vec<String> = files
        .iter()
        .filter(|p| code(p).iter().any(|l| l.contains("rename(")))
        .map(|p| {
            p.strip_prefix(src())
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    renaming.sort();
    assert_eq!(renaming, ["results/dir.rs"], "hand-written renames");
    let output = code(&src().join("cli/output.rs")).join("\n");
    assert!(output.contains("tempfile::") && output.contains(".persist("));
}
