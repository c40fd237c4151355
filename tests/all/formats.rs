//! The output formats are their renderer files: the build script lists
//! `src/report/render/formats/*.rs`, so the formats `report` offers (every
//! format: its output is a whole page) are exactly those files' names, and
//! a format is added by adding its file (CONTRIBUTING.md). The files are
//! reached through the build script's list, not a `mod` line, so
//! `cargo fmt` does not see them: they are checked here with `rustfmt`.

use super::common::{stdout, uth_edge};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The renderer files, sorted.
fn renderer_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/report/render/formats");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_formats_offered_are_the_renderer_files() {
    let mut files: Vec<String> = renderer_files()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the renderer files: {files:?}");
    // `report --format` offers every format (its shape is the largest):
    // read its possible values from its help, as a user would.
    let help = stdout(&uth_edge(&["report", "--help"])).replace('\n', " ");
    let values = help
        .split("[possible values: ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("report --help lists the --format values");
    let mut offered: Vec<String> = values
        .split(',')
        .map(|v| v.split_whitespace().collect::<String>())
        .collect();
    offered.sort();
    assert_eq!(offered, files);
}

#[test]
fn the_renderer_files_are_formatted() {
    let out = Command::new("rustfmt")
        .args(["--edition", "2021", "--check"])
        .args(renderer_files())
        .output()
        .expect("rustfmt runs (it comes with cargo fmt)");
    assert!(
        out.status.success(),
        "rustfmt --check on src/report/render/formats/*.rs:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
