//! `uth-edge economics --format json` and `--format csv` on the default
//! configuration (blind-a + uth-01 + six-card-a, the default traffic): the
//! structure docs/output-formats-commands.md describes, and every figure derived here
//! from independent sources, never from the program's own output:
//!
//! - the traffic and stakes: the defaults docs/choosing.md states (30 hands
//!   an hour, 5 seats, 16 hours, 365 days, $10 Ante, Trips on 50% at $5, the
//!   Six Card Bonus on 20% at $5);
//! - the house edges and variances: the committed exact results
//!   (`results/base_game.csv`, `trips.csv`, `six_card_bonus.csv`, each
//!   table's `total` row), and UTH-01's edge also by hand from the textbook
//!   seven-card counts (`operator::uth01_edge`);
//! - the formulas: docs/choosing.md and docs/output-formats-commands.md (win per
//!   seat-hand = take-up × amount × house edge; per hour, day, year times the
//!   seat-hands; the total their sum; the standard deviation of a seat-hand
//!   the root of its variance; the ranges mean ± z·SD·√n, z = 1.645, 1.960).

use crate::common::{stderr, uth_edge};
use crate::operator::uth01_edge;
use serde_json::Value;
use uth_edge::fraction::Fraction;

/// A wager of the default configuration: its name in the output, its pay
/// table, its results file, and take-up and amount as docs/choosing.md
/// gives the defaults.
struct Expected {
    wager: &'static str,
    paytable: &'static str,
    results_file: &'static str,
    take_up: Fraction,
    amount: Fraction,
}

fn expected() -> [Expected; 3] {
    [
        Expected {
            wager: "base_game",
            paytable: "blind-a",
            results_file: "base_game.csv",
            take_up: Fraction::from_int(1),
            amount: Fraction::from_int(10),
        },
        Expected {
            wager: "trips",
            paytable: "uth-01",
            results_file: "trips.csv",
            take_up: Fraction::new(1, 2),
            amount: Fraction::from_int(5),
        },
        Expected {
            wager: "six_card_bonus",
            paytable: "six-card-a",
            results_file: "six_card_bonus.csv",
            take_up: Fraction::new(1, 5),
            amount: Fraction::from_int(5),
        },
    ]
}

/// Seat-hands of an hour, a day, a year and a month at the documented
/// defaults: 30 hands × 5 seats; 16 hours; 365 days; 30 days.
const PER_HOUR: i128 = 30 * 5;
const PER_DAY: i128 = PER_HOUR * 16;
const PER_YEAR: i128 = PER_DAY * 365;
const PER_MONTH: i128 = PER_DAY * 30;

/// The house edge and the variance per unit (the base game: per Ante) of
/// `paytable` in the committed results file `file` (its `total` row).
fn committed(file: &str, paytable: &str) -> (Fraction, Fraction) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("results")
        .join(file);
    let mut reader = csv::Reader::from_path(&path).unwrap();
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|c| c == name).unwrap();
    let (table, row, edge, variance) = (
        column("paytable"),
        column("row"),
        column("house_edge_exact"),
        column("variance_exact"),
    );
    let record = reader
        .records()
        .map(Result::unwrap)
        .find(|r| &r[table] == paytable && &r[row] == "total")
        .unwrap_or_else(|| panic!("{file}: no total row of {paytable}"));
    (
        Fraction::parse(&record[edge]).unwrap(),
        Fraction::parse(&record[variance]).unwrap(),
    )
}

/// A figure's exact fraction (`"p/q"`).
fn exact(v: &Value) -> Fraction {
    Fraction::parse(v.as_str().unwrap_or_else(|| panic!("not text: {v}")))
        .unwrap_or_else(|| panic!("not a fraction: {v}"))
}

/// Whether `decimal` is the decimal of the exact figure (the `f64` nearest
/// it, within rounding of the conversion).
fn near(decimal: f64, exact: f64) -> bool {
    (decimal - exact).abs() <= 1e-12 * exact.abs().max(1.0)
}

