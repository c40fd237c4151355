//! Operator economics as a document ([`document`]): for people (a table
//! with a unit on every figure), for spreadsheets (CSV, columns
//! [`CSV_COLUMNS`]) and for programs (JSON).
//!
//! Every dollar figure but the standard deviations and the ranges is exact;
//! its decimals are [`Fraction::to_fixed`] of the exact value (correctly
//! rounded). The text table's columns are as wide as their widest cell, so
//! a long pay-table id keeps them aligned.

use super::document::{Block, Cell, Column, Document, Records, Section, Table, Text};
use crate::analysis::economics::{TableEconomics, TableTraffic, WagerEconomics, CONFIDENCE};
use crate::analysis::players::{LimitAssumed, MixEconomics, PlayerMoney};
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::report::{percent, Decimal};
use serde::Serialize;
use serde_json::json;
use std::io;

/// `f` dollars with `places` decimals, sign first and thousands grouped:
/// `-$1,012.86`.
pub(super) fn dollars(f: &Fraction, places: u32) -> String {
    let fixed = f.to_fixed(places);
    let (sign, digits) = match fixed.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", fixed.as_str()),
    };
    let (whole, decimals) = match digits.split_once('.') {
        Some((w, d)) => (w, format!(".{d}")),
        None => (digits, String::new()),
    };
    let grouped = match whole.parse::<u64>() {
        Ok(n) => crate::money::group_thousands(n),
        Err(_) => whole.to_string(),
    };
    format!("{sign}${grouped}{decimals}")
}

/// A share as a percentage with up to two decimals: `50%`, `12.5%`.
pub(super) fn share(f: &Fraction) -> String {
    let text = (f.clone() * Fraction::from_int(100)).to_fixed(2);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}%")
}

/// The header of the text table, with the unit of each column.
const TABLE_HEADER: [&str; 10] = [
    "wager",
    "pay table",
    "take-up",
    "avg wager",
    "house edge",
    "win $/seat-hand",
    "win $/hour",
    "win $/day",
    "win $/year",
    "sd $/seat-hand",
];

/// The cells of one wager's row.
fn wager_cells(w: &WagerEconomics) -> Vec<Cell> {
    let exact = |text: String, f: &Fraction| Cell::decimal(text, f.to_string());
    vec![
        Cell::plain(w.wager.clone()),
        Cell::plain(w.paytable.clone()),
        exact(share(&w.take_up), &w.take_up),
        exact(dollars(&w.amount, 2), &w.amount),
        exact(percent(w.house_edge.clone()), &w.house_edge),
        exact(dollars(&w.win_per_seat_hand, 4), &w.win_per_seat_hand),
        exact(dollars(&w.win_per_hour, 2), &w.win_per_hour),
        exact(dollars(&w.win_per_day, 2), &w.win_per_day),
        exact(dollars(&w.win_per_year, 2), &w.win_per_year),
        Cell::plain(format!("${:.2}", w.sd_per_seat_hand)),
    ]
}

/// The section of one configuration: its label, a table of its wagers and
/// their total, and the ranges of a day's and a month's result.
fn configuration_section(t: &TableEconomics) -> Section {
    let columns = TABLE_HEADER
        .iter()
        .enumerate()
        .map(|(i, h)| {
            if i < 2 {
                Column::left(h)
            } else {
                Column::right(h)
            }
        })
        .collect();
    let mut rows: Vec<Vec<Cell>> = t.wagers.iter().map(wager_cells).collect();
    let per_hand = t
        .wagers
        .iter()
        .fold(Fraction::ZERO, |sum, w| sum + w.win_per_seat_hand.clone());
    let sd: f64 = t.wagers.iter().map(|w| w.sd_per_seat_hand).sum();
    rows.push(vec![
        Cell::plain("total"),
        Cell::plain(""),
        Cell::plain(""),
        Cell::plain(""),
        Cell::plain(""),
        Cell::decimal(dollars(&per_hand, 4), per_hand.to_string()),
        Cell::decimal(dollars(&t.win_per_hour, 2), t.win_per_hour.to_string()),
        Cell::decimal(dollars(&t.win_per_day, 2), t.win_per_day.to_string()),
        Cell::decimal(dollars(&t.win_per_year, 2), t.win_per_year.to_string()),
        Cell::plain(format!("at most ${sd:.2}")),
    ]);
    let mut blocks = vec![
        Block::Heading(2, Text::plain(t.label.clone())),
        Block::Table(Table { columns, rows }),
    ];
    for (name, ranges) in [("day", &t.day_ranges), ("month", &t.month_ranges)] {
        let text: Vec<String> = ranges
            .iter()
            .map(|(c, lo, hi)| format!("{c} {} to {}", money(*lo), money(*hi)))
            .collect();
        blocks.push(Block::Note(Text::plain(format!(
            "a {name}'s result in dollars (normal approximation): {}",
            text.join("; ")
        ))));
    }
    Section::of(blocks)
}

