//! The submission report's strategy parts: which strategy its figures
//! assume (always), the "Hold under practical play" when computed
//! (`report --practical`, `--strategies`, `--players`: each strategy an
//! exact solve of a minute or two, so not in the default report), and the
//! operator's monitoring figures (the expected win and one seat's month's
//! range at stated stakes).

use super::data::{insert_exact, PartRow};
use crate::analysis::economics::TableTraffic;
use crate::analysis::players::{player_money, PlayerFigures, PlayerMoney, PracticalHold};
use crate::fraction::Fraction;
use crate::report::document::{Block, Cell, Column, Section, Table, Text};
use crate::result::WagerResult;

/// What the report's figures assume, in words.
const ASSUMED: &str = "Every base-game figure of this report (Ante, Blind and Play) assumes the best play: at each decision the action of highest expected value, computed exactly by the solver for the pay table submitted (strategy `optimal`; its preflop chart is in the charts). The side bets' figures do not depend on how the base game is played.";

/// The strategy the report's figures assume, and the practical hold of
/// `holds` when computed.
pub(super) fn strategy_assumed(holds: &[PracticalHold]) -> Vec<Section> {
    let mut sections = vec![Section {
        id: Some("strategy-assumed".into()),
        blocks: vec![
            Block::Heading(2, Text::plain("Strategy assumed")),
            Block::Paragraph(Text::marked(ASSUMED)),
            Block::Paragraph(Text::marked(if holds.is_empty() {
                "The hold under other strategies (the common mistakes, the Wizard's rule of thumb, a file of the operator's) is exact too: `uth-edge report --practical` adds it, `--strategies` chooses them, `--players` adds a player mix; `uth-edge economics --players` prices a mix in dollars."
            } else {
                "The next part gives the exact hold under other strategies."
            })),
        ],
    }];
    if !holds.is_empty() {
        sections.push(crate::report::players::practical_section(holds));
    }
    sections
}

/// One line of the monitoring figures: a base game's player (the best
/// play, or the mix) at the report's traffic.
struct Watched {
    paytable: String,
    /// `optimal` or `mix`.
    strategy: &'static str,
    money: PlayerMoney,
    /// The 95% range of one seat's month, in dollars.
    low: f64,
    high: f64,
}

/// The monitoring figures' lines: per base game of `results` the best
/// play, and the mix of `holds` on its table when there is one.
fn watched(
    results: &[WagerResult],
    holds: &[PracticalHold],
    traffic: &TableTraffic,
) -> Vec<Watched> {
    let mut lines = Vec::new();
    for r in results
        .iter()
        .filter(|r| r.wager == "base_game" && r.game.is_some())
    {
        let mut players = vec![("optimal", PlayerFigures::of("optimal", r))];
        // The best play's line is the catalog's, without a payout limit:
        // so is the mix's beside it (a mix under a limit is at the limit's
        // Antes, not the monitoring's).
        if let Some((_, mix)) = holds
            .iter()
            .find(|h| h.paytable == r.paytable && h.limit.is_none())
            .and_then(|h| h.mix.as_ref())
        {
            players.push(("mix", mix.clone()));
        }
        // The month's range is one seat's: the seats of a table share the
        // dealer's hand and the board, so their results are not
        // independent and the table's range is not theirs added.
        let one_seat = TableTraffic {
            seats: 1,
            ..traffic.clone()
        };
        for (strategy, figures) in players {
            let money = player_money(&figures, Fraction::ONE, traffic);
            let (_, low, high) = *player_money(&figures, Fraction::ONE, &one_seat)
                .month_ranges
                .iter()
                .find(|(c, _, _)| *c == "95%")
                .expect("a 95% range");
            lines.push(Watched {
                paytable: r.paytable.clone(),
                strategy,
                money,
                low,
                high,
            });
        }
    }
    lines
}

