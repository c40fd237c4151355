//! The renderers: one per format, each writes any [`Document`].
//!
//! Adding a format is one file here and one arm in [`render`] (and the
//! format's name in [`Format`]); no command changes.

mod csv;
mod html;
mod json;
mod markdown;
mod text;

use super::document::Document;
use super::Format;
use std::io::{self, Write};

pub use self::html::escape;

/// Writes `document` in `format`.
pub fn render(format: Format, document: &Document, out: &mut dyn Write) -> io::Result<()> {
    match format {
        Format::Table => text::render(document, out),
        Format::Csv => csv::render(document, out),
        Format::Json => json::render(document, out),
        Format::Markdown => markdown::render(document, out),
        Format::Html => out.write_all(html::render(document).as_bytes()),
    }
}

/// The error of a document that has no form in a format.
fn no_form(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("this document has no {what} form"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::document::{
        Block, Cell, Column, Entries, Entry, Figure, FigureLayout, Records, Section, Table, Text,
        Verdict,
    };

    /// One block of every kind. The `match` has no catch-all arm, so a new
    /// kind of block does not compile here until it is added (and so is
    /// rendered by every format below).
    fn every_block() -> Vec<Block> {
        let table = Table {
            columns: vec![Column::left("hand"), Column::right("pays").spaced(1)],
            rows: vec![vec![Cell::plain("flush"), Cell::decimal("7 to 1", "7")]],
        };
        let blocks = vec![
            Block::Heading(2, Text::plain("heading")),
            Block::Paragraph(
                Text::plain("words ")
                    .then_exact("1/3")
                    .then_code("uth-edge"),
            ),
            Block::Figures(
                FigureLayout::Loose,
                vec![Figure {
                    label: "house edge".into(),
                    value: Text::exact("1/50"),
                }],
            ),
            Block::Table(table.clone()),
            Block::Rows(table),
            Block::List(vec![Text::plain("item")]),
            Block::Verdicts(vec![Verdict {
                claim: Text::plain("a claim"),
                label: "reproduced".into(),
                holds: true,
            }]),
            Block::Plot("<svg></svg>".into()),
            Block::Preformatted("text\n".into()),
            Block::Note(Text::plain("a note")),
            Block::Entries(Entries {
                name_width: 8,
                items: vec![Entry {
                    name: "id".into(),
                    value: Text::plain("value"),
                    detail: Some(Text::plain("what it is")),
                }],
            }),
            Block::Rule,
        ];
        for b in &blocks {
            match b {
                Block::Heading(..)
                | Block::Paragraph(_)
                | Block::Figures(..)
                | Block::Table(_)
                | Block::Rows(_)
                | Block::List(_)
                | Block::Verdicts(_)
                | Block::Plot(_)
                | Block::Preformatted(_)
                | Block::Note(_)
                | Block::Entries(_)
                | Block::Rule => {}
            }
        }
        blocks
    }

    #[test]
    fn every_format_renders_every_kind_of_block() {
        // Every command's output is a Document made of these blocks (and
        // its JSON body and CSV records), so a format that renders them
        // all renders every command: adding a format is its renderer here.
        let document = Document {
            title: Some("title".into()),
            sections: vec![Section::of(every_block())],
            json: Some(Box::new(serde_json::json!({"answer": 42}))),
            csv: Some(Records {
                columns: vec!["a".into()],
                rows: vec![vec!["1".into()]],
            }),
            ..Document::default()
        };
        for format in Format::ALL {
            let mut out = Vec::new();
            render(format, &document, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(!text.is_empty(), "{}", format.name());
            let expected = match format {
                Format::Json => "\"answer\": 42",
                Format::Csv => "a\n1\n",
                _ => "a note",
            };
            assert!(text.contains(expected), "{}: {text}", format.name());
        }
    }
}
