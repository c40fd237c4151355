//! The committed exact result of two-player collusion
//! (`results/dead_cards.collude-2.csv`, written by `scripts/collusion.sh
//! collude:2 13` from the thirteen shards kept in
//! `results/dead_cards.collude-2/`): the shards merge to the committed file
//! byte for byte, its deal count is the combinatorial count of the case,
//! its base-game column is the base-game solver's exact edge, and `check`
//! reads Stephen How's published estimate against it; the same for one
//! exposed card (`results/dead_cards.exposed-1.csv`), with the figure a
//! pay table may publish about it read against the committed file.

use crate::common::{full_solution_a, stdout, uth_edge};
use uth_edge::analysis::dead_results;
use uth_edge::fraction::Fraction;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/results");

fn committed_csv() -> String {
    std::fs::read_to_string(format!("{DIR}/dead_cards.collude-2.csv")).expect("committed file")
}

fn choose(n: i128, k: i128) -> i128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// What `merge` makes of the 13 committed shards of `case_dir`
/// (`dead_cards.collude-2`) in CSV.
fn merged_committed_shards(case_dir: &str) -> String {
    let shards: Vec<String> = (1..=13)
        .map(|i| format!("{DIR}/{case_dir}/{i}-of-13.sums"))
        .collect();
    let mut args = vec!["--quiet", "merge"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--format", "csv"]);
    let out = uth_edge(&args);
    assert!(out.status.success(), "{out:?}");
    stdout(&out)
}

#[test]
fn the_committed_shards_merge_to_the_committed_collude_2_results() {
    assert_eq!(
        merged_committed_shards("dead_cards.collude-2"),
        committed_csv()
    );
}

#[test]
fn the_committed_collude_2_results_agree_with_independent_counts() {
    let text = committed_csv();
    let rows = dead_results::read(&text, "results/dead_cards.collude-2.csv").expect("valid");
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    // Every deal: the player's 2 cards, the partner's 2, the flop's 3,
    // the turn and river's 2 and the dealer's 2, each an unordered set of
    // what is left: a combinatorial count.
    let deals = choose(52, 2) * choose(50, 2) * choose(48, 3) * choose(45, 2) * choose(43, 2);
    assert!(
        text.contains(&format!(",{deals},")),
        "deals {deals} not in {text}"
    );
    // The base-game column is the base-game solver's exact edge per Ante.
    let base = full_solution_a();
    let solved = Fraction::new(
        base.total_value,
        base.sequences as i128 * base.payoffs.scale as i128,
    );
    assert_eq!(row.base_per_ante, solved);
    // A partner's cards can only help: the optimal play knowing them is
    // worth at least the base game's.
    assert!(row.gain > Fraction::from_int(0));
}

#[test]
fn check_reads_hows_collusion_estimate_against_the_committed_results() {
    let path = format!("{DIR}/dead_cards.collude-2.csv");
    let out = uth_edge(&["check", "--paytable", "blind-a", "--dead-results", &path]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Stephen How"), "{text}");
    assert!(text.contains("KNOWN DISCREPANCY"), "{text}");
    assert!(text.contains("gain_per_ante"), "{text}");
}

// The committed exact result of one exposed card
// (`results/dead_cards.exposed-1.csv`, written by `scripts/collusion.sh
// exposed:1 13` from the thirteen shards of one class each kept in
// `results/dead_cards.exposed-1/`).

fn committed_exposed_csv() -> String {
    std::fs::read_to_string(format!("{DIR}/dead_cards.exposed-1.csv")).expect("committed file")
}

#[test]
fn the_committed_shards_merge_to_the_committed_exposed_1_results() {
    assert_eq!(
        merged_committed_shards("dead_cards.exposed-1"),
        committed_exposed_csv()
    );
}

#[test]
fn the_committed_exposed_1_results_agree_with_independent_counts() {
    let text = committed_exposed_csv();
    let rows = dead_results::read(&text, "results/dead_cards.exposed-1.csv").expect("valid");
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    // Every deal: the player's 2 cards, the exposed card, the flop's 3, the
    // turn and river's 2 and the dealer's 2: a combinatorial count.
    let deals = choose(52, 2) * choose(50, 1) * choose(49, 3) * choose(46, 2) * choose(44, 2);
    assert!(
        text.contains(&format!(",{deals},")),
        "deals {deals} not in {text}"
    );
    // 13 classes of one card under the suit renamings: its rank.
    assert!(text.contains(",13,"), "13 classes not in {text}");
    let base = full_solution_a();
    let solved = Fraction::new(
        base.total_value,
        base.sequences as i128 * base.payoffs.scale as i128,
    );
    assert_eq!(row.base_per_ante, solved);
    // Information can only help: knowing a card out of the deck is worth
    // at least the base game. And a colluding player of collude:2 could
    // ignore one of his partner's two cards: he would then be a player who
    // knows one random card out of the deck (the other, unseen, removed
    // at random changes nothing), so his gain is at least exposed:1's.
    assert!(row.gain >= Fraction::from_int(0));
    let collude = dead_results::read(&committed_csv(), "results/dead_cards.collude-2.csv")
        .expect("valid")
        .remove(0);
    assert!(row.gain <= collude.gain, "{} > {}", row.gain, collude.gain);
}

#[test]
fn check_reads_a_published_exposed_card_figure_against_the_committed_results() {
    // No published exposed:1 figure is known (docs/collusion.md): a table
    // stating one is checked against the committed full-deck file, which
    // answers it (the old tree had no such file: exit 2, "no such file").
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("exposed-1-check");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/blind-a.toml"
    ))
    .expect("blind-a.toml");
    let head = &text[..text.find("[[published]]").expect("published figures")];
    let table = dir.join("blind-a-exposed.toml");
    std::fs::write(
        &table,
        format!(
            "{head}[[published]]\ncase = \"exposed:1\"\nname = \"gain from an exposed card\"\n\
             value = \"5%\"\nmeasure = \"gain_per_ante\"\nsource = \"a test\"\n"
        ),
    )
    .expect("written");
    let path = format!("{DIR}/dead_cards.exposed-1.csv");
    let out = uth_edge(&[
        "check",
        "--paytable",
        table.to_str().expect("UTF-8"),
        "--dead-results",
        &path,
    ]);
    let text = stdout(&out);
    // A one-card leak gains far less than 5% of an Ante (collude:2, two
    // cards, gains 0.19%): not reproduced, exit 1, the figure answered.
    assert_eq!(out.status.code(), Some(1), "{text} {out:?}");
    assert!(text.contains("gain from an exposed card"), "{text}");
    assert!(text.contains("exposed:1"), "{text}");
}
