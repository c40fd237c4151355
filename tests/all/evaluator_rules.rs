//! The hand evaluator against the rules of COMAR 36.05.16.06
//! (`shared/seeds/004`): the highest and lowest hand it names for each
//! category, the ace-low straight, ties and kickers, and the evaluator's own
//! promises (increasing rank keys, orderings that agree, the default hand).

use crate::evaluator::rank_in_order;
use std::cmp::Ordering;
use uth_edge::cards::{parse_cards, CardSet};
use uth_edge::evaluator::{
    evaluate, tables, HandCategory, HandRank, PartialHand, HAND_CLASSES, RANK_KEYS,
};

fn rank_of(text: &str) -> HandRank {
    evaluate(CardSet::from_cards(&parse_cards(text).unwrap()))
}

#[test]
fn category_extremes_named_by_the_rules_are_adjacent_values() {
    // COMAR 36.05.16.06 D names the highest and lowest hand of each
    // category; values are dense, so the lowest of one category must be one
    // above the highest of the category below it.
    let extremes: [(HandCategory, &str, &str); 10] = [
        (HandCategory::HighCard, "7s 5d 4c 3h 2s", "As Kd Qc Jh 9s"),
        (HandCategory::Pair, "2s 2d 3c 4h 5s", "As Ad Kc Qh Js"),
        (HandCategory::TwoPair, "3s 3d 2c 2h 4s", "As Ad Kc Kh Qs"),
        (
            HandCategory::ThreeOfAKind,
            "2s 2d 2c 3h 4s",
            "As Ad Ac Kh Qs",
        ),
        (HandCategory::Straight, "As 2d 3c 4h 5s", "As Kd Qc Jh Ts"),
        (HandCategory::Flush, "2h 3h 4h 5h 7h", "Ah Kh Qh Jh 9h"),
        (HandCategory::FullHouse, "2s 2d 2c 3h 3s", "As Ad Ac Kh Ks"),
        (
            HandCategory::FourOfAKind,
            "2s 2d 2c 2h 3s",
            "As Ad Ac Ah Ks",
        ),
        (
            HandCategory::StraightFlush,
            "Ad 2d 3d 4d 5d",
            "Kd Qd Jd Td 9d",
        ),
        (HandCategory::RoyalFlush, "Ac Kc Qc Jc Tc", "Ac Kc Qc Jc Tc"),
    ];
    // The weakest hand is 7-5-4-3-2 of several suits (value 1).
    assert_eq!(rank_of(extremes[0].1), HandRank(1));
    assert_eq!(rank_of(extremes[9].2), HandRank(HAND_CLASSES));
    for (category, lowest, highest) in extremes {
        assert_eq!(rank_of(lowest).category(), category, "{lowest}");
        assert_eq!(rank_of(highest).category(), category, "{highest}");
    }
    for pair in extremes.windows(2) {
        let (below, above) = (rank_of(pair[0].2), rank_of(pair[1].1));
        assert_eq!(below.0 + 1, above.0, "{} then {}", pair[0].2, pair[1].1);
    }
}

#[test]
fn the_wheel_is_the_lowest_straight() {
    // Rule B: the ace completes A-2-3-4-5, the lowest straight (rule D(6)).
    let wheel = rank_of("As 2d 3c 4h 5s");
    assert_eq!(wheel.category(), HandCategory::Straight);
    assert!(wheel < rank_of("2d 3c 4h 5s 6c"));
    assert!(
        wheel > rank_of("As Ad Ac Kh Qs"),
        "any straight beats trips"
    );
    // With a six as well, the six-high straight plays.
    assert_eq!(rank_of("As 2d 3c 4h 5s 6d Kc"), rank_of("2d 3c 4h 5s 6c"));
}

#[test]
fn suited_ace_to_five_is_a_straight_flush_not_a_royal() {
    let steel_wheel = rank_of("Ah 2h 3h 4h 5h");
    assert_eq!(steel_wheel.category(), HandCategory::StraightFlush);
    assert!(steel_wheel < rank_of("2h 3h 4h 5h 6h"));
    assert!(steel_wheel > rank_of("As Ad Ac Ah Ks"));
    assert_eq!(
        rank_of("Ah Kh Qh Jh Th").category(),
        HandCategory::RoyalFlush
    );
}

