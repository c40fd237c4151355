//! Dead cards over a whole game (`game --seen exposed:1`, `collude:K`) and
//! the preflop spot with dead cards (`strategy HOLE --dead CARDS`), against
//! computations that share none of the engine's shortcuts:
//! - a brute force that takes every (player cards, dead cards) situation one
//!   by one, without suit symmetry, and plays every deal of the deck less the
//!   dead cards (every board's showdowns evaluated against every dealer
//!   holding and settled by `rules::settlement`, each decision taken on the
//!   sums of exactly the deals the player cannot tell apart:
//!   `seen_brute::brute_situation` with no dealer card seen);
//! - with no dead card, the base-game solver (itself checked against brute
//!   force in `solver.rs`) and its preflop spot enumeration.

use crate::common::{blind_a, long_tests, nets, random_cards, stderr, stdout, uth_edge};
use crate::seen_brute::{brute_situation, Line};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use uth_edge::cards::canonical::{deck_of_ranks, for_each_subset};
use uth_edge::cards::{Card, CardSet};
use uth_edge::exact::game::{solve as solve_base, spot, Action, Decision, RiverTable};
use uth_edge::exact::seen::dead::{self, DeadCase, DeadSums, Shard};
use uth_edge::exact::seen::Tally;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;

/// The engine's sums of `case` on `deck` (every class, or one shard).
fn engine(deck: CardSet, table: &PayTable, case: DeadCase, shard: Shard) -> DeadSums {
    dead::solve(table, deck, case, shard, &Silent, &mut |_| {}).expect("solvable")
}

/// The whole game with `dead` dead cards by brute force over every
/// situation, unreduced: the scale and the tally.
pub(crate) fn brute_game(deck: CardSet, table: &PayTable, dead: usize) -> (i128, Tally) {
    let nets = nets(table);
    let mut situations = vec![];
    for_each_subset(deck, 2, |p| {
        for_each_subset(deck.minus(p), dead, |d| situations.push((p, d)))
    });
    let total = situations
        .par_iter()
        .map(|&(p, d)| Line::best(&brute_situation(deck.minus(d), &nets, p, CardSet::EMPTY).none))
        .reduce(Line::default, |mut a, b| {
            a.add(&b);
            a
        });
    (nets.scale, total.tally())
}

/// [`brute_game`] of collude:2 (two dead cards) on sixteen cards (jack to
/// ace) under Blind table A, computed once per test binary: three tests
/// compare with it (the engine here, `merge` and the partner classes of
/// `collusion_partners.rs`).
pub(crate) fn brute_collude_2_sixteen() -> &'static (i128, Tally) {
    static BRUTE: std::sync::OnceLock<(i128, Tally)> = std::sync::OnceLock::new();
    BRUTE.get_or_init(|| brute_game(deck_of_ranks(&[9, 10, 11, 12]), &blind_a(), 2))
}

/// The engine's tally in units of `1/scale`.
fn rescaled(sums: &DeadSums, scale: i128) -> Tally {
    let f = scale / sums.scale as i128;
    assert_eq!(f * sums.scale as i128, scale);
    let t = &sums.tally;
    Tally {
        deals: t.deals,
        value: t.value * f,
        square: t.square * f * f,
        actions: t.actions,
    }
}

fn compare_whole_game(deck: CardSet, case: DeadCase) {
    let table = blind_a();
    let sums = engine(deck, &table, case, Shard::ALL);
    let (scale, expected) = brute_game(deck, &table, case.dead_cards());
    assert_eq!(rescaled(&sums, scale), expected, "{case}");
}

#[test]
fn two_colluders_sixteen_card_game_matches_brute_force() {
    // Sixteen cards (jack to ace): each player knows his partner's two.
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let sums = engine(deck, &blind_a(), DeadCase::Collude(2), Shard::ALL);
    let (scale, expected) = brute_collude_2_sixteen();
    assert_eq!(rescaled(&sums, *scale), *expected);
}

#[test]
fn an_exposed_card_sixteen_card_game_matches_brute_force() {
    compare_whole_game(deck_of_ranks(&[9, 10, 11, 12]), DeadCase::Exposed);
}

#[test]
fn an_exposed_card_twenty_card_game_matches_brute_force() {
    // Twenty cards (ten to ace): the dealer sometimes fails to qualify.
    // Long (three minutes of CPU): the sixteen-card case above compares
    // the same engine with the same brute force on every run.
    if !long_tests() {
        return;
    }
    compare_whole_game(deck_of_ranks(&[8, 9, 10, 11, 12]), DeadCase::Exposed);
}

