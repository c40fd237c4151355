//! The check of published figures as a document ([`document`]): for people
//! (the text table) and for programs (JSON), from
//! [`crate::analysis::check`]'s verdicts.
//!
//! JSON layout (stable, documented in `docs/output-formats.md`):
//! `{"tool_version", "schema_version", "provenance", "figures": [...],
//! "summary": {"reproduced", "not_reproduced", "known_discrepancy"}}`, see
//! `json_body`.

use super::document::{Block, Document, Entries, Entry, Section, Text};
use crate::analysis::check::{tally, Candidate, FigureCheck, Verdict};
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::report::{advantage_words, percent, settings_text, wager_title};
use serde::Serialize;

/// A candidate's value in percent with four decimals and as the figure was
/// printed: `0.9018% (0.90%)`.
fn shown(check: &FigureCheck, c: &Candidate) -> String {
    format!(
        "{} (as printed: {})",
        percent(c.value.clone()),
        check.printed.format(c.value.clone())
    )
}

/// `text` in lines of at most `width` characters (longer words alone).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// One line per pay table named that publishes no figure,
/// `ultimate_pairs -- pay table ultimate-pairs-example: no published figure
/// to check` (`(wager, id)` pairs).
fn unpublished_section(tables: &[(String, String)]) -> Section {
    Section::of(
        tables
            .iter()
            .map(|(wager, id)| {
                Block::Paragraph(Text::plain(format!(
                    "{wager} -- pay table {id}: no published figure to check"
                )))
            })
            .collect(),
    )
}

/// Candidates as entries: id, value as printed and exact, and (with
/// `described`) what the definition is.
fn entries<'a>(
    check: &FigureCheck,
    candidates: impl IntoIterator<Item = &'a Candidate>,
    described: bool,
) -> Block {
    Block::Entries(Entries {
        name_width: 34,
        items: candidates
            .into_iter()
            .map(|c| Entry {
                name: c.id.clone(),
                value: if described {
                    Text::plain(format!("{}  = ", shown(check, c))).then_exact(c.value.to_string())
                } else {
                    Text::plain(shown(check, c))
                },
                detail: described.then(|| Text::plain(c.description.clone())),
            })
            .collect(),
    })
}

