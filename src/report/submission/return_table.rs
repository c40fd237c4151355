//! Per wager, the return table (every line with its combinations,
//! probability, "1 in", pays, contribution and a total row), the maximum
//! win and the top award's odds (with the GLI-11 figure for information).

use super::{decimal, readable_hand};
use crate::fraction::Fraction;
use crate::money::group_thousands;
use crate::report::document::{Block, Cell, Column, Figure, FigureLayout, Table, Text};
use crate::report::{one_in, signed_percent, WagerResult};

/// The GLI-11 figure quoted for information: a gaming device's top award
/// must be attainable at odds no longer than 1 in 100,000,000.
const GLI_11_ODDS: u64 = 100_000_000;

/// The net result of a line per unit wagered (its return over its
/// probability), `None` for a line that never happens.
fn line_net(contribution: &Fraction, probability: &Fraction) -> Option<Fraction> {
    (!probability.is_zero()).then(|| contribution / probability)
}

/// The return table: every line with its combinations, probability, "1
/// in", pays and contribution, and a total row.
pub(super) fn return_table(r: &WagerResult) -> Table {
    let mut table = Table {
        columns: vec![
            Column::left("hand"),
            Column::right("combinations"),
            Column::right("probability"),
            Column::right("1 in"),
            Column::left("pays"),
            Column::right("contribution"),
        ],
        rows: vec![],
    };
    for l in &r.lines {
        table.rows.push(vec![
            Cell::plain(readable_hand(&l.hand)),
            Cell::plain(group_thousands(l.combinations)),
            decimal(l.probability.to_fixed(12), &l.probability),
            Cell::plain(one_in(l.probability.clone())),
            Cell::plain(&l.pays),
            decimal(signed_percent(&l.contribution), &l.contribution),
        ]);
    }
    let expected = -r.house_edge.clone();
    table.rows.push(vec![
        Cell::plain("Total"),
        Cell::plain(group_thousands(r.outcomes)),
        Cell::plain(Fraction::ONE.to_fixed(12)),
        Cell::plain(""),
        Cell::plain(""),
        decimal(signed_percent(&expected), &expected),
    ]);
    table
}

/// The maximum win of a result and the odds of the top award.
pub(super) fn maximum_win(r: &WagerResult) -> Vec<Block> {
    let best = r
        .lines
        .iter()
        .filter_map(|l| line_net(&l.contribution, &l.probability).map(|net| (net, l)))
        .max_by(|a, b| a.0.cmp(&b.0));
    let Some((net, _)) = best.filter(|(net, _)| net.is_positive()) else {
        return vec![];
    };
    let top: Vec<_> = r
        .lines
        .iter()
        .filter(|l| line_net(&l.contribution, &l.probability).as_ref() == Some(&net))
        .collect();
    let p: Fraction = top.iter().map(|l| l.probability.clone()).sum();
    let names: Vec<String> = top.iter().map(|l| readable_hand(&l.hand)).collect();
    let unit = if r.game.is_some() {
        "Antes"
    } else {
        "times the wager"
    };
    let within = if p.to_f64() * GLI_11_ODDS as f64 >= 1.0 {
        "within"
    } else {
        "beyond"
    };
    // A share of a meter in the meter's long run is paid at the expected
    // meter: an average over the meter's cycle, not a most that can be won.
    let expected = r.meter.is_none() && top.iter().any(|l| l.pays.contains("of meter"));
    let (label, what) = if expected {
        (
            "top award, expected meter when paid",
            "; a long-run average, not a maximum: the meter can be higher",
        )
    } else {
        ("maximum win", "")
    };
    let amount = if net.is_integer() {
        Text::plain(format!("{net} {unit}"))
    } else {
        Text::plain(format!("{:.2} {unit} = ", net.to_f64())).then_exact(net.to_string())
    };
    vec![
        Block::Heading(3, Text::plain("Maximum win and the top award's odds")),
        Block::Figures(
            FigureLayout::Loose,
            vec![
                Figure {
                    label: label.into(),
                    value: amount.then(format!(" ({}{what})", names.join("; "))),
                },
                Figure {
                    label: "odds of the top award".into(),
                    value: Text::plain(format!("1 in {} (probability ", one_in(p.clone())))
                        .then_exact(p.to_string())
                        .then(")"),
                },
            ],
        ),
        Block::Paragraph(Text::plain(format!(
            "For information: GLI-11, a standard for gaming devices (not for table games), asks that \
             a device's top award be attainable at odds of at least 1 in {}; this top award's odds \
             are {within} that figure.",
            group_thousands(GLI_11_ODDS)
        ))),
    ]
}
