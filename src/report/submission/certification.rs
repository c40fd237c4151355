//! The certification block of the submission report: blank fields for the
//! laboratory or certifier, the reviewer and the date, to be signed; the
//! SHA-256 of each input (each pay table's file, and the digest of what it
//! pays; every other file the run read, ordered by path: strategy files,
//! a player mix, results files) and of the tool (the running binary, its
//! version and commit); the
//! method in one paragraph, with the independent cross-check (the
//! simulation): its result when the report ran it (each exact figure, its
//! estimate, the 95% interval and INSIDE or OUTSIDE), else the command
//! that runs it.

use super::data::PartRow;
use crate::analysis::catalog::Catalog;
use crate::analysis::cross_check::{CheckedFigure, CrossCheck, CrossCheckRun};
use crate::input_file::FileKind;
use crate::report::document::{Block, Cell, Column, Section, Table, Text};
use crate::report::ExportContext;
use crate::rules::paytable::WagerKind;

/// The blank rows to be signed.
const SIGNERS: [&str; 4] = [
    "Prepared by",
    "Laboratory or certifier",
    "Reviewed by",
    "Approved for the regulator",
];

/// The table's argument to `simulate`: its id when built in, `-` when it
/// was read from standard input, else the file it was read from.
fn table_argument(context: &ExportContext, id: &str) -> String {
    let source = context
        .provenance
        .as_ref()
        .and_then(|p| p.paytables.iter().find(|t| t.id == id));
    match source.map(|t| t.origin.as_str()) {
        None | Some("built-in") => id.to_string(),
        Some("standard input") => "-".to_string(),
        Some(path) => path.to_string(),
    }
}

/// The simulation that cross-checks the figures, as a command line: the
/// base game on the first solved Blind table (else Blind table A, the
/// simulation's default) and the first Trips table of the standard rule.
fn cross_check_command(catalog: &Catalog, context: &ExportContext) -> String {
    let blind = catalog.games.first().map_or(String::new(), |g| {
        format!(" --blind {}", table_argument(context, &g.table.id))
    });
    let trips = context
        .tables
        .iter()
        .find(|t| t.wager == WagerKind::Trips && !t.rules.trips.needs_dealer())
        .map_or(" --base-only".to_string(), |t| {
            format!(" --trips {}", table_argument(context, &t.id))
        });
    format!("uth-edge simulate --hands 1e8{blind}{trips}")
}

/// The method in one paragraph, with the cross-check.
fn method(catalog: &Catalog, context: &ExportContext) -> Text {
    let text = Text::plain(
        "Method: every figure is exact. For each wager the program enumerates every deal of the \
         52 cards the wager depends on, each counted once with its number of ways, settles each \
         through its one settlement code (the code the worked examples show) by the pay table, \
         and adds the results as exact fractions; for the base game it first solves the \
         player's decisions from the river back to the first, keeping at each the choice of \
         highest expected value. Decimals are rounded only to be printed, beside the exact \
         fraction. Independent cross-check: a Monte Carlo simulation deals hands one at a time \
         from a shuffled deck (seeded, so repeatable), plays each by the same strategy and \
         settles it, and compares each exact figure with its estimate's 95% confidence \
         interval",
    );
    match &context.cross_check {
        CrossCheck::Done(run) => text
            .then(format!(
                "; this report ran it: {} hands per Blind table (seed {}), played by the \
                 strategy ",
                crate::money::group_thousands(run.hands),
                run.seed,
            ))
            .then_code(run.strategy.clone())
            .then(
                ", the first Trips table of the standard rule wagered on the first table's \
                 hands; the table below gives each figure checked, its estimate, the interval \
                 and whether the exact figure lies INSIDE it (1 in 20 figures is expected \
                 OUTSIDE by chance; ",
            )
            .then_code("--cross-check-hands")
            .then(" sets the hands). To repeat it alone: ")
            .then_code(cross_check_command(catalog, context))
            .then("."),
        CrossCheck::LeftOut => text
            .then("; it was left out of this report (")
            .then_code("--cross-check-hands 0")
            .then("): run ")
            .then_code(cross_check_command(catalog, context))
            .then(" and attach its output, in which each exact figure should lie within its interval."),
        CrossCheck::NotRun => text
            .then("; this report does not carry its result: run ")
            .then_code(cross_check_command(catalog, context))
            .then(" and attach its output, in which each exact figure should lie within its interval."),
    }
}

/// The verdict's word.
fn verdict(f: &CheckedFigure) -> &'static str {
    if f.inside {
        "INSIDE"
    } else {
        "OUTSIDE"
    }
}

/// A decimal of the sample as a percentage, four places.
fn sampled_percent(x: f64) -> String {
    format!("{:.4}%", x * 100.0)
}

