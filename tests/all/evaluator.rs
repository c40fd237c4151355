//! The hand evaluator checked against facts that do not come from it.
//!
//! Three kinds of independent evidence:
//! - textbook counts: the number of five- and seven-card hands of each
//!   category (any probability text, e.g. the "Poker probability" tables of
//!   Wikipedia), the six-card straight flush, four of a kind and full house
//!   counts derived in B. Alspach, "6-Card Poker Hands" (2000), and the
//!   number of distinct hand values;
//! - a deliberately naive evaluator written here from the rules alone (best of
//!   the five-card subsets, each scored by sorting and counting), against which
//!   the evaluator must order hands identically: exhaustively for every five-
//!   and six-card hand and every seven-card rank pattern, and on random pairs
//!   of hands by property testing;
//! - the rules of COMAR 36.05.16.06, checked in `evaluator_rules.rs`.
//!
//! Exhaustive loops use rayon; run them with `cargo test --release`.

use proptest::prelude::*;
use rayon::prelude::*;

use uth_edge::cards::{Card, CardSet};
use uth_edge::evaluator::{evaluate, tables, HandCategory, HandRank, PartialHand, HAND_CLASSES};

/// The naive evaluator: no tables, no tricks, just the rules.
mod naive {
    use uth_edge::cards::Card;

    /// A hand's standing: category index (0 = high card .. 9 = royal flush,
    /// the order of COMAR 36.05.16.06 D) then the ranks that break ties,
    /// most important first. Compared lexicographically, as the rules do.
    pub type Standing = (u8, [u8; 5]);

    /// Standing of exactly five cards.
    pub fn five(cards: [Card; 5]) -> Standing {
        let mut ranks = cards.map(|c| c.rank() as u8);
        ranks.sort_unstable_by(|a, b| b.cmp(a)); // highest first
        let flush = cards.iter().all(|c| c.suit() == cards[0].suit());

        // Groups of equal ranks as (size, rank): bigger groups first, then
        // higher ranks (a full house is decided by its three, then its two).
        let mut groups = [(0u8, 0u8); 5];
        let mut n = 0;
        for &r in &ranks {
            if n > 0 && groups[n - 1].1 == r {
                groups[n - 1].0 += 1;
            } else {
                groups[n] = (1, r);
                n += 1;
            }
        }
        let groups = &mut groups[..n];
        groups.sort_by(|a, b| b.cmp(a));

        // A straight: five different consecutive ranks, or A-2-3-4-5 where
        // the ace counts low (rule B), making it a five-high straight.
        let straight_high = if n != 5 {
            None
        } else if ranks[0] - ranks[4] == 4 {
            Some(ranks[0])
        } else if ranks == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        };

        let category = match (
            straight_high,
            flush,
            groups[0].0,
            groups.get(1).map(|g| g.0),
        ) {
            (Some(12), true, _, _) => 9, // royal flush
            (Some(_), true, _, _) => 8,  // straight flush
            (_, _, 4, _) => 7,           // four of a kind
            (_, _, 3, Some(2)) => 6,     // full house
            (_, true, _, _) => 5,        // flush
            (Some(_), false, _, _) => 4, // straight
            (_, _, 3, _) => 3,           // three of a kind
            (_, _, 2, Some(2)) => 2,     // two pair
            (_, _, 2, _) => 1,           // pair
            _ => 0,                      // high card
        };
        let mut tie_break = [0u8; 5];
        match straight_high {
            Some(high) => tie_break[0] = high,
            None => {
                for (slot, g) in tie_break.iter_mut().zip(groups.iter()) {
                    *slot = g.1;
                }
            }
        }
        (category, tie_break)
    }

    /// Standing of 5 to 7 cards: the best of their five-card subsets.
    pub fn best(cards: &[Card]) -> Standing {
        let n = cards.len();
        assert!((5..=7).contains(&n));
        (0u32..1 << n)
            .filter(|m| m.count_ones() == 5)
            .map(|m| {
                let mut pick = [cards[0]; 5];
                let mut k = 0;
                for (i, &c) in cards.iter().enumerate() {
                    if m & (1 << i) != 0 {
                        pick[k] = c;
                        k += 1;
                    }
                }
                five(pick)
            })
            .max()
            .expect("at least one five-card subset")
    }
}

