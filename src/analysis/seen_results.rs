//! The seen-card results file (`results/seen_cards.csv`, written by
//! `uth-edge game --seen ... --format csv` through `scripts/hole-card.sh`):
//! one reader with one validation for every command that uses it, `check
//! --seen-results` (the published hole-card figures) and `report --format
//! html --seen-results` (the "Value of a leak" section). Before this, the
//! report rendered a row with a zero denominator as `NaN%` and a header-only
//! file as an empty section, while `check` refused both.
//!
//! A file is refused, in one line naming the file and the line, when:
//! its header is not [`CSV_COLUMNS`]; it has a header and no case; a row has
//! another number of fields; a case is not one (`uth-edge game --seen`
//! names them) or appears twice for one table; a table id is empty or holds
//! white space; `classes` or `deals` is not a positive whole number; an
//! `_exact` column is not a fraction (a zero denominator is not one); a
//! decimal column disagrees with its exact column (beyond the last digits of
//! a double); or the exact columns break what the writer computes them by:
//! the five shares of hands (fold, raise 1x to 4x) each between 0 and 1 and
//! summing to 1, the average total wager `2 + 1·raise_1x + 2·raise_2x +
//! 3·raise_3x + 4·raise_4x` Antes, the edge per total wagered the edge per
//! Ante over it, the variance not negative, and `hands_until_visible`
//! `4·variance / (edge per Ante)²` (empty exactly when the edge is zero).
//!
//! Since version 2 (issue 31) a row records `paytable_sha256`, the SHA-256
//! of its Blind table's contents ([`crate::rules::paytable::digest`]), by
//! which `check` and `report` match it to a table (never by the id alone),
//! and `engine` (refused unless this program's
//! [`crate::exact::ENGINE_VERSION`]). A file of the first version (its header
//! without them) is refused with how to stamp it.

use crate::exact::seen::Seen;
use crate::fraction::Fraction;

/// The CSV columns, in order (documented in `docs/output-formats-results.md`).
pub const CSV_COLUMNS: [&str; 26] = [
    "case",
    "paytable",
    "paytable_sha256",
    "engine",
    "classes",
    "deals",
    "player_edge_per_ante",
    "player_edge_per_ante_exact",
    "player_edge_per_total_wagered",
    "player_edge_per_total_wagered_exact",
    "average_total_wager",
    "average_total_wager_exact",
    "raise_4x",
    "raise_4x_exact",
    "raise_3x",
    "raise_3x_exact",
    "raise_2x",
    "raise_2x_exact",
    "raise_1x",
    "raise_1x_exact",
    "fold",
    "fold_exact",
    "std_dev",
    "variance_exact",
    "hands_until_visible",
    "hands_until_visible_exact",
];

/// The columns the second version added: a file with [`CSV_COLUMNS`] but
/// these is of the first version, refused with how to stamp it.
const ADDED_IN_V2: [&str; 2] = ["paytable_sha256", "engine"];

/// The exact figures of one seen-card case, as the results file gives them,
/// validated.
#[derive(Clone, Debug, PartialEq)]
pub struct SeenResult {
    /// The case.
    pub seen: Seen,
    /// Id of the Blind pay table.
    pub paytable: String,
    /// SHA-256 of the Blind table's contents
    /// ([`PayTable::contents_sha256`](crate::rules::paytable::PayTable::contents_sha256)).
    pub paytable_sha256: String,
    /// The player's expectation per hand, per Ante.
    pub per_ante: Fraction,
    /// The player's expectation per unit wagered in total.
    pub per_total_wagered: Fraction,
    /// Share of the hands raised 4x preflop.
    pub raise_4x: Fraction,
    /// Share of the hands raised 3x preflop.
    pub raise_3x: Fraction,
    /// Variance of one hand's net result, in Antes squared.
    pub variance: Fraction,
    /// Hands after which the expected win exceeds two standard deviations
    /// of the total (`None` when the expectation is zero).
    pub hands_until_visible: Option<Fraction>,
}

/// Why a seen-card results file cannot be used: the file, the line (1 is
/// the header) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: line {line}: {why}")]
pub struct SeenResultsError {
    /// The file, as named on the command line.
    pub file: String,
    /// The line of the file.
    pub line: u64,
    /// What is wrong.
    pub why: String,
}

