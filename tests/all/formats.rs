//! The output formats are their exporter files: one file per
//! `report::Format` in `src/report/render/formats/` (its `mod.rs` aside), so
//! the formats `report` offers (every format: its output is a whole page)
//! are exactly those files' names (CONTRIBUTING.md). The files are normal
//! modules, which `cargo fmt` formats.

use super::common::{stdout, uth_edge};
use std::path::Path;

/// The exporter files' names, sorted.
fn exporter_names() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/report/render/formats");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "mod")
        .collect();
    names.sort();
    names
}

#[test]
fn the_formats_offered_are_the_exporter_files() {
    let files = exporter_names();
    assert!(files.len() >= 5, "the exporter files: {files:?}");
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
