//! The wagers of issue 6 against independent facts: the Bad Beat and
//! Florida Trips figures as published (with their sources), brute-force
//! enumeration of every deal of reduced decks and of whole boards of the
//! full deck, textbook hand counts, hand arithmetic of the Progressive, and
//! bad input.

use crate::common::uth_edge;
use rayon::prelude::*;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::{choose, parse_cards, Card, CardSet};
use uth_edge::evaluator::{evaluate, HandCategory, HandRank};
use uth_edge::exact::progressive::{
    break_even_meter, other_player_categories, own_hand_counts, progressive_result,
};
use uth_edge::exact::showdown::{
    board_table, count_nobody_else, count_showdowns, full_deck_counts, holding_counts,
    ShowdownCounts, Table, RESULTS,
};
use uth_edge::exact::showdown_bets::{bad_beat_result, trips_against_result};
use uth_edge::exact::side_bets::{count_seven_card_hands, trips_result};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{PayTable, PayTableError, ProgressiveHand, WagerKind};
use uth_edge::rules::settlement::{envy_bonus, settle_progressive};
use uth_edge::rules::settlement::{settle_bad_beat, settle_trips_against, Versus};

/// The full-deck counts with five community cards (2,781,381,002,400 deals).
fn deals() -> &'static ShowdownCounts {
    full_deck_counts(5, &Silent)
}

/// The full-deck counts with the flop alone (the Progressive's hand).
fn flop_deals() -> &'static ShowdownCounts {
    full_deck_counts(3, &Silent)
}

fn table(id: &str) -> PayTable {
    PayTable::resolve(id).expect("built-in table")
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("valid cards")
}

/// The value of the holding `{a, b}` on `board`, evaluated directly.
fn rank_with(board: CardSet, a: Card, b: Card) -> HandRank {
    let mut set = board;
    set.insert(a);
    set.insert(b);
    evaluate(set)
}

fn versus(player: HandRank, dealer: HandRank) -> usize {
    match player.cmp(&dealer) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 2,
    }
}

/// Every (player, dealer) pair of holdings on one board, by brute force.
fn brute_force_board(deck: CardSet, board: CardSet) -> Table {
    let rest = deck.minus(board).to_vec();
    let mut holdings = Vec::new();
    for (i, &a) in rest.iter().enumerate() {
        for &b in &rest[i + 1..] {
            let rank = rank_with(board, a, b);
            holdings.push((a.mask() | b.mask(), rank, rank.category().index()));
        }
    }
    let mut t: Table = [[[0; 10]; 3]; 10];
    for &(pm, pr, pc) in &holdings {
        for &(dm, dr, dc) in &holdings {
            if pm & dm == 0 {
                t[pc][versus(pr, dr)][dc] += 1;
            }
        }
    }
    t
}

/// Every deal of a deck, by brute force over every board (no suit
/// classes, no sweep).
fn brute_force_deck(deck: CardSet, board_size: usize) -> Table {
    let mut boards = Vec::new();
    uth_edge::cards::canonical::for_each_subset(deck, board_size, |b| boards.push(b));
    boards
        .par_iter()
        .map(|&b| brute_force_board(deck, b))
        .reduce(
            || [[[0; 10]; 3]; 10],
            |mut x, y| {
                for (s, t) in x
                    .iter_mut()
                    .flatten()
                    .flatten()
                    .zip(y.iter().flatten().flatten())
                {
                    *s += t;
                }
                x
            },
        )
}

