//! The players a casino has, as parts of documents: the hold of a player
//! mix in `economics --players` ([`mix_section`], its JSON [`mix_json`]
//! and CSV rows in `economics`), and the submission report's "Hold under
//! practical play" ([`practical_section`]).
//!
//! Every figure but the standard deviations and the month's range is
//! exact, shown with its exact fraction behind it.

use super::document::{Block, Cell, Column, Section, Table, Text};
use super::economics::{dollars, money, share};
use crate::analysis::economics::TableTraffic;
use crate::analysis::players::{
    LimitAssumed, MixEconomics, PlayerFigures, PlayerMoney, PracticalHold,
};
use crate::fraction::Fraction;
use crate::report::{percent, signed_percent};
use serde_json::json;

/// A cell of `text` with its exact fraction.
fn exact(text: String, f: &Fraction) -> Cell {
    Cell::decimal(text, f.to_string())
}

/// The optimal row's label under a payout limit: the limited solve.
pub const OPTIMAL_LIMITED: &str = "optimal, knowing the limit";

/// Why the hold per dollar wagered is a ratio of sums, in the words both
/// parts use.
const WEIGHTING: &str = "The mix's figures are exact averages over the seat-hands, each player weighted by its share: its house edge per Ante is the average of the players' edges; its house edge per total wagered (the hold per dollar wagered, what an operator's drop counts) is the mix's average win over its average amount wagered, not the average of the players' ratios, since a player who raises more puts more money on the table.";

/// The row of one player (or the mix) at the table's traffic.
fn money_row(label: &str, m: &PlayerMoney) -> Vec<Cell> {
    let f = &m.figures;
    vec![
        Cell::plain(label),
        exact(share(&m.share), &m.share),
        exact(percent(f.house_edge.clone()), &f.house_edge),
        exact(f.average_total_wager.to_fixed(4), &f.average_total_wager),
        exact(
            percent(f.edge_per_total_wagered()),
            &f.edge_per_total_wagered(),
        ),
        exact(dollars(&m.win_per_seat_hand, 4), &m.win_per_seat_hand),
        exact(dollars(&m.win_per_hour, 2), &m.win_per_hour),
        exact(dollars(&m.win_per_year, 2), &m.win_per_year),
        Cell::plain(format!("${:.2}", m.sd_per_seat_hand)),
    ]
}

