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
//! A table wider than that because of its column names has them wrapped
//! over several header lines, each within its column; a table wider by
//! its cells is not wrapped: it wraps by design (or is read with
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

/// How a table's header counts in its columns' widths.
#[derive(Clone, Copy, PartialEq)]
enum Header {
    /// No header line.
    None,
    /// Each name on one line: as wide as the name.
    OneLine,
    /// Names wrapped at spaces: as wide as the name's longest word.
    Wrapped,
}

/// The width of each column of `table` (its name counting as `header`
/// says).
fn widths(table: &Table, header: Header) -> Vec<usize> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let name = match header {
                Header::None => 0,
                Header::OneLine => c.name.chars().count(),
                Header::Wrapped => c
                    .name
                    .split(' ')
                    .map(|w| w.chars().count())
                    .max()
                    .unwrap_or(0),
            };
            table
                .rows
                .iter()
                .filter_map(|row| row.get(i))
                .map(|cell| plain(&cell.text).chars().count())
                .chain([name, c.min_width])
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// The width of a line of `table` at `widths`, its gaps counted.
fn line_width(table: &Table, widths: &[usize]) -> usize {
    table
        .columns
        .iter()
        .zip(widths)
        .map(|(c, w)| c.gap + w)
        .sum()
}

/// The header's lines: each column's name wrapped at spaces to its width,
/// the shorter names' lines at the bottom, beside the rows.
fn header_lines(table: &Table, widths: &[usize]) -> Vec<Vec<String>> {
    let names: Vec<Vec<String>> = table
        .columns
        .iter()
        .zip(widths)
        .map(|(c, w)| wrapped(&c.name, *w, "", ""))
        .collect();
    let height = names.iter().map(Vec::len).max().unwrap_or(1);
    (0..height)
        .map(|k| {
            names
                .iter()
                .map(|lines| {
                    let blank = height - lines.len();
                    k.checked_sub(blank)
                        .map_or(String::new(), |at| lines[at].clone())
                })
                .collect()
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
/// column's width. Within `width` (the terminal form), a table whose
/// names make it wider than that has its names wrapped at spaces, each to
/// its column's width, over several header lines (a table wider than
/// `width` by its cells stays wide).
fn table(
    table: &Table,
    header: bool,
    width: Option<usize>,
    out: &mut dyn Write,
) -> io::Result<usize> {
    let one_line = if header {
        Header::OneLine
    } else {
        Header::None
    };
    let mut widths = widths(table, one_line);
    if header {
        let mut names = vec![table.columns.iter().map(|c| c.name.clone()).collect()];
        if width.is_some_and(|w| line_width(table, &widths) > w) {
            widths = self::widths(table, Header::Wrapped);
            names = header_lines(table, &widths);
        }
        for names in names {
            writeln!(out, "{}", line(table, &widths, &names))?;
        }
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
                Block::Table(t) => first_column = table(t, true, width, out)?,
                Block::Rows(t) => first_column = table(t, false, width, out)?,
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
    fn the_terminal_form_wraps_a_tables_names_when_they_make_it_too_wide() {
        // Fact: six columns of short figures under long names (the
        // practical hold's) fit 100 columns once each name is wrapped to
        // its column; every line fits, each column's names read back in
        // order, the rows line up with the last header line; the pages'
        // text keeps one header line.
        let names = [
            "strategy",
            "house edge/Ante",
            "avg wagered (Antes)",
            "edge/total wagered",
            "vs optimal/Ante",
            "vs optimal/total wagered",
            "a column with a long name, longer than any of its cells",
        ];
        let table = Table {
            columns: names
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    if i == 0 {
                        Column::left(n)
                    } else {
                        Column::right(n)
                    }
                })
                .collect(),
            rows: vec![[
                "optimal, knowing the limit",
                "3.6662%",
                "4.1520",
                "0.8830%",
                "+0.0000%",
                "+0.0000%",
                "1",
            ]
            .map(Cell::plain)
            .to_vec()],
        };
        let sections_again = || vec![Section::of(vec![Block::Table(table.clone())])];
        let sections = sections_again();
        let page = rendered(&Document {
            sections: sections.clone(),
            ..Document::default()
        });
        assert!(page.lines().next().unwrap().chars().count() > TERMINAL_WIDTH);
        assert_eq!(page.lines().count(), 2, "{page}");
        let terminal = rendered(&Document {
            terminal: Some(sections),
            ..Document::default()
        });
        let lines: Vec<&str> = terminal.lines().collect();
        assert!(
            lines.iter().all(|l| l.chars().count() <= TERMINAL_WIDTH),
            "{terminal}"
        );
        // Each column's header lines, read down at the column's place,
        // are its name, words in order.
        let table = match &sections_again()[0].blocks[0] {
            Block::Table(t) => t.clone(),
            _ => unreachable!(),
        };
        let widths = widths(&table, Header::Wrapped);
        let mut start = 0;
        for (column, w) in table.columns.iter().zip(&widths) {
            start += column.gap;
            let read: Vec<String> = lines[..lines.len() - 1]
                .iter()
                .map(|l| {
                    let chars: Vec<char> = l.chars().collect();
                    let end = (start + w).min(chars.len());
                    chars[start.min(end)..end]
                        .iter()
                        .collect::<String>()
                        .trim()
                        .to_string()
                })
                .filter(|t| !t.is_empty())
                .collect();
            assert_eq!(read.join(" "), column.name, "{terminal}");
            start += w;
        }
        assert!(lines.len() > 2, "{terminal}");
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
