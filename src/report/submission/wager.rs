//! The section of one wager in the submission report: its pay table and
//! odds sheet, return table, figures (decimal and exact), maximum win and
//! range after N hands.

use super::charts;
use super::odds_sheet::pay_and_odds;
use super::return_table::{maximum_win, return_table};
use super::summary::identity_note;
use super::{exact_figure, readable_hand};
use crate::fraction::Fraction;
use crate::money::group_thousands;
use crate::report::document::{Block, Figure, FigureLayout, Section, Text};
use crate::report::{percent, result_label, volatility_index, wager_title, WagerResult};
use crate::rules::paytable::PayTable;

/// The figures of a result, decimal and exact.
pub(super) fn figures(r: &WagerResult) -> Vec<Figure> {
    let rtp = Fraction::ONE - &r.house_edge;
    let mut figures = vec![
        exact_figure("house edge", percent(r.house_edge.clone()), &r.house_edge),
        exact_figure("return to player", percent(rtp.clone()), &rtp),
        exact_figure(
            "element of risk",
            percent(r.element_of_risk.clone()),
            &r.element_of_risk,
        ),
        exact_figure(
            "hit frequency",
            percent(r.hit_frequency.clone()),
            &r.hit_frequency,
        ),
        Figure {
            label: "standard deviation".into(),
            value: Text::plain(format!("{:.4} (variance ", r.std_dev()))
                .then_exact(r.variance.to_string())
                .then(")"),
        },
        Figure {
            label: "volatility index (VI = z·SD, z = 1.645 for 90%)".into(),
            value: Text::plain(format!("{:.4}", volatility_index(r))),
        },
        Figure {
            label: "cycle (equally likely outcomes counted)".into(),
            value: Text::plain(group_thousands(r.outcomes)),
        },
    ];
    if let Some(g) = &r.game {
        figures.push(exact_figure(
            "house edge per initial wager (Ante + Blind)",
            percent(g.house_edge_per_initial_wager.clone()),
            &g.house_edge_per_initial_wager,
        ));
        figures.push(Figure {
            label: "average total wager".into(),
            value: Text::plain(format!("{:.6} = ", g.average_total_wager.to_f64()))
                .then_exact(g.average_total_wager.to_string())
                .then(" Antes"),
        });
        for (name, p) in &g.action_probabilities {
            figures.push(exact_figure(&name.replace('_', " "), percent(p.clone()), p));
        }
        for (name, ev) in &g.wager_ev {
            figures.push(Figure {
                label: format!("{} EV", readable_hand(name)),
                value: Text::plain(format!("{:+.6} = ", ev.to_f64()))
                    .then_exact(ev.to_string())
                    .then(" Antes"),
            });
        }
    }
    for f in &r.figures {
        figures.push(exact_figure(
            &f.name.replace('_', " "),
            crate::report::figure_value(f),
            &f.value,
        ));
    }
    figures
}

/// The section of one result.
pub(super) fn wager_section(r: &WagerResult, table: Option<&PayTable>) -> Section {
    let mut blocks = vec![
        Block::Heading(
            2,
            Text::plain(format!(
                "{}: pay table {}",
                wager_title(&r.wager),
                result_label(r)
            )),
        ),
        Block::Paragraph(Text::plain(r.title.clone())),
    ];
    if let Some(note) = table.and_then(identity_note) {
        blocks.push(Block::Paragraph(Text::plain(note)));
    }
    pay_and_odds(r, table, &mut blocks);
    blocks.push(Block::Heading(3, Text::plain("Return table")));
    blocks.push(Block::Table(return_table(r)));
    blocks.push(Block::Heading(3, Text::plain("Figures")));
    blocks.push(Block::Figures(FigureLayout::Loose, figures(r)));
    blocks.extend(maximum_win(r));
    blocks.push(Block::Heading(3, Text::plain("Range after N hands")));
    let unit = if r.game.is_some() {
        "in Antes (the Ante is 1; the Blind and Play wagers are counted in it)"
    } else {
        "in units wagered (a wager of 1 each hand)"
    };
    blocks.push(Block::Paragraph(Text::plain(format!(
        "The player's net result after N hands, {unit}: the mean −N·edge is exact; the range is \
         the normal approximation, mean ± z·SD·√N."
    ))));
    blocks.push(Block::Table(crate::report::wager_results::ranges_table(r)));
    if r.game.is_some() {
        blocks.push(Block::Paragraph(Text::plain(
            "Strategy: the optimal strategy (at every decision, the action with the highest expected \
             value given the player's cards and the board), computed exactly; frequencies of the \
             final actions above.",
        )));
    }
    Section {
        id: Some(format!("detail-{}", charts::anchor(r))),
        blocks,
    }
}