fn cards_text(cards: &[Card]) -> String {
    CardSet::from_cards(cards).to_string()
}

/// For each hand value seen, the naive standing of the hands that got it.
/// Two hands with one value must have one standing, and higher values must
/// have higher standings: then the evaluator orders hands exactly as the
/// naive evaluator does, ties included.
struct Agreement {
    standing_of: Vec<Option<naive::Standing>>,
}

impl Agreement {
    fn new() -> Agreement {
        Agreement {
            standing_of: vec![None; HAND_CLASSES as usize + 1],
        }
    }

    fn record(&mut self, rank: HandRank, standing: naive::Standing, cards: &[Card]) {
        assert!(
            (1..=HAND_CLASSES).contains(&rank.0),
            "value {} out of range for {}",
            rank.0,
            cards_text(cards)
        );
        let slot = &mut self.standing_of[rank.0 as usize];
        match slot {
            None => *slot = Some(standing),
            Some(seen) => assert_eq!(
                *seen,
                standing,
                "value {} given to hands the rules tell apart, e.g. {}",
                rank.0,
                cards_text(cards)
            ),
        }
    }

    fn merge(mut self, other: Agreement) -> Agreement {
        for (i, s) in other.standing_of.into_iter().enumerate() {
            if let Some(s) = s {
                self.record(HandRank(i as u16), s, &[]);
            }
        }
        self
    }

    /// Checks order and categories; returns the number of distinct values.
    fn check(&self) -> usize {
        let mut previous: Option<(usize, naive::Standing)> = None;
        let mut distinct = 0;
        for (value, standing) in self.standing_of.iter().enumerate() {
            let Some(standing) = *standing else { continue };
            distinct += 1;
            assert_eq!(
                HandRank(value as u16).category(),
                HandCategory::ALL[standing.0 as usize],
                "category of value {value}"
            );
            if let Some((pv, ps)) = previous {
                assert!(
                    ps < standing,
                    "value {pv} ({ps:?}) is below value {value} ({standing:?}) but the rules do not rank it lower"
                );
            }
            previous = Some((value, standing));
        }
        distinct
    }
}

/// Calls `f` with every hand of `left` more cards above index `from`.
fn each_hand(
    from: usize,
    left: usize,
    hand: PartialHand,
    cards: &mut Vec<Card>,
    f: &mut dyn FnMut(PartialHand, &[Card]),
) {
    if left == 0 {
        f(hand, cards);
        return;
    }
    for i in from..=52 - left {
        let c = Card::from_index(i);
        cards.push(c);
        each_hand(i + 1, left - 1, hand.add(c), cards, f);
        cards.pop();
    }
}

/// Category counts and agreement with the naive evaluator over all hands of
/// `size` cards, in parallel over the lowest card.
fn exhaustive_against_naive(size: usize) -> ([u64; 10], Agreement) {
    let t = tables();
    (0..=52 - size)
        .into_par_iter()
        .map(|first| {
            let mut counts = [0u64; 10];
            let mut agreement = Agreement::new();
            let c = Card::from_index(first);
            let mut cards = vec![c];
            each_hand(
                first + 1,
                size - 1,
                PartialHand::EMPTY.add(c),
                &mut cards,
                &mut |hand, cards| {
                    let rank = t.rank(hand);
                    counts[rank.category().index()] += 1;
                    agreement.record(rank, naive::best(cards), cards);
                },
            );
            (counts, agreement)
        })
        .reduce(
            || ([0; 10], Agreement::new()),
            |(mut a, x), (b, y)| {
                for i in 0..10 {
                    a[i] += b[i];
                }
                (a, x.merge(y))
            },
        )
}

/// Counts in the order of [`HandCategory::ALL`], high card first.
fn by_category(counts: [u64; 10]) -> Vec<(&'static str, u64)> {
    HandCategory::ALL
        .iter()
        .map(|c| c.name())
        .zip(counts)
        .collect()
}

