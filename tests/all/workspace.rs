//! The workspace's floors and the contributors' guide that draws them.
//!
//! The compiler keeps the floors apart (the engine crate cannot name the
//! documents crate, the documents crate cannot name the binary's modules);
//! what it does not see, these tests check from data: the engine's
//! manifest asks for no command-line or rendering crate, and every file or
//! folder CONTRIBUTING.md names exists, and every module of each crate is
//! named in its drawing (a guide naming a file that is gone, or leaving a
//! module out, fails here); every path of the repository README.md and
//! docs/*.md name (in backquotes or as a link's target) exists, and so does
//! every path the comments of the tests (`tests/`) name.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The crates the engine must not depend on: the command line, the
/// progress bar, the renderers' writers, the binary and documents crate.
const NOT_IN_THE_ENGINE: &[&str] = &[
    "clap",
    "clap_complete",
    "clap_mangen",
    "indicatif",
    "csv",
    "tempfile",
    "scraper",
    "uth-edge",
];

#[test]
fn the_engine_depends_on_no_command_line_or_document_crate() {
    let text = std::fs::read_to_string(root().join("crates/engine/Cargo.toml")).unwrap();
    let manifest: toml::Table = text.parse().expect("crates/engine/Cargo.toml is TOML");
    let mut named = Vec::new();
    for table in ["dependencies", "build-dependencies"] {
        if let Some(deps) = manifest.get(table).and_then(|d| d.as_table()) {
            named.extend(deps.keys().cloned());
        }
    }
    assert!(named.iter().any(|n| n == "rayon"), "deps read: {named:?}");
    let wrong: Vec<&String> = named
        .iter()
        .filter(|n| NOT_IN_THE_ENGINE.contains(&n.as_str()))
        .collect();
    assert!(wrong.is_empty(), "the engine depends on {wrong:?}");
}

/// Every file and folder of the workspace, relative to the root
/// (`src/cli/exit.rs`, `src/cli/`), `target/` and `.git/` left out.
fn workspace_paths() -> BTreeSet<String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name == "target" || name == ".git" {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap().to_string_lossy();
            let relative = relative.replace('\\', "/");
            if path.is_dir() {
                out.insert(format!("{relative}/"));
                walk(&path, root, out);
            } else {
                out.insert(relative);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(&root(), &root(), &mut out);
    out
}

/// Whether `name` (`cli/args.rs`, `report/`, `formats/html.rs`) is the end
/// of some path of the workspace.
fn names_something(name: &str, paths: &BTreeSet<String>) -> bool {
    paths.iter().any(|p| {
        let p = if name.ends_with('/') {
            p.as_str()
        } else {
            p.trim_end_matches('/')
        };
        p == name || p.ends_with(&format!("/{name}"))
    })
}

fn contributing() -> String {
    std::fs::read_to_string(root().join("CONTRIBUTING.md")).expect("CONTRIBUTING.md")
}

#[test]
fn every_path_the_contributors_guide_names_exists() {
    let paths = workspace_paths();
    let text = contributing();
    let mut checked = 0;
    let mut missing = Vec::new();
    for (i, span) in text.split('`').enumerate() {
        // Odd pieces are inside backquotes; templates (`<command>`, `*`)
        // and commands (a space) name no one file.
        let looks_like_path = span.contains('/') || span.ends_with(".rs") || span.ends_with(".md");
        if i % 2 == 0
            || !looks_like_path
            || span.contains(['<', '*', ' ', ':', '='])
            || span.starts_with("//")
        {
            continue;
        }
        checked += 1;
        if !names_something(span, &paths) {
            missing.push(span.to_string());
        }
    }
    assert!(checked > 20, "paths checked: {checked}");
    assert!(
        missing.is_empty(),
        "CONTRIBUTING.md names what does not exist: {missing:?}"
    );
}

/// The names a line of the `text` drawings of CONTRIBUTING.md starts
/// with (`cards/`, `money.rs`, `main.rs, cli/`): the modules it draws.
fn drawn_modules(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for block in text.split("```text\n").skip(1) {
        let block = block.split("```").next().unwrap();
        for line in block.lines() {
            // A name starts in the first column, or in the third when it
            // continues the names of the line before (`settings.rs,` then
            // `  settings/`); descriptions are indented further.
            let line = line.strip_prefix("  ").unwrap_or(line);
            if line.starts_with(' ') {
                continue;
            }
            names.extend(
                line.split_whitespace()
                    .map(|w| w.trim_end_matches(','))
                    .take_while(|w| w.ends_with(".rs") || w.ends_with('/'))
                    .map(str::to_string),
            );
        }
    }
    names
}

#[test]
fn every_module_of_each_crate_is_drawn_in_the_contributors_guide() {
    let drawn = drawn_modules(&contributing());
    let mut left_out = Vec::new();
    for src in [root().join("src"), root().join("crates/engine/src")] {
        for entry in std::fs::read_dir(&src).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let name = if path.is_dir() {
                format!("{name}/")
            } else {
                name
            };
            if name == "lib.rs" || !(name.ends_with('/') || name.ends_with(".rs")) {
                continue;
            }
            if !drawn.contains(&name) {
                left_out.push(format!("{}: {name}", src.display()));
            }
        }
    }
    assert!(drawn.len() > 15, "modules drawn: {drawn:?}");
    assert!(
        left_out.is_empty(),
        "modules CONTRIBUTING.md does not draw: {left_out:?}"
    );
    let paths = workspace_paths();
    let gone: Vec<&String> = drawn
        .iter()
        .filter(|name| !names_something(name, &paths))
        .collect();
    assert!(gone.is_empty(), "drawn but gone: {gone:?}");
}

