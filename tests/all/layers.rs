//! The layers of CONTRIBUTING.md hold: every `use crate::...` (and every
//! `crate::`/`super::` path in code, `uth_edge::` in the binary) of
//! `src/**/*.rs` is mapped to the module it names and to that module's
//! layer, read from the layer list of CONTRIBUTING.md itself (so the
//! drawing and the code cannot drift apart). The test fails on an import
//! of a layer further down the list (an import running back up the
//! layers) and on a circle of imports among the modules of one layer,
//! except the circles listed in [`KNOWN_CIRCLES`] (what is left to do).
//!
//! An import of a folder's `mod.rs` (`super::X`) counts as an import of
//! the module it re-exports `X` from (`pub use child::X`); an import of
//! the folder's own items (its constants) is not a circle: a folder's
//! `mod.rs` is the header of its modules.

use super::common::rust_files;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// Circles of imports inside a layer not yet taken apart, each the sorted
/// modules of one circle: none left.
const KNOWN_CIRCLES: &[&[&str]] = &[];

/// One source file: its module path (`sample::cells`) and its text.
struct Source {
    module: Vec<String>,
    text: String,
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The sources of `src/`, each with its module path: `src/lib.rs` is the
/// root (`[]`), `src/main.rs` is `main`, `src/a/mod.rs` and `src/a.rs` are
/// `a`, `src/a/b.rs` is `a::b`.
fn sources() -> Vec<Source> {
    let src = crate_dir().join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&src).expect("under src");
            let mut module: Vec<String> = relative
                .iter()
                .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a readable source");
            Source { module, text }
        })
        .collect()
}

/// The layers of CONTRIBUTING.md's drawing, in order: each line of the
/// `text` block that starts in the first column names its modules
/// (`cards/`, `money.rs`, `main.rs, cli/`) before its description.
fn layers() -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(crate_dir().join("CONTRIBUTING.md"))
        .expect("CONTRIBUTING.md is readable");
    let block = text
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("CONTRIBUTING.md draws the layers in a ```text block");
    let mut layers = Vec::new();
    for line in block.lines() {
        if line.is_empty() || line.starts_with(' ') {
            continue;
        }
        let names: Vec<String> = line
            .split_whitespace()
            .map(|w| w.trim_end_matches(','))
            .take_while(|w| w.ends_with(".rs") || w.ends_with('/'))
            .map(|w| w.trim_end_matches(".rs").trim_end_matches('/').to_string())
            .collect();
        assert!(!names.is_empty(), "a layer line names no module: {line}");
        layers.push(names);
    }
    layers
}

/// The code of a source without its comments (doc links name modules
/// without importing them) and string literals left as they are.
fn code_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect()
}

/// The `use` statements of some code, each whole (from `use` to `;`).
fn use_statements(lines: &[&str]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if current.is_none() {
            let rest = trimmed
                .strip_prefix("pub(crate) use ")
                .or_else(|| trimmed.strip_prefix("pub use "))
                .or_else(|| trimmed.strip_prefix("use "));
            if let Some(rest) = rest {
                current = Some((i, String::new()));
                let (_, s) = current.as_mut().expect("just set");
                s.push_str(rest);
            }
        } else if let Some((_, s)) = current.as_mut() {
            s.push_str(trimmed);
        }
        if current.as_ref().is_some_and(|(_, s)| s.contains(';')) {
            let (at, s) = current.take().expect("a statement");
            out.push((at, s.split(';').next().unwrap_or("").replace(' ', "")));
        }
    }
    out
}

/// The paths of a use tree (`a::{b, c::{d, e}}` gives `a::b`, `a::c::d`,
/// `a::c::e`), each as its segments (`self` and renames dropped).
fn expand(tree: &str) -> Vec<Vec<String>> {
    fn go(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
        let tree = tree.trim();
        if let Some(open) = tree.find('{') {
            let head: Vec<String> = tree[..open]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let inner = &tree[open + 1..tree.rfind('}').expect("a closing brace")];
            let mut depth = 0;
            let mut start = 0;
            let mut parts = Vec::new();
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&inner[start..]);
            let prefix: Vec<String> = prefix.iter().cloned().chain(head).collect();
            for part in parts.into_iter().filter(|p| !p.trim().is_empty()) {
                go(&prefix, part, out);
            }
        } else {
            let path = tree.split(" as ").next().unwrap_or(tree);
            let mut segments: Vec<String> = prefix.to_vec();
            segments.extend(
                path.split("::")
                    .filter(|s| !s.is_empty() && *s != "self")
                    .map(String::from),
            );
            out.push(segments);
        }
    }
    let mut out = Vec::new();
    go(&[], tree, &mut out);
    out
}

