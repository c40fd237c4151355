//! What-if answers for people (a table) and for programs (JSON): a pay
//! for a target edge, a sweep, an edited table, a family of tables.

use crate::analysis::provenance::Provenance;
use crate::analysis::what_if::family::{show, Family, Method, Rank, Varied};
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

/// `f` as a probability for people: `12.3456%` and `1 in 8.10`.
fn one_in(f: &Fraction) -> String {
    if f.is_zero() {
        return "never".to_string();
    }
    format!("1 in {}", (Fraction::ONE / f.clone()).to_fixed(2))
}

/// Exact figures as JSON: decimal and exact fraction.
fn figures_json(f: &[Fraction; 3]) -> serde_json::Value {
    json!({
        "house_edge": f[0].to_f64(), "house_edge_exact": f[0].to_string(),
        "hit_frequency": f[2].to_f64(), "hit_frequency_exact": f[2].to_string(),
        "std_dev": f[1].sqrt_to_f64(), "variance_exact": f[1].to_string(),
    })
}

/// A table before and after lines were added or taken out.
pub fn write_edit(
    table: &PayTable,
    edited: &PayTable,
    figures: &[[Fraction; 3]; 2],
    format: Format,
    provenance: &Provenance,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut hands: Vec<PayingHand> = table.lines.iter().map(|l| l.hand).collect();
    for l in &edited.lines {
        if !hands.contains(&l.hand) {
            let at = hands
                .iter()
                .position(|h| {
                    PayingHand::all().iter().position(|x| x == h)
                        > PayingHand::all().iter().position(|x| *x == l.hand)
                })
                .unwrap_or(hands.len());
            hands.insert(at, l.hand);
        }
    }
    let award = |t: &PayTable, h: PayingHand| t.award_for(h).map(|a| a.to_string());
    if format == Format::Json {
        let lines: Vec<_> = hands
            .iter()
            .map(|&h| json!({"hand": h.name(), "before": award(table, h), "after": award(edited, h)}))
            .collect();
        let doc = json!({"paytable": table.id, "wager": table.wager.name(), "lines": lines,
            "before": figures_json(&figures[0]), "after": figures_json(&figures[1])});
        return write_document(doc, Some(provenance), out);
    }
    writeln!(
        out,
        "Pay table {} ({}), lines edited",
        table.id,
        table.wager.name()
    )?;
    let mut rows = vec![vec!["line".to_string(), "before".into(), "after".into()]];
    for &h in &hands {
        let (b, a) = (award(table, h), award(edited, h));
        let mark = if b == a { "" } else { "  <- changed" };
        rows.push(vec![
            h.name().to_string(),
            b.unwrap_or_else(|| "-".into()),
            format!("{}{mark}", a.unwrap_or_else(|| "- (out)".into())),
        ]);
    }
    let [before, after] = figures;
    rows.push(vec![
        "house edge".into(),
        percent(before[0].clone()),
        percent(after[0].clone()),
    ]);
    rows.push(vec![
        "  exact".into(),
        before[0].to_string(),
        after[0].to_string(),
    ]);
    rows.push(vec![
        "hit frequency".into(),
        percent(before[2].clone()),
        percent(after[2].clone()),
    ]);
    rows.push(vec!["".into(), one_in(&before[2]), one_in(&after[2])]);
    rows.push(vec![
        "sd per unit".into(),
        format!("{:.4}", before[1].sqrt_to_f64()),
        format!("{:.4}", after[1].sqrt_to_f64()),
    ]);
    super::economics::write_aligned(&rows, 1, "  ", out)?;
    writeln!(
        out,
        "House edge and hit frequency exact (per unit wagered{}); sd: the standard deviation of the net result per unit wagered. A hand whose line is out loses the wager.",
        if table.wager == crate::rules::paytable::WagerKind::Blind { "; the base game per Ante, optimal play re-solved" } else { "" }
    )
}

