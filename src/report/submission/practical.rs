//! The submission report's strategy parts: which strategy its figures
//! assume (always), the "Hold under practical play" when computed
//! (`report --practical`, `--strategies`, `--players`: each strategy an
//! exact solve of a minute or two, so not in the default report), and the
//! operator's monitoring figures (the expected win and a month's range at
//! stated stakes).

use crate::analysis::economics::TableTraffic;
use crate::analysis::players::{player_money, PlayerFigures, PracticalHold};
use crate::fraction::Fraction;
use crate::report::document::{Block, Cell, Column, Section, Table, Text};
use crate::result::WagerResult;

/// The strategy the report's figures assume, and the practical hold of
/// `holds` when computed.
pub(super) fn strategy_assumed(holds: &[PracticalHold]) -> Vec<Section> {
    let mut sections = vec![Section {
        id: Some("strategy-assumed".into()),
        blocks: vec![
            Block::Heading(2, Text::plain("Strategy assumed")),
            Block::Paragraph(Text::plain(
                "Every base-game figure of this report (Ante, Blind and Play) assumes the best play: at each decision the action of highest expected value, computed exactly by the solver for the pay table submitted (strategy `optimal`; its preflop chart is in the charts). The side bets' figures do not depend on how the base game is played.",
            )),
            Block::Paragraph(Text::plain(if holds.is_empty() {
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

/// The monitoring figures of each base game of `results` (and of each
/// mix of `holds`): the expected win per seat-hand and per hour, and the
/// range of a month's result 95% of the time, at `traffic`.
pub(super) fn monitoring(
    results: &[WagerResult],
    holds: &[PracticalHold],
    traffic: &TableTraffic,
) -> Option<Section> {
    let mut rows = Vec::new();
    for r in results
        .iter()
        .filter(|r| r.wager == "base_game" && r.game.is_some())
    {
        let mut players = vec![(
            format!("{}, best play", r.paytable),
            PlayerFigures::of("optimal", r),
        )];
        if let Some((_, mix)) = holds
            .iter()
            .find(|h| h.paytable == r.paytable)
            .and_then(|h| h.mix.as_ref())
        {
            players.push((format!("{}, player mix", r.paytable), mix.clone()));
        }
        for (label, figures) in players {
            let m = player_money(&figures, Fraction::ONE, traffic);
            let (_, low, high) = *m
                .month_ranges
                .iter()
                .find(|(c, _, _)| *c == "95%")
                .expect("a 95% range");
            let dollars = |f: &Fraction, places| super::super::economics::dollars(f, places);
            rows.push(vec![
                Cell::plain(label),
                Cell::decimal(
                    dollars(&m.win_per_seat_hand, 4),
                    m.win_per_seat_hand.to_string(),
                ),
                Cell::decimal(dollars(&m.win_per_hour, 2), m.win_per_hour.to_string()),
                Cell::plain(format!("${:.2}", m.sd_per_seat_hand)),
                Cell::plain(format!(
                    "{} to {}",
                    super::super::economics::money(low),
                    super::super::economics::money(high)
                )),
            ]);
        }
    }
    if rows.is_empty() {
        return None;
    }
    let per_hour = u64::from(traffic.hands_per_hour) * u64::from(traffic.seats);
    let per_month = per_hour * u64::from(traffic.hours_per_day) * u64::from(traffic.days_per_month);
    Some(Section {
        id: Some("monitoring".into()),
        blocks: vec![
            Block::Heading(2, Text::plain("Monitoring figures for the operator")),
            Block::Paragraph(Text::plain(format!(
                "At a ${} Ante, {} hands an hour with {} seats filled ({per_hour} seat-hands an hour), {} hours a day: the house's expected win (exact) and the range a month's result ({} days, {} seat-hands) falls in 95% of the time. `uth-edge economics` gives them at other stakes and traffic.",
                traffic.ante,
                traffic.hands_per_hour,
                traffic.seats,
                traffic.hours_per_day,
                traffic.days_per_month,
                crate::money::group_thousands(per_month)
            ))),
            Block::Table(Table {
                columns: vec![
                    Column::left("base game"),
                    Column::right("win $/seat-hand"),
                    Column::right("win $/hour"),
                    Column::right("sd $/seat-hand"),
                    Column::right("a month, 95% of the time"),
                ],
                rows,
            }),
            Block::Note(Text::plain(
                "The range is the normal approximation (mean ± 1.96 standard deviations of a month's result, seat-hands treated as independent), from the exact standard deviation of a seat-hand (the square root of the exact variance; for a mix, of a seat-hand whose player is drawn from the mix). Seats at one table share the dealer's hand and the board, which the approximation does not model. A month outside it calls for a look: Maryland has operators investigate win swings at 95% confidence (COMAR 36.05.03.25).",
            )),
        ],
    })
}
