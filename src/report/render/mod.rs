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
