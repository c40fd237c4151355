//! The Progressive Payout wager and its Envy Bonus: textbook five-card
//! counts, direct enumeration of the Envy odds, hand arithmetic of the
//! return, break-even meters, variance and hit frequency, and brute force
//! on small decks.

use crate::common::long_tests;
use crate::deals::{cards, deals, flop_deals, rank_with, table};
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::{choose, CardSet};
use uth_edge::evaluator::HandCategory;
use uth_edge::exact::few_others::count_nobody_else_of_two;
use uth_edge::exact::progressive::{
    break_even_meter, other_player_categories, own_hand_counts, progressive_result,
};
use uth_edge::exact::showdown::{count_nobody_else, count_showdowns};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{PayTable, ProgressiveHand};
use uth_edge::rules::settlement::{envy_bonus, settle_progressive};

#[test]
fn progressive_hands_are_the_textbook_five_card_hands() {
    // Fact: the player's two cards and the three flop cards are a random
    // five-card hand: the textbook counts of all C(52,5) = 2,598,960 hands
    // (4 royal flushes, 36 straight flushes, 624, 3,744, 5,108, 10,200,
    // 54,912, 123,552, 1,098,240, 1,302,540).
    let own = own_hand_counts(flop_deals());
    assert_eq!(
        own,
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]
    );
    assert_eq!(own.iter().sum::<u64>(), choose(52, 5));
    assert_eq!(flop_deals().total(), 28_094_757_600);
    // Fact: another player's two cards and the same flop are also a random
    // five-card hand, so over all deals the Envy Bonus odds per other player
    // are the same textbook counts (card removal averages out).
    assert_eq!(
        flop_deals().dealer_categories(),
        flop_deals().player_categories()
    );
    // Best of seven: the C(52,7) textbook counts (4,324 royal flushes).
    let seven = own_hand_counts(deals());
    assert_eq!(seven[9], 4_324);
    assert_eq!(seven.iter().sum::<u64>(), choose(52, 7));
}

#[test]
fn envy_odds_of_fixed_hands_match_direct_enumeration() {
    // Fact: for a given player hand and flop, dealing another player every
    // two of the 47 unseen cards and evaluating their hand with the flop
    // gives the library's Envy odds; e.g. with As Ks and Qs Js Ts, no other
    // player can hold a royal flush and exactly one holding (9s 8s) makes a
    // straight flush.
    for (hole, flop) in [
        ("As Ks", "Qs Js Ts"),
        ("2c 7d", "Ah Kh Qh"),
        ("9h 8h", "7h 6h 5h"),
        ("Ac Ad", "Ah As Kc"),
        ("3d 4d", "5d 6d 7c"),
    ] {
        let hole = cards(hole);
        let flop = CardSet::from_cards(&cards(flop));
        let got = other_player_categories([hole[0], hole[1]], flop);
        let mut seen = flop;
        seen.insert(hole[0]);
        seen.insert(hole[1]);
        let rest = CardSet::FULL_DECK.minus(seen).to_vec();
        let mut direct = [0u32; 10];
        for (i, &a) in rest.iter().enumerate() {
            for &b in &rest[i + 1..] {
                direct[rank_with(flop, a, b).category().index()] += 1;
            }
        }
        assert_eq!(got, direct, "{flop}");
        assert_eq!(direct.iter().sum::<u32>(), 1_081);
    }
    let royal_blocked = other_player_categories(
        [cards("As")[0], cards("Ks")[0]],
        CardSet::from_cards(&cards("Qs Js Ts")),
    );
    assert_eq!(royal_blocked[HandCategory::RoyalFlush.index()], 0);
    assert_eq!(royal_blocked[HandCategory::StraightFlush.index()], 1);
}

