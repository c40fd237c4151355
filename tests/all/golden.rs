//! Golden outputs: every command line of `tests/golden/commands.txt`, run by
//! the real binary, against the files committed in `tests/golden/outputs/`,
//! byte for byte: its standard output, and its exit code and standard error
//! when it fails or writes to standard error.
//!
//! These files are not a check of any figure (the other tests are): they
//! are what the program printed when they were last accepted, committed so
//! that a rebuild of the output code (issue 25: `report/` on one document
//! model) changes nothing unseen. A change of output is accepted by
//! regenerating them and committing the change on its own, saying why:
//!
//! ```text
//! UTH_EDGE_UPDATE_GOLDEN=1 cargo test --release golden    (or scripts/regenerate-golden.sh)
//! ```
//!
//! What varies from run to run is normalized here, in [`normalize`], and
//! nowhere else: the tool version, the git commit, today's date, the
//! crate's absolute path and the binary's SHA-256 (the report's
//! certification block prints it). The commands run in the crate's
//! directory, with `uth-edge` as their program name (so the command line a
//! report records is the one a user types), no standard input unless the
//! line says `< FILE`, and an empty environment (no `COLUMNS`, which would rewrap the
//! help, no colour variables, no `RAYON_NUM_THREADS`).
//!
//! The commands run several at a time (`UTH_EDGE_GOLDEN_JOBS`, default 3),
//! in the order of the file, whose slow lines come first. A line marked
//! `long` (the full solves of the base game, ten seconds of CPU each) runs
//! only with `UTH_EDGE_LONG_TESTS=1` (CI sets it) or when regenerating;
//! without it its files are kept as they are, unchecked. The lines always
//! run still hold every subcommand in every format
//! (`golden_cases.rs`: `every_subcommand_and_every_format_has_a_golden_output`,
//! with the tests of this file's own reading, naming and normalizing).

use crate::common::long_tests;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use uth_edge::analysis::provenance::{civil_date, GIT_COMMIT, TOOL_VERSION};

/// The variable that makes the test rewrite the golden files instead of
/// comparing.
const UPDATE: &str = "UTH_EDGE_UPDATE_GOLDEN";

/// How to regenerate, for the failure message.
const REGENERATE: &str = "UTH_EDGE_UPDATE_GOLDEN=1 cargo test --release golden \
                          (or scripts/regenerate-golden.sh), review `git diff tests/golden`, \
                          commit with the reason";

/// `tests/golden` in the crate.
fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// One line of `commands.txt`.
#[derive(Debug)]
pub struct Case {
    /// `commands.txt:N`.
    pub place: String,
    /// The line as written (whitespace collapsed).
    pub line: String,
    /// The arguments after `uth-edge`.
    pub args: Vec<String>,
    /// The file given as standard input (`< FILE`), relative to the crate.
    stdin: Option<String>,
    /// The name of its output file, without the extension.
    name: String,
    /// The extension of its output file (by its `--format`).
    extension: &'static str,
    /// Marked `long`: run only with `UTH_EDGE_LONG_TESTS` (or when
    /// regenerating).
    pub long: bool,
}

impl Case {
    /// The file holding its standard output.
    pub fn stdout_file(&self) -> String {
        format!("{}.{}", self.name, self.extension)
    }

    /// The file holding its exit code and standard error, when it fails or
    /// writes to standard error.
    fn status_file(&self) -> String {
        format!("{}.status", self.name)
    }

    /// The value of its `--format`, if given.
    pub fn format(&self) -> Option<&str> {
        let i = self.args.iter().position(|a| a == "--format")?;
        self.args.get(i + 1).map(String::as_str)
    }
}

/// The cases of `commands.txt`.
pub fn read_cases() -> Vec<Case> {
    let path = golden_dir().join("commands.txt");
    let text = std::fs::read_to_string(&path).expect("tests/golden/commands.txt");
    parse_cases(&text)
}

