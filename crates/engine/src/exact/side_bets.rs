//! The side bets, exactly: Trips and the Six Card Bonus.
//!
//! Both wagers are settled on the player's cards alone, so their exact value
//! is a count over every hand the deck can deal:
//! - Trips: all C(52,7) = 133,784,560 seven-card hands (the player's two
//!   cards and the five community cards), each settled on its best five cards
//!   by [`settle_trips`].
//! - Six Card Bonus: all C(52,6) = 20,358,520 six-card hands (the player's
//!   two cards and the four bonus cards), settled on the best five of six by
//!   [`settle_six_card`]; the four Super Royals (A-K-Q-J-10-9 of
//!   one suit) are told apart by suit, since a table may pay them by suit.
//!
//! The hands are counted once per run, whatever the number of pay tables
//! ([`count_seven_card_hands`], [`count_six_card_hands`]), and each table is
//! then a sum over the ten categories (and four Super Royals) of
//! `count × net`, in exact [`Fraction`]s. The house edge is minus the
//! expected net result per unit (or dollar) wagered; for a single wager that
//! is resolved at once, with nothing added to it later, the element of risk
//! (expected loss over the total amount risked) is the same number.
//!
//! # How the counting is fast
//! Hands are walked as increasing card indices `a < b < c < ...`, adding one
//! card at a time to a [`PartialHand`] so that the innermost loop adds the
//! last card and does one table lookup. The work is split by the two lowest
//! cards (1,081 units for seven cards, 1,128 for six) over rayon's threads;
//! each thread counts hands by hand value (7,462 counters) and the counters
//! are added at the end, so the counts are the same integers whatever the
//! number of threads or the order of the work. Royal flushes (the only
//! six-card hands that can be Super Royals) are the only hands whose cards
//! are looked at again.

use crate::cards::{choose, Card, CardSet, DECK_SIZE};
use crate::evaluator::{self, HandCategory, HandRank, PartialHand, HAND_CLASSES};
use crate::fraction::Fraction;
pub use crate::money::{parse_dollars, AmountError};
use crate::progress::Progress;
use crate::result::{ResultLine, WagerResult};
use crate::rules::paytable::{PayLine, PayTable, PayingHand, WagerKind};
use crate::rules::settlement::{settle_six_card, settle_trips, six_card_pay_line};
use rayon::prelude::*;

/// Number of seven-card hands of each best-five category.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SevenCardCounts {
    /// Indexed by [`HandCategory::index`].
    pub by_category: [u64; HandCategory::COUNT],
}

impl SevenCardCounts {
    /// Number of hands whose best five cards are of `category`.
    pub fn count(&self, category: HandCategory) -> u64 {
        self.by_category[category.index()]
    }

    /// Number of hands counted.
    pub fn total(&self) -> u64 {
        self.by_category.iter().sum()
    }
}

/// Number of six-card hands of each best-five category, and of Super Royals.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SixCardCounts {
    /// Indexed by [`HandCategory::index`]; the Super Royals are among the
    /// royal flushes here.
    pub by_category: [u64; HandCategory::COUNT],
    /// Super Royals (A-K-Q-J-10-9 of one suit) by suit, card order (clubs,
    /// diamonds, hearts, spades).
    pub super_royal: [u64; 4],
}

impl SixCardCounts {
    /// Number of hands whose best five cards are of `category` (Super Royals
    /// included among royal flushes).
    pub fn count(&self, category: HandCategory) -> u64 {
        self.by_category[category.index()]
    }

    /// Number of hands counted.
    pub fn total(&self) -> u64 {
        self.by_category.iter().sum()
    }

    /// The hands in disjoint outcomes, each as the [`PayingHand`] it is
    /// settled as: the four Super Royals by suit, then each category (the
    /// royal flushes without the Super Royals).
    pub fn outcomes(&self) -> Vec<(PayingHand, u64)> {
        let supers: u64 = self.super_royal.iter().sum();
        let mut out: Vec<(PayingHand, u64)> = (0..4)
            .map(|s| (PayingHand::SuperRoyalOf(s), self.super_royal[s]))
            .collect();
        for &category in HandCategory::ALL.iter().rev() {
            let mut n = self.count(category);
            if category == HandCategory::RoyalFlush {
                n -= supers;
            }
            out.push((PayingHand::Category(category), n));
        }
        out
    }
}

