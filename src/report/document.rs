//! The document model: what every command's output is before it has a
//! format.
//!
//! A command computes its figures, then builds a [`Document`]: a title,
//! sections of blocks (headings, paragraphs, figure lists, tables of rows
//! with exact and decimal values, lists, verdicts, plots), its provenance,
//! and for the machine formats its data (the JSON body and the CSV
//! records, whose layouts are documented in docs/output-formats.md). The
//! document is the same whatever the format: one exporter per format
//! ([`super::render()`]) writes any document, each the parts it has a place
//! for, so adding a format is one exporter and adding a command adds no
//! rendering code.
//!
//! Text is made of [`Span`]s so that each renderer can mark what it needs:
//! an exact fraction is monospace in HTML and in backticks in Markdown, and
//! plain in the text table.

use crate::analysis::provenance::{Provenance, SCHEMA_VERSION, TOOL_VERSION};
use serde::Serialize;
use std::io::{self, Write};

/// One piece of running text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    /// Plain words.
    Text(String),
    /// An exact value (a fraction): monospace.
    Exact(String),
    /// A command line or a digest: monospace.
    Code(String),
    /// Emphasised words (a label that opens a paragraph).
    Strong(String),
}

/// Running text: spans in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text(pub Vec<Span>);

impl Text {
    /// Plain words.
    pub fn plain(text: impl Into<String>) -> Text {
        Text(vec![Span::Text(text.into())])
    }

    /// An exact value alone.
    pub fn exact(text: impl Into<String>) -> Text {
        Text(vec![Span::Exact(text.into())])
    }

    /// Words with code between backticks (`` see `uth-edge economics` ``):
    /// each backticked piece a code span, so that a page shows it as code
    /// and the text table without the backticks.
    pub fn marked(text: &str) -> Text {
        Text(
            text.split('`')
                .enumerate()
                .filter(|(_, piece)| !piece.is_empty())
                .map(|(i, piece)| {
                    if i % 2 == 1 {
                        Span::Code(piece.to_string())
                    } else {
                        Span::Text(piece.to_string())
                    }
                })
                .collect(),
        )
    }

    /// This text followed by plain words.
    pub fn then(mut self, text: impl Into<String>) -> Text {
        self.0.push(Span::Text(text.into()));
        self
    }

    /// This text followed by an exact value.
    pub fn then_exact(mut self, text: impl Into<String>) -> Text {
        self.0.push(Span::Exact(text.into()));
        self
    }

    /// Words in bold alone.
    pub fn strong(text: impl Into<String>) -> Text {
        Text(vec![Span::Strong(text.into())])
    }

    /// This text followed by code (a command line, a digest).
    pub fn then_code(mut self, text: impl Into<String>) -> Text {
        self.0.push(Span::Code(text.into()));
        self
    }

    /// The words without any marking.
    pub fn to_plain(&self) -> String {
        self.0
            .iter()
            .map(|s| match s {
                Span::Text(t) | Span::Exact(t) | Span::Code(t) | Span::Strong(t) => t.as_str(),
            })
            .collect()
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Text {
        Text::plain(text)
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text::plain(text)
    }
}

/// How a column's cells line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Words: left.
    Left,
    /// Numbers: right.
    Right,
}

/// A column of a [`Table`].
#[derive(Clone, Debug)]
pub struct Column {
    /// Its heading.
    pub name: String,
    /// How its cells line up.
    pub align: Align,
    /// The text table's least width (so that columns of related tables
    /// line up); 0 for none.
    pub min_width: usize,
    /// The spaces before it in the text table (the first column's is the
    /// table's indent): 2 unless said.
    pub gap: usize,
}

impl Column {
    /// A left-aligned column.
    pub fn left(name: &str) -> Column {
        Column {
            name: name.to_string(),
            align: Align::Left,
            min_width: 0,
            gap: 2,
        }
    }

    /// A right-aligned column.
    pub fn right(name: &str) -> Column {
        Column {
            name: name.to_string(),
            align: Align::Right,
            min_width: 0,
            gap: 2,
        }
    }

    /// This column at least `width` characters wide in the text table.
    pub fn at_least(mut self, width: usize) -> Column {
        self.min_width = width;
        self
    }

    /// This column `gap` spaces after the one before it in the text table.
    pub fn spaced(mut self, gap: usize) -> Column {
        self.gap = gap;
        self
    }
}

