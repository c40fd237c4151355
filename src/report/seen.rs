//! The seen-card cases (`uth-edge game --seen`): the player's exact
//! expectation when he sees cards he should not, as a table, CSV (the
//! columns of `results/seen_cards.csv`, documented in
//! `docs/output-formats.md`) or JSON.

use super::percent;
use crate::analysis::provenance::Provenance;
use crate::cards::Card;
use crate::exact::seen::{Decisions, PreflopState, SeenCase, Situation, Variant};
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

/// The CSV row of a case, in [`CSV_HEADER`] order.
fn csv_row(c: &SeenCase) -> Vec<String> {
    let pair = |f: &Fraction| [f.to_f64().to_string(), f.to_string()];
    let shares = c.action_shares();
    let mut row = vec![
        c.seen.to_string(),
        c.paytable.clone(),
        c.classes.to_string(),
        c.tally.deals.to_string(),
    ];
    row.extend(pair(&c.per_ante()));
    row.extend(pair(&c.per_total_wagered()));
    row.extend(pair(&c.average_wagered()));
    for share in [4, 3, 2, 1, 0] {
        row.extend(pair(&shares[share]));
    }
    row.push(c.std_dev().to_string());
    row.push(c.variance().to_string());
    match c.hands_until_visible() {
        Some(h) => row.extend(pair(&h)),
        None => row.extend([String::new(), String::new()]),
    }
    row
}

/// One CSV row per case (a case with a comma is quoted).
pub fn write_csv(cases: &[SeenCase], out: &mut dyn Write) -> io::Result<()> {
    let mut writer = ::csv::Writer::from_writer(out);
    writer.write_record(CSV_HEADER.split(','))?;
    for c in cases {
        writer.write_record(csv_row(c))?;
    }
    writer.flush()
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

/// The cases as one JSON document (opening with the tool's version, the
/// layout version and the provenance, as every JSON document).
pub fn write_json(
    cases: &[SeenCase],
    provenance: Option<&Provenance>,
    out: &mut dyn Write,
) -> io::Result<()> {
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
    super::json::write_document(doc, provenance, out)
}

/// A JSON body as a stamped document, as text.
fn document(body: serde_json::Value, provenance: Option<&Provenance>) -> String {
    let mut bytes = Vec::new();
    super::json::write_document(body, provenance, &mut bytes).expect("writing to memory");
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
    turnriver_at_flop: bool,
    chart: &[(Situation, PreflopState)],
    scale: i64,
) -> String {
    let seen: String = dealer.iter().map(|c| c.to_string()).collect();
    let late = if turnriver_at_flop {
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
    turnriver_at_flop: bool,
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
        "turnriver_at_flop": turnriver_at_flop,
        "hands": rows,
    });
    document(doc, provenance)
}