#[test]
fn all_2598960_five_card_hands_have_textbook_counts_and_the_naive_order() {
    let (counts, agreement) = exhaustive_against_naive(5);
    // Textbook five-card frequencies (e.g. Wikipedia, "Poker probability").
    let textbook = [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4,
    ];
    assert_eq!(by_category(counts), by_category(textbook));
    assert_eq!(counts.iter().sum::<u64>(), 2_598_960); // C(52,5)
                                                       // Textbook: 7,462 distinct five-card hands.
    assert_eq!(agreement.check(), 7_462);
}

#[test]
fn all_20358520_six_card_hands_have_alspach_counts_and_the_naive_order() {
    let (counts, agreement) = exhaustive_against_naive(6);
    assert_eq!(counts.iter().sum::<u64>(), 20_358_520); // C(52,6)
                                                        // Alspach derives these in closed form: a royal flush plus any of 47
                                                        // cards; 36 lower straight flushes times the 46 cards that do not make a
                                                        // higher one; 13 quads times C(48,2); 1,248 double trips plus
                                                        // 13*12*44*4*6 trips-and-pair.
    let hc = |c: HandCategory| counts[c.index()];
    assert_eq!(hc(HandCategory::RoyalFlush), 4 * 47);
    assert_eq!(hc(HandCategory::StraightFlush), 36 * 46);
    assert_eq!(hc(HandCategory::FourOfAKind), 14_664);
    assert_eq!(hc(HandCategory::FullHouse), 165_984);
    // The other categories: no printed figure is relied on; every six-card
    // hand was checked against the naive evaluator above, category and order.
    let distinct = agreement.check();
    assert!(distinct > 1 && distinct <= HAND_CLASSES as usize);
}

