//! The HTML renderer: one self-contained page (inline CSS and SVG, no
//! script, no link or image outside the file), made to be printed: nothing
//! is collapsed, a short table is not split across pages (a long one may
//! break, its header repeated, rather than leave a page mostly blank), a
//! heading stays with what follows it, and every printed page carries the
//! document's running head (one line: the pay tables and their SHA-256)
//! and "page n of N" (CSS `@page` margin boxes).
//!
//! Exact values stand beside their decimals in a monospace face, or behind
//! a decimal cell on hover (`title`).

use crate::report::document::{Align, Block, Document, Section, Span, Table, Text};
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
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 2em auto; max-width: 1100px; color: #1d2330; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 2px solid #d5dae3; padding-bottom: 0.2em; }
h3 { font-size: 1.1em; margin-top: 1.5em; }
h4 { font-size: 1em; margin-top: 1.2em; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { padding: 0.25em 0.6em; border-bottom: 1px solid #e3e7ee; text-align: right; vertical-align: top; }
th { background: #f1f4f8; }
td.text, th.text { text-align: left; }
.exact, code { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 0.85em; color: #4a5466; overflow-wrap: anywhere; }
ul.verdicts { list-style: none; padding-left: 0; }
.holds { color: #11703c; font-weight: 600; }
.fails { color: #b3261e; font-weight: 700; }
table.figures th { text-align: left; background: none; font-weight: 600; }
table.figures td { text-align: left; }
#certification td:empty { height: 2.2em; min-width: 10em; }
svg text { font-family: system-ui, sans-serif; }
footer { margin-top: 3em; font-size: 0.85em; color: #4a5466; border-top: 1px solid #d5dae3; }
@media print {
  body { margin: 0; max-width: none; font-size: 9pt; color: #000; }
  h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
  table, svg, pre { break-inside: avoid; page-break-inside: avoid; }
  table.long { break-inside: auto; page-break-inside: auto; }
  li, tr, div.keep { break-inside: avoid; page-break-inside: avoid; }
  svg { max-width: 100%; height: auto; }
}
";

/// Text for the inside of a CSS string in a `<style>` element: every
/// character but letters, digits, spaces and `-_.,:()/#$%+=|` (and
/// characters beyond ASCII) as a CSS hex escape (`\3c `), so that
/// neither the string (a quote, a backslash, a line break) nor the
/// element (`</style>`: no `<` is left) can be ended by the text.
fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let plain = c.is_ascii_alphanumeric() || " -_.,:()/#$%+=|".contains(c);
        if plain || (!c.is_ascii() && !c.is_control()) {
            out.push(c);
        } else {
            let _ = write!(out, "\\{:x} ", u32::from(c));
        }
    }
    out
}

/// The `@page` rules: the running head at the top of every printed page,
/// "page n of N" at the bottom.
fn page_style(running_head: Option<&str>) -> String {
    // The head wraps at about 120 characters a line (7pt on A4); the top
    // margin grows with its lines so that it never runs into the page.
    let lines = running_head.map_or(1, |h| h.chars().count() / 120 + 1);
    let top = 10 + 4 * lines;
    let mut css = format!("@page {{ size: A4; margin: {top}mm 14mm 16mm 14mm;\n");
    if let Some(head) = running_head {
        let quoted = css_string(head);
        let _ = writeln!(
            css,
            "  @top-left {{ content: \"{quoted}\"; font-family: sans-serif; font-size: 7pt; color: #333; }}"
        );
    }
    css.push_str(
        "  @bottom-right { content: \"page \" counter(page) \" of \" counter(pages); font-family: sans-serif; font-size: 8pt; }\n}\n",
    );
    css
}

/// Running text in HTML.
fn inline(text: &Text) -> String {
    text.0
        .iter()
        .map(|s| match s {
            Span::Text(t) => escape(t),
            Span::Exact(t) => format!("<span class=\"exact\">{}</span>", escape(t)),
            Span::Code(t) => format!("<code>{}</code>", escape(t)),
            Span::Strong(t) => format!("<strong>{}</strong>", escape(t)),
        })
        .collect()
}

fn class(align: Align) -> &'static str {
    match align {
        Align::Left => " class=\"text\"",
        Align::Right => "",
    }
}

/// The most rows of a table kept on one printed page: a longer one may
/// break (its header repeated), so that it leaves no page mostly blank.
const SHORT_TABLE_ROWS: usize = 15;

/// Whether a printed table of `rows` rows may break across pages (class
/// `long`): the rule of every table of the page, the charts' too.
pub fn breakable(rows: usize) -> bool {
    rows > SHORT_TABLE_ROWS
}

/// A table; its header row is a `<thead>`, which a browser repeats at the
/// top of every printed page the table runs onto.
fn table(h: &mut String, t: &Table) {
    if breakable(t.rows.len()) {
        h.push_str("<table class=\"long\">\n<thead><tr>");
    } else {
        h.push_str("<table>\n<thead><tr>");
    }
    for c in &t.columns {
        let _ = write!(h, "<th{}>{}</th>", class(c.align), escape(&c.name));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        h.push_str("<tr>");
        for (cell, c) in row.iter().zip(&t.columns) {
            let title = cell
                .exact
                .as_ref()
                .map_or(String::new(), |e| format!(" title=\"{}\"", escape(e)));
            let _ = write!(
                h,
                "<td{}{title}>{}</td>",
                class(c.align),
                inline(&cell.text)
            );
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table>\n");
}

fn block(h: &mut String, b: &Block) {
    match b {
        Block::Heading(level, text) => {
            let _ = writeln!(h, "<h{level}>{}</h{level}>", inline(text));
        }
        Block::Paragraph(text) => {
            let _ = writeln!(h, "<p>{}</p>", inline(text));
        }
        Block::Figures(_, figures) => {
            h.push_str("<table class=\"figures\">\n");
            for f in figures {
                let _ = writeln!(
                    h,
                    "<tr><th>{}</th><td>{}</td></tr>",
                    escape(&f.label),
                    inline(&f.value)
                );
            }
            h.push_str("</table>\n");
        }
        Block::Table(t) | Block::Rows(t) => table(h, t),
        Block::List(items) => {
            h.push_str("<ul>\n");
            for i in items {
                let _ = writeln!(h, "<li>{}</li>", inline(i));
            }
            h.push_str("</ul>\n");
        }
        Block::Verdicts(verdicts) => {
            h.push_str("<ul class=\"verdicts\">\n");
            for v in verdicts {
                let class = if v.holds { "holds" } else { "fails" };
                let _ = writeln!(
                    h,
                    "<li><span class=\"{class}\">{}</span>: {}</li>",
                    escape(&v.label),
                    inline(&v.claim)
                );
            }
            h.push_str("</ul>\n");
        }
        Block::Plot(svg) => {
            h.push_str(svg);
            h.push('\n');
        }
        Block::Preformatted(text) => {
            let _ = writeln!(h, "<pre>{}</pre>", escape(text));
        }
        Block::Rule => h.push_str("<hr>\n"),
        Block::Note(text) => {
            let _ = writeln!(h, "<p class=\"note\">{}</p>", inline(text));
        }
        Block::Entries(entries) => {
            h.push_str("<dl>\n");
            for e in &entries.items {
                let _ = writeln!(
                    h,
                    "<dt><code>{}</code> {}</dt>",
                    escape(&e.name),
                    inline(&e.value)
                );
                if let Some(detail) = &e.detail {
                    let _ = writeln!(h, "<dd>{}</dd>", inline(detail));
                }
            }
            h.push_str("</dl>\n");
        }
    }
}

fn section(h: &mut String, s: &Section) {
    match &s.id {
        Some(id) => {
            let _ = writeln!(h, "<section id=\"{}\">", escape(id));
        }
        None => h.push_str("<section>\n"),
    }
    // Printed, a heading stays on the page of what it introduces: the
    // heading, the headings and paragraphs under it and the first other
    // block, when short, are kept together.
    let blocks = &s.blocks;
    let mut i = 0;
    while i < blocks.len() {
        if !matches!(blocks[i], Block::Heading(..)) {
            block(h, &blocks[i]);
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < blocks.len()
            && matches!(
                blocks[end],
                Block::Heading(..) | Block::Paragraph(_) | Block::Note(_)
            )
        {
            end += 1;
        }
        if end < blocks.len() && short(&blocks[end]) {
            end += 1;
        }
        h.push_str("<div class=\"keep\">\n");
        for b in &blocks[i..end] {
            block(h, b);
        }
        h.push_str("</div>\n");
        i = end;
    }
    h.push_str("</section>\n");
}

/// Whether a block is short enough to keep on one printed page with the
/// heading before it.
fn short(b: &Block) -> bool {
    match b {
        Block::Table(t) | Block::Rows(t) => !breakable(t.rows.len()),
        Block::Figures(_, f) => f.len() <= SHORT_TABLE_ROWS,
        Block::List(items) => items.len() <= 6,
        Block::Verdicts(v) => v.len() <= 6,
        Block::Entries(e) => e.items.len() <= 6,
        Block::Preformatted(text) => text.lines().count() <= SHORT_TABLE_ROWS,
        Block::Heading(..) | Block::Paragraph(_) | Block::Note(_) | Block::Rule => true,
        Block::Plot(_) => false,
    }
}

/// Writes the document as one HTML page.
pub fn render(document: &Document, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    out.write_all(page(document).as_bytes())
}

/// The document as one HTML page.
fn page(document: &Document) -> String {
    let title = document.title.as_deref().unwrap_or("uth-edge");
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}{}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(title),
        page_style(document.running_head.as_deref()),
        escape(title)
    );
    for s in &document.sections {
        section(&mut h, s);
    }
    if let Some(p) = &document.provenance {
        let _ = writeln!(
            h,
            "<footer id=\"provenance\"><h2>Provenance</h2><p>{} {} (commit {}), {}; command: <code>{}</code></p>\n<table><tr><th class=\"text\">pay table</th><th class=\"text\">from</th><th class=\"text\">SHA-256</th></tr>",
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
        for f in &p.input_files {
            let _ = writeln!(
                h,
                "<tr><td class=\"text\">({})</td><td class=\"text\">{}</td><td class=\"text\"><code>{}</code></td></tr>",
                f.kind.words(),
                escape(&f.path),
                escape(&f.sha256)
            );
        }
        h.push_str("</table></footer>\n");
    }
    h.push_str("</body>\n</html>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::document::{Cell, Column};

    #[test]
    fn a_running_head_cannot_end_its_css_string_or_its_style_element() {
        // Fact (CSS Syntax 3, 4.3.5 and 4.3.7): a string ends at its quote
        // or a line break, and `\HEX ` is the character HEX; (HTML, raw
        // text elements) a `<style>` ends at the first `</style`.
        let hostile = "x\"</style><script>alert(1)</script>\\\n;}";
        let css = page_style(Some(hostile));
        let head = css.lines().nth(1).unwrap();
        assert!(!css.contains('<') && !css.contains('>'), "{css}");
        assert_eq!(head.matches('"').count(), 2, "{head}");
        assert!(head.contains(r#"content: "x\22 \3c /style\3e \3c script\3e alert(1)"#));
        assert!(head.contains(r#"\5c \a \3b \7d "; font-family"#), "{head}");
    }

    #[test]
    fn escape_leaves_no_markup() {
        assert_eq!(
            escape("<a href=\"x\">Tom's & co</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; co&lt;/a&gt;"
        );
    }

    #[test]
    fn a_heading_is_kept_with_what_it_introduces_and_a_long_table_may_break() {
        // Printed, a heading left at the foot of a page with its table
        // overleaf is a defect (issue 33): the heading, its paragraphs and a
        // short table are one unbreakable block; a long table may break.
        let t = |rows: usize| Table {
            columns: vec![Column::left("hand")],
            rows: vec![vec![Cell::plain("x")]; rows],
        };
        let s = Section {
            id: None,
            blocks: vec![
                Block::Heading(2, Text::plain("Part")),
                Block::Paragraph(Text::plain("intro")),
                Block::Table(t(3)),
                Block::Heading(3, Text::plain("Long")),
                Block::Table(t(SHORT_TABLE_ROWS + 1)),
            ],
        };
        let mut h = String::new();
        section(&mut h, &s);
        assert!(
            h.contains("<div class=\"keep\">\n<h2>Part</h2>\n<p>intro</p>\n<table>"),
            "{h}"
        );
        assert!(h.contains("</table>\n</div>\n<div class=\"keep\">\n<h3>Long</h3>\n</div>\n<table class=\"long\">"), "{h}");
        assert!(STYLE.contains("div.keep { break-inside: avoid;"));
        assert!(STYLE.contains("table.long { break-inside: auto;"));
    }

    #[test]
    fn a_table_header_repeats_on_each_printed_page_and_empty_cells_stay_narrow() {
        // Printed, a table cut by a page break shows its header again on
        // the next page only if the header is a <thead>; a blank cell (a
        // total row's "1 in") once took the certification block's 10em width.
        let t = Table {
            columns: vec![Column::left("hand"), Column::right("1 in")],
            rows: vec![vec![Cell::plain("Total"), Cell::plain("")]],
        };
        let mut h = String::new();
        table(&mut h, &t);
        assert!(
            h.starts_with("<table>\n<thead><tr><th class=\"text\">hand</th>"),
            "{h}"
        );
        assert!(h.contains("</tr></thead>\n<tbody>\n<tr>"), "{h}");
        assert!(!STYLE.lines().any(|l| l.starts_with("td:empty")));
        assert!(STYLE.contains("#certification td:empty"));
    }
}