/// The cross-check's table, when it was run.
fn cross_check_table(run: &CrossCheckRun) -> Table {
    let rows = run
        .figures
        .iter()
        .map(|f| {
            vec![
                Cell::plain(format!("{} {}", f.paytable, f.figure)),
                Cell::decimal(
                    crate::report::wording::percent(f.exact.clone()),
                    f.exact.to_string(),
                ),
                Cell::plain(sampled_percent(f.estimate.mean)),
                Cell::plain(format!(
                    "{} to {}",
                    sampled_percent(f.estimate.ci95_low),
                    sampled_percent(f.estimate.ci95_high)
                )),
                Cell::plain(verdict(f)),
            ]
        })
        .collect();
    Table {
        columns: vec![
            Column::left("figure"),
            Column::right("exact"),
            Column::right("estimate"),
            Column::right("95% interval"),
            Column::left("exact in it"),
        ],
        rows,
    }
}

/// The cross-check as JSON (the certification's key `cross_check`):
/// `status` (`run`, `left_out`, `not_run`) and, when run, the hands, the
/// seed, the strategy and each figure.
fn cross_check_json(context: &ExportContext) -> serde_json::Value {
    match &context.cross_check {
        CrossCheck::NotRun => serde_json::json!({"status": "not_run"}),
        CrossCheck::LeftOut => serde_json::json!({"status": "left_out"}),
        CrossCheck::Done(run) => {
            let figures: Vec<serde_json::Value> = run
                .figures
                .iter()
                .map(|f| {
                    serde_json::json!({
                        "wager": f.wager,
                        "paytable": f.paytable,
                        "figure": f.figure,
                        "exact": f.exact.to_f64(),
                        "exact_exact": f.exact.to_string(),
                        "estimate": f.estimate.mean,
                        "std_error": f.estimate.std_error,
                        "ci95_low": f.estimate.ci95_low,
                        "ci95_high": f.estimate.ci95_high,
                        "verdict": verdict(f),
                    })
                })
                .collect();
            serde_json::json!({
                "status": "run",
                "hands_per_table": run.hands,
                "seed": run.seed,
                "strategy": run.strategy,
                "figures": figures,
            })
        }
    }
}

/// One input and its SHA-256: what it is, and the digest as the part
/// prints it (`file HEX`, `contents HEX`, `binary HEX`).
struct Input {
    /// The pay table's id, when the input is a pay table.
    paytable: Option<String>,
    /// Which input it is, in words.
    label: String,
    /// What kind of input it is: a file's kind, or the tool.
    kind: InputKind,
    /// `file`, `contents` or `binary`: what the digest is of.
    digest_of: &'static str,
    /// The hex digest, when known.
    sha256: Option<String>,
}

/// What kind of input a row of the block is.
#[derive(Clone, Copy)]
enum InputKind {
    /// A file the run read, of the kind its reader said (a pay table's
    /// contents are of kind pay table too).
    File(FileKind),
    /// The program itself.
    Tool,
}

impl InputKind {
    /// The JSON value and CSV field: a file kind's key (`pay_table`,
    /// `strategy_file`, ...) or `tool`.
    fn key(self) -> &'static str {
        match self {
            InputKind::File(kind) => kind.key(),
            InputKind::Tool => "tool",
        }
    }

    /// The kind in words, as the pages print it.
    fn words(self) -> &'static str {
        match self {
            InputKind::File(kind) => kind.words(),
            InputKind::Tool => "tool",
        }
    }
}

/// The inputs and the tool, with their SHA-256 (none without provenance):
/// the pay tables', then every other file read (the provenance's
/// `input_files`, ordered by path), then the binary.
fn inputs(context: &ExportContext) -> Vec<Input> {
    let mut inputs = Vec::new();
    let Some(p) = &context.provenance else {
        return inputs;
    };
    for t in &p.paytables {
        inputs.push(Input {
            paytable: Some(t.id.clone()),
            label: format!("pay table {} ({})", t.id, t.origin),
            kind: InputKind::File(FileKind::PayTable),
            digest_of: "file",
            sha256: Some(t.sha256.clone()),
        });
        let contents = context.tables.iter().find(|table| table.id == t.id);
        if let Some(table) = contents {
            inputs.push(Input {
                paytable: Some(t.id.clone()),
                label: format!("pay table {}: what it pays", t.id),
                kind: InputKind::File(FileKind::PayTable),
                digest_of: "contents",
                sha256: Some(table.contents_sha256()),
            });
        }
    }
    for f in &p.input_files {
        inputs.push(Input {
            paytable: None,
            label: format!("input file {}", f.path),
            kind: InputKind::File(f.kind),
            digest_of: "file",
            sha256: Some(f.sha256.clone()),
        });
    }
    inputs.push(Input {
        paytable: None,
        label: format!("{} {} (commit {})", p.tool, p.tool_version, p.git_commit),
        kind: InputKind::Tool,
        digest_of: "binary",
        sha256: context.tool_sha256.clone(),
    });
    inputs
}

/// The digest as the part prints it.
fn digest(input: &Input) -> String {
    match &input.sha256 {
        Some(sha) => format!("{} {sha}", input.digest_of),
        None => format!("{}: not read", input.digest_of),
    }
}

