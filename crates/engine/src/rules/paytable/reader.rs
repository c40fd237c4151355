//! Reading and validating pay-table files ([`PayTable::from_toml`]).
//!
//! Loading never panics. Every defect is a [`PayTableError`] of one line
//! that names the file (with the line where the file has one), the key and
//! the value; control characters in a value are shown escaped (`\n`), so a
//! message is always one line.
//!
//! # Limits
//! Every figure of an accepted table is computed exactly, at any size (see
//! [`crate::fraction`]); these limits keep pay tables to amounts a casino
//! can pay and are checked when the file is loaded:
//! - odds `"WIN to PER"`: each side a whole number from 1 to
//!   [`MAX_ODDS_TERM`] (10^12), `,` allowed between thousands;
//! - `{ dollars = N }`: 1 to [`MAX_DOLLARS`] (10^12);
//! - `{ meter_percent = P }`: 1 to 100; `[[meter]]`: see [`super::meters`];
//! - `[[envy]] wager = N`: 1 to [`MAX_ENVY_WAGER`] (10^9) dollars, and each
//!   Envy Bonus more than that wager;
//! - `id`: not empty, no whitespace or control character; `title`,
//!   `source` and `rules_version`: not empty, no control character;
//! - `[[published]] value`: a number as printed (`0.90%`, `-1.5 %`,
//!   `-0.147868`), at most 12 digits before and after the point
//!   ([`PrintedValue::parse`]).

use super::error::{one_line, PayTableError, Place};
use super::meters;
use super::two_card::CLASSES;
use super::{
    entry_problem, Award, BadBeatWay, ClassSet, EnvySchedule, PayLine, PayTable, PayingHand,
    PrintedValue, ProgressiveHand, PublishedFigure, Rules, TripsRule, TwoCardHand, WagerKind,
};
use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::message::{invisible, shown};
use crate::rules::settlement::ultimate_pairs_best_lines;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

mod options;
mod pays;

use options::read_rules;
use pays::{read_pays, two_card_conflict, TwoCardConflict, NEVER_PAYS};

/// The largest number on either side of odds `"WIN to PER"`.
pub const MAX_ODDS_TERM: u64 = 1_000_000_000_000;
/// The largest fixed award, in dollars.
pub const MAX_DOLLARS: u64 = 1_000_000_000_000;
/// The largest Progressive wager an Envy Bonus schedule is for, in dollars.
pub const MAX_ENVY_WAGER: u64 = 1_000_000_000;

/// A pay-table file as written, before validation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    id: Spanned<String>,
    title: Spanned<String>,
    wager: Spanned<String>,
    source: Spanned<String>,
    #[serde(default)]
    rules_version: Option<Spanned<String>>,
    #[serde(default)]
    notes: Vec<String>,
    pays: Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    #[serde(default)]
    published: Vec<Spanned<PublishedFigure>>,
    // Rule options, each for one wager (see `read_rules`).
    #[serde(default)]
    rule: Option<Spanned<String>>,
    #[serde(default)]
    pays_on: Option<Spanned<toml::Value>>,
    #[serde(default)]
    hand: Option<Spanned<String>>,
    #[serde(default)]
    wager_returned: Option<Spanned<bool>>,
    #[serde(default)]
    envy: Option<Spanned<Vec<EnvyEntry>>>,
    #[serde(default)]
    meter: Option<Spanned<Vec<Spanned<toml::Table>>>>,
}

/// One `[[envy]]` entry as written: `wager = N` and hand = award.
type EnvyEntry = Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>;

/// Where a byte offset of the file is, as `file:line`.
type At<'a> = &'a dyn Fn(usize) -> Place;

