//! The collusion and exposed-card rows of the "Value of a leak" section of
//! the HTML report (`uth-edge report --format html --dead-results
//! results/dead_cards.collude-2.csv`): one row per dead-card case, read from
//! the committed results of `scripts/collusion.sh` as the one reader of
//! those files ([`crate::analysis::dead_results`]) validated them; nothing
//! is solved for it. A row computed on a smaller deck than the 52 cards
//! says its deck next to its case; no published figure is checked here
//! (`check --dead-results` does, against full-deck rows only).

use super::TEAM_SD_NOTE;
use crate::analysis::dead_results::DeadResult;
use crate::exact::seen::dead::DeadCase;
use crate::fraction::Fraction;
use crate::report::render::escape;
use crate::report::signed_percent;
use std::fmt::Write;

/// An exact figure as a percentage with four decimals, the exact value on
/// hover.
fn percent_cell(value: &Fraction) -> String {
    format!(
        "<td title=\"{}\">{}</td>",
        escape(&value.to_string()),
        signed_percent(value)
    )
}

/// Who knows what, for the row.
fn meaning(case: DeadCase) -> String {
    match case {
        DeadCase::Exposed => "one card out of play, seen by all".to_string(),
        DeadCase::Collude(1) => "one player alone (the base game)".to_string(),
        DeadCase::Collude(k) => format!("{k} players pool their hole cards"),
    }
}

/// The case as the row shows it: with its deck when that is not the full
/// 52 cards (a small test deck's figures are not the real game's).
fn case_label(row: &DeadResult) -> String {
    if row.deck == crate::cards::CardSet::FULL_DECK {
        row.case.to_string()
    } else {
        format!(
            "{} (on a {}-card deck, not the 52-card game)",
            row.case,
            row.deck.len()
        )
    }
}

/// The rows' table, headed, or nothing when there is none.
pub fn table(rows: &[DeadResult]) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<h3>Collusion and exposed cards</h3>\n<p class=\"legend\">The exact expectation of a player who \
         knows cards out of the deck (his partners' hole cards, a card exposed and taken out of play) and \
         plays the best strategy given them, from the committed results of <code>scripts/collusion.sh</code>. \
         The team's gain is per round of its K hands.</p>\n<table>\n<tr><th class=\"text\">case</th>\
         <th class=\"text\">who knows what</th><th class=\"text\">Blind table</th><th>per Ante</th>\
         <th>base game</th><th>gain per Ante</th><th>team's gain per round</th><th>std dev (Antes)</th></tr>"
    );
    for row in rows {
        let _ = writeln!(
            h,
            "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td><td class=\"text\">{}</td>{}{}{}{}<td>{:.4}</td></tr>",
            escape(&case_label(row)),
            escape(&meaning(row.case)),
            escape(&row.paytable),
            percent_cell(&row.per_ante),
            percent_cell(&row.base_per_ante),
            percent_cell(&row.gain),
            percent_cell(&row.team_gain),
            row.variance.to_f64().sqrt()
        );
    }
    let _ = writeln!(
        h,
        "</table>\n<p class=\"legend\">The team's standard deviation: {}.</p>",
        escape(TEAM_SD_NOTE)
    );
    h
}

/// The "Value of a leak" section with the dead-card rows: added before the
/// end of the seen-card section when there is one, else a section of their
/// own; `None` when there is neither.
pub fn with_dead_rows(seen_section: Option<String>, rows: &[DeadResult]) -> Option<String> {
    if rows.is_empty() {
        return seen_section;
    }
    let rows = table(rows);
    Some(match seen_section {
        Some(section) => match section.rfind("</section>") {
            Some(end) => format!("{}{}{}", &section[..end], rows, &section[end..]),
            None => section + &rows,
        },
        None => format!("<section id=\"leak\">\n<h2>Value of a leak</h2>\n{rows}</section>\n"),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reader_reads_the_columns_the_writer_writes() {
        assert_eq!(
            crate::report::dead::CSV_COLUMNS,
            crate::analysis::dead_results::CSV_COLUMNS
        );
    }
}
