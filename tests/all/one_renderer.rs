//! One renderer per format (issue 25), one document per command (issue 32):
//! every command builds a `report::document::Document`, the same whatever
//! the format, and `report::render` writes it in the format asked, so a new
//! format (one exporter file in `src/report/render/formats/`) reaches every
//! command. A command that picks a writer by format itself would print its
//! text table, or nothing sensible, in a new format. This test reads every
//! `src/**/*.rs` outside `src/report/render/`, comments and the contents of
//! string literals left out, and fails on:
//!
//! 1. a match arm on a format: `Format::Json =>`, `Format::Csv | Format::Json
//!    =>` (a writer, or a text, chosen per format);
//! 2. a comparison with a format (`== Format::X`, `!= Format::X`, inside
//!    `matches!(..)`) that is not a refusal: a format may be named only to
//!    refuse it, so the statement it opens must hold an `Err(` (the
//!    one-line usage error of a command that does not offer that format),
//!    not output;
//! 3. in the binary (`src/main.rs`, `src/cli/`), a call of the JSON or
//!    CSV writer (`write_document(`, `write_rows(`): the JSON body and the
//!    CSV records belong in the document. (The committed results files,
//!    `src/results/`, are CSV whatever is asked: they call the CSV writer
//!    of the layer above them.)
//!
//! 4. a document chosen by the shape of a format (issue 32): a call of
//!    `.shape()`, or a match arm on or a comparison with a `Shape` (`match
//!    format.shape() { Shape::Document => .. }`, `if format.shape() >=
//!    Shape::Document`): every command builds one document, the same for
//!    every format, and each renderer writes the parts it has a place for.
//!    A shape names the formats a command offers (`formats(Shape::Rows)`
//!    in `cli/args.rs`), nothing else.
//!
//! A format or a shape named as a value (`report::render(Format::Table,
//! ..)` for the one text a command prints) picks nothing and passes.

use super::common::{code_only, rust_files};
use std::path::PathBuf;

fn is_path_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == ':'
}

/// The code after `at`, spaces and closing parentheses skipped.
fn skip_space(code: &str, at: usize) -> usize {
    at + code[at..]
        .find(|c: char| !c.is_whitespace() && c != ')')
        .unwrap_or(code.len() - at)
}

/// Whether the format named at `start` (the path, `report::Format::X`,
/// starts there) is compared: after `==`, `!=`, `<`, `>` (or `<=`, `>=`),
/// or inside `matches!(..)`.
fn compared(code: &str, start: usize) -> bool {
    let before = code[..start].trim_end();
    if before.ends_with("==") || before.ends_with("!=") {
        return true;
    }
    if before.ends_with(['<', '>']) && !before.ends_with("->") && !before.ends_with("=>") {
        return true;
    }
    let Some(open) = before.rfind("matches!(") else {
        return false;
    };
    // Inside it unless its parentheses close before `start`.
    let mut depth = 0;
    for c in before[open + "matches!".len()..].chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return false,
            ')' => depth -= 1,
            _ => {}
        }
    }
    true
}

/// Whether the comparison at `at` opens a refusal: from it to the end of
/// the first statement of what it guards (the `;` after its `{` or `=>`),
/// an `Err(`.
fn refuses(code: &str, at: usize) -> bool {
    let rest = &code[at..];
    let Some(opens) = rest.find(['{', '=']) else {
        return false;
    };
    let end = rest[opens..].find(';').map_or(rest.len(), |e| opens + e);
    rest[..end].contains("Err(")
}

/// The match arms on, and the comparisons with, a variant of `kind`
/// (`Format::` or `Shape::`) in `code`, one line each.
fn named(name: &str, code: &str, kind: &str) -> Vec<String> {
    let line = |at: usize| code[..at].matches('\n').count() + 1;
    let what = kind.trim_end_matches("::").to_lowercase();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find(kind) {
        let at = from + i;
        from = at + kind.len();
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `TextFormat::`, not the format.
        }
        if !code[from..].starts_with(|c: char| c.is_ascii_uppercase()) {
            continue; // `Format::offered_by`, `Format::ALL`.
        }
        let start = code[..at]
            .rfind(|c: char| !is_path_char(c))
            .map_or(0, |s| s + 1);
        if compared(code, start) {
            if !refuses(code, at) {
                found.push(format!(
                    "{name}:{}: a {what} compared to choose what to write, not to refuse it with an Err",
                    line(at)
                ));
            }
            continue;
        }
        // A match arm: the variant, or an or-pattern of them, then `=>`.
        let mut j = skip_space(
            code,
            from + code[from..].find(|c| !is_path_char(c)).unwrap_or(0),
        );
        while code[j..].starts_with('|') && !code[j..].starts_with("||") {
            j = skip_space(code, j + 1);
            j += code[j..].find(|c| !is_path_char(c)).unwrap_or(0);
            j = skip_space(code, j);
        }
        if code[j..].starts_with("=>") {
            found.push(format!(
                "{name}:{}: a match arm on a {what} picks a writer by hand",
                line(at)
            ));
        }
    }
    found
}

