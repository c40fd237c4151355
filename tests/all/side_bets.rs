//! The side-bet enumerations against independent facts: textbook hand
//! counts, the published Trips figures, a first-principles six-card
//! classifier run over every hand, and degenerate pay tables whose answer is
//! known without the enumeration.

use rayon::prelude::*;
use std::sync::OnceLock;
use uth_edge::cards::choose;
use uth_edge::evaluator::HandCategory;
use uth_edge::exact::side_bets::{
    count_seven_card_hands, count_six_card_hands, six_card_result, trips_result, SevenCardCounts,
    SixCardCounts,
};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{PayTable, WagerKind};

fn seven() -> &'static SevenCardCounts {
    static COUNTS: OnceLock<SevenCardCounts> = OnceLock::new();
    COUNTS.get_or_init(|| count_seven_card_hands(&Silent))
}

fn six() -> &'static SixCardCounts {
    static COUNTS: OnceLock<SixCardCounts> = OnceLock::new();
    COUNTS.get_or_init(|| count_six_card_hands(&Silent))
}

fn table(text: &str) -> PayTable {
    PayTable::from_toml(text, "test").expect("test table is valid")
}

#[test]
fn seven_card_category_counts_are_the_textbook_counts() {
    // Fact: the textbook distribution of the best five of all C(52,7) =
    // 133,784,560 seven-card hands.
    use HandCategory::*;
    let textbook = [
        (RoyalFlush, 4_324),
        (StraightFlush, 37_260),
        (FourOfAKind, 224_848),
        (FullHouse, 3_473_184),
        (Flush, 4_047_644),
        (Straight, 6_180_020),
        (ThreeOfAKind, 6_461_620),
        (TwoPair, 31_433_400),
        (Pair, 58_627_800),
        (HighCard, 23_294_460),
    ];
    for (category, count) in textbook {
        assert_eq!(seven().count(category), count, "{category}");
    }
    assert_eq!(seven().total(), 133_784_560);
    assert_eq!(seven().total(), choose(52, 7));
}

#[test]
fn trips_edges_round_to_the_published_figures() {
    // Fact: seeds/002 (Washington State rules, game owner's pay tables,
    // "Paytables", line 146) prints 0.90%, 1.90%, 3.50% and 6.18% below the
    // Trips Bonus columns of UTH-01..04.
    for (id, published) in [
        ("uth-01", "0.90%"),
        ("uth-02", "1.90%"),
        ("uth-03", "3.50%"),
        ("uth-04", "6.18%"),
    ] {
        let t = PayTable::resolve_for(id, WagerKind::Trips).unwrap();
        // The built-in file records the same printed figure.
        assert_eq!(t.published[0].value, published, "{id} file");
        let result = trips_result(&t, seven());
        let edge_percent = result.house_edge.to_f64() * 100.0;
        assert_eq!(format!("{edge_percent:.2}%"), published, "{id}");
        assert_eq!(result.element_of_risk, result.house_edge, "{id}");
    }
}

#[test]
fn trips_edge_of_uth_01_by_hand_from_textbook_counts() {
    // Fact: with the textbook counts, UTH-01 (50-40-30-9-7-4-3, COMAR
    // 36.05.16.12C(1)) returns 112,149,144 units on the 20,428,900 winning
    // hands and loses 113,355,660 units on the others: net -1,206,516 over
    // 133,784,560 hands (arithmetic done by hand).
    let t = PayTable::resolve_for("uth-01", WagerKind::Trips).unwrap();
    let result = trips_result(&t, seven());
    assert_eq!(result.house_edge, Fraction::new(1_206_516, 133_784_560));
    assert_eq!(result.house_edge.to_string(), "301629/33446140");
}

#[test]
fn trips_lines_add_up_to_the_edge() {
    // Fact: the rows partition the hands, so the combinations add up to
    // C(52,7) and the returns to minus the house edge. (The standard tables:
    // uth-florida is settled against the dealer, see tests/all/rule_options.rs.)
    for id in PayTable::default_ids_for(WagerKind::Trips) {
        let t = PayTable::resolve(id).unwrap();
        let r = trips_result(&t, seven());
        let combos: u64 = r.lines.iter().map(|l| l.combinations).sum();
        assert_eq!(combos, choose(52, 7), "{id}");
        let ret = r
            .lines
            .iter()
            .fold(Fraction::ZERO, |s, l| s + l.contribution.clone());
        assert_eq!(ret, -r.house_edge, "{id}");
        assert_eq!(r.lines.last().unwrap().hand, "other");
        assert_eq!(r.lines.last().unwrap().pays, "loses");
    }
}

