//! Text from a pay-table file (id, title, source) that would run as code
//! where a report is opened: a script in the HTML page (also inside its
//! `@page` CSS, which once escaped only `"`), raw HTML or a link in the
//! Markdown, a formula in a spreadsheet opened on the CSV. Every format of
//! every command that echoes the fields is rendered on hostile tables; the
//! HTML is parsed by a real parser (html5ever, through `scraper`).

use super::common::{stdout, uth_edge};
use scraper::{Html, Selector};
use std::path::{Path, PathBuf};

/// The script a hostile field tries to run (HTML), the formula (CSV).
const HTML_ID: &str = "x</style><script>alert(document.domain)</script><style>";
const HTML_TITLE: &str = "<script>alert(1)</script>\" onload=\"x";
const HTML_SOURCE: &str = "</title><script>alert(2)</script>[x](javascript:alert(3))";
const FORMULA_ID: &str = "=cmd|'/Ccalc'!A0";
const FORMULA_TITLE: &str = "=cmd|'/C calc'!A0";
const FORMULA_SOURCE: &str = "@SUM(1+1)*cmd|'/C calc'!A0";

/// UTH-03's pays under the given id, title and source (TOML basic
/// strings: `"` and `\` escaped), in a directory of this test's own.
fn tables() -> (PathBuf, Vec<PathBuf>) {
    let dir = std::env::temp_dir().join(format!("uth-edge-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let uth03 = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/uth-03.toml"
    ))
    .unwrap();
    let toml = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let mut paths = Vec::new();
    for (name, id, title, source) in [
        ("html", HTML_ID, HTML_TITLE, HTML_SOURCE),
        ("formula", FORMULA_ID, FORMULA_TITLE, FORMULA_SOURCE),
    ] {
        let text: String = uth03
            .lines()
            .map(|l| {
                if l.starts_with("id = ") {
                    format!("id = {}", toml(id))
                } else if l.starts_with("title = ") {
                    format!("title = {}", toml(title))
                } else if l.starts_with("source = ") {
                    format!("source = {}", toml(source))
                } else {
                    l.to_string()
                }
            })
            .map(|l| l + "\n")
            .collect();
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        paths.push(path);
    }
    (dir, paths)
}

/// The `--format` values a command offers, from its help.
fn formats(command: &str) -> Vec<String> {
    let help = stdout(&uth_edge(&[command, "--help"])).replace('\n', " ");
    let values = help
        .split("[possible values: ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the --format values");
    values
        .split(',')
        .map(|v| v.split_whitespace().collect::<String>())
        .collect()
}

fn run(args: &[&str]) -> String {
    let out = uth_edge(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    stdout(&out)
}

/// The page holds no script, no event handler and no element or attribute
/// the hostile text made: one `<style>`, and the text read back as text.
fn check_html(html: &str, what: &str) {
    let page = Html::parse_document(html);
    let all = Selector::parse("*").unwrap();
    for e in page.select(&all) {
        let name = e.value().name();
        assert!(name != "script", "{what}: a <script> element");
        for (attribute, _) in e.value().attrs() {
            assert!(!attribute.starts_with("on"), "{what}: <{name} {attribute}>");
        }
    }
    let styles = page.select(&Selector::parse("style").unwrap()).count();
    assert_eq!(styles, 1, "{what}: the hostile id made a <style> element");
    let text: String = page.root_element().text().collect();
    for field in [HTML_ID, HTML_TITLE, HTML_SOURCE] {
        assert!(text.contains(field), "{what}: {field} is not shown as text");
    }
}

/// No field a spreadsheet would run as a formula; the hostile ids are
/// there behind a `'`; a field beginning with `-` is a number.
fn check_csv(csv: &str, what: &str) {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(csv.as_bytes());
    let mut prefixed = false;
    for record in reader.records() {
        for field in record.unwrap().iter() {
            assert!(
                !field.starts_with(['=', '+', '@', '\t', '\r']),
                "{what}: a formula {field:?}"
            );
            if let Some(number) = field.strip_prefix('-') {
                let (n, d) = number.split_once('/').unwrap_or((number, "1"));
                assert!(
                    n.parse::<f64>().is_ok() && d.parse::<u64>().is_ok(),
                    "{what}: a formula {field:?}"
                );
            }
            prefixed |= field == format!("'{FORMULA_ID}");
        }
    }
    assert!(prefixed, "{what}: the id {FORMULA_ID} is not there as text");
}

/// The Markdown holds no raw HTML, entity or link a viewer would follow.
fn check_markdown(md: &str, what: &str) {
    for (at, _) in md.match_indices(['<', '&']) {
        assert!(md[..at].ends_with('\\'), "{what}: raw HTML at {at}");
    }
    for (at, _) in md.match_indices("](") {
        assert!(md[..at].ends_with('\\'), "{what}: a link at {at}");
    }
}

/// JSON keeps every field verbatim (it is data, read by programs).
fn check_json(json: &str, what: &str) {
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    let text = value.to_string();
    for field in [HTML_ID, FORMULA_ID] {
        let quoted = serde_json::to_string(field).unwrap();
        assert!(
            text.contains(&quoted),
            "{what}: {field} is not there as it is"
        );
    }
}

#[test]
fn hostile_pay_table_text_runs_nowhere() {
    let (dir, paths) = tables();
    let paths: Vec<&str> = paths.iter().map(|p| p.to_str().unwrap()).collect();
    for command in ["report", "trips", "check"] {
        for format in formats(command) {
            let mut args = vec![command];
            for p in &paths {
                args.extend(["--paytable", p]);
            }
            args.extend(["--format", &format]);
            let out = run(&args);
            let what = format!("{command} --format {format}");
            match format.as_str() {
                "html" => check_html(&out, &what),
                "csv" => check_csv(&out, &what),
                "markdown" => check_markdown(&out, &what),
                "json" => check_json(&out, &what),
                _ => assert!(out.contains(HTML_ID), "{what}"),
            }
        }
    }
    // `tables validate` echoes the fields as they are (text on a terminal).
    let out = run(&["tables", "validate", paths[0]]);
    assert!(out.contains(HTML_ID) && out.contains(HTML_SOURCE));
    let _ = std::fs::remove_dir_all(Path::new(&dir));
}