#[test]
fn bad_beat_reproduces_the_published_two_way_table() {
    // Fact: discountgambling.net, "Bad Beat Bonus @ Ultimate Texas Hold'Em"
    // (stephenhow, June 8, 2012), table "UTH 2-Way Bad Beat Bonus": by
    // losing hand, straight flush 10,300,592 (7500), four of a kind
    // 471,040,512 (500), full house 8,435,225,376 (50), flush 19,434,208,592
    // (30), straight 18,271,076,976 (20), three of a kind 64,049,759,448 (9);
    // push (ties) 113,130,263,816, which lose; total 2,781,381,002,400
    // deals; Return total -0.147868, "a 14.8% house edge".
    let t = table("bad-beat-dg");
    let r = bad_beat_result(&t, deals());
    let rows: Vec<(&str, u64)> = r
        .lines
        .iter()
        .map(|l| (l.hand.as_str(), l.combinations))
        .collect();
    assert_eq!(
        rows[..7],
        [
            ("straight_flush", 10_300_592),
            ("four_of_a_kind", 471_040_512),
            ("full_house", 8_435_225_376),
            ("flush", 19_434_208_592),
            ("straight", 18_271_076_976),
            ("three_of_a_kind", 64_049_759_448),
            ("tie", 113_130_263_816),
        ]
    );
    assert_eq!(r.outcomes, 2_781_381_002_400);
    assert_eq!(format!("{:.6}", -r.house_edge.to_f64()), "-0.147868");
    assert_eq!(format!("{:.4}%", r.house_edge.to_f64() * 100.0), "14.7868%");
    assert_eq!(format!("{:.1}%", r.house_edge.to_f64() * 100.0), "14.8%");
    // The published figures recorded in the file, as printed.
    let printed: Vec<&str> = t.published.iter().map(|p| p.value.as_str()).collect();
    assert_eq!(printed, ["-0.147868", "14.8%"]);
    // The exact edge: 12,852,431,056 / 86,918,156,325.
    assert_eq!(r.house_edge, Fraction::new(12_852_431_056, 86_918_156_325));
    assert_eq!(
        r.rule.as_deref(),
        Some("player_losing_hand+dealer_beaten_hand")
    );
}

#[test]
fn only_the_two_way_losing_hand_to_one_reading_gives_the_published_figure() {
    // Fact: the published -0.147868 tells the readings apart. Paying "for 1"
    // (each award one less), either way alone, or the winning hand's
    // category instead of the losing hand's, all miss it.
    let two_way = bad_beat_result(&table("bad-beat-dg"), deals()).house_edge;
    let text = include_str!("../../paytables/bad-beat-dg.toml");
    let variant = |from: &str, to: &str| {
        let t = PayTable::from_toml(&text.replace(from, to), "variant").unwrap();
        bad_beat_result(&t, deals()).house_edge
    };
    let published = |edge: Fraction| format!("{:.6}", -edge.to_f64()) == "-0.147868";
    assert!(published(two_way));
    let for_one = PayTable::from_toml(
        &text
            .replace("\"7500 to 1\"", "\"7499 to 1\"")
            .replace("\"500 to 1\"", "\"499 to 1\"")
            .replace("\"50 to 1\"", "\"49 to 1\"")
            .replace("\"30 to 1\"", "\"29 to 1\"")
            .replace("\"20 to 1\"", "\"19 to 1\"")
            .replace("\"9 to 1\"", "\"8 to 1\""),
        "for-one",
    )
    .unwrap();
    assert!(!published(bad_beat_result(&for_one, deals()).house_edge));
    let both = "pays_on = [\"player_losing_hand\", \"dealer_beaten_hand\"]";
    assert!(!published(variant(
        both,
        "pays_on = \"player_losing_hand\""
    )));
    assert!(!published(variant(
        both,
        "pays_on = \"dealer_beaten_hand\""
    )));
    // Paid on the winning hand's category (computed here from the counts).
    let t = table("bad-beat-dg");
    let c = deals();
    let mut money = Fraction::ZERO;
    for p in HandCategory::ALL {
        for (r, v) in RESULTS.iter().enumerate() {
            for d in HandCategory::ALL {
                let n = Fraction::from_int(c.counts[p.index()][r][d.index()] as i128);
                let winner = if *v == Versus::PlayerHigher { p } else { d };
                let qualifies = *v != Versus::Tie && p.min(d) >= HandCategory::ThreeOfAKind;
                let net = match (qualifies, t.award_for_category(winner)) {
                    (true, Some(a)) => a.win_on(Fraction::ONE),
                    _ => -Fraction::ONE,
                };
                money = money + n * net;
            }
        }
    }
    assert!(!published(-money / Fraction::from_int(c.total() as i128)));
}