/// The cases of a `commands.txt` text: one command line per line, starting
/// with `uth-edge` (or `long uth-edge`: a long line); blank lines and lines
/// starting with `#` are skipped; the arguments are separated by spaces (no
/// quoting); a final `< FILE` gives the standard input.
pub fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let place = format!("commands.txt:{}", i + 1);
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let (long, raw) = match raw.strip_prefix("long ") {
            Some(rest) => (true, rest.trim_start()),
            None => (false, raw),
        };
        let mut words: Vec<String> = raw.split_whitespace().map(String::from).collect();
        assert_eq!(words[0], "uth-edge", "{place}: a line starts with uth-edge");
        let stdin = match words.iter().position(|w| w == "<") {
            Some(at) => {
                assert_eq!(at + 2, words.len(), "{place}: `< FILE` ends the line");
                let file = words.pop();
                words.pop();
                file
            }
            None => None,
        };
        let args = words[1..].to_vec();
        assert!(
            !args
                .iter()
                .any(|a| a == "-o" || a == "--out" || a == "--provenance"),
            "{place}: golden outputs are standard output; no -o or --provenance"
        );
        let mut case = Case {
            place,
            line: words.join(" "),
            name: output_name(&args, stdin.as_deref()),
            args,
            stdin,
            extension: "txt",
            long,
        };
        case.extension = match case.format() {
            Some("csv") => "csv",
            Some("json") => "json",
            Some("markdown") => "md",
            Some("html") => "html",
            _ => "txt",
        };
        if let Some(other) = cases.iter().find(|c| c.name == case.name) {
            panic!(
                "{} and {} have the same output name {}: make the lines differ",
                other.place, case.place, case.name
            );
        }
        cases.push(case);
    }
    cases
}

/// A readable file name for a command line: the subcommand and its
/// positional arguments joined by `_`, then `--flag_value` for each flag
/// (`trips--paytable_uth-01--format_csv`); a path by its file name; a
/// character a file name should not hold as `-`; `-` (standard input) as
/// `stdin` and `< FILE` as `--from_FILE`. No arguments: `no-arguments`.
pub fn output_name(args: &[String], stdin: Option<&str>) -> String {
    let word = |w: &str| -> String {
        if w == "-" {
            return "stdin".to_string();
        }
        let w = if w.contains('/') && !w.starts_with('-') {
            w.rsplit('/').next().unwrap_or(w)
        } else {
            w
        };
        w.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "._-%=+,".contains(c) {
                    c
                } else {
                    '-'
                }
            })
            .collect()
    };
    let mut name = String::new();
    for a in args {
        if a.starts_with('-') && a != "-" {
            name.push_str(&word(a));
        } else {
            if !name.is_empty() {
                name.push('_');
            }
            name.push_str(&word(a));
        }
    }
    if let Some(file) = stdin {
        name.push_str("--from_");
        name.push_str(&word(file));
    }
    if name.is_empty() {
        "no-arguments".to_string()
    } else {
        name
    }
}

/// What one run printed.
struct Run {
    stdout: String,
    /// The exit code and standard error (`None`: exit code 0 and nothing on
    /// standard error).
    status: Option<String>,
    time: Duration,
}

/// Runs one case with the real binary.
fn run(case: &Case) -> Run {
    let crate_dir = env!("CARGO_MANIFEST_DIR");
    let mut command = Command::new(env!("CARGO_BIN_EXE_uth-edge"));
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.arg0("uth-edge");
    }
    command
        .args(&case.args)
        .current_dir(crate_dir)
        .env_clear()
        // The stage log's times change from run to run.
        .env("UTH_EDGE_STAGE_LOG", "off")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match &case.stdin {
        Some(file) => {
            let file = std::fs::File::open(Path::new(crate_dir).join(file))
                .unwrap_or_else(|e| panic!("{}: {file}: {e}", case.place));
            command.stdin(file);
        }
        None => {
            command.stdin(Stdio::null());
        }
    }
    let start = Instant::now();
    let out = command.output().expect("the binary runs");
    let time = start.elapsed();
    let text = |bytes: Vec<u8>, what: &str| {
        String::from_utf8(bytes).unwrap_or_else(|_| panic!("{}: {what} is not UTF-8", case.line))
    };
    let stdout = text(out.stdout, "standard output");
    let stderr = text(out.stderr, "standard error");
    let code = match out.status.code() {
        Some(code) => code.to_string(),
        None => format!("none ({})", out.status),
    };
    let status = if code == "0" && stderr.is_empty() {
        None
    } else {
        Some(format!(
            "exit code: {code}\n--- standard error ---\n{stderr}"
        ))
    };
    Run {
        stdout,
        status,
        time,
    }
}