/// The economics of each configuration as a document: the traffic, one
/// section per configuration, what the figures mean; with the CSV records
/// ([`CSV_COLUMNS`]) and the JSON body.
pub fn document(
    traffic: &TableTraffic,
    tables: &[TableEconomics],
    mixes: &[MixEconomics],
    limit: Option<&LimitAssumed>,
    provenance: Provenance,
) -> io::Result<Document<'static>> {
    let paragraph = |text: String| Section::of(vec![Block::Paragraph(Text::plain(text))]);
    let mut sections = vec![paragraph(format!(
        "Theoretical win of one table: {} hands an hour, {} seats filled ({} seat-hands an hour), {} hours a day, {} days a year.",
        traffic.hands_per_hour,
        traffic.seats,
        u64::from(traffic.hands_per_hour) * u64::from(traffic.seats),
        traffic.hours_per_day,
        traffic.days_per_year,
    ))];
    if let Some(limit) = limit {
        let trips = tables
            .iter()
            .flat_map(|t| &t.wagers)
            .any(|w| w.wager == "trips" && w.take_up.is_positive());
        let side_bets = if trips {
            "the Trips wager's wins count toward the limit with the base game's, so the seat-hands with Trips are priced with the base game, as `game --payout-limit --trips` prices them (the best play knowing both): the Trips row's house edge is what the wager adds to the seat-hand's hold under the limit, per Trips dollar, and its sd what it adds to the seat-hand's variance, so the table's win is the exact joint figure; the other side bets are paid in full"
        } else {
            "the side bets are paid in full"
        };
        sections.push(paragraph(format!(
            "Under {} (COMAR 36.05.16.12F): the base game's figures (each configuration's and the player mix's) are with the limit capping its wins, the best play knowing the limit; {side_bets}.",
            limit.describe()
        )));
    }
    sections.extend(tables.iter().map(configuration_section));
    sections.extend(
        mixes
            .iter()
            .map(|m| super::players::mix_section(traffic, m)),
    );
    sections.push(paragraph(format!(
        "A seat-hand is one seat's one hand. Take-up is the share of seat-hands that make the wager; avg wager its average amount (the base game: the Ante; its house edge is per Ante and counts the Blind and the Play). Wins are exact: take-up x avg wager x house edge per seat-hand, times the seat-hands of an hour, a day ({} hours) or a year ({} days). sd is the standard deviation of the house's result per seat-hand, in dollars. Ranges use the normal approximation with z = {} ({}) and {} ({}), seat-hands treated as independent and each seat-hand's standard deviation taken as the sum of its wagers' (the widest their correlation allows; with one wager counted it is exact, the root of the exact variance). A month outside its 95% range calls for a look: Maryland has operators investigate win swings at 95% confidence (COMAR 36.05.03.25).",
        traffic.hours_per_day,
        traffic.days_per_year,
        CONFIDENCE[0].1,
        CONFIDENCE[0].0,
        CONFIDENCE[1].1,
        CONFIDENCE[1].0
    )));
    Ok(Document {
        sections,
        provenance: Some(provenance),
        csv: Some(csv_records(traffic, tables, mixes)?),
        json: Some(Box::new(json_body(traffic, tables, mixes, limit))),
        ..Document::default()
    })
}

/// Dollars rounded to the dollar, with sign and thousands separators.
pub(super) fn money(x: f64) -> String {
    let sign = if x < 0.0 { "-" } else { "" };
    format!(
        "{sign}${}",
        crate::money::group_thousands(x.abs().round() as u64)
    )
}

