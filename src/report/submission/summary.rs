//! The summary of the submission report: one row per result (house edge,
//! return to player, element of risk, hit frequency, standard deviation,
//! volatility index, cycle), and whether a submitted table is identical to
//! a built-in one.

use super::decimal;
use crate::analysis::catalog::Catalog;
use crate::fraction::Fraction;
use crate::money::group_thousands;
use crate::report::document::{Block, Cell, Column, Section, Table, Text};
use crate::report::{percent, result_label, volatility_index, wager_title, ExportContext};
use crate::rules::paytable::PayTable;

/// The built-in table whose pays and rules equal `table`'s, if any.
pub fn identical_builtin(table: &PayTable) -> Option<String> {
    PayTable::builtin_ids().into_iter().find_map(|id| {
        let builtin = PayTable::builtin(id)?.ok()?;
        (builtin.wager == table.wager
            && builtin.lines == table.lines
            && builtin.rules == table.rules)
            .then(|| id.to_string())
    })
}

/// "identical to built-in X" for a table, in words.
pub(super) fn identity_note(table: &PayTable) -> Option<String> {
    identical_builtin(table).map(|id| {
        if id == table.id {
            format!("{}: identical to built-in {id}.", table.id)
        } else {
            format!(
                "{}: identical to built-in {id} (the same pays and rules under another name).",
                table.id
            )
        }
    })
}

/// The summary: one row per result.
pub(super) fn summary(catalog: &Catalog, context: &ExportContext) -> Section {
    let mut table = Table {
        columns: vec![
            Column::left("wager"),
            Column::left("pay table"),
            Column::right("house edge"),
            Column::right("return to player"),
            Column::right("element of risk"),
            Column::right("hit frequency"),
            Column::right("std deviation"),
            Column::right("volatility index"),
            Column::right("cycle"),
        ],
        rows: vec![],
    };
    for r in &catalog.results {
        let rtp = Fraction::ONE - &r.house_edge;
        table.rows.push(vec![
            Cell::plain(wager_title(&r.wager)),
            Cell::plain(result_label(r)),
            decimal(percent(r.house_edge.clone()), &r.house_edge),
            decimal(percent(rtp.clone()), &rtp),
            decimal(percent(r.element_of_risk.clone()), &r.element_of_risk),
            decimal(percent(r.hit_frequency.clone()), &r.hit_frequency),
            Cell::decimal(
                format!("{:.4}", r.std_dev()),
                format!("variance {}", r.variance),
            ),
            Cell::plain(format!("{:.4}", volatility_index(r))),
            Cell::plain(group_thousands(r.outcomes)),
        ]);
    }
    let mut blocks = vec![
        Block::Heading(2, Text::plain("Summary")),
        Block::Table(table),
        Block::Paragraph(Text::plain(
            "Every figure is exact: computed by enumerating every deal, as a fraction (in each wager's \
             figures below); decimals are for reading. House edge, return to \
             player (1 − house edge) and element of risk are fractions of the amount wagered: for the \
             base game, per Ante. Volatility index: VI = z·SD with z = 1.645 (90%). Cycle: the equally \
             likely outcomes counted.",
        )),
    ];
    let advantages: Vec<Text> = catalog
        .results
        .iter()
        .filter_map(crate::report::player_advantage)
        .collect();
    if !advantages.is_empty() {
        blocks.push(Block::List(advantages));
    }
    let identities: Vec<Text> = context
        .tables
        .iter()
        .filter_map(identity_note)
        .map(Text::plain)
        .collect();
    if !identities.is_empty() {
        blocks.push(Block::List(identities));
    }
    Section {
        id: Some("summary".into()),
        blocks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_with_uth_03_pays_under_another_name_is_identified() {
        let mut t = PayTable::builtin("uth-03").unwrap().unwrap();
        t.id = "my-trips".into();
        assert_eq!(identical_builtin(&t).as_deref(), Some("uth-03"));
        assert!(identity_note(&t)
            .unwrap()
            .contains("identical to built-in uth-03"));
        t.lines.pop();
        assert_eq!(identical_builtin(&t), None);
    }
}
