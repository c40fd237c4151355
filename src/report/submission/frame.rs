//! The page frame of the submission report: its title (the submitted
//! table or tables) and the running head every printed page carries (each
//! table's id and SHA-256).

use crate::analysis::catalog::Catalog;
use crate::report::ExportContext;

/// The pay tables of the report: those given, else the results' ids.
fn table_ids(catalog: &Catalog, context: &ExportContext) -> Vec<String> {
    let mut ids: Vec<String> = context.tables.iter().map(|t| t.id.clone()).collect();
    if ids.is_empty() {
        for r in &catalog.results {
            if !ids.contains(&r.paytable) {
                ids.push(r.paytable.clone());
            }
        }
    }
    ids
}

/// The document's title: the submitted table (its id and title) or tables.
pub(super) fn title(catalog: &Catalog, context: &ExportContext) -> String {
    match context.tables.as_slice() {
        [t] => format!(
            "Ultimate Texas Hold'em math report: pay table {} ({})",
            t.id, t.title
        ),
        _ => {
            let ids = table_ids(catalog, context);
            let s = if ids.len() == 1 { "" } else { "s" };
            format!(
                "Ultimate Texas Hold'em math report: pay table{s} {}",
                ids.join(", ")
            )
        }
    }
}

/// The running head of every printed page: each table's id and SHA-256.
pub(super) fn running_head(catalog: &Catalog, context: &ExportContext) -> String {
    match &context.provenance {
        Some(p) if !p.paytables.is_empty() => p
            .paytables
            .iter()
            .map(|t| format!("{} SHA-256 {}", t.id, t.sha256))
            .collect::<Vec<_>>()
            .join("  |  "),
        _ => table_ids(catalog, context).join(", "),
    }
}
