//! Progressive meters (COMAR 36.05.16.12D): the exact long run against
//! arithmetic done here from the textbook five-card counts (conservation of
//! the meter's money, the renewal argument), against a wager-by-wager
//! simulation of the meters, and the refusals of bad meters.

use crate::common::{stderr, uth_edge};
use crate::deals::{flop_deals, table};
use uth_edge::exact::meter_long_run::{
    long_run_result, meter_long_runs, own_probabilities, LongRunError, LongRunSettings,
    PercentAwards,
};
use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::{Meter, PayTable};
use uth_edge::sample::meter::{simulate_meters, MeterRun};

/// The C(52,5) = 2,598,960 five-card hands (textbook counts): royal flush 4,
/// straight flush 36, four of a kind 624, full house 3,744, flush 5,108,
/// straight 10,200, three of a kind 54,912.
const HANDS: i128 = 2_598_960;

/// progressive-md's fixed awards on a $1 wager, net per wager, from the
/// textbook counts: 624·300 + 3,744·50 + 5,108·40 + 10,200·30 + 54,912·9 =
/// 1,378,928 won; the 2,598,960 − 74,628 hands that pay nothing lose $1.
fn maryland_fixed_net() -> Fraction {
    Fraction::new(1_378_928 - (HANDS - 74_628), HANDS)
}

fn with_meter(mut t: PayTable, rate: (i128, i128), reset: i128, reserve: (i128, i128)) -> PayTable {
    t.rules.meters = vec![Meter {
        name: Meter::DEFAULT_NAME.to_string(),
        reset: Fraction::from_int(reset),
        rate: Fraction::new(rate.0, rate.1),
        reserve: Fraction::new(reserve.0, reserve.1),
        ceiling: None,
    }];
    t
}

fn long_run_return(t: &PayTable, wager: i128, settings: &LongRunSettings) -> Fraction {
    let r = long_run_result(t, flop_deals(), Fraction::from_int(wager), 0, settings)
        .expect("a long run");
    -r.house_edge
}

