//! The text renderer: aligned text for a terminal. Sections are separated
//! by a blank line; a table is indented two spaces, its columns two spaces
//! apart (unless a column says otherwise), each as wide as its widest cell
//! (or its least width); figures
//! under a table line up with its first column.

use crate::report::document::{Align, Block, Document, FigureLayout, Table, Text};
use std::io::{self, Write};

/// The text of running text: no marking.
fn plain(text: &Text) -> String {
    text.to_plain()
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
    let sections = match &document.terminal {
        Some(sections) => sections,
        None => {
            if let Some(title) = &document.title {
                writeln!(out, "{title}\n")?;
            }
            &document.sections
        }
    };
    for (i, section) in sections.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let mut first_column = 0;
        for block in &section.blocks {
            match block {
                Block::Heading(_, text) | Block::Paragraph(text) => {
                    writeln!(out, "{}", plain(text))?
                }
                Block::Figures(layout, figures) => {
                    for f in figures {
                        let width = match layout {
                            FigureLayout::UnderTable => first_column,
                            FigureLayout::Loose => 0,
                        };
                        writeln!(out, "  {:<width$}  {}", f.label, plain(&f.value))?;
                    }
                }
                Block::Table(t) => first_column = table(t, true, out)?,
                Block::Rows(t) => first_column = table(t, false, out)?,
                Block::List(items) => {
                    for item in items {
                        writeln!(out, "  - {}", plain(item))?;
                    }
                }
                Block::Verdicts(verdicts) => {
                    for v in verdicts {
                        writeln!(out, "  {}: {}", v.label, plain(&v.claim))?;
                    }
                }
                Block::Preformatted(text) => write!(out, "{text}")?,
                Block::Note(text) => writeln!(out, "  {}", plain(text))?,
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
