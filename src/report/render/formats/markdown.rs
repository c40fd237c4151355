//! The Markdown renderer (GitHub-flavoured): blocks one blank line apart,
//! headings by level, tables with aligned columns, exact values and code in
//! backticks, the provenance last.

use crate::report::document::{Align, Block, Document, Span, Table, Text};
use std::io::{self, Write};

/// A Markdown table cell or running text: `|` escaped, no line breaks,
/// and no markup a Markdown viewer would run: a backslash escaped first
/// (so that `\<` cannot undo the escape of `<`), `<` and `&` escaped (no
/// raw HTML, no entity), `](` too (no link, such as to `javascript:`).
fn escaped(text: &str) -> String {
    code(&text.replace('\\', "\\\\"))
        .replace('&', "\\&")
        .replace('<', "\\<")
        .replace("](", "\\](")
}

/// The inside of a code span (where a backslash is shown, not an escape,
/// and nothing is markup): `|` escaped (a table cell would end there), no
/// line breaks.
fn code(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// A code span of `text`: between single backticks, or, where the text
/// holds backticks (which would close a single-backtick span and let the
/// rest be read as Markdown), between a run of backticks longer than any
/// in it, padded with spaces (CommonMark's rule).
fn code_span(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    if longest == 0 {
        return format!("`{}`", code(text));
    }
    let fence = "`".repeat(longest + 1);
    format!("{fence} {} {fence}", code(text))
}

/// Running text in Markdown.
fn inline(text: &Text) -> String {
    text.0
        .iter()
        .map(|s| match s {
            Span::Text(t) => escaped(t),
            Span::Exact(t) | Span::Code(t) => code_span(t),
            Span::Strong(t) => format!("**{}**", escaped(t)),
        })
        .collect()
}

/// A table row: `| a | b |`, an empty cell as `| |`.
fn row(cells: impl Iterator<Item = String>) -> String {
    let mut text = String::from("|");
    for cell in cells {
        if cell.is_empty() {
            text.push_str(" |");
        } else {
            text.push_str(&format!(" {cell} |"));
        }
    }
    text
}

fn table(t: &Table) -> String {
    let mut lines = vec![row(t.columns.iter().map(|c| escaped(&c.name)))];
    let rule: String = t
        .columns
        .iter()
        .map(|c| match c.align {
            Align::Left => "---|",
            Align::Right => "---:|",
        })
        .collect();
    lines.push(format!("|{rule}"));
    for cells in &t.rows {
        lines.push(row(cells.iter().map(|c| inline(&c.text))));
    }
    lines.join("\n")
}

/// One block's Markdown, without the blank line that follows it.
fn block(b: &Block) -> Option<String> {
    Some(match b {
        Block::Heading(level, text) => {
            format!(
                "{} {}",
                "#".repeat(*level as usize),
                escaped(&text.to_plain())
            )
        }
        Block::Paragraph(text) => inline(text),
        Block::Figures(_, figures) => figures
            .iter()
            .map(|f| format!("- {}: {}", escaped(&f.label), inline(&f.value)))
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Table(t) | Block::Rows(t) => table(t),
        Block::List(items) => items
            .iter()
            .map(|i| format!("- {}", inline(i)))
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Verdicts(verdicts) => verdicts
            .iter()
            .map(|v| format!("- **{}**: {}", escaped(&v.label), inline(&v.claim)))
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Preformatted(text) => format!("```text\n{}```", text),
        Block::Note(text) => inline(text),
        Block::Entries(entries) => entries
            .items
            .iter()
            .map(|e| {
                let detail = e
                    .detail
                    .as_ref()
                    .map_or(String::new(), |d| format!(" ({})", inline(d)));
                format!("- {}: {}{detail}", code_span(&e.name), inline(&e.value))
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Plot(_) => return None,
        Block::Rule => "---".to_string(),
    })
}

/// Writes the document as Markdown.
pub fn render(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    let mut blocks: Vec<String> = Vec::new();
    if let Some(title) = &document.title {
        blocks.push(format!("# {}", escaped(title)));
    }
    blocks.extend(document.blocks().filter_map(block));
    if let Some(p) = &document.provenance {
        blocks.push("## Provenance".to_string());
        blocks.push(format!(
            "{} {} (commit {}), {}; command: {}.",
            p.tool,
            p.tool_version,
            p.git_commit,
            p.date,
            code_span(&p.command_line)
        ));
        let mut t = String::from("| pay table | from | SHA-256 |\n|---|---|---|");
        for s in &p.paytables {
            t.push_str(&format!(
                "\n| {} | {} | `{}` |",
                escaped(&s.id),
                escaped(&s.origin),
                s.sha256
            ));
        }
        for f in &p.input_files {
            t.push_str(&format!(
                "\n| ({}) | {} | `{}` |",
                f.kind.words(),
                escaped(&f.path),
                f.sha256
            ));
        }
        blocks.push(t);
    }
    for (i, text) in blocks.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{text}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backslash_cannot_undo_an_escape() {
        // CommonMark: `\\` is a literal backslash, so `\<` written as
        // `\\<` would leave `<` raw; every `<` must follow an odd run of
        // backslashes.
        let out = escaped("\\<script>\\](javascript:x)");
        for (i, _) in out.match_indices('<').chain(out.match_indices("](")) {
            let run = out[..i].chars().rev().take_while(|&c| c == '\\').count();
            assert_eq!(run % 2, 1, "{out}");
        }
    }

    #[test]
    fn a_backtick_cannot_close_a_code_span() {
        // CommonMark: a code span ends at a run of backticks as long as
        // its opening run; the text's own runs must all be shorter.
        let text = "r`<img src=x>``.md";
        let out = code_span(text);
        let fence = out.chars().take_while(|&c| c == '`').count();
        assert_eq!(fence, 3, "{out}");
        assert!(out.ends_with(&"`".repeat(fence)), "{out}");
        assert_eq!(code_span("plain"), "`plain`");
    }
}
