//! The formats and their exporters: [`Format`], a plain enum, and one
//! exporter file per format in `formats/` (as hyperfine has), each writing
//! any [`Document`]; [`render`] is the one place a format is matched.
//!
//! Adding a format is its variant here (its name, its place in help texts
//! and the least [`Shape`] of output that offers it, each a `match` the
//! compiler keeps whole), its exporter file, and its arm in [`render`]: no
//! command changes (the test below renders every kind of block in every
//! format).

use super::document::Document;
use std::io::{self, Write};

mod formats;

pub use self::formats::html::{breakable, escape};

/// What a command's output holds, from the least to the most: a command
/// offers every format whose least shape is at most its own (its
/// `--format` values, `cli/args.rs`). It decides which formats a command
/// offers, never what a document holds.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Shape {
    /// Every output: text for a terminal and a JSON body (`check`,
    /// `strategy`, `what-if`).
    Plain,
    /// Outputs with rows, one CSV record each (`game`, `compare`,
    /// `economics` and the side bets).
    Rows,
    /// Outputs read as a document (the simulations).
    Document,
    /// The whole submission report, one page to print (`report`).
    Page,
}

/// An output format: one exporter file each in `formats/`; every command
/// chooses from them (each offers those up to its [`Shape`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// Aligned text for people (`formats/table.rs`).
    Table,
    /// Comma-separated values, one row per record (`formats/csv.rs`).
    Csv,
    /// One JSON document (`formats/json.rs`).
    Json,
    /// A Markdown document (`formats/markdown.rs`).
    Markdown,
    /// One self-contained HTML page with charts, the full report
    /// (`formats/html.rs`).
    Html,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 5] = [
        Format::Table,
        Format::Csv,
        Format::Json,
        Format::Markdown,
        Format::Html,
    ];

    /// Every format, in the order help texts list them.
    pub fn all() -> Vec<Format> {
        Format::ALL.to_vec()
    }

    /// The format's name on the command line: `table`, `csv`, ...
    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Markdown => "markdown",
            Format::Html => "html",
        }
    }

    /// The least [`Shape`] of a command's output that offers it.
    fn least_shape(self) -> Shape {
        match self {
            Format::Table | Format::Json => Shape::Plain,
            Format::Csv => Shape::Rows,
            Format::Markdown => Shape::Document,
            Format::Html => Shape::Page,
        }
    }

    /// The formats a command whose output has `shape` offers, in the order
    /// of [`Format::all`].
    pub fn offered_by(shape: Shape) -> impl Iterator<Item = Format> {
        Format::ALL
            .into_iter()
            .filter(move |f| f.least_shape() <= shape)
    }
}

/// Writes `document` in `format`: its exporter.
pub fn render(format: Format, document: &Document, out: &mut dyn Write) -> io::Result<()> {
    match format {
        Format::Table => formats::table::render(document, out),
        Format::Csv => formats::csv::render(document, out),
        Format::Json => formats::json::render(document, out),
        Format::Markdown => formats::markdown::render(document, out),
        Format::Html => formats::html::render(document, out),
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(name: &str) -> Result<Format, String> {
        Format::all()
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| format!("unknown format '{name}'"))
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
        // A format renders the blocks, the JSON body or the records: its
        // output holds the note, the answer or the record's value.
        let document = Document {
            title: Some("title".into()),
            sections: vec![Section::of(every_block())],
            json: Some(Box::new(serde_json::json!({"answer": 42}))),
            csv: Some(Records {
                columns: vec!["column".into()],
                rows: vec![vec!["record-value".into()]],
            }),
            ..Document::default()
        };
        for format in Format::all() {
            let mut out = Vec::new();
            render(format, &document, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let holds = |what: &str| text.contains(what);
            assert!(
                holds("a note") || holds("\"answer\": 42") || holds("record-value"),
                "{}: {text}",
                format.name()
            );
        }
    }

    #[test]
    fn the_formats_are_named_once_and_offered_by_shape() {
        // The `--format` values of each kind of command (and so their help
        // and completions), as the golden help outputs pin them.
        let names = |shape| {
            Format::offered_by(shape)
                .map(Format::name)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(Shape::Plain), ["table", "json"]);
        assert_eq!(names(Shape::Rows), ["table", "csv", "json"]);
        assert_eq!(names(Shape::Document), ["table", "csv", "json", "markdown"]);
        assert_eq!(
            names(Shape::Page),
            ["table", "csv", "json", "markdown", "html"]
        );
        for format in Format::all() {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
        }
        assert!("tsv".parse::<Format>().is_err());
    }
}
