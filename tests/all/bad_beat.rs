//! The Bad Beat bonus against its published table (with its source) and
//! both showdown wagers against settling every deal of a reduced deck.

use crate::deals::{brute_force_deck, deals, table};
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::evaluator::HandCategory;
use uth_edge::exact::showdown::{count_showdowns, ShowdownCounts, RESULTS};
use uth_edge::exact::showdown_bets::{bad_beat_result, trips_against_result};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::{settle_bad_beat, settle_trips_against, Versus};

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
    let mut sums = [
        (Fraction::ZERO, Fraction::ZERO, 0u64),
        (Fraction::ZERO, Fraction::ZERO, 0u64),
    ];
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
                    sum.0 = &sum.0 + &n * &net;
                    sum.1 = &sum.1 + &n * &net * &net;
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
        let mean = net / &n;
        assert_eq!(r.house_edge, -&mean, "{}", r.paytable);
        assert_eq!(r.variance, square / &n - &mean * &mean, "{}", r.paytable);
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
            .fold(Fraction::ZERO, |s, l| s + l.contribution.clone());
        assert_eq!(ret, -r.house_edge);
    }
}
