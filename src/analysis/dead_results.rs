//! The dead-card results files (`results/dead_cards.CASE.csv`, written by
//! `uth-edge game --seen exposed:1 | collude:K --format csv` or `merge
//! --format csv` through `scripts/collusion.sh`): the one reader, with one
//! validation, of the collusion and exposed-card rows of the report's
//! "Value of a leak" section (`report --format html --dead-results FILE`)
//! and of the results the published dead-card figures are checked against
//! (`check --dead-results FILE`, [`crate::analysis::dead_check`]).
//!
//! A file is refused, in one line naming the file and the line, when: it
//! is a sampled estimate (`game --seen collude:K --samples N`); its
//! header is not [`CSV_COLUMNS`]; it has a header and no case; a row has
//! another number of fields; a case is not an exact dead-card case
//! (`exposed:1`, `collude:1` to `collude:3`) or appears twice for one table;
//! a table id is empty or holds white space; `classes` or `deals` is not a
//! positive whole number; an `_exact` column is not a fraction; a decimal
//! column disagrees with its exact column (beyond the last digits of a
//! double); or the exact columns break what the writer computes them by:
//! the gain is the player's expectation less the base game's, the team's
//! gain per round K times the gain, the variance not negative.
//!
//! Since version 2 (issue 31) a row also records what it was computed for
//! and with: `paytable_sha256` (the SHA-256 of the Blind table's contents,
//! [`crate::rules::paytable::digest`]: the commands match a row to a table by
//! it, never by the id alone), `engine` (refused unless this program's
//! [`crate::exact::ENGINE_VERSION`]), `deck`, and the stakes of its dollars
//! (`ante`, `hands_per_hour`). A row is refused when `deals` is not the
//! case's count of deals on its deck ([`deal_count`]), when the shares of
//! hands are not each between 0 and 1 adding to 1, when
//! `average_total_wager_exact` is not 2 plus the Play they raise, or when
//! the dollars per hour are not the exact team gain (expectation) times
//! the Ante times the hands per hour, to the cent. A file of the first
//! version (its header without those columns) is refused with how to stamp
//! it.

use crate::cards::CardSet;
use crate::exact::seen::dead::{deal_count, DeadCase, STAMP_HINT};
use crate::fraction::Fraction;

/// The CSV columns, in order (docs/collusion.md): the one list, which the
/// writer, `report::dead`, also writes under (a unit test there checks its
/// row struct against it).
pub const CSV_COLUMNS: [&str; 25] = [
    "case",
    "paytable",
    "paytable_sha256",
    "engine",
    "deck",
    "classes",
    "deals",
    "player_edge_per_ante",
    "player_edge_per_ante_exact",
    "base_game_per_ante_exact",
    "gain_per_ante",
    "gain_per_ante_exact",
    "team_gain_per_round_exact",
    "ante",
    "hands_per_hour",
    "house_loss_per_hour",
    "team_win_per_hour",
    "raise_4x",
    "raise_3x",
    "raise_2x",
    "raise_1x",
    "fold",
    "std_dev_per_player",
    "variance_per_player_exact",
    "average_total_wager_exact",
];

/// The columns the second version added (the pay table's digest, the
/// engine version, the deck and the stakes): a file with [`CSV_COLUMNS`]
/// but these is of the first version, refused with how to stamp it.
const ADDED_IN_V2: [&str; 5] = [
    "paytable_sha256",
    "engine",
    "deck",
    "ante",
    "hands_per_hour",
];

/// The exact figures of one dead-card case, as a results file gives them,
/// validated.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadResult {
    /// The results file it was read from, as named on the command line.
    pub file: String,
    /// The case.
    pub case: DeadCase,
    /// Id of the Blind pay table.
    pub paytable: String,
    /// SHA-256 of the Blind table's contents
    /// ([`PayTable::contents_sha256`](crate::rules::paytable::PayTable::contents_sha256)).
    pub paytable_sha256: String,
    /// The deck the case was solved on.
    pub deck: CardSet,
    /// One player's expectation per Ante.
    pub per_ante: Fraction,
    /// The base game's expectation per Ante on the same deck and table.
    pub base_per_ante: Fraction,
    /// One player's gain over the base game per Ante.
    pub gain: Fraction,
    /// The team's gain per round (K hands), in Antes.
    pub team_gain: Fraction,
    /// Variance of one player's hand, in Antes squared.
    pub variance: Fraction,
}

/// Why a dead-card results file cannot be used: the file, the line (1 is
/// the header) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: line {line}: {why}")]
pub struct DeadResultsError {
    /// The file, as named on the command line.
    pub file: String,
    /// The line of the file.
    pub line: u64,
    /// What is wrong.
    pub why: String,
}

/// Every case of a dead-card results file (`text`, read from `file`),
/// validated as the module says; the first problem found is the error.
pub fn read(text: &str, file: &str) -> Result<Vec<DeadResult>, DeadResultsError> {
    let refuse = |line: u64, why: String| DeadResultsError {
        file: file.to_string(),
        line,
        why,
    };
    if super::results_rows::header_is_without(text, &CSV_COLUMNS, &ADDED_IN_V2) {
        return Err(refuse(
            1,
            format!("a dead-card results file of the first version: {STAMP_HINT}"),
        ));
    }
    if is_sampled_estimate(text) {
        return Err(refuse(
            1,
            "a sampled estimate (uth-edge game --seen collude:K --samples N), not exact figures: a results file holds exact cases only".to_string(),
        ));
    }
    super::results_rows::read_rows(
        text,
        &CSV_COLUMNS,
        "dead-card",
        read_row,
        |r: &DeadResult| (r.case.to_string(), r.paytable.to_string()),
    )
    .map(|rows| {
        rows.into_iter()
            .map(|row| DeadResult {
                file: file.to_string(),
                ..row
            })
            .collect()
    })
    .map_err(|(line, why)| refuse(line, why))
}