#[test]
fn the_ace_does_not_turn_the_corner() {
    // Rule B: the ace may not be combined with any other sequence.
    for text in ["Ks As 2d 3c 4h", "Qs Kd As 2c 3h", "Js Qd Kc As 2h"] {
        assert_eq!(rank_of(text).category(), HandCategory::HighCard, "{text}");
    }
    assert_eq!(
        rank_of("Kh Ah 2h 3h 4h").category(),
        HandCategory::Flush,
        "suited K-A-2-3-4 is a flush, not a straight flush"
    );
}

#[test]
fn a_flush_beats_a_straight_in_the_same_seven_cards() {
    // 5-6-7-8-9 straight and a heart flush K-9-8-6-2 in one hand.
    let both = rank_of("9h 8h 7c 6h 5d 2h Kh");
    assert_eq!(both.category(), HandCategory::Flush);
    assert_eq!(both, rank_of("Kh 9h 8h 6h 2h"));
}

#[test]
fn kickers_decide_and_unused_cards_tie() {
    // Rule E: the highest card not held by the other hand decides.
    assert!(rank_of("Ah Ad Kc 7s 2d") > rank_of("Ah Ad Qc Js Td"));
    assert!(rank_of("Kh Kd 9c 8s 3d") > rank_of("Kc Ks 9d 8h 2c"));
    assert!(rank_of("As Jd 9c 6h 3s") > rank_of("Ac Jh 9d 6s 2c"));
    // Board A-A-K-Q-J: both players play the board (rule E(2): a tie).
    assert_eq!(
        rank_of("Ah Ad Kc Qs Jd 3c 2c"),
        rank_of("Ah Ad Kc Qs Jd 4h 5h")
    );
    // Only five cards play: a sixth and seventh card never break a tie.
    assert_eq!(
        rank_of("9s 9d 5c 5h Kd 2c 3s"),
        rank_of("9c 9h 5d 5s Ks 4c 3d")
    );
    // Two pair from three pairs: the best two pairs with the best kicker.
    assert_eq!(
        rank_of("Ah Ad Kc Ks Qd Qc 2c"),
        rank_of("As Ac Kd Kh Qs 3h 4h")
    );
    // Suits are equal in rank (rule C).
    assert_eq!(rank_of("Ah Kh Qh Jh 9h"), rank_of("As Ks Qs Js 9s"));
}

#[test]
fn rank_keys_are_increasing_and_positive() {
    // Weak sanity of the published constant; the table builder checks that
    // its sums identify rank multisets.
    assert!(RANK_KEYS[0] > 0);
    assert!(RANK_KEYS.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn orderings_agree_on_a_known_dominance_chain() {
    // Each hand beats the next, by the category order of rule D.
    let chain = [
        "Ac Kc Qc Jc Tc",
        "9d 8d 7d 6d 5d",
        "4s 4d 4c 4h 9s",
        "Ks Kd Kc 2h 2s",
        "Ah Th 8h 6h 3h",
        "Ts 9d 8c 7h 6s",
        "Qs Qd Qc 7h 3s",
        "Js Jd 4c 4h As",
        "Ts Td Ac Kh 9s",
        "As Kd Qc Jh 9s",
    ];
    for w in chain.windows(2) {
        assert_eq!(
            rank_of(w[0]).cmp(&rank_of(w[1])),
            Ordering::Greater,
            "{} vs {}",
            w[0],
            w[1]
        );
    }
}

#[test]
fn a_default_hand_is_the_empty_hand() {
    // PartialHand's suit counts are stored with an offset; Default must
    // still mean "no cards" (COMAR extremes: royal flush is the top value).
    let royal = parse_cards("As Ks Qs Js Ts").unwrap();
    let from_default = royal.iter().fold(PartialHand::default(), |h, &c| h.add(c));
    assert_eq!(tables().rank(from_default), HandRank(HAND_CLASSES));
    assert_eq!(tables().rank(from_default), rank_in_order(&royal));
}
