//! `results/strategies.csv`: the exact figures of the shipped strategies
//! that published figures need (the Wizard of Odds' rule of thumb and its
//! other readings), one row per strategy and Blind table, under
//! [`CSV_COLUMNS`] ([`crate::analysis::strategy_results`] computes and
//! reads them). Written by `uth-edge results --strategies --out-dir DIR`
//! (`scripts/strategy-results.sh`), compared by `results --strategies
//! --check DIR` and by the long test suite.

use super::ResultFile;
use crate::analysis::strategy_results::{StrategyResult, CSV_COLUMNS};
use crate::report::{write_rows, Decimal};
use serde::Serialize;

/// The file's name in the results directory.
pub const FILE_NAME: &str = "strategies.csv";

/// One row of [`CSV_COLUMNS`].
#[derive(Serialize)]
struct Row<'a> {
    strategy: &'a str,
    strategy_sha256: &'a str,
    paytable: &'a str,
    paytable_sha256: &'a str,
    engine: u32,
    house_edge: Decimal,
    house_edge_exact: String,
    per_initial_wager: Decimal,
    per_initial_wager_exact: String,
    element_of_risk: Decimal,
    element_of_risk_exact: String,
    average_total_wager: Decimal,
    average_total_wager_exact: String,
}

impl<'a> Row<'a> {
    fn new(r: &'a StrategyResult) -> Row<'a> {
        let per_initial_wager = r.per_initial_wager();
        let element_of_risk = r.element_of_risk();
        Row {
            strategy: &r.strategy,
            strategy_sha256: &r.strategy_sha256,
            paytable: &r.paytable,
            paytable_sha256: &r.paytable_sha256,
            engine: crate::exact::ENGINE_VERSION,
            house_edge: Decimal::of(&r.house_edge),
            house_edge_exact: r.house_edge.to_string(),
            per_initial_wager: Decimal::of(&per_initial_wager),
            per_initial_wager_exact: per_initial_wager.to_string(),
            element_of_risk: Decimal::of(&element_of_risk),
            element_of_risk_exact: element_of_risk.to_string(),
            average_total_wager: Decimal::of(&r.average_total_wager),
            average_total_wager_exact: r.average_total_wager.to_string(),
        }
    }
}

/// The results file of `rows`, in their order.
pub fn file(rows: &[StrategyResult]) -> ResultFile {
    let mut bytes = Vec::new();
    write_rows(&CSV_COLUMNS, rows.iter().map(Row::new), &mut bytes).expect("writing to memory");
    ResultFile {
        name: FILE_NAME.to_string(),
        text: String::from_utf8(bytes).expect("UTF-8 CSV"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::strategy_results;
    use crate::fraction::Fraction;

    fn row() -> StrategyResult {
        StrategyResult {
            strategy: "wizard".to_string(),
            strategy_sha256: "a".repeat(64),
            paytable: "blind-a".to_string(),
            paytable_sha256: "b".repeat(64),
            house_edge: Fraction::new(3, 100),
            average_total_wager: Fraction::new(41, 10),
        }
    }

    #[test]
    fn the_row_struct_has_the_documented_columns() {
        let row = row();
        assert_eq!(crate::report::header_of(Row::new(&row)), CSV_COLUMNS);
    }

    #[test]
    fn what_is_written_reads_back_and_a_broken_identity_is_refused() {
        let text = file(&[row()]).text;
        let read = strategy_results::read(&text, "t.csv").unwrap();
        assert_eq!(read, vec![row()]);
        // The element of risk is the edge over the average wagered: a row
        // whose columns break it is refused, naming the column.
        let broken = text.replace(",3/410,", ",3/400,");
        assert_ne!(broken, text);
        let e = strategy_results::read(&broken, "t.csv").unwrap_err();
        assert!(e.to_string().contains("element_of_risk"), "{e}");
    }
}
