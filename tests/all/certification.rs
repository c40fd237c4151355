//! The certification block's cross-check, run by the report (issue 33:
//! "the method in one paragraph with the independent cross-check (the
//! simulation) and its result"): each exact figure beside its estimate,
//! its 95% interval and INSIDE or OUTSIDE, in every format; the verdict
//! an identity of the interval (OUTSIDE for an exact figure deliberately
//! wrong); the same output at 1 and 2 threads; `--cross-check-hands`
//! refused in one line before any work; every file the run read listed
//! with its SHA-256 and its kind (a strategy file, seen-card results, ...)
//! in the provenance and the certification block.
//!
//! The base game is solved and sampled on the 20-card deck (seconds).

use crate::common::{blind_a, stderr, stdout, uth_edge};
use sha2::{Digest, Sha256};
use std::sync::OnceLock;
use uth_edge::analysis::catalog::{self, Catalog, GameEntry};
use uth_edge::analysis::cross_check::{
    sample_table, CheckedFigure, CrossCheck, CrossCheckRun, TableSample,
};
use uth_edge::analysis::provenance::Provenance;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::fraction::Fraction;
use uth_edge::input_file::FileKind;
use uth_edge::progress::Silent;
use uth_edge::report::{self, ExportContext, Format};
use uth_edge::sample::Estimate;

/// Hands of the small deck's samples.
const HANDS: u64 = 300_000;

/// Blind Paytable A solved on the 20-card deck, its catalog, and its
/// samples of [`HANDS`] hands, seed 1, at 1 and at 2 threads.
fn small() -> &'static (Catalog, TableSample, TableSample) {
    static SMALL: OnceLock<(Catalog, TableSample, TableSample)> = OnceLock::new();
    SMALL.get_or_init(|| {
        let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
        let river = RiverTable::build(deck, &Silent);
        let table = blind_a();
        let solution = solve(&river, &table, &Silent);
        let catalog = Catalog::compute_with(
            vec![GameEntry::from_solution(&solution)],
            std::slice::from_ref(&table),
            &catalog::default_wager_amounts(),
            &Silent,
        );
        let sample = |threads| sample_table(&solution, None, HANDS, 1, Some(threads), &Silent);
        (catalog, sample(1).unwrap(), sample(2).unwrap())
    })
}

/// The submission report of `catalog` with `cross_check` in `format`.
fn rendered(catalog: &Catalog, cross_check: CrossCheck, format: Format) -> String {
    let context = ExportContext {
        tables: vec![blind_a()],
        cross_check,
        ..Default::default()
    };
    let document =
        report::submission::document(catalog, &context, &[], None, &catalog.results).unwrap();
    let mut bytes = Vec::new();
    report::render(format, &document, &mut bytes).unwrap();
    String::from_utf8(bytes).unwrap()
}

/// The cross-check of the one-thread sample against `results`.
fn run_of(catalog: &Catalog, sample: &TableSample) -> CrossCheckRun {
    CrossCheckRun::compare(HANDS, 1, std::slice::from_ref(sample), &catalog.results)
}

#[test]
fn the_verdict_is_whether_the_exact_figure_lies_in_the_interval() {
    // Identity: the interval of a mean 0.02 with a standard error 0.001 is
    // 0.02 ± 1.959964 × 0.001, about [0.01804, 0.02196]: 1/50 lies in it,
    // 1/40 and 1/100 do not.
    let estimate = Estimate::new(0.02, 0.001);
    let check = |exact: Fraction| CheckedFigure::compare("base_game", "t", "e", exact, estimate);
    assert!(check(Fraction::new(1, 50)).inside);
    assert!(check(Fraction::new(2_19, 10_000)).inside);
    assert!(!check(Fraction::new(1, 40)).inside);
    assert!(!check(Fraction::new(1, 100)).inside);
}