/// The CSV columns, in order: one row per wager of each configuration and
/// a `total` row per configuration (its wager-only columns empty). Dollar
/// columns end in `_dollars`; each exact figure has an `_exact` twin.
pub const CSV_COLUMNS: [&str; 24] = [
    "configuration",
    "wager",
    "paytable",
    "take_up",
    "take_up_exact",
    "amount_dollars",
    "amount_dollars_exact",
    "house_edge",
    "house_edge_exact",
    "win_per_seat_hand_dollars",
    "win_per_seat_hand_dollars_exact",
    "win_per_hour_dollars",
    "win_per_hour_dollars_exact",
    "win_per_day_dollars",
    "win_per_day_dollars_exact",
    "win_per_year_dollars",
    "win_per_year_dollars_exact",
    "sd_per_seat_hand_dollars",
    "seat_hands_per_hour",
    "seat_hands_per_day",
    "seat_hands_per_year",
    "hours_per_day",
    "days_per_year",
    "sd_note",
];

/// One CSV row (fields: [`CSV_COLUMNS`]).
#[derive(Serialize)]
struct CsvRow<'a> {
    configuration: &'a str,
    wager: &'a str,
    paytable: Option<&'a str>,
    take_up: Option<Decimal>,
    take_up_exact: Option<String>,
    amount_dollars: Option<Decimal>,
    amount_dollars_exact: Option<String>,
    house_edge: Option<Decimal>,
    house_edge_exact: Option<String>,
    win_per_seat_hand_dollars: Decimal,
    win_per_seat_hand_dollars_exact: String,
    win_per_hour_dollars: Decimal,
    win_per_hour_dollars_exact: String,
    win_per_day_dollars: Decimal,
    win_per_day_dollars_exact: String,
    win_per_year_dollars: Decimal,
    win_per_year_dollars_exact: String,
    sd_per_seat_hand_dollars: Decimal,
    seat_hands_per_hour: u64,
    seat_hands_per_day: u64,
    seat_hands_per_year: u64,
    hours_per_day: u64,
    days_per_year: u64,
    sd_note: &'static str,
}