#[test]
fn progressive_return_and_break_even_meters_by_hand_arithmetic() {
    // Fact: from the textbook five-card counts, a $1 wager with the meter at
    // m and N other players nets, per 2,598,960 hands:
    //   4 m + 36 (m/10) + 624x300 + 3,744x50 + 5,108x40 + 10,200x30
    //   + 54,912x9 - 2,524,332 (the other hands) + N (4x1,000 + 36x300),
    // the Envy Bonus being worth per other player the unconditional odds
    // (see the previous tests). Break-even: that expression = 0.
    let t = table("progressive-md");
    let c = flop_deals();
    let hands = Fraction::from_int(2_598_960);
    let fixed = 624 * 300 + 3_744 * 50 + 5_108 * 40 + 10_200 * 30 + 54_912 * 9 - 2_524_332;
    let by_hand = |m: Fraction, n: i128| {
        (Fraction::from_int(4) * m.clone()
            + Fraction::from_int(36) * m / Fraction::from_int(10)
            + Fraction::from_int(fixed + n * (4 * 1_000 + 36 * 300)))
            / &hands
    };
    for (meter, players) in [(10_000, 0), (10_000, 3), (250_000, 5), (0, 1)] {
        let m = Fraction::from_int(meter);
        let r = progressive_result(&t, c, Fraction::ONE, m.clone(), players as u32);
        assert_eq!(-r.house_edge, by_hand(m, players), "{meter} {players}");
    }
    for n in 0..=5i128 {
        // 7.6 m = -(fixed + n x 14,800)
        let expected = -Fraction::from_int(fixed + n * 14_800) / Fraction::new(76, 10);
        assert_eq!(
            break_even_meter(&t, c, Fraction::ONE, n as u32),
            Some(expected),
            "{n}"
        );
    }
    // $150,711.05 with nobody else at the table.
    assert_eq!(
        break_even_meter(&t, c, Fraction::ONE, 0),
        Some(Fraction::new(2_863_510, 19))
    );
    // The result carries all six break-even meters.
    let r = progressive_result(&t, c, Fraction::ONE, Fraction::from_int(10_000), 0);
    assert_eq!(r.figures.len(), 6);
    assert_eq!(r.figures[5].name, "break_even_meter_5_other_players");
}

#[test]
fn best_of_seven_fixed_awards_alone_return_several_times_the_wager() {
    // Fact (the README's reason for reading the hand as two cards and the
    // flop): on the best five of seven, the textbook seven-card counts give
    // the fixed awards alone, with the meter at $0 and nobody else at the
    // table, (224,848x301 + 3,473,184x51 + 4,047,644x41 + 6,180,020x31 +
    // 6,461,620x10 + (4,324 + 37,260)x1) / 133,784,560 = 4.99 times the
    // wager back (the royal and straight flushes win nothing of a $0 meter
    // but, paid "to 1", return the wager).
    let mut t = table("progressive-md");
    t.rules.progressive_hand = ProgressiveHand::BestOfSeven;
    let r = progressive_result(&t, deals(), Fraction::ONE, Fraction::ZERO, 0);
    let back = 224_848 * 301
        + 3_473_184 * 51
        + 4_047_644 * 41
        + 6_180_020 * 31
        + 6_461_620 * 10
        + (4_324 + 37_260);
    let expected = Fraction::new(back, 133_784_560) - Fraction::ONE;
    assert_eq!(-r.house_edge, expected);
    assert!(expected > Fraction::from_int(3));
    assert_eq!(
        format!("{:.2}", (expected + Fraction::ONE).to_f64()),
        "4.99"
    );
}

#[test]
fn awards_for_one_cost_the_probability_of_winning() {
    // Fact: paying "for 1" instead of "to 1" keeps the wager on every win,
    // so the return drops by exactly the probability of a winning hand
    // (74,628 / 2,598,960 five-card hands of three of a kind or better).
    let t = table("progressive-md");
    let mut for_one = t.clone();
    for_one.rules.wager_returned = false;
    let m = Fraction::from_int(10_000);
    let to = progressive_result(&t, flop_deals(), Fraction::ONE, m.clone(), 2);
    let fo = progressive_result(&for_one, flop_deals(), Fraction::ONE, m, 2);
    assert_eq!(
        fo.house_edge - to.house_edge,
        Fraction::new(74_628, 2_598_960)
    );
    assert_eq!(fo.rule.as_deref(), Some("hole_and_flop+for_one"));
}