#[test]
fn the_cross_check_is_in_every_format_with_its_verdicts() {
    // Facts: each figure's exact value is the report's own (the catalog's
    // house edge per Ante and element of risk of blind-a on this deck);
    // each verdict is INSIDE exactly when the interval printed holds it.
    // An exact figure made wrong on purpose (the true one plus 1 Ante) is
    // OUTSIDE.
    let (catalog, sample, _) = small();
    let run = run_of(catalog, sample);
    let base = &catalog.results[0];
    assert_eq!(run.figures.len(), 2);
    assert_eq!(run.figures[0].exact, base.house_edge);
    assert_eq!(run.figures[1].exact, base.element_of_risk);
    for f in &run.figures {
        let x = f.exact.to_f64();
        let inside = f.estimate.ci95_low <= x && x <= f.estimate.ci95_high;
        assert_eq!(f.inside, inside, "{}", f.figure);
    }
    // The solver and the sampler agree on this deck with this seed.
    assert!(run.figures[0].inside, "{:?}", run.figures[0]);
    let verdict = if run.figures[0].inside {
        "INSIDE"
    } else {
        "OUTSIDE"
    };

    let mut wrong = run.clone();
    wrong.figures[0] = CheckedFigure::compare(
        "base_game",
        "blind-a",
        "house edge per Ante",
        base.house_edge.clone() + Fraction::ONE,
        run.figures[0].estimate,
    );
    assert!(!wrong.figures[0].inside);

    for format in [Format::Table, Format::Markdown, Format::Html] {
        let text = rendered(catalog, CrossCheck::Done(run.clone()), format);
        assert!(text.contains("Cross-check"), "{format:?}");
        assert!(
            text.contains("blind-a house edge per Ante"),
            "{format:?}: {text}"
        );
        assert!(text.contains(verdict), "{format:?}");
        assert!(text.contains("this report ran it: 300,000 hands"));
        let bad = rendered(catalog, CrossCheck::Done(wrong.clone()), format);
        assert!(bad.contains("OUTSIDE"), "{format:?}");
    }
    let json: serde_json::Value = serde_json::from_str(&rendered(
        catalog,
        CrossCheck::Done(run.clone()),
        Format::Json,
    ))
    .unwrap();
    let part = &json["certification"]["cross_check"];
    assert_eq!(part["status"], "run");
    assert_eq!(part["hands_per_table"], HANDS);
    assert_eq!(
        part["figures"][0]["exact_exact"],
        base.house_edge.to_string()
    );
    assert_eq!(part["figures"][0]["verdict"], verdict);
    assert_eq!(part["figures"][0]["estimate"], run.figures[0].estimate.mean);
    let csv = rendered(catalog, CrossCheck::Done(wrong), Format::Csv);
    let row = csv
        .lines()
        .find(|l| l.contains("cross_check") && l.contains("house edge per Ante"))
        .expect("a cross_check row");
    assert!(row.contains("OUTSIDE: estimate"), "{row}");
    assert!(row.contains(&(base.house_edge.clone() + Fraction::ONE).to_string()));

    let left_out = rendered(catalog, CrossCheck::LeftOut, Format::Json);
    let json: serde_json::Value = serde_json::from_str(&left_out).unwrap();
    assert_eq!(json["certification"]["cross_check"]["status"], "left_out");
    assert!(json["certification"]["method"]
        .as_str()
        .unwrap()
        .contains("left out of this report (--cross-check-hands 0)"));
}

#[test]
fn the_methods_flags_and_strategy_print_as_code_not_as_backticks() {
    // The method names a flag and a strategy: the page shows them as code
    // (it printed the Markdown backticks, seen on the printed report), the
    // text form and the JSON's words without backticks.
    let (catalog, _, _) = small();
    let run = CrossCheckRun {
        hands: HANDS,
        seed: 1,
        strategy: "optimal".into(),
        figures: vec![],
    };
    for (check, code) in [
        (CrossCheck::LeftOut, "<code>--cross-check-hands 0</code>"),
        (
            CrossCheck::Done(run),
            "<code>--cross-check-hands</code> sets the hands",
        ),
    ] {
        let html = rendered(catalog, check.clone(), Format::Html);
        let method = &html[html.find("Method: every figure").expect("the method")..];
        let method = &method[..method.find("</p>").unwrap()];
        assert!(method.contains(code), "{method}");
        assert!(!method.contains('`'), "{method}");
        if let CrossCheck::Done(_) = check {
            assert!(
                method.contains("the strategy <code>optimal</code>"),
                "{method}"
            );
        }
        let text = rendered(catalog, check.clone(), Format::Table);
        let method = &text[text.find("Method: every figure").unwrap()..];
        let method = &method[..method.find("\n\n").unwrap()];
        assert!(method.contains("--cross-check-hands"), "{method}");
        assert!(!method.contains('`'), "text: {method}");
        let json = rendered(catalog, check.clone(), Format::Json);
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        let method = json["certification"]["method"].as_str().unwrap();
        assert!(!method.contains('`'), "json: {method}");
    }
}

