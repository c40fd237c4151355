//! `what-if --add/--remove` (an edited table) and `what-if --vary` (a
//! family of tables in a band of house edges, ranked), each checked against
//! tables built here line by line and computed by the normal engines, or
//! against the textbook seven-card counts.

use crate::common::{stderr, stdout, uth_edge};
use uth_edge::analysis::catalog::Catalog;
use uth_edge::analysis::what_if::family::{self, Member, Rank};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{Award, PayLine, PayTable, PayingHand};

/// The table with each `(hand, pay)` set (added if missing) or, for `None`,
/// its line dropped; built here from the table's lines, not by the tool.
fn built(id: &str, pays: &[(&str, Option<Fraction>)]) -> PayTable {
    let mut t = PayTable::resolve(id).unwrap();
    for (name, pay) in pays {
        let hand = PayingHand::from_name(name).unwrap();
        t.lines.retain(|l| l.hand != hand);
        if let Some(p) = pay {
            let (win, per) = p.to_i128_parts().unwrap();
            t.lines.push(PayLine {
                hand,
                award: Award::Odds {
                    win: win as u64,
                    per: per as u64,
                },
            });
        }
    }
    t
}

/// House edge, variance and hit frequency of each table, by the normal
/// computation (one catalog).
fn computed(mut tables: Vec<PayTable>) -> Vec<[Fraction; 3]> {
    for (i, t) in tables.iter_mut().enumerate() {
        t.id = format!("t{i}");
    }
    let c = Catalog::compute(&tables, &[Fraction::from_int(5)], &Silent);
    tables
        .iter()
        .map(|t| {
            let r = c.results.iter().find(|r| r.paytable == t.id).unwrap();
            [
                r.house_edge.clone(),
                r.variance.clone(),
                r.hit_frequency.clone(),
            ]
        })
        .collect()
}

#[test]
fn a_family_in_a_band_is_every_table_built_and_computed_in_the_band_and_ranked() {
    // Fact: each of the 7 x 4 tables of UTH-03 with the flush at 5 to 8 to
    // 1 by halves and the straight at 3, 4, 5 to 1 or left out is built here
    // and computed by the normal edge computation; the family search must
    // keep exactly those in 2.5%..3.5% (hand-checked band ends) with their
    // exact figures, least volatile first.
    let table = PayTable::resolve("uth-03").unwrap();
    let varied = vec![
        family::parse_vary(&table, "flush=5:8:0.5").unwrap(),
        family::parse_vary(&table, "straight=3:5:1,out").unwrap(),
    ];
    let band = family::parse_band(&table, "2.5%..3.5%").unwrap();
    assert_eq!(band, (Fraction::new(1, 40), Fraction::new(7, 200)));
    let found = family::search(
        &table,
        &varied,
        Some(&band),
        Rank::Volatility,
        &Fraction::from_int(5),
        &Silent,
    )
    .unwrap();
    assert_eq!(found.size, 28);
    let mut members = Vec::new();
    let mut tables = Vec::new();
    for flush in &varied[0].pays {
        for straight in &varied[1].pays {
            tables.push(built(
                "uth-03",
                &[("flush", flush.clone()), ("straight", straight.clone())],
            ));
            members.push(vec![flush.clone(), straight.clone()]);
        }
    }
    let mut expected: Vec<Member> = members
        .into_iter()
        .zip(computed(tables))
        .map(|(pays, [e, v, h])| Member {
            pays,
            house_edge: e,
            variance: v,
            hit_frequency: h,
        })
        .filter(|m| m.house_edge >= band.0 && m.house_edge <= band.1)
        .collect();
    expected.sort_by(|a, b| a.variance.cmp(&b.variance));
    assert!(!expected.is_empty());
    assert_eq!(found.in_band, expected);
    // Ranked by hit frequency, the tables with the straight left out (a
    // lower hit frequency) come last.
    let by_hits = family::search(
        &table,
        &varied,
        None,
        Rank::HitFrequency,
        &Fraction::from_int(5),
        &Silent,
    )
    .unwrap();
    let out_at = by_hits
        .in_band
        .iter()
        .position(|m| m.pays[1].is_none())
        .unwrap();
    assert_eq!(out_at, 21);
    assert!(by_hits.in_band[out_at..]
        .iter()
        .all(|m| m.pays[1].is_none()));
}

#[test]
fn a_family_edge_matches_the_textbook_counts() {
    // Fact: UTH-01's edge with the flush at f to 1, from the textbook
    // seven-card counts (operator.rs).
    let table = PayTable::resolve("uth-01").unwrap();
    let varied = vec![
        family::parse_vary(&table, "flush=5:8:0.5").unwrap(),
        family::parse_vary(&table, "straight=4").unwrap(),
    ];
    let found = family::search(
        &table,
        &varied,
        None,
        Rank::HitFrequency,
        &Fraction::from_int(5),
        &Silent,
    )
    .unwrap();
    assert_eq!(found.in_band.len(), 7);
    for m in &found.in_band {
        let flush = m.pays[0].clone().unwrap();
        assert_eq!(m.house_edge, crate::operator::uth01_edge(flush));
    }
}

