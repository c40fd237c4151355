//! What-if answers as documents, for people (the text table) and for
//! programs (JSON): a pay for a target edge, a sweep, an edited table, a
//! family of tables.

use super::document::{Block, Cell, Column, Document, Section, Table, Text};
use crate::analysis::provenance::Provenance;
use crate::analysis::what_if::family::{show, Family, Method, Rank, Varied};
use crate::analysis::what_if::{odds_text, TargetPay};
use crate::fraction::Fraction;
use crate::report::percent;
use crate::rules::paytable::reader::MAX_ODDS_TERM;
use crate::rules::paytable::{PayTable, PayingHand};
use serde_json::json;

/// A document of one section of `blocks`, with its JSON body.
fn answer(
    blocks: Vec<Block>,
    json: serde_json::Value,
    provenance: Provenance,
) -> Document<'static> {
    Document {
        sections: vec![Section::of(blocks)],
        provenance: Some(provenance),
        json: Some(Box::new(json)),
        ..Document::default()
    }
}

/// A line of words.
fn paragraph(text: String) -> Block {
    Block::Paragraph(Text::plain(text))
}

/// A line under the one before.
fn note(text: String) -> Block {
    Block::Note(Text::plain(text))
}

/// The house edge at each pay of a sweep.
pub fn sweep_document(
    table: &PayTable,
    hand: PayingHand,
    pays: &[Fraction],
    edges: &[Fraction],
    provenance: Provenance,
) -> Document<'static> {
    let rows: Vec<_> = pays
        .iter()
        .zip(edges)
        .map(|(p, e)| {
            json!({"pays": odds_text(p), "pay_exact": p.to_string(),
                   "house_edge": e.to_f64(), "house_edge_exact": e.to_string()})
        })
        .collect();
    let json = json!({"paytable": table.id, "hand": hand.name(), "sweep": rows});
    let table_rows = pays
        .iter()
        .zip(edges)
        .map(|(p, e)| {
            vec![
                Cell::plain(odds_text(p)),
                Cell::decimal(percent(e.clone()), e.to_string()),
                Cell::exact(e.to_string()),
            ]
        })
        .collect();
    let blocks = vec![
        paragraph(format!(
            "Pay table {}, line {}: house edge by pay",
            table.id,
            hand.name()
        )),
        Block::Table(Table {
            columns: vec![
                Column::right("pays").at_least(10),
                Column::right("house edge").at_least(11),
                Column::left("exact"),
            ],
            rows: table_rows,
        }),
    ];
    answer(blocks, json, provenance)
}