/// Seat-hands an hour (all seats) and one seat's hands a month at
/// `traffic`.
fn seat_hands(traffic: &TableTraffic) -> (u64, u64) {
    let per_hour = u64::from(traffic.hands_per_hour) * u64::from(traffic.seats);
    let per_seat_month = u64::from(traffic.hands_per_hour)
        * u64::from(traffic.hours_per_day)
        * u64::from(traffic.days_per_month);
    (per_hour, per_seat_month)
}

/// The note under the monitoring figures: what the range is, and why the
/// table's is wider.
pub const RANGE_NOTE: &str = "The range is one seat's month (one player's hands, independent of one another): the normal approximation, mean ± 1.96 standard deviations, from the exact standard deviation of a seat-hand (the square root of the exact variance; for a mix, of a seat-hand whose player is drawn from the mix). A whole table's month has a wider range than its seats' ranges added as if independent, because the seats share the dealer's cards and the board; it is not stated here. A month outside it calls for a look: Maryland has operators investigate win swings at 95% confidence (COMAR 36.05.03.25).";

/// The stakes and traffic the monitoring figures are stated at, in words
/// (the part's opening and the assumptions' entry).
pub(super) fn stakes(traffic: &TableTraffic) -> String {
    let (per_hour, _) = seat_hands(traffic);
    format!(
        "a {} Ante, {} hands an hour with {} seats filled ({per_hour} seat-hands an hour), {} hours a day, a {}-day month",
        crate::money::dollars(&traffic.ante),
        traffic.hands_per_hour,
        traffic.seats,
        traffic.hours_per_day,
        traffic.days_per_month,
    )
}

/// The monitoring figures of each base game of `results` (and of each
/// mix of `holds`): the expected win per seat-hand and per hour, and the
/// range of one seat's month 95% of the time, at `traffic`; without the
/// payout limit when the report has one (`limited`), which they say.
pub(super) fn monitoring(
    results: &[WagerResult],
    holds: &[PracticalHold],
    traffic: &TableTraffic,
    limited: bool,
) -> Option<Section> {
    let lines = watched(results, holds, traffic);
    if lines.is_empty() {
        return None;
    }
    let dollars = |f: &Fraction, places| super::super::economics::dollars(f, places);
    let rows = lines
        .iter()
        .map(|w| {
            let m = &w.money;
            let label = match w.strategy {
                "mix" => format!("{}, player mix", w.paytable),
                _ => format!("{}, best play", w.paytable),
            };
            vec![
                Cell::plain(label),
                Cell::decimal(
                    dollars(&m.win_per_seat_hand, 4),
                    m.win_per_seat_hand.to_string(),
                ),
                Cell::decimal(dollars(&m.win_per_hour, 2), m.win_per_hour.to_string()),
                Cell::plain(format!("${:.2}", m.sd_per_seat_hand)),
                Cell::plain(format!(
                    "{} to {}",
                    super::super::economics::money(w.low),
                    super::super::economics::money(w.high)
                )),
            ]
        })
        .collect();
    let (_, per_seat_month) = seat_hands(traffic);
    // The monitoring figures are the catalog's, without the limit: said
    // so, as is where the mix under it is (it has no line here).
    let unlimited = match (limited, holds.iter().any(|h| h.mix.is_some())) {
        (false, _) => "",
        (true, false) => " These figures are without the payout limit; the figures under it are at the Antes of the Money rules part.",
        (true, true) => " These figures are without the payout limit; the figures under it are at the Antes of the Money rules part, the player mix's in the Hold under practical play.",
    };
    Some(Section {
        id: Some("monitoring".into()),
        blocks: vec![
            Block::Heading(2, Text::plain("Monitoring figures for the operator")),
            Block::Paragraph(Text::marked(&format!(
                "At {}: the house's expected win (exact), and the range one seat's month ({} hands) falls in 95% of the time. `uth-edge report --average-ante --hands-per-hour --seats --hours` states them at other stakes and traffic; `uth-edge economics` adds the side bets.{unlimited}",
                stakes(traffic),
                crate::money::group_thousands(per_seat_month)
            ))),
            Block::Table(Table {
                columns: vec![
                    Column::left("base game"),
                    Column::right("win $/seat-hand"),
                    Column::right("win $/hour"),
                    Column::right("sd $/seat-hand"),
                    Column::right("one seat's month, 95% of the time"),
                ],
                rows,
            }),
            Block::Note(Text::plain(RANGE_NOTE)),
        ],
    })
}

