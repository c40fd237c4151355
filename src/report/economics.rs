//! Operator economics for people (a table) and for programs (JSON).

use crate::analysis::economics::{TableEconomics, TableTraffic, CONFIDENCE};
use crate::analysis::provenance::Provenance;
use crate::money::dollars_to_cents;
use serde_json::json;
use std::io::{self, Write};

/// The economics of each configuration, one block each.
pub fn write_table(
    traffic: &TableTraffic,
    tables: &[TableEconomics],
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(
        out,
        "Theoretical win of one table: {} hands an hour, {} seats filled, {} hours a day, {} days a year, average Ante {}.",
        traffic.hands_per_hour,
        traffic.seats,
        traffic.hours_per_day,
        traffic.days_per_year,
        dollars_to_cents(traffic.ante.clone())
    )?;
    for t in tables {
        writeln!(out, "\n{}", t.label)?;
        writeln!(
            out,
            "  {:<16} {:<14} {:>16} {:>16}",
            "wager", "pay table", "win/seat-hand", "sd/seat-hand"
        )?;
        for w in &t.wagers {
            writeln!(
                out,
                "  {:<16} {:<14} {:>16} {:>16.2}",
                w.wager,
                w.paytable,
                format!("${}", w.win_per_seat_hand.to_fixed(4)),
                w.sd_per_seat_hand
            )?;
        }
        writeln!(
            out,
            "  win per hour {} ({} seat-hands), per day {}, per year {}",
            dollars_to_cents(t.win_per_hour.clone()),
            t.seat_hands_per_hour,
            dollars_to_cents(t.win_per_day.clone()),
            dollars_to_cents(t.win_per_year.clone())
        )?;
        for (name, ranges) in [("day", &t.day_ranges), ("month", &t.month_ranges)] {
            let text: Vec<String> = ranges
                .iter()
                .map(|(c, lo, hi)| format!("{c} {} to {}", money(*lo), money(*hi)))
                .collect();
            writeln!(
                out,
                "  a {name}'s result (normal approximation): {}",
                text.join("; ")
            )?;
        }
    }
    writeln!(
        out,
        "\nWins are exact (the house edge of each wager times the money wagered). Ranges use the normal approximation with z = {} ({}) and {} ({}), seat-hands treated as independent and each seat-hand's standard deviation taken as the sum of its wagers' (the widest their correlation allows).",
        CONFIDENCE[0].1, CONFIDENCE[0].0, CONFIDENCE[1].1, CONFIDENCE[1].0
    )
}

/// Dollars rounded to the dollar, with sign and thousands separators.
fn money(x: f64) -> String {
    let sign = if x < 0.0 { "-" } else { "" };
    format!(
        "{sign}${}",
        crate::money::group_thousands(x.abs().round() as u64)
    )
}

/// The economics as one JSON document.
pub fn write_json(
    traffic: &TableTraffic,
    tables: &[TableEconomics],
    provenance: &Provenance,
    out: &mut dyn Write,
) -> io::Result<()> {
    let ranges = |r: &[(&str, f64, f64)]| {
        r.iter()
            .map(|(c, lo, hi)| json!({"confidence": c, "low": lo, "high": hi}))
            .collect::<Vec<_>>()
    };
    let doc = json!({
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
                "win_per_seat_hand": w.win_per_seat_hand.to_f64(),
                "win_per_seat_hand_exact": w.win_per_seat_hand.to_string(),
                "sd_per_seat_hand": w.sd_per_seat_hand,
            })).collect::<Vec<_>>(),
            "seat_hands_per_hour": t.seat_hands_per_hour,
            "win_per_hour": t.win_per_hour.to_f64(),
            "win_per_hour_exact": t.win_per_hour.to_string(),
            "win_per_day": t.win_per_day.to_f64(),
            "win_per_day_exact": t.win_per_day.to_string(),
            "win_per_year": t.win_per_year.to_f64(),
            "win_per_year_exact": t.win_per_year.to_string(),
            "day_range_normal_approximation": ranges(&t.day_ranges),
            "month_range_normal_approximation": ranges(&t.month_ranges),
        })).collect::<Vec<_>>(),
    });
    super::write_document(doc, Some(provenance), out)
}