#[test]
fn envy_schedules_follow_the_wager() {
    // Fact: COMAR 36.05.16.12D(5): $1,000 / $300 for a $1 wager, $5,000 /
    // $1,500 for a $5 wager: per dollar wagered the same Envy Bonus, while
    // the meter awards are worth five times less per dollar at $5.
    let t = table("progressive-md");
    let m = Fraction::from_int(10_000);
    let envy = |w: i128| {
        let r = progressive_result(&t, flop_deals(), Fraction::from_int(w), m.clone(), 4);
        r.lines
            .iter()
            .filter(|l| l.hand.starts_with("envy_"))
            .fold(Fraction::ZERO, |s, l| s + l.contribution.clone())
    };
    assert_eq!(envy(1), envy(5));
    assert_eq!(
        envy(1),
        Fraction::new(4 * (4 * 1_000 + 36 * 300), 2_598_960)
    );
}

/// Every deal of a small deck with the flop as board: board, player holding
/// and `others` further holdings in seat order, each hand's category
/// evaluated directly; calls `visit(player, others)` with the categories.
fn for_each_flop_deal(deck: CardSet, others: usize, visit: &mut dyn FnMut(usize, &[usize])) {
    for_each_board_deal(deck, 3, others, visit)
}

/// [`for_each_flop_deal`] with `board_size` board cards (5: best of seven).
fn for_each_board_deal(
    deck: CardSet,
    board_size: usize,
    others: usize,
    visit: &mut dyn FnMut(usize, &[usize]),
) {
    fn seat(
        flop: CardSet,
        free: CardSet,
        left: usize,
        seated: &mut Vec<usize>,
        visit: &mut dyn FnMut(usize, &[usize]),
    ) {
        if left == 0 {
            visit(seated[0], &seated[1..]);
            return;
        }
        let cards = free.to_vec();
        for (i, &a) in cards.iter().enumerate() {
            for &b in &cards[i + 1..] {
                seated.push(rank_with(flop, a, b).category().index());
                let rest = free.minus(CardSet::from_cards(&[a, b]));
                seat(flop, rest, left - 1, seated, visit);
                seated.pop();
            }
        }
    }
    uth_edge::cards::canonical::for_each_subset(deck, board_size, |flop| {
        seat(flop, deck.minus(flop), others + 1, &mut Vec::new(), visit);
    });
}

/// The qualifying flags of `categories`.
fn flags(categories: &[HandCategory]) -> [bool; 10] {
    let mut q = [false; 10];
    for c in categories {
        q[c.index()] = true;
    }
    q
}

