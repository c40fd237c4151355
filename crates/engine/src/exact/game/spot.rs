//! One decision answered by direct enumeration, without solving the game:
//! the river (the dealer's C(n-7,2) holdings, 990 for 52 cards) and the flop
//! (every turn/river pair, C(n-5,2) = 1,081, times the dealer's holdings,
//! with the optimal river decision on each). The values are the same exact
//! sums the full solve forms, so the [`Advice`] is identical to
//! [`Solution::river_advice`](super::Solution::river_advice) and
//! [`Solution::flop_advice`](super::Solution::flop_advice) (a test checks
//! it on random spots). A preflop decision ([`preflop_advice`]) needs the
//! river counts of the holding on every board, then every flop's optimal
//! play, still without the other starting hands: about a billion dealer
//! holdings counted by pairs of classes of cards
//! ([`river_counts_by_classes`]).
//!
//! Dead cards (known to be out of the deck: a partner's hole cards, an
//! exposed card) are the `deck` argument less them: the river and flop
//! functions count holdings and turn/rivers from the cards of `deck` left,
//! so they need nothing more (`strategy::oracle::spot_advice_with_dead`).
//! [`preflop_advice`] assumes every suit renaming that fixes the holding
//! maps `deck` to itself, which dead cards break: it is not offered with
//! them yet.

use super::payoffs::{BlindRangeError, Payoffs};
use super::river_table::{flush_suit, CardClasses};
use super::{Action, Advice, Decision, Kind, RiverCounts, KINDS};
use crate::cards::canonical::{for_each_subset, subset_index, SuitPermutation};
use crate::cards::{choose, Card, CardSet, DECK_SIZE};
use crate::evaluator::{tables, HandCategory, HandRank, PartialHand};
use crate::fraction::Fraction;
use crate::rules::paytable::PayTable;
use rayon::prelude::*;

/// The river counts of holding `{a, b}` on `board` (five cards), over every
/// dealer holding of `deck` avoiding them, by direct evaluation.
pub fn river_counts(deck: CardSet, board: CardSet, a: Card, b: Card) -> RiverCounts {
    let t = tables();
    let shared = PartialHand::of(board);
    let player = t.rank(shared.add(a).add(b));
    // A dealer hand qualifies with a pair or better: above every high-card
    // value (values run in category order, high card first).
    let best_high_card = HandRank(HandCategory::HighCard.class_count());
    let rest = deck
        .minus(board)
        .minus(CardSet::from_cards(&[a, b]))
        .to_vec();
    // Four running counts, kept in registers and added to without a branch
    // (the comparisons are as good as random): dealer hands beaten, tied,
    // beaten that qualify, beating the player that qualify. At most 990
    // each, so they hold in 32 bits.
    let (mut beaten, mut tied, mut beaten_qualifying, mut beating_qualifying) = (0u32, 0, 0, 0);
    for (i, &d1) in rest.iter().enumerate() {
        let with_d1 = shared.add(d1);
        for &d2 in &rest[i + 1..] {
            let dealer = t.rank(with_d1.add(d2));
            let qualifies = u32::from(dealer > best_high_card);
            let (win, tie) = (u32::from(player > dealer), u32::from(player == dealer));
            beaten += win;
            tied += tie;
            beaten_qualifying += win & qualifies;
            beating_qualifying += (1 - win - tie) & qualifies;
        }
    }
    let all = (rest.len() * (rest.len() - 1) / 2) as u32;
    let mut counts = [0u32; KINDS];
    counts[Kind::WinDealerQualifies as usize] = beaten_qualifying;
    counts[Kind::WinDealerDoesNotQualify as usize] = beaten - beaten_qualifying;
    counts[Kind::Tie as usize] = tied;
    counts[Kind::LoseDealerQualifies as usize] = beating_qualifying;
    counts[Kind::LoseDealerDoesNotQualify as usize] = all - beaten - tied - beating_qualifying;
    RiverCounts::new(counts, player.category())
}