/// One cell: its text (a decimal, a name) and, where the value is a
/// fraction, the exact value (HTML shows it on hover).
#[derive(Clone, Debug, Default)]
pub struct Cell {
    /// What the cell shows.
    pub text: Text,
    /// The exact value behind a decimal, when there is one.
    pub exact: Option<String>,
}

impl Cell {
    /// A cell of plain words or a decimal.
    pub fn plain(text: impl Into<String>) -> Cell {
        Cell {
            text: Text::plain(text),
            exact: None,
        }
    }

    /// A cell showing an exact value.
    pub fn exact(text: impl Into<String>) -> Cell {
        Cell {
            text: Text::exact(text),
            exact: None,
        }
    }

    /// A decimal with the exact value behind it.
    pub fn decimal(text: impl Into<String>, exact: impl Into<String>) -> Cell {
        Cell {
            text: Text::plain(text),
            exact: Some(exact.into()),
        }
    }
}

/// A table: columns and rows of cells (a row has one cell per column).
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The columns, in order.
    pub columns: Vec<Column>,
    /// The rows; the last may be a total.
    pub rows: Vec<Vec<Cell>>,
}

/// One named figure: `house edge  0.9018% = 1/...`.
#[derive(Clone, Debug)]
pub struct Figure {
    /// Its name.
    pub label: String,
    /// Its value, decimal and exact.
    pub value: Text,
}

/// How a list of figures lines up in the text table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureLayout {
    /// Names padded to the first column of the table before them.
    UnderTable,
    /// Names as they are.
    Loose,
}

/// A verdict on one claim (a published figure, a limit).
#[derive(Clone, Debug)]
pub struct Verdict {
    /// What was checked.
    pub claim: Text,
    /// The verdict's words (`reproduced`, `not reproduced`).
    pub label: String,
    /// Whether the claim holds.
    pub holds: bool,
}

/// A block of a section.
#[derive(Clone, Debug)]
pub enum Block {
    /// A heading inside a section, level 1 (the document's own title) to 4.
    Heading(u8, Text),
    /// A paragraph.
    Paragraph(Text),
    /// Named figures.
    Figures(FigureLayout, Vec<Figure>),
    /// A table.
    Table(Table),
    /// A table whose rows speak for themselves in the text table (no
    /// header line there); the other formats show its column names.
    Rows(Table),
    /// A bulleted list.
    List(Vec<Text>),
    /// Verdicts, one a line.
    Verdicts(Vec<Verdict>),
    /// A plot, as an SVG element (HTML only; the other formats show the
    /// same figures in a table).
    Plot(String),
    /// Preformatted text (a text-only document inside Markdown).
    Preformatted(String),
    /// A line that belongs to the block before it (a source, a verdict's
    /// words, a range): indented under it in the text table.
    Note(Text),
    /// Named entries, each with a value and an optional detail (the
    /// definitions a check tried).
    Entries(Entries),
    /// A rule between parts (Markdown `---`).
    Rule,
}

/// One named entry of [`Entries`].
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its name (an identifier: monospace where the format has it).
    pub name: String,
    /// Its value.
    pub value: Text,
    /// What it means, when said.
    pub detail: Option<Text>,
}

/// Named entries: in the text table, one line per entry (its name padded
/// to `name_width`, then its value) and its detail on the next line under
/// the value.
#[derive(Clone, Debug, Default)]
pub struct Entries {
    /// The text table's least width of the names.
    pub name_width: usize,
    /// The entries, in order.
    pub items: Vec<Entry>,
}

/// A section: an anchor for HTML and its blocks.
#[derive(Clone, Debug, Default)]
pub struct Section {
    /// Its HTML id (the tests and links look for it), when it has one.
    pub id: Option<String>,
    /// Its blocks, in order.
    pub blocks: Vec<Block>,
}

impl Section {
    /// A section of these blocks, no id.
    pub fn of(blocks: Vec<Block>) -> Section {
        Section { id: None, blocks }
    }
}

/// A JSON document of the tool: the keys every document opens with
/// (`tool_version`, `schema_version` and, when known, `provenance`), then
/// the document's own keys (`body`'s, flattened in its order).
#[derive(Serialize)]
pub struct Stamped<'a, T: Serialize> {
    /// The tool's version ([`TOOL_VERSION`]).
    pub tool_version: &'static str,
    /// The documents' layout version ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// What produced the figures, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provenance: Option<&'a Provenance>,
    /// The document's own keys.
    #[serde(flatten)]
    pub body: T,
}