/// Adds two vectors of counters.
fn add_counts(mut x: Vec<u64>, y: Vec<u64>) -> Vec<u64> {
    for (a, b) in x.iter_mut().zip(y) {
        *a += b;
    }
    x
}

/// Counters by hand value folded into categories.
fn categories_of(by_rank: &[u64]) -> [u64; HandCategory::COUNT] {
    assert_eq!(by_rank[0], 0, "every hand has a value of 1 or more");
    let mut by_category = [0u64; HandCategory::COUNT];
    for (value, &n) in by_rank.iter().enumerate().skip(1) {
        by_category[HandRank(value as u16).category().index()] += n;
    }
    by_category
}

/// The units of work: the two lowest cards `(a, b)` of hands of `size`
/// cards (the other cards are above `b`, so `b <= 52 - (size - 1)`).
fn work_units(size: usize) -> Vec<(usize, usize)> {
    let top_b = DECK_SIZE - (size - 1);
    (0..top_b)
        .flat_map(|a| (a + 1..=top_b).map(move |b| (a, b)))
        .collect()
}

/// Counts all C(52,7) seven-card hands by the category of their best five.
pub fn count_seven_card_hands(progress: &dyn Progress) -> SevenCardCounts {
    let tables = evaluator::tables();
    let cards: [Card; DECK_SIZE] = std::array::from_fn(Card::from_index);
    progress.begin("Trips: all 133,784,560 seven-card hands", choose(52, 7));
    let by_rank = work_units(7)
        .into_par_iter()
        .fold(
            || vec![0u64; HAND_CLASSES as usize + 1],
            |mut counts, (a, b)| {
                let h2 = PartialHand::EMPTY.add(cards[a]).add(cards[b]);
                for c in b + 1..DECK_SIZE - 4 {
                    let h3 = h2.add(cards[c]);
                    for d in c + 1..DECK_SIZE - 3 {
                        let h4 = h3.add(cards[d]);
                        for e in d + 1..DECK_SIZE - 2 {
                            let h5 = h4.add(cards[e]);
                            for f in e + 1..DECK_SIZE - 1 {
                                let h6 = h5.add(cards[f]);
                                // Invariant: g > f, so the seven cards differ.
                                for &g in &cards[f + 1..] {
                                    counts[tables.rank(h6.add(g)).0 as usize] += 1;
                                }
                            }
                        }
                    }
                }
                progress.advance(choose((DECK_SIZE - 1 - b) as u64, 5));
                counts
            },
        )
        .reduce(|| vec![0u64; HAND_CLASSES as usize + 1], add_counts);
    progress.finish();
    SevenCardCounts {
        by_category: categories_of(&by_rank),
    }
}

/// The Super Royal of each suit: A-K-Q-J-10-9 (ranks 7 to 12) of that suit.
pub fn super_royal_cards(suit: usize) -> CardSet {
    CardSet::from_cards(
        &(7..13)
            .map(|rank| Card::new(rank, suit))
            .collect::<Vec<_>>(),
    )
}