/// [`river_counts`] counted by classes of cards: the cards of a suit with at
/// most two cards on the board are interchangeable within a rank (neither
/// can be part of a flush), each card of the board's flush suit is a class of
/// its own (see [`class_entries`](super::river_table::class_entries)). A
/// dealer holding's hand depends only on its pair of classes, so each pair
/// is ranked once and counted with its number of holdings among the cards
/// left: at most 91 hands ranked on a board without a flush suit, at most
/// 338 on the others, instead of 990.
pub fn river_counts_by_classes(deck: CardSet, board: CardSet, a: Card, b: Card) -> RiverCounts {
    let t = tables();
    let shared = PartialHand::of(board);
    let player = t.rank(shared.add(a).add(b));
    let best_high_card = HandRank(HandCategory::HighCard.class_count());
    let cards = CardClasses::new(
        deck.minus(board).minus(CardSet::from_cards(&[a, b])),
        flush_suit(board),
    );
    let mut counts = [0u32; KINDS];
    cards.for_each_pair(|_, _, holdings, (d1, d2)| {
        let dealer = t.rank(shared.add(d1).add(d2));
        let qualifies = dealer > best_high_card;
        let kind = match (player.cmp(&dealer), qualifies) {
            (std::cmp::Ordering::Greater, true) => Kind::WinDealerQualifies,
            (std::cmp::Ordering::Greater, false) => Kind::WinDealerDoesNotQualify,
            (std::cmp::Ordering::Equal, _) => Kind::Tie,
            (std::cmp::Ordering::Less, true) => Kind::LoseDealerQualifies,
            (std::cmp::Ordering::Less, false) => Kind::LoseDealerDoesNotQualify,
        };
        counts[kind as usize] += holdings;
    });
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

/// The preflop decision of holding `{a, b}` (two distinct cards of `deck`)
/// under `blind_table`: the exact expected net of raising 4x, raising 3x and
/// checking (then playing the flop and river optimally), without solving
/// the other starting hands.
///
/// Two steps, both exact integer sums:
/// - every five-card board of the other cards (C(n-2,5), 2,118,760 for 52
///   cards) gets the river counts of the holding by direct enumeration of
///   the dealer's holdings ([`river_counts`]); a suit renaming that fixes
///   the holding maps boards to boards of the same counts, so only the
///   smallest board of each such orbit is enumerated (half of them for an
///   offsuit holding, a sixth for a suited one, a quarter for a pair);
/// - every flop (C(n-2,3)) sums its turn/rivers' values as the full solve's
///   flop pass does: the Play of `p` is worth `a + p·b`, the river decision
///   `max(a + b, fold)`, the flop decision `max(a + 2b, river)`.
///
/// The values are those of the starting-hand class in the full solve
/// divided by the class size (every holding of a class has the same), so
/// the [`Advice`] equals
/// [`Solution::preflop_advice`](super::Solution::preflop_advice) (a test
/// checks it).
///
/// # Panics
/// If the cards are not two distinct cards of `deck`.
pub fn preflop_advice(
    blind_table: &PayTable,
    deck: CardSet,
    a: Card,
    b: Card,
) -> Result<Advice, BlindRangeError> {
    assert_spot(deck, &[a, b], 2);
    let payoffs = Payoffs::new(blind_table)?;
    let n = deck.len() as u64;
    let dealer_hands = choose(n - 7, 2) as u32;
    let fold = payoffs.fold_value(dealer_hands);
    let hole = CardSet::from_cards(&[a, b]);
    let rest = deck.minus(hole);
    // The suit renamings that fix the holding (the identity among them).
    let fixing: Vec<SuitPermutation> = SuitPermutation::all()
        .into_iter()
        .filter(|p| p.set(hole) == hole)
        .collect();
    // Per flop (by subset index), sums over its turn/rivers of `a`, of `b`
    // and of the river decision's value: 64-bit, bounded as in the full
    // solve (at most C(n-5,2) terms of at most 990·2^40, see `MAX_UNITS`),
    // which holds for any part of them too. Integer sums: the same whatever
    // the order or number of threads.
    type FlopTotals = Vec<[i64; 3]>;
    let flop_slots = choose(DECK_SIZE as u64, 3) as usize;
    let mut boards = Vec::with_capacity(choose(n - 2, 5) as usize);
    for_each_subset(rest, 5, |board| boards.push(board));
    let flop_totals: FlopTotals = boards
        .par_iter()
        .with_min_len(1 << 14)
        .fold(
            || vec![[0i64; 3]; flop_slots],
            |mut totals, &board| {
                let images: Vec<CardSet> = fixing.iter().map(|p| p.set(board)).collect();
                // Each orbit once, from its smallest board.
                if images.iter().any(|image| image.0 < board.0) {
                    return totals;
                }
                let counts = river_counts_by_classes(deck, board, a, b);
                let (x, y) = payoffs.showdown(counts);
                let river = (x + y).max(fold);
                let mut seen: Vec<CardSet> = Vec::with_capacity(images.len());
                for image in images {
                    if seen.contains(&image) {
                        continue;
                    }
                    seen.push(image);
                    // The board is each of its ten flops plus a turn/river.
                    for_each_subset(image, 3, |flop| {
                        let t = &mut totals[subset_index(flop)];
                        t[0] += x;
                        t[1] += y;
                        t[2] += river;
                    });
                }
                totals
            },
        )
        .reduce(
            || vec![[0i64; 3]; flop_slots],
            |mut p, q| {
                for (p, q) in p.iter_mut().zip(&q) {
                    for (p, q) in p.iter_mut().zip(q) {
                        *p += q;
                    }
                }
                p
            },
        );
    // Over the flops, 128-bit sums.
    let mut raise_4x = 0i128;
    let mut raise_3x = 0i128;
    let mut check = 0i128;
    for_each_subset(rest, 3, |flop| {
        let [sum_a, sum_b, river] = flop_totals[subset_index(flop)];
        raise_4x += (sum_a + 4 * sum_b) as i128;
        raise_3x += (sum_a + 3 * sum_b) as i128;
        // The flop decision: raise 2x if it is worth more (else check).
        check += (sum_a + 2 * sum_b).max(river) as i128;
    });
    let per =
        (choose(n - 2, 3) * choose(n - 5, 2) * dealer_hands as u64) as i128 * payoffs.scale as i128;
    // Ties go to the smaller bet: check, then 3x, then 4x (as the solve).
    let mut best = Decision::Check;
    let mut best_value = check;
    if raise_3x > best_value {
        best = Decision::Raise(Action::Raise3x);
        best_value = raise_3x;
    }
    if raise_4x > best_value {
        best = Decision::Raise(Action::Raise4x);
    }
    Ok(Advice {
        options: vec![
            (
                Decision::Raise(Action::Raise4x),
                Fraction::new(raise_4x, per),
            ),
            (
                Decision::Raise(Action::Raise3x),
                Fraction::new(raise_3x, per),
            ),
            (Decision::Check, Fraction::new(check, per)),
        ],
        best,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_classes_of_cards_equal_the_direct_count() {
        // Against all 990 dealer holdings ranked one by one, on every 53rd
        // board of the full deck's cards left, for a pair, a suited and an
        // offsuit holding; boards with and without a flush suit.
        let card = |rank, suit| Card::new(rank, suit);
        let deck = CardSet::FULL_DECK;
        let mut compared = [0; 2];
        for (a, b) in [
            (card(5, 0), card(5, 1)),
            (card(12, 2), card(11, 2)),
            (card(12, 3), card(0, 1)),
        ] {
            let rest = deck.minus(CardSet::from_cards(&[a, b]));
            let mut i = 0u64;
            for_each_subset(rest, 5, |board| {
                i += 1;
                if !i.is_multiple_of(53) {
                    return;
                }
                assert_eq!(
                    river_counts_by_classes(deck, board, a, b),
                    river_counts(deck, board, a, b),
                    "{board:?}"
                );
                compared[usize::from(flush_suit(board).is_none())] += 1;
            });
        }
        assert!(compared[0] > 20_000 && compared[1] > 50_000, "{compared:?}");
    }
}