impl PayTable {
    /// Parses and validates the text of a pay-table file; `origin` names the
    /// file in error messages.
    pub fn from_toml(text: &str, origin: &str) -> Result<PayTable, PayTableError> {
        let raw: RawTable = toml::from_str(text).map_err(|e| {
            let (line, column) = e
                .span()
                .map_or((0, 0), |span| line_and_column(text, span.start));
            PayTableError::Parse {
                origin: one_line(origin),
                line,
                column,
                message: one_line(e.message().trim()),
            }
        })?;
        let at = |offset: usize| Place {
            origin: one_line(origin),
            line: line_and_column(text, offset).0,
        };
        check_text_fields(&raw, &at)?;
        let wager = WagerKind::from_name(raw.wager.get_ref()).ok_or_else(|| {
            PayTableError::UnknownWager {
                at: at(raw.wager.span().start),
                value: shown(raw.wager.get_ref()),
            }
        })?;
        let rules = read_rules(&raw, wager, &at)?;
        let lines = read_pays(&raw, wager, &rules.meters, &at)?;
        meters::check_meters_paid(&rules.meters, &lines, raw.meter.as_ref(), &at)?;
        let published = read_published(raw.published, wager, &at)?;
        Ok(PayTable {
            id: raw.id.into_inner(),
            title: raw.title.into_inner(),
            wager,
            lines,
            source: raw.source.into_inner(),
            rules_version: raw.rules_version.map(Spanned::into_inner),
            published,
            notes: raw.notes,
            rules,
        })
    }
}

/// `id`, `title`, `source` and `rules_version`: not empty, no control
/// character; the id is also one word (no whitespace), since it names the
/// table in every output.
fn check_text_fields(raw: &RawTable, at: At) -> Result<(), PayTableError> {
    for (key, value) in [
        ("id", &raw.id),
        ("title", &raw.title),
        ("source", &raw.source),
    ]
    .into_iter()
    .chain(raw.rules_version.as_ref().map(|v| ("rules_version", v)))
    {
        let text = value.get_ref();
        if text.trim().is_empty() {
            return Err(PayTableError::Empty {
                at: at(value.span().start),
                key,
            });
        }
        let bad_char = |c: char| c.is_control() || (key == "id" && c.is_whitespace());
        if let Some(c) = text.chars().find(|&c| bad_char(c)) {
            let what = if c.is_control() {
                "a control character"
            } else {
                "whitespace"
            };
            return Err(PayTableError::BadOption {
                at: at(value.span().start),
                key: key.to_string(),
                value: format!("\"{}\"", shown(text)),
                reason: format!(
                    "contains {what} ('{}'); {key} is one line{}",
                    c.escape_default(),
                    if key == "id" { " and one word" } else { "" }
                ),
            });
        }
        check_visible(key, text, at(value.span().start))?;
    }
    for note in &raw.notes {
        check_visible("notes", note, at(raw.id.span().start))?;
    }
    Ok(())
}

/// Refuses a text with an invisible character ([`invisible`]: a
/// bidirectional control or a zero-width character), naming the key and
/// the code point: an id, a title or a name must read as what it is.
fn check_visible(key: &str, text: &str, at: Place) -> Result<(), PayTableError> {
    match text
        .chars()
        .find_map(|c| invisible(c).map(|what| (c, what)))
    {
        None => Ok(()),
        Some((c, what)) => Err(PayTableError::BadOption {
            at,
            key: key.to_string(),
            value: format!("\"{}\"", shown(text)),
            reason: format!(
                "contains U+{:04X}, {what}: it would show the text as other than it is",
                c as u32
            ),
        }),
    }
}

impl PayTable {
    /// Checks the lines of a table built or edited in memory (a what-if's
    /// edited pay) with the reader's own rules for lines that only the
    /// whole table can break: an Ultimate Pairs Bonus deal paid by two lines
    /// at the same pay, or a line that never pays. The message names the
    /// lines; the reader gives the same reasons with the file's places.
    pub fn check_lines(&self) -> Result<(), String> {
        if self.wager != WagerKind::UltimatePairs {
            return Ok(());
        }
        let line = |i: usize| format!("'{}' ({})", self.lines[i].hand.name(), self.lines[i].award);
        match two_card_conflict(&self.lines) {
            None => Ok(()),
            Some(TwoCardConflict::Ambiguous {
                first,
                second,
                deal,
            }) => Err(format!(
                "line {}: ambiguous: a player's {deal} is also paid by line {} at the same pay (the highest-paying matching line pays)",
                line(second),
                line(first)
            )),
            Some(TwoCardConflict::NeverPays(i)) => Err(format!("line {}: {NEVER_PAYS}", line(i))),
        }
    }
}

