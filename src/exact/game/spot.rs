//! One decision answered by direct enumeration, without solving the game:
//! the river (the dealer's C(n-7,2) holdings, 990 for 52 cards) and the flop
//! (every turn/river pair, C(n-5,2) = 1,081, times the dealer's holdings,
//! with the optimal river decision on each). The values are the same exact
//! sums the full solve forms, so the [`Advice`] is identical to
//! [`Solution::river_advice`](super::Solution::river_advice) and
//! [`Solution::flop_advice`](super::Solution::flop_advice) (a test checks
//! it on random spots). A preflop decision needs every flop's optimal play,
//! which is the full solve.

use super::payoffs::{BlindRangeError, Payoffs};
use super::{Action, Advice, Decision, Kind, RiverCounts, KINDS};
use crate::cards::{choose, Card, CardSet};
use crate::evaluator::{tables, HandCategory, PartialHand};
use crate::fraction::Fraction;
use crate::rules::paytable::PayTable;
use rayon::prelude::*;

/// The river counts of holding `{a, b}` on `board` (five cards), over every
/// dealer holding of `deck` avoiding them, by direct evaluation.
pub fn river_counts(deck: CardSet, board: CardSet, a: Card, b: Card) -> RiverCounts {
    let t = tables();
    let shared = PartialHand::of(board);
    let player = t.rank(shared.add(a).add(b));
    let rest = deck
        .minus(board)
        .minus(CardSet::from_cards(&[a, b]))
        .to_vec();
    let mut counts = [0u32; KINDS];
    for (i, &d1) in rest.iter().enumerate() {
        let with_d1 = shared.add(d1);
        for &d2 in &rest[i + 1..] {
            let dealer = t.rank(with_d1.add(d2));
            let qualifies = dealer.category() != HandCategory::HighCard;
            let kind = match (player.cmp(&dealer), qualifies) {
                (std::cmp::Ordering::Greater, true) => Kind::WinDealerQualifies,
                (std::cmp::Ordering::Greater, false) => Kind::WinDealerDoesNotQualify,
                (std::cmp::Ordering::Equal, _) => Kind::Tie,
                (std::cmp::Ordering::Less, true) => Kind::LoseDealerQualifies,
                (std::cmp::Ordering::Less, false) => Kind::LoseDealerDoesNotQualify,
            };
            counts[kind as usize] += 1;
        }
    }
    RiverCounts::new(counts, player.category())
}

/// Checks that the cards are distinct cards of `deck`.
fn assert_spot(deck: CardSet, cards: &[Card], n: usize) {
    let set = CardSet::from_cards(cards);
    assert!(
        cards.len() == n && set.len() == n && set.minus(deck).is_empty(),
        "{n} distinct cards of the deck"
    );
}

/// The river decision of holding `{a, b}` on `board` (five cards, all
/// distinct cards of `deck`) under `blind_table`: the exact expected net of
/// raising 1x and of folding, by enumerating the dealer's holdings.
///
/// # Panics
/// If the cards are not seven distinct cards of `deck`.
pub fn river_advice(
    blind_table: &PayTable,
    deck: CardSet,
    a: Card,
    b: Card,
    board: CardSet,
) -> Result<Advice, BlindRangeError> {
    let mut cards = board.to_vec();
    cards.extend([a, b]);
    assert_spot(deck, &cards, 7);
    let payoffs = Payoffs::new(blind_table)?;
    let dealer_hands = choose(deck.len() as u64 - 7, 2) as u32;
    let (x, y) = payoffs.showdown(river_counts(deck, board, a, b));
    let fold = payoffs.fold_value(dealer_hands);
    let per = dealer_hands as i128 * payoffs.scale as i128;
    Ok(Advice {
        options: vec![
            (
                Decision::Raise(Action::Raise1x),
                Fraction::new((x + y) as i128, per),
            ),
            (Decision::Fold, Fraction::new(fold as i128, per)),
        ],
        best: if x + y > fold {
            Decision::Raise(Action::Raise1x)
        } else {
            Decision::Fold
        },
    })
}

/// The flop decision (after a check before the flop) of holding `{a, b}` on
/// `flop` (three cards, all distinct cards of `deck`) under `blind_table`:
/// the exact expected net of raising 2x and of checking (then playing the
/// river optimally), by enumerating every turn/river and dealer holding.
///
/// # Panics
/// If the cards are not five distinct cards of `deck`.
pub fn flop_advice(
    blind_table: &PayTable,
    deck: CardSet,
    a: Card,
    b: Card,
    flop: CardSet,
) -> Result<Advice, BlindRangeError> {
    let mut cards = flop.to_vec();
    cards.extend([a, b]);
    assert_spot(deck, &cards, 5);
    let payoffs = Payoffs::new(blind_table)?;
    let n = deck.len() as u64;
    let dealer_hands = choose(n - 7, 2) as u32;
    let fold = payoffs.fold_value(dealer_hands);
    let rest = deck.minus(CardSet::from_cards(&cards)).to_vec();
    let turn_rivers: Vec<CardSet> = rest
        .iter()
        .enumerate()
        .flat_map(|(i, &t)| {
            rest[i + 1..]
                .iter()
                .map(move |&r| CardSet::from_cards(&[t, r]))
        })
        .collect();
    // Integer sums: the same whatever the order or number of threads.
    let (sum_a, sum_b, river) = turn_rivers
        .par_iter()
        .map(|&turn_river| {
            let (x, y) = payoffs.showdown(river_counts(deck, flop.union(turn_river), a, b));
            (x, y, (x + y).max(fold))
        })
        .reduce(|| (0, 0, 0), |p, q| (p.0 + q.0, p.1 + q.1, p.2 + q.2));
    let per = (choose(n - 5, 2) * dealer_hands as u64) as i128 * payoffs.scale as i128;
    let raise = sum_a + 2 * sum_b;
    Ok(Advice {
        options: vec![
            (
                Decision::Raise(Action::Raise2x),
                Fraction::new(raise as i128, per),
            ),
            (Decision::Check, Fraction::new(river as i128, per)),
        ],
        best: if raise > river {
            Decision::Raise(Action::Raise2x)
        } else {
            Decision::Check
        },
    })
}
