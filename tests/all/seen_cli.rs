//! The seen-card cases as a user gives and reads them: the `--seen`
//! readings parsed and nonsense refused, the leak section reading what the
//! CSV writer wrote, bad input refused with exit code 2, the `strategy`
//! command answering each reading with its own state, and `report` and
//! `check` reading seen results through one validation.

use crate::common::blind_a;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::CardSet;
use uth_edge::exact::seen::{self, PreflopState, Seen, Variant};
use uth_edge::progress::Silent;

#[test]
fn seen_cases_are_read_and_nonsense_is_refused() {
    let ok = |t: &str| Seen::parse(t).expect(t).to_string();
    assert_eq!(ok("dealer:1"), "dealer:1");
    assert_eq!(ok("dealer:1, flop:1"), "dealer:1,flop:1");
    assert_eq!(ok("turnriver:1,dealer:2"), "dealer:2,turnriver:1");
    assert_eq!(ok("flop:1"), "flop:1");
    assert_eq!(ok("turnriver-at-flop:1"), "turnriver-at-flop:1");
    assert_eq!(
        ok("turnriver-at-flop:1,dealer:1"),
        "dealer:1,turnriver-at-flop:1"
    );
    // Every case the results file lists reads back as itself.
    for case in Seen::ALL {
        assert_eq!(Seen::parse(&case.to_string()), Ok(case));
    }
    for bad in [
        "dealer:3",
        "flop:2",
        "river:1",
        "dealer",
        "dealer:x",
        "dealer:1,dealer:1",
        "flop:1,turnriver:1",
        "turnriver-at-flop:2",
        "turnriver:1,turnriver-at-flop:1",
        "flop:1,turnriver-at-flop:1",
        "",
    ] {
        assert!(Seen::parse(bad).is_err(), "{bad:?} accepted");
    }
}

/// The cases' CSV, as `game --seen ... --format csv` writes it.
fn seen_csv(cases: &[seen::SeenCase]) -> Vec<u8> {
    let document = uth_edge::report::seen::document(cases, None).unwrap();
    let mut csv = Vec::new();
    uth_edge::report::render(uth_edge::report::Format::Csv, &document, &mut csv).unwrap();
    csv
}

#[test]
fn the_leak_section_reads_what_the_csv_writer_wrote() {
    // Round trip on a small game: the CSV of the cases, read back, gives one
    // row per case with the case names (commas quoted) and exact figures.
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let cases = seen::solve(&blind_a(), deck, 2, &Silent).expect("solvable");
    let csv = seen_csv(&cases);
    let text = String::from_utf8(csv).unwrap();
    let rows = uth_edge::analysis::seen_results::read(&text, "round-trip.csv").expect("readable");
    assert_eq!(rows.len(), 4);
    let section = uth_edge::report::seen::leak::section(&rows);
    for case in &cases {
        assert!(section.contains(&format!(">{}<", case.seen)), "{section}");
        assert!(section.contains(&case.per_ante().to_string()));
    }
    // The legend on the two readings of a seen turn/river card comes with
    // the rows that have one, and only then.
    let legend = uth_edge::report::escape(uth_edge::report::seen::leak::TURNRIVER_READINGS);
    assert!(section.contains(&legend), "{section}");
    let read = |cases: &[seen::SeenCase]| {
        let csv = seen_csv(cases);
        let rows =
            uth_edge::analysis::seen_results::read(&String::from_utf8(csv).unwrap(), "written.csv")
                .unwrap();
        assert_eq!(rows.len(), cases.len());
        uth_edge::report::seen::leak::section(&rows)
    };
    let no_turnriver: Vec<_> = cases
        .iter()
        .filter(|c| !c.seen.to_string().contains("turnriver"))
        .cloned()
        .collect();
    assert!(!no_turnriver.is_empty() && no_turnriver.len() < cases.len());
    assert!(!read(&no_turnriver).contains(&legend));
    // A file written before the turnriver-at-flop case (without its row)
    // reads as well, legend included.
    let older: Vec<_> = cases
        .iter()
        .filter(|c| !c.seen.to_string().contains("turnriver-at-flop"))
        .cloned()
        .collect();
    assert_eq!(older.len(), cases.len() - 1);
    assert!(read(&older).contains(&legend));
    assert!(uth_edge::analysis::seen_results::read("case,paytable\n", "short.csv").is_err());
}

