//! The golden test's own machinery (`golden.rs`) checked: `commands.txt`
//! runs every subcommand in every format on lines not marked `long`, a
//! `long` line is the same command, output files have readable names, only
//! the varying values are normalized, and a difference shows its first
//! differing lines.

use crate::golden::{
    first_difference, normalize, output_name, parse_cases, read_cases, roff, Case,
};
use std::process::Command;
use uth_edge::analysis::provenance::{GIT_COMMIT, TOOL_VERSION};

/// The subcommands `uth-edge --help` lists (without `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|c| c != "help")
        .collect()
}

/// The values a subcommand's `--format` accepts, read from its help.
fn formats(help: &str) -> Vec<String> {
    let text = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(at) = text.find("--format <FORMAT>") else {
        return vec![];
    };
    let rest = &text[at..];
    let start = rest.find("[possible values: ").expect("the formats") + 18;
    let end = start + rest[start..].find(']').expect("a closing bracket");
    rest[start..end].split(", ").map(String::from).collect()
}

#[test]
fn every_subcommand_and_every_format_has_a_golden_output() {
    // Fact: `uth-edge --help` lists the subcommands and each one's `--help`
    // its formats; commands.txt must run each subcommand (not only its
    // `--help`) in each format (the default `table` may be left implicit),
    // on lines not marked `long`, which every `cargo test` runs.
    let help = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_uth-edge"))
            .env("UTH_EDGE_STAGE_LOG", "off")
            .args(args)
            .env_clear()
            .output()
            .expect("the binary runs");
        String::from_utf8(out.stdout).unwrap()
    };
    // The lines always run, without the long ones: they alone cover
    // every subcommand in every format.
    let cases: Vec<Case> = read_cases().into_iter().filter(|c| !c.long).collect();
    let commands = subcommands(&help(&["--help"]));
    assert!(commands.len() >= 18, "subcommands read: {commands:?}");
    let mut missing = Vec::new();
    for command in &commands {
        let of_command: Vec<&Case> = cases
            .iter()
            .filter(|c| c.args.first() == Some(command) && !c.args.iter().any(|a| a == "--help"))
            .collect();
        if of_command.is_empty() {
            missing.push(command.clone());
        }
        for format in formats(&help(&[command, "--help"])) {
            let covered = of_command.iter().any(|c| {
                c.format() == Some(&format) || (format == "table" && c.format().is_none())
            });
            if !covered {
                missing.push(format!("{command} --format {format}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "tests/golden/commands.txt has no line for: {}",
        missing.join(", ")
    );
}

#[test]
fn a_line_marked_long_is_the_same_command() {
    // Fact: the format of commands.txt (tests/golden/README.md): `long`
    // before `uth-edge` marks the line, nothing else changes.
    let cases = parse_cases(
        "# a comment\nuth-edge trips --format csv\nlong  uth-edge game --format json\n",
    );
    assert_eq!(cases.len(), 2);
    assert!(!cases[0].long && cases[1].long);
    assert_eq!(cases[1].place, "commands.txt:3");
    assert_eq!(cases[1].args, ["game", "--format", "json"]);
    assert_eq!(cases[1].line, "uth-edge game --format json");
    assert_eq!(cases[1].stdout_file(), "game--format_json.json");
}

#[test]
fn output_names_are_readable() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    assert_eq!(
        output_name(&args("trips --paytable uth-01 --format csv"), None),
        "trips--paytable_uth-01--format_csv"
    );
    assert_eq!(
        output_name(&args("strategy AsKd Qh7c2d --seen-dealer 5c"), None),
        "strategy_AsKd_Qh7c2d--seen-dealer_5c"
    );
    assert_eq!(
        output_name(&args("what-if --sweep 3:8:0.5"), None),
        "what-if--sweep_3-8-0.5"
    );
    assert_eq!(
        output_name(&args("tables validate -"), Some("paytables/uth-01.toml")),
        "tables_validate_stdin--from_uth-01.toml"
    );
    assert_eq!(output_name(&[], None), "no-arguments");
}

#[test]
fn normalizing_replaces_only_the_values_in_their_places() {
    // Fact: the provenance lines as the formats print them (README, "Output
    // formats"; the man page in roff); a figure that reads like the version
    // is left alone.
    let date = "2031-02-03".to_string();
    let text = format!(
        "uth-edge {TOOL_VERSION} (commit {GIT_COMMIT}), {date};\n\"tool_version\": \"{TOOL_VERSION}\",\n\
         \"git_commit\": \"{GIT_COMMIT}\",\nv{} (commit {})\npays x{TOOL_VERSION}y\n",
        roff(TOOL_VERSION),
        roff(GIT_COMMIT)
    );
    assert_eq!(
        normalize(&text, std::slice::from_ref(&date)),
        format!(
            "uth-edge @VERSION@ (commit @COMMIT@), @DATE@;\n\"tool_version\": \"@VERSION@\",\n\
             \"git_commit\": \"@COMMIT@\",\nv@VERSION@ (commit @COMMIT@)\npays x{TOOL_VERSION}y\n"
        )
    );
}

#[test]
fn a_difference_shows_its_first_differing_lines() {
    let diff = first_difference("a\nb\nc\nd\n", "a\nb\nX\nd\n");
    assert!(diff.starts_with("@@ first difference at line 3 (golden 4 lines, now 4 lines) @@\n"));
    assert!(diff.ends_with("     a\n     b\n   - c\n   + X\n"), "{diff}");
    let shifted = first_difference("a\nb\nc\n", "a\nX\nb\nc\n");
    assert!(
        shifted.ends_with("   - b\n   - c\n   + X\n   + b\n   + c\n"),
        "{shifted}"
    );
    let shorter = first_difference("a\nb\n", "a\n");
    assert!(
        shorter.contains("at line 2") && shorter.contains("   - b\n"),
        "{shorter}"
    );
    assert!(first_difference("a\n", "a").contains("+ a  (no newline at end)"));
}