/// The pay that gives a target edge, and the posted odds around it.
pub fn target_document(
    table: &PayTable,
    hand: PayingHand,
    target: &Fraction,
    answer_pay: &TargetPay,
    provenance: Provenance,
) -> Document<'static> {
    let nearest: Vec<_> = answer_pay
        .nearest
        .iter()
        .map(|(p, e)| {
            json!({"pays": odds_text(p), "pay_exact": p.to_string(),
                   "house_edge": e.to_f64(), "house_edge_exact": e.to_string()})
        })
        .collect();
    let json = json!({"paytable": table.id, "hand": hand.name(),
        "target_house_edge_exact": target.to_string(),
        "pay_exact": answer_pay.pay.to_string(),
        "pay": answer_pay.pay.to_f64(),
        "pay_odds": odds_text(&answer_pay.pay),
        "fits_pay_table_format": answer_pay.fits_table_format && answer_pay.solver_holds != Some(false),
        "base_game_solves": answer_pay.solves,
        "solver_holds_pay": answer_pay.solver_holds,
        "nearest_posted_odds": nearest});
    let p = &answer_pay.pay;
    let mut blocks = vec![
        paragraph(format!(
            "Pay table {}, line {}: the pay that gives a house edge of {} (= {})",
            table.id,
            hand.name(),
            percent(target.clone()),
            target
        )),
        note(format!(
            "exactly {} to 1 = {} (about {:.6} to 1)",
            p,
            odds_text(p),
            p.to_f64()
        )),
    ];
    if answer_pay.fits_table_format && answer_pay.solver_holds == Some(false) {
        // Written as posted odds, but `game` refuses a table paying it: it
        // cannot be solved, as for any other pay beyond the solver's range.
        blocks.push(Block::Note(Text::marked(&format!(
            "a pay table cannot post it: \"{}\" is written as posted odds, but a Blind table paying it cannot be solved (`game` refuses it: its amounts exceed 2^40 units of 1/d Ante)",
            odds_text(p)
        ))));
    } else if answer_pay.fits_table_format {
        blocks.push(note(format!(
            "a pay table can post it as \"{}\"",
            odds_text(p)
        )));
    } else if p.is_zero() {
        blocks.push(note(
            "a pay of 0: the line pays nothing (a pay table leaves the line out)".to_string(),
        ));
    } else {
        blocks.push(note(format!(
            "a pay table cannot post it (each side of the odds at most {})",
            max_odds_text()
        )));
    }
    if answer_pay.solves > 0 {
        blocks.push(note(format!(
            "proven with {} exact solves of the base game",
            answer_pay.solves
        )));
    }
    if answer_pay.solver_holds == Some(false) {
        blocks.push(note(
            "(the solver cannot solve a table with this exact pay: its amounts exceed 2^40 \
             units of 1/d Ante; the solves at pays on each side prove it)"
                .to_string(),
        ));
    }
    blocks.push(note("posted odds nearby:".to_string()));
    blocks.push(Block::Rows(Table {
        columns: vec![
            Column::right("posted odds").at_least(10),
            Column::left("house edge"),
        ],
        rows: answer_pay
            .nearest
            .iter()
            .map(|(p, e)| {
                vec![
                    Cell::plain(odds_text(p)),
                    Cell {
                        text: Text::plain(format!("house edge {} = ", percent(e.clone())))
                            .then_exact(e.to_string()),
                        exact: None,
                    },
                ]
            })
            .collect(),
    }));
    answer(blocks, json, provenance)
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
pub fn edit_document(
    table: &PayTable,
    edited: &PayTable,
    figures: &[[Fraction; 3]; 2],
    provenance: Provenance,
) -> Document<'static> {
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
    let lines: Vec<_> = hands
        .iter()
        .map(|&h| json!({"hand": h.name(), "before": award(table, h), "after": award(edited, h)}))
        .collect();
    let json = json!({"paytable": table.id, "wager": table.wager.name(), "lines": lines,
        "before": figures_json(&figures[0]), "after": figures_json(&figures[1])});
    let mut rows: Vec<Vec<String>> = Vec::new();
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
    let blocks = vec![
        paragraph(format!(
            "Pay table {} ({}), lines edited",
            table.id,
            table.wager.name()
        )),
        Block::Table(Table {
            columns: vec![
                Column::left("line"),
                Column::right("before"),
                Column::right("after"),
            ],
            rows: plain_rows(rows),
        }),
        paragraph(format!(
            "House edge and hit frequency exact (per unit wagered{}); sd: the standard deviation of the net result per unit wagered. A hand whose line is out loses the wager.",
            if table.wager == crate::rules::paytable::WagerKind::Blind { "; the base game per Ante, optimal play re-solved" } else { "" }
        )),
    ];
    answer(blocks, json, provenance)
}

/// Rows of plain cells.
fn plain_rows(rows: Vec<Vec<String>>) -> Vec<Vec<Cell>> {
    rows.into_iter()
        .map(|r| r.into_iter().map(Cell::plain).collect())
        .collect()
}

