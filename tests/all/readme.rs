//! The README cannot go stale: its results table is what the program
//! computes today, and its quick-start sample is what the command prints.

use crate::common::{builtin_catalog, stdout, submission, uth_edge};
use uth_edge::analysis::catalog::Catalog;
use uth_edge::report::Format;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// The lines between two markers of the README.
fn between(text: &str, begin: &str, end: &str) -> String {
    let start = text.find(begin).expect("begin marker") + begin.len();
    let stop = text[start..].find(end).expect("end marker") + start;
    text[start..stop].trim().to_string()
}

#[test]
fn results_at_a_glance_is_what_the_program_computes() {
    // Fact: the table is the summary of the Markdown report of every
    // built-in table (scripts/regenerate-readme-glance.sh writes it).
    let results = Catalog {
        results: builtin_catalog().results.clone(),
        games: vec![],
    };
    let md = submission(&results, Format::Markdown, &[]);
    let summary: Vec<&str> = md
        .lines()
        .skip_while(|l| !l.starts_with("## Summary"))
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with('|'))
        .collect();
    let in_readme = between(
        &readme(),
        "<!-- results-at-a-glance:begin -->",
        "<!-- results-at-a-glance:end -->",
    );
    assert_eq!(
        in_readme,
        summary.join("\n"),
        "README.md's results table is stale: run scripts/regenerate-readme-glance.sh"
    );
}

#[test]
fn the_quick_start_sample_is_what_the_command_prints() {
    let text = readme();
    let sample = between(
        &text,
        "`uth-edge trips --paytable uth-01` prints:\n\n```text",
        "```",
    );
    let out = uth_edge(&["trips", "--paytable", "uth-01"]);
    assert!(out.status.success());
    assert_eq!(sample, stdout(&out).trim_end());
}

#[test]
fn the_quick_start_commands_run() {
    // Every quick-start command but the full report (covered by the report
    // tests) succeeds as written, in a scratch directory.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("quick-start");
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("my-table.toml");
    let shown = uth_edge(&["tables", "show", "uth-01"]);
    assert!(shown.status.success());
    std::fs::write(&table, &shown.stdout).unwrap();
    let t = table.to_str().unwrap();
    let html = dir.join("report.html");
    for args in [
        vec!["trips", "--paytable", "uth-01"],
        vec!["check", "--paytable", "uth-01"],
        vec![
            "report",
            "--paytable",
            t,
            "--format",
            "html",
            "-o",
            html.to_str().unwrap(),
        ],
        vec![
            "what-if",
            "--paytable",
            "uth-01",
            "--hand",
            "flush",
            "--edge",
            "2%",
        ],
    ] {
        let out = uth_edge(&args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(std::fs::read_to_string(&html).unwrap().contains("</html>"));
}

#[test]
fn speed_md_says_what_was_measured_not_how_it_was_developed() {
    // The page states the machine, the command and the figures; a commit
    // id, an issue or "the reference" of a development round is a log.
    // The same of its part on a strategy's evaluation.
    for page in ["docs/speed.md", "docs/speed-strategies.md"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(page);
        let text = std::fs::read_to_string(path).expect(page);
        if page == "docs/speed.md" {
            assert!(text.contains("/usr/bin/time"), "the measuring command");
            assert!(text.contains("cores"), "the machine");
        }
        for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
            let hex = word.len() >= 7 && word.chars().all(|c| c.is_ascii_hexdigit());
            let mixed = word.chars().any(|c| c.is_ascii_digit())
                && word.chars().any(|c| c.is_ascii_alphabetic());
            assert!(!(hex && mixed), "a commit id in {page}: {word}");
        }
        let lower = text.to_lowercase();
        for log in ["issue", "commit", "the reference"] {
            assert!(!lower.contains(log), "{page} reads as a log: {log}");
        }
    }
}
