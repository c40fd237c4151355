//! The Markdown exporter: a summary table of every result, then per result
//! its return table and exact figures.

use super::{
    percent, result_label, result_ranges, signed_percent, volatility_index, wager_title, Exporter,
};
use crate::analysis::provenance::Provenance;
use crate::money::group_thousands;
use crate::result::WagerResult;
use crate::rules::paytable::PayTable;
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
    /// The pay tables of the results, printed as submitted with their rule
    /// readings where given.
    pub tables: Vec<PayTable>,
}

/// The submission-report sections of one result: the pay table as
/// submitted with its source and rule readings, the cycle, the volatility
/// index and the range of the player's result after N hands.
fn submission_sections(
    r: &WagerResult,
    table: Option<&PayTable>,
    out: &mut dyn Write,
) -> io::Result<()> {
    if let Some(t) = table {
        writeln!(out, "\n### Pay table as submitted\n")?;
        for line in &t.lines {
            writeln!(
                out,
                "- {}: {}",
                line.hand.name(),
                cell(&line.award.to_string())
            )?;
        }
        writeln!(out, "\nSource: {}", cell(&t.source))?;
        if !t.notes.is_empty() {
            writeln!(out, "\n### Rule readings applied\n")?;
            for note in &t.notes {
                writeln!(out, "- {}", cell(note))?;
            }
        }
    }
    writeln!(out, "\n### Volatility\n")?;
    writeln!(
        out,
        "- cycle (equally likely outcomes counted): {}",
        group_thousands(r.outcomes)
    )?;
    writeln!(
        out,
        "- volatility index (VI = z·SD, z = 1.645 for 90%): {:.4}",
        volatility_index(r)
    )?;
    writeln!(
        out,
        "\nRange of the player's net result after N hands, in units wagered (the mean −N·edge is exact; the range is the normal approximation, mean ± z·SD·√N):\n"
    )?;
    writeln!(
        out,
        "| hands | mean | 90% low | 90% high | 95% low | 95% high |"
    )?;
    writeln!(out, "|---:|---:|---:|---:|---:|---:|")?;
    for (n, mean, ranges) in result_ranges(r) {
        writeln!(
            out,
            "| {} | {mean:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            group_thousands(n),
            ranges[0].0,
            ranges[0].1,
            ranges[1].0,
            ranges[1].1
        )?;
    }
    if r.game.is_some() {
        writeln!(
            out,
            "\nStrategy: the optimal strategy (at every decision, the action with the highest expected value given the player's cards and the board), computed exactly; frequencies of the final actions above."
        )?;
    }
    Ok(())
}

/// The provenance block at the end of a report.
fn provenance_block(p: &Provenance, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "\n---\n\n**Provenance.** {} {} (commit {}), {}; command: `{}`.\n",
        p.tool,
        p.tool_version,
        p.git_commit,
        p.date,
        cell(&p.command_line)
    )?;
    writeln!(out, "| pay table | from | SHA-256 |")?;
    writeln!(out, "|---|---|---|")?;
    for t in &p.paytables {
        writeln!(
            out,
            "| {} | {} | `{}` |",
            cell(&t.id),
            cell(&t.origin),
            t.sha256
        )?;
    }
    Ok(())
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
                    "| {} | {} | {} | {} | {} | `{}` |",
                    cell(&l.hand),
                    group_thousands(l.combinations),
                    l.probability.to_fixed(12),
                    cell(&l.pays),
                    signed_percent(&l.contribution),
                    l.contribution
                )?;
            }
            writeln!(
                out,
                "| total | {} | 1 | | {} | `{}` |\n",
                group_thousands(r.outcomes),
                signed_percent(&-r.house_edge.clone()),
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
            let table = self.tables.iter().find(|t| t.id == r.paytable);
            submission_sections(r, table, out)?;
        }
        if let Some(p) = &self.provenance {
            provenance_block(p, out)?;
        }
        Ok(())
    }
}
