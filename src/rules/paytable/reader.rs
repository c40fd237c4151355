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
//! - `{ meter_percent = P }`: 1 to 100;
//! - `[[envy]] wager = N`: 1 to [`MAX_ENVY_WAGER`] (10^9) dollars, and each
//!   Envy Bonus more than that wager;
//! - `id`: not empty, no whitespace or control character; `title` and
//!   `source`: not empty, no control character;
//! - `[[published]] value`: a number as printed (`0.90%`, `-1.5 %`,
//!   `-0.147868`), at most 12 digits before and after the point
//!   ([`PrintedValue::parse`]).

use super::error::{one_line, PayTableError, Place};
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
        let lines = read_pays(&raw, wager, &at)?;
        let published = read_published(raw.published, wager, &at)?;
        Ok(PayTable {
            id: raw.id.into_inner(),
            title: raw.title.into_inner(),
            wager,
            lines,
            source: raw.source.into_inner(),
            published,
            notes: raw.notes,
            rules,
        })
    }
}

/// `id`, `title` and `source`: not empty, no control character; the id is
/// also one word (no whitespace), since it names the table in every output.
fn check_text_fields(raw: &RawTable, at: At) -> Result<(), PayTableError> {
    for (key, value) in [
        ("id", &raw.id),
        ("title", &raw.title),
        ("source", &raw.source),
    ] {
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

/// The `[pays]` lines, strongest first.
fn read_pays(raw: &RawTable, wager: WagerKind, at: At) -> Result<Vec<PayLine>, PayTableError> {
    if wager == WagerKind::UltimatePairs {
        return read_two_card_pays(raw, at);
    }
    let mut lines: Vec<PayLine> = Vec::new();
    for (key, value) in raw.pays.get_ref() {
        let name = key.get_ref();
        let bad = |reason: String| PayTableError::BadAward {
            at: at(key.span().start),
            hand: shown(name),
            value: shown(&value.get_ref().to_string()),
            reason,
        };
        let hand = PayingHand::from_name(name).ok_or_else(|| PayTableError::UnknownHand {
            at: at(key.span().start),
            hand: shown(name),
            value: shown(&value.get_ref().to_string()),
        })?;
        if hand.is_super_royal() && wager != WagerKind::SixCardBonus {
            return Err(bad(format!(
                "a Super Royal is a six-card hand; this is a {wager} table"
            )));
        }
        let award = parse_award(value.get_ref()).map_err(&bad)?;
        let fixed_ok = matches!(wager, WagerKind::SixCardBonus | WagerKind::Progressive);
        if matches!(award, Award::Fixed { .. }) && !fixed_ok {
            return Err(bad(format!(
                "a fixed dollar award is for six_card_bonus and progressive tables; a {wager} table pays odds"
            )));
        }
        if matches!(award, Award::Meter { .. }) && wager != WagerKind::Progressive {
            return Err(bad(format!(
                "a meter award is for progressive tables; a {wager} table pays odds"
            )));
        }
        lines.push(PayLine { hand, award });
    }
    // `super_royal` (any suit) and `super_royal_<suit>` would both pay the
    // same hand.
    if lines.iter().any(|l| l.hand == PayingHand::SuperRoyal) {
        if let Some((key, value)) = raw
            .pays
            .get_ref()
            .iter()
            .find(|(k, _)| k.get_ref().starts_with("super_royal_"))
        {
            return Err(PayTableError::DuplicateHand {
                at: at(key.span().start),
                hand: shown(key.get_ref()),
                value: shown(&value.get_ref().to_string()),
                other: "super_royal".to_string(),
            });
        }
    }
    if lines.is_empty() {
        return Err(PayTableError::NoPayingHand {
            at: at(raw.pays.span().start),
        });
    }
    lines.sort_by_key(|l| l.hand.display_order());
    Ok(lines)
}

/// The `[pays]` lines of an Ultimate Pairs Bonus table: two-card hands
/// ([`TwoCardHand`]) paid odds, highest award first. A deal matched by
/// several lines is paid by the highest-paying one; so a table is refused
/// when a deal is matched by two lines of the same award (which one pays
/// would be ambiguous) or a line never pays (every deal it matches is paid
/// more by another line): both are checked over all 169 x 169 pairs of
/// starting-hand classes.
fn read_two_card_pays(raw: &RawTable, at: At) -> Result<Vec<PayLine>, PayTableError> {
    let mut lines: Vec<PayLine> = Vec::new();
    let mut keys: Vec<(&Spanned<String>, &Spanned<toml::Value>)> = Vec::new();
    let bad = |key: &Spanned<String>, value: &Spanned<toml::Value>, reason: String| {
        PayTableError::BadHand {
            at: at(key.span().start),
            hand: shown(key.get_ref()),
            value: shown(&value.get_ref().to_string()),
            reason: one_line(&reason),
        }
    };
    for (key, value) in raw.pays.get_ref() {
        let name = key.get_ref();
        if PayingHand::from_name(name).is_some() {
            return Err(bad(key, value, format!(
                "'{name}' is a poker hand of five cards; an ultimate_pairs table names the player's two cards, such as AA, AK suited, pair 2-10 or AA with dealer AA"
            )));
        }
        let hand = TwoCardHand::parse(name).map_err(|reason| bad(key, value, reason))?;
        let award = parse_award(value.get_ref()).map_err(|reason| bad(key, value, reason))?;
        if !matches!(award, Award::Odds { .. }) {
            return Err(bad(
                key,
                value,
                "an ultimate_pairs table pays odds \"WIN to PER\"".to_string(),
            ));
        }
        if let Some(i) = lines
            .iter()
            .position(|l| l.hand == PayingHand::TwoCards(hand))
        {
            return Err(PayTableError::DuplicateHand {
                at: at(key.span().start),
                hand: format!("\"{}\"", shown(name)),
                value: shown(&value.get_ref().to_string()),
                other: format!("\"{}\"", shown(keys[i].0.get_ref())),
            });
        }
        lines.push(PayLine {
            hand: PayingHand::TwoCards(hand),
            award,
        });
        keys.push((key, value));
    }
    if lines.is_empty() {
        return Err(PayTableError::NoPayingHand {
            at: at(raw.pays.span().start),
        });
    }
    match two_card_conflict(&lines) {
        None => {}
        Some(TwoCardConflict::Ambiguous {
            first,
            second,
            deal,
        }) => {
            let (key, value) = keys[second];
            return Err(bad(key, value, format!(
                "ambiguous: a player's {deal} is also paid by pays.\"{}\" at the same pay (the highest-paying matching line pays); make the lines disjoint or pay them differently",
                shown(keys[first].0.get_ref())
            )));
        }
        Some(TwoCardConflict::NeverPays(i)) => {
            let (key, value) = keys[i];
            return Err(bad(key, value, NEVER_PAYS.to_string()));
        }
    }
    lines.sort_by(|a, b| {
        let win = |l: &PayLine| l.award.win_on(Fraction::ONE);
        win(b)
            .cmp(&win(a))
            .then_with(|| a.hand.name().cmp(&b.hand.name()))
    });
    Ok(lines)
}

/// Why a line never pays.
const NEVER_PAYS: &str = "never pays: every deal it matches is paid more by another line (the highest-paying matching line pays)";

/// What makes the lines of an Ultimate Pairs table unusable: indices into
/// its lines.
enum TwoCardConflict {
    /// A deal is paid by two lines at the same, highest, pay.
    Ambiguous {
        first: usize,
        second: usize,
        /// The deal, in words.
        deal: String,
    },
    /// Every deal the line matches is paid more by another line.
    NeverPays(usize),
}

/// The first conflict among an Ultimate Pairs table's lines, over every
/// class of the player's and the dealer's two cards.
fn two_card_conflict(lines: &[PayLine]) -> Option<TwoCardConflict> {
    let mut pays = vec![false; lines.len()];
    for player in 0..CLASSES {
        for dealer in 0..CLASSES {
            match ultimate_pairs_best_lines(lines, player, dealer)[..] {
                [] => {}
                [one] => pays[one] = true,
                [first, second, ..] => {
                    let needs_dealer = |i: usize| matches!(lines[i].hand, PayingHand::TwoCards(h) if h.dealer.is_some());
                    let deal = if needs_dealer(first) || needs_dealer(second) {
                        format!(
                            "{} with a dealer's {}",
                            ClassSet::single(player).name(),
                            ClassSet::single(dealer).name()
                        )
                    } else {
                        ClassSet::single(player).name()
                    };
                    return Some(TwoCardConflict::Ambiguous {
                        first,
                        second,
                        deal,
                    });
                }
            }
        }
    }
    pays.iter()
        .position(|&p| !p)
        .map(TwoCardConflict::NeverPays)
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

/// A rule option that cannot be used.
fn bad_option(at: At, key: &str, start: usize, value: String, reason: String) -> PayTableError {
    PayTableError::BadOption {
        at: at(start),
        key: shown(key),
        value: shown(&value),
        reason,
    }
}

/// Reads and checks the rule options: each is allowed in its wager's tables
/// only.
fn read_rules(raw: &RawTable, wager: WagerKind, at: At) -> Result<Rules, PayTableError> {
    let mut rules = Rules::default();
    let only_for = |key: &str, start: usize, value: String, owner: WagerKind| {
        if wager == owner {
            Ok(())
        } else {
            Err(bad_option(
                at,
                key,
                start,
                value,
                format!("{key} is a rule option of {owner} tables; this is a {wager} table"),
            ))
        }
    };
    if let Some(rule) = &raw.rule {
        let (start, text) = (rule.span().start, rule.get_ref());
        only_for("rule", start, format!("\"{text}\""), WagerKind::Trips)?;
        rules.trips = TripsRule::ALL
            .into_iter()
            .find(|r| r.name() == text)
            .ok_or_else(|| {
                bad_option(
                    at,
                    "rule",
                    start,
                    format!("\"{text}\""),
                    "unknown rule; expected standard or must_beat_dealer".to_string(),
                )
            })?;
    }
    if let Some(pays_on) = &raw.pays_on {
        let start = pays_on.span().start;
        only_for(
            "pays_on",
            start,
            pays_on.get_ref().to_string(),
            WagerKind::BadBeat,
        )?;
        rules.bad_beat_pays_on = read_pays_on(pays_on, at)?;
    }
    if let Some(hand) = &raw.hand {
        let (start, text) = (hand.span().start, hand.get_ref());
        only_for("hand", start, format!("\"{text}\""), WagerKind::Progressive)?;
        rules.progressive_hand = ProgressiveHand::from_name(text).ok_or_else(|| {
            bad_option(
                at,
                "hand",
                start,
                format!("\"{text}\""),
                "unknown hand; expected hole_and_flop or best_of_seven".to_string(),
            )
        })?;
    }
    if let Some(returned) = &raw.wager_returned {
        let start = returned.span().start;
        let shown = returned.get_ref().to_string();
        only_for("wager_returned", start, shown, WagerKind::Progressive)?;
        rules.wager_returned = *returned.get_ref();
    }
    if let Some(envy) = &raw.envy {
        let start = envy.span().start;
        only_for(
            "envy",
            start,
            "[[envy]]".to_string(),
            WagerKind::Progressive,
        )?;
        for (i, entry) in envy.get_ref().iter().enumerate() {
            let schedule = read_envy_entry(entry, &format!("envy[{}]", i + 1), at)?;
            if rules.envy.iter().any(|e| e.wager == schedule.wager) {
                return Err(bad_option(
                    at,
                    &format!("envy[{}].wager", i + 1),
                    entry.span().start,
                    schedule.wager.to_string(),
                    "a schedule for this wager is already given".to_string(),
                ));
            }
            rules.envy.push(schedule);
        }
    }
    Ok(rules)
}

/// `pays_on`: one way or a list of ways, each once, in the documented order
/// whatever the file's order.
fn read_pays_on(pays_on: &Spanned<toml::Value>, at: At) -> Result<Vec<BadBeatWay>, PayTableError> {
    let start = pays_on.span().start;
    let as_written = pays_on.get_ref().to_string();
    let bad = |reason: String| bad_option(at, "pays_on", start, as_written.clone(), reason);
    let expected = "expected \"player_losing_hand\", \"dealer_beaten_hand\" or a list of them";
    let names: Vec<String> = match pays_on.get_ref() {
        toml::Value::String(s) => vec![s.clone()],
        toml::Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad(expected.to_string()))?,
        _ => return Err(bad(expected.to_string())),
    };
    let mut ways = Vec::new();
    for name in &names {
        let way = BadBeatWay::ALL
            .into_iter()
            .find(|w| w.name() == name)
            .ok_or_else(|| bad(format!("unknown way '{}'; {expected}", shown(name))))?;
        if ways.contains(&way) {
            return Err(bad(format!("'{name}' is listed twice")));
        }
        ways.push(way);
    }
    if ways.is_empty() {
        return Err(bad(expected.to_string()));
    }
    Ok(BadBeatWay::ALL
        .into_iter()
        .filter(|w| ways.contains(w))
        .collect())
}

/// One `[[envy]]` schedule: `wager = N` and at least one hand paid a fixed
/// amount more than the wager.
fn read_envy_entry(entry: &EnvyEntry, prefix: &str, at: At) -> Result<EnvySchedule, PayTableError> {
    let entry_at = entry.span().start;
    let mut wager_dollars = None;
    let mut awards = Vec::new();
    for (key, value) in entry.get_ref() {
        let name = key.get_ref();
        let (key_at, shown) = (key.span().start, value.get_ref().to_string());
        let bad = |reason: String| {
            bad_option(
                at,
                &format!("{prefix}.{name}"),
                key_at,
                shown.clone(),
                reason,
            )
        };
        if name == "wager" {
            match value.get_ref() {
                toml::Value::Integer(n) if *n > 0 && *n as u64 <= MAX_ENVY_WAGER => {
                    wager_dollars = Some(*n as u64)
                }
                _ => {
                    return Err(bad(format!(
                        "the Progressive wager is a positive whole number of dollars, at most {MAX_ENVY_WAGER}"
                    )))
                }
            }
            continue;
        }
        let category = HandCategory::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = HandCategory::ALL.iter().rev().map(|c| c.name()).collect();
            bad(format!(
                "unknown hand name; expected wager or one of {}",
                names.join(", ")
            ))
        })?;
        match parse_award(value.get_ref()) {
            Ok(Award::Fixed { dollars }) => awards.push((category, dollars)),
            Ok(_) => {
                return Err(bad(
                    "an Envy Bonus is a fixed amount { dollars = N }".to_string()
                ))
            }
            Err(reason) => return Err(bad(reason)),
        }
    }
    let wager = wager_dollars.ok_or_else(|| {
        bad_option(
            at,
            prefix,
            entry_at,
            "[[envy]]".to_string(),
            "missing wager = N (the Progressive wager in dollars this schedule is for)".to_string(),
        )
    })?;
    if let Some(&(c, d)) = awards.iter().find(|&&(_, d)| d <= wager) {
        return Err(bad_option(
            at,
            &format!("{prefix}.{}", c.name()),
            entry_at,
            format!("{{ dollars = {d} }}"),
            format!(
                "an Envy Bonus must be more than the wager it is paid on (wager = {wager}), so that any Envy Bonus wins"
            ),
        ));
    }
    if awards.is_empty() {
        return Err(bad_option(
            at,
            prefix,
            entry_at,
            format!("wager = {wager}"),
            "no award (an Envy Bonus schedule pays at least one hand)".to_string(),
        ));
    }
    awards.sort_by_key(|&(c, _)| std::cmp::Reverse(c));
    Ok(EnvySchedule { wager, awards })
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
            if let Some(key) = table.keys().find(|k| k.as_str() != "meter_percent") {
                return Err(format!(
                    "unknown key '{}' (expected {{ meter_percent = P }})",
                    shown(key)
                ));
            }
            match table.get("meter_percent") {
                Some(toml::Value::Integer(n)) if (1..=100).contains(n) => {
                    Ok(Award::Meter { percent: *n as u64 })
                }
                _ => {
                    Err("meter_percent must be a whole number of percent from 1 to 100".to_string())
                }
            }
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
