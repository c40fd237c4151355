//! The CSV renderer: a document's records under its documented columns
//! (`Records::write`: the `csv` crate quotes where needed, and a text that
//! a spreadsheet would run as a formula gets a `'` in front).

use super::super::document::Document;
use std::io::{self, Write};

/// The format: comma-separated values, one row per record.
pub(super) const ABOUT: super::About = super::About {
    shape: super::Shape::Rows,
    place: 2,
};

/// Writes the document's records, header first.
pub(super) fn render(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    let records = document.csv.as_ref().ok_or_else(|| super::no_form("CSV"))?;
    records.write(out)
}