#[test]
fn florida_trips_reproduces_the_published_edge_and_combinations() {
    // Fact: Wizard of Odds, "Florida Variant of Trips Bet", Florida Variant
    // Analysis: house edge 4.88%; winning combinations royal flush
    // 85,615,200, straight flush 734,237,144, four of a kind 4,240,864,800,
    // full house 62,810,500,464, flush 71,523,195,288, straight
    // 103,685,076,... (the stored copy of the page is cut there).
    let t = table("uth-florida");
    assert_eq!(t.published[0].value, "4.88%");
    let r = trips_against_result(&t, deals());
    assert_eq!(format!("{:.2}%", r.house_edge.to_f64() * 100.0), "4.88%");
    let combos: Vec<u64> = r.lines.iter().map(|l| l.combinations).collect();
    assert_eq!(
        combos[..5],
        [
            85_615_200,
            734_237_144,
            4_240_864_800,
            62_810_500_464,
            71_523_195_288
        ]
    );
    assert_eq!(combos[5] / 1000, 103_685_076);
    assert_eq!(r.lines[7].hand, "push");
    assert_eq!(r.lines[8].hand, "other");
    assert_eq!(combos.iter().sum::<u64>(), 2_781_381_002_400);
    assert_eq!(r.rule.as_deref(), Some("must_beat_dealer"));
    // The same table under the standard rule is a different wager.
    let standard = PayTable::from_toml(
        &include_str!("../../paytables/uth-florida.toml")
            .replace("rule = \"must_beat_dealer\"", "rule = \"standard\""),
        "standard",
    )
    .unwrap();
    assert!(trips_against_result(&standard, deals()).house_edge < Fraction::ZERO);
}

#[test]
fn standard_trips_from_every_deal_equals_the_seven_card_count() {
    // Fact: a standard Trips table ignores the dealer, so counting every
    // (player, dealer, board) deal must give exactly the edge of the
    // independent C(52,7) enumeration (e.g. UTH-01: 301,629/33,446,140).
    let seven = count_seven_card_hands(&Silent);
    for id in ["uth-01", "uth-02", "uth-03", "uth-04"] {
        let t = table(id);
        assert_eq!(
            trips_against_result(&t, deals()).house_edge,
            trips_result(&t, &seven).house_edge,
            "{id}"
        );
    }
}

#[test]
fn every_deal_is_counted_with_the_textbook_seven_card_distribution() {
    // Facts: 2,781,381,002,400 = C(52,5) C(47,2) C(45,2) deals; each seven-
    // card player hand occurs C(7,2) x C(45,2) = 21 x 990 times, so the
    // player's categories are the textbook seven-card counts (4,324 royal
    // flushes ... 23,294,460 high cards) times 20,790; the dealer is dealt
    // like the player, so the dealer's are the same; and the showdown is
    // symmetric: player p beating dealer d as often as d beats p.
    let c = deals();
    assert_eq!(c.total(), 2_781_381_002_400);
    let textbook = [
        23_294_460u64,
        58_627_800,
        31_433_400,
        6_461_620,
        6_180_020,
        4_047_644,
        3_473_184,
        224_848,
        37_260,
        4_324,
    ];
    let expected = textbook.map(|n| n * 21 * 990);
    assert_eq!(c.player_categories(), expected);
    assert_eq!(c.dealer_categories(), expected);
    for p in 0..10 {
        for d in 0..10 {
            assert_eq!(c.counts[p][0][d], c.counts[d][2][p], "{p} beats {d}");
            assert_eq!(c.counts[p][1][d], c.counts[d][1][p], "{p} ties {d}");
        }
        for d in 0..10 {
            if d != p {
                assert_eq!(c.counts[p][1][d], 0, "a tie is within a category");
            }
        }
    }
}

