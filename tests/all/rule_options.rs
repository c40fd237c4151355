//! The wagers' rule options in pay-table files (`rule`, `pays_on`, `hand`,
//! `wager_returned`, `[[envy]]`): each bad value is a one-line error naming
//! file, key and value; the built-in tables load with their rules.

use crate::deals::table;
use uth_edge::evaluator::HandCategory;
use uth_edge::rules::paytable::{PayTable, PayTableError, ProgressiveHand, WagerKind};

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