/// The economics as CSV records (see [`CSV_COLUMNS`]).
fn csv_records(
    traffic: &TableTraffic,
    tables: &[TableEconomics],
    mixes: &[MixEconomics],
) -> io::Result<Records> {
    let mut rows = Vec::new();
    for t in tables {
        let (hours, days) = (
            u64::from(traffic.hours_per_day),
            u64::from(traffic.days_per_year),
        );
        for w in &t.wagers {
            rows.push(CsvRow {
                configuration: &t.label,
                wager: &w.wager,
                paytable: Some(&w.paytable),
                take_up: Some(Decimal::of(&w.take_up)),
                take_up_exact: Some(w.take_up.to_string()),
                amount_dollars: Some(Decimal::of(&w.amount)),
                amount_dollars_exact: Some(w.amount.to_string()),
                house_edge: Some(Decimal::of(&w.house_edge)),
                house_edge_exact: Some(w.house_edge.to_string()),
                win_per_seat_hand_dollars: Decimal::of(&w.win_per_seat_hand),
                win_per_seat_hand_dollars_exact: w.win_per_seat_hand.to_string(),
                win_per_hour_dollars: Decimal::of(&w.win_per_hour),
                win_per_hour_dollars_exact: w.win_per_hour.to_string(),
                win_per_day_dollars: Decimal::of(&w.win_per_day),
                win_per_day_dollars_exact: w.win_per_day.to_string(),
                win_per_year_dollars: Decimal::of(&w.win_per_year),
                win_per_year_dollars_exact: w.win_per_year.to_string(),
                sd_per_seat_hand_dollars: Decimal(w.sd_per_seat_hand),
                seat_hands_per_hour: t.seat_hands_per_hour,
                seat_hands_per_day: t.seat_hands_per_day,
                seat_hands_per_year: t.seat_hands_per_year,
                hours_per_day: hours,
                days_per_year: days,
                sd_note: "of the wager",
            });
        }
        let per_hand = t
            .wagers
            .iter()
            .fold(Fraction::ZERO, |sum, w| sum + w.win_per_seat_hand.clone());
        rows.push(CsvRow {
            configuration: &t.label,
            wager: "total",
            paytable: None,
            take_up: None,
            take_up_exact: None,
            amount_dollars: None,
            amount_dollars_exact: None,
            house_edge: None,
            house_edge_exact: None,
            win_per_seat_hand_dollars: Decimal::of(&per_hand),
            win_per_seat_hand_dollars_exact: per_hand.to_string(),
            win_per_hour_dollars: Decimal::of(&t.win_per_hour),
            win_per_hour_dollars_exact: t.win_per_hour.to_string(),
            win_per_day_dollars: Decimal::of(&t.win_per_day),
            win_per_day_dollars_exact: t.win_per_day.to_string(),
            win_per_year_dollars: Decimal::of(&t.win_per_year),
            win_per_year_dollars_exact: t.win_per_year.to_string(),
            sd_per_seat_hand_dollars: Decimal(t.wagers.iter().map(|w| w.sd_per_seat_hand).sum()),
            seat_hands_per_hour: t.seat_hands_per_hour,
            seat_hands_per_day: t.seat_hands_per_day,
            seat_hands_per_year: t.seat_hands_per_year,
            hours_per_day: hours,
            days_per_year: days,
            sd_note: "sum of the wagers' (the largest the total's can be)",
        });
    }
    // The player mixes: a row per player, the mix and all optimal, under
    // the configuration `players on TABLE`; take-up is the player's share.
    let (hours, days) = (
        u64::from(traffic.hours_per_day),
        u64::from(traffic.days_per_year),
    );
    let per_hour = u64::from(traffic.hands_per_hour) * u64::from(traffic.seats);
    type Labelled<'m> = (String, &'m PlayerMoney, &'static str);
    let labels: Vec<(String, Vec<Labelled>)> = mixes
        .iter()
        .map(|m| {
            let mut rows: Vec<Labelled> = m
                .players
                .iter()
                .map(|p| {
                    let name = format!("base_game: {}", p.figures.player);
                    (name, p, "of a seat-hand of this player")
                })
                .collect();
            rows.push((
                "base_game: mix".into(),
                &m.mix,
                "of a seat-hand, its player drawn from the mix",
            ));
            rows.push((
                "base_game: all optimal".into(),
                &m.optimal,
                "of a seat-hand of this player",
            ));
            // Under a limit with Trips priced with the base game, one mix
            // per Blind and Trips table: both named.
            let label = match m.limit.as_ref().and_then(|l| l.trips.as_ref()) {
                Some((trips, _)) => format!("players on {} + {trips}", m.paytable),
                None => format!("players on {}", m.paytable),
            };
            (label, rows)
        })
        .collect();
    for ((configuration, players), m) in labels.iter().zip(mixes) {
        for (wager, p, note) in players {
            rows.push(CsvRow {
                configuration,
                wager,
                paytable: Some(&m.paytable),
                take_up: Some(Decimal::of(&p.share)),
                take_up_exact: Some(p.share.to_string()),
                amount_dollars: Some(Decimal::of(&traffic.ante)),
                amount_dollars_exact: Some(traffic.ante.to_string()),
                house_edge: Some(Decimal::of(&p.figures.house_edge)),
                house_edge_exact: Some(p.figures.house_edge.to_string()),
                win_per_seat_hand_dollars: Decimal::of(&p.win_per_seat_hand),
                win_per_seat_hand_dollars_exact: p.win_per_seat_hand.to_string(),
                win_per_hour_dollars: Decimal::of(&p.win_per_hour),
                win_per_hour_dollars_exact: p.win_per_hour.to_string(),
                win_per_day_dollars: Decimal::of(&p.win_per_day),
                win_per_day_dollars_exact: p.win_per_day.to_string(),
                win_per_year_dollars: Decimal::of(&p.win_per_year),
                win_per_year_dollars_exact: p.win_per_year.to_string(),
                sd_per_seat_hand_dollars: Decimal(p.sd_per_seat_hand),
                seat_hands_per_hour: per_hour,
                seat_hands_per_day: per_hour * hours,
                seat_hands_per_year: per_hour * hours * days,
                hours_per_day: hours,
                days_per_year: days,
                sd_note: note,
            });
        }
    }
    Records::of(&CSV_COLUMNS, rows)
}

