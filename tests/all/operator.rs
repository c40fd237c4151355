//! The operator's and the submitter's questions: what-if on a pay line,
//! economics, the pay-table commands.

use crate::common::{builtin_catalog, stderr, stdout, uth_edge};
use uth_edge::analysis::economics::{table_economics, TableTraffic, WagerPlay};
use uth_edge::analysis::what_if;
use uth_edge::evaluator::HandCategory;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{PayTable, PayingHand};

/// Seven-card hands by category, royal flush down to three of a kind: the
/// textbook counts over all C(52,7) = 133,784,560 hands.
pub const SEVEN_CARD: [(HandCategory, i128); 7] = [
    (HandCategory::RoyalFlush, 4_324),
    (HandCategory::StraightFlush, 37_260),
    (HandCategory::FourOfAKind, 224_848),
    (HandCategory::FullHouse, 3_473_184),
    (HandCategory::Flush, 4_047_644),
    (HandCategory::Straight, 6_180_020),
    (HandCategory::ThreeOfAKind, 6_461_620),
];
pub const HANDS: i128 = 133_784_560;

/// UTH-01's house edge with the flush paying `flush` to 1, by hand from the
/// textbook counts (pays 50, 40, 30, 9, flush, 4, 3 to 1; else the wager
/// is lost).
pub fn uth01_edge(flush: Fraction) -> Fraction {
    let pays = [50, 40, 30, 9, 0, 4, 3];
    let mut win = Fraction::ZERO;
    let mut paid = 0;
    for ((category, count), pay) in SEVEN_CARD.iter().zip(pays) {
        let pay = if *category == HandCategory::Flush {
            flush.clone()
        } else {
            Fraction::from_int(pay)
        };
        win = win + pay * Fraction::from_int(*count);
        paid += count;
    }
    -(win - Fraction::from_int(HANDS - paid)) / Fraction::from_int(HANDS)
}

#[test]
fn the_flush_pay_that_gives_uth01_a_two_percent_edge() {
    // Fact: the edge is affine in the flush pay with slope −P(flush) =
    // −4,047,644/133,784,560, so the pay for a 2% edge solves
    // uth01_edge(p) = 1/50 exactly; the posted odds around it are checked
    // against the same hand computation.
    let table = PayTable::resolve("uth-01").unwrap();
    let target = Fraction::new(1, 50);
    let answer = what_if::target_pay(
        &table,
        PayingHand::Category(HandCategory::Flush),
        &target,
        &Fraction::from_int(5),
        &Silent,
    )
    .unwrap();
    let pay = answer.pay.clone();
    assert_eq!(uth01_edge(pay), target);
    assert!(!answer.nearest.is_empty());
    for (p, edge) in &answer.nearest {
        assert_eq!(*edge, uth01_edge(p.clone()), "pay {p}");
    }
    // The published table pays 7 to 1: its edge is UTH-01's 0.90%
    // (Washington State rules, pay table UTH-01).
    assert_eq!(
        format!("{:.2}", uth01_edge(Fraction::from_int(7)).to_f64() * 100.0),
        "0.90"
    );
}

#[test]
fn a_sweep_gives_the_hand_computed_edge_at_every_pay() {
    let table = PayTable::resolve("uth-01").unwrap();
    let pays: Vec<Fraction> = (0..9)
        .map(|i| Fraction::new(i, 2) + Fraction::from_int(3))
        .collect();
    let edges = what_if::sweep(
        &table,
        PayingHand::Category(HandCategory::Flush),
        &pays,
        &Fraction::from_int(5),
        &Silent,
    )
    .unwrap();
    for (p, e) in pays.iter().zip(&edges) {
        assert_eq!(*e, uth01_edge(p.clone()), "pay {p}");
    }
}

