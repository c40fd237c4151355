//! No source file of the workspace (`src/`, `crates/*/src/`) is over 600
//! lines (CONTRIBUTING.md, the house rules), except the files listed in [`KNOWN_LONG`] (what is left to do).

use super::common::rust_files;
use std::path::Path;

/// The most lines a source file may have.
const MOST_LINES: usize = 600;

/// Files still over [`MOST_LINES`] while being split, relative to the
/// repository's root:
/// none left (the flop pass, river table and dead-card solver were split).
const KNOWN_LONG: &[&str] = &[];

#[test]
fn no_source_file_is_over_600_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        rust_files(&krate.unwrap().path().join("src"), &mut files);
    }
    assert!(files.len() > 100, "the sources: {}", files.len());
    let mut long = Vec::new();
    for path in &files {
        let lines = std::fs::read_to_string(path).unwrap().lines().count();
        if lines > MOST_LINES {
            let name = path.strip_prefix(root).unwrap().to_string_lossy();
            long.push((name.replace('\\', "/"), lines));
        }
    }
    let new: Vec<String> = long
        .iter()
        .filter(|(name, _)| !KNOWN_LONG.contains(&name.as_str()))
        .map(|(name, lines)| format!("{name}: {lines} lines"))
        .collect();
    assert!(
        new.is_empty(),
        "over {MOST_LINES} lines (split them by what they do):\n{}",
        new.join("\n")
    );
    let gone: Vec<&str> = KNOWN_LONG
        .iter()
        .copied()
        .filter(|k| !long.iter().any(|(name, _)| name == k))
        .collect();
    assert!(
        gone.is_empty(),
        "no longer over {MOST_LINES} lines: remove from KNOWN_LONG: {gone:?}"
    );
}
