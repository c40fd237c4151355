//! The regulator's sheets of the submission report (`uth-edge report
//! --paytable FILE`), cell by cell: the true odds / payout odds / house
//! advantage sheet and the return table with its "1 in" column and total
//! row, in the Markdown and the HTML, each figure checked against the
//! textbook seven-card counts and the pays of the submitted file.

use crate::common::{stderr, stdout, submitted_trips, uth_edge};
use crate::operator::{HANDS, SEVEN_CARD};
use std::sync::atomic::{AtomicUsize, Ordering};
use uth_edge::fraction::Fraction;

/// UTH-03's lines: the hand as the report writes it for people, its
/// textbook seven-card count (`operator::SEVEN_CARD`, royal flush down to
/// three of a kind) and its pay to 1 as paytables/uth-03.toml posts it.
fn uth_03() -> Vec<(&'static str, i128, i128)> {
    let names = [
        "Royal flush",
        "Straight flush",
        "Four of a kind",
        "Full house",
        "Flush",
        "Straight",
        "Three of a kind",
    ];
    let pays = [50, 40, 30, 8, 7, 4, 3];
    names
        .into_iter()
        .zip(SEVEN_CARD)
        .zip(pays)
        .map(|((name, (_, count)), pay)| (name, count, pay))
        .collect()
}

/// UTH-03's house edge from the counts: every other hand loses the wager.
fn uth03_edge() -> Fraction {
    let won: i128 = uth_03().iter().map(|(_, c, p)| c * p).sum();
    let lost = HANDS - uth_03().iter().map(|(_, c, _)| c).sum::<i128>();
    Fraction::new(lost - won, HANDS)
}