/// The values that vary from run to run, found by their context only (a
/// figure that happens to read `0.1.0` is left alone):
/// - the tool version in `uth-edge VERSION `, `vVERSION (commit ` (the man
///   page, `-` written `\-`) and `"tool_version": "VERSION"` → `@VERSION@`;
/// - the git commit (with `-modified` when built from a modified tree) in
///   `(commit COMMIT)` (also with roff's `\-`) and `"git_commit": "COMMIT"`
///   → `@COMMIT@`;
/// - today's date (UTC, `YYYY-MM-DD`; the dates at the start and the end of
///   the run) → `@DATE@`, wherever it is;
/// - the crate's absolute path → `@CRATE_DIR@`.
///
/// Nothing else. A version, commit or date left after this fails the test
/// (a new place that prints one needs its context here), and so does an
/// output that prints one of the placeholders itself (they would be
/// ambiguous; clap's `<DIR>`-style value names are why they are `@...@`).
pub fn normalize(text: &str, dates: &[String]) -> String {
    let mut text = text.to_string();
    // The man page is roff, where `-` is written `\-` (a commit built from
    // a modified tree ends `-modified`).
    let (version, commit) = (roff(TOOL_VERSION), roff(GIT_COMMIT));
    let contexts: [(&str, &str, &str, &str); 6] = [
        ("uth-edge ", TOOL_VERSION, " ", "@VERSION@"),
        ("v", &version, " (commit ", "@VERSION@"),
        ("\"tool_version\": \"", TOOL_VERSION, "\"", "@VERSION@"),
        ("(commit ", GIT_COMMIT, ")", "@COMMIT@"),
        ("(commit ", &commit, ")", "@COMMIT@"),
        ("\"git_commit\": \"", GIT_COMMIT, "\"", "@COMMIT@"),
    ];
    for (before, value, after, placeholder) in contexts {
        text = text.replace(
            &format!("{before}{value}{after}"),
            &format!("{before}{placeholder}{after}"),
        );
    }
    for date in dates {
        text = text.replace(date.as_str(), "@DATE@");
    }
    // The report's certification block prints the binary's SHA-256, which
    // changes with every build.
    let binary = format!("binary {}", binary_sha256());
    text = text.replace(&binary, "binary @BINARY_SHA256@");
    let json = format!("\"binary_sha256\": \"{}\"", binary_sha256());
    text = text.replace(&json, "\"binary_sha256\": \"@BINARY_SHA256@\"");
    text.replace(env!("CARGO_MANIFEST_DIR"), "@CRATE_DIR@")
}

/// The SHA-256 of the binary the cases run, read once.
fn binary_sha256() -> &'static str {
    static SHA: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SHA.get_or_init(|| {
        let bytes = std::fs::read(env!("CARGO_BIN_EXE_uth-edge")).expect("the binary reads");
        uth_edge::analysis::provenance::sha256_hex(&bytes)
    })
}

/// `text` as roff writes it (`-` as `\-`).
pub fn roff(text: &str) -> String {
    text.replace('-', "\\-")
}

/// The placeholders [`normalize`] writes.
const PLACEHOLDERS: [&str; 5] = [
    "@VERSION@",
    "@COMMIT@",
    "@DATE@",
    "@CRATE_DIR@",
    "@BINARY_SHA256@",
];

/// A value [`normalize`] should have replaced, if one is left.
fn left_unnormalized(text: &str, dates: &[String]) -> Option<String> {
    let mut values = vec![TOOL_VERSION.to_string(), roff(TOOL_VERSION)];
    if GIT_COMMIT != "unknown" {
        // The hash alone too: a form of the commit not replaced (such as
        // roff's `\-modified`) still shows it.
        values.push(
            GIT_COMMIT
                .split('-')
                .next()
                .unwrap_or(GIT_COMMIT)
                .to_string(),
        );
    }
    values.extend(dates.iter().cloned());
    values.push(binary_sha256().to_string());
    values.into_iter().find(|v| text.contains(v.as_str()))
}

/// Today's date, UTC.
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date((secs / 86_400) as i64)
}

/// Where `expected` and `actual` first differ, as a few lines of a unified
/// diff (two lines of context, then the differing lines of each side, up to
/// six).
pub fn first_difference(expected: &str, actual: &str) -> String {
    let old: Vec<&str> = expected.split_inclusive('\n').collect();
    let new: Vec<&str> = actual.split_inclusive('\n').collect();
    let at = old
        .iter()
        .zip(&new)
        .position(|(a, b)| a != b)
        .unwrap_or(old.len().min(new.len()));
    let show = |line: &str| {
        if line.ends_with('\n') {
            line.trim_end_matches('\n').to_string()
        } else {
            format!("{line}  (no newline at end)")
        }
    };
    let mut out = format!(
        "@@ first difference at line {} (golden {} lines, now {} lines) @@\n",
        at + 1,
        old.len(),
        new.len()
    );
    for line in &old[at.saturating_sub(2)..at] {
        out.push_str(&format!("     {}\n", show(line)));
    }
    // The lines that differ from there, position by position (a changed
    // line is one line each side; an inserted one shifts the rest), at most six.
    let differing = (at..old.len().max(new.len()))
        .take_while(|&i| old.get(i) != new.get(i))
        .count()
        .min(6);
    for line in old.iter().skip(at).take(differing) {
        out.push_str(&format!("   - {}\n", show(line)));
    }
    for line in new.iter().skip(at).take(differing) {
        out.push_str(&format!("   + {}\n", show(line)));
    }
    out
}