/// The 95% range of a month's result of `m`, in words.
fn month_range(m: &PlayerMoney) -> String {
    m.month_ranges
        .iter()
        .map(|(c, lo, hi)| format!("{c} {} to {}", money(*lo), money(*hi)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The hold of a player mix on one Blind table, in `economics`: each
/// player, the mix and every seat played optimally, per Ante, per total
/// wagered and in dollars at the traffic; a month's range of the mix.
pub fn mix_section(traffic: &TableTraffic, m: &MixEconomics) -> Section {
    let columns = [
        "player",
        "share",
        "house edge/Ante",
        "avg wagered (Antes)",
        "edge/total wagered",
        "win $/seat-hand",
        "win $/hour",
        "win $/year",
        "sd $/seat-hand",
    ];
    let columns = label_then_figures(&columns);
    let mut rows: Vec<Vec<Cell>> = m
        .players
        .iter()
        .map(|p| money_row(&p.figures.player, p))
        .collect();
    rows.push(money_row("mix", &m.mix));
    rows.push(money_row("all optimal", &m.optimal));
    let heading = match &m.limit {
        Some(limit) => format!("Player mix on {}, under {}", m.paytable, limit.describe()),
        None => format!("Player mix on {}", m.paytable),
    };
    let difference = m.mix.win_per_year.clone() - m.optimal.win_per_year.clone();
    let id = match m.limit.as_ref().and_then(|l| l.trips.as_ref()) {
        Some((trips, _)) => format!("players-{}-{trips}", m.paytable),
        None => format!("players-{}", m.paytable),
    };
    Section {
        id: Some(id),
        blocks: vec![
            Block::Heading(2, Text::plain(heading)),
            Block::Table(Table { columns, rows }),
            Block::Note(Text::plain(format!(
                "the mix against every seat played optimally: {} a year; a month's result in dollars (normal approximation, {} days): mix {}; all optimal {}",
                dollars(&difference, 2),
                traffic.days_per_month,
                month_range(&m.mix),
                month_range(&m.optimal)
            ))),
            Block::Paragraph(Text::plain(format!(
                "Each player's row is a table of such players: a ${} Ante times its house edge per Ante, per seat-hand, hour and year. {WEIGHTING} Its standard deviation is that of a seat-hand whose player is drawn from the mix.",
                traffic.ante
            ))),
        ]
        .into_iter()
        .chain(m.limit.as_ref().map(|limit| {
            let trips = match (&limit.trips, &limit.trips_take_up) {
                (Some(_), Some(_)) => " The seat-hands with Trips are priced with it, its wins under the one cap and its loss counted in Antes of the Ante, the others without it: each row is the exact average of the two, as its share of seat-hands gives.",
                (Some(_), None) => " Every seat-hand has the Trips wager, priced with the base game under the one cap, its loss counted in Antes of the Ante.",
                (None, _) => "",
            };
            Block::Paragraph(Text::plain(format!(
                "Under {} (COMAR 36.05.16.12F): each player's figures are its strategy's with the limit capping its wins, every seat played optimally is the best play knowing the limit; the mix is the same average of those limited figures.{trips}",
                limit.describe()
            )))
        }))
        .collect(),
    }
}

/// The JSON of a player mix's hold (the key `player_mix` of the
/// economics' body).
pub fn mix_json(m: &MixEconomics) -> serde_json::Value {
    let row = |p: &PlayerMoney| {
        let f = &p.figures;
        json!({
            "player": f.player,
            "share": p.share.to_f64(),
            "share_exact": p.share.to_string(),
            "house_edge": f.house_edge.to_f64(),
            "house_edge_exact": f.house_edge.to_string(),
            "average_total_wager": f.average_total_wager.to_f64(),
            "average_total_wager_exact": f.average_total_wager.to_string(),
            "house_edge_per_total_wagered": f.edge_per_total_wagered().to_f64(),
            "house_edge_per_total_wagered_exact": f.edge_per_total_wagered().to_string(),
            "win_per_seat_hand": p.win_per_seat_hand.to_f64(),
            "win_per_seat_hand_exact": p.win_per_seat_hand.to_string(),
            "win_per_hour": p.win_per_hour.to_f64(),
            "win_per_hour_exact": p.win_per_hour.to_string(),
            "win_per_day": p.win_per_day.to_f64(),
            "win_per_day_exact": p.win_per_day.to_string(),
            "win_per_year": p.win_per_year.to_f64(),
            "win_per_year_exact": p.win_per_year.to_string(),
            "sd_per_seat_hand": p.sd_per_seat_hand,
            "month_range_normal_approximation": p.month_ranges.iter()
                .map(|(c, lo, hi)| json!({"confidence": c, "low": lo, "high": hi}))
                .collect::<Vec<_>>(),
        })
    };
    let mut body = json!({
        "paytable": m.paytable,
        "players": m.players.iter().map(row).collect::<Vec<_>>(),
        "mix": row(&m.mix),
        "all_optimal": row(&m.optimal),
    });
    if let Some(limit) = &m.limit {
        body["payout_limit"] = limit_json(limit);
    }
    body
}

/// A payout limit the players' figures assume, as JSON: the limit and
/// the Ante in dollars (decimal and exact), its reading, the Trips wager.
pub fn limit_json(limit: &LimitAssumed) -> serde_json::Value {
    json!({
        "limit": limit.limit.to_f64(),
        "limit_exact": limit.limit.to_string(),
        "ante": limit.ante.to_f64(),
        "ante_exact": limit.ante.to_string(),
        "net_of_losses": limit.net_of_losses,
        "trips": limit.trips.as_ref().map(|(id, amount)| {
            let mut trips = json!({
                "paytable": id,
                "amount": amount.to_f64(),
                "amount_exact": amount.to_string(),
            });
            if let Some(share) = &limit.trips_take_up {
                trips["take_up"] = json!(share.to_f64());
                trips["take_up_exact"] = json!(share.to_string());
            }
            trips
        }),
    })
}

/// The row of one strategy in the practical hold: its edges and their
/// differences from the best play's.
fn practical_row(label: String, p: &PlayerFigures, optimal: &PlayerFigures) -> Vec<Cell> {
    let per_ante = p.house_edge.clone() - optimal.house_edge.clone();
    let per_total = p.edge_per_total_wagered() - optimal.edge_per_total_wagered();
    vec![
        Cell::plain(label),
        exact(percent(p.house_edge.clone()), &p.house_edge),
        exact(p.average_total_wager.to_fixed(4), &p.average_total_wager),
        exact(
            percent(p.edge_per_total_wagered()),
            &p.edge_per_total_wagered(),
        ),
        exact(signed_percent(&per_ante), &per_ante),
        exact(signed_percent(&per_total), &per_total),
    ]
}

/// The submission report's "Hold under practical play": per Blind table,
/// each strategy's exact house edge per Ante and per total wagered and
/// its difference from the best play's, and the mix's when given.
pub fn practical_section(holds: &[PracticalHold]) -> Section {
    let mut blocks = vec![
        Block::Heading(2, Text::plain("Hold under practical play")),
        Block::Paragraph(Text::marked(
            "The figures above assume the best play. The house's hold comes from the players it has: each strategy below is evaluated exactly over every deal (docs/strategy-format.md; `uth-edge strategies show NAME` prints a shipped one), its difference from the best play is the hold it adds.",
        )),
    ];
    if let Some(limit) = holds.iter().find_map(|h| h.limit.as_ref()) {
        let trips = match &limit.trips {
            Some((id, amount)) => format!(
                "Every hand has the Trips wager of {} on {id}, whose wins count toward the limit: each figure covers the base game and the Trips wager together, priced under the one cap as `game --payout-limit --trips` prices them (the Trips loss counted in Antes of each Ante).",
                crate::money::dollars(amount)
            ),
            None => "The figures are the base game's alone: no Trips wager is counted under the limit (`--trips` and `--trips-amount` price one with each hand, as `game --payout-limit --trips` does).".to_string(),
        };
        let mut antes: Vec<String> = Vec::new();
        for h in holds {
            if let Some(l) = &h.limit {
                let ante = crate::money::dollars(&l.ante);
                if !antes.contains(&ante) {
                    antes.push(ante);
                }
            }
        }
        blocks.push(Block::Paragraph(Text::plain(format!(
            "Under the payout limit per hand of the Money rules part ({} per hand, COMAR 36.05.16.12F), at each Ante it gives ({}), one table an Ante: each strategy is evaluated exactly with the limit capping its wins, and the row \"{OPTIMAL_LIMITED}\" is the best play knowing the limit (the Money rules part's figure at that Ante), the reference of the differences. {trips}",
            crate::money::dollars(&limit.limit),
            antes.join(", ")
        ))));
    }
    for hold in holds {
        let columns = [
            "strategy",
            "house edge/Ante",
            "avg wagered (Antes)",
            "edge/total wagered",
            "vs optimal/Ante",
            "vs optimal/total wagered",
        ];
        let columns = label_then_figures(&columns);
        let mut rows: Vec<Vec<Cell>> = hold
            .players
            .iter()
            .map(|p| {
                // Under a limit the optimal row is the limited solve: the
                // best play knowing the limit, not the unlimited one.
                let label = match &hold.limit {
                    Some(_) if p.player == "optimal" => OPTIMAL_LIMITED.to_string(),
                    _ => p.player.clone(),
                };
                practical_row(label, p, &hold.optimal)
            })
            .collect();
        if let Some((shares, figures)) = &hold.mix {
            let named: Vec<String> = shares
                .iter()
                .map(|(n, s)| format!("{n} {}", share(s)))
                .collect();
            rows.push(practical_row(
                format!("mix ({})", named.join(", ")),
                figures,
                &hold.optimal,
            ));
        }
        let heading = match &hold.limit {
            Some(limit) => format!("Blind table {}, under {}", hold.paytable, limit.describe()),
            None => format!("Blind table {}", hold.paytable),
        };
        blocks.push(Block::Heading(3, Text::plain(heading)));
        blocks.push(Block::Table(Table { columns, rows }));
    }
    if holds.iter().any(|h| h.mix.is_some()) {
        blocks.push(Block::Note(Text::plain(WEIGHTING)));
    }
    Section {
        id: Some("practical-play".into()),
        blocks,
    }
}

/// Columns of a table whose first column names the row (left-aligned) and
/// whose others are figures (right-aligned).
fn label_then_figures(headers: &[&str]) -> Vec<Column> {
    headers
        .iter()
        .enumerate()
        .map(|(i, h)| {
            if i == 0 {
                Column::left(h)
            } else {
                Column::right(h)
            }
        })
        .collect()
}