/// The module graph: each module's imports as (module imported, the item
/// named after it, if any).
struct Graph {
    modules: BTreeSet<Vec<String>>,
    /// (module, item) re-exported by `pub use path::item` → the path.
    reexports: BTreeMap<(Vec<String>, String), Vec<String>>,
    /// (importer, imported) module pairs.
    edges: BTreeSet<(Vec<String>, Vec<String>)>,
}

/// Resolves a path as written in `module` (`crate::`, `super::`, `self::`,
/// `uth_edge::` in the binary, or a child module's name) to the absolute
/// path, or `None` when it names no module of the crate (std, a crate).
fn absolute(
    module: &[String],
    in_test: bool,
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let binary = module.first().is_some_and(|m| m == "main" || m == "cli");
    let mut at: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "uth_edge" if binary => Vec::new(),
        "super" | "self" => module.to_vec(),
        name => {
            let mut child = module.to_vec();
            child.push(name.to_string());
            if modules.contains(&child) {
                module.to_vec()
            } else {
                return None;
            }
        }
    };
    // In a file's test module, `super` is the file's module.
    let mut supers_left_in_test = in_test;
    let mut rest = path;
    if matches!(first.as_str(), "crate" | "uth_edge" | "self") {
        rest = &path[1..];
    }
    while rest.first().is_some_and(|s| s == "super") {
        if supers_left_in_test {
            supers_left_in_test = false;
        } else {
            at.pop();
        }
        rest = &rest[1..];
    }
    at.extend(rest.iter().cloned());
    Some(at)
}

impl Graph {
    fn build(sources: &[Source]) -> Graph {
        let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
        let mut reexports = BTreeMap::new();
        let mut imports: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for source in sources {
            let lines = code_lines(&source.text);
            let test_from = lines
                .iter()
                .position(|l| l.starts_with("#[cfg(test)]"))
                .unwrap_or(usize::MAX);
            for (at, statement) in use_statements(&lines) {
                let is_pub = lines[at].trim_start().starts_with("pub use ");
                for path in expand(&statement) {
                    let Some(abs) = absolute(&source.module, at > test_from, &path, &modules)
                    else {
                        continue;
                    };
                    // `pub use a::b::item` in `m`: `m::item` is `a::b::item`.
                    if is_pub && abs.len() > 1 && abs[..abs.len() - 1] != source.module[..] {
                        let item = abs.last().expect("a path").clone();
                        let from = abs[..abs.len() - 1].to_vec();
                        reexports.insert((source.module.clone(), item), from);
                    }
                    imports.push((source.module.clone(), abs));
                }
            }
            // Paths written in code, outside `use` statements.
            for (i, line) in lines.iter().enumerate() {
                let trimmed = line.trim_start();
                if trimmed.starts_with("use ") || trimmed.starts_with("pub use ") {
                    continue;
                }
                for start in ["crate::", "super::", "uth_edge::"] {
                    for (pos, _) in line.match_indices(start) {
                        let before = line[..pos].chars().last();
                        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                            continue;
                        }
                        let path: Vec<String> = line[pos..]
                            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                            .next()
                            .unwrap_or("")
                            .split("::")
                            .filter(|s| !s.is_empty())
                            .map(String::from)
                            .collect();
                        if let Some(abs) = absolute(&source.module, i > test_from, &path, &modules)
                        {
                            imports.push((source.module.clone(), abs));
                        }
                    }
                }
            }
        }
        let mut graph = Graph {
            modules,
            reexports,
            edges: BTreeSet::new(),
        };
        for (from, path) in imports {
            let to = graph.module_of(&path);
            if to != from && !to.is_empty() {
                graph.edges.insert((from, to));
            }
        }
        graph
    }

    /// The module an absolute path names: its longest prefix that is a
    /// module, followed through `pub use` re-exports to the module the
    /// item comes from.
    fn module_of(&self, path: &[String]) -> Vec<String> {
        let mut path = path.to_vec();
        // A re-export of a re-export is followed too (a few steps at most).
        for _ in 0..8 {
            let mut len = path.len();
            while len > 0 && !self.modules.contains(&path[..len]) {
                len -= 1;
            }
            let module = path[..len].to_vec();
            let Some(item) = path.get(len) else {
                return module;
            };
            match self.reexports.get(&(module.clone(), item.clone())) {
                Some(source) => {
                    path = source
                        .iter()
                        .cloned()
                        .chain(path[len..].iter().cloned())
                        .collect()
                }
                None => return module,
            }
        }
        panic!("a circle of re-exports at {}", path.join("::"))
    }
}

