//! The Progressive Payout wager and its Envy Bonus, exactly (COMAR
//! 36.05.16.12D).
//!
//! # The wager
//! The player's five-card hand is paid by the pay table: a share of the
//! progressive meter for a royal or straight flush, odds or fixed dollars
//! below (only the highest award). Which five cards make the hand is a rule
//! option of the table ([`ProgressiveHand`]): by default the player's two
//! cards and the three flop cards; or the best five of seven. The Envy Bonus
//! adds a fixed sum for each *other* player at the table whose hand (read
//! the same way: their two cards and the same flop or board) qualifies.
//!
//! # Exactly
//! Another player's two cards are dealt from the cards the player does not
//! see exactly like the dealer's, so the joint counts of
//! [`ShowdownCounts`] (player category × dealer category over every deal of
//! board, player and one more two-card holding; the showdown result is not
//! needed here) give both parts:
//! - the player's own award: the counts by the player's category;
//! - the Envy Bonus from one other player: the counts by the other holding's
//!   category, card removal done right (the other holding avoids the
//!   player's cards and the board);
//! - with `N` other players, by linearity of expectation, the Envy Bonus is
//!   worth `N` times that of one, whatever the dependence between players.
//!
//! For `hole_and_flop` the deals are flop (3 cards), player (2), other (2):
//! C(52,3) · C(49,2) · C(47,2) = 28,094,757,600, each five-card player hand
//! appearing C(5,2) · C(47,2) = 10 · 1,081 times; for `best_of_seven`, the
//! 2,781,381,002,400 deals of the Bad Beat.
//!
//! The return is linear in the meter `m`: `ret(m) = ret(0) + m · (ret(1) -
//! ret(0))` (both values from [`settle_progressive`]), so the break-even
//! meter, where the expected net result is zero, is `-ret(0) / (ret(1) -
//! ret(0))`, an exact fraction, for each number of other players.

use crate::cards::{Card, CardSet};
use crate::evaluator::HandCategory;
use crate::exact::few_others;
use crate::exact::showdown::{
    count_nobody_else, full_deck_counts, holding_counts, NobodyElse, ShowdownCounts,
};
use crate::fraction::Fraction;
use crate::message::shown;
use crate::money::dollars;
use crate::money::{parse_amount, AmountError};
use crate::progress::Progress;
use crate::progress::Silent;
use crate::result::{Figure, ResultLine, WagerResult};
use crate::rules::paytable::{Award, PayTable, ProgressiveHand, WagerKind};
use crate::rules::settlement::{envy_bonus, settle_progressive_meters};
use num_bigint::BigInt;
use num_rational::BigRational;
use std::sync::Mutex;

/// At most six players at a table (COMAR 36.05.16.02A), so at most five
/// others.
pub const MAX_OTHER_PLAYERS: u32 = 5;

/// The default meter: the lowest initial and reset amount the regulation
/// allows, $10,000 (COMAR 36.05.16.12D(3)(b)).
pub const DEFAULT_METER: i128 = 10_000;

/// Every deal for the given hand reading: board (flop or five community
/// cards), player and one other holding; counted once per process
/// ([`full_deck_counts`]).
pub fn count_progressive_deals(
    hand: ProgressiveHand,
    progress: &dyn Progress,
) -> &'static ShowdownCounts {
    full_deck_counts(hand.board_cards(), progress)
}

/// The player's own five-card hands by category: the deal counts by the
/// player's category, divided by the ways each hand occurs (for
/// `hole_and_flop`, C(5,2) splits of five cards into two and three times the
/// C(47,2) other holdings, so these are the C(52,5) five-card hands; for
/// `best_of_seven`, C(7,2) · C(45,2), the C(52,7) seven-card hands).
pub fn own_hand_counts(counts: &ShowdownCounts) -> [u64; HandCategory::COUNT] {
    let n = counts.deck_size as u64;
    let k = counts.board_size as u64;
    let ways = crate::cards::choose(k + 2, 2) * crate::cards::choose(n - k - 2, 2);
    counts.player_categories().map(|c| {
        assert_eq!(c % ways, 0, "each hand is counted the same number of times");
        c / ways
    })
}