#[test]
fn bad_seen_input_is_refused_with_exit_code_2() {
    for args in [
        &["game", "--seen", "dealer:3"][..],
        &["game", "--seen", "river:1"],
        &["strategy", "AsKd", "--seen-dealer", "5c6c7c"],
        &["strategy", "AsKd", "--seen-dealer", "As"],
        &["strategy", "AsKd", "Qh7c2d", "--seen-dealer", "5c"],
        &[
            "strategy",
            "AsKd",
            "--seen-flop",
            "5c",
            "--seen-turnriver",
            "6c",
        ],
        &[
            "strategy",
            "AsKd",
            "--turnriver-at-flop",
            "--seen-turnriver",
            "6c",
        ],
        &["strategy", "--turnriver-at-flop"],
        &["game", "--seen", "turnriver:1,turnriver-at-flop:1"],
        &["report", "--seen-results", "results/base_game.csv"],
    ] {
        let out = crate::common::uth_edge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_command_answers_each_reading_of_a_seen_dealer_card_with_its_own_state() {
    // `strategy HOLE --seen-dealer C` with and without `--turnriver-at-flop`
    // prints the EVs of the matching preflop state of the engine (no
    // community card, or a turn/river card seen at the flop), exactly.
    use crate::common::{stdout, uth_edge};
    use uth_edge::cards::parse_card;
    let (hole, dealer) = (
        (parse_card("9s").unwrap(), parse_card("8s").unwrap()),
        parse_card("5c").unwrap(),
    );
    let (scale, states) =
        seen::solve_situation(&blind_a(), CardSet::FULL_DECK, hole, &[dealer]).unwrap();
    let exact = |s: &PreflopState| {
        let per = |v: i128| {
            uth_edge::fraction::Fraction::new(v, s.tally.deals * scale as i128).to_string()
        };
        vec![per(s.raise_4x), per(s.raise_3x), per(s.check)]
    };
    let none = exact(&states[Variant::NoBoardCard as usize][0]);
    let late = exact(&states[Variant::TurnRiverAtFlop as usize][0]);
    assert_ne!(
        none, late,
        "the two readings must differ for the test to tell them apart"
    );
    for (flag, expected) in [(None, &none), (Some("--turnriver-at-flop"), &late)] {
        let mut args = vec![
            "strategy",
            "9s8s",
            "--seen-dealer",
            "5c",
            "--format",
            "json",
        ];
        args.extend(flag);
        let out = uth_edge(&args);
        assert!(out.status.success(), "{args:?}");
        let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(doc["turnriver_at_flop"], flag.is_some());
        let printed: Vec<String> = doc["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["ev_exact"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(&printed, expected, "{args:?}");
    }
}

#[test]
fn report_and_check_read_seen_results_through_one_validation() {
    // Fact (docs/verifying.md): `report --format html --seen-results` and
    // `check --seen-results` read the file through one reader: a file that
    // one refuses, the other refuses too, in one line naming the file and
    // the line, exit 2, before any work (the report used to render `NaN%`
    // for a zero denominator and an empty section for a header-only file).
    // Each bad file is the committed results/seen_cards.csv with one defect.
    let committed = include_str!("../../results/seen_cards.csv");
    let lines: Vec<&str> = committed.lines().collect();
    // The first row is case dealer:0 (no comma, so no quotes): its fields
    // split on commas.
    assert!(lines[1].starts_with("dealer:0,"));
    let column = |name: &str| {
        uth_edge::report::seen::CSV_COLUMNS
            .iter()
            .position(|c| *c == name)
            .unwrap()
    };
    let first_row_with = |name: &str, value: &str| {
        let mut fields: Vec<&str> = lines[1].split(',').collect();
        fields[column(name)] = value;
        let mut out = vec![lines[0].to_string(), fields.join(",")];
        out.extend(lines[2..].iter().map(|l| l.to_string()));
        out.join("\n") + "\n"
    };
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let cases = [
        (
            "seen-zero-denominator.csv",
            first_row_with("player_edge_per_ante_exact", "1/0"),
            "line 2: player_edge_per_ante_exact \"1/0\" is not an exact fraction",
        ),
        (
            "seen-header-only.csv",
            format!("{}\n", lines[0]),
            "line 1: a header and no case",
        ),
        (
            "seen-decimal-disagrees.csv",
            first_row_with("player_edge_per_ante", "0.5"),
            "line 2: player_edge_per_ante 0.5 disagrees with its exact value",
        ),
        (
            "seen-shares.csv",
            first_row_with("fold_exact", "1/2"),
            "line 2: fold 0.19185838912523667 disagrees",
        ),
        (
            "seen-short-row.csv",
            format!("{}\n{}\ndealer:1,blind-a\n", lines[0], lines[1]),
            "line 3",
        ),
        (
            "seen-twice.csv",
            format!("{}\n{}\n{}\n", lines[0], lines[1], lines[1]),
            "line 3: case dealer:0 under Blind table blind-a appears twice",
        ),
        (
            "seen-hands.csv",
            first_row_with("hands_until_visible_exact", "1"),
            "line 2: hands_until_visible_exact is not 4 variance_exact",
        ),
    ];
    for (file, text, needle) in cases {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        for args in [
            &["check", "--paytable", "blind-a", "--seen-results", path][..],
            &["report", "--format", "html", "--seen-results", path],
        ] {
            let out = crate::common::uth_edge(args);
            let err = crate::common::stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.contains(&format!("--seen-results {path}: ")) && err.contains(needle),
                "{needle} not in {err}"
            );
        }
    }
    // The committed file passes, and gives the rows the check uses.
    let rows = uth_edge::analysis::seen_results::read(committed, "results/seen_cards.csv").unwrap();
    assert_eq!(rows.len(), lines.len() - 1);
}
