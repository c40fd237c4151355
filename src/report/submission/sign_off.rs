//! The sign-off block of the submission report: blank lines for the
//! preparer, the reviewer and the regulator.

use crate::report::document::{Block, Cell, Column, Section, Table, Text};

/// The sign-off block: blank lines for the preparer, the reviewer and the
/// regulator.
pub(super) fn sign_off() -> Section {
    let row = |role: &str| {
        vec![
            Cell::plain(role),
            Cell::plain(""),
            Cell::plain(""),
            Cell::plain(""),
        ]
    };
    Section {
        id: Some("sign-off".into()),
        blocks: vec![
            Block::Heading(2, Text::plain("Sign-off")),
            Block::Paragraph(Text::plain(
                "The figures above are those of the pay tables identified by their SHA-256 in the \
                 provenance below, as submitted.",
            )),
            Block::Table(Table {
                columns: vec![
                    Column::left("role"),
                    Column::left("name"),
                    Column::left("signature"),
                    Column::left("date"),
                ],
                rows: vec![
                    row("Prepared by"),
                    row("Reviewed by"),
                    row("Approved for the regulator"),
                ],
            }),
        ],
    }
}