#[test]
fn one_colluder_is_the_base_game() {
    // collude:1 (no partner) against the base-game solver, a different
    // engine: value, deals and the deals of each final Play, exactly.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let sums = engine(deck, &table, DeadCase::Collude(1), Shard::ALL);
    let river = RiverTable::build(deck, &Silent);
    let base = solve_base(&river, &table, &Silent);
    assert_eq!(sums.tally.deals, base.sequences as i128);
    assert_eq!(
        sums.per_ante(),
        Fraction::new(
            base.total_value,
            base.sequences as i128 * base.payoffs.scale as i128
        )
    );
    for (play, &deals) in sums.tally.actions.iter().enumerate() {
        let base_deals: u64 = base.tally[play].iter().flatten().sum();
        assert_eq!(deals, base_deals as i128, "Play {play}");
    }
}

#[test]
fn shards_merge_to_the_same_bytes_whatever_the_split() {
    // Three colluders on sixteen cards (four dead cards): the whole run's
    // sums against the merge of its shards for several splits, the shards
    // given in reverse order, each written and read back as text.
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let table = blind_a();
    let case = DeadCase::Collude(3);
    let whole = engine(deck, &table, case, Shard::ALL).to_text();
    for count in [2, 3, 7] {
        let mut parts: Vec<DeadSums> = (1..=count)
            .rev()
            .map(|index| {
                let text = engine(deck, &table, case, Shard { index, count }).to_text();
                DeadSums::parse(&text).expect("reads its own text")
            })
            .collect();
        assert_eq!(DeadSums::merge(&parts).unwrap().to_text(), whole, "{count}");
        // A shard missing, or given twice: refused, naming it.
        let last = parts.pop().unwrap();
        let missing = DeadSums::merge(&parts).unwrap_err();
        assert!(
            missing.contains(&format!("{}/{count}", last.shard.index)),
            "{missing}"
        );
        parts.push(parts[0].clone());
        assert!(DeadSums::merge(&parts).unwrap_err().contains("twice"));
    }
}

/// The preflop choices of `hole` with `dead` out of `deck` by brute force,
/// per hand in Antes: `[raise 4x, raise 3x, check]` and the best (the
/// smaller bet on a tie).
fn brute_preflop(
    deck: CardSet,
    table: &PayTable,
    hole: (Card, Card),
    dead: CardSet,
) -> (Vec<(Decision, Fraction)>, Decision) {
    let nets = nets(table);
    let player = CardSet::from_cards(&[hole.0, hole.1]);
    let [check, three, four] =
        brute_situation(deck.minus(dead), &nets, player, CardSet::EMPTY).none;
    let deals: i128 = check.actions.iter().sum();
    let per = |l: Line| Fraction::new(l.value, deals * nets.scale);
    let best = Line::best(&[check, three, four]);
    let best = if best == check {
        Decision::Check
    } else if best == three {
        Decision::Raise(Action::Raise3x)
    } else {
        Decision::Raise(Action::Raise4x)
    };
    (
        vec![
            (Decision::Raise(Action::Raise4x), per(four)),
            (Decision::Raise(Action::Raise3x), per(three)),
            (Decision::Check, per(check)),
        ],
        best,
    )
}

#[test]
fn preflop_spots_with_dead_cards_match_brute_force() {
    // Twenty cards (ten to ace); 12 random holdings with 1 to 4 dead cards.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2626);
    for _ in 0..12 {
        let hole = random_cards(&mut rng, deck, 2);
        let d = 1 + (rng.next_u64() % 4) as usize;
        let dead = CardSet::from_cards(&random_cards(
            &mut rng,
            deck.minus(CardSet::from_cards(&hole)),
            d,
        ));
        let advice = dead::preflop_advice(&table, deck, (hole[0], hole[1]), dead).unwrap();
        let (options, best) = brute_preflop(deck, &table, (hole[0], hole[1]), dead);
        assert_eq!(advice.options, options, "{hole:?} dead {dead}");
        assert_eq!(advice.best, best, "{hole:?} dead {dead}");
    }
}

#[test]
fn preflop_spot_without_dead_cards_is_the_spot_enumeration() {
    // No dead card: the base game's own preflop spot (another enumeration).
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let table = blind_a();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(26);
    for _ in 0..6 {
        let hole = random_cards(&mut rng, deck, 2);
        let ours = dead::preflop_advice(&table, deck, (hole[0], hole[1]), CardSet::EMPTY).unwrap();
        let theirs = spot::preflop_advice(&table, deck, hole[0], hole[1]).unwrap();
        assert_eq!(ours, theirs, "{hole:?}");
    }
}