/// The stakes and traffic as JSON (the monitoring figures' `stakes`).
fn stakes_json(traffic: &TableTraffic) -> serde_json::Value {
    let (per_hour, per_seat_month) = seat_hands(traffic);
    let mut m = serde_json::Map::new();
    insert_exact(&mut m, "ante", &traffic.ante);
    m.insert("hands_per_hour".into(), traffic.hands_per_hour.into());
    m.insert("seats".into(), traffic.seats.into());
    m.insert("seat_hands_per_hour".into(), per_hour.into());
    m.insert("hours_per_day".into(), traffic.hours_per_day.into());
    m.insert("days_per_month".into(), traffic.days_per_month.into());
    m.insert("hands_per_seat_per_month".into(), per_seat_month.into());
    m.into()
}

/// The monitoring figures as JSON (the key `monitoring`): the stakes and
/// traffic, and per base game and player its expected win per seat-hand
/// and per hour (decimal and exact), the standard deviation of a
/// seat-hand and the 95% range of one seat's month, in dollars.
pub(super) fn monitoring_json(
    results: &[WagerResult],
    holds: &[PracticalHold],
    traffic: &TableTraffic,
) -> Option<serde_json::Value> {
    let lines = watched(results, holds, traffic);
    if lines.is_empty() {
        return None;
    }
    let figures: Vec<serde_json::Value> = lines
        .iter()
        .map(|w| {
            let mut m = serde_json::Map::new();
            m.insert("paytable".into(), w.paytable.clone().into());
            m.insert("strategy".into(), w.strategy.into());
            insert_exact(&mut m, "win_per_seat_hand", &w.money.win_per_seat_hand);
            insert_exact(&mut m, "win_per_hour", &w.money.win_per_hour);
            m.insert("sd_per_seat_hand".into(), w.money.sd_per_seat_hand.into());
            m.insert(
                "seat_month_range_95".into(),
                serde_json::json!({"low": w.low, "high": w.high}),
            );
            m.into()
        })
        .collect();
    Some(serde_json::json!({"stakes": stakes_json(traffic), "figures": figures}))
}

/// The monitoring figures as CSV rows: per base game and player
/// (`strategy` optimal or mix) one `monitoring` row per figure, its name
/// in `hand` (`win_per_seat_hand_dollars`, `win_per_hour_dollars`, exact;
/// `sd_per_seat_hand_dollars`, `seat_month_95_low_dollars`,
/// `seat_month_95_high_dollars`, decimals: one seat's month) and its value
/// in `value`.
pub(super) fn monitoring_rows(
    results: &[WagerResult],
    holds: &[PracticalHold],
    traffic: &TableTraffic,
) -> Vec<PartRow> {
    let mut rows = Vec::new();
    for w in watched(results, holds, traffic) {
        let row = |name: &str| {
            PartRow::new("monitoring", name)
                .set("wager", "base_game")
                .set("paytable", w.paytable.clone())
                .set("strategy", w.strategy)
        };
        rows.push(row("win_per_seat_hand_dollars").exact("value", &w.money.win_per_seat_hand));
        rows.push(row("win_per_hour_dollars").exact("value", &w.money.win_per_hour));
        for (name, x) in [
            ("sd_per_seat_hand_dollars", w.money.sd_per_seat_hand),
            ("seat_month_95_low_dollars", w.low),
            ("seat_month_95_high_dollars", w.high),
        ] {
            rows.push(row(name).set("value", x.to_string()));
        }
    }
    rows
}

/// The strategy assumed as JSON (the key `strategy_assumed`).
pub(super) fn strategy_assumed_json() -> serde_json::Value {
    serde_json::json!({
        "strategy": "optimal",
        "description": Text::marked(ASSUMED).to_plain(),
    })
}