/// The economics of one wager derived here: win per seat-hand and the
/// standard deviation of a seat-hand. With take-up r, amount a, per-unit
/// edge e and variance v, the seat-hand's result is a × X with probability
/// r (else 0): mean r·a·e, second moment r·a²·(v + e²).
fn derived(w: &Expected) -> (Fraction, f64) {
    let (edge, variance) = committed(w.results_file, w.paytable);
    let win = w.take_up.clone() * w.amount.clone() * edge.clone();
    let second =
        w.take_up.clone() * w.amount.clone() * w.amount.clone() * (variance + edge.clone() * edge);
    let var = second - win.clone() * win.clone();
    (win, var.to_f64().sqrt())
}

#[test]
fn economics_json_has_the_documented_structure_and_independently_derived_figures() {
    let out = uth_edge(&["--quiet", "economics", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();

    // docs/output-formats.md, "Provenance": every JSON document opens with
    // these keys; "Economics": `units`, the traffic, the configurations.
    for key in [
        "tool_version",
        "schema_version",
        "provenance",
        "units",
        "traffic",
        "tables",
    ] {
        assert!(doc.get(key).is_some(), "no {key}: {doc}");
    }
    for unit in [
        "money",
        "seat_hand",
        "take_up",
        "house_edge",
        "sd_per_seat_hand",
    ] {
        assert!(doc["units"][unit].is_string(), "units.{unit}");
    }
    assert_eq!(doc["units"]["money"], "dollars");

    // The traffic: docs/choosing.md's defaults.
    let traffic = &doc["traffic"];
    assert_eq!(traffic["hands_per_hour"], 30);
    assert_eq!(traffic["seats"], 5);
    assert_eq!(traffic["hours_per_day"], 16);
    assert_eq!(traffic["days_per_year"], 365);
    assert_eq!(exact(&traffic["ante_exact"]), Fraction::from_int(10));

    let tables = doc["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 1, "one configuration");
    let table = &tables[0];
    assert_eq!(table["label"], "blind-a + uth-01 + six-card-a");
    assert_eq!(table["seat_hands_per_hour"], PER_HOUR as u64);
    assert_eq!(table["seat_hands_per_day"], PER_DAY as u64);
    assert_eq!(table["seat_hands_per_year"], PER_YEAR as u64);

    let wagers = table["wagers"].as_array().unwrap();
    let expected = expected();
    assert_eq!(wagers.len(), expected.len(), "{wagers:?}");
    let mut total = Fraction::ZERO;
    let mut total_sd = 0.0;
    for (w, e) in wagers.iter().zip(&expected) {
        assert_eq!(w["wager"], e.wager);
        assert_eq!(w["paytable"], e.paytable);
        assert_eq!(exact(&w["take_up_exact"]), e.take_up, "{}", e.wager);
        assert_eq!(exact(&w["amount_exact"]), e.amount, "{}", e.wager);
        let (edge, _) = committed(e.results_file, e.paytable);
        assert_eq!(exact(&w["house_edge_exact"]), edge, "{}", e.wager);
        let (win, sd) = derived(e);
        let times = |n: i128| win.clone() * Fraction::from_int(n);
        for (key, figure) in [
            ("win_per_seat_hand", win.clone()),
            ("win_per_hour", times(PER_HOUR)),
            ("win_per_day", times(PER_DAY)),
            ("win_per_year", times(PER_YEAR)),
        ] {
            assert_eq!(
                exact(&w[format!("{key}_exact")]),
                figure,
                "{} {key}",
                e.wager
            );
            assert!(
                near(w[key].as_f64().unwrap(), figure.to_f64()),
                "{} {key}: {} is not {}",
                e.wager,
                w[key],
                figure.to_f64()
            );
        }
        for key in ["take_up", "amount", "house_edge"] {
            let decimal = w[key].as_f64().unwrap();
            assert!(near(decimal, exact(&w[format!("{key}_exact")]).to_f64()));
        }
        let shown = w["sd_per_seat_hand"].as_f64().unwrap();
        assert!(
            (shown - sd).abs() <= 1e-9 * sd,
            "{}: sd {shown}, derived {sd}",
            e.wager
        );
        total = total + win;
        total_sd += sd;
    }
    // Fact: UTH-01's edge by hand from the textbook seven-card counts is the
    // committed one (so the Trips row is backed twice).
    assert_eq!(
        exact(&wagers[1]["house_edge_exact"]),
        uth01_edge(Fraction::from_int(7))
    );
    // Fact (published): the base game under the standard Blind table loses
    // 2.185% per Ante with optimal play (Wizard of Odds, as quoted in
    // docs/research-notes.md), to the three decimals it is printed with.
    let base = exact(&wagers[0]["house_edge_exact"]).to_f64();
    assert!((base * 100.0 - 2.185).abs() < 0.0005, "{base}");

    // The totals: the sum of the wagers.
    for (key, n) in [
        ("win_per_hour", PER_HOUR),
        ("win_per_day", PER_DAY),
        ("win_per_year", PER_YEAR),
    ] {
        let figure = total.clone() * Fraction::from_int(n);
        assert_eq!(exact(&table[format!("{key}_exact")]), figure, "total {key}");
        assert!(
            near(table[key].as_f64().unwrap(), figure.to_f64()),
            "total {key}"
        );
    }
    // The ranges: mean ± z·SD·√n over a day's and a month's seat-hands, the
    // SD of a seat-hand the sum of the wagers' (docs/choosing.md).
    for (key, n) in [
        ("day_range_normal_approximation", PER_DAY),
        ("month_range_normal_approximation", PER_MONTH),
    ] {
        let ranges = table[key].as_array().unwrap();
        let mean = (total.clone() * Fraction::from_int(n)).to_f64();
        let spread = total_sd * (n as f64).sqrt();
        let confidences: Vec<&str> = ranges
            .iter()
            .map(|r| r["confidence"].as_str().unwrap())
            .collect();
        assert_eq!(confidences, ["90%", "95%"], "{key}");
        for (r, z) in ranges.iter().zip([1.645, 1.960]) {
            let (low, high) = (r["low"].as_f64().unwrap(), r["high"].as_f64().unwrap());
            assert!(
                (low - (mean - z * spread)).abs() <= 1e-6 * spread,
                "{key} low"
            );
            assert!(
                (high - (mean + z * spread)).abs() <= 1e-6 * spread,
                "{key} high"
            );
        }
    }
}

#[test]
fn economics_csv_has_the_base_game_row_and_the_same_exact_figures() {
    // The default configuration as CSV: one row per wager and a total row,
    // each exact figure as derived above (the base game's row, absent from
    // the other CSV tests, included).
    let out = uth_edge(&["--quiet", "economics", "--format", "csv"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let header = reader.headers().unwrap().clone();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let at = |row: &csv::StringRecord, column: &str| {
        let i = header.iter().position(|c| c == column).unwrap();
        row[i].to_string()
    };
    let frac = |row: &csv::StringRecord, column: &str| {
        Fraction::parse(&at(row, column)).unwrap_or_else(|| panic!("{column}: {row:?}"))
    };
    let wagers: Vec<String> = rows.iter().map(|r| at(r, "wager")).collect();
    assert_eq!(wagers, ["base_game", "trips", "six_card_bonus", "total"]);
    let mut total = Fraction::ZERO;
    for (row, e) in rows.iter().zip(&expected()) {
        assert_eq!(at(row, "configuration"), "blind-a + uth-01 + six-card-a");
        assert_eq!(at(row, "paytable"), e.paytable);
        assert_eq!(frac(row, "take_up_exact"), e.take_up);
        assert_eq!(frac(row, "amount_dollars_exact"), e.amount);
        assert_eq!(
            frac(row, "house_edge_exact"),
            committed(e.results_file, e.paytable).0
        );
        let (win, sd) = derived(e);
        assert_eq!(frac(row, "win_per_seat_hand_dollars_exact"), win);
        assert_eq!(
            frac(row, "win_per_year_dollars_exact"),
            win.clone() * Fraction::from_int(PER_YEAR)
        );
        let shown: f64 = at(row, "sd_per_seat_hand_dollars").parse().unwrap();
        assert!(
            (shown - sd).abs() <= 1e-9 * sd,
            "{}: {shown} vs {sd}",
            e.wager
        );
        total = total + win;
    }
    let last = &rows[3];
    assert_eq!(
        frac(last, "win_per_hour_dollars_exact"),
        total.clone() * Fraction::from_int(PER_HOUR)
    );
    assert_eq!(
        frac(last, "win_per_day_dollars_exact"),
        total * Fraction::from_int(PER_DAY)
    );
    assert_eq!(at(last, "seat_hands_per_year"), PER_YEAR.to_string());
}
