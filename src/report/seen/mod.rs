//! The seen-card cases (`uth-edge game --seen`) as a document
//! ([`document`]): the player's exact expectation when he sees cards he
//! should not, for people (a section per case), as CSV (the columns
//! [`CSV_COLUMNS`] of `results/seen_cards.csv`, documented in
//! `docs/output-formats-results.md`) or JSON (`docs/schema/seen-cards.schema.json`).
//! The preflop decision and chart of a player who sees cards are
//! [`strategy`]'s.

pub mod leak;
pub mod strategy;

use super::document::{Block, Document, Records, Section, Text};
use super::percent;
use super::Decimal;
use crate::analysis::provenance::Provenance;
use crate::exact::seen::SeenCase;
use crate::fraction::Fraction;
use serde::Serialize;
use std::io;

/// What every seen-card output says about the side bets.
pub const SIDE_BETS_NOTE: &str = "Trips and the Six Card Bonus are settled on cards dealt before \
     any seen card can be used and involve no decision: a leak changes neither their pays nor \
     their odds, so they keep their own house edge and are not included here.";

/// The CSV columns, in order (documented in `docs/output-formats-results.md`); the
/// one reader of the file, [`crate::analysis::seen_results`], holds them.
pub use crate::analysis::seen_results::CSV_COLUMNS;

/// One row of [`CSV_COLUMNS`]: a case.
#[derive(Serialize)]
struct CsvRow<'a> {
    case: String,
    paytable: &'a str,
    paytable_sha256: &'a str,
    engine: u32,
    classes: usize,
    deals: i128,
    player_edge_per_ante: Decimal,
    player_edge_per_ante_exact: String,
    player_edge_per_total_wagered: Decimal,
    player_edge_per_total_wagered_exact: String,
    average_total_wager: Decimal,
    average_total_wager_exact: String,
    raise_4x: Decimal,
    raise_4x_exact: String,
    raise_3x: Decimal,
    raise_3x_exact: String,
    raise_2x: Decimal,
    raise_2x_exact: String,
    raise_1x: Decimal,
    raise_1x_exact: String,
    fold: Decimal,
    fold_exact: String,
    std_dev: Decimal,
    variance_exact: String,
    hands_until_visible: Option<Decimal>,
    hands_until_visible_exact: Option<String>,
}