/// Other holdings of each category, given the player's two cards and the
/// board (the flop for `hole_and_flop`, five cards for `best_of_seven`):
/// the Envy Bonus odds of one other player for this one hand. From the same
/// sweep as the totals ([`holding_counts`]).
pub fn other_player_categories(hole: [Card; 2], board: CardSet) -> [u32; HandCategory::COUNT] {
    let (a, b) = if hole[0] < hole[1] {
        (hole[0], hole[1])
    } else {
        (hole[1], hole[0])
    };
    let rows = holding_counts(CardSet::FULL_DECK, board);
    let (_, _, c) = rows
        .iter()
        .find(|(x, y, _)| *x == a && *y == b)
        .expect("the player's cards are not on the board");
    std::array::from_fn(|d| c.dealer.iter().map(|by_result| by_result[d]).sum())
}

/// The categories whose Envy Bonus keeps the hit frequency countable in
/// bounded time with more than [`few_others::MOST_OTHERS`] other players:
/// the qualifying holdings on a board are then few (a straight flush or
/// better, four of a kind), so the general count
/// ([`count_nobody_else`]) is quick (with five other players, the built-in
/// table's royal and straight flush or a four of a kind Envy Bonus: 0.2 s
/// on the flop, under 20 s of processor time for best of seven, measured
/// on 2 busy cores). On more common hands it took from a minute to hours
/// (a full house: over 15 minutes with one other player); with one or two
/// other players any categories are counted in closed form
/// ([`few_others`]), in under a second on the flop.
pub const ENVY_FOR_ANY_PLAYERS: [HandCategory; 3] = [
    HandCategory::RoyalFlush,
    HandCategory::StraightFlush,
    HandCategory::FourOfAKind,
];

/// The categories on which another player's hand earns an Envy Bonus, for a
/// wager of `wager` dollars, by [`HandCategory::index`].
pub fn envy_categories(table: &PayTable, wager: &Fraction) -> [bool; HandCategory::COUNT] {
    HandCategory::ALL.map(|c| envy_bonus(table, c, wager.clone()).is_positive())
}

/// Settings of a Progressive result that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgressiveError {
    #[error("--players {0}: at most {MAX_OTHER_PLAYERS} other players (a table seats six players, COMAR 36.05.16.02A)")]
    /// More other players than a table seats.
    TooManyPlayers(u32),
    /// A meter that is not an amount in dollars, or too large.
    #[error(transparent)]
    Meter(#[from] AmountError),
    #[error("--meter {0}: the meter cannot be negative")]
    /// A negative meter.
    NegativeMeter(String),
    #[error("--players {players}: with more than {} other players, the hit frequency is counted in bounded time only for an Envy Bonus on four of a kind or better; pay table {id} pays one on {categories} (give --players 0 to {})", few_others::MOST_OTHERS, few_others::MOST_OTHERS)]
    /// An Envy Bonus on common hands with more other players than can be
    /// counted in bounded time (see [`ENVY_FOR_ANY_PLAYERS`]).
    EnvyTooCommon {
        /// The number of other players asked for.
        players: u32,
        /// The pay table's id.
        id: String,
        /// The Envy Bonus categories beyond four of a kind, comma separated.
        categories: String,
    },
    #[error("--wager: pay table {id} has an Envy Bonus for {amounts} only, not {wager}")]
    /// A wager with no Envy Bonus schedule in the pay table.
    NoEnvySchedule {
        /// The wager, in dollars.
        wager: String,
        /// The pay table's id.
        id: String,
        /// The wagers the table has a schedule for.
        amounts: String,
    },
}

/// Reads a meter amount in dollars (`--meter`): a number such as `10000` or
/// `125000.50` (no commas), zero allowed, with the limits of
/// [`parse_amount`] (a meter of 10^12 or more is refused as too large).
pub fn parse_meter(text: &str) -> Result<Fraction, ProgressiveError> {
    let meter = parse_amount("meter", text)?;
    if meter.is_negative() {
        return Err(ProgressiveError::NegativeMeter(shown(text)));
    }
    Ok(meter)
}