#[test]
fn what_if_refuses_what_it_cannot_vary() {
    // Fact: a name that is no hand, a line the table lacks, a fixed-dollar
    // award: one line each, exit code 2.
    for (args, needle) in [
        (
            vec![
                "what-if",
                "--paytable",
                "uth-01",
                "--hand",
                "flushes",
                "--edge",
                "2%",
            ],
            "flushes",
        ),
        (
            vec![
                "what-if",
                "--paytable",
                "uth-01",
                "--hand",
                "pair",
                "--edge",
                "2%",
            ],
            "pair",
        ),
        (
            vec![
                "what-if",
                "--paytable",
                "uth-01",
                "--hand",
                "flush",
                "--edge",
                "two",
            ],
            "two",
        ),
        (
            vec![
                "what-if",
                "--paytable",
                "uth-01",
                "--hand",
                "flush",
                "--sweep",
                "8:3:1",
            ],
            "8:3:1",
        ),
    ] {
        let out = uth_edge(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{needle} not in {err}");
    }
}

#[test]
fn economics_win_is_edge_times_money_times_hands() {
    // Fact: by definition, the theoretical win is the sum over wagers of
    // take-up × amount × house edge, times seat-hands; here the base game at
    // a $10 Ante (1 × 10 × edge per Ante) and Trips on half the hands at $5,
    // 30 hands × 6 seats an hour.
    let catalog = builtin_catalog();
    let find = |id: &str| catalog.results.iter().find(|r| r.paytable == id).unwrap();
    let (base, trips) = (find("blind-a"), find("uth-01"));
    let traffic = TableTraffic {
        hands_per_hour: 30,
        seats: 6,
        hours_per_day: 10,
        days_per_year: 300,
        days_per_month: 30,
        ante: Fraction::from_int(10),
    };
    let plays = [
        WagerPlay {
            result: base,
            take_up: Fraction::ONE,
            amount: Fraction::from_int(10),
            under_limit: None,
        },
        WagerPlay {
            result: trips,
            take_up: Fraction::new(1, 2),
            amount: Fraction::from_int(5),
            under_limit: None,
        },
    ];
    let e = table_economics("t", &traffic, &plays);
    let per_hand = Fraction::from_int(10) * base.house_edge.clone()
        + Fraction::new(5, 2) * uth01_edge(Fraction::from_int(7));
    assert_eq!(e.win_per_hour, per_hand.clone() * Fraction::from_int(180));
    assert_eq!(
        e.win_per_year,
        per_hand * Fraction::from_int(180 * 10 * 300)
    );
}

#[test]
fn economics_leaves_the_ultimate_pairs_example_out_unless_asked_for() {
    // Fact: `economics --help` and docs/choosing.md say the Ultimate Pairs
    // Bonus enters only with --ultimate-pairs (no published table exists;
    // the built-in one is an example). By default the table's win per hour
    // is then the sum of its three wagers' wins per seat-hand times the
    // 150 seat-hands of an hour (30 hands, 5 seats), by definition.
    let wagers_of = |args: &[&str]| {
        let out = uth_edge(args);
        assert!(out.status.success(), "{}", stderr(&out));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let tables = doc["tables"].as_array().unwrap().clone();
        assert_eq!(tables.len(), 1, "{tables:?}");
        tables[0].clone()
    };
    let table = wagers_of(&["economics", "--format", "json"]);
    assert_eq!(table["label"], "blind-a + uth-01 + six-card-a");
    let wagers = table["wagers"].as_array().unwrap();
    let names: Vec<&str> = wagers
        .iter()
        .map(|w| w["wager"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["base_game", "trips", "six_card_bonus"]);
    let exact = |v: &serde_json::Value| Fraction::parse(v.as_str().unwrap()).unwrap();
    let per_hand = wagers.iter().fold(Fraction::ZERO, |sum, w| {
        sum + exact(&w["win_per_seat_hand_exact"])
    });
    assert_eq!(
        exact(&table["win_per_hour_exact"]),
        per_hand * Fraction::from_int(150)
    );
    // Asked for, it is added.
    let table = wagers_of(&[
        "economics",
        "--ultimate-pairs",
        "ultimate-pairs-example",
        "--format",
        "json",
    ]);
    let names: Vec<&str> = table["wagers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["wager"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["base_game", "trips", "six_card_bonus", "ultimate_pairs"]
    );
}

#[test]
fn tables_lists_shows_and_validates() {
    let out = uth_edge(&["tables"]);
    assert!(out.status.success());
    for id in PayTable::builtin_ids() {
        assert!(stdout(&out).contains(id), "{id}");
    }
    // `tables show` prints the file as shipped.
    let shown = uth_edge(&["tables", "show", "uth-02"]);
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/uth-02.toml"
    ))
    .unwrap();
    assert_eq!(stdout(&shown), shipped);
    let validated = uth_edge(&["tables", "validate", "uth-02"]);
    assert!(
        stdout(&validated).contains("valid trips pay table"),
        "{}",
        stdout(&validated)
    );
    let bad = uth_edge(&["tables", "show", "uth-99"]);
    assert_eq!(bad.status.code(), Some(2));
}