/// Runs every case, `jobs` at a time, in the order given.
fn run_all(cases: &[Case], jobs: usize) -> Vec<Run> {
    let next = AtomicUsize::new(0);
    let runs: Mutex<Vec<Option<Run>>> = Mutex::new(cases.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(case) = cases.get(i) else { break };
                let result = run(case);
                runs.lock().unwrap()[i] = Some(result);
            });
        }
    });
    runs.into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every case ran"))
        .collect()
}

#[test]
fn every_command_prints_its_golden_output() {
    let jobs = std::env::var("UTH_EDGE_GOLDEN_JOBS")
        .ok()
        .and_then(|j| j.parse().ok())
        .filter(|&j: &usize| j > 0)
        .unwrap_or(3);
    let updating = std::env::var_os(UPDATE).is_some_and(|v| v != "0" && !v.is_empty());
    // Regenerating runs every line, long or not.
    let (cases, skipped): (Vec<Case>, Vec<Case>) = read_cases()
        .into_iter()
        .partition(|c| !c.long || long_tests() || updating);
    let outputs = golden_dir().join("outputs");
    let start = Instant::now();
    let mut dates = vec![today()];
    let runs = run_all(&cases, jobs);
    dates.push(today());
    dates.dedup();
    println!(
        "golden: {} commands in {:.1} s wall, {jobs} at a time ({} long lines not run: \
         UTH_EDGE_LONG_TESTS=1 runs them); slowest:",
        cases.len(),
        start.elapsed().as_secs_f64(),
        skipped.len()
    );
    let mut by_time: Vec<(&Case, &Run)> = cases.iter().zip(&runs).collect();
    by_time.sort_by_key(|(_, r)| std::cmp::Reverse(r.time));
    for (case, r) in by_time
        .iter()
        .take_while(|(_, r)| r.time.as_secs_f64() >= 1.0)
    {
        println!("  {:6.2} s  {}", r.time.as_secs_f64(), case.line);
    }

    let mut failures: Vec<String> = Vec::new();
    let mut expected_files = BTreeSet::new();
    // A long line not run keeps its files (unchecked).
    for case in &skipped {
        expected_files.insert(case.stdout_file());
        expected_files.insert(case.status_file());
    }
    let mut rewritten = 0;
    for (case, r) in cases.iter().zip(&runs) {
        for text in std::iter::once(&r.stdout).chain(&r.status) {
            if let Some(p) = PLACEHOLDERS.iter().find(|p| text.contains(*p)) {
                failures.push(format!(
                    "{}: `{}` prints `{p}` itself: change the placeholders of normalize()",
                    case.place, case.line
                ));
            }
        }
        let stdout = normalize(&r.stdout, &dates);
        let status = r.status.as_deref().map(|s| normalize(s, &dates));
        for text in std::iter::once(&stdout).chain(&status) {
            if let Some(value) = left_unnormalized(text, &dates) {
                failures.push(format!(
                    "{}: `{}` prints `{value}` where normalize() does not replace it: \
                     add its context to normalize() in tests/all/golden.rs",
                    case.place, case.line
                ));
            }
        }
        let files = [
            (case.stdout_file(), Some(stdout)),
            (case.status_file(), status),
        ];
        for (file, now) in files {
            let path = outputs.join(&file);
            let golden = std::fs::read_to_string(&path).ok();
            if now.is_some() {
                expected_files.insert(file.clone());
            }
            if golden == now {
                continue;
            }
            if updating {
                match &now {
                    Some(text) => std::fs::write(&path, text).unwrap(),
                    None => std::fs::remove_file(&path).unwrap(),
                }
                rewritten += 1;
                continue;
            }
            let what = match (&golden, &now) {
                (None, _) => "no golden file (a new line?)".to_string(),
                (Some(_), None) => {
                    "the golden file exists, the command now exits 0 with nothing on \
                     standard error"
                        .to_string()
                }
                (Some(g), Some(n)) => first_difference(g, n),
            };
            failures.push(format!(
                "{}: `{}`\n  tests/golden/outputs/{file}: {what}",
                case.place, case.line
            ));
        }
    }
    std::fs::create_dir_all(&outputs).unwrap();
    for entry in std::fs::read_dir(&outputs).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().to_string();
        if expected_files.contains(&file) {
            continue;
        }
        if updating {
            std::fs::remove_file(outputs.join(&file)).unwrap();
            rewritten += 1;
        } else {
            failures.push(format!(
                "tests/golden/outputs/{file}: no line of commands.txt writes it \
                 (a line removed or renamed?)"
            ));
        }
    }
    if updating {
        println!("golden: {rewritten} files written or removed in tests/golden/outputs");
    }
    assert!(
        failures.is_empty(),
        "{} golden output(s) differ:\n{}\nIf the change is intended: {REGENERATE}.",
        failures.len(),
        failures.join("\n")
    );
}