/// A module's layer: the index in `layers` of the line naming its first
/// segment (`main` and the binary's `cli`, the crate root `[]` last).
fn layer_of(module: &[String], layers: &[Vec<String>]) -> usize {
    let Some(top) = module.first() else {
        return layers.len();
    };
    layers
        .iter()
        .position(|names| names.contains(top))
        .unwrap_or_else(|| panic!("src/{top}: in no layer of CONTRIBUTING.md's drawing"))
}

fn name(module: &[String]) -> String {
    module.join("::")
}

/// The circles among the modules of one layer: the strongly connected
/// components of more than one module (Tarjan's algorithm), an import of a
/// module's own ancestor left out (a folder's header).
fn circles(graph: &Graph, layers: &[Vec<String>]) -> Vec<Vec<String>> {
    let nodes: Vec<&Vec<String>> = graph.modules.iter().collect();
    let index_of: BTreeMap<&Vec<String>, usize> =
        nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (from, to) in &graph.edges {
        let ancestor = to.len() < from.len() && from.starts_with(to);
        if ancestor || layer_of(from, layers) != layer_of(to, layers) {
            continue;
        }
        if let (Some(&a), Some(&b)) = (index_of.get(from), index_of.get(to)) {
            next[a].push(b);
        }
    }
    // Tarjan, iteratively small enough to recurse: a few hundred modules.
    struct State {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        components: Vec<Vec<usize>>,
    }
    fn visit(v: usize, next: &[Vec<usize>], s: &mut State) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &next[v] {
            match s.index[w] {
                None => {
                    visit(w, next, s);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().expect("v is on the stack");
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            s.components.push(component);
        }
    }
    let mut state = State {
        index: vec![None; nodes.len()],
        low: vec![0; nodes.len()],
        on_stack: vec![false; nodes.len()],
        stack: Vec::new(),
        counter: 0,
        components: Vec::new(),
    };
    for v in 0..nodes.len() {
        if state.index[v].is_none() {
            visit(v, &next, &mut state);
        }
    }
    let mut out: Vec<Vec<String>> = state
        .components
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut names: Vec<String> = c.into_iter().map(|i| name(nodes[i])).collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

#[test]
fn no_import_runs_back_up_the_layers() {
    let layers = layers();
    let graph = Graph::build(&sources());
    let upward: Vec<String> = graph
        .edges
        .iter()
        .filter(|(from, to)| layer_of(to, &layers) > layer_of(from, &layers))
        .map(|(from, to)| format!("{} imports {}", name(from), name(to)))
        .collect();
    assert!(
        upward.is_empty(),
        "imports running back up the layers of CONTRIBUTING.md:\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_circle_of_imports_inside_a_layer() {
    let layers = layers();
    let graph = Graph::build(&sources());
    let found = circles(&graph, &layers);
    let known: Vec<Vec<String>> = KNOWN_CIRCLES
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<String> = found
        .iter()
        .filter(|c| !known.contains(c))
        .map(|c| c.join(" <-> "))
        .collect();
    assert!(new.is_empty(), "circles of imports:\n{}", new.join("\n"));
    let gone: Vec<String> = known
        .iter()
        .filter(|c| !found.contains(c))
        .map(|c| c.join(" <-> "))
        .collect();
    assert!(
        gone.is_empty(),
        "a known circle is gone: remove it from KNOWN_CIRCLES:\n{}",
        gone.join("\n")
    );
}

/// The checker itself on small cases written here: a use tree expands to
/// its paths, a circle and an upward import are found.
#[test]
fn the_checker_reads_use_trees_and_finds_a_circle() {
    assert_eq!(
        expand("super::{config::{A,B},cells::Money}"),
        [
            vec!["super", "config", "A"],
            vec!["super", "config", "B"],
            vec!["super", "cells", "Money"],
        ]
    );
    let source = |module: &str, text: &str| Source {
        module: module.split("::").map(String::from).collect(),
        text: text.to_string(),
    };
    let sources = [
        source("cards", "use crate::fraction::F;\n"),
        source("fraction", "//! [`crate::cards`] is only a doc link.\n"),
        source("sample", "pub use config::Config;\nconst N: u32 = 1;\n"),
        source("sample::config", "use super::cells::Money;\n"),
        source("sample::cells", "use super::{Config, N};\n"),
    ];
    let graph = Graph::build(&sources);
    let layers: Vec<Vec<String>> = [["cards"], ["fraction"], ["sample"]]
        .iter()
        .map(|l| l.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(
        circles(&graph, &layers),
        [vec![
            "sample::cells".to_string(),
            "sample::config".to_string()
        ]]
    );
    let up: Vec<_> = graph
        .edges
        .iter()
        .filter(|(f, t)| layer_of(t, &layers) > layer_of(f, &layers))
        .collect();
    assert_eq!(up.len(), 1, "cards imports fraction, listed after it");
}
