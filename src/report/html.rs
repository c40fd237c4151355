//! The HTML report: one self-contained file (inline CSS and SVG, no script,
//! no link or image outside the file), for people who read figures in a
//! browser rather than a terminal.
//!
//! Sections, each an element with a fixed `id` (the tests look for them):
//! - `summary`: every result, with its house edge, element of risk,
//!   standard deviation and hit frequency, exact fractions on hover and in
//!   the details;
//! - `published`: the published figures and the verdict of `uth-edge check`;
//! - `house-edges`: an SVG bar chart of the house edge and element of risk
//!   of every pay table, grouped by wager;
//! - `strategy-<table>`: the 13 x 13 preflop grid of each Blind table,
//!   coloured by the optimal action, the exact EVs of every choice on hover
//!   (`title` attributes);
//! - `outcomes-<table>`: the base game's outcome distribution, net result
//!   against probability (log scale), as SVG bars;
//! - `details`: the full line table of every result.
//!
//! The output is deterministic (no date), so a committed report diffs
//! cleanly.

use crate::analysis::catalog::{Catalog, GameEntry};
use crate::analysis::check::{self, Verdict};
use crate::exact::game::Decision;
use crate::fraction::Fraction;
use crate::report::{percent, result_label, signed_percent, wager_title, WagerResult};
use crate::report::{result_ranges, volatility_index, ExportContext};
use crate::rules::paytable::group_thousands;
use crate::rules::paytable::PayTable;
use crate::strategy::oracle::grid_rank_name;
use std::fmt::Write;