/// Counts all C(52,6) six-card hands by the category of their best five,
/// and the Super Royals by suit.
pub fn count_six_card_hands(progress: &dyn Progress) -> SixCardCounts {
    let tables = evaluator::tables();
    let cards: [Card; DECK_SIZE] = std::array::from_fn(Card::from_index);
    let royal_value = HAND_CLASSES as usize;
    let supers: [u64; 4] = std::array::from_fn(|s| super_royal_cards(s).0);
    progress.begin(
        "Six Card Bonus: all 20,358,520 six-card hands",
        choose(52, 6),
    );
    // Counters: 7,463 by hand value, then 4 Super Royals by suit.
    let width = HAND_CLASSES as usize + 1 + 4;
    let counts = work_units(6)
        .into_par_iter()
        .fold(
            || vec![0u64; width],
            |mut counts, (a, b)| {
                let h2 = PartialHand::EMPTY.add(cards[a]).add(cards[b]);
                for c in b + 1..DECK_SIZE - 3 {
                    let h3 = h2.add(cards[c]);
                    for d in c + 1..DECK_SIZE - 2 {
                        let h4 = h3.add(cards[d]);
                        for e in d + 1..DECK_SIZE - 1 {
                            let h5 = h4.add(cards[e]);
                            for &f in &cards[e + 1..] {
                                let value = tables.rank(h5.add(f)).0 as usize;
                                counts[value] += 1;
                                // Only a royal flush can be a Super Royal.
                                if value == royal_value {
                                    let mask = CardSet::from_cards(&[
                                        cards[a], cards[b], cards[c], cards[d], cards[e], f,
                                    ])
                                    .0;
                                    if let Some(s) = supers.iter().position(|&m| m == mask) {
                                        counts[royal_value + 1 + s] += 1;
                                    }
                                }
                            }
                        }
                    }
                }
                progress.advance(choose((DECK_SIZE - 1 - b) as u64, 4));
                counts
            },
        )
        .reduce(|| vec![0u64; width], add_counts);
    progress.finish();
    SixCardCounts {
        by_category: categories_of(&counts[..=royal_value]),
        super_royal: std::array::from_fn(|s| counts[royal_value + 1 + s]),
    }
}

/// One kind of outcome: how many hands, the pay line that settles them (if
/// any) and their net result.
pub(crate) struct Outcome {
    /// Number of hands (deals).
    pub(crate) count: u64,
    /// The pay line that settles them, if any.
    pub(crate) line: Option<PayLine>,
    /// Their net result, per `unit` wagered (see [`wager_result`]).
    pub(crate) net: Fraction,
}

/// The figures of one table from its outcomes: one row per pay line of the
/// table (in the table's order), then one row for the hands no line pays.
/// `unit` is the amount wagered (1 for a unit wager).
pub(crate) fn wager_result(
    table: &PayTable,
    wager_amount: Option<Fraction>,
    unit: Fraction,
    outcomes: &[Outcome],
) -> WagerResult {
    let total: u64 = outcomes.iter().map(|o| o.count).sum();
    let per_hand =
        |count: u64, net: &Fraction| Fraction::new(count as i128, total as i128) * net / &unit;
    let mut lines = Vec::new();
    for line in &table.lines {
        let mine = outcomes.iter().filter(|o| o.line == Some(*line));
        let (count, ret) = mine.fold((0u64, Fraction::ZERO), |(n, r), o| {
            (n + o.count, r + per_hand(o.count, &o.net))
        });
        lines.push(ResultLine {
            hand: line.hand.name().to_string(),
            combinations: count,
            probability: Fraction::new(count as i128, total as i128),
            pays: line.award.to_string(),
            contribution: ret,
        });
    }
    let unpaid: Vec<&Outcome> = outcomes.iter().filter(|o| o.line.is_none()).collect();
    if !unpaid.is_empty() {
        let count: u64 = unpaid.iter().map(|o| o.count).sum();
        let ret = unpaid
            .iter()
            .fold(Fraction::ZERO, |r, o| r + per_hand(o.count, &o.net));
        let pays = if unpaid.iter().all(|o| o.net == -&unit) {
            "loses"
        } else if unpaid.iter().all(|o| o.net.is_zero()) {
            "push"
        } else {
            "mixed"
        };
        lines.push(ResultLine {
            hand: "other".to_string(),
            combinations: count,
            probability: Fraction::new(count as i128, total as i128),
            pays: pays.to_string(),
            contribution: ret,
        });
    }
    let expected = lines
        .iter()
        .fold(Fraction::ZERO, |sum, l| sum + &l.contribution);
    let second_moment = outcomes.iter().fold(Fraction::ZERO, |sum, o| {
        sum + per_hand(o.count, &o.net) * &o.net / &unit
    });
    let wins: u64 = outcomes
        .iter()
        .filter(|o| o.net.is_positive())
        .map(|o| o.count)
        .sum();
    WagerResult {
        wager: table.wager.name().to_string(),
        paytable: table.id.clone(),
        title: table.title.clone(),
        wager_amount,
        outcomes: total,
        lines,
        house_edge: -&expected,
        element_of_risk: -&expected,
        variance: second_moment - &expected * &expected,
        hit_frequency: Fraction::new(wins as i128, total as i128),
        published: table.published.clone(),
        game: None,
        rule: (table.wager == WagerKind::Trips).then(|| table.rules.trips.name().to_string()),
        meter: None,
        players: None,
        figures: Vec::new(),
    }
}