/// The report of UTH-03's pays under the id `my-trips` (a submitted file),
/// in `format`.
fn submitted_report(format: &str) -> String {
    // One directory a call: the tests run in parallel.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let (dir, path) = submitted_trips(&format!("sheet-{call}"));
    let out = uth_edge(&[
        "--quiet",
        "report",
        "--paytable",
        path.to_str().unwrap(),
        "--format",
        format,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::remove_dir_all(dir).unwrap();
    stdout(&out)
}

/// The rows (header first) of the first Markdown table after the heading
/// `### {heading}`, and the lines after the table up to the next heading.
fn markdown_table(md: &str, heading: &str) -> (Vec<Vec<String>>, Vec<String>) {
    let part = md
        .split(&format!("\n### {heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("no heading {heading}"));
    let mut rows = Vec::new();
    let mut after = Vec::new();
    for line in part.lines().skip_while(|l| !l.starts_with('|')) {
        if line.starts_with('#') {
            break;
        }
        if let Some(inner) = line.strip_prefix('|').and_then(|l| l.strip_suffix('|')) {
            if !inner.starts_with("---") {
                rows.push(inner.split('|').map(|c| c.trim().to_string()).collect());
            }
        } else if !line.trim().is_empty() {
            after.push(line.to_string());
        }
    }
    (rows, after)
}

/// A shown number (`30,940`, `20.70`) as a float.
fn number(text: &str) -> f64 {
    text.replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {text}"))
}

/// Whether `shown` is `exact` as rounded for display: to a whole number
/// when written without decimals, else to its decimals.
fn rounded_from(shown: &str, exact: f64) -> bool {
    let decimals = shown.split_once('.').map_or(0, |(_, d)| d.len());
    (number(shown) - exact).abs() <= 0.5 * 10f64.powi(-(decimals as i32)) + 1e-9
}

#[test]
fn the_odds_sheet_gives_true_odds_payout_odds_and_the_house_advantage() {
    // Regulators ask, per wager, for its true odds, payout odds and house
    // advantage (issue 25, after Maryland's approval rules): true odds of a
    // hand of c in N are (N − c) to c; payout odds as the file posts them.
    let md = submitted_report("markdown");
    let (rows, after) = markdown_table(&md, "True odds, payout odds and house advantage");
    assert_eq!(
        rows[0],
        ["hand", "probability", "true odds", "payout odds"],
        "{rows:?}"
    );
    assert_eq!(rows.len(), 1 + uth_03().len(), "{rows:?}");
    for (row, (hand, count, pay)) in rows[1..].iter().zip(uth_03()) {
        assert_eq!(row[0], hand);
        let odds = row[2].strip_suffix(" to 1").expect("odds to 1");
        let against = (HANDS - count) as f64 / count as f64;
        assert!(rounded_from(odds, against), "{hand}: {odds} vs {against}");
        assert_eq!(row[3], format!("{pay} to 1"), "{hand}");
    }
    let advantage = after
        .iter()
        .find(|l| l.contains("House advantage of the wager"))
        .unwrap_or_else(|| panic!("no house advantage: {after:?}"));
    let edge = uth03_edge();
    assert!(
        advantage.ends_with(&format!("= `{edge}`")),
        "{advantage}, not {edge}"
    );

    // The HTML carries the same sheet, the exact true odds in each cell's
    // title: (N − c)/c in lowest terms.
    let html = submitted_report("html");
    let sheet = html
        .split("True odds, payout odds and house advantage</h3>")
        .nth(1)
        .unwrap();
    let sheet = &sheet[..sheet.find("</table>").unwrap()];
    assert!(sheet.contains(">payout odds</th>"), "{sheet}");
    for (hand, count, pay) in uth_03() {
        let row = sheet
            .split("<tr>")
            .find(|r| r.contains(&format!(">{hand}<")))
            .unwrap_or_else(|| panic!("no row {hand}"));
        let exact = Fraction::new(HANDS - count, count);
        assert!(row.contains(&format!("title=\"{exact} to 1\"")), "{row}");
        assert!(row.contains(&format!(">{pay} to 1<")), "{row}");
    }
}

#[test]
fn the_return_table_has_a_one_in_column_and_a_total_row() {
    // Fact: a hand of c in N happens once in N/c hands; the total row holds
    // every hand (N) with probability 1 and the wager's expected result,
    // −house edge, both from the textbook counts.
    let md = submitted_report("markdown");
    let (rows, _) = markdown_table(&md, "Return table");
    assert_eq!(
        rows[0],
        [
            "hand",
            "combinations",
            "probability",
            "1 in",
            "pays",
            "contribution"
        ],
        "{rows:?}"
    );
    // The paying lines, then every other hand (it loses), then the total.
    let lines = &rows[1..rows.len() - 2];
    assert_eq!(lines.len(), uth_03().len(), "{rows:?}");
    for (row, (hand, count, pay)) in lines.iter().zip(uth_03()) {
        assert_eq!(row[0], hand);
        assert_eq!(number(&row[1]), count as f64, "{hand}");
        let once_in = HANDS as f64 / count as f64;
        assert!(rounded_from(&row[3], once_in), "{hand}: 1 in {}", row[3]);
        assert_eq!(row[4], format!("{pay} to 1"));
        // Contribution: c × pay / N, as a signed percent of 4 decimals.
        let contribution = (count * pay) as f64 / HANDS as f64 * 100.0;
        let shown = row[5].strip_prefix('+').unwrap().strip_suffix('%').unwrap();
        assert!(rounded_from(shown, contribution), "{hand}: {}", row[5]);
    }
    let losing = HANDS - uth_03().iter().map(|(_, c, _)| c).sum::<i128>();
    let other = &rows[rows.len() - 2];
    assert_eq!((other[0].as_str(), other[4].as_str()), ("Other", "loses"));
    assert_eq!(number(&other[1]), losing as f64);
    assert!(rounded_from(&other[3], HANDS as f64 / losing as f64));
    let total = rows.last().unwrap();
    assert_eq!(total[0], "Total");
    assert_eq!(number(&total[1]), HANDS as f64);
    assert_eq!(number(&total[2]), 1.0);
    let expected = -uth03_edge().to_f64() * 100.0;
    let shown = total[5].strip_suffix('%').unwrap();
    assert!(rounded_from(shown, expected), "{shown} vs {expected}");

    // The HTML: the same column and total row.
    let html = submitted_report("html");
    let table = html.split("Return table</h3>").nth(1).unwrap();
    let table = &table[..table.find("</table>").unwrap()];
    assert!(table.contains("<th>1 in</th>"), "{table}");
    let three = table
        .split("<tr>")
        .find(|r| r.contains(">Three of a kind<"))
        .unwrap();
    // 133,784,560 / 6,461,620 = 20.7046...
    assert!(three.contains("<td>20.70</td>"), "{three}");
    assert!(table.contains(">Total<") && table.contains("<td>133,784,560</td>"));
}