/// Checks that `wager` and `players` can be settled with `table`: at most
/// five other players, and if the table has Envy Bonus schedules, one for
/// this wager.
pub fn check_settings(
    table: &PayTable,
    wager: Fraction,
    players: u32,
) -> Result<(), ProgressiveError> {
    if players > MAX_OTHER_PLAYERS {
        return Err(ProgressiveError::TooManyPlayers(players));
    }
    let envy = &table.rules.envy;
    if !envy.is_empty()
        && !envy
            .iter()
            .any(|e| Fraction::from_int(e.wager as i128) == wager)
    {
        return Err(ProgressiveError::NoEnvySchedule {
            wager: dollars(&wager),
            id: table.id.clone(),
            amounts: envy
                .iter()
                .map(|e| format!("${}", e.wager))
                .collect::<Vec<_>>()
                .join(" and ")
                + " wagers",
        });
    }
    if players as usize > few_others::MOST_OTHERS {
        let common: Vec<&str> = HandCategory::ALL
            .iter()
            .filter(|c| envy_categories(table, &wager)[c.index()])
            .filter(|c| !ENVY_FOR_ANY_PLAYERS.contains(c))
            .map(|c| c.name())
            .collect();
        if !common.is_empty() {
            return Err(ProgressiveError::EnvyTooCommon {
                players,
                id: table.id.clone(),
                categories: common.join(", "),
            });
        }
    }
    Ok(())
}

/// Expected net result per dollar wagered at meter `meter` with `players`
/// other players, from the counts.
fn expected_return(
    table: &PayTable,
    counts: &ShowdownCounts,
    wager: &Fraction,
    meters: &[Fraction],
    players: u32,
) -> Fraction {
    let total = Fraction::from_int(counts.total() as i128);
    let own = counts.player_categories();
    let other = counts.dealer_categories();
    let mut sum = Fraction::ZERO;
    for c in HandCategory::ALL {
        let p = Fraction::from_int(own[c.index()] as i128);
        sum = sum + p * settle_progressive_meters(table, c, wager.clone(), meters);
        let q = Fraction::from_int(other[c.index()] as i128);
        sum = sum + q * Fraction::from_int(players as i128) * envy_bonus(table, c, wager.clone());
    }
    sum / total / wager
}

/// The variance of the net result per dollar wagered and the probability
/// that it is positive (the hit frequency), with `players` other players.
///
/// The net is `X = O + E_1 + ... + E_N`: the player's own award and the
/// Envy Bonus from each other player. All the second moments come from the
/// joint counts of two disjoint holdings (the other players are dealt like
/// the dealer, and any two of the three holdings are alike):
/// `E[X²] = E[O²] + 2N E[O E_1] + N E[E_1²] + N(N-1) E[E_1 E_2]`. A deal is
/// a hit when the own award nets more than zero or anyone else qualifies
/// (every Envy Bonus is more than the wager, which the pay table checks), so
/// the misses are the deals where the own hand nets nothing and nobody else
/// qualifies ([`nobody_else`]: in closed form for up to two other players,
/// else by inclusion-exclusion, which [`check_settings`] allows only for an
/// Envy Bonus on four of a kind or better).
fn spread(
    table: &PayTable,
    counts: &ShowdownCounts,
    wager: &Fraction,
    meters: &[Fraction],
    players: u32,
    expected: &Fraction,
) -> (Fraction, Fraction) {
    let own: [Fraction; HandCategory::COUNT] = HandCategory::ALL
        .map(|c| settle_progressive_meters(table, c, wager.clone(), meters) / wager);
    let envy: [Fraction; HandCategory::COUNT] =
        HandCategory::ALL.map(|c| envy_bonus(table, c, wager.clone()) / wager);
    let total = Fraction::from_int(counts.total() as i128);
    let n = Fraction::from_int(players as i128);
    let mut second = Fraction::ZERO;
    for p in 0..10 {
        for d in 0..10 {
            let pair: u64 = counts.counts[p].iter().map(|by_result| by_result[d]).sum();
            if pair == 0 {
                continue;
            }
            let weight = Fraction::from_int(pair as i128) / &total;
            let (o, e, e_p) = (&own[p], &envy[d], &envy[p]);
            second = second
                + weight
                    * (o * o
                        + Fraction::from_int(2) * &n * o * e
                        + &n * e * e
                        + &n * (&n - Fraction::ONE) * e_p * e);
        }
    }
    let variance = second - expected * expected;

    let qualifying: [bool; HandCategory::COUNT] = std::array::from_fn(|c| envy[c].is_positive());
    let misses = if players == 0 || !qualifying.iter().any(|&q| q) {
        let own_counts = counts.player_categories();
        let missed: u64 = (0..10)
            .filter(|&p| !own[p].is_positive())
            .map(|p| own_counts[p])
            .sum();
        Fraction::new(missed as i128, counts.total() as i128)
    } else {
        let nobody = nobody_else(counts.deck, counts.board_size, qualifying, players as usize);
        let big_n = players as usize;
        let missed: u128 = (0..10)
            .filter(|&p| !own[p].is_positive())
            .map(|p| nobody.by_player[p][big_n])
            .sum();
        // Exact whatever their size (about 2.6e6 boards x 1,081 x 6e14 at
        // most), with no cast that could wrap.
        Fraction::from_big(BigRational::new(
            BigInt::from(missed),
            BigInt::from(nobody.deals[big_n]),
        ))
    };
    (variance, Fraction::ONE - misses)
}

