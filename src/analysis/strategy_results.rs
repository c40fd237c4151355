//! The committed exact figures of the shipped strategies that published
//! figures need (`results/strategies.csv`, written by `uth-edge results
//! --strategies` through `scripts/strategy-results.sh`): which rows are
//! needed ([`needed`]), their exact computation ([`compute`]: one
//! evaluation of each strategy over every deal, 10 to 40 s of CPU each),
//! and the one reader with its validation ([`read`]) that `check
//! --strategy-results` uses. Its CSV text is written by
//! [`crate::results::strategies`], the layer after the report.
//!
//! A row is `(strategy, strategy_sha256, paytable, paytable_sha256,
//! engine)` and the figures ([`CSV_COLUMNS`]). `strategy_sha256` is the
//! digest of the strategy's decisions
//! ([`FileStrategy::decisions_sha256`]), `paytable_sha256` that of the
//! Blind table's pays: `check` uses a row only for the strategy and table
//! whose digests it carries, never by the names alone (a row of another
//! `wizard` is refused, naming both digests).
//!
//! A file is refused, one line naming the file and the line, when its
//! header is not [`CSV_COLUMNS`], it holds no row, a row has another
//! number of fields, a strategy and table appear twice, a name is not a
//! strategy name, a digest is not 64 hexadecimal digits, the engine is
//! not this program's, an `_exact` column is not a fraction, a decimal
//! column disagrees with its exact one, or the exact columns break what the
//! writer computes them by (the average total wagered between 2 and 6
//! Antes; per initial wager half the edge per Ante; the element of risk the
//! edge per Ante over the average total wagered).

use crate::cards::CardSet;
use crate::exact::game::{evaluate_policy, RiverTable};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use crate::strategy::{AsPolicy, FileStrategy, Strategy};

/// The CSV columns, in order (documented in `docs/output-formats-results.md`).
pub const CSV_COLUMNS: [&str; 13] = [
    "strategy",
    "strategy_sha256",
    "paytable",
    "paytable_sha256",
    "engine",
    "house_edge",
    "house_edge_exact",
    "per_initial_wager",
    "per_initial_wager_exact",
    "element_of_risk",
    "element_of_risk_exact",
    "average_total_wager",
    "average_total_wager_exact",
];

/// One strategy's exact base-game figures on one Blind table, as the
/// results file gives them (validated) or as computed.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategyResult {
    /// The strategy's name (the file's `name`).
    pub strategy: String,
    /// The SHA-256 of the strategy's decisions.
    pub strategy_sha256: String,
    /// Id of the Blind pay table.
    pub paytable: String,
    /// The SHA-256 of the Blind table's contents.
    pub paytable_sha256: String,
    /// House edge per Ante.
    pub house_edge: Fraction,
    /// Average total amount wagered per hand (Ante + Blind + Play), Antes.
    pub average_total_wager: Fraction,
}

impl StrategyResult {
    /// House edge per initial wager (Ante + Blind): half the edge per Ante.
    pub fn per_initial_wager(&self) -> Fraction {
        self.house_edge.clone() / Fraction::from_int(2)
    }

    /// Element of risk: the edge per Ante over the average total wagered.
    pub fn element_of_risk(&self) -> Fraction {
        self.house_edge.clone() / self.average_total_wager.clone()
    }
}

/// A strategy results file that cannot be used: the file, the line, why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: line {line}: {why}")]
pub struct StrategyResultsError {
    /// The file, as named.
    pub file: String,
    /// The line of the file.
    pub line: u64,
    /// What is wrong.
    pub why: String,
}

/// The shipped strategies that publish a figure (`[[published]]`), in the
/// order of [`crate::strategy::file::BUILTIN`].
pub fn shipped_with_figures() -> Vec<FileStrategy> {
    crate::strategy::file::BUILTIN
        .iter()
        .filter_map(|(name, _)| FileStrategy::builtin(name))
        .filter(|s| !s.published().is_empty())
        .collect()
}

