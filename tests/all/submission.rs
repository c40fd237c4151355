//! The submission report (`uth-edge report --format html` and `markdown`)
//! of a submitted Trips table that is UTH-03 under another name: every
//! part a regulator asks for is there, nothing is collapsed, and printed
//! by headless Chromium every page carries the table id, its SHA-256 and
//! "page n of N"; a heading is kept with what it introduces and no
//! Markdown backtick is printed.

use crate::common::{stdout, submitted_trips, uth_edge};
use scraper::{ElementRef, Html, Selector};
use sha2::{Digest, Sha256};
use std::path::Path;
use std::process::Command;

fn report(path: &Path, format: &str) -> String {
    let out = uth_edge(&[
        "report",
        "--paytable",
        path.to_str().unwrap(),
        "--format",
        format,
    ]);
    assert!(out.status.success(), "{out:?}");
    stdout(&out)
}

#[test]
fn the_submission_report_has_every_part_and_nothing_collapsed() {
    let (dir, path) = submitted_trips("parts");
    let html = report(&path, "html");
    // Printed, a collapsed part would not show.
    assert!(!html.contains("<details"), "a collapsed part");
    assert!(html.contains("<title>Ultimate Texas Hold&#39;em math report: pay table my-trips"));
    // Its pays are UTH-03's.
    assert!(html.contains(
        "my-trips: identical to built-in uth-03 (the same pays and rules under another name)"
    ));
    for part in [
        "Pay table as submitted",
        "True odds, payout odds and house advantage",
        "Return table",
        "Maximum win and the top award",
        "Range after N hands",
        "Rules of the game",
        "Rules version and assumptions",
        "Readings used",
        "Certification",
        "Provenance",
        "return to player",
        "volatility index",
        "cycle",
        "even after the player folds",
        "one standard 52-card deck",
        "COMAR 36.05.16.12C(3)",
    ] {
        assert!(html.contains(part), "{part}");
    }
    // Hand names as people write them.
    assert!(html.contains(">Three of a kind<") && !html.contains(">three_of_a_kind<"));
    // Fact (textbook counts of seven-card hands): 6,461,620 three of a kind
    // of 133,784,560: true odds (133,784,560 − 6,461,620)/6,461,620 = 19.70
    // to 1 against; 4,324 royal flushes: the top award (50 to 1) 1 in 30,940.
    assert!(
        html.contains(">19.70 to 1<"),
        "true odds of three of a kind"
    );
    assert!(html.contains("50 times the wager (Royal flush)"));
    assert!(html.contains("1 in 30,940"));
    assert!(html.contains("1 in 100,000,000"), "the GLI-11 figure");
    assert!(html.contains(">Total<"), "the return table's total row");
    // Fact: the published house edge of UTH-03 is 3.50% (Washington State
    // Gambling Commission, Paytables): return to player 96.50% as rounded.
    let at = html.find("<th>return to player</th><td>").unwrap() + 29;
    let rtp: f64 = html[at..at + 7].parse().unwrap();
    assert!((rtp - 96.50).abs() < 0.005, "{rtp}");
    assert!(html.contains(">REPRODUCED<"));

    // The Markdown carries the same content: a top-level heading, the same
    // headings as the HTML, the verdicts.
    let md = report(&path, "markdown");
    assert!(md.starts_with("# Ultimate Texas Hold'em math report: pay table my-trips"));
    for level in ["h2", "h3"] {
        let hashes = if level == "h2" { "## " } else { "### " };
        for piece in html.split(&format!("<{level}>")).skip(1) {
            let heading = &piece[..piece.find('<').unwrap()];
            if [
                "Preflop strategy",
                "Base game outcome distribution",
                "House edge by pay table",
            ]
            .contains(&heading)
            {
                continue; // charts: their figures are in the tables
            }
            let heading = heading.replace("&#39;", "'");
            assert!(
                md.contains(&format!("{hashes}{heading}\n")),
                "{hashes}{heading}"
            );
        }
    }
    assert!(md.contains("- **REPRODUCED**: my-trips house edge 3.50%"));
    assert!(md.contains("| Three of a kind |"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_assumptions_and_the_certification_name_the_rules_version_every_input_and_the_tool() {
    // Facts: a SHA-256 is of the bytes (of the table's file, of the binary
    // that ran); two tables that pay the same have the same contents digest
    // (my-trips is UTH-03 renamed); the version stated in the file and on
    // the command line is the one printed.
    let (dir, path) = submitted_trips("certified");
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "wager = ",
        "rules_version = \"Paytable C as amended in 2014\"\nwager = ",
    );
    std::fs::write(&path, &text).unwrap();
    let out = uth_edge(&[
        "report",
        "--paytable",
        path.to_str().unwrap(),
        "--rules-version",
        "COMAR 36.05.16, 2014 amendments",
        "--format",
        "markdown",
    ]);
    assert!(out.status.success(), "{out:?}");
    let md = stdout(&out);
    let hex = |bytes: &[u8]| -> String {
        Sha256::digest(bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let file = hex(text.as_bytes());
    let binary = hex(&std::fs::read(env!("CARGO_BIN_EXE_uth-edge")).unwrap());
    let uth03 = uth_edge::rules::paytable::PayTable::builtin("uth-03")
        .unwrap()
        .unwrap()
        .contents_sha256();
    for part in [
        "## Rules version and assumptions".to_string(),
        "COMAR 36.05.16, 2014 amendments (stated for this submission)".to_string(),
        "| my-trips |".to_string(),
        "| Paytable C as amended in 2014 |".to_string(),
        "## Certification".to_string(),
        format!("file {file}"),
        format!("contents {uth03}"),
        format!("binary {binary}"),
        format!(
            "uth-edge {} (commit {})",
            uth_edge::analysis::provenance::TOOL_VERSION,
            uth_edge::analysis::provenance::GIT_COMMIT
        ),
        "uth-edge simulate --hands 1e8".to_string(),
        "| Laboratory or certifier |".to_string(),
        "| Reviewed by |".to_string(),
    ] {
        assert!(md.contains(&part), "{part}\n{md}");
    }
    // Refused in one line, exit 2, before any work.
    for (bad, why) in [("", "empty"), ("a\nb", "control character")] {
        let out = uth_edge(&["report", "--paytable", "uth-01", "--rules-version", bad]);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = crate::common::stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(
            err.contains("--rules-version") && err.contains(why),
            "{err}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn printed_a_heading_stays_with_what_it_introduces_and_no_backtick_shows() {
    // Issue 33, the report printed by Chromium: the house-edge chart's
    // heading and caption at the foot of page 1, the chart overleaf (they
    // were not one keep-together block, `div.keep`); and literal Markdown
    // backticks (`optimal`, `uth-edge economics`) in the printed text.
    let (dir, path) = submitted_trips("keep");
    let page = Html::parse_document(&report(&path, "html"));
    let sel = |s: &str| Selector::parse(s).unwrap();
    let body: String = page.select(&sel("body")).next().unwrap().text().collect();
    let ticked: Vec<&str> = body.lines().filter(|l| l.contains('`')).collect();
    assert!(ticked.is_empty(), "backticks printed: {ticked:?}");
    let kept = |e: &ElementRef| {
        e.ancestors()
            .filter_map(ElementRef::wrap)
            .any(|a| a.value().name() == "div" && a.value().classes().any(|c| c == "keep"))
    };
    for heading in page.select(&sel("section h2, section h3, section h4")) {
        assert!(kept(&heading), "not kept together: {}", heading.html());
    }
    let chart = page.select(&sel("#house-edges svg")).next().unwrap();
    assert!(
        kept(&chart),
        "the house-edge chart is apart from its heading"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Whether a program runs and tells its version (`flag`: chromium takes
/// `--version`; pdftotext takes `-v` and reads `--version` as a file name).
fn has(program: &str, flag: &str) -> bool {
    Command::new(program)
        .arg(flag)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether headless Chromium and pdftotext are here to print a report;
/// without them a printing test is skipped, unless
/// `UTH_EDGE_REQUIRE_CHROMIUM` is set (CI, `.ci/run`).
fn can_print() -> bool {
    if has("chromium", "--version") && has("pdftotext", "-v") {
        return true;
    }
    assert!(
        std::env::var_os("UTH_EDGE_REQUIRE_CHROMIUM").is_none(),
        "UTH_EDGE_REQUIRE_CHROMIUM is set but chromium or pdftotext is missing"
    );
    eprintln!("skipped: chromium and pdftotext (poppler-utils) are needed to print the report");
    false
}

/// `html` printed to PDF by headless Chromium in `dir`: the text of each
/// page that holds any.
fn printed_pages(dir: &Path, html: &str) -> Vec<String> {
    let page = dir.join("report.html");
    std::fs::write(&page, html).unwrap();
    let pdf = dir.join("report.pdf");
    let printed = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            &format!("--user-data-dir={}", dir.join("profile").display()),
            &format!("--print-to-pdf={}", pdf.display()),
            &format!("file://{}", page.display()),
        ])
        .output()
        .unwrap();
    assert!(pdf.exists(), "chromium printed nothing: {printed:?}");
    let text = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    String::from_utf8(text.stdout)
        .unwrap()
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn the_printed_submission_report_carries_the_table_and_page_numbers_on_every_page() {
    if !can_print() {
        return;
    }
    let (dir, path) = submitted_trips("pdf");
    let sha: String = Sha256::digest(std::fs::read(&path).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let pages = printed_pages(&dir, &report(&path, "html"));
    let n = pages.len();
    assert!(n >= 3, "{n} pages: every part should print");
    for (i, p) in pages.iter().enumerate() {
        let squeezed: String = p.split_whitespace().collect();
        assert!(
            squeezed.contains(&format!("my-tripsSHA-256{sha}")),
            "page {}: {p}",
            i + 1
        );
        assert!(
            squeezed.contains(&format!("page{}of{n}", i + 1)),
            "page {}: {p}",
            i + 1
        );
    }
    let all: String = pages
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for part in [
        "Summary",
        "Published figures",
        "Pay table as submitted",
        "True odds, payout odds and house advantage",
        "Return table",
        "Total",
        "Maximum win and the top award",
        "Range after N hands",
        "Rules of the game",
        "Rules version and assumptions",
        "Readings used",
        "Certification",
        "Provenance",
        "19.70 to 1",
    ] {
        assert!(all.contains(part), "the PDF lacks {part}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_return_table_cut_by_a_page_shows_its_header_on_every_page() {
    // The base game's return table (one row per way the hand ends, 55 rows
    // for Blind table A) runs over several printed pages: each page it
    // runs onto repeats its header, so no column goes unnamed.
    // Without the cross-check (its part: tests/all/certification.rs): the
    // return table does not depend on it.
    let out = uth_edge(&[
        "--quiet",
        "report",
        "--paytable",
        "blind-a",
        "--cross-check-hands",
        "0",
        "--format",
        "html",
    ]);
    assert!(out.status.success(), "{out:?}");
    let html = stdout(&out);
    // Regulators' rules ask for a house advantage per wager; the base
    // game's is of the game as a whole (issue 25).
    assert!(html.contains("Ante, Blind and Play are not separate bets"));
    if !can_print() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("uth-edge-submission-cut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pages = printed_pages(&dir, &html);
    // A row of the return table reads "Raise 4x, win, dealer qualifies,
    // ..." (the rules part's "the dealer qualifies with a pair" is not one,
    // nor the printed outcome chart's "raise 4x, lose, dealer qualifies",
    // nor the one such outcome the maximum win names); a page of several
    // carries the header's "combinations".
    let with_rows: Vec<String> = pages
        .iter()
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| {
            p.matches("Raise ").count() >= 3
                && (p.contains(", dealer qualifies") || p.contains(", dealer does not qualify"))
        })
        .collect();
    assert!(with_rows.len() >= 2, "the return table fits on one page");
    // On paper nothing is hidden behind a hover: the words "hover" are
    // left out and the strategy chart's exact EVs are printed as a table.
    let all = pages.join(" ");
    assert!(!all.to_lowercase().contains("hover"), "a hover on paper");
    assert!(all.contains("each hand's expected values"));
    // The worked examples, the assumptions and the certification print.
    for part in [
        "Worked settlement examples",
        "A payout limit that binds",
        "Rules version and assumptions",
        "Certification",
    ] {
        assert!(all.contains(part), "the PDF lacks {part}");
    }
    for p in with_rows {
        assert!(
            p.contains("combinations") && p.contains("contribution"),
            "{p}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bare_uth_edge_leads_with_one_line_per_table_and_the_verdicts() {
    // Fact: the built-in tables give 12 results (two Blind tables, five
    // Trips, two Six Card Bonus, one each of Progressive, Bad Beat and
    // Ultimate Pairs) and 8 published figures; a first screen of one line
    // each, not the 46-row outcome table of the base game.
    let out = uth_edge(&["--quiet"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.starts_with("Every wager of every built-in pay table"),
        "{text}"
    );
    assert!(text.lines().count() < 40, "{} lines", text.lines().count());
    assert!(!text.contains("raise 4x, win, dealer qualifies"));
    assert!(text.contains("uth-florida") && text.contains("REPRODUCED"));
    assert!(text.contains("uth-edge --details"));
    // Issue 33: the first screen fits a 100-column terminal (it was 180
    // wide and wrapped); the columns left out are --details's.
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(widest <= 100, "{widest} columns:\n{text}");
    assert!(text.contains("element of risk") && text.contains("std deviation"));
}