/// The `[[published]]` figures; each value must read as a printed number,
/// so that every command refuses a table `check` could not use.
fn read_published(
    published: Vec<Spanned<PublishedFigure>>,
    wager: WagerKind,
    at: At,
) -> Result<Vec<PublishedFigure>, PayTableError> {
    let mut figures = Vec::with_capacity(published.len());
    for (i, entry) in published.into_iter().enumerate() {
        let start = entry.span().start;
        let figure = entry.into_inner();
        for (field, text) in [
            ("name", Some(&figure.name)),
            ("value", Some(&figure.value)),
            ("definition", figure.definition.as_ref()),
            ("source", Some(&figure.source)),
            ("note", figure.note.as_ref()),
            ("measure", figure.measure.as_ref()),
            ("known_discrepancy", figure.known_discrepancy.as_ref()),
            ("case", figure.case.as_ref()),
        ] {
            if let Some(text) = text {
                check_visible(&format!("published[{}].{field}", i + 1), text, at(start))?;
            }
        }
        if PrintedValue::parse(&figure.value).is_none() {
            return Err(PayTableError::BadOption {
                at: at(start),
                key: format!("published[{}].value", i + 1),
                value: format!("\"{}\"", shown(&figure.value)),
                reason: "expected a number as printed, such as 0.90%, -1.5% or -0.147868 (at most 12 digits before and after the point)".to_string(),
            });
        }
        if let Some((field, reason)) = entry_problem(&figure) {
            let value = match field {
                "name" => &figure.name,
                _ => figure.known_discrepancy.as_deref().unwrap_or_default(),
            };
            return Err(PayTableError::BadOption {
                at: at(start),
                key: format!("published[{}].{field}", i + 1),
                value: format!("\"{}\"", one_line(value)),
                reason,
            });
        }
        if let Some(case) = figure.case.as_ref().filter(|_| wager != WagerKind::Blind) {
            return Err(PayTableError::BadOption {
                at: at(start),
                key: format!("published[{}].case", i + 1),
                value: format!("\"{}\"", shown(case)),
                reason: "a seen-card case belongs to a Blind table's figures (the base game)"
                    .to_string(),
            });
        }
        figures.push(figure);
    }
    Ok(figures)
}

/// Reads an award: `"WIN to PER"` (see [`parse_odds_term`]),
/// `{ dollars = N }` or `{ meter_percent = P }`.
pub(super) fn parse_award(value: &toml::Value) -> Result<Award, String> {
    match value {
        toml::Value::String(text) => {
            let (win, per) = text.split_once(" to ").ok_or_else(|| {
                "expected odds \"WIN to PER\" such as \"3 to 2\", or { dollars = N }".to_string()
            })?;
            Ok(Award::Odds {
                win: parse_odds_term(win)?,
                per: parse_odds_term(per)?,
            })
        }
        toml::Value::Table(table) if table.contains_key("meter_percent") => {
            meters::parse_meter_award(table, &[])
        }
        toml::Value::Table(table) => parse_dollars_award(table),
        _ => Err("expected odds \"WIN to PER\" such as \"3 to 2\", or { dollars = N }".to_string()),
    }
}