impl<'a> CsvRow<'a> {
    fn new(c: &'a SeenCase) -> CsvRow<'a> {
        let [fold, raise_1x, raise_2x, raise_3x, raise_4x] = c.action_shares();
        let hands = c.hands_until_visible();
        CsvRow {
            case: c.seen.to_string(),
            paytable: &c.paytable,
            paytable_sha256: &c.paytable_sha256,
            engine: crate::exact::ENGINE_VERSION,
            classes: c.classes,
            deals: c.tally.deals,
            player_edge_per_ante: Decimal::of(&c.per_ante()),
            player_edge_per_ante_exact: c.per_ante().to_string(),
            player_edge_per_total_wagered: Decimal::of(&c.per_total_wagered()),
            player_edge_per_total_wagered_exact: c.per_total_wagered().to_string(),
            average_total_wager: Decimal::of(&c.average_wagered()),
            average_total_wager_exact: c.average_wagered().to_string(),
            raise_4x: Decimal::of(&raise_4x),
            raise_4x_exact: raise_4x.to_string(),
            raise_3x: Decimal::of(&raise_3x),
            raise_3x_exact: raise_3x.to_string(),
            raise_2x: Decimal::of(&raise_2x),
            raise_2x_exact: raise_2x.to_string(),
            raise_1x: Decimal::of(&raise_1x),
            raise_1x_exact: raise_1x.to_string(),
            fold: Decimal::of(&fold),
            fold_exact: fold.to_string(),
            std_dev: Decimal(c.std_dev()),
            variance_exact: c.variance().to_string(),
            hands_until_visible: hands.as_ref().map(Decimal::of),
            hands_until_visible_exact: hands.as_ref().map(Fraction::to_string),
        }
    }
}

/// A line under a case's heading: indented in the text table.
fn note(text: Text) -> Block {
    Block::Note(text)
}

/// One case's section: its heading line and its figures, one a line.
fn case_section(c: &SeenCase) -> Section {
    let shares = c.action_shares();
    let mut blocks = vec![
        Block::Paragraph(Text::plain(format!(
            "Seen: {}   Blind table: {}",
            c.seen, c.paytable
        ))),
        note(
            Text::plain(format!(
                "player's expectation per Ante        {:>10}   (exact ",
                percent(c.per_ante())
            ))
            .then_exact(c.per_ante().to_string())
            .then(")"),
        ),
        note(Text::plain(format!(
            "per total wagered (Ante+Blind+Play)  {:>10}   (average wager {:.4} Antes)",
            percent(c.per_total_wagered()),
            c.average_wagered().to_f64()
        ))),
        note(Text::plain(format!(
            "standard deviation per hand          {:>10.4} Antes",
            c.std_dev()
        ))),
    ];
    if let Some(h) = c.hands_until_visible() {
        blocks.push(note(Text::plain(format!(
            "hands until the expected win exceeds 2 standard deviations: {:.0} (4σ²/μ²)",
            h.to_f64().ceil()
        ))));
    }
    blocks.push(note(Text::plain(format!(
        "final Play: 4x {}  3x {}  2x {}  1x {}  fold {}",
        percent(shares[4].clone()),
        percent(shares[3].clone()),
        percent(shares[2].clone()),
        percent(shares[1].clone()),
        percent(shares[0].clone())
    ))));
    blocks.push(note(Text::plain(format!(
        "{} equally likely deals, {} starting-situation classes",
        c.tally.deals, c.classes
    ))));
    Section::of(blocks)
}

/// The cases as a document: a section per case (its heading line, then its
/// figures), then what the sign means and why the side bets are left out;
/// the CSV records ([`CSV_COLUMNS`], one row per case) and the JSON body
/// (`docs/schema/seen-cards.schema.json`).
pub fn document(cases: &[SeenCase], provenance: Option<Provenance>) -> io::Result<Document<'_>> {
    let mut sections: Vec<Section> = cases.iter().map(case_section).collect();
    sections.push(Section::of(vec![Block::Paragraph(Text::plain(format!(
        "Positive: the player has the edge. {SIDE_BETS_NOTE}"
    )))]));
    Ok(Document {
        sections,
        provenance,
        csv: Some(Records::of(&CSV_COLUMNS, cases.iter().map(CsvRow::new))?),
        json: Some(Box::new(JsonCases {
            cases: cases.iter().map(JsonCase::new).collect(),
            side_bets: SIDE_BETS_NOTE,
        })),
        ..Document::default()
    })
}

/// A figure in the JSON of the cases: `{"exact": "p/q", "value": x}`.
#[derive(Serialize)]
struct JsonFigure {
    exact: String,
    value: f64,
}

impl JsonFigure {
    fn of(f: Fraction) -> JsonFigure {
        JsonFigure {
            value: f.to_f64(),
            exact: f.to_string(),
        }
    }
}

/// The shares of the final Play of a case.
#[derive(Serialize)]
struct JsonFinalPlay {
    fold: JsonFigure,
    raise_1x: JsonFigure,
    raise_2x: JsonFigure,
    raise_3x: JsonFigure,
    raise_4x: JsonFigure,
}

/// A case in the JSON document (keys in alphabetical order, the order the
/// document has always had).
#[derive(Serialize)]
struct JsonCase<'a> {
    average_total_wager: JsonFigure,
    case: String,
    classes: usize,
    deals: String,
    final_play: JsonFinalPlay,
    hands_until_visible: Option<JsonFigure>,
    paytable: &'a str,
    player_edge_per_ante: JsonFigure,
    player_edge_per_total_wagered: JsonFigure,
    std_dev: f64,
    variance_exact: String,
}

