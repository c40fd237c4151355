//! The text renderer: aligned text for a terminal. Sections are separated
//! by a blank line; a table is indented two spaces, its columns two spaces
//! apart, each as wide as its widest cell (or its least width); figures
//! under a table line up with its first column.

use super::super::document::{Align, Block, Document, FigureLayout, Table, Text};
use std::io::{self, Write};

/// The text of running text: no marking.
fn plain(text: &Text) -> String {
    text.to_plain()
}

/// The width of each column of `table`.
fn widths(table: &Table) -> Vec<usize> {
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
                .chain([c.name.chars().count(), c.min_width])
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// One line of a table: `cells` padded to `widths`.
fn line(table: &Table, widths: &[usize], cells: &[String]) -> String {
    let mut text = String::new();
    for (i, (cell, column)) in cells.iter().zip(&table.columns).enumerate() {
        text.push_str("  ");
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

/// Writes a table; returns its first column's width.
fn table(table: &Table, out: &mut dyn Write) -> io::Result<usize> {
    let widths = widths(table);
    let header: Vec<String> = table.columns.iter().map(|c| c.name.clone()).collect();
    writeln!(out, "{}", line(table, &widths, &header))?;
    for row in &table.rows {
        let cells: Vec<String> = row.iter().map(|c| plain(&c.text)).collect();
        writeln!(out, "{}", line(table, &widths, &cells))?;
    }
    Ok(widths.first().copied().unwrap_or(0))
}

/// Writes the document as aligned text.
pub(super) fn render(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    if let Some(title) = &document.title {
        writeln!(out, "{title}\n")?;
    }
    for (i, section) in document.sections.iter().enumerate() {
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
                Block::Table(t) => first_column = table(t, out)?,
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
                Block::Plot(_) | Block::Rule => {}
            }
        }
    }
    Ok(())
}