/// A strategy's figures against the best play's, as JSON.
fn figures_json(
    f: &PlayerFigures,
    optimal: &PlayerFigures,
) -> serde_json::Map<String, serde_json::Value> {
    let mut m = serde_json::Map::new();
    m.insert("strategy".into(), f.player.clone().into());
    insert_exact(&mut m, "house_edge", &f.house_edge);
    insert_exact(&mut m, "average_total_wager", &f.average_total_wager);
    insert_exact(
        &mut m,
        "house_edge_per_total_wagered",
        &f.edge_per_total_wagered(),
    );
    insert_exact(
        &mut m,
        "house_edge_less_optimal",
        &(f.house_edge.clone() - optimal.house_edge.clone()),
    );
    insert_exact(
        &mut m,
        "per_total_wagered_less_optimal",
        &(f.edge_per_total_wagered() - optimal.edge_per_total_wagered()),
    );
    m
}

/// The "Hold under practical play" as JSON (the key `practical_hold`):
/// per Blind table each strategy's figures and their differences from the
/// best play's, and the mix with each player's share.
pub(super) fn practical_json(holds: &[PracticalHold]) -> Vec<serde_json::Value> {
    holds
        .iter()
        .map(|h| {
            let mix = h.mix.as_ref().map(|(shares, figures)| {
                let mut m = figures_json(figures, &h.optimal);
                let shares: Vec<serde_json::Value> = shares
                    .iter()
                    .map(|(name, share)| {
                        let mut s = serde_json::Map::new();
                        s.insert("strategy".into(), name.clone().into());
                        insert_exact(&mut s, "share", share);
                        s.into()
                    })
                    .collect();
                m.insert("shares".into(), shares.into());
                serde_json::Value::from(m)
            });
            let mut hold = serde_json::json!({
                "paytable": h.paytable,
                "strategies": h.players.iter()
                    .map(|p| serde_json::Value::from(figures_json(p, &h.optimal)))
                    .collect::<Vec<_>>(),
                "mix": mix,
            });
            if let Some(limit) = &h.limit {
                hold["payout_limit"] = crate::report::players::limit_json(limit);
            }
            hold
        })
        .collect()
}

/// The player mix as CSV rows (each strategy's figures are its result's
/// rows): per Blind table one `mix` row (`strategy` mix; `house_edge`
/// per Ante, `element_of_risk` per total wagered, `average_total_wager`,
/// `std_dev` and `variance_exact` of a seat-hand; `value` the house edge
/// less the best play's; `text` the shares) and one `mix_share` row per
/// player (`probability` its share).
pub(super) fn mix_rows(holds: &[PracticalHold]) -> Vec<PartRow> {
    let mut rows = Vec::new();
    for h in holds {
        let Some((shares, f)) = &h.mix else {
            continue;
        };
        let named: Vec<String> = shares
            .iter()
            .map(|(n, s)| format!("{n} {}", super::super::economics::share(s)))
            .collect();
        rows.push(
            PartRow::new("mix", "mix")
                .set("wager", "base_game")
                .set("paytable", h.paytable.clone())
                .set("strategy", "mix")
                .exact("house_edge", &f.house_edge)
                .exact("element_of_risk", &f.edge_per_total_wagered())
                .exact("average_total_wager", &f.average_total_wager)
                .set("std_dev", f.variance.sqrt_to_f64().to_string())
                .set("variance_exact", f.variance.to_string())
                .exact(
                    "value",
                    &(f.house_edge.clone() - h.optimal.house_edge.clone()),
                )
                .set("text", named.join(", ")),
        );
        if let Some(limit) = &h.limit {
            let row = rows.pop().expect("the mix row");
            rows.push(
                row.exact("wager_amount", &limit.ante)
                    .set("rule", limit.describe()),
            );
        }
        for (name, share) in shares {
            rows.push(
                PartRow::new("mix_share", name.clone())
                    .set("wager", "base_game")
                    .set("paytable", h.paytable.clone())
                    .set("strategy", name.clone())
                    .exact("probability", share),
            );
        }
    }
    rows
}
