//! The JSON renderer: a document's body, stamped with the tool's version,
//! the schema version and the provenance ([`crate::report::write_document`]).

use super::super::document::Document;
use std::io::{self, Write};

/// The format: one JSON document.
pub(super) const ABOUT: super::About = super::About {
    shape: super::Shape::Plain,
    place: 3,
};

/// Writes the document's JSON body.
pub(super) fn render(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    let body = document
        .json
        .as_ref()
        .ok_or_else(|| super::no_form("JSON"))?;
    body.write_json(document.provenance.as_ref(), out)
}