#[test]
fn an_ultimate_pairs_family_is_every_table_computed() {
    // Fact: each table built here and computed by the normal computation.
    let table = PayTable::resolve("ultimate-pairs-example").unwrap();
    let varied = vec![
        family::parse_vary(&table, "AA=20:40:10").unwrap(),
        family::parse_vary(&table, "AK suited=20,25").unwrap(),
    ];
    let found = family::search(
        &table,
        &varied,
        None,
        Rank::Volatility,
        &Fraction::from_int(5),
        &Silent,
    )
    .unwrap();
    assert_eq!(found.size, 6);
    let tables: Vec<PayTable> = found
        .in_band
        .iter()
        .map(|m| family::member_table(&table, &varied, &m.pays))
        .collect();
    for (m, [e, v, h]) in found.in_band.iter().zip(computed(tables)) {
        assert_eq!((&m.house_edge, &m.variance, &m.hit_frequency), (&e, &v, &h));
    }
}

#[test]
fn an_added_and_a_removed_line_give_the_textbook_edge() {
    // Fact: UTH-01 with two pair paying 1 to 1 and no straight line, from
    // the textbook seven-card counts of all 133,784,560 hands: royal 4,324,
    // straight flush 37,260, quads 224,848, full house 3,473,184, flush
    // 4,047,644, three of a kind 6,461,620, two pair 31,433,400 (paying 50,
    // 40, 30, 9, 7, 3 and 1); every other hand loses.
    let paid: [(i128, i128); 7] = [
        (4_324, 50),
        (37_260, 40),
        (224_848, 30),
        (3_473_184, 9),
        (4_047_644, 7),
        (6_461_620, 3),
        (31_433_400, 1),
    ];
    let n = 133_784_560i128;
    let won: i128 = paid.iter().map(|(c, p)| c * p).sum();
    let lost = n - paid.iter().map(|(c, _)| c).sum::<i128>();
    let edge = Fraction::new(lost - won, n);
    let out = uth_edge(&[
        "what-if",
        "--paytable",
        "uth-01",
        "--add",
        "two_pair=1",
        "--remove",
        "straight",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let exact = |v: &serde_json::Value| Fraction::parse(v.as_str().unwrap()).unwrap();
    assert_eq!(exact(&doc["after"]["house_edge_exact"]), edge);
    assert_eq!(
        exact(&doc["before"]["house_edge_exact"]),
        crate::operator::uth01_edge(Fraction::from_int(7))
    );
    let hits = paid.iter().map(|(c, _)| c).sum::<i128>();
    assert_eq!(
        exact(&doc["after"]["hit_frequency_exact"]),
        Fraction::new(hits, n)
    );
}

#[test]
fn what_if_edits_and_families_refuse_in_one_line_before_any_work() {
    for (args, needle) in [
        (
            &["--paytable", "uth-01", "--add", "flush=9"][..],
            "already pays it",
        ),
        (
            &["--paytable", "uth-01", "--add", "super_royal=100"][..],
            "six-card hand",
        ),
        (
            &["--paytable", "uth-01", "--add", "two_pair=0"][..],
            "a pay is above 0",
        ),
        (
            &["--paytable", "uth-01", "--add", "two_pair"][..],
            "expected HAND=PAY",
        ),
        (
            &["--paytable", "uth-01", "--add", "two_pair=1/3000000000000"][..],
            "from 1 to 1000000000000",
        ),
        (
            &["--paytable", "uth-01", "--remove", "two_pair"][..],
            "has no line for 'two_pair'",
        ),
        (
            &["--paytable", "uth-01", "--remove", "queen"][..],
            "not a hand name",
        ),
        (
            &["--paytable", "ultimate-pairs-example", "--add", "KK=10"][..],
            "ambiguous",
        ),
        (
            &["--paytable", "blind-a", "--vary", "flush=1:3:1"][..],
            "a Blind table",
        ),
        (
            &[
                "--paytable",
                "uth-01",
                "--vary",
                "flush=1:1000:1",
                "--vary",
                "straight=1:101:1",
            ][..],
            "more than 100000 tables",
        ),
        (
            &[
                "--paytable",
                "uth-01",
                "--vary",
                "flush=5",
                "--vary",
                "flush=6",
            ][..],
            "varied twice",
        ),
        (
            &["--paytable", "uth-01", "--vary", "flush=5,5"][..],
            "given twice",
        ),
        (
            &["--paytable", "uth-01", "--vary", "flush=5:x:1"][..],
            "not a pay",
        ),
        (
            &[
                "--paytable",
                "uth-01",
                "--vary",
                "flush=5",
                "--band",
                "3%..2%",
            ][..],
            "LOW at most HIGH",
        ),
        (
            &[
                "--paytable",
                "uth-01",
                "--vary",
                "flush=5",
                "--remove",
                "flush",
            ][..],
            "also added or taken out",
        ),
    ] {
        let mut all = vec!["what-if"];
        all.extend_from_slice(args);
        let out = uth_edge(&all);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{needle} not in {err}");
        assert!(stdout(&out).is_empty());
    }
}
