//! The CSV renderer: a document's records under its documented columns
//! (`Records::write`: the `csv` crate quotes where needed, and a text that
//! a spreadsheet would run as a formula gets a `'` in front).

use crate::report::document::Document;
use std::io::{self, Write};

/// Writes the document's records, header first.
pub fn render(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    let records = document
        .csv
        .as_ref()
        .ok_or_else(|| super::super::no_form("CSV"))?;
    records.write(out)
}
