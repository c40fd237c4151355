//! The player mix: its reading (every refusal one line, before any solve)
//! and its arithmetic (against an independent computation).

use super::*;

fn refused(text: &str, needle: &str) {
    let e = PlayerMix::parse(text).expect_err(text).to_string();
    assert!(e.contains(needle), "{text}: {e}");
    assert!(!e.contains('\n'), "{text}: one line: {e}");
}

#[test]
fn a_mix_reads_its_shares_exactly_in_order() {
    // Fact: 5% + 45% + 20% + 30% = 100%; 1/3 is not a percentage of at
    // most six decimals, 33.3333% + 66.6667% is 100% exactly.
    let mix = PlayerMix::parse("optimal:5%,wizard:45%,timid:20%,never-4x:30%").unwrap();
    let names: Vec<String> = mix.players.iter().map(|(p, _)| p.name()).collect();
    assert_eq!(names, ["optimal", "wizard", "timid", "never-4x"]);
    assert_eq!(mix.players[1].1, Fraction::new(9, 20));
    let mix = PlayerMix::parse("wizard:33.3333%, timid:66.6667%").unwrap();
    assert_eq!(mix.players[0].1, Fraction::new(333_333, 1_000_000));
}

#[test]
fn a_bad_mix_is_refused_in_one_line_naming_the_entry() {
    refused("wizard:50%,timid:40%", "sum to 90%, not 100%");
    refused("wizard:50%,timid:50.0001%", "sum to 100.0001%, not 100%");
    refused("wizard:50%,wizard:50%", "already in the mix");
    refused(
        "wizard:50%,strategies/wizard.toml:50%",
        "already in the mix",
    );
    refused("wizard:50%,nobody:50%", "nobody");
    refused("wizard:50%,timid", "player 2");
    refused("wizard:50%,timid:0%,optimal:50%", "above 0%");
    refused("wizard:150%", "at most 100%");
    refused("wizard:-5%,timid:105%", "above 0%");
    refused("wizard:0.5,timid:50%", "player 1");
    refused("wizard:50%,,timid:50%", "player 2");
    refused(
        &(0..11)
            .map(|i| format!("p{i}:1%"))
            .collect::<Vec<_>>()
            .join(","),
        "at most 10",
    );
}

#[test]
fn strategies_are_named_once() {
    assert_eq!(
        parse_players("strategies", "optimal,wizard").unwrap().len(),
        2
    );
    for (text, needle) in [
        ("wizard,wizard", "named twice"),
        ("wizard,,timid", "empty name"),
        ("wizard,nobody", "nobody"),
    ] {
        let e = parse_players("strategies", text)
            .expect_err(text)
            .to_string();
        assert!(
            e.contains(needle) && e.contains("--strategies"),
            "{text}: {e}"
        );
    }
}

/// A player with the given per-Ante figures.
fn player(
    name: &str,
    edge: (i128, i128),
    wagered: (i128, i128),
    variance: (i128, i128),
) -> PlayerFigures {
    PlayerFigures {
        player: name.to_string(),
        house_edge: Fraction::new(edge.0, edge.1),
        average_total_wager: Fraction::new(wagered.0, wagered.1),
        variance: Fraction::new(variance.0, variance.1),
    }
}

#[test]
fn the_mix_is_the_average_over_seat_hands_and_its_hold_per_dollar_a_ratio_of_sums() {
    // Fact, by hand: a player who loses 1 Ante of 2 wagered every hand
    // (edge 1, wagered 2, variance 0) and one who wins or loses 1 of 4
    // wagered evenly (edge 0, wagered 4, variance 1), half the seat-hands
    // each. Per seat-hand the house wins 1/2 an Ante of 3 wagered: 1/6 of
    // the money, not the average (1/2 + 0)/2 = 1/4 of the ratios. A
    // seat-hand's result: +1 w.p. 1/2, +1 w.p. 1/4, −1 w.p. 1/4 (the
    // house's): mean 1/2, second moment 1, variance 3/4.
    let a = player("a", (1, 1), (2, 1), (0, 1));
    let b = player("b", (0, 1), (4, 1), (1, 1));
    let m = mix(&[(a, Fraction::new(1, 2)), (b, Fraction::new(1, 2))]);
    assert_eq!(m.house_edge, Fraction::new(1, 2));
    assert_eq!(m.average_total_wager, Fraction::from_int(3));
    assert_eq!(m.edge_per_total_wagered(), Fraction::new(1, 6));
    assert_eq!(m.variance, Fraction::new(3, 4));
}

#[test]
fn the_money_of_a_player_is_ante_times_edge_times_seat_hands() {
    // Fact, by hand: $10 Ante at edge 1/50 is $0.20 a seat-hand; 30 hands
    // × 5 seats = 150 seat-hands an hour, $30; 16 hours × 365 days =
    // 876,000 seat-hands a year, $175,200. A month (30 days) is 72,000
    // seat-hands: mean $14,400, 95% half-width 1.96 × $10 × 1 × √72,000.
    let traffic = TableTraffic {
        hands_per_hour: 30,
        seats: 5,
        hours_per_day: 16,
        days_per_year: 365,
        days_per_month: 30,
        ante: Fraction::from_int(10),
    };
    let m = player_money(
        &player("p", (1, 50), (5, 2), (1, 1)),
        Fraction::ONE,
        &traffic,
    );
    assert_eq!(m.win_per_seat_hand, Fraction::new(1, 5));
    assert_eq!(m.win_per_hour, Fraction::from_int(30));
    assert_eq!(m.win_per_year, Fraction::from_int(175_200));
    assert_eq!(m.sd_per_seat_hand, 10.0);
    let (name, low, high) = m.month_ranges[1];
    assert_eq!(name, "95%");
    let half = 1.96 * 10.0 * 72_000f64.sqrt();
    assert!((low - (14_400.0 - half)).abs() < 1e-6 && (high - (14_400.0 + half)).abs() < 1e-6);
}
