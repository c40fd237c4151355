//! The seen-card cases (`uth-edge game --seen`): the player's exact
//! expectation when he sees cards he should not, as a table, CSV (the
//! columns [`CSV_COLUMNS`] of `results/seen_cards.csv`, documented in
//! `docs/output-formats.md`) or JSON (`docs/schema/seen-cards.schema.json`).

use super::csv::{write_rows, Decimal};
use super::{percent, write_document};
use crate::analysis::provenance::Provenance;
use crate::cards::Card;
use crate::exact::seen::{Decisions, PreflopState, SeenCase, Situation, Variant};
use crate::fraction::Fraction;
use serde::Serialize;
use std::io::{self, Write};

/// What every seen-card output says about the side bets.
pub const SIDE_BETS_NOTE: &str = "Trips and the Six Card Bonus are settled on cards dealt before \
     any seen card can be used and involve no decision: a leak changes neither their pays nor \
     their odds, so they keep their own house edge and are not included here.";

/// The CSV columns, in order (documented in `docs/output-formats.md`); the
/// one reader of the file, [`crate::analysis::seen_results`], holds them.
pub use crate::analysis::seen_results::CSV_COLUMNS;

/// One row of [`CSV_COLUMNS`]: a case.
#[derive(Serialize)]
struct CsvRow<'a> {
    case: String,
    paytable: &'a str,
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

/// One CSV row per case, columns [`CSV_COLUMNS`] (a case with a comma is
/// quoted).
pub fn write_csv(cases: &[SeenCase], out: &mut dyn Write) -> io::Result<()> {
    write_rows(&CSV_COLUMNS, cases.iter().map(CsvRow::new), out)
}

/// The cases as aligned text for people.
pub fn write_table(cases: &[SeenCase], out: &mut dyn Write) -> io::Result<()> {
    for c in cases {
        let shares = c.action_shares();
        writeln!(out, "Seen: {}   Blind table: {}", c.seen, c.paytable)?;
        writeln!(
            out,
            "  player's expectation per Ante        {:>10}   (exact {})",
            percent(c.per_ante()),
            c.per_ante()
        )?;
        writeln!(
            out,
            "  per total wagered (Ante+Blind+Play)  {:>10}   (average wager {:.4} Antes)",
            percent(c.per_total_wagered()),
            c.average_wagered().to_f64()
        )?;
        writeln!(
            out,
            "  standard deviation per hand          {:>10.4} Antes",
            c.std_dev()
        )?;
        if let Some(h) = c.hands_until_visible() {
            writeln!(
                out,
                "  hands until the expected win exceeds 2 standard deviations: {:.0} (4σ²/μ²)",
                h.to_f64().ceil()
            )?;
        }
        writeln!(
            out,
            "  final Play: 4x {}  3x {}  2x {}  1x {}  fold {}",
            percent(shares[4].clone()),
            percent(shares[3].clone()),
            percent(shares[2].clone()),
            percent(shares[1].clone()),
            percent(shares[0].clone())
        )?;
        writeln!(
            out,
            "  {} equally likely deals, {} starting-situation classes",
            c.tally.deals, c.classes
        )?;
        writeln!(out)?;
    }
    writeln!(out, "Positive: the player has the edge. {SIDE_BETS_NOTE}")
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

/// The cases as one JSON document (opening with the tool's version, the
/// layout version and the provenance, as every JSON document; layout
/// `docs/schema/seen-cards.schema.json`).
pub fn write_json(
    cases: &[SeenCase],
    provenance: Option<&Provenance>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let document = JsonCases {
        cases: cases.iter().map(JsonCase::new).collect(),
        side_bets: SIDE_BETS_NOTE,
    };
    write_document(document, provenance, out)
}

/// A JSON body as a stamped document, as text.
fn document(body: serde_json::Value, provenance: Option<&Provenance>) -> String {
    let mut bytes = Vec::new();
    write_document(body, provenance, &mut bytes).expect("writing to memory");
    String::from_utf8(bytes).expect("JSON is UTF-8")
}

/// The name of a preflop choice for people.
fn choice_name(d: Decisions) -> &'static str {
    match d {
        Decisions::Raise4x => "raise 4x",
        Decisions::Raise3x => "raise 3x",
        Decisions::Check => "check",
    }
}

/// What the player of a seen-card strategy query sees, for people.
fn seen_text(hole: &[Card], dealer: &[Card], variant: Variant, state: &PreflopState) -> String {
    let cards = |c: &[Card]| c.iter().map(|c| c.to_string()).collect::<String>();
    let mut text = format!("hole {}", cards(hole));
    if !dealer.is_empty() {
        text.push_str(&format!(", dealer card(s) seen {}", cards(dealer)));
    }
    if let Some(c) = state.seen {
        let group = match variant {
            Variant::Flop => "flop",
            _ => "turn/river",
        };
        text.push_str(&format!(", {group} card seen {c}"));
    }
    if variant == Variant::TurnRiverAtFlop {
        text.push_str(&format!(", {LATE_TURNRIVER}"));
    }
    text
}

/// What `turnriver-at-flop` adds to the preflop situation, for people.
const LATE_TURNRIVER: &str = "a turn/river card to be seen at the flop decision";

/// The preflop choices' expected values per hand, in Antes.
fn choice_values(state: &PreflopState, scale: i64) -> [(Decisions, Fraction); 3] {
    let per = |v: i128| Fraction::new(v, state.tally.deals * scale as i128);
    [
        (Decisions::Raise4x, per(state.raise_4x)),
        (Decisions::Raise3x, per(state.raise_3x)),
        (Decisions::Check, per(state.check)),
    ]
}

