//! Trips settled against the dealer's hand: the Florida racetrack variant
//! (`must_beat_dealer`) against its published edge and combinations, and
//! the standard rule counted from every deal against the seven-card count.

use crate::deals::{deals, table};
use uth_edge::exact::showdown_bets::trips_against_result;
use uth_edge::exact::side_bets::{count_seven_card_hands, trips_result};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;

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
