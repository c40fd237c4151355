//! The report's charts, as HTML fragments the HTML renderer places as they
//! are (plots of the document model): the house edge of every pay table
//! (SVG bars), the preflop strategy grid of each Blind table (a 13 x 13
//! table coloured by the optimal action, the exact EVs of every choice on
//! hover) and the base game's outcome distribution (SVG bars, log scale).
//! The other formats give the same figures as tables. Printed, what the
//! screen shows on hover is printed instead (`print` tables under each
//! chart: every hand's EVs, every bar's exact probability and outcomes),
//! and the words "hover ..." are left out (`screen`). A chart's heading,
//! words and picture are one block a printed page does not split
//! (`div.keep`, the renderer's); a printed table breaks, its header
//! repeated, when the renderer's rule calls it long (`long`).

use crate::analysis::catalog::GameEntry;
use crate::exact::game::Decision;
use crate::fraction::Fraction;
use crate::report::render::{breakable, escape};
use crate::report::{percent, result_label, wager_title, WagerResult};
use crate::rules::paytable::group_thousands;
use crate::strategy::oracle::grid_rank_name;
use std::fmt::Write;

/// The CSS of the charts (the strategy grid's colours).
pub const STYLE: &str = "
table.grid td { width: 3.3em; height: 2.3em; text-align: center; border: 1px solid #fff; font-size: 0.8em; padding: 0; cursor: default; }
table.grid td span { display: block; font-size: 0.8em; opacity: 0.8; }
table.grid th { background: none; border: none; }
td.raise_4x { background: #2e7d4f; color: #fff; }
td.raise_3x { background: #7cb342; color: #fff; }
td.check { background: #e8eaef; color: #1d2330; }
.legend span { display: inline-block; padding: 0.1em 0.6em; margin-right: 0.5em; border-radius: 3px; font-size: 0.85em; }
.games { display: flex; flex-wrap: wrap; gap: 2em; }
table.evs { font-size: 7pt; }
table.evs td { padding: 0.1em 0.4em; }
.print { display: none; }
@media print { td.raise_4x, td.raise_3x, td.check { -webkit-print-color-adjust: exact; print-color-adjust: exact; } .games { display: block; } table.grid { break-inside: avoid; } .screen { display: none; } p.legend, p.print, section[id^=\"outcomes-\"] > p { break-after: avoid; } .games { break-before: avoid; } section[id^=\"outcomes-\"] > p { break-inside: avoid; } span.print { display: inline; } p.print, section.print { display: block; } table.print { display: table; } }
";

/// The strategy grids of the Blind tables, with their legend.
pub fn strategy_grids(games: &[GameEntry]) -> String {
    let mut h = format!("<style>{STYLE}</style>\n");
    let _ = writeln!(h, "<h2>Preflop strategy</h2>");
    let _ = writeln!(
        h,
        "<p class=\"legend\">The optimal first decision for each starting hand: pairs on the diagonal, \
         suited hands above it, offsuit below. <span class=\"raise_4x\" style=\"background:#2e7d4f;color:#fff\">raise 4x</span>\
         <span style=\"background:#7cb342;color:#fff\">raise 3x</span>\
         <span style=\"background:#e8eaef\">check</span></p>\n\
         <p class=\"screen\">Hover a hand for the exact expected value (whole hand, per Ante) of each choice.</p>\n\
         <p class=\"print\">Under each grid, the exact expected value (whole hand, per Ante) of each choice for every hand.</p>\n\
         <div class=\"games\">"
    );
    for game in games {
        strategy_grid(&mut h, game);
    }
    let _ = writeln!(h, "</div>");
    h
}

/// The outcome distributions of the Blind tables.
pub fn outcome_charts(games: &[GameEntry]) -> String {
    let mut h = String::new();
    let _ = writeln!(h, "<h2>Base game outcome distribution</h2>");
    for game in games {
        outcome_chart(&mut h, game);
    }
    h
}

fn result_name(r: &WagerResult) -> String {
    result_label(r)
}

/// The HTML id of a result's section: `detail-` then this.
pub(crate) fn anchor(r: &WagerResult) -> String {
    let mut id = format!("{}-{}", r.wager, r.paytable);
    if let Some(a) = r.wager_amount.clone() {
        id.push('-');
        id.push_str(&a.to_string().replace('/', "_"));
    }
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Horizontal bars: house edge (dark) and element of risk (light) of
/// every result, grouped by wager, zero line for negative edges.
pub fn edge_chart(results: &[WagerResult]) -> String {
    let mut out = String::new();
    let h = &mut out;
    let groups = crate::analysis::compare::groups(results);
    let rows: usize = groups.iter().map(|g| g.rows.len() + 1).sum();
    let (label_w, bar_w, row_h) = (230.0, 760.0, 26.0);
    let width = label_w + bar_w + 90.0;
    let height = rows as f64 * row_h + 40.0;
    // Each wager's bars have their own scale (a 41% Progressive would
    // flatten Trips at 1% on a common one); every bar is labelled.
    let scale = |rows: &[&WagerResult]| {
        let values = rows
            .iter()
            .flat_map(|r| [r.house_edge.to_f64(), r.element_of_risk.to_f64()]);
        let max = values.clone().fold(0.0f64, f64::max).max(1e-9);
        let min = values.fold(0.0f64, f64::min);
        (min, max - min)
    };
    let _ = writeln!(
        h,
        "<section id=\"house-edges\">\n<div class=\"keep\">\n<h2>House edge by pay table</h2>\n\
         <p>Dark bars: house edge (base game per Ante); light bars: element of risk. Lowest first within each wager; each wager's bars on a scale of their own, the line marks zero.</p>\n\
         <svg role=\"img\" aria-label=\"house edge by pay table\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    );
    let mut y = 10.0;
    for g in &groups {
        let _ = writeln!(
            h,
            "<text x=\"4\" y=\"{:.1}\" font-weight=\"bold\" font-size=\"13\">{}</text>",
            y + 16.0,
            escape(&wager_title(g.wager))
        );
        y += row_h;
        let (min, span) = scale(&g.rows);
        let x = |v: f64| label_w + (v - min) / span * bar_w;
        let zero = x(0.0);
        let _ = writeln!(
            h,
            "<line x1=\"{zero:.1}\" y1=\"{:.1}\" x2=\"{zero:.1}\" y2=\"{:.1}\" stroke=\"#333\" stroke-width=\"1\"/>",
            y,
            y + g.rows.len() as f64 * row_h
        );
        for r in &g.rows {
            let (he, eor) = (r.house_edge.to_f64(), r.element_of_risk.to_f64());
            let _ = writeln!(
                h,
                "<text x=\"14\" y=\"{:.1}\" font-size=\"12\">{}</text>",
                y + 15.0,
                escape(&result_name(r))
            );
            for (v, f, dy, bh, color, what) in [
                (he, r.house_edge.clone(), 3.0, 11.0, "#2f5d9e", "house edge"),
                (
                    eor,
                    r.element_of_risk.clone(),
                    14.0,
                    7.0,
                    "#9db7de",
                    "element of risk",
                ),
            ] {
                let (x0, x1) = (x(0.0_f64.max(min).min(v)), x(v.max(0.0)));
                let _ = writeln!(
                    h,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh}\" fill=\"{color}\">\
                     <title>{} {}: {} = {}</title></rect>",
                    x0.min(x1),
                    y + dy,
                    (x1 - x0).abs().max(0.5),
                    escape(&result_name(r)),
                    what,
                    percent(f.clone()),
                    escape(&f.to_string())
                );
            }
            let _ = writeln!(
                h,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{}</text>",
                x(he.max(eor).max(0.0)) + 4.0,
                y + 13.0,
                percent(r.house_edge.clone())
            );
            y += row_h;
        }
    }
    let _ = writeln!(h, "</svg>\n</div>\n</section>");
    out
}

fn decision_class(d: Decision) -> &'static str {
    match d {
        Decision::Raise(a) if a.play() == 4 => "raise_4x",
        Decision::Raise(_) => "raise_3x",
        _ => "check",
    }
}

fn short(d: Decision) -> &'static str {
    match d {
        Decision::Raise(a) if a.play() == 4 => "4x",
        Decision::Raise(_) => "3x",
        _ => "check",
    }
}

fn strategy_grid(h: &mut String, game: &GameEntry) {
    let id = &game.table.id;
    let _ = writeln!(
        h,
        "<section id=\"strategy-{}\">\n<h3>Blind table {}</h3>\n<table class=\"grid\">\n<tr><th></th>",
        escape(id),
        escape(id)
    );
    for c in 0..13 {
        let _ = write!(h, "<th>{}</th>", grid_rank_name(c));
    }
    let _ = writeln!(h, "</tr>");
    for row in 0..13 {
        let _ = write!(h, "<tr><th>{}</th>", grid_rank_name(row));
        for col in 0..13 {
            match game.chart.iter().find(|c| c.row == row && c.col == col) {
                Some(class) => {
                    let evs: Vec<String> = class
                        .options
                        .iter()
                        .map(|(d, ev)| {
                            format!(
                                "{}: {:+.6} = {}",
                                d.name().replace('_', " "),
                                ev.to_f64(),
                                ev
                            )
                        })
                        .collect();
                    let title = format!(
                        "{} ({} combinations)\n{}\nbest: {}",
                        class.name,
                        class.combinations,
                        evs.join("\n"),
                        class.best.name().replace('_', " ")
                    );
                    let _ = write!(
                        h,
                        "<td class=\"{}\" title=\"{}\">{}<span>{}</span></td>",
                        decision_class(class.best),
                        escape(&title),
                        escape(&class.name),
                        short(class.best)
                    );
                }
                None => {
                    let _ = write!(h, "<td></td>");
                }
            }
        }
        let _ = writeln!(h, "</tr>");
    }
    let _ = writeln!(h, "</table>\n</section>");
    chart_values(h, game);
}

/// What the strategy grid shows on hover, as a table printed instead:
/// each hand's combinations, best choice and the exact expected value of
/// each choice.
fn chart_values(h: &mut String, game: &GameEntry) {
    let Some(first) = game.chart.first() else {
        return;
    };
    let _ = write!(
        h,
        "<section class=\"print\" id=\"strategy-values-{}\">\n<h4>Blind table {}: each hand's expected values (whole hand, per Ante)</h4>\n\
         {}\n<thead><tr><th class=\"text\">hand</th><th>combinations</th><th class=\"text\">best</th>",
        escape(&game.table.id),
        escape(&game.table.id),
        printed_table(game.chart.len())
    );
    for (d, _) in &first.options {
        let _ = write!(h, "<th>{}</th>", escape(&d.name().replace('_', " ")));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for class in &game.chart {
        let _ = write!(
            h,
            "<tr><td class=\"text\">{}</td><td>{}</td><td class=\"text\">{}</td>",
            escape(&class.name),
            class.combinations,
            short(class.best)
        );
        for (_, ev) in &class.options {
            let _ = write!(
                h,
                "<td>{:+.6} = <span class=\"exact\">{}</span></td>",
                ev.to_f64(),
                escape(&ev.to_string())
            );
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table>\n</section>\n");
}

/// The return table folded by net result: `(net, probability, outcomes)`.
fn distribution(game: &GameEntry) -> Vec<(Fraction, Fraction, Vec<String>)> {
    let s = &game.summary;
    let mut points: Vec<(Fraction, Fraction, Vec<String>)> = Vec::new();
    for line in &s.return_table {
        let net = line.net.total();
        let p = s.probability(line);
        match points.iter_mut().find(|(n, _, _)| *n == net) {
            Some((_, q, names)) => {
                *q = &*q + p;
                names.push(line.description());
            }
            None => points.push((net, p, vec![line.description()])),
        }
    }
    points.sort_by_key(|(n, _, _)| n.clone());
    points
}

fn outcome_chart(h: &mut String, game: &GameEntry) {
    let id = &game.table.id;
    let points = distribution(game);
    let (left, top, plot_w, plot_h) = (70.0, 20.0, 1100.0, 300.0);
    let width = left + plot_w + 20.0;
    let height = top + plot_h + 70.0;
    // Log scale from 1e-8 to 1.
    let (lo, hi) = (-8.0f64, 0.0f64);
    let y = |p: f64| top + (hi - p.max(1e-300).log10().clamp(lo, hi)) / (hi - lo) * plot_h;
    let slot = plot_w / points.len().max(1) as f64;
    let _ = writeln!(
        h,
        "<section id=\"outcomes-{}\">\n<div class=\"keep\">\n<h3>Blind table {}: net result per hand (Antes) and its probability</h3>\n\
         <p>{} distinct net results over {} deals (Ante + Blind + Play under the optimal strategy); probability on a log scale. \
         <span class=\"screen\">Hover a bar for the exact probability and the outcomes it collects.</span>\
         <span class=\"print\">Under the chart, each bar's exact probability and the outcomes it collects.</span> \
         Expected net result {:+.6} Antes = {}.</p>\n\
         <svg role=\"img\" aria-label=\"outcome distribution\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">",
        escape(id),
        escape(id),
        points.len(),
        group_thousands(game.summary.sequences),
        game.summary.expected_value.to_f64(),
        escape(&game.summary.expected_value.to_string()),
    );
    for e in (lo as i32)..=(hi as i32) {
        let yy = y(10f64.powi(e));
        let _ = writeln!(
            h,
            "<line x1=\"{left}\" y1=\"{yy:.1}\" x2=\"{:.1}\" y2=\"{yy:.1}\" stroke=\"#e3e7ee\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">1e{e}</text>",
            left + plot_w,
            left - 6.0,
            yy + 4.0
        );
    }
    for (i, (net, p, names)) in points.iter().enumerate() {
        let x = left + i as f64 * slot;
        let top_y = y(p.to_f64());
        let color = if net.is_positive() {
            "#2e7d4f"
        } else if net.is_zero() {
            "#8a93a3"
        } else {
            "#b3261e"
        };
        let _ = writeln!(
            h,
            "<rect x=\"{:.1}\" y=\"{top_y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{color}\">\
             <title>net {}: probability {:.10} = {}\n{}</title></rect>",
            x + 1.0,
            (slot - 2.0).max(1.0),
            (top + plot_h - top_y).max(0.5),
            signed(net.clone()),
            p.to_f64(),
            p,
            escape(&names.join("\n"))
        );
        let _ = writeln!(
            h,
            "<text transform=\"translate({:.1},{:.1}) rotate(-60)\" font-size=\"10\" text-anchor=\"end\">{}</text>",
            x + slot / 2.0 + 3.0,
            top + plot_h + 10.0,
            escape(&signed(net.clone()))
        );
    }
    let _ = writeln!(
        h,
        "<line x1=\"{left}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#333\"/>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">net result (Antes)</text>\n</svg>\n</div>\n</section>",
        top + plot_h,
        left + plot_w,
        top + plot_h,
        left + plot_w / 2.0,
        height - 4.0
    );
    // What the bars show on hover, printed instead.
    let section_end = h.rfind("</section>").unwrap_or(h.len());
    let mut values = format!(
        "{}\n<thead><tr><th>net (Antes)</th><th>probability</th><th class=\"text\">outcomes</th></tr></thead>\n<tbody>\n",
        printed_table(points.len())
    );
    for (net, p, names) in &points {
        let _ = writeln!(
            values,
            "<tr><td>{}</td><td>{:.10} = <span class=\"exact\">{}</span></td><td class=\"text\">{}</td></tr>",
            escape(&signed(net.clone())),
            p.to_f64(),
            escape(&p.to_string()),
            escape(&names.join("; "))
        );
    }
    values.push_str("</tbody>\n</table>\n");
    h.insert_str(section_end, &values);
}

/// The opening tag of a table printed in place of a chart's hover, of
/// `rows` rows: breakable by the renderer's rule, as any table of the page.
fn printed_table(rows: usize) -> &'static str {
    if breakable(rows) {
        "<table class=\"print evs long\">"
    } else {
        "<table class=\"print evs\">"
    }
}

fn signed(f: Fraction) -> String {
    if f.is_positive() {
        format!("+{f}")
    } else {
        f.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_printed_table_may_break_as_the_renderer_says() {
        // Issue 33: the outcome chart's 32 rows (blind-a's distinct net
        // results) and the grid's 169 hands were kept whole, moving the
        // table overleaf and leaving pages mostly blank.
        for rows in [32, 169] {
            assert!(breakable(rows));
            assert_eq!(printed_table(rows), "<table class=\"print evs long\">");
        }
        assert!(!breakable(3));
        assert_eq!(printed_table(3), "<table class=\"print evs\">");
    }
}
