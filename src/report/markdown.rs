//! The Markdown exporter: a summary table of every result, then per result
//! its return table and exact figures.

use super::{percent, result_label, wager_title, Exporter};
use crate::analysis::provenance::Provenance;
use crate::money::group_thousands;
use crate::result::WagerResult;
use std::io::{self, Write};

/// A Markdown table cell: `|` escaped, no line breaks.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// GitHub-flavoured Markdown for people and pages: a summary table of every
/// result (house edge, element of risk, standard deviation, hit frequency,
/// with the exact house edge), then per result its line table and exact
/// figures.
#[derive(Default)]
pub struct MarkdownExporter {
    /// What produced the figures, written at the end when known.
    pub provenance: Option<Provenance>,
}

impl Exporter for MarkdownExporter {
    fn export(&self, results: &[WagerResult], out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "## Summary\n")?;
        writeln!(
            out,
            "| wager | pay table | house edge | element of risk | std deviation | hit frequency | house edge (exact) |"
        )?;
        writeln!(out, "|---|---|---:|---:|---:|---:|---|")?;
        for r in results {
            let name = result_label(r);
            writeln!(
                out,
                "| {} | {} | {} | {} | {:.4} | {} | `{}` |",
                cell(&wager_title(&r.wager)),
                cell(&name),
                percent(r.house_edge.clone()),
                percent(r.element_of_risk.clone()),
                r.std_dev(),
                percent(r.hit_frequency.clone()),
                r.house_edge
            )?;
        }
        for r in results {
            let amount = r.settings();
            writeln!(
                out,
                "\n## {} -- pay table {}{}\n\n{}\n",
                wager_title(&r.wager),
                r.paytable,
                amount,
                cell(&r.title)
            )?;
            writeln!(
                out,
                "| hand | combinations | probability | pays | return | return (exact) |"
            )?;
            writeln!(out, "|---|---:|---:|---|---:|---|")?;
            for l in &r.lines {
                writeln!(
                    out,
                    "| {} | {} | {:.12} | {} | {:+.4}% | `{}` |",
                    cell(&l.hand),
                    group_thousands(l.combinations),
                    l.probability.to_f64(),
                    cell(&l.pays),
                    l.contribution.to_f64() * 100.0,
                    l.contribution
                )?;
            }
            writeln!(
                out,
                "| total | {} | 1 | | {:+.4}% | `{}` |\n",
                group_thousands(r.outcomes),
                -r.house_edge.to_f64() * 100.0,
                -r.house_edge.clone()
            )?;
            writeln!(
                out,
                "- house edge: {} = `{}`",
                percent(r.house_edge.clone()),
                r.house_edge
            )?;
            writeln!(
                out,
                "- element of risk: {} = `{}`",
                percent(r.element_of_risk.clone()),
                r.element_of_risk
            )?;
            writeln!(
                out,
                "- standard deviation: {:.4} (variance `{}`)",
                r.std_dev(),
                r.variance
            )?;
            writeln!(
                out,
                "- hit frequency: {} = `{}`",
                percent(r.hit_frequency.clone()),
                r.hit_frequency
            )?;
            if let Some(g) = &r.game {
                writeln!(
                    out,
                    "- house edge per initial wager (Ante + Blind): {} = `{}`",
                    percent(g.house_edge_per_initial_wager.clone()),
                    g.house_edge_per_initial_wager
                )?;
                writeln!(
                    out,
                    "- average total wager: {:.6} = `{}` Antes",
                    g.average_total_wager.to_f64(),
                    g.average_total_wager
                )?;
                for (name, p) in &g.action_probabilities {
                    writeln!(out, "- {name}: {} = `{p}`", percent(p.clone()))?;
                }
                for (name, ev) in &g.wager_ev {
                    writeln!(out, "- {name} EV: {:+.6} = `{ev}` Antes", ev.to_f64())?;
                }
            }
            for p in &r.published {
                writeln!(
                    out,
                    "- published {}: {} ({})",
                    cell(&p.name),
                    cell(&p.value),
                    cell(&p.source)
                )?;
            }
        }
        Ok(())
    }
}