/// The deals in which none of `others` other players qualifies
/// ([`NobodyElse`], valid for up to `others` players): in closed form for
/// up to two ([`few_others`]), else by [`count_nobody_else`]; counted once
/// per process for each deck, board size and set of qualifying categories.
pub fn nobody_else(
    deck: CardSet,
    board_size: usize,
    qualifying: [bool; HandCategory::COUNT],
    others: usize,
) -> NobodyElse {
    static CACHE: Mutex<Vec<NobodyElse>> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let found = cache.iter().find(|c| {
        c.deck == deck
            && c.board_size == board_size
            && c.qualifying == qualifying
            && c.others >= others
    });
    if let Some(hit) = found {
        return hit.clone();
    }
    let counted = if others <= few_others::MOST_OTHERS {
        few_others::count_nobody_else_of_two(deck, board_size, qualifying, &Silent)
    } else {
        count_nobody_else(deck, board_size, qualifying, &Silent)
    };
    cache.push(counted.clone());
    counted
}

/// The meter at which the expected net result is zero, with `players`
/// other players; `None` if no award depends on the meter.
pub fn break_even_meter(
    table: &PayTable,
    counts: &ShowdownCounts,
    wager: Fraction,
    players: u32,
) -> Option<Fraction> {
    let at_zero = expected_return(table, counts, &wager, &[Fraction::ZERO], players);
    let at_one = expected_return(table, counts, &wager, &[Fraction::ONE], players);
    let slope = &at_one - &at_zero;
    // Linear in the meter: a third point on the same line.
    let at_two = expected_return(table, counts, &wager, &[Fraction::from_int(2)], players);
    assert_eq!(at_two - at_one, slope, "the return is linear in the meter");
    (!slope.is_zero()).then(|| -at_zero / slope)
}

/// The Progressive figures of one table for a wager of `wager` dollars, the
/// meter at `meter` dollars and `players` other players (checked with
/// [`check_settings`]). `counts` must be those of the table's hand reading.
pub fn progressive_result(
    table: &PayTable,
    counts: &ShowdownCounts,
    wager: Fraction,
    meter: Fraction,
    players: u32,
) -> WagerResult {
    progressive_result_at(table, counts, wager, &[meter], players)
}