/// The certification block.
pub(super) fn certification(catalog: &Catalog, context: &ExportContext) -> Section {
    let blank = |role: &str| {
        vec![
            Cell::plain(role),
            Cell::plain(""),
            Cell::plain(""),
            Cell::plain(""),
        ]
    };
    let mut blocks = vec![
        Block::Heading(2, Text::plain("Certification")),
        Block::Paragraph(method(catalog, context)),
    ];
    if let CrossCheck::Done(run) = &context.cross_check {
        blocks.push(Block::Heading(3, Text::plain("Cross-check")));
        blocks.push(Block::Table(cross_check_table(run)));
    }
    blocks.push(Block::Heading(3, Text::plain("Inputs and tool")));
    let rows: Vec<Vec<Cell>> = inputs(context)
        .iter()
        .map(|i| {
            vec![
                Cell::plain(i.label.clone()),
                Cell::plain(i.kind.words()),
                Cell::plain(digest(i)),
            ]
        })
        .collect();
    if rows.is_empty() {
        blocks.push(Block::Paragraph(Text::plain(
            "No provenance was recorded with these figures: the inputs' SHA-256 are not known.",
        )));
    } else {
        blocks.push(Block::Table(Table {
            columns: vec![
                Column::left("input"),
                Column::left("kind"),
                Column::left("SHA-256"),
            ],
            rows,
        }));
        blocks.push(Block::Paragraph(Text::plain(
            "A file's SHA-256 is of its bytes; the contents' is of what the table pays and its \
             rules, whatever the file's layout (the digest the results files record); the \
             binary's is of the program that wrote this report.",
        )));
    }
    blocks.push(Block::Heading(3, Text::plain("Signatures")));
    blocks.push(Block::Table(Table {
        columns: vec![
            Column::left("role"),
            Column::left("name and organisation"),
            Column::left("signature"),
            Column::left("date"),
        ],
        rows: SIGNERS.iter().map(|r| blank(r)).collect(),
    }));
    Section {
        id: Some("certification".into()),
        blocks,
    }
}

/// The block as JSON (the key `certification`): the method in words, the
/// cross-check's command, each pay table's SHA-256 (of its file and of
/// what it pays) and every other input file's, each with its kind
/// (`input_kind`), the tool (version, commit, the binary's SHA-256) and
/// the signatures, blank.
pub(super) fn json(catalog: &Catalog, context: &ExportContext) -> serde_json::Value {
    let all = inputs(context);
    let paytables: Vec<serde_json::Value> = all
        .iter()
        .filter(|i| i.digest_of != "binary")
        .map(|i| {
            serde_json::json!({
                "paytable": i.paytable,
                "input": i.label,
                "input_kind": i.kind.key(),
                "sha256_of": i.digest_of,
                "sha256": i.sha256,
            })
        })
        .collect();
    let tool = context.provenance.as_ref().map(|p| {
        serde_json::json!({
            "tool": p.tool,
            "tool_version": p.tool_version,
            "git_commit": p.git_commit,
            "binary_sha256": context.tool_sha256,
        })
    });
    let signatures: Vec<serde_json::Value> = SIGNERS
        .iter()
        .map(|role| serde_json::json!({"role": role, "name": "", "signature": "", "date": ""}))
        .collect();
    serde_json::json!({
        "method": method(catalog, context).to_plain(),
        "cross_check_command": cross_check_command(catalog, context),
        "cross_check": cross_check_json(context),
        "inputs": paytables,
        "tool": tool,
        "signatures": signatures,
    })
}

/// The block as CSV rows: a `certification` row for the method and one
/// for the cross-check's command (`text`), one per input (`hand` what it
/// is, `paytable` its id, `text` its digest as the part prints it: `file
/// HEX`, `contents HEX`, `binary HEX`, `input_kind` what kind of input:
/// `pay_table`, `strategy_file`, ..., `tool`), and a `signature` row per
/// role, blank.
pub(super) fn rows(catalog: &Catalog, context: &ExportContext) -> Vec<PartRow> {
    let mut rows = vec![
        PartRow::new("certification", "method").set("text", method(catalog, context).to_plain()),
        PartRow::new("certification", "cross_check_command")
            .set("text", cross_check_command(catalog, context)),
    ];
    if let CrossCheck::Done(run) = &context.cross_check {
        rows.push(
            PartRow::new("cross_check", "hands_per_table").set("text", run.hands.to_string()),
        );
        rows.push(PartRow::new("cross_check", "seed").set("text", run.seed.to_string()));
        for f in &run.figures {
            rows.push(
                PartRow::new("cross_check", f.figure.clone())
                    .set("wager", f.wager.clone())
                    .set("paytable", f.paytable.clone())
                    .set("strategy", run.strategy.clone())
                    .exact("value", &f.exact)
                    .set(
                        "text",
                        format!(
                            "{}: estimate {}, 95% interval {} to {}",
                            verdict(f),
                            f.estimate.mean,
                            f.estimate.ci95_low,
                            f.estimate.ci95_high
                        ),
                    ),
            );
        }
    }
    for i in inputs(context) {
        rows.push(
            PartRow::new("certification", i.label.clone())
                .set("paytable", i.paytable.clone().unwrap_or_default())
                .set("text", digest(&i))
                .set("input_kind", i.kind.key()),
        );
    }
    rows.extend(SIGNERS.iter().map(|role| PartRow::new("signature", *role)));
    rows
}