#[test]
fn nobody_else_of_one_or_two_matches_brute_force_on_small_decks() {
    // Fact: dealing the board, the player and up to two other players every
    // way on a 12-card deck (Q, K, A) and a 16-card deck (J to A), with the
    // flop or five board cards, and evaluating each hand directly, the deals
    // in which no other player qualifies are the closed-form counts, for
    // every category that can occur there, alone and together.
    use HandCategory::*;
    let sets: [&[HandCategory]; 8] = [
        &[Pair],
        &[TwoPair],
        &[ThreeOfAKind],
        &[FullHouse],
        &[FourOfAKind],
        &[Pair, FullHouse],
        &[TwoPair, ThreeOfAKind, FourOfAKind],
        &[Pair, TwoPair, ThreeOfAKind, FullHouse, FourOfAKind],
    ];
    let cases = [
        (&[10, 11, 12][..], 3),
        (&[9, 10, 11, 12][..], 3),
        (&[10, 11, 12][..], 5),
    ];
    for (ranks, board_size) in cases {
        let deck = deck_of_ranks(ranks);
        let library: Vec<_> = sets
            .iter()
            .map(|c| count_nobody_else_of_two(deck, board_size, flags(c), &Silent))
            .collect();
        for others in 0..=2 {
            // Deals by the player's category and the set of categories the
            // others hold, dealt once for all the sets.
            let mut held = vec![[0u128; 1 << 10]; 10];
            let mut all = 0u128;
            for_each_board_deal(deck, board_size, others, &mut |p, o| {
                all += 1;
                held[p][o.iter().fold(0, |m, &c| m | 1 << c)] += 1;
            });
            for (categories, counted) in sets.iter().zip(&library) {
                let q = flags(categories);
                let qualifying = (0..10).filter(|&c| q[c]).fold(0, |m, c| m | 1 << c);
                let by_player: [u128; 10] = std::array::from_fn(|p| {
                    (0..1 << 10)
                        .filter(|m| m & qualifying == 0)
                        .map(|m| held[p][m])
                        .sum()
                });
                let got: [u128; 10] = std::array::from_fn(|p| counted.by_player[p][others]);
                let case = format!("{ranks:?} {board_size} {categories:?} {others}");
                assert_eq!(counted.others, 2);
                assert_eq!(got, by_player, "{case}");
                assert_eq!(counted.deals[others], all, "{case}");
            }
        }
    }
}

#[test]
fn nobody_else_of_one_or_two_agrees_with_the_general_count_on_a_20_card_deck() {
    // Fact: on the 20-card deck (T to A), where straights, flushes and high
    // cards occur, the closed form gives the same counts for one and two
    // other players as the inclusion-exclusion over matchings of
    // `count_nobody_else` (itself checked by brute force above), for each
    // category and some unions, on the flop and on five board cards; and
    // for one other player, the brute-force deal of every seat.
    use HandCategory::*;
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let sets: [&[HandCategory]; 7] = [
        &[HighCard],
        &[Straight],
        &[Flush],
        &[StraightFlush, RoyalFlush],
        &[HighCard, Flush, FullHouse],
        &[Pair, Straight],
        &[TwoPair, ThreeOfAKind, FourOfAKind],
    ];
    // Flop deals with one other player by both players' categories.
    let mut pairs = [[0u128; 10]; 10];
    for_each_flop_deal(deck, 1, &mut |p, o| pairs[p][o[0]] += 1);
    // The three single categories the 20-card deck adds (high card,
    // straight, flush) always; the unions too with UTH_EDGE_LONG_TESTS (a
    // minute and a half of CPU in all).
    let sets = if long_tests() { &sets[..] } else { &sets[..3] };
    for board_size in [3, 5] {
        for &categories in sets {
            let q = flags(categories);
            let closed = count_nobody_else_of_two(deck, board_size, q, &Silent);
            let general = count_nobody_else(deck, board_size, q, &Silent);
            for others in 0..=2 {
                let got: [u128; 10] = std::array::from_fn(|p| closed.by_player[p][others]);
                let expected: [u128; 10] = std::array::from_fn(|p| general.by_player[p][others]);
                assert_eq!(got, expected, "{board_size} {categories:?} {others}");
                assert_eq!(closed.deals[others], general.deals[others]);
            }
            if board_size == 3 {
                let by_player: [u128; 10] =
                    std::array::from_fn(|p| (0..10).filter(|&d| !q[d]).map(|d| pairs[p][d]).sum());
                let got: [u128; 10] = std::array::from_fn(|p| closed.by_player[p][1]);
                assert_eq!(got, by_player, "{categories:?}");
            }
        }
    }
}

