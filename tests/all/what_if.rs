//! `what-if`: the exact pay for a target edge over every pay the program
//! accepts, the refusal of a target no pay gives (with the reachable
//! range), and the Blind search kept inside the solver's proven range
//! (issue 23).

use crate::common::{blind_a, blind_table, full_river, stderr, stdout, uth_edge};
use crate::operator::uth01_edge;
use uth_edge::analysis::what_if;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::evaluator::HandCategory;
use uth_edge::exact::game::RiverTable;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayingHand;

/// The exact optimal house edge of `table` with `hand`'s line paying
/// `pay`, from the solver on `river`'s deck.
fn solved_edge(
    river: &RiverTable,
    table: &uth_edge::rules::paytable::PayTable,
    hand: PayingHand,
    pay: &Fraction,
) -> Fraction {
    assert!(
        what_if::blind::holds(table, hand, pay).unwrap(),
        "the solver holds {pay}"
    );
    what_if::blind::solve_at(river, table, hand, std::slice::from_ref(pay), &Silent).unwrap()[0]
        .edge
        .clone()
}

/// On a 28-card deck (eights to aces) with a Blind that also pays pairs and
/// two pairs, the optimal strategy changes with those pays (the solver's
/// slopes at two pays differ: checked), so the edge is piecewise linear
/// with several pieces. For each target the search's pay, fed back to the
/// solver, gives exactly the target. (Before issue 23 the search was
/// regula falsi on [0, 10], exact only when a step landed on the target.)
#[test]
fn the_blind_search_is_exact_across_changes_of_strategy() {
    let river = RiverTable::build(deck_of_ranks(&[6, 7, 8, 9, 10, 11, 12]), &Silent);
    let table = blind_table(
        "small",
        &[
            (HandCategory::Flush, 3, 2),
            (HandCategory::Straight, 1, 1),
            (HandCategory::TwoPair, 1, 2),
            (HandCategory::Pair, 1, 4),
        ],
    );
    for (category, target) in [
        (HandCategory::Pair, Fraction::new(-104, 100)),
        (HandCategory::TwoPair, Fraction::new(-12, 10)),
        (HandCategory::Straight, Fraction::new(-11, 10)),
    ] {
        let hand = PayingHand::Category(category);
        let ends = what_if::blind::solve_at(
            &river,
            &table,
            hand,
            &[Fraction::ZERO, Fraction::from_int(4)],
            &Silent,
        )
        .unwrap();
        assert_ne!(ends[0].slope, ends[1].slope, "{category:?}: one strategy");
        let answer = what_if::blind_target(&river, &table, hand, &target, &Silent).unwrap();
        assert_eq!(
            solved_edge(&river, &table, hand, &answer.pay),
            target,
            "{category:?} paying {}",
            answer.pay
        );
        assert!(answer.solves > 2, "{category:?}: {} solves", answer.solves);
        for (pay, edge) in &answer.nearest {
            assert_eq!(*edge, solved_edge(&river, &table, hand, pay), "{pay}");
        }
    }
}

/// The full game (issue 23): a royal flush paying about 560 to 1 gives
/// blind-a exactly 1/50 (the search used to look only below 10 to 1 and
/// said no pay did). The pay found, fed back to the solver, gives 1/50.
#[test]
fn the_royal_pay_for_a_two_percent_blind_is_found_and_exact() {
    let hand = PayingHand::Category(HandCategory::RoyalFlush);
    let target = Fraction::new(1, 50);
    let answer = what_if::blind_target(full_river(), &blind_a(), hand, &target, &Silent).unwrap();
    assert!(answer.pay > Fraction::from_int(500) && answer.pay < Fraction::from_int(600));
    assert!(answer.fits_table_format);
    assert_eq!(answer.solver_holds, Some(true));
    assert_eq!(
        solved_edge(full_river(), &blind_a(), hand, &answer.pay),
        target
    );
}

/// Issue 23: `what-if --paytable blind-a --hand flush --edge 2%` panicked
/// (a pay beyond the solver's 2^40-unit bound). It now answers, exit 0,
/// with a pay whose amounts the solver could not hold: the answer rests
/// on the line the solver finds at both ends of the range. Checked here
/// against the solver at 3 to 2 and 2 to 1 (each side of the answer): the
/// two solves find the same line (equal slopes, and the edge at 2 to 1 on
/// the line through 3 to 2), and the pay is where that line meets 2%.
#[test]
fn the_flush_pay_for_a_two_percent_blind_no_longer_panics() {
    let out = uth_edge(&[
        "what-if",
        "--paytable",
        "blind-a",
        "--hand",
        "flush",
        "--edge",
        "2%",
        "--format",
        "json",
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let pay = Fraction::parse(doc["pay_exact"].as_str().unwrap()).unwrap();
    assert_eq!(doc["solver_holds_pay"], false);
    let hand = PayingHand::Category(HandCategory::Flush);
    let at = what_if::blind::solve_at(
        full_river(),
        &blind_a(),
        hand,
        &[Fraction::new(3, 2), Fraction::from_int(2)],
        &Silent,
    )
    .unwrap();
    assert!(at[0].same_line(&at[1]));
    assert!(at[0].pay < pay && pay < at[1].pay);
    assert_eq!(at[0].pay_for(&Fraction::new(1, 50)), Some(pay));
}

/// A Blind sweep pay the solver cannot hold (a royal paying 10^12 − 1 to 1:
/// 2·10^12 half-Antes, beyond 2^40) is refused before any work, in
/// one line, exit code 2, naming the range it holds (it panicked before).
#[test]
fn a_blind_pay_beyond_the_solver_is_refused_up_front() {
    let out = uth_edge(&[
        "what-if",
        "--paytable",
        "blind-a",
        "--hand",
        "royal_flush",
        "--sweep",
        "999999999999:999999999999:1",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("from 0 to "), "{err}");
    assert!(out.stdout.is_empty());
}

/// A target no pay gives is refused in one line, exit code 2, with the
/// reachable range (issue 23: a negative pay was printed as "exactly").
/// UTH-01's flush at pay 0 gives the edge computed by hand from the
/// textbook seven-card counts (`uth01_edge`), the top of the range.
#[test]
fn an_unreachable_side_bet_target_is_refused_with_the_range() {
    let out = uth_edge(&[
        "what-if",
        "--paytable",
        "uth-01",
        "--hand",
        "flush",
        "--edge",
        "100%",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.contains(&uth01_edge(Fraction::ZERO).to_string()),
        "{err}"
    );
    // The same for the other side bets: a 100% edge needs a negative pay.
    for (table, hand) in [
        ("six-card-a", "flush"),
        ("bad-beat-dg", "four_of_a_kind"),
        ("progressive-md", "flush"),
        ("ultimate-pairs-example", "pair 2-10"),
    ] {
        let out = uth_edge(&[
            "what-if",
            "--paytable",
            table,
            "--hand",
            hand,
            "--edge",
            "100%",
        ]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{table} {hand}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("no pay gives"), "{err}");
    }
}

/// An Ultimate Pairs line stays a straight line in its pay only while the
/// table stays one the reader accepts: the `AA` line (30 to 1) also pays
/// player aces that "AA with dealer AA" (1000 to 1) pays, so at 1000 to 1
/// the two are ambiguous and the range ends there, excluded.
#[test]
fn an_ultimate_pairs_range_ends_where_its_line_meets_another() {
    let out = uth_edge(&[
        "what-if",
        "--paytable",
        "ultimate-pairs-example",
        "--hand",
        "AA",
        "--edge",
        "-1000%",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not including 1000 to 1"), "{err}");
}
