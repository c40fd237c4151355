//! The check of published figures for people (a table) and for programs
//! (JSON): the exporters of [`crate::analysis::check`]'s verdicts.
//!
//! JSON layout (stable, documented in `docs/output-formats.md`):
//! `{"tool_version", "schema_version", "provenance", "figures": [...],
//! "summary": {"reproduced", "not_reproduced", "known_discrepancy"}}`, see
//! [`write_json`].

use crate::analysis::check::{tally, Candidate, FigureCheck, Verdict};
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::report::{percent, settings_text, write_document};
use serde::Serialize;
use std::io::{self, Write};

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

/// After the check for people: one line per pay table named that publishes
/// no figure, `ultimate_pairs -- pay table ultimate-pairs-example: no
/// published figure to check` (`(wager, id)` pairs; a blank line first when
/// figures were listed).
pub fn write_unpublished(
    tables: &[(String, String)],
    after_figures: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    if after_figures && !tables.is_empty() {
        writeln!(out)?;
    }
    for (wager, id) in tables {
        writeln!(
            out,
            "{wager} -- pay table {id}: no published figure to check"
        )?;
    }
    Ok(())
}

/// The check for people. With `all`, every candidate tried is listed;
/// else the three nearest when a figure is not reproduced.
pub fn write_table(checks: &[FigureCheck], all: bool, out: &mut dyn Write) -> io::Result<()> {
    if checks.is_empty() {
        writeln!(out, "No published figures to check.")?;
        return Ok(());
    }
    for (i, check) in checks.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let amount = settings_text(check.wager_amount.clone(), None, None);
        writeln!(
            out,
            "{} -- pay table {}{}: \"{}\" published {}",
            check.wager, check.paytable, amount, check.figure.name, check.figure.value
        )?;
        writeln!(out, "  source: {}", check.figure.source)?;
        if let Some(d) = &check.figure.definition {
            writeln!(out, "  definition stated: {d}")?;
        }
        if let Some(m) = &check.figure.measure {
            writeln!(out, "  measure recorded: {m}")?;
        }
        match check.verdict {
            Verdict::Reproduced => {
                writeln!(out, "  REPRODUCED by:")?;
                for c in check.reproduced_by() {
                    writeln!(out, "    {:<34} {}  = {}", c.id, shown(check, c), c.value)?;
                    writeln!(out, "    {:<34} {}", "", c.description)?;
                }
                if check.figure.known_discrepancy.is_some() {
                    writeln!(
                        out,
                        "  note: the file records a known discrepancy, but the figure is reproduced: remove it"
                    )?;
                }
            }
            Verdict::NotReproduced | Verdict::KnownDiscrepancy => {
                if let Some(why) = &check.figure.known_discrepancy {
                    writeln!(out, "  *** KNOWN DISCREPANCY ***")?;
                    for line in wrap(why, 76) {
                        writeln!(out, "  *** {line}")?;
                    }
                } else {
                    writeln!(
                        out,
                        "  NOT REPRODUCED: no definition gives {} once rounded as printed",
                        check.figure.value
                    )?;
                }
            }
        }
        let others = check.other_matches();
        if !others.is_empty() {
            writeln!(
                out,
                "  also gives {} (not this table's own definition, or not the recorded measure):",
                check.figure.value
            )?;
            for c in others {
                writeln!(out, "    {:<34} {}", c.id, shown(check, c))?;
            }
        }
        let listed: Vec<&Candidate> = if all {
            check.candidates.iter().collect()
        } else if check.verdict == Verdict::Reproduced {
            Vec::new()
        } else {
            let nearest = |own: bool| check.candidates.iter().filter(move |c| c.own == own);
            nearest(true)
                .take(3)
                .chain(nearest(false).take(2))
                .collect()
        };
        if !listed.is_empty() {
            writeln!(
                out,
                "  {}:",
                if all {
                    "every definition tried, nearest first"
                } else {
                    "nearest definitions, then nearest other readings"
                }
            )?;
            for c in listed {
                writeln!(out, "    {:<34} {}  = {}", c.id, shown(check, c), c.value)?;
                writeln!(out, "    {:<34} {}", "", c.description)?;
            }
        }
    }
    let (reproduced, not_reproduced, known) = tally(checks);
    writeln!(
        out,
        "\n{} checked: {reproduced} reproduced, {not_reproduced} not reproduced, {known} known {}",
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
    )?;
    Ok(())
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
    definition: &'a str,
    own: bool,
    value: f64,
    value_exact: String,
    as_printed: String,
    matches: bool,
}

/// The check as one JSON document, keys in a fixed order (layout in the
/// README): `{"figures": [{"wager", "paytable", ["wager_amount",
/// "wager_amount_exact",] "name", "published", "source", "definition",
/// "measure",
/// "verdict", "reproduced_by", "known_discrepancy", "candidates": [{"id",
/// "definition", "own", "value", "value_exact", "as_printed",
/// "matches"}]}], "summary": {"reproduced", "not_reproduced",
/// "known_discrepancy"}}` after the keys of every document
/// ([`crate::report::Stamped`]); candidates nearest to the printed value
/// first.
pub fn write_json(
    checks: &[FigureCheck],
    unpublished: &[(String, String)],
    provenance: Option<&Provenance>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (reproduced, not_reproduced, known_discrepancy) = tally(checks);
    let document = JsonCheck {
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
    };
    write_document(document, provenance, out)
}
