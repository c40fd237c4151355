//! Every `uth-edge ...` command line in the README's and `docs/*.md`'s code
//! blocks runs as shown.
//!
//! The examples are read from the documents (a new example is tested
//! without touching this file) and run in a scratch directory holding the
//! pay-table files they name. Those that solve the base game (about a
//! minute and 1 GB each) cannot all run in a test: one of them, `uth-edge
//! game --blind blind-b --format json`, runs in full with
//! `UTH_EDGE_LONG_TESTS=1` (without it, the golden test runs that same line,
//! `tests/golden/commands.txt`, and compares its whole output); the others
//! have their arguments checked by the real parser (`--help` appended: an
//! unknown flag or a bad value still fails, exit 2) and their pay tables
//! resolved. The deliberately long ones (`simulate --hands 1e8`, the
//! what-if sweep of a Blind pay, five solves) are among those, and bare
//! `uth-edge --details` (two solves and the cross-check's 2 × 10^7 hands;
//! run in full by `cli.rs`'s long test and the golden line `long uth-edge
//! --details`).

use crate::common::{long_tests, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use uth_edge::rules::paytable::PayTable;

/// The one base-game example run in full (with `UTH_EDGE_LONG_TESTS`; it is
/// a line of `tests/golden/commands.txt` always run).
const FULL_SOLVE: &str = "uth-edge game --blind blind-b --format json";

/// One example: where it is written, its arguments, the file its standard
/// output is redirected to.
#[derive(Debug)]
struct Example {
    place: String,
    args: Vec<String>,
    redirect: Option<String>,
    line: String,
}

/// The examples of one Markdown document: the lines of its code blocks
/// that start with `uth-edge`, with `\` continuations joined, a trailing
/// `# comment` dropped and a `> FILE` redirection split off.
fn examples_in(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut examples = Vec::new();
    let mut in_code = false;
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        let line = line.trim();
        if !in_code || !(line == "uth-edge" || line.starts_with("uth-edge ")) {
            continue;
        }
        let mut command = line.to_string();
        while command.ends_with('\\') {
            command.pop();
            let (_, next) = lines.next().expect("a continued line");
            command.push(' ');
            command.push_str(next.trim());
        }
        if let Some(comment) = command.find(" #") {
            command.truncate(comment);
        }
        assert!(
            !command.contains(['"', '\'', '|', '<', '$']),
            "{name}:{}: quoting, pipes and variables are not handled here: {command}",
            i + 1
        );
        let (command, redirect) = match command.split_once(" > ") {
            Some((c, file)) => (c.to_string(), Some(file.trim().to_string())),
            None => (command, None),
        };
        let args: Vec<String> = command
            .split_whitespace()
            .skip(1)
            .map(String::from)
            .collect();
        examples.push(Example {
            place: format!("{name}:{}", i + 1),
            line: command.split_whitespace().collect::<Vec<_>>().join(" "),
            args,
            redirect,
        });
    }
    examples
}

/// The pay tables an example names: the values of `--paytable`, `--blind`,
/// `--trips` and `--six-card` (`player-dealer`: `--blind` and
/// `--trips-table`, its `--trips` being an amount), and `compare`'s
/// positional arguments.
fn tables_named(args: &[String]) -> Vec<&str> {
    let mut tables = Vec::new();
    let flags: &[&str] = if args.first().is_some_and(|c| c == "player-dealer") {
        &["--blind", "--trips-table"]
    } else {
        &["--paytable", "--blind", "--trips", "--six-card"]
    };
    for (i, a) in args.iter().enumerate().skip(1) {
        let previous = args[i - 1].as_str();
        if flags.contains(&previous)
            || (args[0] == "compare" && !a.starts_with('-') && !previous.starts_with('-'))
        {
            tables.push(a.as_str());
        }
    }
    tables
}

/// Whether an example solves the base game (a minute and 1 GB): the
/// commands that always do, `strategy` for a preflop question, and the
/// others when they name a Blind table or default to every built-in table.
fn solves_the_base_game(args: &[String]) -> bool {
    // `uth-edge` alone, or with its own flags (`--details`: the full report
    // as tables, both Blind tables solved and cross-checked): no subcommand,
    // the full report unless it only asks for help or the version.
    let Some(command) = args.first().filter(|a| !a.starts_with('-')) else {
        return !args
            .iter()
            .any(|a| ["--help", "-h", "--version", "-V"].contains(&a.as_str()));
    };
    let tables = tables_named(args);
    let names_a_blind = tables.iter().any(|t| t.starts_with("blind"));
    match command.as_str() {
        "game" | "economics" | "simulate" | "merge" => true,
        "strategy" => {
            args.iter()
                .skip(1)
                .take_while(|a| !a.starts_with('-'))
                .count()
                < 2
        }
        "check" | "report" => tables.is_empty() || names_a_blind,
        "compare" | "what-if" => names_a_blind,
        // The player-dealer game solves (or evaluates exactly) the base
        // game unless told not to.
        "player-dealer" => !args.iter().any(|a| a == "--no-exact"),
        _ => false,
    }
}

