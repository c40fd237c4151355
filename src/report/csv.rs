//! The CSV exporter: one row per pay line, a total row and one row per
//! extra figure, columns [`CSV_COLUMNS`] (the committed `results/` files
//! are written by it).

use super::Exporter;
use crate::fraction::Fraction;
use crate::result::WagerResult;
use std::io::{self, Write};

/// The CSV columns, in order. The last group is filled for the base game
/// only (`wager = base_game`) and empty otherwise; then the rule, meter and
/// players of a result, and the value of a `figure` row.
pub const CSV_COLUMNS: [&str; 47] = [
    "wager",
    "paytable",
    "wager_amount",
    "wager_amount_exact",
    "row",
    "hand",
    "combinations",
    "probability",
    "probability_exact",
    "pays",
    "return",
    "return_exact",
    "outcomes",
    "house_edge",
    "house_edge_exact",
    "element_of_risk",
    "element_of_risk_exact",
    "std_dev",
    "variance_exact",
    "hit_frequency",
    "hit_frequency_exact",
    "house_edge_per_initial_wager",
    "house_edge_per_initial_wager_exact",
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
    "ante_ev",
    "ante_ev_exact",
    "blind_ev",
    "blind_ev_exact",
    "play_ev",
    "play_ev_exact",
    "rule",
    "meter",
    "meter_exact",
    "players",
    "value",
    "value_exact",
];

/// Comma-separated values with a header: per result, one `line` row per pay
/// line, one `total` row (all outcomes, the expected net result as
/// `return`, and the house edge and element of risk, which the `line` rows
/// repeat so that any row stands alone) and one `figure` row per extra
/// figure (its name in `hand`, its value in `value`).
pub struct CsvExporter;

impl Exporter for CsvExporter {
    fn export(&self, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
        let mut w = csv::Writer::from_writer(out);
        w.write_record(CSV_COLUMNS)?;
        for r in results {
            let (amount, amount_exact) = match r.wager_amount.clone() {
                Some(a) => (a.to_f64().to_string(), a.to_string()),
                None => (String::new(), String::new()),
            };
            let mut summary = vec![
                r.outcomes.to_string(),
                r.house_edge.to_f64().to_string(),
                r.house_edge.to_string(),
                r.element_of_risk.to_f64().to_string(),
                r.element_of_risk.to_string(),
                r.std_dev().to_string(),
                r.variance.to_string(),
                r.hit_frequency.to_f64().to_string(),
                r.hit_frequency.to_string(),
            ];
            let both = |f: Fraction| [f.to_f64().to_string(), f.to_string()];
            match &r.game {
                Some(g) => {
                    summary.extend(both(g.house_edge_per_initial_wager.clone()));
                    summary.extend(both(g.average_total_wager.clone()));
                    for (_, p) in g.action_probabilities.iter().chain(&g.wager_ev) {
                        summary.extend(both(p.clone()));
                    }
                }
                None => summary.extend((0..20).map(|_| String::new())),
            }
            summary.extend([
                r.rule.clone().unwrap_or_default(),
                r.meter
                    .clone()
                    .map_or(String::new(), |m| m.to_f64().to_string()),
                r.meter.clone().map_or(String::new(), |m| m.to_string()),
                r.players.map_or(String::new(), |n| n.to_string()),
            ]);
            let rows = r
                .lines
                .iter()
                .map(|l| {
                    (
                        "line",
                        l.hand.as_str(),
                        l.combinations,
                        l.probability.clone(),
                        l.pays.as_str(),
                        l.contribution.clone(),
                    )
                })
                .chain([(
                    "total",
                    "",
                    r.outcomes,
                    Fraction::ONE,
                    "",
                    -r.house_edge.clone(),
                )]);
            for (row, hand, combinations, probability, pays, ret) in rows {
                let mut record = vec![
                    r.wager.clone(),
                    r.paytable.clone(),
                    amount.clone(),
                    amount_exact.clone(),
                    row.to_string(),
                    hand.to_string(),
                    combinations.to_string(),
                    probability.to_f64().to_string(),
                    probability.to_string(),
                    pays.to_string(),
                    ret.to_f64().to_string(),
                    ret.to_string(),
                ];
                record.extend(summary.iter().cloned());
                record.extend([String::new(), String::new()]);
                w.write_record(&record)?;
            }
            for f in &r.figures {
                let mut record = vec![
                    r.wager.clone(),
                    r.paytable.clone(),
                    amount.clone(),
                    amount_exact.clone(),
                    "figure".to_string(),
                    f.name.clone(),
                ];
                record.extend(std::iter::repeat_n(String::new(), 6));
                record.extend(summary.iter().cloned());
                record.extend([f.value.to_f64().to_string(), f.value.to_string()]);
                w.write_record(&record)?;
            }
        }
        w.flush()?;
        Ok(())
    }
}