/// Writes `body` as a [`Stamped`] document, pretty-printed, ending in a
/// newline.
pub fn write_document<T: Serialize>(
    body: T,
    provenance: Option<&Provenance>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let document = Stamped {
        tool_version: TOOL_VERSION,
        schema_version: SCHEMA_VERSION,
        provenance,
        body,
    };
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)
}

/// A document's JSON body: its own keys, written after `tool_version`,
/// `schema_version` and the provenance ([`write_document`]).
pub trait JsonBody {
    /// Writes the stamped document.
    fn write_json(&self, provenance: Option<&Provenance>, out: &mut dyn Write) -> io::Result<()>;
}

impl<T: serde::Serialize> JsonBody for T {
    fn write_json(&self, provenance: Option<&Provenance>, out: &mut dyn Write) -> io::Result<()> {
        write_document(self, provenance, out)
    }
}

/// A document's CSV: its documented columns and one record per row.
#[derive(Clone, Debug, Default)]
pub struct Records {
    /// The header, in order.
    pub columns: Vec<String>,
    /// The rows' fields (an empty string for an empty field).
    pub rows: Vec<Vec<String>>,
}

impl Records {
    /// The records of row structs (a struct's fields are its columns, in
    /// order; `None` is an empty field), as the `csv` crate writes them.
    pub fn of<T: serde::Serialize>(
        columns: &[&str],
        rows: impl IntoIterator<Item = T>,
    ) -> io::Result<Records> {
        let mut bytes = Vec::new();
        {
            let mut w = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(&mut bytes);
            for row in rows {
                w.serialize(row)?;
            }
            w.flush()?;
        }
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(bytes.as_slice());
        let rows = reader
            .records()
            .map(|r| r.map(|r| r.iter().map(str::to_string).collect()))
            .collect::<Result<Vec<Vec<String>>, csv::Error>>()?;
        Ok(Records {
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows,
        })
    }

    /// Writes the records as CSV, header first (the `csv` crate quotes
    /// where needed), every text field made inert for a spreadsheet
    /// ([`spreadsheet_text`]). The CSV format and every results file are
    /// written by this.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut w = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(out);
        w.write_record(
            self.columns
                .iter()
                .map(|c| spreadsheet_text(c).into_owned()),
        )?;
        for row in &self.rows {
            w.write_record(row.iter().map(|f| spreadsheet_text(f).into_owned()))?;
        }
        w.flush()
    }
}

/// A CSV field as a spreadsheet will not run it: a text beginning with
/// `=`, `+`, `-`, `@`, a tab or a carriage return (which a spreadsheet
/// reads as a formula: `=cmd|'/C calc'!A0`) gets a `'` in front, as the
/// OWASP guidance on CSV injection advises; a number (`-0.0067`,
/// `-337/50000`, `-inf`, `-0.67%`) is left as it is, so that it stays a
/// number.
pub fn spreadsheet_text(field: &str) -> std::borrow::Cow<'_, str> {
    // A text beginning with `'` gets one more, so that a reader taking the
    // guard off (analysis::results_rows::unguarded) gives it back whole.
    let risky = field.starts_with(['=', '+', '-', '@', '\t', '\r', '\'']);
    if risky && !is_number(field) {
        std::borrow::Cow::Owned(format!("'{field}"))
    } else {
        std::borrow::Cow::Borrowed(field)
    }
}

