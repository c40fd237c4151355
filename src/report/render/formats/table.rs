//! The text renderer: aligned text for a terminal. Sections are separated
//! by a blank line; a table is indented two spaces, its columns two spaces
//! apart (unless a column says otherwise), each as wide as its widest cell
//! (or its least width); figures
//! under a table line up with its first column.
//!
//! A document's terminal form ([`Document::terminal`], the submission
//! report's) is what a user reads first on a terminal: its running text
//! (paragraphs, notes, list items, the values of loose figures) is wrapped
//! at word boundaries to [`TERMINAL_WIDTH`] columns, loose figures' names
//! line up, and a heading inside a section, or a paragraph after another,
//! has a blank line before it.
//! Tables are not wrapped: a wider one wraps by design (or is read with
//! `--format`). Other documents print as they always have.

use crate::report::document::{Align, Block, Document, FigureLayout, Table, Text};
use std::io::{self, Write};

/// The text of running text: no marking.
fn plain(text: &Text) -> String {
    text.to_plain()
}

/// The width the terminal form's running text is wrapped to: a normal
/// terminal.
pub const TERMINAL_WIDTH: usize = 100;

/// `text` in lines of at most `width` characters (a word longer than that
/// alone on its line), the first starting with `first`, the others with
/// `rest`, broken at spaces.
fn wrapped(text: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let needed = line.chars().count() + usize::from(!empty) + word.chars().count();
        if !empty && needed > width {
            lines.push(std::mem::replace(&mut line, rest.to_string()));
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    lines.push(line);
    lines
}

/// Writes `text` after `first`, wrapped to `width` when given (the
/// following lines start with `rest`), else on one line.
fn running(
    out: &mut dyn Write,
    text: &str,
    width: Option<usize>,
    first: &str,
    rest: &str,
) -> io::Result<()> {
    match width {
        Some(width) => {
            for line in wrapped(text, width, first, rest) {
                writeln!(out, "{line}")?;
            }
            Ok(())
        }
        None => writeln!(out, "{first}{text}"),
    }
}

/// The width of each column of `table` (its name counts when `header`).
fn widths(table: &Table, header: bool) -> Vec<usize> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            table
                .rows
                .iter()
                .filter_map(|row| row.get(i))
                .map(|cell| plain(&cell.text).chars().count())
                .chain([if header { c.name.chars().count() } else { 0 }, c.min_width])
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// One line of a table: `cells` padded to `widths`.
fn line(table: &Table, widths: &[usize], cells: &[String]) -> String {
    let mut text = String::new();
    for (i, (cell, column)) in cells.iter().zip(&table.columns).enumerate() {
        text.push_str(&" ".repeat(column.gap));
        let pad = " ".repeat(widths[i].saturating_sub(cell.chars().count()));
        match column.align {
            Align::Left => {
                text.push_str(cell);
                text.push_str(&pad);
            }
            Align::Right => {
                text.push_str(&pad);
                text.push_str(cell);
            }
        }
    }
    // A left-aligned last column leaves no trailing spaces.
    text.truncate(text.trim_end().len());
    text
}

/// Writes a table (with its header line when `header`); returns its first
/// column's width.
fn table(table: &Table, header: bool, out: &mut dyn Write) -> io::Result<usize> {
    let widths = widths(table, header);
    if header {
        let names: Vec<String> = table.columns.iter().map(|c| c.name.clone()).collect();
        writeln!(out, "{}", line(table, &widths, &names))?;
    }
    for row in &table.rows {
        let cells: Vec<String> = row.iter().map(|c| plain(&c.text)).collect();
        writeln!(out, "{}", line(table, &widths, &cells))?;
    }
    Ok(widths.first().copied().unwrap_or(0))
}

/// Writes the document as aligned text.
/// A document with a terminal form ([`Document::terminal`]) is printed in
/// it, without the title.
pub fn render(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    let (sections, width) = match &document.terminal {
        Some(sections) => (sections, Some(TERMINAL_WIDTH)),
        None => {
            if let Some(title) = &document.title {
                writeln!(out, "{title}\n")?;
            }
            (&document.sections, None)
        }
    };
    for (i, section) in sections.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let mut first_column = 0;
        for (j, block) in section.blocks.iter().enumerate() {
            match block {
                Block::Heading(_, text) => {
                    if j > 0 && width.is_some() {
                        writeln!(out)?;
                    }
                    writeln!(out, "{}", plain(text))?
                }
                Block::Paragraph(text) => {
                    let after_paragraph =
                        j > 0 && matches!(section.blocks[j - 1], Block::Paragraph(_));
                    if after_paragraph && width.is_some() {
                        writeln!(out)?;
                    }
                    running(out, &plain(text), width, "", "")?
                }
                Block::Figures(layout, figures) => {
                    let loose = figures.iter().map(|f| f.label.chars().count()).max();
                    for f in figures {
                        let label_width = match (layout, width) {
                            (FigureLayout::UnderTable, _) => first_column,
                            (FigureLayout::Loose, Some(_)) => loose.unwrap_or(0),
                            (FigureLayout::Loose, None) => 0,
                        };
                        let first = format!("  {:<label_width$}  ", f.label);
                        let rest = " ".repeat(first.chars().count());
                        // Under a table the names are as wide as its first
                        // column: too wide to wrap beside.
                        let wrap = width.filter(|_| *layout == FigureLayout::Loose);
                        running(out, &plain(&f.value), wrap, &first, &rest)?;
                    }
                }
                Block::Table(t) => first_column = table(t, true, out)?,
                Block::Rows(t) => first_column = table(t, false, out)?,
                Block::List(items) => {
                    for item in items {
                        running(out, &plain(item), width, "  - ", "    ")?;
                    }
                }
                Block::Verdicts(verdicts) => {
                    for v in verdicts {
                        writeln!(out, "  {}: {}", v.label, plain(&v.claim))?;
                    }
                }
                Block::Preformatted(text) => write!(out, "{text}")?,
                Block::Note(text) => running(out, &plain(text), width, "  ", "  ")?,
                Block::Entries(entries) => {
                    let width = entries.name_width;
                    for e in &entries.items {
                        writeln!(out, "    {:<width$} {}", e.name, plain(&e.value))?;
                        if let Some(detail) = &e.detail {
                            writeln!(out, "    {:<width$} {}", "", plain(detail))?;
                        }
                    }
                }
                Block::Plot(_) | Block::Rule => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::document::{Cell, Column, Section};

    fn rendered(document: &Document) -> String {
        let mut out = Vec::new();
        render(document, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn columns_stay_aligned_whatever_the_width_of_a_cell() {
        // Fact: a column as wide as its widest cell makes every line of a
        // table whose last column is right-aligned end at the same place.
        let table = Table {
            columns: vec![
                Column::left("wager"),
                Column::left("pay table"),
                Column::right("win"),
            ],
            rows: vec![
                ["trips", "a-very-long-pay-table-id-indeed", "$1.00"]
                    .map(Cell::plain)
                    .to_vec(),
                ["total", "", "$10.00"].map(Cell::plain).to_vec(),
            ],
        };
        let text = rendered(&Document {
            sections: vec![Section::of(vec![Block::Table(table)])],
            ..Document::default()
        });
        let ends: Vec<usize> = text.lines().map(|l| l.chars().count()).collect();
        assert_eq!(ends, vec![ends[0]; 3], "{text}");
    }

    #[test]
    fn the_terminal_form_wraps_its_running_text_and_other_documents_do_not() {
        // Fact: a greedy wrap at spaces keeps every word whole and in
        // order, and no line is longer than the width unless one word is.
        let words: Vec<String> = (0..120).map(|i| format!("word{i}")).collect();
        let long = words.join(" ");
        let blocks = vec![
            Block::Heading(2, Text::plain("Part")),
            Block::Paragraph(Text::plain(long.clone())),
            Block::Note(Text::plain(long.clone())),
            Block::Heading(3, Text::plain("Sub-part")),
        ];
        let terminal = rendered(&Document {
            terminal: Some(vec![Section::of(blocks.clone())]),
            ..Document::default()
        });
        assert!(
            terminal
                .lines()
                .all(|l| l.chars().count() <= TERMINAL_WIDTH),
            "{terminal}"
        );
        let back: Vec<&str> = terminal.split_whitespace().collect();
        let expected: Vec<&str> = ["Part"]
            .into_iter()
            .chain(long.split(' '))
            .chain(long.split(' '))
            .chain(["Sub-part"])
            .collect();
        assert_eq!(back, expected);
        assert!(terminal.contains("\n\nSub-part\n"), "{terminal}");
        let page = rendered(&Document {
            sections: vec![Section::of(blocks)],
            ..Document::default()
        });
        assert!(page.contains(&long), "{page}");
        assert_eq!(wrapped("a bb", 3, "", "").len(), 2);
        assert_eq!(wrapped("abcdef", 3, "", ""), vec!["abcdef"]);
    }

    #[test]
    fn rows_have_no_header_line() {
        let table = Table {
            columns: vec![Column::right("n").at_least(4), Column::left("name")],
            rows: vec![["1", "one"].map(Cell::plain).to_vec()],
        };
        let text = rendered(&Document {
            sections: vec![Section::of(vec![Block::Rows(table)])],
            ..Document::default()
        });
        assert_eq!(text, "     1  one\n");
    }
}
