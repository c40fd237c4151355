//! Per wager, the pay table as submitted and the true odds / payout odds /
//! house advantage sheet a regulator asks for.

use super::{decimal, exact_figure, readable_hand};
use crate::fraction::Fraction;
use crate::money::group_thousands;
use crate::report::document::{Block, Cell, Column, FigureLayout, Table, Text};
use crate::report::{percent, WagerResult};
use crate::rules::paytable::PayTable;

/// True odds against an event of probability `p`: `(1 − p)/p to 1`.
fn true_odds(p: &Fraction) -> Cell {
    if p.is_zero() {
        return Cell::plain("never");
    }
    let against = (Fraction::ONE - p) / p;
    let value = against.to_f64();
    let text = if value >= 100.0 {
        format!("{} to 1", group_thousands(value.round() as u64))
    } else {
        format!("{value:.2} to 1")
    };
    Cell::decimal(text, format!("{against} to 1"))
}

/// The probability the Blind pays `hand` (the base game's lines that say
/// "Blind pays <hand>").
fn blind_probability(r: &WagerResult, hand: &str) -> Fraction {
    let phrase = format!("Blind pays {}", hand.replace('_', " "));
    r.lines
        .iter()
        .filter(|l| l.hand.ends_with(&phrase))
        .map(|l| l.probability.clone())
        .sum()
}

/// The pay table as submitted and the true odds / payout odds / house
/// advantage sheet of a result.
pub(super) fn pay_and_odds(r: &WagerResult, table: Option<&PayTable>, blocks: &mut Vec<Block>) {
    let Some(t) = table else { return };
    let base_game = r.game.is_some();
    let mut pays = Table {
        columns: vec![Column::left("hand"), Column::left("pays")],
        rows: vec![],
    };
    for line in &t.lines {
        pays.rows.push(vec![
            Cell::plain(readable_hand(&line.hand.name())),
            Cell::plain(line.award.to_string()),
        ]);
    }
    blocks.push(Block::Heading(3, Text::plain("Pay table as submitted")));
    blocks.push(Block::Table(pays));
    blocks.push(Block::Paragraph(Text::plain(format!(
        "Source: {}",
        t.source
    ))));
    blocks.push(Block::Heading(
        3,
        Text::plain("True odds, payout odds and house advantage"),
    ));
    let mut sheet = Table {
        columns: vec![
            Column::left("hand"),
            Column::right("probability"),
            Column::right("true odds"),
            Column::left("payout odds"),
        ],
        rows: vec![],
    };
    for line in &t.lines {
        let name = line.hand.name();
        let p = if base_game {
            blind_probability(r, &name)
        } else {
            r.lines
                .iter()
                .filter(|l| l.hand == name)
                .map(|l| l.probability.clone())
                .sum()
        };
        sheet.rows.push(vec![
            Cell::plain(readable_hand(&name)),
            decimal(p.to_fixed(12), &p),
            true_odds(&p),
            Cell::plain(line.award.to_string()),
        ]);
    }
    blocks.push(Block::Table(sheet));
    let advantage = if base_game {
        "House advantage of the game as a whole (Ante, Blind and Play are not separate bets; \
         the probability above is that of the Blind paying the hand)"
    } else {
        "House advantage of the wager"
    };
    blocks.push(Block::Figures(
        FigureLayout::Loose,
        vec![exact_figure(
            advantage,
            percent(r.house_edge.clone()),
            &r.house_edge,
        )],
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn true_odds_of_a_one_in_four_event_are_three_to_one() {
        // Fact: p = 1/4 means 3 ways against to 1 for.
        let cell = true_odds(&Fraction::new(1, 4));
        assert_eq!(cell.text.to_plain(), "3.00 to 1");
        assert_eq!(cell.exact.as_deref(), Some("3 to 1"));
    }
}
