//! The table exporter: aligned text for people, one block per result,
//! percentages with four decimals and the exact fractions.

use super::{one_in, percent, signed_percent, wager_title, Exporter};
use crate::fraction::Fraction;
use crate::money::{dollars_to_cents, group_thousands};
use crate::result::WagerResult;
use std::io::{self, Write};

/// Aligned text for people: one block per result, percentages with four
/// decimals and the exact fractions.
pub struct TableExporter;

impl Exporter for TableExporter {
    fn export(&self, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
        for (i, r) in results.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            let amount = r.settings();
            writeln!(
                out,
                "{} -- pay table {}{}: {}",
                wager_title(&r.wager),
                r.paytable,
                amount,
                r.title
            )?;
            let hand_width = r
                .lines
                .iter()
                .map(|l| l.hand.len())
                .chain(["element of risk".len()])
                .max()
                .unwrap_or(0);
            let pays_width = r
                .lines
                .iter()
                .map(|l| l.pays.len())
                .chain(["pays".len()])
                .max()
                .unwrap_or(0);
            // Wide enough for the total (17 characters for 2.78 trillion).
            let count_width = group_thousands(r.outcomes).len().max(13);
            writeln!(
                out,
                "  {:<hw$}  {:>cw$}  {:>14}  {:>11}  {:<pw$}  {:>11}",
                "hand",
                "combinations",
                "probability",
                "1 in",
                "pays",
                "return",
                hw = hand_width,
                cw = count_width,
                pw = pays_width
            )?;
            for l in &r.lines {
                writeln!(
                    out,
                    "  {:<hw$}  {:>cw$}  {:>14}  {:>11}  {:<pw$}  {:>11}",
                    l.hand,
                    group_thousands(l.combinations),
                    l.probability.to_fixed(12),
                    one_in(l.probability.clone()),
                    l.pays,
                    signed_percent(&l.contribution),
                    hw = hand_width,
                    cw = count_width,
                    pw = pays_width
                )?;
            }
            let expected = -r.house_edge.clone();
            writeln!(
                out,
                "  {:<hw$}  {:>cw$}  {:>14}  {:>11}  {:<pw$}  {:>11}",
                "total",
                group_thousands(r.outcomes),
                Fraction::from_int(1).to_fixed(12),
                "",
                "",
                signed_percent(&expected),
                hw = hand_width,
                cw = count_width,
                pw = pays_width
            )?;
            writeln!(
                out,
                "  {:<hw$}  {} = {}",
                "house edge",
                percent(r.house_edge.clone()),
                r.house_edge,
                hw = hand_width
            )?;
            writeln!(
                out,
                "  {:<hw$}  {} = {}",
                "element of risk",
                percent(r.element_of_risk.clone()),
                r.element_of_risk,
                hw = hand_width
            )?;
            writeln!(
                out,
                "  {:<hw$}  {:.4} (variance {})",
                "std deviation",
                r.std_dev(),
                r.variance,
                hw = hand_width
            )?;
            writeln!(
                out,
                "  {:<hw$}  {} = {}",
                "hit frequency",
                percent(r.hit_frequency.clone()),
                r.hit_frequency,
                hw = hand_width
            )?;
            if let Some(g) = &r.game {
                writeln!(
                    out,
                    "  {:<hw$}  {} = {}",
                    "edge per Ante+Blind",
                    percent(g.house_edge_per_initial_wager.clone()),
                    g.house_edge_per_initial_wager,
                    hw = hand_width
                )?;
                writeln!(
                    out,
                    "  {:<hw$}  {:.6} = {}",
                    "average total wager",
                    g.average_total_wager.to_f64(),
                    g.average_total_wager,
                    hw = hand_width
                )?;
                for (name, p) in &g.action_probabilities {
                    writeln!(
                        out,
                        "  {:<hw$}  {} = {}",
                        name,
                        percent(p.clone()),
                        p,
                        hw = hand_width
                    )?;
                }
                for (name, ev) in &g.wager_ev {
                    writeln!(
                        out,
                        "  {:<hw$}  {:+.6} = {}",
                        format!("{name} EV"),
                        ev.to_f64(),
                        ev,
                        hw = hand_width
                    )?;
                }
            }
            if let Some(rule) = &r.rule {
                writeln!(out, "  {:<hw$}  {rule}", "rule", hw = hand_width)?;
            }
            for p in &r.published {
                writeln!(
                    out,
                    "  {:<hw$}  {} {} ({})",
                    "published",
                    p.name,
                    p.value,
                    p.source,
                    hw = hand_width
                )?;
            }
            for f in &r.figures {
                let value = if f.unit == "dollars" {
                    dollars_to_cents(f.value.clone())
                } else {
                    format!("{:.6} {}", f.value.to_f64(), f.unit)
                };
                writeln!(
                    out,
                    "  {}  {} = {}",
                    f.name.replace('_', " "),
                    value,
                    f.value
                )?;
            }
        }
        Ok(())
    }
}