/// [`progressive_result`] with an amount for each of the table's meters
/// (`meters[i]` for meter `i`; a single amount for every meter). The
/// result's `meter` is that amount when there is one; the break-even
/// meters are left out for a table of several meters (they would put every
/// meter at one amount).
pub fn progressive_result_at(
    table: &PayTable,
    counts: &ShowdownCounts,
    wager: Fraction,
    meters: &[Fraction],
    players: u32,
) -> WagerResult {
    assert_eq!(table.wager, WagerKind::Progressive, "a Progressive table");
    assert_eq!(
        counts.board_size,
        table.rules.progressive_hand.board_cards(),
        "counts of the table's hand reading"
    );
    let total = counts.total();
    let per_deal = Fraction::new(1, total as i128);
    let own = counts.player_categories();
    let other = counts.dealer_categories();
    let mut lines = Vec::new();
    let mut unpaid = 0u64;
    for c in HandCategory::ALL.iter().rev().copied() {
        let n = own[c.index()];
        let net = settle_progressive_meters(table, c, wager.clone(), meters) / &wager;
        match table.award_for_category(c) {
            Some(award) => lines.push(ResultLine {
                hand: c.name().to_string(),
                combinations: n,
                probability: Fraction::new(n as i128, total as i128),
                pays: match (award, table.rules.meters.get(1)) {
                    (Award::Meter { percent, meter }, Some(_)) => {
                        format!("{percent}% of meter {}", table.rules.meters[meter].name)
                    }
                    _ => award.to_string(),
                },
                contribution: net * Fraction::from_int(n as i128) * &per_deal,
            }),
            None => unpaid += n,
        }
    }
    if unpaid > 0 {
        lines.push(ResultLine {
            hand: "other".to_string(),
            combinations: unpaid,
            probability: Fraction::new(unpaid as i128, total as i128),
            pays: "loses".to_string(),
            contribution: -Fraction::new(unpaid as i128, total as i128),
        });
    }
    if let Some(schedule) = table
        .rules
        .envy
        .iter()
        .find(|e| Fraction::from_int(e.wager as i128) == wager)
    {
        for &(c, award) in &schedule.awards {
            let n = other[c.index()];
            let bonus = envy_bonus(table, c, wager.clone());
            lines.push(ResultLine {
                hand: format!("envy_{}", c.name()),
                combinations: n,
                probability: Fraction::new(n as i128, total as i128),
                pays: format!(
                    "${} x {players}",
                    crate::rules::paytable::group_thousands(award)
                ),
                contribution: bonus * Fraction::from_int(players as i128 * n as i128) * &per_deal
                    / &wager,
            });
        }
    }
    let expected = lines
        .iter()
        .fold(Fraction::ZERO, |sum, l| sum + &l.contribution);
    assert_eq!(
        expected,
        expected_return(table, counts, &wager, meters, players),
        "the rows add up to the return"
    );
    let several_meters = table.rules.meters.len() > 1;
    let figures = (0..=MAX_OTHER_PLAYERS)
        .filter(|_| !several_meters)
        .filter_map(|n| {
            break_even_meter(table, counts, wager.clone(), n).map(|value| Figure {
                name: format!("break_even_meter_{n}_other_players"),
                value,
                unit: "dollars".to_string(),
            })
        })
        .collect();
    let (variance, hit_frequency) = spread(table, counts, &wager, meters, players, &expected);
    let mut rule = table.rules.progressive_hand.name().to_string();
    if !table.rules.wager_returned {
        rule.push_str("+for_one");
    }
    WagerResult {
        wager: table.wager.name().to_string(),
        paytable: table.id.clone(),
        title: table.title.clone(),
        wager_amount: Some(wager),
        outcomes: total,
        lines,
        house_edge: -&expected,
        element_of_risk: -expected,
        variance,
        hit_frequency,
        published: table.published.clone(),
        game: None,
        rule: Some(rule),
        meter: (meters.len() == 1).then(|| meters[0].clone()),
        players: Some(players),
        figures,
    }
}

/// The Progressive figures of each table (outermost), wager amount, meter
/// and number of other players (innermost), counting the deals once per hand
/// reading. Panics if a table is not a Progressive table or the settings
/// fail [`check_settings`].
pub fn progressive_report(
    tables: &[PayTable],
    wagers: &[Fraction],
    meters: &[Fraction],
    players: &[u32],
    progress: &dyn Progress,
) -> Vec<WagerResult> {
    assert!(tables.iter().all(|t| t.wager == WagerKind::Progressive));
    for t in tables {
        for w in wagers {
            for &n in players {
                check_settings(t, w.clone(), n).expect("settings checked");
            }
        }
    }
    let mut results = Vec::new();
    for t in tables {
        let c = count_progressive_deals(t.rules.progressive_hand, progress);
        for w in wagers {
            for m in meters {
                for &n in players {
                    results.push(progressive_result(t, c, w.clone(), m.clone(), n));
                }
            }
        }
    }
    results
}