#[test]
fn degenerate_trips_tables_have_known_edges() {
    // Fact: a table paying 1 to 1 on every hand always wins one unit: the
    // edge is exactly -1 whatever the counts.
    let all_pay: String = HandCategory::ALL
        .iter()
        .map(|c| format!("{} = \"1 to 1\"\n", c.name()))
        .collect();
    let always = table(&format!(
        "id = \"always\"\ntitle = \"t\"\nwager = \"trips\"\nsource = \"test\"\n[pays]\n{all_pay}"
    ));
    assert_eq!(trips_result(&always, seven()).house_edge, -Fraction::ONE);
    // Fact: a table paying only a royal flush 1 to 1 has net
    // (+1 x 4,324 - 1 x (133,784,560 - 4,324)) / 133,784,560 (textbook count).
    let royal_only = table(
        "id = \"royal\"\ntitle = \"t\"\nwager = \"trips\"\nsource = \"test\"\n[pays]\nroyal_flush = \"1 to 1\"\n",
    );
    assert_eq!(
        trips_result(&royal_only, seven()).house_edge,
        Fraction::new(133_784_560 - 2 * 4_324, 133_784_560)
    );
}

/// The category of six cards' best five, from first principles (rank and
/// suit counts), without the library's evaluator.
fn naive_six_card_category(cards: [usize; 6]) -> HandCategory {
    let mut rank_count = [0u8; 13];
    let mut suit_ranks = [0u16; 4];
    for &c in &cards {
        rank_count[c / 4] += 1;
        suit_ranks[c % 4] |= 1 << (c / 4);
    }
    // The top rank of the highest five-rank run in a rank mask (ace low too).
    let straight_top = |mask: u16| -> Option<usize> {
        let with_low_ace = (mask << 1) | ((mask >> 12) & 1);
        (4..14)
            .rev()
            .find(|&top| (with_low_ace >> (top - 4)) & 0b11111 == 0b11111)
    };
    let flush_suit = (0..4).find(|&s| suit_ranks[s].count_ones() >= 5);
    if let Some(s) = flush_suit {
        match straight_top(suit_ranks[s]) {
            Some(13) => return HandCategory::RoyalFlush,
            Some(_) => return HandCategory::StraightFlush,
            None => {}
        }
    }
    let mut counts: Vec<u8> = rank_count.iter().copied().filter(|&n| n > 0).collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    if counts[0] >= 4 {
        return HandCategory::FourOfAKind;
    }
    if counts[0] == 3 && counts[1] >= 2 {
        return HandCategory::FullHouse;
    }
    if flush_suit.is_some() {
        return HandCategory::Flush;
    }
    let rank_mask = (0..13).fold(0u16, |m, r| if rank_count[r] > 0 { m | 1 << r } else { m });
    if straight_top(rank_mask).is_some() {
        return HandCategory::Straight;
    }
    match (counts[0], counts[1]) {
        (3, _) => HandCategory::ThreeOfAKind,
        (2, 2) => HandCategory::TwoPair,
        (2, _) => HandCategory::Pair,
        _ => HandCategory::HighCard,
    }
}

#[test]
fn six_card_counts_match_a_first_principles_classifier_over_every_hand() {
    // Fact: an independent brute force over all C(52,6) = 20,358,520
    // six-card hands, classifying each from rank and suit counts, gives the
    // same count in every category; it also finds the Super Royals by
    // looking at the cards.
    let brute = (0..52usize)
        .into_par_iter()
        .map(|a| {
            let mut counts = [0u64; 10];
            let mut supers = [0u64; 4];
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            for f in e + 1..52 {
                                let cards = [a, b, c, d, e, f];
                                counts[naive_six_card_category(cards).index()] += 1;
                                let suit = a % 4;
                                if cards.iter().all(|&x| x % 4 == suit && x / 4 >= 7) {
                                    supers[suit] += 1;
                                }
                            }
                        }
                    }
                }
            }
            (counts, supers)
        })
        .reduce(
            || ([0u64; 10], [0u64; 4]),
            |(mut x, mut xs), (y, ys)| {
                for i in 0..10 {
                    x[i] += y[i];
                }
                for i in 0..4 {
                    xs[i] += ys[i];
                }
                (x, xs)
            },
        );
    assert_eq!(six().by_category, brute.0);
    assert_eq!(six().super_royal, brute.1);
    assert_eq!(six().total(), choose(52, 6));
}

#[test]
fn six_card_counts_match_combinatorial_facts() {
    // Facts, counted by hand: a royal flush with any sixth card: 4 x 47 =
    // 188; a straight flush below the royal with any sixth card but the one
    // extending it upward: 4 x 9 x 46 = 1,656; four of a kind: 13 x C(48,2)
    // = 14,664; one Super Royal per suit; C(52,6) = 20,358,520 hands.
    assert_eq!(six().count(HandCategory::RoyalFlush), 188);
    assert_eq!(six().count(HandCategory::StraightFlush), 1_656);
    assert_eq!(six().count(HandCategory::FourOfAKind), 13 * choose(48, 2));
    assert_eq!(six().super_royal, [1, 1, 1, 1]);
    assert_eq!(six().total(), 20_358_520);
}