#[test]
fn sweep_matches_brute_force_on_reduced_decks() {
    // Fact: enumerating every deal of a small deck directly (every board,
    // every player holding, every dealer holding, each hand evaluated and
    // compared) gives the same counts as the canonical-board sweep. Ranks
    // T-A (royal and other straights, flushes that are straight flushes)
    // and A-5 (wheels); five-card boards and flops.
    for ranks in [&[8, 9, 10, 11, 12][..], &[12, 0, 1, 2, 3][..]] {
        let deck = deck_of_ranks(ranks);
        for board_size in [5, 3] {
            let swept = count_showdowns(deck, board_size, &Silent);
            let brute = brute_force_deck(deck, board_size);
            assert_eq!(swept.counts, brute, "ranks {ranks:?}, board {board_size}");
            assert_eq!(swept.total(), ShowdownCounts::deals(deck.len(), board_size));
        }
    }
}

#[test]
fn whole_boards_of_the_full_deck_match_brute_force() {
    // Fact: on a board of the full deck, each of the 1,081 x 990 ordered
    // (player, dealer) pairs of disjoint holdings, evaluated and compared
    // directly, gives the board's counts; and per player holding, the
    // dealer holdings by result and category.
    for board in [
        "As Ks Qs Js Ts", // royal flush on board: every showdown ties
        "2c 7d 9h Jc Kd",
        "5h 5d 5s 9c 9h", // full house on board
        "6c 7c 8c 9d Td",
        "Ah 2h 3d 4h 9s",
    ] {
        let board = CardSet::from_cards(&cards(board));
        let deck = CardSet::FULL_DECK;
        assert_eq!(
            board_table(deck, board),
            brute_force_board(deck, board),
            "{board}"
        );
        let rest = deck.minus(board).to_vec();
        for (a, b, counts) in holding_counts(deck, board).into_iter().step_by(37) {
            let player = rank_with(board, a, b);
            assert_eq!(counts.player, player.category());
            let mut dealer = [[0u32; 10]; 3];
            for (i, &c) in rest.iter().enumerate() {
                for &d in &rest[i + 1..] {
                    if [c, d].iter().any(|x| *x == a || *x == b) {
                        continue;
                    }
                    let r = rank_with(board, c, d);
                    dealer[versus(player, r)][r.category().index()] += 1;
                }
            }
            assert_eq!(counts.dealer, dealer, "{a}{b} on {board}");
        }
    }
}