#[test]
fn all_133784560_seven_card_hands_have_textbook_counts() {
    let t = tables();
    let per_value = (0..46usize)
        .into_par_iter()
        .map(|c1| {
            let mut per_value = vec![0u64; HAND_CLASSES as usize + 1];
            let card = Card::from_index;
            let h1 = PartialHand::EMPTY.add(card(c1));
            for c2 in c1 + 1..47 {
                let h2 = h1.add(card(c2));
                for c3 in c2 + 1..48 {
                    let h3 = h2.add(card(c3));
                    for c4 in c3 + 1..49 {
                        let h4 = h3.add(card(c4));
                        for c5 in c4 + 1..50 {
                            let h5 = h4.add(card(c5));
                            for c6 in c5 + 1..51 {
                                let h6 = h5.add(card(c6));
                                for c7 in c6 + 1..52 {
                                    per_value[t.rank(h6.add(card(c7))).0 as usize] += 1;
                                }
                            }
                        }
                    }
                }
            }
            per_value
        })
        .reduce(
            || vec![0u64; HAND_CLASSES as usize + 1],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    assert_eq!(per_value[0], 0, "no hand gets value 0");
    let mut counts = [0u64; 10];
    let mut distinct = [0u64; 10];
    for (value, &n) in per_value.iter().enumerate().skip(1) {
        if n > 0 {
            let c = HandRank(value as u16).category().index();
            counts[c] += n;
            distinct[c] += 1;
        }
    }
    assert_eq!(counts.iter().sum::<u64>(), 133_784_560); // C(52,7)
                                                         // Textbook seven-card frequencies (Wikipedia, "Poker probability").
    let textbook = [
        23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848,
        37_260, 4_324,
    ];
    assert_eq!(by_category(counts), by_category(textbook));
    // Same table: 4,824 distinct seven-card hands, by category.
    let textbook_distinct = [407, 1_470, 763, 575, 10, 1_277, 156, 156, 9, 1];
    assert_eq!(by_category(distinct), by_category(textbook_distinct));
    assert_eq!(distinct.iter().sum::<u64>(), 4_824);
}

#[test]
fn every_seven_card_rank_pattern_and_suited_seven_follow_the_naive_order() {
    // Non-flush seven-card hands are valued by their multiset of ranks alone
    // and flush hands by the ranks in the suit. Exhaustive five- and six-card
    // checks above cover the five- and six-card patterns; this covers each of
    // the multisets of seven ranks (at most four of each), dealt with suits
    // in rotation so that no suit has more than two cards, and each of the
    // C(13,7) = 1,716 hands of seven cards of one suit.
    let t = tables();
    let mut agreement = Agreement::new();
    let mut patterns = 0;
    let mut counts = [0usize; 13];
    fn walk(rank: usize, left: usize, counts: &mut [usize; 13], f: &mut dyn FnMut(&[usize; 13])) {
        if rank == 13 {
            if left == 0 {
                f(counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            walk(rank + 1, left - c, counts, f);
        }
        counts[rank] = 0;
    }
    walk(0, 7, &mut counts, &mut |counts| {
        let mut cards = Vec::new();
        for (rank, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                cards.push(Card::new(rank, cards.len() % 4));
            }
        }
        let rank = t.rank(PartialHand::of(CardSet::from_cards(&cards)));
        agreement.record(rank, naive::best(&cards), &cards);
        patterns += 1;
    });
    // Multisets of 7 from 13 kinds with at most 4 of each: C(19,7) minus
    // the 13 * C(14,2) with five or more of one kind (the first inclusion-
    // exclusion term; two kinds of five need ten cards).
    assert_eq!(patterns, 50_388 - 13 * 91);
    let mut suited = 0;
    for mask in 0u32..1 << 13 {
        if mask.count_ones() == 7 {
            let cards: Vec<Card> = (0..13)
                .filter(|r| mask & (1 << r) != 0)
                .map(|r| Card::new(r, 2))
                .collect();
            let rank = t.rank(PartialHand::of(CardSet::from_cards(&cards)));
            agreement.record(rank, naive::best(&cards), &cards);
            suited += 1;
        }
    }
    assert_eq!(suited, 1_716);
    agreement.check();
}

/// A shuffled deck, as card indices.
fn shuffled_deck() -> impl Strategy<Value = Vec<usize>> {
    Just((0..52).collect::<Vec<usize>>()).prop_shuffle()
}

fn to_cards(indices: &[usize]) -> Vec<Card> {
    indices.iter().map(|&i| Card::from_index(i)).collect()
}

/// Value of the cards added one at a time in the order given.
pub fn rank_in_order(cards: &[Card]) -> HandRank {
    tables().rank(cards.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4_000))]

    /// Two random hands of 5, 6 or 7 cards are ordered as the naive
    /// evaluator orders them, with the naive category, whatever order the
    /// cards are added in.
    #[test]
    fn random_hands_compare_as_the_naive_evaluator_says(
        deck in shuffled_deck(), na in 5usize..=7, nb in 5usize..=7,
    ) {
        let a = to_cards(&deck[..na]);
        let b = to_cards(&deck[na..na + nb]);
        let (ra, rb) = (rank_in_order(&a), rank_in_order(&b));
        prop_assert_eq!(ra, evaluate(CardSet::from_cards(&a)));
        prop_assert_eq!(rb, evaluate(CardSet::from_cards(&b)));
        let (na_, nb_) = (naive::best(&a), naive::best(&b));
        prop_assert_eq!(ra.category(), HandCategory::ALL[na_.0 as usize]);
        prop_assert_eq!(rb.category(), HandCategory::ALL[nb_.0 as usize]);
        prop_assert_eq!(ra.cmp(&rb), na_.cmp(&nb_), "{} vs {}", cards_text(&a), cards_text(&b));
    }

    /// Hold'em showdowns: two holdings on one board are close and often
    /// tie; the evaluator orders them as the naive evaluator does.
    #[test]
    fn showdowns_on_one_board_compare_as_the_naive_evaluator_says(deck in shuffled_deck()) {
        let board = &deck[..5];
        let a = to_cards(&[board, &deck[5..7]].concat());
        let b = to_cards(&[board, &deck[7..9]].concat());
        let order = rank_in_order(&a).cmp(&rank_in_order(&b));
        prop_assert_eq!(order, naive::best(&a).cmp(&naive::best(&b)),
            "{} vs {}", cards_text(&a), cards_text(&b));
    }
}