/// The tables of a family in the band, ranked.
#[allow(clippy::too_many_arguments)]
pub fn write_family(
    table: &PayTable,
    varied: &[Varied],
    band: Option<&(Fraction, Fraction)>,
    rank: Rank,
    top: usize,
    family: &Family,
    format: Format,
    provenance: &Provenance,
    out: &mut dyn Write,
) -> io::Result<()> {
    let band_text =
        band.map(|(lo, hi)| format!("{} to {}", percent(lo.clone()), percent(hi.clone())));
    let method = match family.method {
        Method::Linear { probes } => {
            format!("linear in the pays, from {probes} computed tables (verified on each)")
        }
        Method::EachTable => "every table computed".to_string(),
    };
    let shown = &family.in_band[..family.in_band.len().min(top)];
    if format == Format::Json {
        let members: Vec<_> = shown
            .iter()
            .map(|m| {
                let pays: Vec<_> = varied
                    .iter()
                    .zip(&m.pays)
                    .map(|(v, p)| json!({"hand": v.hand.name(), "pays": show(p),
                        "pay_exact": p.as_ref().map(|p| p.to_string())}))
                    .collect();
                json!({"lines": pays, "figures": figures_json(&[m.house_edge.clone(), m.variance.clone(), m.hit_frequency.clone()])})
            })
            .collect();
        let doc = json!({"paytable": table.id, "wager": table.wager.name(),
            "varied": varied.iter().map(|v| json!({"hand": v.hand.name(),
                "values": v.pays.iter().map(show).collect::<Vec<_>>()})).collect::<Vec<_>>(),
            "tables": family.size, "refused": family.refused, "first_refusal": family.first_refusal,
            "band": band.map(|(lo, hi)| json!({"low_exact": lo.to_string(), "high_exact": hi.to_string()})),
            "in_band": family.in_band.len(), "rank": rank.name(), "shown": shown.len(),
            "method": method, "members": members});
        return write_document(doc, Some(provenance), out);
    }
    let lines: Vec<String> = varied
        .iter()
        .map(|v| format!("{} ({} values)", v.hand.name(), v.pays.len()))
        .collect();
    writeln!(
        out,
        "Pay table {} ({}): {} tables varying {}",
        table.id,
        table.wager.name(),
        family.size,
        lines.join(" x ")
    )?;
    if family.refused > 0 {
        writeln!(
            out,
            "  {} left out as the pay-table reader would refuse them (first: {})",
            family.refused,
            family.first_refusal.as_deref().unwrap_or("")
        )?;
    }
    writeln!(
        out,
        "  {} with a house edge {}; ranked by {} ({}); the first {} shown",
        family.in_band.len(),
        band_text.map_or("anywhere".to_string(), |b| format!("from {b}")),
        rank.name(),
        match rank {
            Rank::HitFrequency => "highest first, then lowest sd",
            Rank::Volatility => "lowest sd first, then highest hit frequency",
        },
        shown.len()
    )?;
    let mut header = vec!["rank".to_string()];
    header.extend(varied.iter().map(|v| v.hand.name().to_string()));
    header.extend(["house edge", "exact", "hit frequency", "", "sd per unit"].map(String::from));
    let mut rows = vec![header];
    for (i, m) in shown.iter().enumerate() {
        let mut row = vec![(i + 1).to_string()];
        row.extend(m.pays.iter().map(show));
        row.extend([
            percent(m.house_edge.clone()),
            m.house_edge.to_string(),
            percent(m.hit_frequency.clone()),
            one_in(&m.hit_frequency),
            format!("{:.4}", m.variance.sqrt_to_f64()),
        ]);
        rows.push(row);
    }
    super::economics::write_aligned(&rows, 0, "  ", out)?;
    writeln!(
        out,
        "Exact figures per unit wagered ({method}); sd: the standard deviation of the net result per unit; out: the line left out (its hands lose)."
    )
}
