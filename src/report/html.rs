//! The HTML report: the submission report ([`super::submission`]) rendered
//! as one self-contained page (inline CSS and SVG, no script, no link or
//! image outside the file), made to be printed.
//!
//! Sections, each an element with a fixed `id` (the tests look for them):
//! `summary`, `published`, `house-edges`, `strategy-<table>` and
//! `outcomes-<table>` (the Blind tables), one `detail-<wager>-<table>` per
//! result, `rules`, `sign-off`, and the `provenance` footer.
//!
//! The output is deterministic but for the provenance's date, so a
//! committed report diffs cleanly.

use super::document::Section;
use super::{render as render_document, submission, ExportContext, Format};
use crate::analysis::catalog::Catalog;

pub use super::render::escape;

/// The whole report as one HTML document.
pub fn render(catalog: &Catalog) -> String {
    render_with(catalog, &ExportContext::default())
}

/// The whole report as one HTML document: with the pay tables of the
/// context as submitted, and its provenance at the end.
pub fn render_with(catalog: &Catalog, context: &ExportContext) -> String {
    render_with_sections(catalog, context, vec![])
}

/// [`render_with`], with extra sections of the document model (such as
/// [`super::player_dealer::section`]) placed after the charts.
pub fn render_with_sections(
    catalog: &Catalog,
    context: &ExportContext,
    extra: Vec<Section>,
) -> String {
    let document = submission::document(catalog, context, extra);
    let mut bytes = Vec::new();
    render_document(Format::Html, &document, &mut bytes).expect("writing to memory");
    String::from_utf8(bytes).expect("UTF-8 HTML")
}
