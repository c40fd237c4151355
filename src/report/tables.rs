//! The documents of `uth-edge tables`: the built-in pay tables listed, and
//! a validated pay-table file's inputs (every pay normalized to the exact
//! net win per unit wagered) with the house edge the program computed for
//! it (in words when the player has the advantage).

use super::document::{Block, Cell, Column, Document, Section, Table, Text};
use crate::fraction::Fraction;
use crate::result::WagerResult;
use crate::rules::paytable::{Award, PayTable, PayingHand, WagerKind};

/// The list of built-in tables: id, wager and title, one row each.
pub fn list(tables: &[PayTable]) -> Document<'static> {
    let table = Table {
        columns: vec![
            Column::left("id").spaced(0),
            Column::left("wager").spaced(1).at_least(16),
            Column::left("title").spaced(1),
        ],
        rows: tables
            .iter()
            .map(|t| {
                vec![
                    Cell::plain(t.id.clone()),
                    Cell::plain(t.wager.name()),
                    Cell::plain(t.title.clone()),
                ]
            })
            .collect(),
    };
    let hint = Text::marked(
        "`uth-edge tables show ID` prints one as a template; `uth-edge tables validate FILE` checks a file.",
    );
    Document {
        sections: vec![
            Section::of(vec![Block::Table(table)]),
            Section::of(vec![Block::Paragraph(hint)]),
        ],
        ..Document::default()
    }
}

/// A valid table read from `origin` (its SHA-256 `sha256`): its id,
/// title, source, rules, each line's pays normalized, its published
/// figures, and `figures`: the results computed for it at the default
/// settings (a Six Card Bonus at each default wager), or why they could
/// not be computed.
pub fn validation(
    t: &PayTable,
    origin: &str,
    sha256: &str,
    figures: &Result<Vec<WagerResult>, String>,
) -> Document<'static> {
    let line =
        |label: &str, value: &str| Block::Paragraph(Text::plain(format!("{label:<9}{value}")));
    let mut blocks = vec![
        Block::Paragraph(Text::plain(format!(
            "{origin}: valid {} pay table",
            t.wager.name()
        ))),
        line("id:", &t.id),
        line("title:", &t.title),
        line("source:", &t.source),
        line("sha256:", sha256),
        line("rules:", &rules_text(t)),
        Block::Paragraph(Text::plain("lines (net win per unit wagered, exact):")),
        Block::Rows(Table {
            columns: vec![
                Column::left("hand").at_least(28),
                Column::left("pays").spaced(1).at_least(18),
                Column::left("net win per unit").spaced(1),
            ],
            rows: t
                .lines
                .iter()
                .map(|l| {
                    vec![
                        Cell::plain(l.hand.name()),
                        Cell::plain(l.award.to_string()),
                        Cell::plain(format!("{}{}", normalized(l.award), hands_named(l.hand))),
                    ]
                })
                .collect(),
        }),
    ];
    if t.wager == WagerKind::UltimatePairs {
        blocks.push(Block::Paragraph(Text::plain(
            "(a deal matched by several lines is paid by the highest-paying one only)",
        )));
    }
    for p in &t.published {
        blocks.push(Block::Paragraph(Text::plain(format!(
            "published {}: {} ({})",
            p.name, p.value, p.source
        ))));
    }
    blocks.extend(edge_lines(figures));
    Document {
        sections: vec![Section::of(blocks)],
        ..Document::default()
    }
}

/// The house edge of each computed result, one line each, then the words
/// [`super::player_advantage`] gives where it is negative.
fn edge_lines(figures: &Result<Vec<WagerResult>, String>) -> Vec<Block> {
    let results = match figures {
        Ok(results) => results,
        Err(why) => {
            return vec![Block::Paragraph(Text::plain(format!(
                "house edge: not computed at the default settings: {why}"
            )))]
        }
    };
    let mut blocks = Vec::new();
    for r in results {
        let unit = if r.game.is_some() {
            "per Ante"
        } else {
            "per unit wagered"
        };
        blocks.push(Block::Paragraph(Text::plain(format!(
            "house edge {}{}: {} = {} (exact, {unit})",
            super::wager_title(&r.wager),
            super::settings_text(r.wager_amount.clone(), r.meter.clone(), r.players),
            super::percent(r.house_edge.clone()),
            r.house_edge
        ))));
        if let Some(words) = super::player_advantage(r) {
            blocks.push(Block::Paragraph(words));
        }
    }
    blocks
}

/// An award as the exact net win per unit wagered (`50 to 1` → `50`,
/// `3 to 2` → `3/2 = 1.5`), or what it depends on.
fn normalized(award: Award) -> String {
    match award {
        Award::Odds { win, per } => {
            let f = Fraction::new(i128::from(win), i128::from(per));
            if per == 1 {
                f.to_string()
            } else {
                format!("{f} = {}", f.to_f64())
            }
        }
        Award::Fixed { dollars } => format!("${dollars} whatever the wager"),
        Award::Meter { percent, .. } => format!("{percent}% of the meter"),
    }
}

/// For a two-card line, how many two-card hands it names: `  (12 of the
/// player's 1,326 hands)`, with the dealer's when the line names them.
fn hands_named(hand: PayingHand) -> String {
    let PayingHand::TwoCards(h) = hand else {
        return String::new();
    };
    let player = format!("{} of the player's 1,326 hands", h.player.combinations());
    match h.dealer {
        None => format!("  ({player})"),
        Some(d) => format!("  ({player}; the dealer's: {} of 1,326)", d.combinations()),
    }
}

/// The table's rule options as one line.
fn rules_text(t: &PayTable) -> String {
    let r = &t.rules;
    let ways: Vec<&str> = r.bad_beat_pays_on.iter().map(|w| w.name()).collect();
    format!(
        "trips = {}, bad beat pays on = [{}], progressive hand = {}, wager returned = {}",
        r.trips.name(),
        ways.join(", "),
        r.progressive_hand.name(),
        r.wager_returned
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{render, Format};

    #[test]
    fn a_long_pay_keeps_the_columns_lined_up() {
        // The pays column was 18 characters wide by hand: a longer pay
        // (`1000000000000 to 1000`, which a pay-table file may hold) pushed
        // its line's last column out of line with the others.
        let mut t = PayTable::resolve("uth-01").unwrap();
        t.lines[0].award = Award::Odds {
            win: 1_000_000_000_000,
            per: 1000,
        };
        let mut out = Vec::new();
        let figures = Ok(Vec::new());
        render(
            Format::Table,
            &validation(&t, "uth-01", "0", &figures),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
        assert_eq!(rows.len(), t.lines.len(), "{text}");
        // Where each row's net win starts: after its hand and its pays.
        let starts: Vec<usize> = rows
            .iter()
            .zip(&t.lines)
            .map(|(row, l)| {
                let pays_end = row.find(&l.award.to_string()).unwrap() + l.award.to_string().len();
                pays_end + row[pays_end..].find(|c: char| c != ' ').unwrap()
            })
            .collect();
        assert!(starts.windows(2).all(|w| w[0] == w[1]), "{text}");
    }
}