#[test]
fn counts_do_not_depend_on_the_number_of_threads() {
    let deck = deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| count_showdowns(deck, 5, &Silent))
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn showdown_wagers_equal_settling_every_deal_of_a_reduced_deck() {
    // Fact: settling every deal of a 20-card deck with the rules
    // (settle_bad_beat, settle_trips_against; deals counted by brute force,
    // each kind of deal settled once) gives the edges the results add up.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let counts = count_showdowns(deck, 5, &Silent);
    let brute = brute_force_deck(deck, 5);
    let bad_beat = table("bad-beat-dg");
    let florida = table("uth-florida");
    // Per wager: Σ net, Σ net², deals won.
    let mut sums = [(Fraction::ZERO, Fraction::ZERO, 0u64); 2];
    for p in HandCategory::ALL {
        for (r, &v) in RESULTS.iter().enumerate() {
            for d in HandCategory::ALL {
                let count = brute[p.index()][r][d.index()];
                let n = Fraction::from_int(count as i128);
                let nets = [
                    settle_bad_beat(&bad_beat, p, v, d),
                    settle_trips_against(&florida, p, v),
                ];
                for (sum, net) in sums.iter_mut().zip(nets) {
                    sum.0 = sum.0 + n * net;
                    sum.1 = sum.1 + n * net * net;
                    if net.is_positive() {
                        sum.2 += count;
                    }
                }
            }
        }
    }
    let deals = ShowdownCounts::deals(20, 5);
    let n = Fraction::from_int(deals as i128);
    let results = [
        bad_beat_result(&bad_beat, &counts),
        trips_against_result(&florida, &counts),
    ];
    for (r, (net, square, wins)) in results.iter().zip(sums) {
        let mean = net / n;
        assert_eq!(r.house_edge, -mean, "{}", r.paytable);
        assert_eq!(r.variance, square / n - mean * mean, "{}", r.paytable);
        assert_eq!(r.hit_frequency, Fraction::new(wins as i128, deals as i128));
    }
    // The rows partition the deals and add up to the return.
    for r in [
        bad_beat_result(&bad_beat, &counts),
        trips_against_result(&florida, &counts),
    ] {
        let combos: u64 = r.lines.iter().map(|l| l.combinations).sum();
        assert_eq!(combos, r.outcomes);
        let ret = r
            .lines
            .iter()
            .fold(Fraction::ZERO, |s, l| s + l.contribution);
        assert_eq!(ret, -r.house_edge);
    }
}

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
        (Fraction::from_int(4) * m
            + Fraction::from_int(36) * m / Fraction::from_int(10)
            + Fraction::from_int(fixed + n * (4 * 1_000 + 36 * 300)))
            / hands
    };
    for (meter, players) in [(10_000, 0), (10_000, 3), (250_000, 5), (0, 1)] {
        let m = Fraction::from_int(meter);
        let r = progressive_result(&t, c, Fraction::ONE, m, players as u32);
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
    let to = progressive_result(&t, flop_deals(), Fraction::ONE, m, 2);
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
        let r = progressive_result(&t, flop_deals(), Fraction::from_int(w), m, 4);
        r.lines
            .iter()
            .filter(|l| l.hand.starts_with("envy_"))
            .fold(Fraction::ZERO, |s, l| s + l.contribution)
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
    uth_edge::cards::canonical::for_each_subset(deck, 3, |flop| {
        seat(flop, deck.minus(flop), others + 1, &mut Vec::new(), visit);
    });
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
        let r = progressive_result(&table, &counts, wager, meter, players);
        let (mut n, mut sum, mut square, mut hits) = (0i128, Fraction::ZERO, Fraction::ZERO, 0i128);
        for_each_flop_deal(deck, players as usize, &mut |p, o| {
            let mut net = settle_progressive(&table, HandCategory::ALL[p], wager, meter);
            for &c in o {
                net = net + envy_bonus(&table, HandCategory::ALL[c], wager);
            }
            n += 1;
            sum = sum + net;
            square = square + net * net;
            if net.is_positive() {
                hits += 1;
            }
        });
        let deals = Fraction::from_int(n);
        let mean = sum / deals;
        assert_eq!(-r.house_edge, mean, "{players}");
        assert_eq!(r.variance, square / deals - mean * mean, "{players}");
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
        .fold(Fraction::ZERO, |s, &(k, x)| s + Fraction::from_int(k) * x)
        / hands;
    let square = nets.iter().fold(Fraction::ZERO, |s, &(k, x)| {
        s + Fraction::from_int(k) * x * x
    }) / hands;
    assert_eq!(-r.house_edge, mean);
    assert_eq!(r.variance, square - mean * mean);
    let at_zero = progressive_result(&t, c, Fraction::ONE, Fraction::ZERO, 0);
    assert_eq!(at_zero.hit_frequency, Fraction::new(74_628 - 40, 2_598_960));
}

/// The one-line message of the error of loading `text`.
fn error_of(text: &str) -> String {
    let err: PayTableError = PayTable::from_toml(text, "bad.toml").expect_err("invalid");
    let message = err.to_string();
    assert!(!message.contains('\n'), "one line: {message}");
    assert!(message.starts_with("bad.toml"), "names the file: {message}");
    message
}