/// The rows the published figures of `strategies` need, each once, in
/// order: for every figure, its strategy and each of its readings (shipped
/// strategies), under the figure's Blind table.
pub fn needed(strategies: &[FileStrategy]) -> Vec<(FileStrategy, String)> {
    let mut rows: Vec<(FileStrategy, String)> = Vec::new();
    for strategy in strategies {
        for figure in strategy.published() {
            let readings = std::iter::once(strategy.clone()).chain(
                figure
                    .readings
                    .iter()
                    .map(|r| FileStrategy::builtin(r).expect("a reading is a shipped strategy")),
            );
            for reading in readings {
                let known = rows
                    .iter()
                    .any(|(s, t)| s.name() == reading.name() && *t == figure.paytable);
                if !known {
                    rows.push((reading, figure.paytable.clone()));
                }
            }
        }
    }
    rows
}

/// The exact figures of each `(strategy, Blind table)` of `rows`, on the
/// full deck: one river table, one evaluation per row.
pub fn compute(rows: &[(FileStrategy, PayTable)], progress: &dyn Progress) -> Vec<StrategyResult> {
    if rows.is_empty() {
        return Vec::new();
    }
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    rows.iter()
        .map(|(strategy, table)| {
            let summary = evaluate_policy(&river, table, &AsPolicy(strategy), progress).summary();
            StrategyResult {
                strategy: strategy.name().to_string(),
                strategy_sha256: strategy.decisions_sha256(),
                paytable: table.id.clone(),
                paytable_sha256: table.contents_sha256(),
                house_edge: summary.house_edge,
                average_total_wager: summary.average_total_wager,
            }
        })
        .collect()
}

/// Every row of a strategy results file (`text`, read from `file`),
/// validated as the module says; the first problem found is the error.
pub fn read(text: &str, file: &str) -> Result<Vec<StrategyResult>, StrategyResultsError> {
    super::results_rows::read_rows(
        text,
        &CSV_COLUMNS,
        "strategy",
        read_row,
        |r: &StrategyResult| (r.strategy.clone(), r.paytable.clone()),
    )
    .map_err(|(line, why)| StrategyResultsError {
        file: file.to_string(),
        line,
        why,
    })
}

/// One row, validated (see the module), or what is wrong with it.
fn read_row(record: &::csv::StringRecord) -> Result<StrategyResult, String> {
    let row = super::results_rows::Row::new(record, &CSV_COLUMNS);
    let strategy = row.text("strategy");
    let name_ok = !strategy.is_empty()
        && strategy.len() <= 40
        && strategy
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !name_ok {
        return Err(format!(
            "strategy {:?} is not a strategy's name (1 to 40 of a-z, 0-9 and -)",
            crate::message::shown(strategy)
        ));
    }
    let strategy_sha256 = super::results_rows::sha256_column(row.text("strategy_sha256"))
        .map_err(|_| {
            format!(
                "strategy_sha256 {:?} is not 64 lowercase hexadecimal digits (the SHA-256 of the strategy's decisions)",
                crate::message::shown(row.text("strategy_sha256"))
            )
        })?;
    let paytable = row.paytable()?.to_string();
    let paytable_sha256 = row.stamp()?;
    let mut figures = Vec::new();
    for column in [
        "house_edge",
        "per_initial_wager",
        "element_of_risk",
        "average_total_wager",
    ] {
        let value = row.exact(&format!("{column}_exact"))?;
        row.decimal(column, value.to_f64())?;
        figures.push(value);
    }
    let [house_edge, per_initial_wager, element_of_risk, average_total_wager]: [Fraction; 4] =
        figures.try_into().map_err(|_| "four figures".to_string())?;
    if average_total_wager < Fraction::from_int(2) || average_total_wager > Fraction::from_int(6) {
        return Err(format!(
            "average_total_wager_exact {average_total_wager} is not between 2 and 6 Antes (Ante + Blind + a Play of 0 to 4)"
        ));
    }
    let result = StrategyResult {
        strategy: strategy.to_string(),
        strategy_sha256,
        paytable,
        paytable_sha256,
        house_edge,
        average_total_wager,
    };
    if per_initial_wager != result.per_initial_wager() {
        return Err("per_initial_wager_exact is not house_edge_exact / 2".to_string());
    }
    if element_of_risk != result.element_of_risk() {
        return Err(
            "element_of_risk_exact is not house_edge_exact / average_total_wager_exact".to_string(),
        );
    }
    Ok(result)
}
