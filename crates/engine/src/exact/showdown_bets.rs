//! The wagers settled on the player's hand against the dealer's, exactly:
//! the Bad Beat bonus and Trips under the rule `must_beat_dealer` (the
//! Florida racetrack variant).
//!
//! Both depend on a deal only through the player's category, the showdown
//! result and the dealer's category, so each pay table is a sum of
//! `count × net` over the 10 × 3 × 10 cells of [`ShowdownCounts`] (all
//! 2,781,381,002,400 deals of player, dealer and community cards, counted
//! once per process by [`full_deck_counts`]). The net of each cell comes from
//! [`settle_bad_beat`] or [`settle_trips_against`]: the rules live in
//! `settlement`, not here.
//!
//! Both wagers are settled on the final hands whatever the player does with
//! the Play wager (a fold included): that is how the published figures are
//! computed (their deal counts add up to every deal), and see the README for
//! why folds would hardly matter.
//!
//! Rows of a result: one per pay line of the table (in its order), the deals
//! it pays; then, where there are any, `tie` (Bad Beat: a five-card tie,
//! which loses) or `push` (must-beat-dealer Trips: a tie with a paying
//! hand); then `other`, the deals that lose. The rows partition the deals.

use crate::evaluator::HandCategory;
use crate::exact::showdown::{full_deck_counts, ShowdownCounts, RESULTS};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::result::{ResultLine, WagerResult};
use crate::rules::paytable::{PayTable, PayingHand, WagerKind};
use crate::rules::settlement::{bad_beat_paid_hand, settle_bad_beat, settle_trips_against};

/// Every deal of the full deck (player, dealer, five community cards),
/// counted once per process ([`full_deck_counts`]).
pub fn count_full_deck(progress: &dyn Progress) -> &'static ShowdownCounts {
    full_deck_counts(5, progress)
}

/// Where a cell of the showdown table goes in a result.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Row {
    /// The pay line of this category.
    Line(HandCategory),
    /// A row of its own: name and what it pays.
    Named(&'static str, &'static str),
}

/// Adds up `count × net` per row; rows are the table's lines (in order, even
/// if never reached), then the named rows in the order of `named`.
fn result_from_cells(
    table: &PayTable,
    counts: &ShowdownCounts,
    named: &[(&'static str, &'static str)],
    rule: String,
    cell: impl Fn(HandCategory, usize, HandCategory) -> (Row, Fraction),
) -> WagerResult {
    let total = counts.total();
    // Σ count·net² and the deals that win, for the variance and the hit
    // frequency.
    let mut second = Fraction::ZERO;
    let mut wins = 0u64;
    let mut rows: Vec<(Row, u64, Fraction)> = table
        .lines
        .iter()
        .filter_map(|l| match l.hand {
            PayingHand::Category(c) => Some((Row::Line(c), 0, Fraction::ZERO)),
            _ => None,
        })
        .collect();
    rows.extend(
        named
            .iter()
            .map(|&(n, p)| (Row::Named(n, p), 0, Fraction::ZERO)),
    );
    for player in HandCategory::ALL {
        for result in 0..RESULTS.len() {
            for dealer in HandCategory::ALL {
                let n = counts.counts[player.index()][result][dealer.index()];
                if n == 0 {
                    continue;
                }
                let (row, net) = cell(player, result, dealer);
                let i = rows
                    .iter()
                    .position(|r| r.0 == row)
                    .expect("every cell has a row");
                rows[i].1 += n;
                let n_deals = Fraction::from_int(n as i128);
                rows[i].2 = &rows[i].2 + &net * &n_deals;
                second = second + &net * &net * &n_deals;
                if net.is_positive() {
                    wins += n;
                }
            }
        }
    }
    let per_deal = Fraction::new(1, total as i128);
    let mut lines = Vec::new();
    for (row, count, money) in rows {
        let (hand, pays) = match row {
            Row::Line(c) => (
                c.name().to_string(),
                table
                    .award_for_category(c)
                    .map_or(String::new(), |a| a.to_string()),
            ),
            Row::Named(name, pays) => {
                if count == 0 {
                    continue;
                }
                (name.to_string(), pays.to_string())
            }
        };
        lines.push(ResultLine {
            hand,
            combinations: count,
            probability: Fraction::new(count as i128, total as i128),
            pays,
            contribution: money * &per_deal,
        });
    }
    let expected = lines
        .iter()
        .fold(Fraction::ZERO, |sum, l| sum + &l.contribution);
    WagerResult {
        wager: table.wager.name().to_string(),
        paytable: table.id.clone(),
        title: table.title.clone(),
        wager_amount: None,
        outcomes: total,
        lines,
        house_edge: -&expected,
        element_of_risk: -&expected,
        variance: second * per_deal - &expected * &expected,
        hit_frequency: Fraction::new(wins as i128, total as i128),
        published: table.published.clone(),
        game: None,
        rule: Some(rule),
        meter: None,
        players: None,
        figures: Vec::new(),
    }
}

/// The Bad Beat figures of one Bad Beat table over the counted deals.
pub fn bad_beat_result(table: &PayTable, counts: &ShowdownCounts) -> WagerResult {
    assert_eq!(table.wager, WagerKind::BadBeat, "a Bad Beat table");
    let rule = table
        .rules
        .bad_beat_pays_on
        .iter()
        .map(|w| w.name())
        .collect::<Vec<_>>()
        .join("+");
    result_from_cells(
        table,
        counts,
        &[("tie", "loses"), ("other", "loses")],
        rule,
        |player, result, dealer| {
            let versus = RESULTS[result];
            let net = settle_bad_beat(table, player, versus, dealer);
            let row = match bad_beat_paid_hand(table, player, versus, dealer) {
                Some((_, losing)) => Row::Line(losing),
                None if result == 1 => Row::Named("tie", "loses"),
                None => Row::Named("other", "loses"),
            };
            (row, net)
        },
    )
}

/// The Trips figures of one Trips table over the counted deals, under the
/// table's rule (any rule: for the standard rule this agrees with
/// [`crate::exact::side_bets::trips_result`], which needs only the player's cards).
pub fn trips_against_result(table: &PayTable, counts: &ShowdownCounts) -> WagerResult {
    assert_eq!(table.wager, WagerKind::Trips, "a Trips table");
    result_from_cells(
        table,
        counts,
        &[("push", "push"), ("other", "loses")],
        table.rules.trips.name().to_string(),
        |player, result, _dealer| {
            let net = settle_trips_against(table, player, RESULTS[result]);
            let row = if net.is_positive() {
                Row::Line(player)
            } else if net.is_zero() {
                Row::Named("push", "push")
            } else {
                Row::Named("other", "loses")
            };
            (row, net)
        },
    )
}

/// The Bad Beat figures of each table, counting the deals once. Panics if a
/// table is not a Bad Beat table (check with [`PayTable::expect_wager`]).
pub fn bad_beat_report(tables: &[PayTable], progress: &dyn Progress) -> Vec<WagerResult> {
    assert!(tables.iter().all(|t| t.wager == WagerKind::BadBeat));
    if tables.is_empty() {
        return Vec::new();
    }
    let counts = count_full_deck(progress);
    tables.iter().map(|t| bad_beat_result(t, counts)).collect()
}
