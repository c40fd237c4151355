//! What-if answers for people (a table) and for programs (JSON).

use crate::analysis::provenance::Provenance;
use crate::analysis::what_if::{odds_text, TargetPay};
use crate::fraction::Fraction;
use crate::report::{percent, write_document, Format};
use crate::rules::paytable::reader::MAX_ODDS_TERM;
use crate::rules::paytable::{PayTable, PayingHand};
use serde_json::json;
use std::io::{self, Write};

/// The house edge at each pay of a sweep.
pub fn write_sweep(
    table: &PayTable,
    hand: PayingHand,
    pays: &[Fraction],
    edges: &[Fraction],
    format: Format,
    provenance: &Provenance,
    out: &mut dyn Write,
) -> io::Result<()> {
    if format == Format::Json {
        let rows: Vec<_> = pays
            .iter()
            .zip(edges)
            .map(|(p, e)| {
                json!({"pays": odds_text(p), "pay_exact": p.to_string(),
                       "house_edge": e.to_f64(), "house_edge_exact": e.to_string()})
            })
            .collect();
        let doc = json!({"paytable": table.id, "hand": hand.name(), "sweep": rows});
        return write_document(doc, Some(provenance), out);
    }
    writeln!(
        out,
        "Pay table {}, line {}: house edge by pay",
        table.id,
        hand.name()
    )?;
    writeln!(out, "{:>12} {:>12}  exact", "pays", "house edge")?;
    for (p, e) in pays.iter().zip(edges) {
        writeln!(
            out,
            "{:>12} {:>12}  {}",
            odds_text(p),
            percent(e.clone()),
            e
        )?;
    }
    Ok(())
}

/// The pay that gives a target edge, and the posted odds around it.
pub fn write_target(
    table: &PayTable,
    hand: PayingHand,
    target: &Fraction,
    answer: &TargetPay,
    format: Format,
    provenance: &Provenance,
    out: &mut dyn Write,
) -> io::Result<()> {
    if format == Format::Json {
        let nearest: Vec<_> = answer
            .nearest
            .iter()
            .map(|(p, e)| {
                json!({"pays": odds_text(p), "pay_exact": p.to_string(),
                       "house_edge": e.to_f64(), "house_edge_exact": e.to_string()})
            })
            .collect();
        let doc = json!({"paytable": table.id, "hand": hand.name(),
            "target_house_edge_exact": target.to_string(),
            "pay_exact": answer.pay.to_string(),
            "pay": answer.pay.to_f64(),
            "pay_odds": odds_text(&answer.pay),
            "fits_pay_table_format": answer.fits_table_format,
            "base_game_solves": answer.solves,
            "solver_holds_pay": answer.solver_holds,
            "nearest_posted_odds": nearest});
        return write_document(doc, Some(provenance), out);
    }
    writeln!(
        out,
        "Pay table {}, line {}: the pay that gives a house edge of {} (= {})",
        table.id,
        hand.name(),
        percent(target.clone()),
        target
    )?;
    let p = &answer.pay;
    writeln!(
        out,
        "  exactly {} to 1 = {} (about {:.6} to 1)",
        p,
        odds_text(p),
        p.to_f64()
    )?;
    if answer.fits_table_format {
        writeln!(out, "  a pay table can post it as \"{}\"", odds_text(p))?;
    } else if p.is_zero() {
        writeln!(
            out,
            "  a pay of 0: the line pays nothing (a pay table leaves the line out)"
        )?;
    } else {
        writeln!(
            out,
            "  a pay table cannot post it (each side of the odds at most {})",
            max_odds_text()
        )?;
    }
    if answer.solves > 0 {
        writeln!(
            out,
            "  proven with {} exact solves of the base game",
            answer.solves
        )?;
    }
    if answer.solver_holds == Some(false) {
        writeln!(
            out,
            "  (the solver cannot solve a table with this exact pay: its amounts exceed 2^40 \
             units of 1/d Ante; the solves at pays on each side prove it)"
        )?;
    }
    writeln!(out, "  posted odds nearby:")?;
    for (p, e) in &answer.nearest {
        writeln!(
            out,
            "  {:>10}  house edge {} = {}",
            odds_text(p),
            percent(e.clone()),
            e
        )?;
    }
    Ok(())
}

/// The largest side of posted odds, grouped: `1,000,000,000,000`.
fn max_odds_text() -> String {
    crate::money::group_thousands(MAX_ODDS_TERM)
}
