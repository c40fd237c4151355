//! `check --dead-results FILE`: published figures about dead cards
//! (`[[published]]` with `case = "collude:2"` or `"exposed:1"`) checked
//! against a dead-card results file the program writes here for a 16-card
//! deck (the full-deck file is an hour's run). Published figures are of the
//! 52-card game, so the binary refuses that file for them in one line, exit
//! 2 (issue 31: a rough figure would be "reproduced" by any deck); the
//! checking itself is tested at the library level, with figures stated to
//! be of the 16-card game (`dead_check::check_dead_of_deck`). The figures'
//! values are derived from the exact gain, which the test recomputes from
//! the engine's sums and an independent base-game solve (the gain is the
//! player's expectation less the base game's); a results file that cannot
//! answer a figure is refused in one line, exit 2, before any solving.

use crate::common::{blind_a, blind_b, small_dead_card_results, stderr, stdout, uth_edge};
use std::path::{Path, PathBuf};
use uth_edge::analysis::check::Verdict;
use uth_edge::analysis::{dead_check, dead_results};
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::cards::CardSet;
use uth_edge::fraction::Fraction;
use uth_edge::report;
use uth_edge::rules::paytable::PayTable;

/// The 16 cards (jack to ace) the small results are computed on.
fn small_deck() -> CardSet {
    deck_of_ranks(&[9, 10, 11, 12])
}

/// The results file of collude:2 and exposed:1 on 16 cards under `table`,
/// as `game --seen ... --format csv` writes it, with each case's exact gain
/// over the base game per Ante (the engine's expectation less the base
/// game solved on the same deck).
fn small_deck_results(table: &PayTable) -> (String, Vec<Fraction>) {
    let (sums, base, csv) = small_dead_card_results(table);
    let gains = sums.iter().map(|s| s.per_ante() - base.clone()).collect();
    (csv, gains)
}

/// A value in percent with two decimals, rounded half away from zero
/// (`PrintedValue`'s rounding, done here on the exact fraction by hand).
fn percent_2(f: &Fraction) -> String {
    let hundredths = f.clone() * Fraction::from_int(10_000);
    let (p, q) = (hundredths.numerator(), hundredths.denominator());
    let p: i128 = p.try_into().expect("small");
    let q: i128 = q.try_into().expect("small");
    let n = (2 * p.abs() + q) / (2 * q) * p.signum();
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}%", n.abs() / 100, n.abs() % 100)
}

/// The text of Blind table A's file (`paytables/blind-a.toml`, id
/// `blind-a`) with `published` in place of its published figures.
fn blind_a_text(published: &str) -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("paytables/blind-a.toml"),
    )
    .expect("blind-a.toml");
    let head = &text[..text.find("[[published]]").expect("published figures")];
    format!("{head}{published}")
}

/// [`blind_a_text`] written to `dir/name`: its path.
fn blind_a_file(dir: &Path, name: &str, published: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, blind_a_text(published)).expect("written");
    path.to_str().expect("UTF-8 path").to_string()
}