fn with(wager: &str, options: &str, pays: &str) -> String {
    format!(
        "id = \"x\"\ntitle = \"x\"\nwager = \"{wager}\"\nsource = \"test\"\n{options}\n[pays]\n{pays}"
    )
}

#[test]
fn bad_rule_options_are_one_line_errors_naming_file_key_and_value() {
    // Fact: each file breaks one documented rule of the format's options.
    let trips = "three_of_a_kind = \"3 to 1\"\n";
    let cases: [(String, &[&str]); 14] = [
        (
            with("trips", "rule = \"must_win\"", trips),
            &["bad.toml:5", "rule = \"must_win\"", "must_beat_dealer"],
        ),
        (
            with("bad_beat", "rule = \"must_beat_dealer\"", trips),
            &["bad.toml:5", "rule", "trips tables", "bad_beat table"],
        ),
        (
            with("trips", "pays_on = \"player_losing_hand\"", trips),
            &["bad.toml:5", "pays_on", "bad_beat tables"],
        ),
        (
            with(
                "bad_beat",
                "pays_on = [\"player_losing_hand\", \"dealer\"]",
                trips,
            ),
            &["bad.toml:5", "pays_on", "unknown way 'dealer'"],
        ),
        (
            with("bad_beat", "pays_on = []", trips),
            &["bad.toml:5", "pays_on"],
        ),
        (
            with("progressive", "hand = \"best_of_six\"", trips),
            &["bad.toml:5", "hand = \"best_of_six\"", "hole_and_flop"],
        ),
        (
            with("trips", "hand = \"best_of_seven\"", trips),
            &["bad.toml:5", "hand", "progressive tables"],
        ),
        (
            with("trips", "", "royal_flush = { meter_percent = 100 }\n"),
            &[
                "bad.toml:7",
                "pays.royal_flush",
                "meter award",
                "progressive",
            ],
        ),
        (
            with("progressive", "", "royal_flush = { meter_percent = 150 }\n"),
            &["bad.toml:7", "pays.royal_flush", "1 to 100"],
        ),
        (
            with("bad_beat", "", "flush = { dollars = 50 }\n"),
            &["bad.toml:7", "pays.flush", "fixed dollar award"],
        ),
        (
            with(
                "progressive",
                "",
                &format!("{trips}[[envy]]\nroyal_flush = {{ dollars = 1000 }}\n"),
            ),
            &["bad.toml:8", "envy[1]", "missing wager"],
        ),
        (
            with(
                "progressive",
                "",
                &format!(
                    "{trips}[[envy]]\nwager = 1\nroyal_flush = {{ dollars = 10 }}\n\
                     [[envy]]\nwager = 1\nroyal_flush = {{ dollars = 20 }}\n"
                ),
            ),
            &["envy[2].wager", "already given"],
        ),
        (
            with(
                "progressive",
                "",
                &format!("{trips}[[envy]]\nwager = 1\nroyal = {{ dollars = 1 }}\n"),
            ),
            &["bad.toml:10", "envy[1].royal", "unknown hand name"],
        ),
        (
            with(
                "progressive",
                "",
                &format!("{trips}[[envy]]\nwager = 5\nstraight_flush = {{ dollars = 5 }}\n"),
            ),
            &[
                "envy[1].straight_flush",
                "dollars = 5",
                "more than the wager",
            ],
        ),
    ];
    for (text, needles) in cases {
        let message = error_of(&text);
        for needle in needles {
            assert!(message.contains(needle), "'{needle}' not in: {message}");
        }
    }
    // Envy schedules belong to progressive tables.
    let message = error_of(&with(
        "trips",
        "",
        &format!("{trips}[[envy]]\nwager = 1\nroyal_flush = {{ dollars = 1 }}\n"),
    ));
    assert!(message.contains("envy") && message.contains("progressive tables"));
}