/// A seen-card preflop decision as text.
pub fn strategy_table(
    paytable: &str,
    hole: &[Card],
    dealer: &[Card],
    variant: Variant,
    state: &PreflopState,
    scale: i64,
) -> String {
    let mut text = format!(
        "Preflop decision, {} (Blind table {paytable})\n",
        seen_text(hole, dealer, variant, state)
    );
    for (d, v) in choice_values(state, scale) {
        text.push_str(&format!(
            "  {:<9} {:>+9.4} Antes   (exact {v})\n",
            choice_name(d),
            v.to_f64()
        ));
    }
    text.push_str(&format!("  best: {}\n", choice_name(state.decision)));
    text
}

/// A seen-card preflop decision as JSON.
pub fn strategy_json(
    paytable: &str,
    hole: &[Card],
    dealer: &[Card],
    variant: Variant,
    state: &PreflopState,
    scale: i64,
    provenance: Option<&Provenance>,
) -> String {
    let cards = |c: &[Card]| c.iter().map(|c| c.to_string()).collect::<String>();
    let options: Vec<_> = choice_values(state, scale)
        .into_iter()
        .map(|(d, v)| {
            serde_json::json!({"choice": d.name(), "ev": v.to_f64(), "ev_exact": v.to_string()})
        })
        .collect();
    let doc = serde_json::json!({
        "paytable": paytable,
        "hole": cards(hole),
        "seen_dealer": cards(dealer),
        "seen_flop": if variant == Variant::Flop { state.seen.map(|c| c.to_string()) } else { None },
        "seen_turnriver": if variant == Variant::TurnRiver { state.seen.map(|c| c.to_string()) } else { None },
        "turnriver_at_flop": variant == Variant::TurnRiverAtFlop,
        "options": options,
        "best": state.decision.name(),
    });
    document(doc, provenance)
}

/// Hole cards as text: `AsKd`.
fn hole_text(s: &Situation) -> String {
    format!("{}{}", s.player.1, s.player.0)
}

/// The seen-card preflop chart as text: the hands that raise 4x, then the
/// others, each with its number of holdings and the exact EVs per hand.
pub fn chart_table(
    paytable: &str,
    dealer: &[Card],
    variant: Variant,
    chart: &[(Situation, PreflopState)],
    scale: i64,
) -> String {
    let seen: String = dealer.iter().map(|c| c.to_string()).collect();
    let late = if variant == Variant::TurnRiverAtFlop {
        format!(" and {LATE_TURNRIVER}")
    } else {
        String::new()
    };
    let mut text = format!(
        "Preflop chart with dealer card(s) {seen} seen{late} (Blind table {paytable}); one row per class of hole cards \
         under the suit renamings that keep the seen cards; EVs per hand in Antes\n\
         {:<6} {:>5} {:>9} {:>9} {:>9}  best\n",
        "hand", "holds", "raise 4x", "raise 3x", "check"
    );
    let mut rows: Vec<&(Situation, PreflopState)> = chart.iter().collect();
    let gain = |s: &PreflopState| Fraction::new(s.raise_4x - s.check, s.tally.deals);
    rows.sort_by_key(|(_, s)| std::cmp::Reverse(gain(s)));
    for (situation, state) in rows {
        let [v4, v3, check] = choice_values(state, scale).map(|(_, v)| v.to_f64());
        text.push_str(&format!(
            "{:<6} {:>5} {:>+9.4} {:>+9.4} {:>+9.4}  {}\n",
            hole_text(situation),
            situation.size,
            v4,
            v3,
            check,
            choice_name(state.decision)
        ));
    }
    text
}

/// The seen-card preflop chart as JSON.
pub fn chart_json(
    paytable: &str,
    dealer: &[Card],
    variant: Variant,
    chart: &[(Situation, PreflopState)],
    scale: i64,
    provenance: Option<&Provenance>,
) -> String {
    let seen: String = dealer.iter().map(|c| c.to_string()).collect();
    let rows: Vec<_> = chart
        .iter()
        .map(|(situation, state)| {
            serde_json::json!({
                "hand": hole_text(situation),
                "holdings": situation.size,
                "best": state.decision.name(),
                "options": choice_values(state, scale).map(|(d, v)| {
                    serde_json::json!({"choice": d.name(), "ev": v.to_f64(), "ev_exact": v.to_string()})
                }),
            })
        })
        .collect();
    let doc = serde_json::json!({
        "paytable": paytable,
        "seen_dealer": seen,
        "turnriver_at_flop": variant == Variant::TurnRiverAtFlop,
        "hands": rows,
    });
    document(doc, provenance)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::seen::{Seen, Tally};

    /// A case from its tally (money in whole Antes).
    fn case(seen: Seen, classes: usize, deals: i128, value: i128, square: i128) -> SeenCase {
        SeenCase {
            seen,
            paytable: "blind-a".into(),
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
        write_csv(&[four, two], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_COLUMNS.join(","));
        assert_eq!(
            lines[1],
            format!(
                "\"dealer:1,flop:1\",blind-a,7,4,0.5,1/2,{},1/9,4.5,9/2,0.5,1/2,0,0,0.25,1/4,0,0,\
                 0.25,1/4,{},5/4,20,20",
                1.0f64 / 9.0,
                1.25f64.sqrt()
            )
        );
        assert_eq!(
            lines[2],
            "dealer:2,blind-a,3,2,0,0,0,0,3,3,0,0,0,0,0,0,1,1,0,0,1,1,,"
        );
        assert_eq!(lines.len(), 3);
    }
}