#[test]
fn long_run_at_15_percent_is_everything_put_on_the_meter_plus_the_resets() {
    // Fact (conservation): with every award coming off the meter and the
    // house seeding each reset, the meter pays back, per wager, all that is
    // put on it (15% of $1) plus $10,000 each time a royal flush (4 in
    // 2,598,960) empties it, whatever the straight flush's 10% does. So the
    // long-run return is the fixed awards' net + 15% + 4·10,000/2,598,960
    // = (−1,145,404 + 389,844 + 40,000)/2,598,960 = −715,560/2,598,960.
    let t = with_meter(table("progressive-md"), (15, 100), 10_000, (0, 1));
    let expected = maryland_fixed_net() + Fraction::new(15, 100) + Fraction::new(40_000, HANDS);
    assert_eq!(expected, Fraction::new(-715_560, HANDS));
    assert_eq!(
        long_run_return(&t, 1, &LongRunSettings::default()),
        expected
    );
    // The command line: --rate 15% --reset 10000 prints that house edge.
    let out = uth_edge(&[
        "progressive",
        "--rate",
        "15%",
        "--reset",
        "10000",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = String::from_utf8_lossy(&out.stdout);
    let edge = Fraction::new(715_560, HANDS).to_string();
    assert!(
        json.contains(&format!("\"house_edge_exact\": \"{edge}\"")),
        "{json}"
    );
}

#[test]
fn paid_on_top_the_meter_is_the_reset_plus_what_came_in_since_the_last_royal() {
    // Fact (renewal argument): when the straight flush's 10% is paid by the
    // house on top, only a royal flush (probability F = 4/2,598,960) resets
    // the meter; the wagers since the last reset, the one being paid
    // included, are geometric with mean 1/F, so the meter a wager is paid
    // from is on average R + v/F. The return is the fixed net plus
    // q_royal·E[S] + q_sf·10%·E[S].
    let t = with_meter(table("progressive-md"), (15, 100), 10_000, (0, 1));
    let f = Fraction::new(4, HANDS);
    let meter = Fraction::from_int(10_000) + Fraction::new(15, 100) / &f;
    let expected = maryland_fixed_net()
        + &f * &meter
        + Fraction::new(36, HANDS) * Fraction::new(1, 10) * &meter;
    let on_top = LongRunSettings {
        percent_awards: PercentAwards::OnTop,
        ..LongRunSettings::default()
    };
    assert_eq!(long_run_return(&t, 1, &on_top), expected);
    // Paid on top, the house pays more than off the meter.
    assert!(expected > long_run_return(&t, 1, &LongRunSettings::default()));
}

#[test]
fn a_reserve_only_takes_its_share_off_the_shown_meter() {
    // Property: the player sees the meter, not the reserve: rate 15% with a
    // 3% reserve returns what rate 12% without one does; the house's reset
    // cost per wager is F·R less the reserve, 40,000/2,598,960 − 3/100.
    let settings = LongRunSettings::default();
    let reserved = with_meter(table("progressive-md"), (15, 100), 10_000, (3, 100));
    let plain = with_meter(table("progressive-md"), (12, 100), 10_000, (0, 1));
    assert_eq!(
        long_run_return(&reserved, 1, &settings),
        long_run_return(&plain, 1, &settings)
    );
    let runs = meter_long_runs(&reserved, &own_probabilities(flop_deals()), &settings).unwrap();
    assert_eq!(
        runs[0].house_reset_cost,
        Fraction::new(40_000, HANDS) - Fraction::new(3, 100)
    );
}

/// A table whose meters are won often, so that a short simulation sees
/// many resets: two meters, one award under 100%, a reserve.
const FREQUENT: &str = r#"
id = "frequent-meters"
title = "test: meters won often"
wager = "progressive"
source = "test"

[[meter]]
name = "minor"
reset = 5
rate = "5%"

[[meter]]
name = "major"
reset = 50
rate = "3%"
reserve = "1%"

[pays]
straight = { meter_percent = 50, meter = "major" }
flush = "5 to 1"
three_of_a_kind = { meter_percent = 100, meter = "minor" }
"#;

#[test]
fn the_simulated_meters_agree_with_the_exact_long_run() {
    // Independent check: the meters run wager by wager (contributions,
    // hits, resets, a 50% award off the meter, a $1/$5 mix) must land, for
    // each wager size, within their 95% interval of the exact long run.
    let t = PayTable::from_toml(FREQUENT, "frequent.toml").expect("valid table");
    let settings = LongRunSettings {
        mix: vec![
            (Fraction::ONE, Fraction::new(2, 3)),
            (Fraction::from_int(5), Fraction::new(1, 3)),
        ],
        ..LongRunSettings::default()
    };
    let run = MeterRun {
        hands: 1_000_000,
        seed: 1,
        players: 0,
        settings: settings.clone(),
    };
    let sample = simulate_meters(&t, &run);
    assert!(sample.resets[0] > 5_000, "the minor meter is won often");
    for s in &sample.by_wager {
        let exact = long_run_result(&t, flop_deals(), s.wager.clone(), 0, &settings).unwrap();
        let exact = -exact.house_edge.to_f64();
        assert!(
            s.estimate.covers(exact),
            "${}: simulated {:?}, exact {exact}",
            s.wager,
            s.estimate
        );
    }
}

#[test]
fn the_simulated_meter_agrees_paid_on_top_with_an_envy_bonus() {
    // Independent check: an award of 20% paid on top (the meter unchanged),
    // a full house that resets, and an Envy Bonus on another player's flush.
    let text = r#"
id = "on-top"
title = "test: paid on top"
wager = "progressive"
source = "test"

[[meter]]
reset = 10
rate = "10%"

[pays]
full_house = { meter_percent = 100 }
three_of_a_kind = { meter_percent = 20 }

[[envy]]
wager = 1
flush = { dollars = 2 }
"#;
    let t = PayTable::from_toml(text, "on-top.toml").expect("valid table");
    let settings = LongRunSettings {
        percent_awards: PercentAwards::OnTop,
        ..LongRunSettings::default()
    };
    let run = MeterRun {
        hands: 1_000_000,
        seed: 1,
        players: 1,
        settings: settings.clone(),
    };
    let sample = simulate_meters(&t, &run);
    let exact = long_run_result(&t, flop_deals(), Fraction::ONE, 1, &settings).unwrap();
    let exact = -exact.house_edge.to_f64();
    let s = &sample.by_wager[0];
    assert!(
        s.estimate.covers(exact),
        "simulated {:?}, exact {exact}",
        s.estimate
    );
}

#[test]
fn bad_meters_are_refused_in_one_line_naming_the_field() {
    let file = |meter: &str, line: &str| {
        format!(
            "id = \"x\"\ntitle = \"x\"\nwager = \"progressive\"\nsource = \"x\"\n[[meter]]\n{meter}\n[pays]\nroyal_flush = {line}\n"
        )
    };
    let ok_line = "{ meter_percent = 100 }";
    for (meter, line, field) in [
        ("reset = 10000\nrate = \"120%\"", ok_line, "meter[1].rate"),
        ("reset = 10000\nrate = \"0%\"", ok_line, "meter[1].rate"),
        ("reset = 10000\nrate = 15", ok_line, "meter[1].rate"),
        ("reset = -5\nrate = \"15%\"", ok_line, "meter[1].reset"),
        (
            "reset = 10000\nrate = \"5%\"\nreserve = \"6%\"",
            ok_line,
            "meter[1].reserve",
        ),
        (
            "reset = 10000\nrate = \"5%\"",
            "{ meter_percent = 100, meter = \"grand\" }",
            "royal_flush",
        ),
    ] {
        let err = PayTable::from_toml(&file(meter, line), "bad.toml")
            .expect_err("refused")
            .to_string();
        assert!(err.contains(field) && err.contains("bad.toml"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Fact (issue 31): a single rate of 100% is refused; two meters whose
    // rates add to 100% or more take as much of each wager, refused too.
    let two = |a: &str, b: &str| {
        format!(
            "id = \"x\"\ntitle = \"x\"\nwager = \"progressive\"\nsource = \"x\"\n\
             [[meter]]\nname = \"major\"\nreset = 10000\nrate = \"{a}\"\n\
             [[meter]]\nname = \"minor\"\nreset = 100\nrate = \"{b}\"\n\
             [pays]\nroyal_flush = {{ meter_percent = 100, meter = \"major\" }}\n\
             straight_flush = {{ meter_percent = 100, meter = \"minor\" }}\n"
        )
    };
    for (a, b) in [("60%", "60%"), ("50%", "50%")] {
        let err = PayTable::from_toml(&two(a, b), "bad.toml")
            .expect_err("refused")
            .to_string();
        assert!(
            err.contains("meter[2].rate") && err.contains("less than 100%"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert!(PayTable::from_toml(&two("60%", "39.5%"), "ok.toml").is_ok());
    // Tables without [[meter]] read as before; a line may not name a meter.
    let err = PayTable::from_toml(
        &file("", "{ meter_percent = 100, meter = \"grand\" }").replace("[[meter]]\n", ""),
        "bad.toml",
    )
    .expect_err("refused")
    .to_string();
    assert!(err.contains("no [[meter]]"), "{err}");
    // On the command line: exit 2, one line, before any deal is counted.
    for (args, says) in [
        (vec!["--rate", "120%"], "--rate 120%"),
        (vec!["--rate", "15%", "--reset", "-1"], "--reset -1"),
        (vec!["--rate", "5%", "--reserve", "6%"], "--reserve 6%"),
        (
            vec!["--rate", "0.15"],
            "--rate 0.15: a bare number is refused",
        ),
        (vec!["--rate", "5%", "--reserve", "1"], "write 100% or 1%"),
        (vec!["--reset", "10000"], "need --rate"),
    ] {
        let out = uth_edge(&[&["progressive"], &args[..]].concat());
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn a_long_run_that_cannot_be_exact_is_refused() {
    let mut t = with_meter(table("progressive-md"), (15, 100), 10_000, (0, 1));
    t.rules.meters[0].ceiling = Some(Fraction::from_int(250_000));
    let err = meter_long_runs(&t, &[Fraction::ONE; 10], &LongRunSettings::default());
    assert!(matches!(err, Err(LongRunError::Ceiling { .. })));
    // A meter only ever paid on top, never emptied: no long run.
    let text = FREQUENT.replace(
        "meter_percent = 100, meter = \"minor\"",
        "meter_percent = 10, meter = \"minor\"",
    );
    let t = PayTable::from_toml(&text, "t.toml").unwrap();
    let on_top = LongRunSettings {
        percent_awards: PercentAwards::OnTop,
        ..LongRunSettings::default()
    };
    let err = meter_long_runs(&t, &[Fraction::ONE; 10], &on_top);
    assert!(matches!(err, Err(LongRunError::NeverWon { .. })), "{err:?}");
}

#[test]
fn long_run_variance_counts_the_spread_of_the_meter() {
    // Fact (renewal argument, as above): paid on top, the meter a wager is
    // paid from is R + v·K, K geometric with mean 1/F, so its variance is
    // v²·(1 − F)/F². The net X of a $1 wager is the fixed award (counts of
    // the textbook), or a share of that meter, or −1:
    // Var X = E[X²] − E[X]², E[S²] = E[S]² + v²(1 − F)/F².
    let t = with_meter(table("progressive-md"), (15, 100), 10_000, (0, 1));
    let on_top = LongRunSettings {
        percent_awards: PercentAwards::OnTop,
        ..LongRunSettings::default()
    };
    let v = Fraction::new(15, 100);
    let f = Fraction::new(4, HANDS);
    let s = Fraction::from_int(10_000) + &v / &f;
    let s2 = &s * &s + &v * &v * (Fraction::ONE - &f) / (&f * &f);
    let q = |n: i128| Fraction::new(n, HANDS);
    let fixed = [
        (624, 300),
        (3_744, 50),
        (5_108, 40),
        (10_200, 30),
        (54_912, 9),
    ];
    let mut second: Fraction = fixed
        .iter()
        .map(|&(n, win)| q(n) * Fraction::from_int(win * win))
        .sum();
    second = second + q(HANDS - 74_628) + q(4) * &s2 + q(36) * Fraction::new(1, 100) * &s2;
    let mean = maryland_fixed_net() + q(4) * &s + q(36) * Fraction::new(1, 10) * &s;
    let r = long_run_result(&t, flop_deals(), Fraction::ONE, 0, &on_top).unwrap();
    assert_eq!(-r.house_edge.clone(), mean);
    assert_eq!(r.variance, second - &mean * &mean);
}

#[test]
fn published_three_meter_returns_are_reproduced() {
    // Published figures: the Casino Hold 'Em Progressive Jackpot side bet
    // (Wizard of Odds), pay tables 1 and 2, three meters each with its seed
    // and contribution on the same five cards (two cards and the flop):
    // overall return 0.654960 and 0.748967, printed to six decimals.
    let root = env!("CARGO_MANIFEST_DIR");
    for (n, published) in [(1, "0.654960"), (2, "0.748967")] {
        let path = format!("{root}/paytables/meters/casino-holdem-progressive-{n}.toml");
        let t = PayTable::load(std::path::Path::new(&path)).expect("valid table");
        assert_eq!(t.rules.meters.len(), 3);
        let r = long_run_result(
            &t,
            flop_deals(),
            Fraction::ONE,
            0,
            &LongRunSettings::default(),
        )
        .unwrap();
        let return_to_player = Fraction::ONE - r.house_edge;
        assert_eq!(return_to_player.to_fixed(6), published);
        let out = uth_edge(&["check", "--paytable", &path]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
}
