//! The Ultimate Pairs Bonus, exactly: every deal of the player's and the
//! dealer's two hole cards.
//!
//! The wager is settled on the player's two cards and, for a line that
//! names them, the dealer's two (*Washington State Gambling Commission,
//! Ultimate Texas Hold'em rules of play and pay tables*, "Ultimate Texas
//! Hold'em with Ultimate Pairs Bonus Option"); nothing else enters, so its
//! cycle is the C(52,2) x C(50,2) = 1,326 x 1,225 = 1,624,350 equally
//! likely deals of those four cards. [`count_deals`] counts them once by the
//! starting-hand classes of the two hands (169 x 169 counters; every deal
//! walked, no symmetry used, so the count is plain), and each table is then
//! a sum over the class pairs of `count × net`, the net of each pair from
//! [`settle_ultimate_pairs`] through its pay line, in exact [`Fraction`]s.
//! The house edge is minus the expected net result per unit wagered; the
//! wager is resolved at once, so the element of risk is the same number.

use crate::cards::{Card, DECK_SIZE};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::result::WagerResult;
use crate::rules::paytable::two_card::{class_of, CLASSES};
use crate::rules::paytable::{PayTable, WagerKind};
use crate::rules::settlement::{settle_ultimate_pairs_classes, ultimate_pairs_pay_line};

use super::side_bets::{wager_result, Outcome};

/// Number of deals of the player's and the dealer's two cards:
/// C(52,2) x C(50,2) = 1,326 x 1,225.
pub const DEALS: u64 = 1_326 * 1_225;

/// Number of deals by the classes of the player's and the dealer's two
/// cards.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DealCounts {
    /// `by_class[player * 169 + dealer]`.
    by_class: Vec<u64>,
}

impl DealCounts {
    /// Number of deals with the player's cards of class `player` and the
    /// dealer's of class `dealer` (see
    /// [`class_of`](crate::rules::paytable::two_card::class_of)).
    pub fn count(&self, player: usize, dealer: usize) -> u64 {
        self.by_class[player * CLASSES + dealer]
    }

    /// Number of deals counted.
    pub fn total(&self) -> u64 {
        self.by_class.iter().sum()
    }
}

/// Counts every deal of two cards to the player and two of the other 50 to
/// the dealer by the two hands' classes. (1,624,350 deals: a few
/// milliseconds; each counter is at most 1,624,350, far within `u64`.)
pub fn count_deals() -> DealCounts {
    let cards: [Card; DECK_SIZE] = std::array::from_fn(Card::from_index);
    let mut by_class = vec![0u64; CLASSES * CLASSES];
    for p1 in 0..DECK_SIZE {
        for p2 in p1 + 1..DECK_SIZE {
            let player = class_of(cards[p1], cards[p2]) * CLASSES;
            for d1 in 0..DECK_SIZE {
                if d1 == p1 || d1 == p2 {
                    continue;
                }
                // Invariant: d2 > d1 and neither is a player's card, so the
                // four cards differ and each dealer hand is counted once.
                for d2 in d1 + 1..DECK_SIZE {
                    if d2 == p1 || d2 == p2 {
                        continue;
                    }
                    by_class[player + class_of(cards[d1], cards[d2])] += 1;
                }
            }
        }
    }
    DealCounts { by_class }
}

/// The figures of one Ultimate Pairs table: one row per pay line (highest
/// award first), then the deals no line pays. Panics if the table is not an
/// Ultimate Pairs table.
pub fn ultimate_pairs_result(table: &PayTable, counts: &DealCounts) -> WagerResult {
    assert_eq!(
        table.wager,
        WagerKind::UltimatePairs,
        "an Ultimate Pairs table"
    );
    // One outcome per line (and one for no line): the deals of every class
    // pair that line pays, with the net the settlement gives them (the same
    // for every pair a line pays: its award).
    let unpaid = table.lines.len();
    let mut outcomes: Vec<Outcome> = (0..=unpaid)
        .map(|slot| Outcome {
            count: 0,
            line: table.lines.get(slot).copied(),
            net: -Fraction::ONE,
        })
        .collect();
    let mut settled = vec![false; unpaid + 1];
    for player in 0..CLASSES {
        for dealer in 0..CLASSES {
            let slot = ultimate_pairs_pay_line(table, player, dealer)
                .and_then(|line| table.lines.iter().position(|l| *l == line))
                .unwrap_or(unpaid);
            let net = settle_ultimate_pairs_classes(table, player, dealer);
            if settled[slot] {
                assert_eq!(outcomes[slot].net, net, "one net per pay line");
            } else {
                outcomes[slot].net = net;
                settled[slot] = true;
            }
            outcomes[slot].count += counts.count(player, dealer);
        }
    }
    wager_result(table, None, Fraction::ONE, &outcomes)
}

/// The figures of each Ultimate Pairs table, in order, counting the deals
/// once. Panics if a table is not an Ultimate Pairs table.
pub fn ultimate_pairs_report(tables: &[PayTable], progress: &dyn Progress) -> Vec<WagerResult> {
    assert!(tables.iter().all(|t| t.wager == WagerKind::UltimatePairs));
    if tables.is_empty() {
        return Vec::new();
    }
    progress.begin(
        "Ultimate Pairs Bonus: all 1,624,350 player and dealer two-card deals",
        DEALS,
    );
    let counts = count_deals();
    progress.advance(DEALS);
    progress.finish();
    tables
        .iter()
        .map(|t| ultimate_pairs_result(t, &counts))
        .collect()
}