/// Every case of a seen-card results file (`text`, read from `file`),
/// validated as the module says; the first problem found is the error.
pub fn read(text: &str, file: &str) -> Result<Vec<SeenResult>, SeenResultsError> {
    if super::results_rows::header_is_without(text, &CSV_COLUMNS, &ADDED_IN_V2) {
        return Err(SeenResultsError {
            file: file.to_string(),
            line: 1,
            why: format!(
                "a seen-card results file of the first version: {}",
                crate::exact::seen::dead::STAMP_HINT
            ),
        });
    }
    super::results_rows::read_rows(
        text,
        &CSV_COLUMNS,
        "seen-card",
        read_row,
        |r: &SeenResult| (r.seen.to_string(), r.paytable.to_string()),
    )
    .map_err(|(line, why)| SeenResultsError {
        file: file.to_string(),
        line,
        why,
    })
}

/// One row, validated (see the module), or what is wrong with it.
fn read_row(record: &::csv::StringRecord) -> Result<SeenResult, String> {
    let row = super::results_rows::Row::new(record, &CSV_COLUMNS);
    let seen = Seen::parse(row.text("case")).map_err(|e| format!("case: {e}"))?;
    let paytable = row.paytable()?;
    let paytable_sha256 = row.stamp()?;
    row.whole("classes")?;
    row.whole("deals")?;
    let mut figures = Vec::new();
    for column in [
        "player_edge_per_ante",
        "player_edge_per_total_wagered",
        "average_total_wager",
        "raise_4x",
        "raise_3x",
        "raise_2x",
        "raise_1x",
        "fold",
    ] {
        let value = row.exact(&format!("{column}_exact"))?;
        row.decimal(column, value.to_f64())?;
        figures.push(value);
    }
    let [per_ante, per_total_wagered, average, raise_4x, raise_3x, raise_2x, raise_1x, fold]: [Fraction; 8] =
        figures.try_into().map_err(|_| "eight figures".to_string())?;
    let shares = [&fold, &raise_1x, &raise_2x, &raise_3x, &raise_4x];
    if shares
        .iter()
        .any(|s| s.is_negative() || **s > Fraction::ONE)
        || shares.iter().copied().sum::<Fraction>() != Fraction::ONE
    {
        return Err(
            "the shares of hands (fold_exact, raise_1x_exact to raise_4x_exact) are not each between 0 and 1 summing to 1"
                .to_string(),
        );
    }
    let plays = shares
        .iter()
        .enumerate()
        .map(|(p, s)| Fraction::from_int(p as i128) * (*s).clone())
        .sum::<Fraction>();
    if average != Fraction::from_int(2) + plays {
        return Err(
            "average_total_wager_exact is not 2 + the Play raised (1x to 4x shares) Antes"
                .to_string(),
        );
    }
    if per_total_wagered != per_ante.clone() / average {
        return Err(
            "player_edge_per_total_wagered_exact is not player_edge_per_ante_exact / average_total_wager_exact"
                .to_string(),
        );
    }
    let variance = row.exact("variance_exact")?;
    if variance.is_negative() {
        return Err(format!("variance_exact {variance} is negative"));
    }
    row.decimal("std_dev", variance.to_f64().sqrt())?;
    let hands_until_visible = if per_ante.is_zero() {
        if !row.text("hands_until_visible").is_empty()
            || !row.text("hands_until_visible_exact").is_empty()
        {
            return Err(
                "hands_until_visible is given although the edge per Ante is zero (it has none)"
                    .to_string(),
            );
        }
        None
    } else {
        let hands = row.exact("hands_until_visible_exact")?;
        if hands != Fraction::from_int(4) * variance.clone() / (per_ante.clone() * per_ante.clone())
        {
            return Err(
                "hands_until_visible_exact is not 4 variance_exact / player_edge_per_ante_exact squared"
                    .to_string(),
            );
        }
        row.decimal("hands_until_visible", hands.to_f64())?;
        Some(hands)
    };
    Ok(SeenResult {
        seen,
        paytable: paytable.to_string(),
        paytable_sha256,
        per_ante,
        per_total_wagered,
        raise_4x,
        raise_3x,
        variance,
        hands_until_visible,
    })
}
