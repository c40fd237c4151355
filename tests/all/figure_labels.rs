//! Every figure says what it is and its unit: the Progressive's top award
//! in the meter's long run is the expected meter when paid (an average:
//! the meter grows without a ceiling, so it is not a maximum) and is shown
//! as a decimal beside its exact value, not as a raw fraction; the range
//! after N hands of a side bet is in units wagered; `compare`'s standard
//! deviation has its unit.

use super::common::{stdout, uth_edge};

fn run(args: &[&str]) -> String {
    let out = uth_edge(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    stdout(&out)
}

#[test]
fn a_meter_award_in_the_long_run_is_not_called_a_maximum() {
    // Fact (COMAR 36.05.16.12D): the royal flush of the Progressive pays
    // 100% of the meter, which grows with every wager until it is hit.
    let md = run(&[
        "report",
        "--paytable",
        "progressive-md",
        "--rate",
        "15%",
        "--format",
        "markdown",
    ]);
    let line = md
        .lines()
        .find(|l| l.contains("(Royal flush"))
        .expect("the top award's line");
    assert!(!line.contains("maximum win"), "{line}");
    assert!(line.contains("expected meter when paid"), "{line}");
    // A fraction only inside a code span (the exact value beside a decimal).
    let outside_code: String = line.split('`').step_by(2).collect();
    assert!(!outside_code.contains('/'), "{line}");
    assert!(
        md.contains("net result after N hands, in units wagered"),
        "the range's unit"
    );
}

#[test]
fn compare_gives_the_standard_deviation_its_unit() {
    let out = run(&["compare", "uth-01", "uth-02"]);
    assert!(
        out.contains("std dev") && out.contains("in units wagered"),
        "{out}"
    );
}