/// Text escaped for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 2em auto; max-width: 1300px; color: #1d2330; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 2px solid #d5dae3; padding-bottom: 0.2em; }
h3 { font-size: 1.05em; margin-top: 1.5em; }
p.lead { color: #4a5466; margin-top: 0; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { padding: 0.25em 0.6em; border-bottom: 1px solid #e3e7ee; text-align: right; }
th { background: #f1f4f8; }
td.text, th.text { text-align: left; }
code, .exact { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 0.85em; color: #4a5466; }
.verdict-reproduced { color: #11703c; font-weight: 600; }
.verdict-not_reproduced { color: #b3261e; font-weight: 700; }
.verdict-known_discrepancy { color: #9a5b00; font-weight: 700; }
.discrepancy { background: #fff4e0; border-left: 4px solid #e39b1b; padding: 0.5em 0.8em; margin: 0.4em 0; }
table.grid td { width: 3.3em; height: 2.3em; text-align: center; border: 1px solid #fff; font-size: 0.8em; padding: 0; cursor: default; }
table.grid td span { display: block; font-size: 0.8em; opacity: 0.8; }
table.grid th { background: none; border: none; }
td.raise_4x { background: #2e7d4f; color: #fff; }
td.raise_3x { background: #7cb342; color: #fff; }
td.check { background: #e8eaef; color: #1d2330; }
.legend span { display: inline-block; padding: 0.1em 0.6em; margin-right: 0.5em; border-radius: 3px; font-size: 0.85em; }
svg text { font-family: system-ui, sans-serif; }
details { margin: 0.4em 0; }
summary { cursor: pointer; }
.games { display: flex; flex-wrap: wrap; gap: 2em; }
footer { margin-top: 3em; font-size: 0.85em; color: #4a5466; border-top: 1px solid #d5dae3; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; color: #000; }
  h2 { page-break-after: avoid; }
  section, table, svg, .games { page-break-inside: avoid; }
  details { display: block; }
  details > * { display: block; }
  summary { list-style: none; font-weight: 600; }
  td.raise_4x, td.raise_3x, td.check { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
";

/// The whole report as one HTML document.
pub fn render(catalog: &Catalog) -> String {
    render_with(catalog, &ExportContext::default())
}

/// The whole report as one HTML document: with the pay tables of the
/// context as submitted in each result's details, and its provenance at
/// the end.
pub fn render_with(catalog: &Catalog, context: &ExportContext) -> String {
    render_with_sections(catalog, context, &[])
}

/// [`render_with`], with extra sections (complete HTML, such as
/// [`super::player_dealer::html_section`]) placed before the details.
pub fn render_with_sections(
    catalog: &Catalog,
    context: &ExportContext,
    sections: &[String],
) -> String {
    let provenance = context.provenance.as_ref();
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>uth-edge report</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>Ultimate Texas Hold'em: exact house edge of every wager</h1>\n\
         <p class=\"lead\">Computed by uth-edge {} by enumerating every deal; every figure is an exact fraction \
         (shown on hover and in the details), decimals are for reading. House edge and element of risk are \
         fractions of the amount wagered: for the base game, per Ante.</p>\n",
        env!("CARGO_PKG_VERSION")
    );
    summary(&mut h, &catalog.results);
    published(&mut h, catalog);
    edge_chart(&mut h, &catalog.results);
    if !catalog.games.is_empty() {
        let _ = writeln!(h, "<h2>Preflop strategy</h2>");
        let _ = writeln!(
            h,
            "<p class=\"legend\">The optimal first decision for each starting hand: pairs on the diagonal, \
             suited hands above it, offsuit below. <span class=\"raise_4x\" style=\"background:#2e7d4f;color:#fff\">raise 4x</span>\
             <span style=\"background:#7cb342;color:#fff\">raise 3x</span>\
             <span style=\"background:#e8eaef\">check</span> Hover a hand for the exact expected value \
             (whole hand, per Ante) of each choice.</p>\n<div class=\"games\">"
        );
        for game in &catalog.games {
            strategy_grid(&mut h, game);
        }
        let _ = writeln!(h, "</div>");
        let _ = writeln!(h, "<h2>Base game outcome distribution</h2>");
        for game in &catalog.games {
            outcome_chart(&mut h, game);
        }
    }
    for section in context.leak_section.iter().chain(sections) {
        h.push_str(section);
    }
    details(&mut h, &catalog.results, &context.tables);
    if let Some(p) = provenance {
        let _ = writeln!(
            h,
            "<footer><p><strong>Provenance.</strong> {} {} (commit {}), {}; command: <code>{}</code></p>\n<table><tr><th class=\"text\">pay table</th><th class=\"text\">from</th><th class=\"text\">SHA-256</th></tr>",
            escape(&p.tool),
            escape(&p.tool_version),
            escape(&p.git_commit),
            escape(&p.date),
            escape(&p.command_line)
        );
        for t in &p.paytables {
            let _ = writeln!(
                h,
                "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td><td class=\"text\"><code>{}</code></td></tr>",
                escape(&t.id),
                escape(&t.origin),
                escape(&t.sha256)
            );
        }
        let _ = writeln!(h, "</table></footer>");
    }
    let _ = writeln!(h, "</body>\n</html>");
    h
}

fn result_name(r: &WagerResult) -> String {
    result_label(r)
}

/// A percentage with its exact fraction on hover.
fn figure_cell(f: Fraction) -> String {
    format!(
        "<td title=\"{} = {}\">{}</td>",
        escape(&f.to_string()),
        f.to_f64(),
        percent(f)
    )
}

fn summary(h: &mut String, results: &[WagerResult]) {
    let _ = writeln!(
        h,
        "<section id=\"summary\">\n<h2>Summary</h2>\n<table>\n<tr><th class=\"text\">wager</th>\
         <th class=\"text\">pay table</th><th class=\"text\">title</th><th>house edge</th>\
         <th>element of risk</th><th>std deviation</th><th>hit frequency</th>\
         <th class=\"text\">house edge, exact</th></tr>"
    );
    for r in results {
        let _ = writeln!(
            h,
            "<tr><td class=\"text\">{}</td><td class=\"text\"><a href=\"#detail-{}\">{}</a></td>\
             <td class=\"text\">{}</td>{}{}<td title=\"variance {}\">{:.4}</td>{}\
             <td class=\"text exact\">{}</td></tr>",
            escape(&wager_title(&r.wager)),
            escape(&anchor(r)),
            escape(&result_name(r)),
            escape(&r.title),
            figure_cell(r.house_edge.clone()),
            figure_cell(r.element_of_risk.clone()),
            escape(&r.variance.to_string()),
            r.std_dev(),
            figure_cell(r.hit_frequency.clone()),
            escape(&r.house_edge.to_string()),
        );
    }
    let _ = writeln!(h, "</table>\n</section>");
}

fn anchor(r: &WagerResult) -> String {
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

fn published(h: &mut String, catalog: &Catalog) {
    let _ = writeln!(
        h,
        "<section id=\"published\">\n<h2>Published figures</h2>\n\
         <p>Each figure the pay tables' documents print, against every standard definition \
         (as <code>uth-edge check</code> does), rounded as printed.</p>"
    );
    match check::check(catalog) {
        Err(e) => {
            let _ = writeln!(
                h,
                "<p class=\"verdict-not_reproduced\">{}</p>",
                escape(&e.to_string())
            );
        }
        Ok(checks) if checks.is_empty() => {
            let _ = writeln!(h, "<p>No published figures.</p>");
        }
        Ok(checks) => {
            let _ = writeln!(
                h,
                "<table>\n<tr><th class=\"text\">pay table</th><th class=\"text\">figure</th>\
                 <th>published</th><th class=\"text\">verdict</th><th class=\"text\">definition(s) or nearest</th></tr>"
            );
            for c in &checks {
                let shown: Vec<String> = match c.verdict {
                    Verdict::Reproduced => c
                        .reproduced_by()
                        .iter()
                        .map(|k| format!("{} = {}", k.id, percent(k.value.clone())))
                        .collect(),
                    _ => c
                        .candidates
                        .iter()
                        .filter(|k| k.own)
                        .take(3)
                        .map(|k| format!("{} = {}", k.id, percent(k.value.clone())))
                        .collect(),
                };
                let _ = writeln!(
                    h,
                    "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td><td>{}</td>\
                     <td class=\"text verdict-{}\">{}</td><td class=\"text\">{}</td></tr>",
                    escape(&c.paytable),
                    escape(&c.figure.name),
                    escape(&c.figure.value),
                    c.verdict.name(),
                    c.verdict.label(),
                    escape(&shown.join("; ")),
                );
                if let Some(why) = &c.figure.known_discrepancy {
                    let _ = writeln!(
                        h,
                        "<tr><td colspan=\"5\" class=\"text\"><div class=\"discrepancy\"><b>Known discrepancy ({}, {}):</b> {}</div></td></tr>",
                        escape(&c.paytable),
                        escape(&c.figure.value),
                        escape(why)
                    );
                }
            }
            let _ = writeln!(h, "</table>");
        }
    }
    let _ = writeln!(h, "</section>");
}

/// Horizontal bars: house edge (dark) and element of risk (light) of
/// every result, grouped by wager, zero line for negative edges.
fn edge_chart(h: &mut String, results: &[WagerResult]) {
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
        "<section id=\"house-edges\">\n<h2>House edge by pay table</h2>\n\
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
    let _ = writeln!(h, "</svg>\n</section>");
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
        "<section id=\"outcomes-{}\">\n<h3>Blind table {}: net result per hand (Antes) and its probability</h3>\n\
         <p>{} distinct net results over {} deals (Ante + Blind + Play under the optimal strategy); probability on a log scale. \
         Hover a bar for the exact probability and the outcomes it collects. Expected net result {:+.6} Antes = {}.</p>\n\
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
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">net result (Antes)</text>\n</svg>\n</section>",
        top + plot_h,
        left + plot_w,
        top + plot_h,
        left + plot_w / 2.0,
        height - 4.0
    );
}

fn signed(f: Fraction) -> String {
    if f.is_positive() {
        format!("+{f}")
    } else {
        f.to_string()
    }
}

/// A result's submission-report figures: the pay table as submitted with
/// its source and rule readings, the cycle, the volatility index and the
/// range of the player's result after N hands.
fn submission(h: &mut String, r: &WagerResult, table: Option<&PayTable>) {
    if let Some(t) = table {
        let _ = writeln!(h, "<h3>Pay table as submitted</h3>\n<table>");
        for line in &t.lines {
            let _ = writeln!(
                h,
                "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td></tr>",
                escape(&line.hand.name()),
                escape(&line.award.to_string())
            );
        }
        let _ = writeln!(h, "</table>\n<p>Source: {}</p>", escape(&t.source));
        if !t.notes.is_empty() {
            let _ = writeln!(h, "<h3>Rule readings applied</h3>\n<ul>");
            for note in &t.notes {
                let _ = writeln!(h, "<li>{}</li>", escape(note));
            }
            let _ = writeln!(h, "</ul>");
        }
    }
    let _ = writeln!(
        h,
        "<p>Cycle (equally likely outcomes counted): {}. Volatility index (VI = z·SD, z = 1.645 for 90%): {:.4}.</p>\n\
         <p>Range of the player's net result after N hands, in units wagered (mean exact, range by the normal approximation):</p>\n\
         <table><tr><th>hands</th><th>mean</th><th>90% low</th><th>90% high</th><th>95% low</th><th>95% high</th></tr>",
        group_thousands(r.outcomes),
        volatility_index(r)
    );
    for (n, mean, ranges) in result_ranges(r) {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{mean:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td></tr>",
            group_thousands(n),
            ranges[0].0,
            ranges[0].1,
            ranges[1].0,
            ranges[1].1
        );
    }
    let _ = writeln!(h, "</table>");
}

fn details(h: &mut String, results: &[WagerResult], tables: &[PayTable]) {
    let _ = writeln!(h, "<section id=\"details\">\n<h2>Details</h2>");
    for r in results {
        let _ = writeln!(
            h,
            "<details id=\"detail-{}\"><summary><b>{}</b> -- pay table {}: {} (house edge {})</summary>",
            escape(&anchor(r)),
            escape(&wager_title(&r.wager)),
            escape(&result_name(r)),
            escape(&r.title),
            percent(r.house_edge.clone())
        );
        let _ = writeln!(
            h,
            "<table>\n<tr><th class=\"text\">hand</th><th>combinations</th><th>probability</th>\
             <th class=\"text\">pays</th><th>return</th><th class=\"text\">return, exact</th></tr>"
        );
        for l in &r.lines {
            let _ = writeln!(
                h,
                "<tr><td class=\"text\">{}</td><td>{}</td><td title=\"{}\">{}</td>\
                 <td class=\"text\">{}</td><td>{}</td><td class=\"text exact\">{}</td></tr>",
                escape(&l.hand),
                group_thousands(l.combinations),
                escape(&l.probability.to_string()),
                l.probability.to_fixed(12),
                escape(&l.pays),
                signed_percent(&l.contribution),
                escape(&l.contribution.to_string())
            );
        }
        let _ = writeln!(
            h,
            "</table>\n<p class=\"exact\">house edge {} = {}; element of risk {} = {}; \
             variance {}; hit frequency {} = {}</p>",
            percent(r.house_edge.clone()),
            escape(&r.house_edge.to_string()),
            percent(r.element_of_risk.clone()),
            escape(&r.element_of_risk.to_string()),
            escape(&r.variance.to_string()),
            percent(r.hit_frequency.clone()),
            escape(&r.hit_frequency.to_string())
        );
        if let Some(g) = &r.game {
            let _ = writeln!(
                h,
                "<p class=\"exact\">house edge per initial wager (Ante + Blind) {} = {}; average total wager {:.6} = {} Antes</p>",
                percent(g.house_edge_per_initial_wager.clone()),
                escape(&g.house_edge_per_initial_wager.to_string()),
                g.average_total_wager.to_f64(),
                escape(&g.average_total_wager.to_string())
            );
        }
        submission(h, r, tables.iter().find(|t| t.id == r.paytable));
        let _ = writeln!(h, "</details>");
    }
    let _ = writeln!(h, "</section>");
}