/// What file `name` (its path under `src/`) does against the rules, one
/// line each: `name:line: why`.
fn violations(name: &str, text: &str) -> Vec<String> {
    let code = code_only(text);
    let line = |at: usize| code[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    for (at, _) in code.match_indices(".shape()") {
        found.push(format!(
            "{name}:{}: a document chosen by the shape of a format",
            line(at)
        ));
    }
    for kind in ["Format::", "Shape::"] {
        found.extend(named(name, &code, kind));
    }
    if name == "main.rs" || name.starts_with("cli/") {
        for writer in ["write_document(", "write_rows("] {
            for (at, _) in code.match_indices(writer) {
                let before = code[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                found.push(format!(
                    "{name}:{}: {writer}..) writes JSON or CSV outside the document",
                    line(at)
                ));
            }
        }
    }
    found
}

#[test]
fn no_command_picks_a_writer_by_format() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if name.starts_with("report/render/") {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("a readable source");
        found.extend(violations(&name, &text));
    }
    assert!(
        found.is_empty(),
        "build a report::document::Document and write it with report::render (a refusal of a format is an Err):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_rule_catches_a_writer_picked_by_hand_and_passes_a_refusal() {
    // The hand-picked writers this test was written against (strategy,
    // dead_sample, report, simulate before issue 25's document model) ...
    let picked = [
        "match format { Format::Json => report::write_document(v, p, out), _ => out.write_all(t) }",
        "match args.output.format { Format::Csv => a(), Format::Json => b(), _ => c() }",
        "match f { uth_edge::report::Format::Table | uth_edge::report::Format::Markdown => x, _ => y }",
        "if format == Format::Markdown {\n    writeln!(out, \"## Player-dealer game\")?;\n}",
        "if matches!(\n    args.output.format,\n    report::Format::Table | report::Format::Markdown\n) {\n    writeln!(out, \"Under a payout limit\")?;\n}",
        "fn f() { uth_edge::report::write_document(x, None, &mut out) }",
        "fn f() { report::write_rows(&COLUMNS, rows, out) }",
        // ... and the documents chosen by shape before issue 32 (the
        // report and the wager results: a submission for Markdown and HTML,
        // a terminal document for the others).
        "let document = match format.shape() {\n    Shape::Document => submission::document(c, x, vec![]),\n    _ => terminal_document(r, x)?,\n};",
        "if format.shape() >= report::Shape::Document {\n    write_submission(format, &catalog, &mut out)?;\n}",
        "match shape { Shape::Page => page(), Shape::Plain | Shape::Rows => rows() }",
    ];
    for snippet in picked {
        assert!(
            !violations("cli/commands/x.rs", snippet).is_empty(),
            "not caught: {snippet}"
        );
    }
    // ... and what stays: refusals, a format as a value, the writers inside
    // report/, text that only mentions them.
    let allowed = [
        "if args.output.format != uth_edge::report::Format::Table {\n    return Err(InputError::usage(\n        \"--simulate prints its estimates with --format table\",\n    ));\n}",
        "if !matches!(args.format, Format::Table | Format::Markdown | Format::Html) {\n    return Err(InputError::usage(format!(\"x {}\", 1)));\n}",
        "let leak = match &args.seen_results {\n    None => None,\n    Some(_) if args.format != Format::Html => return Err(InputError::usage(\n        \"--seen-results: use it with --format html\",\n    )),\n    Some(path) => Some(read(path)?),\n};",
        "report::render(Format::Table, &document, &mut out)?;",
        "if !matches!(f, Format::Json) {\n    return Err(e);\n}\nreport::render(\n    Format::Table,\n    &d,\n)?;",
        "// match format { Format::Json => write_document(..) }\nlet s = \"Format::Csv => write_rows(\";",
        "Ok(Settings { format: Format::Table, tables })",
        "#[arg(long, default_value = \"table\", value_parser = formats(Shape::Rows))]",
        "let names: Vec<&str> = Format::offered_by(Shape::Plain).map(Format::name).collect();",
        "fn formats(shape: Shape) -> impl TypedValueParser<Value = Format> { f(shape) }",
    ];
    for snippet in allowed {
        assert_eq!(
            violations("cli/commands/x.rs", snippet),
            Vec::<String>::new(),
            "{snippet}"
        );
    }
    assert!(violations("report/x.rs", "write_document(x, None, out)").is_empty());
    assert!(violations("results/mod.rs", "write_rows(&COLUMNS, rows, out)").is_empty());
}
