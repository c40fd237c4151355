//! The seen-card cases (`uth-edge game --seen`): the player's exact
//! expectation when he sees cards he should not, as a table, CSV (the
//! columns of `results/seen_cards.csv`, documented in
//! `docs/output-formats.md`) or JSON.

use super::percent;
use crate::exact::seen::SeenCase;
use crate::fraction::Fraction;
use std::io::{self, Write};

/// What every seen-card output says about the side bets.
pub const SIDE_BETS_NOTE: &str = "Trips and the Six Card Bonus are settled on cards dealt before \
     any seen card can be used and involve no decision: a leak changes neither their pays nor \
     their odds, so they keep their own house edge and are not included here.";

/// The CSV header, in column order.
pub const CSV_HEADER: &str = "case,paytable,classes,deals,player_edge_per_ante,\
player_edge_per_ante_exact,player_edge_per_total_wagered,player_edge_per_total_wagered_exact,\
average_total_wager,average_total_wager_exact,raise_4x,raise_4x_exact,raise_3x,raise_3x_exact,\
raise_2x,raise_2x_exact,raise_1x,raise_1x_exact,fold,fold_exact,std_dev,variance_exact,\
hands_until_visible,hands_until_visible_exact";

/// A figure as `decimal,exact`.
fn pair(f: &Fraction) -> String {
    format!("{},{}", f.to_f64(), f)
}

/// One CSV row per case.
pub fn write_csv(cases: &[SeenCase], out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{CSV_HEADER}")?;
    for c in cases {
        let shares = c.action_shares();
        let visible = c
            .hands_until_visible()
            .map_or(",".to_string(), |h| pair(&h));
        writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            c.seen,
            c.paytable,
            c.classes,
            c.tally.deals,
            pair(&c.per_ante()),
            pair(&c.per_total_wagered()),
            pair(&c.average_wagered()),
            pair(&shares[4]),
            pair(&shares[3]),
            pair(&shares[2]),
            pair(&shares[1]),
            pair(&shares[0]),
            c.std_dev(),
            c.variance(),
            visible
        )?;
    }
    Ok(())
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

/// The cases as one JSON document.
pub fn write_json(cases: &[SeenCase], out: &mut dyn Write) -> io::Result<()> {
    let exact = |f: Fraction| serde_json::json!({"value": f.to_f64(), "exact": f.to_string()});
    let rows: Vec<_> = cases
        .iter()
        .map(|c| {
            let shares = c.action_shares();
            serde_json::json!({
                "case": c.seen.to_string(),
                "paytable": c.paytable,
                "classes": c.classes,
                "deals": c.tally.deals.to_string(),
                "player_edge_per_ante": exact(c.per_ante()),
                "player_edge_per_total_wagered": exact(c.per_total_wagered()),
                "average_total_wager": exact(c.average_wagered()),
                "final_play": {
                    "raise_4x": exact(shares[4].clone()),
                    "raise_3x": exact(shares[3].clone()),
                    "raise_2x": exact(shares[2].clone()),
                    "raise_1x": exact(shares[1].clone()),
                    "fold": exact(shares[0].clone()),
                },
                "std_dev": c.std_dev(),
                "variance_exact": c.variance().to_string(),
                "hands_until_visible": c.hands_until_visible().map(exact),
            })
        })
        .collect();
    let doc = serde_json::json!({ "cases": rows, "side_bets": SIDE_BETS_NOTE });
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}