/// A `[[published]]` entry.
fn figure(case: &str, name: &str, value: &str, measure: Option<&str>) -> String {
    let measure = measure.map_or(String::new(), |m| format!("measure = \"{m}\"\n"));
    format!(
        "\n[[published]]\ncase = \"{case}\"\nname = \"{name}\"\nvalue = \"{value}\"\n{measure}source = \"a test\"\n"
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The `[[published]]` entries of figures about the 16-card game: the exact
/// gain of collude:2 printed with two decimals, one hundredth of a percent
/// more (outside the printed digits), and the exact gain of exposed:1.
fn small_deck_figures(gains: &[Fraction]) -> String {
    let reproduced = percent_2(&gains[0]);
    let off = percent_2(&(gains[0].clone() + Fraction::new(1, 10_000)));
    assert_ne!(reproduced, off);
    let exposed = percent_2(&gains[1]);
    [
        figure(
            "collude:2",
            "gain from collusion",
            &reproduced,
            Some("gain_per_ante"),
        ),
        figure(
            "collude:2",
            "gain from collusion, off",
            &off,
            Some("gain_per_ante"),
        ),
        figure(
            "exposed:1",
            "gain from an exposed card",
            &exposed,
            Some("gain_per_ante"),
        ),
    ]
    .concat()
}

#[test]
fn dead_card_figures_are_reproduced_or_not_from_the_results_file() {
    let (csv, gains) = small_deck_results(&blind_a());
    let results = dead_results::read(&csv, "dead_cards.small.csv").expect("a valid file");
    let table = PayTable::from_toml(&blind_a_text(&small_deck_figures(&gains)), "blind-a-dead")
        .expect("a valid table");
    let figures = dead_check::dead_figures(&[table]).expect("dead-card figures");
    assert_eq!(figures.len(), 3);
    // The figures stated to be of the 16-card game the file was computed on.
    let checks = dead_check::check_dead_of_deck(&figures, &results, small_deck()).expect("checked");
    let verdict = |name: &str| {
        let c = checks
            .iter()
            .find(|c| c.figure.name == name)
            .unwrap_or_else(|| panic!("{name} not checked"));
        (c.verdict, c.wager.clone())
    };
    assert_eq!(
        verdict("gain from collusion"),
        (Verdict::Reproduced, "base_game with collude:2".into())
    );
    assert_eq!(
        verdict("gain from collusion, off").0,
        Verdict::NotReproduced
    );
    assert_eq!(
        verdict("gain from an exposed card"),
        (Verdict::Reproduced, "base_game with exposed:1".into())
    );
}

#[test]
fn a_small_deck_file_is_refused_against_published_figures() {
    // Published figures (here: the 16-card game's exact gains, which the
    // old binary called reproduced) are of the 52-card game: `check`
    // refuses a 16-card row for them in one line, exit 2, naming the file,
    // the case, the table and the deck.
    let dir = temp_dir("check-dead-small-deck");
    let (csv, gains) = small_deck_results(&blind_a());
    let results = dir.join("dead_cards.small.csv");
    std::fs::write(&results, &csv).expect("written");
    let results = results.to_str().unwrap();
    let table = blind_a_file(&dir, "blind-a-dead.toml", &small_deck_figures(&gains));
    let args = ["check", "--paytable", &table, "--dead-results", results];
    let out = uth_edge(&args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    for says in [
        results,
        "case collude:2",
        "Blind table blind-a",
        "computed on a 16-card deck; published figures are of the 52-card game",
    ] {
        assert!(err.contains(says), "{says}: {err}");
    }
    // Without --dead-results the figures are not checked, and check says
    // how to check them.
    let out = uth_edge(&["check", "--paytable", &table]);
    let err = stderr(&out);
    assert!(
        err.contains("3 published figure(s) about dead-card cases")
            && err.contains("--dead-results results/dead_cards.collude-2.csv")
            && err.contains("--dead-results results/dead_cards.exposed-1.csv"),
        "{err}"
    );
    assert!(!stdout(&out).contains("collusion"), "{}", stdout(&out));
}

#[test]
fn dead_results_that_cannot_answer_a_figure_are_refused_before_any_solving() {
    let dir = temp_dir("check-dead-refusals");
    let (csv, _) = small_deck_results(&blind_a());
    let good = dir.join("dead_cards.small.csv");
    std::fs::write(&good, &csv).expect("written");
    // The same cases under Blind table B: a file of another pay table.
    let (other_csv, _) = small_deck_results(&blind_b());
    let other = dir.join("dead_cards.blind-b.csv");
    std::fs::write(&other, &other_csv).expect("written");
    // A sampled estimate's CSV: the program's own column list, one row.
    let sampled = dir.join("dead_cards.sampled.csv");
    let columns = report::dead::estimate::CSV_COLUMNS;
    let row = vec!["1"; columns.len()].join(",");
    std::fs::write(&sampled, format!("{}\n{row}\n", columns.join(","))).expect("written");
    let collude_2 = figure("collude:2", "gain", "0.1%", Some("gain_per_ante"));
    let with_2 = blind_a_file(&dir, "with-2.toml", &collude_2);
    let with_3 = blind_a_file(
        &dir,
        "with-3.toml",
        &figure("collude:3", "gain", "0.1%", Some("gain_per_ante")),
    );
    let no_measure = blind_a_file(
        &dir,
        "no-measure.toml",
        &figure("collude:2", "gain", "0.1%", None),
    );
    let sampled_case = blind_a_file(
        &dir,
        "collude-4.toml",
        &figure("collude:4", "gain", "0.1%", Some("gain_per_ante")),
    );
    let path = |p: &PathBuf| p.to_str().unwrap().to_string();
    for (table, file, says) in [
        (
            &with_3,
            path(&good),
            "no row for case collude:3 under Blind table blind-a",
        ),
        (
            &with_2,
            path(&other),
            "(they hold collude:2 under blind-b, exposed:1 under blind-b)",
        ),
        (&with_2, path(&sampled), "a sampled estimate"),
        (&no_measure, path(&good), "names its measure"),
        (&sampled_case, path(&good), "has only a sampled estimate"),
    ] {
        let args = ["check", "--paytable", table, "--dead-results", &file];
        let out = uth_edge(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