/// The scratch directory with the pay-table files the documents name,
/// each a built-in table under the file's own id.
fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("docs-examples");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("paytables")).unwrap();
    for (file, builtin) in [
        ("my-table.toml", "uth-01"),
        ("our-trips.toml", "uth-01"),
        ("paytables/our-trips.toml", "uth-01"),
        ("our-sheet.toml", "uth-02"),
        ("my-bad-beat.toml", "bad-beat-dg"),
        ("my-pairs.toml", "ultimate-pairs-example"),
    ] {
        let id = Path::new(file).file_stem().unwrap().to_string_lossy();
        let text = PayTable::builtin_text(builtin)
            .unwrap()
            .replace(&format!("id = \"{builtin}\""), &format!("id = \"{id}\""));
        assert!(text.contains(&format!("id = \"{id}\"")), "{file}");
        std::fs::write(dir.join(file), text).unwrap();
    }
    // The published multi-meter tables the documents name, as shipped.
    let meters = Path::new(env!("CARGO_MANIFEST_DIR")).join("paytables/meters");
    std::fs::create_dir_all(dir.join("paytables/meters")).unwrap();
    for n in 1..=2 {
        let file = format!("casino-holdem-progressive-{n}.toml");
        std::fs::copy(meters.join(&file), dir.join("paytables/meters").join(&file)).unwrap();
    }
    dir
}

/// Runs the binary in `dir`; its standard output into `redirect` if given.
fn run(dir: &Path, args: &[String], redirect: Option<&str>) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_uth-edge"))
        .env("UTH_EDGE_STAGE_LOG", "off")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    if let Some(file) = redirect {
        std::fs::write(dir.join(file), &out.stdout).unwrap();
    }
    out
}

#[test]
fn every_documented_example_runs_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    documents.extend(docs);
    let examples: Vec<Example> = documents.iter().flat_map(|d| examples_in(d)).collect();
    // Fact: the README and docs hold dozens of examples (55 when this test
    // was written); far fewer means the reading above broke.
    assert!(
        examples.len() >= 40,
        "only {} examples found",
        examples.len()
    );
    assert!(
        examples.iter().any(|e| e.line == FULL_SOLVE),
        "{FULL_SOLVE} is no longer in the docs: pick another base-game example"
    );

    let dir = scratch();
    let (mut ran, mut parsed) = (0, 0);
    for e in &examples {
        let what = format!("{}: {}", e.place, e.line);
        if solves_the_base_game(&e.args) && (e.line != FULL_SOLVE || !long_tests()) {
            let mut args = e.args.clone();
            args.push("--help".into());
            let out = run(&dir, &args, None);
            assert!(
                out.status.success(),
                "{what}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            for table in tables_named(&e.args) {
                let path = dir.join(table);
                let named = if path.exists() {
                    path.to_string_lossy().to_string()
                } else {
                    table.to_string()
                };
                assert!(PayTable::resolve(&named).is_ok(), "{what}: {table}");
            }
            parsed += 1;
            continue;
        }
        // `results --check DIR` compares with files made once with
        // `--out-dir DIR`, as docs/ci.md says: make them first.
        if e.args.first().is_some_and(|c| c == "results") {
            if let Some(i) = e.args.iter().position(|a| a == "--check") {
                let mut setup = e.args.clone();
                setup[i] = "--out-dir".into();
                let out = run(&dir, &setup, None);
                assert!(out.status.success(), "{what} (setup --out-dir)");
            }
        }
        let out = run(&dir, &e.args, e.redirect.as_deref());
        assert!(
            out.status.success(),
            "{what}: exit {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        if e.redirect.is_none() && !e.args.iter().any(|a| a == "-o" || a == "--out") {
            assert!(!stdout(&out).is_empty(), "{what}: printed nothing");
        }
        ran += 1;
    }
    // The split, so that a change in it is seen: the examples that solve
    // the base game (every `game --seen`, `player-dealer` and preflop
    // `strategy` example among them) are only parsed, but at least a third
    // of all examples must run in full.
    assert!(ran * 2 > parsed, "ran {ran}, only parsed {parsed}");
}

#[test]
fn the_base_game_example_is_a_golden_line_always_run() {
    // Without UTH_EDGE_LONG_TESTS the example above is only parsed: the
    // golden test runs it (exit 0, its whole output compared) on every run,
    // so it must stay a line of commands.txt not marked `long`.
    let commands = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/commands.txt"
    ))
    .unwrap();
    assert!(
        commands.lines().any(|l| l.trim() == FULL_SOLVE),
        "{FULL_SOLVE} is not a golden line always run"
    );
}