#[test]
fn counts_do_not_depend_on_the_number_of_threads() {
    // Fact: counting is exact integer addition, so one thread and the
    // default pool give the same counts.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let single = pool.install(|| count_six_card_hands(&Silent));
    assert_eq!(&single, six());
}

fn six_card_table(pays: &str) -> PayTable {
    table(&format!(
        "id = \"t\"\ntitle = \"t\"\nwager = \"six_card_bonus\"\nsource = \"test\"\n[pays]\n{pays}"
    ))
}

#[test]
fn super_royal_only_table_has_the_edge_of_four_hands() {
    // Fact: only the 4 Super Royals (one per suit) win: at a wager of W
    // dollars with a fixed award D the net per dollar is
    // (4 (D + W) - C(52,6) W) / (C(52,6) W).
    let t = six_card_table("super_royal = { dollars = 1_000 }\n");
    let n = 20_358_520i128;
    for w in [1i128, 5, 25] {
        let r = six_card_result(&t, six(), Fraction::from_int(w));
        assert_eq!(
            r.house_edge,
            -Fraction::new(4 * (1_000 + w) - n * w, n * w),
            "wager {w}"
        );
    }
    // Fact: paying the diamonds Super Royal only, one hand of C(52,6) wins.
    let t = six_card_table("super_royal_diamonds = { dollars = 1_000 }\n");
    let r = six_card_result(&t, six(), Fraction::from_int(5));
    assert_eq!(r.house_edge, -Fraction::new(1_005 - n * 5, n * 5));
    assert_eq!(r.lines[0].combinations, 1);
}

#[test]
fn without_a_super_royal_line_a_super_royal_is_a_royal_flush() {
    // Fact: a six-card royal flush is any of 4 x 47 = 188 hands, Super
    // Royals included; a table with no Super Royal line pays all 188 as
    // royal flushes: net (188 x 1 - (C(52,6) - 188)) / C(52,6) at 1 to 1.
    let t = six_card_table("royal_flush = \"1 to 1\"\n");
    let r = six_card_result(&t, six(), Fraction::from_int(5));
    assert_eq!(r.lines[0].hand, "royal_flush");
    assert_eq!(r.lines[0].combinations, 188);
    assert_eq!(
        r.house_edge,
        Fraction::new(20_358_520 - 2 * 188, 20_358_520)
    );
}

#[test]
fn maryland_six_card_tables_split_super_royals_as_the_regulation_says() {
    // Fact: COMAR 36.05.16.12E(1) pays the Super Royal of diamonds
    // $1,000,000 and the others $100,000; .12E(2) pays any Super Royal
    // $100,000. Super Royals are 1 hand per suit; the royal flushes that are
    // not Super Royals are 188 - 4 = 184 (4 x 47 - 4).
    let a = PayTable::resolve_for("six-card-a", WagerKind::SixCardBonus).unwrap();
    let r = six_card_result(&a, six(), Fraction::from_int(5));
    let line = |r: &uth_edge::report::WagerResult, hand: &str| {
        r.lines.iter().find(|l| l.hand == hand).cloned().unwrap()
    };
    assert_eq!(line(&r, "super_royal_diamonds").pays, "$1,000,000");
    assert_eq!(line(&r, "super_royal_diamonds").combinations, 1);
    assert_eq!(line(&r, "super_royal_clubs").pays, "$100,000");
    assert_eq!(line(&r, "royal_flush").combinations, 184);
    let b = PayTable::resolve_for("six-card-b", WagerKind::SixCardBonus).unwrap();
    let r = six_card_result(&b, six(), Fraction::from_int(5));
    assert_eq!(line(&r, "super_royal").combinations, 4);
    assert_eq!(line(&r, "super_royal").pays, "$100,000");
    // Paytable A pays $900,000 more than B on 1 hand in C(52,6): at a $5
    // wager the edges differ by 900,000 / (20,358,520 x 5).
    let ra = six_card_result(&a, six(), Fraction::from_int(5));
    assert_eq!(
        r.house_edge.clone() - ra.house_edge.clone(),
        Fraction::new(900_000, 20_358_520 * 5)
    );
    // The rows partition the hands and their returns add up to the edge.
    for res in [&ra, &r] {
        let combos: u64 = res.lines.iter().map(|l| l.combinations).sum();
        assert_eq!(combos, 20_358_520);
        let ret = res
            .lines
            .iter()
            .fold(Fraction::ZERO, |s, l| s + l.contribution.clone());
        assert_eq!(ret, -res.house_edge.clone());
    }
}