/// Whether a field is a number as the tool writes them: a sign, digits,
/// optionally a point and digits, then optionally `/` and digits (an exact
/// fraction) or `%`; or `inf`, `NaN`.
fn is_number(field: &str) -> bool {
    let unsigned = field
        .strip_prefix('-')
        .or_else(|| field.strip_prefix('+'))
        .unwrap_or(field);
    if unsigned == "inf" || unsigned == "NaN" {
        return true;
    }
    let unsigned = unsigned.strip_suffix('%').unwrap_or(unsigned);
    let (decimal, denominator) = match unsigned.split_once('/') {
        Some((n, d)) => (n, Some(d)),
        None => (unsigned, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let decimal_ok = match decimal.split_once('.') {
        Some((i, f)) => digits(i) && digits(f),
        None => digits(decimal),
    };
    decimal_ok && denominator.is_none_or(digits)
}

/// A document: what a command prints, before it has a format.
#[derive(Default)]
pub struct Document<'a> {
    /// Its title (the text table leaves it out where the command's text
    /// output has none).
    pub title: Option<String>,
    /// Its sections, in order.
    pub sections: Vec<Section>,
    /// What produced the figures, when known.
    pub provenance: Option<Provenance>,
    /// The line every printed page carries (HTML: the pay tables and their
    /// SHA-256), when the document has one.
    pub running_head: Option<String>,
    /// The JSON body, for the JSON format.
    pub json: Option<Box<dyn JsonBody + 'a>>,
    /// The CSV records, for the CSV format.
    pub csv: Option<Records>,
    /// The document as a terminal shows it, when that is shorter than the
    /// whole (the submission report: per wager its return table and
    /// figures, not the pages to print): the text format prints these
    /// sections, untitled, instead of the title and [`Document::sections`].
    /// The same document whatever the format; each format renders the
    /// parts it has a place for.
    pub terminal: Option<Vec<Section>>,
}

impl Document<'_> {
    /// Every block of every section, in order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.sections.iter().flat_map(|s| s.blocks.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backticks_mark_code_and_are_not_kept() {
        // Markdown's convention: `x` is the code x (issue 33: the printed
        // report showed the backticks).
        let t = Text::marked("run `uth-edge economics` or `game`.");
        let code = |c: &str| Span::Code(c.into());
        let plain = |c: &str| Span::Text(c.into());
        let want = [
            plain("run "),
            code("uth-edge economics"),
            plain(" or "),
            code("game"),
            plain("."),
        ];
        assert_eq!(t.0, want);
        assert!(!t.to_plain().contains('`'));
    }

    #[test]
    fn a_text_field_is_never_a_spreadsheet_formula_and_a_number_stays_a_number() {
        // Fact (OWASP, CSV Injection): a spreadsheet runs a cell that
        // begins with =, +, -, @, a tab or a carriage return as a formula;
        // a leading ' makes it text.
        let records = Records {
            columns: vec!["paytable".into(), "house_edge".into(), "exact".into()],
            rows: vec![
                vec![
                    "=cmd|'/C calc'!A0".into(),
                    "-0.0067".into(),
                    "-337/50000".into(),
                ],
                vec!["@SUM(A1)".into(), "-inf".into(), "+1".into()],
                vec!["-2+3".into(), "\tx".into(), "\r=1".into()],
                vec!["uth-01".into(), "-0.67%".into(), "+".into()],
            ],
        };
        let mut out = Vec::new();
        records.write(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "paytable,house_edge,exact\n\
             '=cmd|'/C calc'!A0,-0.0067,-337/50000\n\
             '@SUM(A1),-inf,+1\n\
             '-2+3,'\tx,\"'\r=1\"\n\
             uth-01,-0.67%,'+\n"
        );
    }

    #[test]
    fn a_guarded_text_reads_back_whole() {
        // The results readers take the guard off: every text, one that
        // itself begins with `'` included, reads back as it was written,
        // so a table's id matches its own rows.
        use crate::analysis::results_rows::unguarded;
        for text in [
            "=cmd", "'x", "'=x", "''=", "-x", "+", "@a", "\tx", "plain", "'", "-0.5", "x'=",
        ] {
            assert_eq!(unguarded(&spreadsheet_text(text)), text, "{text:?}");
        }
    }

    #[test]
    fn backticks_mark_code() {
        assert_eq!(
            Text::marked("run `uth-edge x` now, `y`"),
            Text(vec![
                Span::Text("run ".into()),
                Span::Code("uth-edge x".into()),
                Span::Text(" now, ".into()),
                Span::Code("y".into()),
            ])
        );
        assert_eq!(Text::marked("plain"), Text::plain("plain"));
    }

    #[test]
    fn records_quote_as_the_csv_crate_does() {
        // Fact (RFC 4180): a field holding a comma or a quote is quoted,
        // quotes doubled; an empty Option is an empty field.
        let records =
            Records::of(&["a", "b"], [("x,y", None::<u32>), ("say \"hi\"", Some(3))]).unwrap();
        assert_eq!(
            records.rows,
            vec![
                vec!["x,y".to_string(), String::new()],
                vec!["say \"hi\"".to_string(), "3".to_string()]
            ]
        );
    }
}