/// Whether `text` is the CSV of a sampled estimate of collusion (`game
/// --seen collude:K --samples N --format csv`): its header has an
/// `estimate` column, which an exact results file's has not.
fn is_sampled_estimate(text: &str) -> bool {
    let mut reader = ::csv::Reader::from_reader(text.as_bytes());
    reader
        .headers()
        .is_ok_and(|header| header.iter().any(|c| c == "estimate"))
}

/// One row, validated (see the module), or what is wrong with it.
fn read_row(record: &::csv::StringRecord) -> Result<DeadResult, String> {
    let row = super::results_rows::Row::new(record, &CSV_COLUMNS);
    let case = DeadCase::parse(row.text("case")).map_err(|e| format!("case: {e}"))?;
    if !case.is_exact() {
        return Err(format!(
            "case {case}: a results file holds exact cases only (exposed:1, collude:1 to collude:3)"
        ));
    }
    let paytable = row.paytable()?;
    let paytable_sha256 = row.stamp()?;
    let deck_text = row.text("deck");
    let deck = crate::exact::seen::dead_sums::parse_deck(deck_text).ok_or_else(|| {
        format!("deck {deck_text:?} is not a hexadecimal card set such as 0xfffffffffffff")
    })?;
    row.whole("classes")?;
    let deals = row.whole("deals")?;
    match deal_count(deck.len(), case) {
        Some(n) if n == i128::from(deals) => {}
        n => {
            return Err(format!(
                "deals {deals} is not the {} deals of {case} on {} cards",
                n.map_or("(too many)".to_string(), |n| n.to_string()),
                deck.len()
            ))
        }
    }
    let per_ante = row.exact("player_edge_per_ante_exact")?;
    row.decimal("player_edge_per_ante", per_ante.to_f64())?;
    let base_per_ante = row.exact("base_game_per_ante_exact")?;
    let gain = row.exact("gain_per_ante_exact")?;
    row.decimal("gain_per_ante", gain.to_f64())?;
    if gain != per_ante.clone() - base_per_ante.clone() {
        return Err(
            "gain_per_ante_exact is not player_edge_per_ante_exact - base_game_per_ante_exact"
                .to_string(),
        );
    }
    let team_gain = row.exact("team_gain_per_round_exact")?;
    if team_gain != Fraction::from_int(case.players() as i128) * gain.clone() {
        return Err(format!(
            "team_gain_per_round_exact is not {} times gain_per_ante_exact",
            case.players()
        ));
    }
    let ante = row.exact("ante")?;
    if !ante.is_positive() {
        return Err(format!("ante {ante} is not a positive amount of dollars"));
    }
    let hands_per_hour = Fraction::from_int(i128::from(row.whole("hands_per_hour")?));
    for (column, per_round) in [
        ("house_loss_per_hour", team_gain.clone()),
        (
            "team_win_per_hour",
            Fraction::from_int(case.players() as i128) * per_ante.clone(),
        ),
    ] {
        let dollars = (per_round * ante.clone() * hands_per_hour.clone()).to_fixed(2);
        if row.text(column) != dollars {
            return Err(format!(
                "{column} {:?} is not the exact figure times ante times hands_per_hour ({dollars})",
                row.text(column)
            ));
        }
    }
    let mut shares = vec![];
    for column in ["fold", "raise_1x", "raise_2x", "raise_3x", "raise_4x"] {
        let text = row.text(column);
        let share: f64 = text
            .parse()
            .ok()
            .filter(|v: &f64| (0.0..=1.0).contains(v))
            .ok_or_else(|| format!("{column} {text:?} is not a share between 0 and 1"))?;
        shares.push(share);
    }
    if (shares.iter().sum::<f64>() - 1.0).abs() > 1e-9 {
        return Err("the shares of hands (fold, raise_1x to raise_4x) do not add to 1".to_string());
    }
    let average = row.exact("average_total_wager_exact")?;
    let plays: f64 = shares.iter().enumerate().map(|(p, s)| p as f64 * s).sum();
    if (average.to_f64() - 2.0 - plays).abs() > 1e-9 {
        return Err(
            "average_total_wager_exact is not 2 + the Play raised (raise_1x to raise_4x shares) Antes"
                .to_string(),
        );
    }
    let variance = row.exact("variance_per_player_exact")?;
    if variance.is_negative() {
        return Err(format!("variance_per_player_exact {variance} is negative"));
    }
    row.decimal("std_dev_per_player", variance.to_f64().sqrt())?;
    Ok(DeadResult {
        file: String::new(),
        case,
        paytable: paytable.to_string(),
        paytable_sha256,
        deck,
        per_ante,
        base_per_ante,
        gain,
        team_gain,
        variance,
    })
}