/// The section of one published figure. With `all`, every candidate tried
/// is listed; else the three nearest when the figure is not reproduced.
fn figure_section(check: &FigureCheck, all: bool) -> Section {
    let note = |text: String| Block::Note(Text::plain(text));
    let amount = settings_text(check.wager_amount.clone(), None, None);
    // A figure published about a strategy: its candidates are the
    // definitions under each reading of the strategy's wording.
    let readings = check.candidates.iter().any(|c| c.reading.is_some());
    let mut blocks = vec![
        Block::Heading(
            2,
            Text::plain(format!(
                "{} -- pay table {}{}: \"{}\" published {}",
                check.wager, check.paytable, amount, check.figure.name, check.figure.value
            )),
        ),
        note(format!("source: {}", check.figure.source)),
    ];
    if let Some(d) = &check.figure.definition {
        blocks.push(note(format!("definition stated: {d}")));
    }
    if let Some(m) = &check.figure.measure {
        blocks.push(note(format!("measure recorded: {m}")));
    }
    match check.verdict {
        Verdict::Reproduced => {
            blocks.push(note("REPRODUCED by:".to_string()));
            blocks.push(entries(check, check.reproduced_by(), true));
            if check.figure.known_discrepancy.is_some() {
                blocks.push(note(
                    "note: the file records a known discrepancy, but the figure is reproduced: remove it"
                        .to_string(),
                ));
            }
        }
        Verdict::NotReproduced | Verdict::KnownDiscrepancy => {
            if let Some(why) = &check.figure.known_discrepancy {
                blocks.push(note("*** KNOWN DISCREPANCY ***".to_string()));
                blocks.extend(wrap(why, 76).into_iter().map(|l| note(format!("*** {l}"))));
            } else if readings {
                blocks.push(note(format!(
                    "NOT REPRODUCED: no reading gives {} once rounded as printed, by any definition",
                    check.figure.value
                )));
            } else {
                blocks.push(note(format!(
                    "NOT REPRODUCED: no definition gives {} once rounded as printed",
                    check.figure.value
                )));
            }
        }
    }
    let edge = check
        .candidates
        .iter()
        .find(|c| c.own && (c.id == "house_edge" || c.id == "per_ante"));
    if let Some(c) = edge {
        let what = format!(
            "{} on pay table {}{amount}",
            wager_title(&check.wager),
            check.paytable
        );
        let per_ante = c.id == "per_ante";
        blocks.extend(advantage_words(&what, &c.value, per_ante).map(Block::Note));
    }
    let others = check.other_matches();
    if !others.is_empty() {
        blocks.push(note(format!(
            "also gives {} (not this table's own definition, or not the recorded measure):",
            check.figure.value
        )));
        blocks.push(entries(check, others, false));
    }
    let listed: Vec<&Candidate> = if all {
        check.candidates.iter().collect()
    } else if check.verdict == Verdict::Reproduced {
        Vec::new()
    } else if readings {
        // The nearest definition of each reading, nearest first.
        let mut seen: Vec<&str> = Vec::new();
        check
            .candidates
            .iter()
            .filter(|c| {
                let reading = c.reading.as_deref().unwrap_or_default();
                let first = !seen.contains(&reading);
                seen.push(reading);
                first
            })
            .collect()
    } else {
        let nearest = |own: bool| check.candidates.iter().filter(move |c| c.own == own);
        nearest(true)
            .take(3)
            .chain(nearest(false).take(2))
            .collect()
    };
    if !listed.is_empty() {
        blocks.push(note(format!(
            "{}:",
            if all {
                "every definition tried, nearest first"
            } else if readings {
                "the nearest definition under each reading"
            } else {
                "nearest definitions, then nearest other readings"
            }
        )));
        blocks.push(entries(check, listed, true));
    }
    Section::of(blocks)
}

/// The check as a document: one section per figure checked (with `all`,
/// every candidate tried is listed; else the three nearest when a figure
/// is not reproduced), the tally, then the tables named that publish no
/// figure; with the JSON body. `unchecked` counts the published figures
/// about seen-card or dead-card cases or strategies left unchecked for want
/// of their results files: with none checked, the document says so rather than
/// that there is nothing to check.
pub fn document<'a>(
    checks: &'a [FigureCheck],
    unpublished: &'a [(String, String)],
    unchecked: usize,
    all: bool,
    provenance: Provenance,
) -> Document<'a> {
    let mut sections: Vec<Section> = checks.iter().map(|c| figure_section(c, all)).collect();
    if checks.is_empty() && unchecked > 0 {
        sections.push(Section::of(vec![Block::Paragraph(Text::plain(format!(
            "No published figure checked: {unchecked} about seen-card or dead-card cases or strategies {} a results file (--seen-results, --dead-results, --strategy-results).",
            if unchecked == 1 { "needs" } else { "need" }
        )))]));
    } else if checks.is_empty() && unpublished.is_empty() {
        sections.push(Section::of(vec![Block::Paragraph(Text::plain(
            "No published figures to check.",
        ))]));
    } else if !checks.is_empty() {
        let (reproduced, not_reproduced, known) = tally(checks);
        sections.push(Section::of(vec![Block::Paragraph(Text::plain(format!(
            "{} checked: {reproduced} reproduced, {not_reproduced} not reproduced, {known} known {}",
            if checks.len() == 1 {
                "1 figure".to_string()
            } else {
                format!("{} figures", checks.len())
            },
            if known == 1 {
                "discrepancy"
            } else {
                "discrepancies"
            }
        )))]));
    }
    if !unpublished.is_empty() {
        sections.push(unpublished_section(unpublished));
    }
    Document {
        sections,
        provenance: Some(provenance),
        json: Some(Box::new(json_body(checks, unpublished))),
        ..Document::default()
    }
}