impl<'a> JsonCase<'a> {
    fn new(c: &'a SeenCase) -> JsonCase<'a> {
        let [fold, raise_1x, raise_2x, raise_3x, raise_4x] = c.action_shares().map(JsonFigure::of);
        JsonCase {
            average_total_wager: JsonFigure::of(c.average_wagered()),
            case: c.seen.to_string(),
            classes: c.classes,
            deals: c.tally.deals.to_string(),
            final_play: JsonFinalPlay {
                fold,
                raise_1x,
                raise_2x,
                raise_3x,
                raise_4x,
            },
            hands_until_visible: c.hands_until_visible().map(JsonFigure::of),
            paytable: &c.paytable,
            player_edge_per_ante: JsonFigure::of(c.per_ante()),
            player_edge_per_total_wagered: JsonFigure::of(c.per_total_wagered()),
            std_dev: c.std_dev(),
            variance_exact: c.variance().to_string(),
        }
    }
}

/// The JSON document of the cases, after the keys every document opens
/// with.
#[derive(Serialize)]
struct JsonCases<'a> {
    cases: Vec<JsonCase<'a>>,
    side_bets: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::seen::{Seen, Tally, Variant};

    /// A case from its tally (money in whole Antes).
    fn case(seen: Seen, classes: usize, deals: i128, value: i128, square: i128) -> SeenCase {
        SeenCase {
            seen,
            paytable: "blind-a".into(),
            paytable_sha256: "0".repeat(64),
            scale: 1,
            tally: Tally {
                deals,
                value,
                square,
                actions: [0; 5],
            },
            classes,
        }
    }

    #[test]
    fn the_row_struct_has_the_documented_columns() {
        let seen = Seen {
            dealer: 1,
            variant: Variant::Flop,
        };
        let c = case(seen, 1, 1, 1, 1);
        assert_eq!(crate::report::header_of(CsvRow::new(&c)), CSV_COLUMNS);
    }

    #[test]
    fn a_row_is_the_cases_figures_decimal_and_exact() {
        // Worked by hand. Four deals, nets in Antes summing to 2 with
        // squares summing to 6; final Play fold 1, 2x 1, 4x 2. Per Ante
        // 2/4 = 1/2; average wager (2·4 + 2 + 4·2)/4 = 9/2; per total
        // wagered 2/18 = 1/9; variance 6/4 − 1/4 = 5/4, std dev √1.25;
        // hands until visible 4·(5/4)/(1/2)² = 20. The case has a comma:
        // quoted.
        let seen = Seen {
            dealer: 1,
            variant: Variant::Flop,
        };
        let mut four = case(seen, 7, 4, 2, 6);
        four.tally.actions = [1, 0, 1, 0, 2];
        // Two deals netting 0 (squares 2), both 1x: no expected win, so the
        // hands until visible are empty.
        let dealer_2 = Seen {
            dealer: 2,
            variant: Variant::NoBoardCard,
        };
        let mut two = case(dealer_2, 3, 2, 0, 2);
        two.tally.actions = [0, 2, 0, 0, 0];
        let mut out = Vec::new();
        let cases = [four, two];
        let document = document(&cases, None).unwrap();
        crate::report::render(crate::report::Format::Csv, &document, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_COLUMNS.join(","));
        let zeros = "0".repeat(64);
        assert_eq!(
            lines[1],
            format!(
                "\"dealer:1,flop:1\",blind-a,{zeros},1,7,4,0.5,1/2,{},1/9,4.5,9/2,0.5,1/2,0,0,0.25,1/4,0,0,\
                 0.25,1/4,{},5/4,20,20",
                1.0f64 / 9.0,
                1.25f64.sqrt()
            )
        );
        assert_eq!(
            lines[2],
            format!("dealer:2,blind-a,{zeros},1,3,2,0,0,0,0,3,3,0,0,0,0,0,0,1,1,0,0,1,1,,")
        );
        assert_eq!(lines.len(), 3);
    }
}