/// The folders of the repository a path named in the user's docs starts
/// with (`src/cli/exit.rs`, `paytables/blind-a.toml`, `.ci/run`).
const REPOSITORY_FOLDERS: &[&str] = &[
    "src/",
    "crates/",
    "tests/",
    "scripts/",
    "benches/",
    "paytables/",
    "strategies/",
    "results/",
    "docs/",
    "examples/",
    "fuzz/",
    ".ci/",
];

/// Whether `text` matches `pattern`, where `*` stands for any run of
/// characters (a template's `<command>` or `CASE` turned into `*`).
fn wildcard_match(pattern: &str, text: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == text,
        Some((head, rest)) => {
            let Some(tail) = text.strip_prefix(head) else {
                return false;
            };
            (0..=tail.len())
                .filter(|&i| tail.is_char_boundary(i))
                .any(|i| wildcard_match(rest, &tail[i..]))
        }
    }
}

/// `path` with its placeholders made wildcards: `<command>`, and
/// a word of two or more capitals (`CASE` in `dead_cards.CASE.csv`).
fn as_pattern(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(c) = rest.chars().next() {
        let word_len = rest
            .find(|c: char| !(c.is_ascii_uppercase() || c == '_'))
            .unwrap_or(rest.len());
        if c == '<' {
            let end = rest.find('>').map_or(rest.len(), |e| e + 1);
            out.push('*');
            rest = &rest[end..];
        } else if word_len >= 2 {
            out.push('*');
            rest = &rest[word_len..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The paths of the repository a Markdown text names, each with its line:
/// an inline code span starting with one of [`REPOSITORY_FOLDERS`] (its
/// first word, up to a `:` of a line number or item), and a link's target
/// that is no address or anchor, resolved from the folder `dir` of the
/// text. Fenced blocks (commands and their outputs) are left out.
fn named_paths(text: &str, dir: &str) -> Vec<(usize, String)> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            prose.push('\n');
        } else if fenced {
            prose.push('\n');
        } else {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    let line_of = |offset: usize| prose[..offset].matches('\n').count() + 1;
    let mut named = Vec::new();
    let mut offset = 0;
    for (i, span) in prose.split('`').enumerate() {
        if i % 2 == 1 {
            if REPOSITORY_FOLDERS.iter().any(|f| span.starts_with(f)) {
                let path = span.split_whitespace().next().unwrap();
                let path = path.split(':').next().unwrap();
                named.push((line_of(offset), path.to_string()));
            }
        } else {
            // Links, outside code spans (where `](` is only text).
            for (at, _) in span.match_indices("](") {
                if let Some(path) = link_target(&span[at + 2..], dir) {
                    named.push((line_of(offset + at), path));
                }
            }
        }
        offset += span.len() + 1;
    }
    named
}

/// The path of the repository a link's target (after its `](`) names,
/// resolved from the folder `dir` of the text: none for an address or an
/// anchor of the same page.
fn link_target(after: &str, dir: &str) -> Option<String> {
    let target = &after[..after.find(')').unwrap_or(after.len())];
    let target = target.split('#').next().unwrap().trim();
    if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in target.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "." => {}
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

#[test]
fn every_path_the_readme_and_the_docs_name_exists() {
    let paths = workspace_paths();
    let mut docs = vec![("README.md".to_string(), String::new())];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            docs.push((format!("docs/{name}"), "docs".to_string()));
        }
    }
    docs.sort();
    let mut checked = 0;
    let mut missing = Vec::new();
    for (doc, dir) in &docs {
        let text = std::fs::read_to_string(root().join(doc)).unwrap();
        for (line, path) in named_paths(&text, dir) {
            checked += 1;
            let trimmed = path.trim_end_matches('/');
            let exists = paths.contains(trimmed) || paths.contains(&format!("{trimmed}/"));
            let pattern = as_pattern(trimmed);
            let matches = pattern.contains('*')
                && paths
                    .iter()
                    .any(|p| wildcard_match(&pattern, p.trim_end_matches('/')));
            if !exists && !matches {
                missing.push(format!("{doc}:{line}: {path}"));
            }
        }
    }
    assert!(checked > 100, "paths checked: {checked}");
    assert!(
        missing.is_empty(),
        "{} of the {checked} paths the docs name do not exist:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// The paths of the repository a comment of a Rust file names, each with
/// its line: every word of a `//` comment starting with one of
/// [`REPOSITORY_FOLDERS`] (`tests/all/solver.rs`, `docs/seen-cards.md`),
/// a sentence's final period left out.
fn paths_in_comments(text: &str) -> Vec<(usize, String)> {
    let in_path = |c: char| c.is_ascii_alphanumeric() || "_./*<>-".contains(c);
    let mut named = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(at) = line.find("//") else {
            continue;
        };
        for word in line[at..].split(|c: char| !in_path(c)) {
            if REPOSITORY_FOLDERS.iter().any(|f| word.starts_with(f)) {
                named.push((i + 1, word.trim_end_matches('.').to_string()));
            }
        }
    }
    named
}

/// Whether `path`, named by a comment, is a path of the workspace: from
/// the root, or the end of one (`results/dir.rs` of `src/`, a crate's
/// `src/evaluator/builder.rs`), or a template of some (`<command>`,
/// `CASE`, `*`).
fn comment_path_exists(path: &str, paths: &BTreeSet<String>) -> bool {
    let trimmed = path.trim_end_matches('/');
    let pattern = as_pattern(trimmed);
    names_something(path, paths)
        || (pattern.contains('*')
            && paths
                .iter()
                .any(|p| wildcard_match(&pattern, p.trim_end_matches('/'))))
}

#[test]
fn every_path_the_tests_comments_name_exists() {
    // A made-up path is caught (the check can fail), a real one and a
    // template are not.
    let paths = workspace_paths();
    // (The comment is built from two pieces: this line names no path.)
    let made_up = paths_in_comments(concat!("    /", "/ see tests/all/no_such_test.rs.\n"));
    assert_eq!(made_up, [(1, "tests/all/no_such_test.rs".to_string())]);
    assert!(!comment_path_exists(&made_up[0].1, &paths));
    assert!(comment_path_exists("tests/all/solver.rs", &paths));
    assert!(comment_path_exists("src/cli/commands/<command>/", &paths));
    let mut files = Vec::new();
    crate::common::rust_files(&root().join("tests"), &mut files);
    let mut checked = 0;
    let mut missing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file.strip_prefix(root()).unwrap().to_string_lossy();
        for (line, path) in paths_in_comments(&text) {
            checked += 1;
            if !comment_path_exists(&path, &paths) {
                missing.push(format!("{name}:{line}: {path}"));
            }
        }
    }
    assert!(checked > 50, "paths checked: {checked}");
    assert!(
        missing.is_empty(),
        "{} of the {checked} paths the tests' comments name do not exist:\n{}",
        missing.len(),
        missing.join("\n")
    );
}
