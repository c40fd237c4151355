//! `uth-edge economics`: win per hour, day and year per wager and in total,
//! one wager alone, the base game left out, units, aligned columns, CSV.

use crate::common::{stderr, stdout, uth_edge};
use crate::operator::uth01_edge;
use uth_edge::fraction::Fraction;

/// The rows of a CSV output, each a map from column to value.
fn csv_rows(args: &[&str]) -> (Vec<String>, Vec<Vec<String>>) {
    let out = uth_edge(args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    let split = |l: &str| l.split(',').map(str::to_string).collect::<Vec<_>>();
    let header = split(lines.next().unwrap());
    (header, lines.map(split).collect())
}

/// The exact value of `column` in `row`.
fn exact(header: &[String], row: &[String], column: &str) -> Fraction {
    let i = header.iter().position(|c| c == column).unwrap();
    Fraction::parse(&row[i]).unwrap_or_else(|| panic!("{column}: {}", row[i]))
}

#[test]
fn the_win_of_trips_alone_per_hour_day_and_year_is_exact() {
    // Fact: by definition, the win per seat-hand of Trips taken by half the
    // seat-hands at $5 is 1/2 × 5 × house edge, and UTH-01's house edge is
    // computed here from the textbook seven-card counts (operator.rs). With
    // 40 hands an hour and 6 seats (240 seat-hands), 10 hours a day and 300
    // days a year, the hour, day and year multiply it by 240, 2,400 and
    // 720,000.
    let (header, rows) = csv_rows(&[
        "economics",
        "--wager",
        "trips",
        "--hands-per-hour",
        "40",
        "--seats",
        "6",
        "--hours-per-day",
        "10",
        "--days-per-year",
        "300",
        "--format",
        "csv",
    ]);
    let wagers: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(wagers, ["trips", "total"], "the base game is left out");
    let per_hand = Fraction::new(5, 2) * uth01_edge(Fraction::from_int(7));
    for row in &rows {
        let e = |c: &str| exact(&header, row, c);
        assert_eq!(e("win_per_seat_hand_dollars_exact"), per_hand);
        assert_eq!(
            e("win_per_hour_dollars_exact"),
            per_hand.clone() * Fraction::from_int(240)
        );
        assert_eq!(
            e("win_per_day_dollars_exact"),
            per_hand.clone() * Fraction::from_int(2_400)
        );
        assert_eq!(
            e("win_per_year_dollars_exact"),
            per_hand.clone() * Fraction::from_int(720_000)
        );
    }
}

#[test]
fn each_wager_per_hour_is_its_win_per_seat_hand_times_seat_hands_and_the_total_their_sum() {
    // Fact: by definition (150 seat-hands an hour at the defaults, 30 hands
    // and 5 seats; 16 hours; 365 days); the total is the sum of the wagers.
    let (header, rows) = csv_rows(&["economics", "--no-base-game", "--format", "csv"]);
    let wagers: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(wagers, ["trips", "six_card_bonus", "total"]);
    let mut sum = Fraction::ZERO;
    for row in &rows[..2] {
        let e = |c: &str| exact(&header, row, c);
        let per_hand = e("win_per_seat_hand_dollars_exact");
        assert_eq!(
            per_hand,
            e("take_up_exact") * e("amount_dollars_exact") * e("house_edge_exact")
        );
        assert_eq!(
            e("win_per_hour_dollars_exact"),
            per_hand.clone() * Fraction::from_int(150)
        );
        assert_eq!(
            e("win_per_day_dollars_exact"),
            per_hand.clone() * Fraction::from_int(2_400)
        );
        assert_eq!(
            e("win_per_year_dollars_exact"),
            per_hand.clone() * Fraction::from_int(876_000)
        );
        sum = sum + e("win_per_hour_dollars_exact");
    }
    assert_eq!(exact(&header, &rows[2], "win_per_hour_dollars_exact"), sum);
}

#[test]
fn the_csv_header_is_the_documented_column_list() {
    // Fact: docs/output-formats-commands.md, "Economics", lists the columns in order.
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/output-formats-commands.md"),
    )
    .unwrap();
    let section = doc
        .split("## Economics (`uth-edge economics --format csv`)")
        .nth(1)
        .expect("the economics section");
    let list = section
        .split("Columns, in this order:")
        .nth(1)
        .expect("the column list")
        .split("\n\n")
        .next()
        .unwrap();
    let documented: Vec<&str> = list
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, name)| name)
        .collect();
    let (header, rows) = csv_rows(&["economics", "--wager", "six-card", "--format", "csv"]);
    assert_eq!(header, documented);
    assert!(rows.iter().all(|r| r.len() == header.len()), "{rows:?}");
}

#[test]
fn the_columns_stay_aligned_with_a_long_pay_table_id() {
    // Fact: a right-aligned last column ends every row of a block at the
    // same place; the old fixed widths pushed a row with a long id right.
    let dir = std::env::temp_dir().join(format!("uth-edge-economics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("long.toml");
    let table = stdout(&uth_edge(&["tables", "show", "uth-03"])).replace(
        "id = \"uth-03\"",
        "id = \"trips-submitted-by-a-manufacturer-2026-revision-b\"",
    );
    std::fs::write(&path, table).unwrap();
    let out = uth_edge(&[
        "economics",
        "--wager",
        "trips",
        "--trips",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let block: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("win $/hour"))
        .take_while(|l| !l.contains("normal approximation"))
        .collect();
    assert_eq!(block.len(), 3, "{text}");
    assert!(block[1].contains("trips-submitted-by-a-manufacturer-2026-revision-b"));
    let widths: Vec<usize> = block.iter().map(|l| l.chars().count()).collect();
    assert_eq!(widths, vec![widths[0]; 3], "{text}");
    // Units on every figure.
    for unit in [
        "win $/seat-hand",
        "win $/hour",
        "win $/day",
        "win $/year",
        "sd $/seat-hand",
    ] {
        assert!(block[0].contains(unit), "{unit}: {}", block[0]);
    }
    assert!(block[1].matches('$').count() >= 6, "{}", block[1]);
}

#[test]
fn economics_refuses_in_one_line() {
    for (args, needle) in [
        (
            &["economics", "--wager", "ultimate-pairs"][..],
            "--wager ultimate-pairs: give its table with --ultimate-pairs",
        ),
        (
            &["economics", "--wager", "trips", "--no-base-game"][..],
            "cannot be used with",
        ),
        (
            &["economics", "--wager", "keno"][..],
            "invalid value 'keno'",
        ),
    ] {
        let out = uth_edge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(needle), "{needle} not in {err}");
        assert_eq!(
            err.lines().filter(|l| l.starts_with("error")).count(),
            1,
            "{err}"
        );
    }
}
