//! The JSON renderer: a document's body, stamped with the tool's version,
//! the schema version and the provenance ([`crate::report::write_document`]).

use crate::report::document::Document;
use std::io::{self, Write};

/// Writes the document's JSON body.
pub fn render(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    let body = document
        .json
        .as_ref()
        .ok_or_else(|| super::super::no_form("JSON"))?;
    body.write_json(document.provenance.as_ref(), out)
}
