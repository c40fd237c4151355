//! No file of code of the repository is over 600 lines (CONTRIBUTING.md,
//! the house rules): the sources (`src/`, `crates/*/src/`), the tests, the
//! benches and the examples (`tests/`, `benches/`, `examples/` and the
//! crates' own), the build scripts (`build.rs`, `crates/*/build.rs`) and
//! the fuzz targets (`fuzz/`), except the files listed in [`KNOWN_LONG`]
//! (what is left to do). The golden outputs (`tests/golden/outputs/`) are
//! data, not code, and are left out. The same bound holds for the pages a
//! reader opens: `README.md`, `CONTRIBUTING.md`, `tests/golden/README.md`
//! and every `docs/*.md`; a long page is split by subject, each part
//! linked from the first (as `docs/output-formats.md`, `docs/collusion.md`
//! and `docs/speed.md` were).

use super::common::rust_files;
use std::path::{Path, PathBuf};

/// The most lines a file of code may have.
const MOST_LINES: usize = 600;

/// Files still over [`MOST_LINES`] while being split, relative to the
/// repository's root:
/// none left (the flop pass, river table and dead-card solver were split,
/// then the sampler's, seen-card, golden, Ultimate Pairs and evaluator
/// tests).
const KNOWN_LONG: &[&str] = &[];

/// The folders of code under a package's root (the repository's, a crate's).
const CODE_FOLDERS: &[&str] = &["src", "tests", "benches", "examples"];

/// Data kept among the tests, not code: the golden outputs.
const DATA: &str = "tests/golden/outputs";

/// Every `.rs` file of code of the repository, the data of [`DATA`] left out.
fn code_files(root: &Path) -> Vec<PathBuf> {
    let mut packages = vec![root.to_path_buf(), root.join("fuzz")];
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        packages.push(krate.unwrap().path());
    }
    let mut files = Vec::new();
    for package in &packages {
        for folder in CODE_FOLDERS.iter().chain(&["fuzz_targets"]) {
            if package.join(folder).is_dir() {
                rust_files(&package.join(folder), &mut files);
            }
        }
        if package.join("build.rs").is_file() {
            files.push(package.join("build.rs"));
        }
    }
    files.retain(|path| !path.starts_with(root.join(DATA)));
    files
}

/// Every page of prose a reader opens: the README, CONTRIBUTING.md, the
/// golden outputs' README and every `.md` of `docs/` (`docs/schema/` holds
/// JSON only).
fn doc_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["README.md", "CONTRIBUTING.md", "tests/golden/README.md"]
        .iter()
        .map(|name| root.join(name))
        .collect();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The files of `files` over [`MOST_LINES`], each with its line count.
fn over_the_bound(root: &Path, files: &[PathBuf]) -> Vec<(String, usize)> {
    let mut long = Vec::new();
    for path in files {
        let lines = std::fs::read_to_string(path).unwrap().lines().count();
        if lines > MOST_LINES {
            let name = path.strip_prefix(root).unwrap().to_string_lossy();
            long.push((name.replace('\\', "/"), lines));
        }
    }
    long
}

#[test]
fn no_page_of_the_docs_is_over_600_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = doc_files(root);
    // Facts of the tree: the README, the house rules and over a dozen
    // pages of docs/, among them those split by subject.
    assert!(files.len() > 15, "the pages: {}", files.len());
    for needed in [
        "README.md",
        "docs/output-formats.md",
        "docs/collusion.md",
        "docs/speed.md",
    ] {
        assert!(files.contains(&root.join(needed)), "{needed} not read");
    }
    let long: Vec<String> = over_the_bound(root, &files)
        .iter()
        .map(|(name, lines)| format!("{name}: {lines} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines (split them by subject, each part linked from the \
         first and every link to a moved section mended):\n{}",
        long.join("\n")
    );
}

#[test]
fn no_source_file_is_over_600_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = code_files(root);
    // Facts of the tree: well over a hundred sources, the integration
    // tests' one binary, the benches, the build scripts.
    assert!(files.len() > 200, "the files of code: {}", files.len());
    for needed in [
        "tests/all/main.rs",
        "benches/solver.rs",
        "build.rs",
        "crates/engine/build.rs",
    ] {
        assert!(files.contains(&root.join(needed)), "{needed} not read");
    }
    let long = over_the_bound(root, &files);
    let new: Vec<String> = long
        .iter()
        .filter(|(name, _)| !KNOWN_LONG.contains(&name.as_str()))
        .map(|(name, lines)| format!("{name}: {lines} lines"))
        .collect();
    assert!(
        new.is_empty(),
        "over {MOST_LINES} lines (split them by what they do or check):\n{}",
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