#[test]
fn built_in_wager_tables_load_with_their_rules() {
    // Fact: the files record the rule options their sources describe.
    let f = table("uth-florida");
    assert_eq!(f.wager, WagerKind::Trips);
    assert!(f.rules.trips.needs_dealer());
    assert!(!PayTable::default_ids_for(WagerKind::Trips).contains(&"uth-florida"));
    assert!(PayTable::builtin_ids_for(WagerKind::Trips).contains(&"uth-florida"));
    let p = table("progressive-md");
    assert_eq!(p.rules.progressive_hand, ProgressiveHand::HoleAndFlop);
    assert!(p.rules.wager_returned);
    let schedules: Vec<(u64, Vec<(HandCategory, u64)>)> = p
        .rules
        .envy
        .iter()
        .map(|e| (e.wager, e.awards.clone()))
        .collect();
    use HandCategory::{RoyalFlush, StraightFlush};
    assert_eq!(
        schedules,
        [
            (1, vec![(RoyalFlush, 1_000), (StraightFlush, 300)]),
            (5, vec![(RoyalFlush, 5_000), (StraightFlush, 1_500)]),
        ]
    );
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = uth_edge(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn cli_reports_the_wagers_in_the_documented_json() {
    // Fact: the README's JSON contract for the three wagers.
    let bb = json(&["bad-beat", "--format", "json"]);
    let r = &bb["results"][0];
    assert_eq!(r["wager"], "bad_beat");
    assert_eq!(r["paytable"], "bad-beat-dg");
    assert_eq!(r["rule"], "player_losing_hand+dealer_beaten_hand");
    assert_eq!(r["outcomes"], 2_781_381_002_400u64);
    // The library's figure (its decimal is the published -0.147868, tested
    // above) is what the command prints.
    let table = PayTable::resolve("bad-beat-dg").unwrap();
    let edge = bad_beat_result(&table, deals()).house_edge.to_string();
    assert_eq!(r["house_edge_exact"], edge.as_str());

    let fl = json(&["trips", "--paytable", "uth-florida", "--format", "json"]);
    let r = &fl["results"][0];
    assert_eq!(r["wager"], "trips");
    assert_eq!(r["rule"], "must_beat_dealer");
    assert_eq!(r["lines"][7]["hand"], "push");

    let pr = json(&[
        "progressive",
        "--meter",
        "250000",
        "--players",
        "3",
        "--format",
        "json",
    ]);
    let r = &pr["results"][0];
    assert_eq!(r["wager"], "progressive");
    assert_eq!(r["rule"], "hole_and_flop");
    assert_eq!(r["wager_amount_exact"], "1");
    assert_eq!(r["meter_exact"], "250000");
    assert_eq!(r["players"], 3);
    assert_eq!(r["outcomes"], 28_094_757_600u64);
    let figures = r["figures"].as_array().unwrap();
    assert_eq!(figures.len(), 6);
    assert_eq!(figures[0]["name"], "break_even_meter_0_other_players");
    let progressive = PayTable::resolve("progressive-md").unwrap();
    let meter = break_even_meter(&progressive, flop_deals(), Fraction::ONE, 0).unwrap();
    assert_eq!(figures[0]["value_exact"], meter.to_string().as_str());
    assert_eq!(figures[0]["unit"], "dollars");
    let hands: Vec<&str> = r["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["hand"].as_str().unwrap())
        .collect();
    assert_eq!(
        hands[7..],
        ["other", "envy_royal_flush", "envy_straight_flush"]
    );

    let seven = json(&["progressive", "--hand", "best-of-seven", "--format", "json"]);
    assert_eq!(seven["results"][0]["rule"], "best_of_seven");
    assert!(seven["results"][0]["house_edge"].as_f64().unwrap() < -3.0);
}

#[test]
fn cli_bad_input_for_the_wagers_exits_2_with_one_line() {
    // Fact: each command line breaks one documented rule.
    let cases: [(&[&str], &[&str]); 7] = [
        (
            &["progressive", "--players", "6"],
            &["--players 6", "at most 5"],
        ),
        (
            &["progressive", "--meter", "-1"],
            &["--meter -1", "negative"],
        ),
        (&["progressive", "--meter", "lots"], &["--meter lots"]),
        (
            &["progressive", "--wager", "2"],
            &["--wager", "progressive-md", "$1 and $5", "$2"],
        ),
        (
            &["bad-beat", "--paytable", "uth-01"],
            &["paytables/uth-01.toml", "wager = \"trips\"", "bad_beat"],
        ),
        (
            &["trips", "--paytable", "bad-beat-dg"],
            &[
                "paytables/bad-beat-dg.toml",
                "wager = \"bad_beat\"",
                "trips",
            ],
        ),
        (&["progressive", "--hand", "best"], &["best"]),
    ];
    for (args, needles) in cases {
        let out = uth_edge(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        for needle in needles {
            assert!(err.contains(needle), "{args:?}: '{needle}' not in {err}");
        }
    }
}

#[test]
#[ignore = "about 30 s: builds the base game's river table; run with --ignored"]
fn river_folds_bound_the_effect_of_a_fold_rule() {
    // Fact (for the README): if a fold lost these wagers, only the deals at
    // a river spot where the base game's optimal strategy (Blind table A)
    // folds could change. Counting every deal at such spots, as if each were
    // reached, bounds the change of the house edge: at most 4.8498% for the
    // Bad Beat (board trips and quads the player folds) and 0.1427% for
    // Florida Trips.
    let river = crate::common::full_river();
    let payoffs =
        uth_edge::exact::game::Payoffs::new(&crate::common::blind_a()).expect("within range");
    let fold = payoffs.fold_value(river.dealer_hands());
    let boards = uth_edge::cards::canonical::canonical_classes(CardSet::FULL_DECK, 5);
    let folded: Table = boards
        .par_iter()
        .map(|&(board, weight)| {
            let mut t: Table = [[[0; 10]; 3]; 10];
            for (a, b, c) in holding_counts(CardSet::FULL_DECK, board) {
                let (x, y) = payoffs.showdown(river.counts(board, a, b));
                if x + y > fold {
                    continue;
                }
                let row = &mut t[c.player.index()];
                for (to, from) in row.iter_mut().zip(&c.dealer) {
                    for (s, &n) in to.iter_mut().zip(from) {
                        *s += weight * n as u64;
                    }
                }
            }
            t
        })
        .reduce(
            || [[[0; 10]; 3]; 10],
            |mut x, y| {
                for (s, t) in x
                    .iter_mut()
                    .flatten()
                    .flatten()
                    .zip(y.iter().flatten().flatten())
                {
                    *s += t;
                }
                x
            },
        );
    let bound = |settle: &dyn Fn(HandCategory, Versus, HandCategory) -> Fraction| {
        let mut gain = Fraction::ZERO;
        for p in HandCategory::ALL {
            for (r, &v) in RESULTS.iter().enumerate() {
                for d in HandCategory::ALL {
                    let n = Fraction::from_int(folded[p.index()][r][d.index()] as i128);
                    gain = gain + (settle(p, v, d) + Fraction::ONE) * n;
                }
            }
        }
        gain / Fraction::from_int(2_781_381_002_400)
    };
    let bad_beat = table("bad-beat-dg");
    let florida = table("uth-florida");
    let bb = bound(&|p, v, d| settle_bad_beat(&bad_beat, p, v, d));
    let fl = bound(&|p, v, _| settle_trips_against(&florida, p, v));
    println!("Bad Beat: {bb} = {:.4}%", bb.to_f64() * 100.0);
    println!("Florida Trips: {fl} = {:.4}%", fl.to_f64() * 100.0);
    assert_eq!(bb, Fraction::new(16_861_320_517, 347_672_625_300));
    assert_eq!(fl, Fraction::new(110_228_639, 77_260_583_400));
}