#[test]
fn merge_prints_the_brute_force_figures() {
    // `uth-edge merge` on the sums of three shards of a sixteen-card
    // collude:2 run (written by the library): the player's exact
    // expectation per Ante is the brute force's.
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let table = blind_a();
    let case = DeadCase::Collude(2);
    let dir = std::env::temp_dir().join(format!("uth-edge-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = vec![];
    for index in 1..=3 {
        let path = dir.join(format!("shard-{index}.sums"));
        let sums = engine(deck, &table, case, Shard { index, count: 3 });
        std::fs::write(&path, sums.to_text()).unwrap();
        files.push(path.display().to_string());
    }
    let &(scale, ref brute) = brute_collude_2_sixteen();
    let expected = Fraction::new(brute.value, brute.deals * scale);
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--format", "csv"]);
    let out = uth_edge(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(&format!(",{expected},")),
        "{expected} not in {text}"
    );
    // Two shards of three: refused in one line, exit code 2.
    let out = uth_edge(&["merge", &files[0], &files[2]]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("shards missing: 2/3"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn game_on_a_small_deck_prints_the_brute_force_figures() {
    // `uth-edge game --seen collude:2 --deck 16` (the cheap case a cluster
    // test shards): the player's exact expectation per Ante is the brute
    // force's on the sixteen cards, and its shards merge to the same bytes.
    let &(scale, ref brute) = brute_collude_2_sixteen();
    let expected = Fraction::new(brute.value, brute.deals * scale);
    let whole = super::common::collude_2_sixteen_run();
    let text = stdout(&whole);
    assert!(
        text.contains(&format!(",{expected},")),
        "{expected} not in {text}"
    );
    let dir = std::env::temp_dir().join(format!("uth-edge-game-deck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut args = vec!["merge".to_string()];
    for index in 1..=2 {
        let path = dir.join(format!("{index}.sums")).display().to_string();
        let shard = format!("{index}/2");
        let out = uth_edge(&[
            "--quiet",
            "game",
            "--seen",
            "collude:2",
            "--deck",
            "16",
            "--shard",
            &shard,
            "-o",
            &path,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        args.push(path);
    }
    args.extend(["--format".into(), "csv".into()]);
    let merged = uth_edge(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(stdout(&merged), text);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn dead_card_cases_out_of_reach_are_refused_in_one_line() {
    for (args, says) in [
        (&["game", "--seen", "collude:4"][..], "give --samples N"),
        (&["game", "--seen", "collude:7"], "K = 1 to 6"),
        (&["game", "--seen", "exposed:2"], "exposed:1"),
        (
            &["game", "--seen", "collude:2", "--seen", "dealer:1"],
            "go alone",
        ),
        (
            &["game", "--seen", "collude:2", "--shard", "4/3"],
            "--shard",
        ),
        (
            &["game", "--seen", "collude:2", "--leak-hands-per-hour", "0"],
            "at least 1",
        ),
        (
            &["game", "--seen", "collude:2", "--deck", "18"],
            "multiple of 4",
        ),
        (
            &["game", "--deck", "16"],
            "means nothing in a solve of the base game",
        ),
        (
            &[
                "game",
                "--seen",
                "collude:2",
                "--samples",
                "2",
                "--deck",
                "16",
            ],
            "means nothing in a sampled",
        ),
        (
            &[
                "game",
                "--seen",
                "collude:2",
                "--deck",
                "16",
                "--shard",
                "1/17",
            ],
            "16 classes",
        ),
    ] {
        let out = uth_edge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn quiet_shards_print_nothing_on_standard_error() {
    // `--quiet` promises no progress and no stage log (docs/commands.md);
    // a shard printed its class count and projected cost regardless. The
    // same shard without --quiet prints both lines (the cluster scripts'
    // logs keep them), and the sums are the same bytes either way.
    let dir = std::env::temp_dir().join(format!("uth-edge-quiet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (case, deck, shard) in [("collude:2", "20", "1/10"), ("exposed:1", "16", "1/2")] {
        let run = |quiet: bool| {
            let path = dir.join(format!("{case}-{quiet}.sums"));
            let mut args = vec![];
            if quiet {
                args.push("--quiet");
            }
            let out_path = path.display().to_string();
            args.extend([
                "game", "--seen", case, "--deck", deck, "--shard", shard, "-o", &out_path,
            ]);
            let out = uth_edge(&args);
            assert!(out.status.success(), "{case}: {}", stderr(&out));
            (stderr(&out), std::fs::read(&path).unwrap())
        };
        let (quiet_err, quiet_sums) = run(true);
        assert_eq!(quiet_err, "", "{case} --quiet");
        let (loud_err, loud_sums) = run(false);
        let lines: Vec<&str> = loud_err.lines().collect();
        assert_eq!(lines.len(), 2, "{case}: {loud_err}");
        assert!(lines[0].starts_with(&format!("{case}: ")) && lines[0].contains(" classes of "));
        assert!(lines[1].contains("projected"), "{case}: {loud_err}");
        assert_eq!(quiet_sums, loud_sums, "{case}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