#[test]
fn full_house_envy_with_one_other_player_agrees_with_the_showdown_counts() {
    // Fact: with one other player, the Envy Bonus on a full house (and the
    // royal flush, kept from progressive-md) hits when the own hand wins or
    // the other holding is a full house or a royal flush; the joint
    // counts of player and other holding (every deal of flop, player and
    // other) give the misses directly. (Before the closed form this ran for
    // more than 15 minutes.)
    let text = PayTable::builtin_text("progressive-md")
        .unwrap()
        .replace("straight_flush = { dollars", "full_house = { dollars");
    let table = PayTable::from_toml(&text, "full house envy").unwrap();
    let c = flop_deals();
    let meter = Fraction::from_int(10_000);
    let r = progressive_result(&table, c, Fraction::ONE, meter.clone(), 1);
    let paid: Vec<usize> = (0..10)
        .filter(|&p| {
            settle_progressive(&table, HandCategory::ALL[p], Fraction::ONE, meter.clone())
                .is_positive()
        })
        .collect();
    // The pay table pays three of a kind and better.
    assert_eq!(paid, [3, 4, 5, 6, 7, 8, 9]);
    let misses: u64 = (0..10)
        .filter(|p| !paid.contains(p))
        .map(|p| {
            (0..10)
                .filter(|&d| d != HandCategory::FullHouse.index())
                .filter(|&d| d != HandCategory::RoyalFlush.index())
                .map(|d| c.counts[p].iter().map(|r| r[d]).sum::<u64>())
                .sum::<u64>()
        })
        .sum();
    assert_eq!(
        r.hit_frequency,
        Fraction::ONE - Fraction::new(misses as i128, c.total() as i128)
    );
}

#[test]
fn nobody_else_matches_brute_force_on_small_decks() {
    // Fact: dealing every seat of a 12-card deck (Q, K, A) and of a 16-card
    // deck (J to A) directly, the deals in which no other player holds a
    // qualifying hand are the library's inclusion-exclusion counts; and with
    // more players than the deck can seat, there are none.
    let cases: [(&[usize], &[HandCategory], usize); 4] = [
        (&[10, 11, 12], &[HandCategory::FourOfAKind], 3),
        (
            &[10, 11, 12],
            &[HandCategory::ThreeOfAKind, HandCategory::FullHouse],
            3,
        ),
        (
            &[10, 11, 12],
            &[
                HandCategory::TwoPair,
                HandCategory::FullHouse,
                HandCategory::ThreeOfAKind,
                HandCategory::FourOfAKind,
            ],
            3,
        ),
        (
            &[9, 10, 11, 12],
            &[HandCategory::FullHouse, HandCategory::FourOfAKind],
            2,
        ),
    ];
    for (ranks, qualifying, max_others) in cases {
        let deck = deck_of_ranks(ranks);
        let mut q = [false; 10];
        for c in qualifying {
            q[c.index()] = true;
        }
        let library = count_nobody_else(deck, 3, q, &Silent);
        for others in 0..=max_others {
            let mut by_player = [0u128; 10];
            let mut all = 0u128;
            for_each_flop_deal(deck, others, &mut |p, o| {
                all += 1;
                if o.iter().all(|&c| !q[c]) {
                    by_player[p] += 1;
                }
            });
            let got: [u128; 10] = std::array::from_fn(|p| library.by_player[p][others]);
            assert_eq!(got, by_player, "{ranks:?} {qualifying:?} {others}");
            assert_eq!(library.deals[others], all, "{ranks:?} {others}");
        }
        if ranks.len() == 3 {
            // 3 + 2 + 2 x 4 = 13 cards: four others cannot be seated.
            assert_eq!(library.deals[4], 0);
            assert!(library
                .by_player
                .iter()
                .all(|row| row[4] == 0 && row[5] == 0));
        }
    }
}

#[test]
fn nobody_else_with_one_other_player_agrees_with_the_showdown_counts() {
    // Fact: with one other player, "nobody qualifies" is the other holding
    // not being a royal or straight flush, which the joint counts give.
    let mut q = [false; 10];
    q[HandCategory::RoyalFlush.index()] = true;
    q[HandCategory::StraightFlush.index()] = true;
    let nobody = count_nobody_else(CardSet::FULL_DECK, 3, q, &Silent);
    let c = flop_deals();
    for p in 0..10 {
        let expected: u64 = (0..10)
            .filter(|&d| !q[d])
            .map(|d| c.counts[p].iter().map(|r| r[d]).sum::<u64>())
            .sum();
        assert_eq!(nobody.by_player[p][1], expected as u128, "{p}");
    }
}