/// The tables of a family in the band, ranked.
pub fn family_document(
    table: &PayTable,
    varied: &[Varied],
    band: Option<&(Fraction, Fraction)>,
    rank: Rank,
    top: usize,
    family: &Family,
    provenance: Provenance,
) -> Document<'static> {
    let band_text =
        band.map(|(lo, hi)| format!("{} to {}", percent(lo.clone()), percent(hi.clone())));
    let method = match family.method {
        Method::Linear { probes } => {
            format!("linear in the pays, from {probes} computed tables (verified on each)")
        }
        Method::EachTable => "every table computed".to_string(),
    };
    let shown = &family.in_band[..family.in_band.len().min(top)];
    let json = {
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
        json!({"paytable": table.id, "wager": table.wager.name(),
            "varied": varied.iter().map(|v| json!({"hand": v.hand.name(),
                "values": v.pays.iter().map(show).collect::<Vec<_>>()})).collect::<Vec<_>>(),
            "tables": family.size, "refused": family.refused, "first_refusal": family.first_refusal,
            "band": band.map(|(lo, hi)| json!({"low_exact": lo.to_string(), "high_exact": hi.to_string()})),
            "in_band": family.in_band.len(), "rank": rank.name(), "shown": shown.len(),
            "method": method, "members": members})
    };
    let lines: Vec<String> = varied
        .iter()
        .map(|v| format!("{} ({} values)", v.hand.name(), v.pays.len()))
        .collect();
    let mut blocks = vec![paragraph(format!(
        "Pay table {} ({}): {} tables varying {}",
        table.id,
        table.wager.name(),
        family.size,
        lines.join(" x ")
    ))];
    if family.refused > 0 {
        blocks.push(note(format!(
            "{} left out as the pay-table reader would refuse them (first: {})",
            family.refused,
            family.first_refusal.as_deref().unwrap_or("")
        )));
    }
    blocks.push(note(format!(
        "{} with a house edge {}; ranked by {} ({}); the first {} shown",
        family.in_band.len(),
        band_text.map_or("anywhere".to_string(), |b| format!("from {b}")),
        rank.name(),
        match rank {
            Rank::HitFrequency => "highest first, then lowest sd",
            Rank::Volatility => "lowest sd first, then highest hit frequency",
        },
        shown.len()
    )));
    let mut columns = vec![Column::right("rank")];
    columns.extend(varied.iter().map(|v| Column::right(&v.hand.name())));
    columns.extend(["house edge", "exact", "hit frequency", "", "sd per unit"].map(Column::right));
    let mut rows = Vec::new();
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
    blocks.push(Block::Table(Table {
        columns,
        rows: plain_rows(rows),
    }));
    blocks.push(paragraph(format!(
        "Exact figures per unit wagered ({method}); sd: the standard deviation of the net result per unit; out: the line left out (its hands lose)."
    )));
    answer(blocks, json, provenance)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::provenance::Provenance;
    use crate::report::{render, Format};
    use crate::rules::paytable::PayTable;

    /// The answer's text as the table renderer writes it.
    fn text(answer_pay: &TargetPay) -> String {
        let table = PayTable::resolve("blind-a").expect("built in");
        let hand = PayingHand::from_name("royal_flush").expect("a hand");
        let document = target_document(
            &table,
            hand,
            &Fraction::new(1, 50),
            answer_pay,
            Provenance::now(String::new(), Vec::new()),
        );
        let mut out = Vec::new();
        render(Format::Table, &document, &mut out).expect("rendered");
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn a_blind_pay_the_solver_cannot_hold_is_not_said_to_be_postable() {
        // Fact (issue 31): 999,999,999,999 to 1 is written as posted odds
        // (each side at most 10^12), but `game` refuses a Blind table
        // paying it (beyond the solver's 2^40 units); what-if said "a pay
        // table can post it".
        let pay = |solver_holds| TargetPay {
            pay: Fraction::from_int(999_999_999_999),
            fits_table_format: true,
            nearest: Vec::new(),
            solves: 2,
            solver_holds,
        };
        let refused = text(&pay(Some(false)));
        assert!(!refused.contains("can post it"), "{refused}");
        assert!(refused.contains("cannot be solved"), "{refused}");
        let solved = text(&pay(Some(true)));
        assert!(solved.contains("a pay table can post it"), "{solved}");
    }
}