/// `{ dollars = N }`, 1 to [`MAX_DOLLARS`].
fn parse_dollars_award(table: &toml::Table) -> Result<Award, String> {
    if let Some(key) = table.keys().find(|k| k.as_str() != "dollars") {
        return Err(format!(
            "unknown key '{}' (expected {{ dollars = N }} or {{ meter_percent = P }})",
            shown(key)
        ));
    }
    match table.get("dollars") {
        Some(toml::Value::Integer(n)) if *n > 0 && *n as u64 <= MAX_DOLLARS => {
            Ok(Award::Fixed { dollars: *n as u64 })
        }
        Some(toml::Value::Integer(n)) if *n > 0 => {
            Err(format!("{n} dollars is too large (at most {MAX_DOLLARS})"))
        }
        Some(toml::Value::Integer(_)) => Err("dollars must be positive".to_string()),
        Some(_) => Err("dollars must be a whole number such as 100_000".to_string()),
        None => Err("expected { dollars = N }".to_string()),
    }
}

/// One side of odds: a whole number from 1 to [`MAX_ODDS_TERM`], `,`
/// allowed between thousands.
fn parse_odds_term(part: &str) -> Result<u64, String> {
    let part = part.trim();
    let ok_grouping = !part.contains(',') || {
        let groups: Vec<&str> = part.split(',').collect();
        (1..=3).contains(&groups[0].len()) && groups[1..].iter().all(|g| g.len() == 3)
    };
    let digits: String = part.chars().filter(|&c| c != ',').collect();
    if !ok_grouping || digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "'{}' is not a whole number (odds are \"WIN to PER\" in positive whole numbers)",
            shown(part)
        ));
    }
    let too_large = || format!("'{part}' is too large (at most {MAX_ODDS_TERM} on each side)");
    let n: u64 = digits.parse().map_err(|_| too_large())?;
    if n == 0 {
        return Err("odds must be positive on both sides".to_string());
    }
    if n > MAX_ODDS_TERM {
        return Err(too_large());
    }
    Ok(n)
}

/// Line and column (1-based) of a byte offset.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.chars().rev().take_while(|&c| c != '\n').count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rules_version_is_read_and_an_empty_or_two_line_one_refused() {
        // The format (docs/paytable-format.md): `rules_version` is an
        // optional one-line text, refused empty or with a control
        // character, like `source`; it changes no figure, so not the digest.
        let table = |extra: &str| {
            PayTable::from_toml(
                &format!(
                    "id = \"t\"\ntitle = \"T\"\nwager = \"blind\"\nsource = \"s\"\n{extra}\n\
                     [pays]\nroyal_flush = \"500 to 1\"\n"
                ),
                "t.toml",
            )
        };
        let plain = table("").expect("valid");
        assert_eq!(plain.rules_version, None);
        let dated = table("rules_version = \"2014 amendments\"").expect("valid");
        assert_eq!(dated.rules_version.as_deref(), Some("2014 amendments"));
        assert_eq!(plain.contents_sha256(), dated.contents_sha256());
        for bad in ["rules_version = \"  \"", "rules_version = \"a\\nb\""] {
            let e = table(bad).expect_err(bad).to_string();
            assert!(
                e.contains("rules_version") && e.starts_with("t.toml:5"),
                "{e}"
            );
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn awards_read_and_print_as_written() {
        let odds = |s: &str| parse_award(&toml::Value::String(s.to_string()));
        assert_eq!(odds("3 to 2"), Ok(Award::Odds { win: 3, per: 2 }));
        assert_eq!(odds("1,000 to 1"), Ok(Award::Odds { win: 1000, per: 1 }));
        assert!(odds("3 to 0").is_err());
        assert!(odds("-1 to 1").is_err());
        assert!(odds("abc").is_err());
        assert!(odds("1,00 to 1").is_err());
        assert!(odds("1000000000000 to 1").is_ok());
        assert!(odds("1000000000001 to 1").is_err());
        assert_eq!(Award::Odds { win: 3, per: 2 }.to_string(), "3 to 2");
        assert_eq!(
            Award::Fixed { dollars: 1_000_000 }.to_string(),
            "$1,000,000"
        );
    }
}