/// The Trips figures of one Trips table.
pub fn trips_result(table: &PayTable, counts: &SevenCardCounts) -> WagerResult {
    let outcomes: Vec<Outcome> = HandCategory::ALL
        .iter()
        .rev()
        .map(|&category| Outcome {
            count: counts.count(category),
            line: table.line_for(PayingHand::Category(category)),
            net: settle_trips(table, category),
        })
        .collect();
    wager_result(table, None, Fraction::ONE, &outcomes)
}

/// The Six Card Bonus figures of one table for a wager of `wager` dollars.
pub fn six_card_result(table: &PayTable, counts: &SixCardCounts, wager: Fraction) -> WagerResult {
    let outcomes: Vec<Outcome> = counts
        .outcomes()
        .into_iter()
        .map(|(hand, count)| Outcome {
            count,
            line: six_card_pay_line(table, hand),
            net: settle_six_card(table, hand, wager.clone()),
        })
        .collect();
    wager_result(table, Some(wager.clone()), wager, &outcomes)
}

/// The Trips figures of each table (all Trips tables), in order, counting
/// the hands once: tables of the standard rule from the seven-card hands,
/// tables whose rule looks at the dealer's hand (`must_beat_dealer`) from
/// every player/dealer deal ([`crate::exact::showdown_bets::trips_against_result`]),
/// each count made only if a table needs it. Panics if a table is not a
/// Trips table (check with [`PayTable::expect_wager`] first).
pub fn trips_report(tables: &[PayTable], progress: &dyn Progress) -> Vec<WagerResult> {
    assert!(tables.iter().all(|t| t.wager == WagerKind::Trips));
    let needs_dealer = |t: &PayTable| t.rules.trips.needs_dealer();
    let seven = tables
        .iter()
        .any(|t| !needs_dealer(t))
        .then(|| count_seven_card_hands(progress));
    let showdowns = tables
        .iter()
        .any(needs_dealer)
        .then(|| crate::exact::showdown_bets::count_full_deck(progress));
    tables
        .iter()
        .map(|t| match (&seven, &showdowns) {
            (_, Some(deals)) if needs_dealer(t) => {
                crate::exact::showdown_bets::trips_against_result(t, deals)
            }
            (Some(hands), _) => trips_result(t, hands),
            _ => unreachable!("the counts each table needs were made"),
        })
        .collect()
}

/// The Six Card Bonus figures of each table at each wager amount (tables
/// outside, amounts inside), counting the hands once. Panics if a table is
/// not a Six Card Bonus table or an amount is not positive.
pub fn six_card_report(
    tables: &[PayTable],
    wagers: &[Fraction],
    progress: &dyn Progress,
) -> Vec<WagerResult> {
    assert!(tables.iter().all(|t| t.wager == WagerKind::SixCardBonus));
    assert!(wagers.iter().all(|w| w.is_positive()));
    if tables.is_empty() || wagers.is_empty() {
        return Vec::new();
    }
    let counts = count_six_card_hands(progress);
    tables
        .iter()
        .flat_map(|t| {
            wagers
                .iter()
                .map(|w| six_card_result(t, &counts, w.clone()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_units_cover_every_pair_of_lowest_cards() {
        // Seven-card hands: the second-lowest card is at most 46 (five
        // cards above it); C(47,2) = 1,081 pairs. Six cards: C(48,2) = 1,128.
        assert_eq!(work_units(7).len(), 1081);
        assert_eq!(work_units(6).len(), 1128);
        let seven: u64 = work_units(7)
            .iter()
            .map(|&(_, b)| choose((DECK_SIZE - 1 - b) as u64, 5))
            .sum();
        assert_eq!(seven, choose(52, 7));
    }

    #[test]
    fn super_royal_is_ace_to_nine_suited() {
        assert_eq!(super_royal_cards(1).to_string(), "9d Td Jd Qd Kd Ad");
    }
}
