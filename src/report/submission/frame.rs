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

/// The longest running head, in characters: one line at the top of a
/// printed page (the HTML page style wraps at about 120).
const HEAD_CHARS: usize = 115;

/// The running head of every printed page, one line: the table's id and
/// SHA-256; for several tables, their ids (as many as fit) and where each
/// one's SHA-256 is (the certification block).
pub(super) fn running_head(catalog: &Catalog, context: &ExportContext) -> String {
    let sources = context
        .provenance
        .as_ref()
        .map_or(&[][..], |p| p.paytables.as_slice());
    if let [t] = sources {
        return format!("{} SHA-256 {}", t.id, t.sha256);
    }
    let ids: Vec<String> = if sources.is_empty() {
        table_ids(catalog, context)
    } else {
        sources.iter().map(|t| t.id.clone()).collect()
    };
    if ids.len() == 1 {
        return ids[0].clone();
    }
    let tail = if sources.is_empty() {
        ""
    } else {
        " (SHA-256 of each under Certification)"
    };
    let mut head = format!("{} pay tables:", ids.len());
    for (i, id) in ids.iter().enumerate() {
        let more = if i + 1 == ids.len() { "" } else { " ..." };
        if head.chars().count() + 2 + id.chars().count() + more.len() + tail.len() > HEAD_CHARS {
            head.push_str(" ...");
            break;
        }
        head.push_str(if i == 0 { " " } else { ", " });
        head.push_str(id);
    }
    head + tail
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::provenance::{Provenance, TableSource};

    #[test]
    fn the_running_head_is_one_line_however_many_tables() {
        // One printed line at 7pt on A4 holds about 120 characters: one
        // table's id and SHA-256 (64 digits) fit; 14 tables' do not.
        let sources: Vec<TableSource> = (0..14)
            .map(|i| TableSource::new(&format!("table-{i:02}"), "built-in", "x"))
            .collect();
        let head = |sources: Vec<TableSource>| {
            let context = ExportContext {
                provenance: Some(Provenance::now(String::new(), sources.clone())),
                tables: vec![],
                ..ExportContext::default()
            };
            let catalog = Catalog {
                results: vec![],
                games: vec![],
            };
            running_head(&catalog, &context)
        };
        let one = head(sources[..1].to_vec());
        assert!(
            one.starts_with("table-00 SHA-256 ") && one.len() == 17 + 64,
            "{one}"
        );
        let many = head(sources);
        assert!(many.chars().count() <= HEAD_CHARS, "{many}");
        assert!(!many.contains('\n'));
        assert!(
            many.ends_with("(SHA-256 of each under Certification)"),
            "{many}"
        );
    }
}
