//! The collusion and exposed-card rows of the report's "Value of a leak"
//! section (`report --format html --dead-results FILE`), read from a
//! dead-card results file the program writes here for a 16-card deck (no
//! full-deck results are committed yet): the reader gives back the exact
//! figures of the engine that wrote the file, the section shows them, and
//! a file that breaks the writer's arithmetic is refused in one line naming
//! the file and the line, before any work.

use crate::common::{blind_a, small_dead_card_results, stderr, stdout, uth_edge};
use uth_edge::analysis::dead_results;
use uth_edge::exact::seen::dead::DeadSums;
use uth_edge::fraction::Fraction;
use uth_edge::report;

/// The engine's sums of collude:2 and exposed:1 on 16 cards, with the base
/// game of that deck, and the results file the CSV writer makes of them.
fn small_deck_results() -> (Vec<DeadSums>, Fraction, String) {
    small_dead_card_results(&blind_a())
}

#[test]
fn the_rows_are_the_engines_exact_figures() {
    let (sums, base, csv) = small_deck_results();
    let rows = dead_results::read(&csv, "small.csv").expect("a valid file");
    assert_eq!(rows.len(), 2);
    for (row, s) in rows.iter().zip(&sums) {
        assert_eq!(row.case, s.case);
        assert_eq!(row.per_ante, s.per_ante());
        assert_eq!(row.base_per_ante, base);
        assert_eq!(row.gain, s.per_ante() - base.clone());
        assert_eq!(row.variance, s.variance());
    }
    let section = report::dead::leak::with_dead_rows(None, &rows).expect("a section");
    for s in &sums {
        // The exact gain, from the engine's sums, on hover.
        let gain = s.per_ante() - base.clone();
        assert!(section.contains(&format!("title=\"{gain}\"")), "{section}");
        assert!(section.contains(&s.case.to_string()));
    }
    // Each row says it is of a 16-card deck, not the real game (issue 31).
    assert_eq!(
        section
            .matches("(on a 16-card deck, not the 52-card game)")
            .count(),
        2,
        "{section}"
    );
    // Added inside an existing seen-card section, before its end.
    let seen = "<section id=\"leak\">\n<h2>Value of a leak</h2>\n<table></table>\n</section>\n";
    let both = report::dead::leak::with_dead_rows(Some(seen.into()), &rows).expect("a section");
    assert_eq!(both.matches("<section").count(), 1);
    assert!(both.trim_end().ends_with("</section>"));
    assert!(both.contains("Collusion and exposed cards"));
}

#[test]
fn broken_files_are_refused_naming_the_file_and_line() {
    let (_, _, csv) = small_deck_results();
    let mut lines: Vec<String> = csv.lines().map(str::to_string).collect();
    let header = lines[0].clone();
    // A gain that is not the expectation less the base game.
    let mut fields: Vec<String> = lines[1].split(',').map(str::to_string).collect();
    let gain = dead_results::CSV_COLUMNS
        .iter()
        .position(|c| *c == "gain_per_ante_exact")
        .expect("a column");
    fields[gain] = "1/7".into();
    lines[1] = fields.join(",");
    let tampered = lines.join("\n") + "\n";
    for (text, says, line) in [
        (format!("{header}\n"), "no case", 1),
        ("a,b\n1,2\n".to_string(), "not a dead-card results file", 1),
        (tampered, "gain_per_ante", 2),
        (
            csv.replacen("collude:2", "collude:4", 1),
            "exact cases only",
            2,
        ),
    ] {
        let err = dead_results::read(&text, "f.csv").expect_err(says);
        assert_eq!(err.line, line, "{err}");
        assert!(err.to_string().starts_with("f.csv: line"), "{err}");
        assert!(err.to_string().contains(says), "{err}");
    }
}

#[test]
fn report_shows_the_rows_and_refuses_bad_files_in_one_line() {
    let (_, _, csv) = small_deck_results();
    let dir = std::env::temp_dir().join(format!("uth-leak-dead-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("dead_cards.small.csv");
    std::fs::write(&good, &csv).expect("written");
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, csv.replacen("collude:2", "collude:9", 1)).expect("written");
    let good = good.to_str().expect("UTF-8 path");
    let bad = bad.to_str().expect("UTF-8 path");
    // A Trips table: no base game to solve.
    let out = uth_edge(&[
        "report",
        "--paytable",
        "uth-02",
        "--format",
        "html",
        "--dead-results",
        good,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = stdout(&out);
    assert!(html.contains("Collusion and exposed cards"));
    assert!(html.contains("collude:2") && html.contains("exposed:1"));
    for (args, says) in [
        (
            vec!["report", "--paytable", "uth-02", "--dead-results", good],
            "--format html",
        ),
        (
            vec![
                "report",
                "--paytable",
                "uth-02",
                "--format",
                "html",
                "--dead-results",
                bad,
            ],
            "line 2",
        ),
        (
            vec![
                "report",
                "--paytable",
                "uth-02",
                "--format",
                "html",
                "--dead-results",
                good,
                "--dead-results",
                good,
            ],
            "earlier file",
        ),
    ] {
        let out = uth_edge(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