/// The economics' JSON body.
fn json_body(
    traffic: &TableTraffic,
    tables: &[TableEconomics],
    mixes: &[MixEconomics],
    limit: Option<&LimitAssumed>,
) -> serde_json::Value {
    let ranges = |r: &[(&str, f64, f64)]| {
        r.iter()
            .map(|(c, lo, hi)| json!({"confidence": c, "low": lo, "high": hi}))
            .collect::<Vec<_>>()
    };
    let exact = |f: &Fraction| json!(f.to_string());
    let mut body = json!({
        "units": {
            "money": "dollars",
            "seat_hand": "one seat's one hand",
            "take_up": "share of seat-hands that make the wager",
            "house_edge": "per unit wagered (the base game: per Ante)",
            "sd_per_seat_hand": "dollars per seat-hand (standard deviation)",
        },
        "traffic": {
            "hands_per_hour": traffic.hands_per_hour,
            "seats": traffic.seats,
            "hours_per_day": traffic.hours_per_day,
            "days_per_year": traffic.days_per_year,
            "days_per_month": traffic.days_per_month,
            "ante": traffic.ante.to_f64(),
            "ante_exact": traffic.ante.to_string(),
        },
        "tables": tables.iter().map(|t| json!({
            "label": t.label,
            "wagers": t.wagers.iter().map(|w| json!({
                "wager": w.wager,
                "paytable": w.paytable,
                "take_up": w.take_up.to_f64(),
                "take_up_exact": exact(&w.take_up),
                "amount": w.amount.to_f64(),
                "amount_exact": exact(&w.amount),
                "house_edge": w.house_edge.to_f64(),
                "house_edge_exact": exact(&w.house_edge),
                "win_per_seat_hand": w.win_per_seat_hand.to_f64(),
                "win_per_seat_hand_exact": exact(&w.win_per_seat_hand),
                "win_per_hour": w.win_per_hour.to_f64(),
                "win_per_hour_exact": exact(&w.win_per_hour),
                "win_per_day": w.win_per_day.to_f64(),
                "win_per_day_exact": exact(&w.win_per_day),
                "win_per_year": w.win_per_year.to_f64(),
                "win_per_year_exact": exact(&w.win_per_year),
                "sd_per_seat_hand": w.sd_per_seat_hand,
            })).collect::<Vec<_>>(),
            "seat_hands_per_hour": t.seat_hands_per_hour,
            "seat_hands_per_day": t.seat_hands_per_day,
            "seat_hands_per_year": t.seat_hands_per_year,
            "win_per_hour": t.win_per_hour.to_f64(),
            "win_per_hour_exact": t.win_per_hour.to_string(),
            "win_per_day": t.win_per_day.to_f64(),
            "win_per_day_exact": t.win_per_day.to_string(),
            "win_per_year": t.win_per_year.to_f64(),
            "win_per_year_exact": t.win_per_year.to_string(),
            "day_range_normal_approximation": ranges(&t.day_ranges),
            "month_range_normal_approximation": ranges(&t.month_ranges),
        })).collect::<Vec<_>>(),
        "player_mix": mixes.iter().map(super::players::mix_json).collect::<Vec<_>>(),
    });
    if let Some(limit) = limit {
        body["payout_limit"] = super::players::limit_json(limit);
    }
    body
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_are_grouped_and_correctly_rounded() {
        // Fact: 1012.855 exactly rounds half away from zero to 1,012.86.
        assert_eq!(dollars(&Fraction::new(1_012_855, 1000), 2), "$1,012.86");
        assert_eq!(dollars(&Fraction::new(-9, 400), 4), "-$0.0225");
        assert_eq!(share(&Fraction::new(1, 2)), "50%");
        assert_eq!(share(&Fraction::new(1, 8)), "12.5%");
    }

    #[test]
    fn the_csv_row_struct_has_the_documented_columns() {
        let row = CsvRow {
            configuration: "c",
            wager: "w",
            paytable: None,
            take_up: None,
            take_up_exact: None,
            amount_dollars: None,
            amount_dollars_exact: None,
            house_edge: None,
            house_edge_exact: None,
            win_per_seat_hand_dollars: Decimal(0.0),
            win_per_seat_hand_dollars_exact: String::new(),
            win_per_hour_dollars: Decimal(0.0),
            win_per_hour_dollars_exact: String::new(),
            win_per_day_dollars: Decimal(0.0),
            win_per_day_dollars_exact: String::new(),
            win_per_year_dollars: Decimal(0.0),
            win_per_year_dollars_exact: String::new(),
            sd_per_seat_hand_dollars: Decimal(0.0),
            seat_hands_per_hour: 0,
            seat_hands_per_day: 0,
            seat_hands_per_year: 0,
            hours_per_day: 0,
            days_per_year: 0,
            sd_note: "",
        };
        assert_eq!(crate::report::header_of(row), CSV_COLUMNS);
    }
}