#[test]
fn progressive_spread_matches_brute_force_on_a_small_deck() {
    // Fact: on a 12-card deck, dealing the flop, the player and up to three
    // other players every way and settling each deal (own award plus the
    // Envy Bonus of each other player) gives the result's mean, variance and
    // hit frequency.
    let deck = deck_of_ranks(&[10, 11, 12]);
    let table = PayTable::from_toml(
        "id = \"small\"\ntitle = \"t\"\nwager = \"progressive\"\nsource = \"test\"\n\
         [pays]\nfour_of_a_kind = { meter_percent = 100 }\nfull_house = \"20 to 1\"\n\
         three_of_a_kind = \"3 to 1\"\n\
         [[envy]]\nwager = 1\nfour_of_a_kind = { dollars = 40 }\nfull_house = { dollars = 2 }\n",
        "small",
    )
    .unwrap();
    let counts = count_showdowns(deck, 3, &Silent);
    let (wager, meter) = (Fraction::ONE, Fraction::from_int(100));
    for players in 0..=3u32 {
        let r = progressive_result(&table, &counts, wager.clone(), meter.clone(), players);
        let (mut n, mut sum, mut square, mut hits) = (0i128, Fraction::ZERO, Fraction::ZERO, 0i128);
        for_each_flop_deal(deck, players as usize, &mut |p, o| {
            let mut net =
                settle_progressive(&table, HandCategory::ALL[p], wager.clone(), meter.clone());
            for &c in o {
                net = net + envy_bonus(&table, HandCategory::ALL[c], wager.clone());
            }
            n += 1;
            sum = sum.clone() + net.clone();
            square = square.clone() + net.clone() * net.clone();
            if net.is_positive() {
                hits += 1;
            }
        });
        let deals = Fraction::from_int(n);
        let mean = sum / deals.clone();
        assert_eq!(-r.house_edge, mean, "{players}");
        assert_eq!(r.variance, square / deals - &mean * &mean, "{players}");
        assert_eq!(r.hit_frequency, Fraction::new(hits, n), "{players}");
    }
}

#[test]
fn progressive_hit_frequency_and_variance_by_hand_arithmetic() {
    // Fact: with nobody else at the table, a $1 wager at meter m wins on
    // the 74,628 five-card hands of three of a kind or better (at m = 0 the
    // 40 royal and straight flushes net nothing), and its second moment is
    // Σ count x net² over the textbook counts.
    let t = table("progressive-md");
    let c = flop_deals();
    let m = 10_000i128;
    let r = progressive_result(&t, c, Fraction::ONE, Fraction::from_int(m), 0);
    assert_eq!(r.hit_frequency, Fraction::new(74_628, 2_598_960));
    let nets = [
        (4, Fraction::from_int(m)),
        (36, Fraction::from_int(m / 10)),
        (624, Fraction::from_int(300)),
        (3_744, Fraction::from_int(50)),
        (5_108, Fraction::from_int(40)),
        (10_200, Fraction::from_int(30)),
        (54_912, Fraction::from_int(9)),
        (2_524_332, -Fraction::ONE),
    ];
    let hands = Fraction::from_int(2_598_960);
    let mean = nets
        .iter()
        .fold(Fraction::ZERO, |s, (k, x)| s + Fraction::from_int(*k) * x)
        / hands.clone();
    let square = nets.iter().fold(Fraction::ZERO, |s, (k, x)| {
        s + Fraction::from_int(*k) * x * x
    }) / hands;
    assert_eq!(-r.house_edge, mean);
    assert_eq!(r.variance, square - &mean * &mean);
    let at_zero = progressive_result(&t, c, Fraction::ONE, Fraction::ZERO, 0);
    assert_eq!(at_zero.hit_frequency, Fraction::new(74_628 - 40, 2_598_960));
}