#[derive(Serialize)]
struct JsonCheck<'a> {
    figures: Vec<JsonFigure<'a>>,
    /// Present only when a table named publishes no figure, so that the
    /// output of a check of figures is unchanged.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tables_without_figures: Vec<JsonUnpublished<'a>>,
    summary: JsonSummary,
}

/// A table named that publishes no figure.
#[derive(Serialize)]
struct JsonUnpublished<'a> {
    wager: &'a str,
    paytable: &'a str,
    /// Always `no_published_figure`.
    status: &'static str,
}

#[derive(Serialize)]
struct JsonSummary {
    reproduced: usize,
    not_reproduced: usize,
    known_discrepancy: usize,
}

#[derive(Serialize)]
struct JsonFigure<'a> {
    wager: &'a str,
    paytable: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    wager_amount: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wager_amount_exact: Option<String>,
    name: &'a str,
    published: &'a str,
    source: &'a str,
    definition: Option<&'a str>,
    measure: Option<&'a str>,
    verdict: &'static str,
    reproduced_by: Vec<&'a str>,
    known_discrepancy: Option<&'a str>,
    candidates: Vec<JsonCandidate<'a>>,
}

#[derive(Serialize)]
struct JsonCandidate<'a> {
    id: &'a str,
    /// The reading of a strategy's wording (only for a figure published
    /// about a strategy).
    #[serde(skip_serializing_if = "Option::is_none")]
    reading: Option<&'a str>,
    definition: &'a str,
    own: bool,
    value: f64,
    value_exact: String,
    as_printed: String,
    matches: bool,
}

/// The check's JSON body, keys in a fixed order (layout in
/// docs/output-formats.md): `{"figures": [{"wager", "paytable", ["wager_amount",
/// "wager_amount_exact",] "name", "published", "source", "definition",
/// "measure",
/// "verdict", "reproduced_by", "known_discrepancy", "candidates": [{"id", ["reading",]
/// "definition", "own", "value", "value_exact", "as_printed",
/// "matches"}]}], "summary": {"reproduced", "not_reproduced",
/// "known_discrepancy"}}` after the keys of every document
/// ([`crate::report::Stamped`]); candidates nearest to the printed value
/// first.
fn json_body<'a>(checks: &'a [FigureCheck], unpublished: &'a [(String, String)]) -> JsonCheck<'a> {
    let (reproduced, not_reproduced, known_discrepancy) = tally(checks);
    JsonCheck {
        figures: checks
            .iter()
            .map(|check| JsonFigure {
                wager: &check.wager,
                paytable: &check.paytable,
                wager_amount: check.wager_amount.as_ref().map(Fraction::to_f64),
                wager_amount_exact: check.wager_amount.as_ref().map(|a| a.to_string()),
                name: &check.figure.name,
                published: &check.figure.value,
                source: &check.figure.source,
                definition: check.figure.definition.as_deref(),
                measure: check.figure.measure.as_deref(),
                verdict: check.verdict.name(),
                reproduced_by: check
                    .reproduced_by()
                    .iter()
                    .map(|c| c.id.as_str())
                    .collect(),
                known_discrepancy: check.figure.known_discrepancy.as_deref(),
                candidates: check
                    .candidates
                    .iter()
                    .map(|c| JsonCandidate {
                        id: &c.id,
                        reading: c.reading.as_deref(),
                        definition: &c.description,
                        own: c.own,
                        value: c.value.to_f64(),
                        value_exact: c.value.to_string(),
                        as_printed: check.printed.format(c.value.clone()),
                        matches: check.matches(c),
                    })
                    .collect(),
            })
            .collect(),
        tables_without_figures: unpublished
            .iter()
            .map(|(wager, id)| JsonUnpublished {
                wager,
                paytable: id,
                status: "no_published_figure",
            })
            .collect(),
        summary: JsonSummary {
            reproduced,
            not_reproduced,
            known_discrepancy,
        },
    }
}