#[test]
fn the_cross_check_is_the_same_at_one_and_two_threads() {
    // The sampler's hands are a fixed sequence per seed and its tallies
    // integers: the report's bytes do not depend on the threads.
    let (catalog, one, two) = small();
    for format in [Format::Json, Format::Csv, Format::Markdown] {
        assert_eq!(
            rendered(catalog, CrossCheck::Done(run_of(catalog, one)), format),
            rendered(catalog, CrossCheck::Done(run_of(catalog, two)), format),
            "{format:?}"
        );
    }
}

#[test]
fn cross_check_hands_are_refused_in_one_line_before_any_work() {
    // Each refusal is one line naming the flag and the value, exit code 2,
    // before the solve (a Blind table is given: no solve may start).
    for (value, why) in [
        ("-5", "not a whole number"),
        ("ten", "not a whole number"),
        ("1.5", "not a whole number"),
        ("1e11", "more than 10^10"),
        ("99999999999999999999", "not a whole number"),
    ] {
        let out = uth_edge(&[
            "report",
            "--paytable",
            "blind-a",
            "--cross-check-hands",
            value,
        ]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{value}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{value}: {err}");
        assert!(
            err.contains(&format!("--cross-check-hands {value}: {why}")),
            "{value}: {err}"
        );
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn zero_hands_leave_the_cross_check_out_and_say_so() {
    // No Blind table: nothing solved. With 0 the part says it was left
    // out; without a Blind table, that the report does not carry it.
    let run = |hands: Option<&str>| {
        let mut args = vec!["report", "--paytable", "uth-01", "--format", "json"];
        if let Some(h) = hands {
            args.extend(["--cross-check-hands", h]);
        }
        let out = uth_edge(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        json["certification"]["cross_check"]["status"].clone()
    };
    assert_eq!(run(Some("0")), "left_out");
    assert_eq!(run(None), "not_run");
}

/// SHA-256 of the bytes of the file at `path`, lowercase hexadecimal
/// (the sha2 crate on the bytes read here, not the tool's reader).
fn sha256_of_file(path: &std::path::Path) -> String {
    Sha256::digest(std::fs::read(path).unwrap())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn a_strategy_file_read_is_in_the_provenance_and_the_certification() {
    // Fact: the SHA-256 of the file's bytes, computed here with the sha2
    // crate; the provenance of the run lists the file read (path as given)
    // with it, and the certification block prints it in every format
    // (the files other than pay tables were not listed at all before).
    let dir = std::env::temp_dir().join(format!("uth-edge-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("my-player.toml");
    let text = uth_edge::strategy::FileStrategy::builtin_text("never-4x").unwrap();
    std::fs::write(&path, text).unwrap();
    let digest = sha256_of_file(&path);
    let given = path.display().to_string();
    uth_edge::strategy::FileStrategy::resolve(&given).unwrap();
    let provenance = Provenance::now("test".into(), vec![]);
    assert!(
        provenance
            .input_files
            .iter()
            .any(|f| f.path == given && f.sha256 == digest && f.kind == FileKind::Strategy),
        "{:?}",
        provenance.input_files
    );
    let (catalog, _, _) = small();
    let context = ExportContext {
        tables: vec![blind_a()],
        provenance: Some(provenance),
        cross_check: CrossCheck::LeftOut,
        ..Default::default()
    };
    let render = |format| {
        let document =
            report::submission::document(catalog, &context, &[], None, &catalog.results).unwrap();
        let mut bytes = Vec::new();
        report::render(format, &document, &mut bytes).unwrap();
        String::from_utf8(bytes).unwrap()
    };
    let label = format!("input file {given}");
    let json: serde_json::Value = serde_json::from_str(&render(Format::Json)).unwrap();
    let inputs = json["certification"]["inputs"].as_array().unwrap();
    assert!(inputs.iter().any(|i| i["input"] == label.as_str()
        && i["input_kind"] == "strategy_file"
        && i["sha256_of"] == "file"
        && i["sha256"] == digest.as_str()
        && i["paytable"].is_null()));
    // The pay table's two rows are of kind pay table.
    assert!(inputs
        .iter()
        .filter(|i| i["paytable"] == "blind-a")
        .all(|i| i["input_kind"] == "pay_table"));
    let kinds: Vec<&serde_json::Value> = json["provenance"]["input_files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["path"] == given.as_str())
        .map(|f| &f["kind"])
        .collect();
    assert_eq!(kinds, ["strategy_file"]);
    let csv = render(Format::Csv);
    let mut reader = ::csv::Reader::from_reader(csv.as_bytes());
    let header = reader.headers().unwrap().clone();
    let at = |c: &str| header.iter().position(|h| h == c).unwrap();
    assert!(reader.records().any(|r| {
        let r = r.unwrap();
        r[at("row")] == *"certification"
            && r[at("hand")] == *label
            && r[at("text")] == format!("file {digest}")
            && r[at("input_kind")] == *"strategy_file"
    }));
    // The kind's column is appended: the columns before it are as they
    // were (the results' columns, then strategy and text).
    assert_eq!(
        header.iter().rev().take(3).collect::<Vec<_>>(),
        ["input_kind", "text", "strategy"]
    );
    for format in [Format::Table, Format::Markdown, Format::Html] {
        let text = render(format);
        let certification = &text[text.find("Certification").unwrap()..];
        assert!(certification.contains(&label), "{format:?}: {text}");
        let row = certification
            .lines()
            .find(|l| l.contains(&label))
            .unwrap_or_else(|| panic!("{format:?}: {certification}"));
        assert!(row.contains("strategy file"), "{format:?}: {row}");
        assert!(
            certification.contains(&format!("file {digest}")),
            "{format:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_results_files_a_report_reads_are_certified_in_the_order_of_their_paths() {
    // Fact: each file's SHA-256, computed here with the sha2 crate on its
    // bytes; the list is ordered by path whatever the order given, and two
    // runs give the same certification. (Only the pay tables and the
    // binary were listed before.) --dead-results and --seen-results add to
    // the HTML report alone; uth-01 has no Blind table, so nothing is
    // solved.
    let results = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
    let files = [
        results.join("seen_cards.csv"),
        results.join("dead_cards.exposed-1.csv"),
        results.join("dead_cards.collude-2.csv"),
    ];
    let run = || {
        let out = uth_edge(&[
            "report",
            "--paytable",
            "uth-01",
            "--seen-results",
            files[0].to_str().unwrap(),
            "--dead-results",
            files[1].to_str().unwrap(),
            "--dead-results",
            files[2].to_str().unwrap(),
            "--format",
            "html",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let html = stdout(&out);
        let start = html.find("<h3>Inputs and tool</h3>").expect("inputs");
        let end = start + html[start..].find("</table>").unwrap();
        html[start..end].to_string()
    };
    let certified = run();
    let mut at = Vec::new();
    for (path, kind) in files.iter().zip([
        "seen-card results",
        "dead-card results",
        "dead-card results",
    ]) {
        let row = format!(
            "input file {}</td><td class=\"text\">{kind}</td><td class=\"text\">file {}</td>",
            path.display(),
            sha256_of_file(path)
        );
        at.push(certified.find(&row).unwrap_or_else(|| panic!("{row}")));
    }
    // dead_cards.collude-2 < dead_cards.exposed-1 < seen_cards.
    assert!(at[2] < at[1] && at[1] < at[0], "{certified}");
    assert_eq!(run(), certified);
}

#[test]
fn a_strategy_run_lists_its_file_in_the_json_provenance() {
    // Fact: the strategy file's SHA-256, computed here; `game --strategy
    // FILE` on the 20-card deck (a second) names the file in its
    // provenance, where only the pay tables were.
    let dir = std::env::temp_dir().join(format!("uth-edge-cert-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("player.toml");
    let text = uth_edge::strategy::FileStrategy::builtin_text("always-river").unwrap();
    std::fs::write(&path, text).unwrap();
    let given = path.display().to_string();
    let out = uth_edge(&[
        "game",
        "--blind",
        "blind-a",
        "--strategy",
        &given,
        "--deck",
        "20",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let files = json["provenance"]["input_files"].as_array().unwrap();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0]["path"], given.as_str());
    assert_eq!(files[0]["sha256"], sha256_of_file(&path).as_str());
    assert_eq!(files[0]["kind"], "strategy_file");
    std::fs::remove_dir_all(&dir).unwrap();
}
