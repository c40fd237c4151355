//! Every flag of every command either means something in every run of
//! that command, or is refused (exit code 2, one line, before any work)
//! in a run where it would mean nothing (issue 31: `game --shard 1/2`
//! printed the base game, `game --seen dealer:1 --shard 1/2` started the
//! whole dead-card-free solve, `merge --shard` was accepted).
//!
//! The flags are read from each command's `--help` (the commands from
//! `uth-edge --help`), so a new flag fails this test until it is put in
//! one of the two tables below: [`ALWAYS`] (meaningful in every run) or
//! [`MODE_DEPENDENT`] (with a run where it means nothing, which must be
//! refused). A run that is not refused within [`LIMIT`] has started work
//! and fails the test.

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a refusal may take: it comes before any work (a solve takes
/// seconds, a dead-card run hours).
const LIMIT: Duration = Duration::from_secs(20);

/// Flags every command has and that mean something in every run.
const COMMON: [&str; 5] = ["help", "quiet", "provenance", "format", "out"];

/// Per command, the flags meaningful in every one of its runs.
#[rustfmt::skip]
const ALWAYS: &[(&str, &[&str])] = &[
    ("game", &["blind", "seen"]),
    (
        "strategy",
        &[
            "blind",
            "seen-dealer",
            "seen-flop",
            "seen-turnriver",
            "turnriver-at-flop",
            "dead",
        ],
    ),
    ("merge", &["blind", "leak-ante", "leak-hands-per-hour"]),
    ("trips", &["paytable"]),
    ("six-card", &["paytable", "wager"]),
    (
        "progressive",
        &["paytable", "meter", "players", "wager", "hand", "rate"],
    ),
    ("bad-beat", &["paytable"]),
    ("ultimate-pairs", &["paytable"]),
    (
        "simulate",
        &[
            "hands",
            "seed",
            "blind",
            "strategy",
            "threads",
            "session-hands",
            "payout-limit",
            "no-exact",
            "base-only",
        ],
    ),
    (
        "player-dealer",
        &[
            "players",
            "ante",
            "seat-ante",
            "trips",
            "seat-trips",
            "blind",
            "bank",
            "fees",
            "strategy",
            "rotations",
            "seed",
            "threads",
            "rounds-per-hour",
            "no-exact",
        ],
    ),
    (
        "check",
        &["paytable", "verbose", "seen-results", "dead-results", "strategy", "strategy-results"],
    ),
    // --rules-version: printed in the assumptions, a part of every format;
    // --cross-check-hands: the certification part says what it ran (or that
    // it had no Blind table to run), in every format.
    ("report", &["paytable", "rules-version", "cross-check-hands"]),
    ("compare", &[]),
    ("results", &["paytable", "out-dir", "check", "strategies"]),
    ("tables", &[]),
    ("strategies", &[]),
    (
        "economics",
        &[
            "hands-per-hour",
            "seats",
            "hours",
            "days",
            "wager",
            "no-base-game",
            "ante",
            // The amounts and take-ups of a wager not counted are still
            // read and checked (a typo is refused); see the report.
            "trips-take-up",
            "trips-amount",
            "six-card-take-up",
            "six-card-amount",
            "ultimate-pairs-take-up",
            "ultimate-pairs-amount",
            "ultimate-pairs",
        ],
    ),
    ("completions", &[]),
    ("man", &[]),
    ("what-if", &["paytable", "hand", "add", "remove", "vary"]),
];

/// (command, flag, a run where the flag means nothing, a word the
/// refusal must contain, why the flag means nothing there).
#[rustfmt::skip]
const MODE_DEPENDENT: &[(&str, &str, &[&str], &str, &str)] = &[
    // game: five runs (base, payout limit, seen cards, exact dead cards,
    // sampled collusion); see settings::GameMode.
    ("game", "shard", &["game", "--shard", "1/2"], "--shard", "splits a dead-card run"),
    ("game", "shard", &["game", "--seen", "dealer:1", "--shard", "1/2"], "--shard", "seen cards are not dead cards"),
    ("game", "shard", &["game", "--payout-limit", "50000", "--ante", "5", "--shard", "1/2"], "--shard", "a limit run is not split"),
    ("game", "deck", &["game", "--deck", "16"], "--deck", "shrinks an exact dead-card run's deck"),
    ("game", "deck", &["game", "--seen", "dealer:1", "--deck", "16"], "--deck", "seen cards are on the full deck"),
    ("game", "deck", &["game", "--seen", "collude:4", "--samples", "2", "--deck", "16"], "--deck", "the sample is of the full deck"),
    ("game", "leak-ante", &["game", "--leak-ante", "5"], "--leak-ante", "prices a dead-card leak"),
    ("game", "leak-hands-per-hour", &["game", "--seen", "dealer:1", "--leak-hands-per-hour", "5"], "--leak-hands-per-hour", "prices a dead-card leak"),
    ("game", "samples", &["game", "--payout-limit", "50000", "--ante", "5", "--samples", "5"], "--samples", "samples collusion"),
    ("game", "seed", &["game", "--payout-limit", "50000", "--ante", "5", "--samples", "3", "--seed", "5"], "--samples", "seeds the collusion sample"),
    ("game", "by-class", &["game", "--payout-limit", "50000", "--ante", "5", "--samples", "3", "--by-class"], "--samples", "draws the collusion sample's classes"),
    ("game", "timing", &["game", "--seen", "exposed:1", "--timing"], "--timing", "times the base and seen-card solves only"),
    ("game", "strategy", &["game", "--seen", "dealer:1", "--strategy", "wizard"], "--strategy", "evaluates a strategy on the base game, under a limit or not"),
    ("game", "deck", &["game", "--payout-limit", "50000", "--ante", "5", "--deck", "16"], "--deck", "the optimal limited solve is of the full deck; a strategy's evaluation takes it"),
    ("game", "timing", &["game", "--payout-limit", "50000", "--ante", "5", "--timing"], "--timing", "times the base and seen-card solves only"),
    ("game", "format", &["game", "--seen", "collude:2", "--shard", "1/2", "--format", "json"], "--format", "a shard writes sums, not a document"),
    ("game", "payout-limit", &["game", "--seen", "dealer:1", "--payout-limit", "50000", "--ante", "5"], "--payout-limit", "not with seen cards"),
    ("game", "payout-limit-net", &["game", "--payout-limit-net"], "--payout-limit", "reads the limit"),
    ("game", "ante", &["game", "--ante", "5"], "--payout-limit", "stakes of the limit"),
    ("game", "antes", &["game", "--antes", "5,10"], "--payout-limit", "stakes of the limit"),
    ("game", "trips", &["game", "--trips", "uth-01", "--trips-amount", "5"], "--payout-limit", "counts toward the limit"),
    ("game", "trips-amount", &["game", "--trips-amount", "5"], "--trips", "with --trips"),
    ("game", "table-minimum", &["game", "--table-minimum", "25"], "--payout-limit", "the limit's floor"),
    ("game", "table-minimum", &["game", "--payout-limit", "50000", "--ante", "5", "--table-minimum", "25"], "--table-minimum", "an Ante below the minimum"),
    ("strategy", "deck", &["strategy", "--deck", "16"], "--deck", "a small deck for --dead"),
    ("strategy", "with", &["strategy", "--with", "wizard"], "--with", "needs the spot's cards"),
    ("strategy", "payout-limit", &["strategy", "AsKd", "--seen-dealer", "5c", "--payout-limit", "50000", "--ante", "5"], "--payout-limit", "not with seen cards"),
    ("strategy", "payout-limit-net", &["strategy", "--payout-limit-net"], "--payout-limit", "reads the limit"),
    ("strategy", "ante", &["strategy", "--ante", "5"], "--payout-limit", "stakes of the limit"),
    ("strategy", "antes", &["strategy", "--payout-limit", "50000", "--antes", "5,10"], "--antes", "one Ante a decision"),
    ("strategy", "trips", &["strategy", "--trips", "uth-01", "--trips-amount", "5"], "--payout-limit", "counts toward the limit"),
    ("strategy", "trips-amount", &["strategy", "--trips-amount", "5"], "--trips", "with --trips"),
    ("strategy", "table-minimum", &["strategy", "--table-minimum", "25"], "--payout-limit", "the limit's floor"),
    ("progressive", "reset", &["progressive", "--reset", "500"], "--rate", "a meter needs its rate"),
    ("progressive", "reserve", &["progressive", "--reserve", "1%"], "--rate", "a meter needs its rate"),
    ("progressive", "percent-awards", &["progressive", "--percent-awards", "on-top"], "--percent-awards", "the long run only"),
    ("progressive", "mix", &["progressive", "--mix", "1:3"], "--mix", "the long run only"),
    ("progressive", "wagers-per-hour", &["progressive", "--wagers-per-hour", "30"], "--wagers-per-hour", "the long run only"),
    ("progressive", "simulate", &["progressive", "--simulate", "1000"], "--simulate", "runs the meters"),
    ("progressive", "seed", &["progressive", "--seed", "5"], "--simulate", "seeds --simulate"),
    ("simulate", "ante", &["simulate", "--hands", "100", "--ante", "5"], "--ante", "prices sessions or a limit"),
    ("simulate", "bankroll", &["simulate", "--hands", "100", "--bankroll", "50"], "--session-hands", "a session's"),
    ("simulate", "lose-more-than", &["simulate", "--hands", "100", "--lose-more-than", "5"], "--session-hands", "a session's"),
    ("simulate", "trips", &["simulate", "--hands", "100", "--base-only", "--trips", "uth-01"], "--base-only", "no side bet"),
    ("simulate", "six-card", &["simulate", "--hands", "100", "--base-only", "--six-card", "six-card-a"], "--base-only", "no side bet"),
    ("simulate", "wager", &["simulate", "--hands", "100", "--base-only", "--wager", "5"], "--base-only", "no side bet"),
    ("simulate", "ultimate-pairs", &["simulate", "--hands", "100", "--base-only", "--ultimate-pairs", "ultimate-pairs-example"], "--base-only", "no side bet"),
    ("player-dealer", "trips-table", &["player-dealer", "--trips-table", "uth-02"], "--trips-table", "nobody wagers Trips"),
    ("player-dealer", "win-cap", &["player-dealer", "--win-cap", "on"], "--win-cap", "an unlimited bank has no cap"),
    ("report", "wager", &["report", "--paytable", "uth-01", "--wager", "7"], "--wager", "no Six Card Bonus table"),
    ("report", "player-dealer", &["report", "--paytable", "uth-01", "--player-dealer"], "--player-dealer", "needs a Blind table"),
    ("report", "seen-results", &["report", "--paytable", "uth-01", "--seen-results", "results/seen_cards.csv"], "--seen-results", "HTML only"),
    ("report", "dead-results", &["report", "--paytable", "uth-01", "--dead-results", "results/dead_cards.collude-2.csv"], "--dead-results", "HTML only"),
    ("report", "average-ante", &["report", "--paytable", "uth-01", "--average-ante", "25"], "--average-ante", "the monitoring figures are the base game's"),
    ("report", "hands-per-hour", &["report", "--paytable", "uth-01", "--hands-per-hour", "40"], "--hands-per-hour", "the monitoring figures are the base game's"),
    ("report", "seats", &["report", "--paytable", "uth-01", "--seats", "6"], "--seats", "the monitoring figures are the base game's"),
    ("report", "hours", &["report", "--paytable", "uth-01", "--hours", "10"], "--hours", "the monitoring figures are the base game's"),
    ("report", "practical", &["report", "--paytable", "uth-01", "--practical"], "--practical", "the base game's hold"),
    ("report", "strategies", &["report", "--paytable", "uth-01", "--strategies", "wizard"], "--strategies", "the base game's hold"),
    ("report", "players", &["report", "--paytable", "uth-01", "--players", "wizard:100%"], "--players", "the base game's hold"),
    ("report", "players-file", &["report", "--paytable", "uth-01", "--players-file", "mix.toml"], "--players-file", "the base game's hold"),
    ("report", "payout-limit", &["report", "--paytable", "uth-01", "--payout-limit", "50000", "--ante", "5"], "Blind", "the limit applies to the base game"),
    ("report", "payout-limit-net", &["report", "--paytable", "uth-01", "--payout-limit-net"], "--payout-limit", "reads the limit"),
    ("report", "ante", &["report", "--paytable", "uth-01", "--ante", "5"], "--payout-limit", "stakes of the limit"),
    ("report", "antes", &["report", "--paytable", "uth-01", "--antes", "5,10"], "--payout-limit", "stakes of the limit"),
    ("report", "trips", &["report", "--paytable", "uth-01", "--trips", "uth-01", "--trips-amount", "5"], "--payout-limit", "counts toward the limit"),
    ("report", "trips-amount", &["report", "--paytable", "uth-01", "--trips-amount", "5"], "--trips", "with --trips"),
    ("report", "table-minimum", &["report", "--paytable", "uth-01", "--table-minimum", "25"], "--payout-limit", "the limit's floor"),
    ("report", "table-maximum", &["report", "--paytable", "uth-01", "--table-maximum", "100"], "--payout-limit", "the limit's stakes"),
    ("report", "rate", &["report", "--paytable", "uth-01", "--rate", "15%"], "Progressive", "no meter"),
    ("report", "reset", &["report", "--paytable", "uth-01", "--reset", "500"], "Progressive", "no meter"),
    ("report", "reserve", &["report", "--paytable", "uth-01", "--reserve", "1%"], "Progressive", "no meter"),
    ("report", "wagers-per-hour", &["report", "--paytable", "uth-01", "--wagers-per-hour", "30"], "Progressive", "no meter"),
    ("compare", "wager", &["compare", "uth-01", "--wager", "7"], "--wager", "no Six Card Bonus table"),
    ("economics", "blind", &["economics", "--no-base-game", "--blind", "blind-b"], "--blind", "its wager is not counted"),
    ("economics", "trips", &["economics", "--wager", "base-game", "--trips", "uth-01"], "--trips", "its wager is not counted"),
    ("economics", "six-card", &["economics", "--wager", "trips", "--six-card", "six-card-b"], "--six-card", "its wager is not counted"),
    ("economics", "players", &["economics", "--no-base-game", "--players", "optimal:100%"], "--players", "the mix plays the base game"),
    ("economics", "players-file", &["economics", "--wager", "trips", "--players-file", "mix.toml"], "--players-file", "the mix plays the base game"),
    ("economics", "payout-limit", &["economics", "--no-base-game", "--payout-limit", "50000", "--ante", "10"], "--payout-limit", "the limit applies to the base game"),
    ("economics", "payout-limit-net", &["economics", "--payout-limit-net"], "--payout-limit", "reads the limit"),
    ("what-if", "wager", &["what-if", "--paytable", "uth-01", "--hand", "flush", "--sweep", "3:8:1", "--wager", "7"], "--wager", "no Six Card Bonus table"),
    ("what-if", "wager", &["what-if", "--paytable", "uth-01", "--add", "two_pair=1", "--wager", "7"], "--wager", "no Six Card Bonus table"),
    ("what-if", "edge", &["what-if", "--paytable", "uth-01", "--add", "two_pair=1", "--edge", "2%"], "--edge", "a target for --hand"),
    ("what-if", "sweep", &["what-if", "--paytable", "uth-01", "--vary", "flush=5:6:1", "--sweep", "3:8:1"], "--sweep", "a sweep of --hand"),
    ("what-if", "band", &["what-if", "--paytable", "uth-01", "--hand", "flush", "--sweep", "3:8:1", "--band", "1%..2%"], "--vary", "keeps tables of --vary"),
    ("what-if", "band", &["what-if", "--paytable", "uth-01", "--hand", "flush", "--edge", "2%", "--band", "1%..2%"], "--vary", "keeps tables of --vary"),
    ("what-if", "rank", &["what-if", "--paytable", "uth-01", "--hand", "flush", "--sweep", "3:8:1", "--rank", "volatility"], "--vary", "orders tables of --vary"),
    ("what-if", "top", &["what-if", "--paytable", "uth-01", "--hand", "flush", "--sweep", "3:8:1", "--top", "5"], "--vary", "counts tables of --vary"),
];

/// Runs the binary (in the crate's directory, for `results/`), killed
/// after [`LIMIT`]: its exit code (`None` if it had to be killed) and its
/// standard error.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uth-edge"))
        .env("UTH_EDGE_STAGE_LOG", "off")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("waits").is_some() {
            let out = child.wait_with_output().expect("its output");
            return (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            );
        }
        if start.elapsed() > LIMIT {
            child.kill().expect("killed");
            child.wait().expect("reaped");
            return (None, String::new());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The text of `uth-edge ARGS --help`.
fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_uth-edge"))
        .env("UTH_EDGE_STAGE_LOG", "off")
        .args(args)
        .arg("--help")
        .output()
        .expect("the binary runs");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The long flags a command's help lists (an option line starts within
/// six spaces of the margin; a description's wrapped lines further in).
fn flags_of(command: &str) -> BTreeSet<String> {
    help(&[command])
        .lines()
        .filter(|l| l.len() - l.trim_start().len() <= 6 && l.trim_start().starts_with('-'))
        .filter_map(|l| {
            l.split([' ', ',', '='])
                .find(|w| w.starts_with("--"))
                .map(|w| w.trim_start_matches('-').to_string())
        })
        .collect()
}

/// The subcommands `uth-edge --help` lists (without `help`).
fn commands() -> Vec<String> {
    help(&[])
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn every_flag_of_every_command_is_classified() {
    // Fact: the commands' help lists their flags; each is in one table.
    let always: BTreeMap<&str, &[&str]> = ALWAYS.iter().copied().collect();
    let mut missing = vec![];
    for command in commands() {
        let listed = always
            .get(command.as_str())
            .unwrap_or_else(|| panic!("{command}: not in ALWAYS (add its flags)"));
        for flag in flags_of(&command) {
            let known = COMMON.contains(&flag.as_str())
                || listed.contains(&flag.as_str())
                || MODE_DEPENDENT
                    .iter()
                    .any(|(c, f, ..)| *c == command && *f == flag);
            if !known {
                missing.push(format!("{command} --{flag}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "flags in neither ALWAYS nor MODE_DEPENDENT: {missing:?}"
    );
    // And the tables name only flags that exist.
    for (command, flag, ..) in MODE_DEPENDENT {
        assert!(
            flags_of(command).contains(*flag),
            "{command} has no --{flag}"
        );
    }
}

#[test]
fn a_flag_that_means_nothing_in_a_run_is_refused_before_any_work() {
    let mut failures = vec![];
    for (_, flag, args, says, why) in MODE_DEPENDENT {
        let (code, err) = run(args);
        let ok = code == Some(2) && err.lines().count() == 1 && err.contains(says);
        if !ok {
            failures.push(format!(
                "--{flag} ({why}): `uth-edge {}` gave {} {err:?}",
                args.join(" "),
                code.map_or(
                    "no exit in time (it started work)".to_string(),
                    |c| format!("exit {c}")
                )
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn merge_has_no_shard_and_a_shard_needs_a_class() {
    // Fact: `merge` adds every shard (issue 31: it accepted `--shard`);
    // collude:2 has 169 partner classes (the 169 starting-hand classes,
    // 13 pairs + 78 suited + 78 offsuit), so 200 shards leave 31 empty.
    assert!(!flags_of("merge").contains("shard"));
    let (code, err) = run(&["game", "--seen", "collude:2", "--shard", "200/200"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("169 classes"), "{err}");
}

#[test]
fn exposed_and_collude_3_shards_are_counted_in_classes_of_the_dead_cards() {
    // Facts: one exposed card falls into 13 classes under the suit
    // renamings (its rank); four partner cards into 16,432 (Burnside's
    // count, `collusion_partners.rs`). Each is one solve of the base game,
    // so a shard is a set of them: one shard more than classes is refused
    // before any work (the old count, by (player, dead) classes, took
    // these shards and started solving).
    for (case, shards, says) in [
        ("exposed:1", "14/14", "13 classes"),
        ("collude:3", "16433/16433", "16432 classes"),
    ] {
        let (code, err) = run(&["game", "--seen", case, "--shard", shards]);
        assert_eq!(code, Some(2), "{case}: {err}");
        assert!(err.contains(says), "{case}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{case}: {err}");
    }
}

#[test]
fn a_bare_number_is_refused_wherever_a_percentage_is_meant() {
    // Fact (issue 31): `--edge 0.02` meant 2% and `--rate 0.15` meant
    // 0.15%; every percentage is now written with its % sign, and a bare
    // number is refused with both readings (0.15 as a fraction is 15%).
    let cases: [(&[&str], &str); 8] = [
        (&["progressive", "--rate", "0.15"], "write 15% or 0.15%"),
        (
            &["progressive", "--rate", "15%", "--reserve", "0.01"],
            "write 1% or 0.01%",
        ),
        (&["report", "--rate", "0.15"], "write 15% or 0.15%"),
        (
            &[
                "what-if",
                "--paytable",
                "uth-01",
                "--hand",
                "flush",
                "--edge",
                "0.02",
            ],
            "write 2% or 0.02%",
        ),
        (
            &[
                "what-if",
                "--paytable",
                "uth-03",
                "--vary",
                "flush=5:8:0.5",
                "--band",
                "0.025..3.5%",
            ],
            "write 2.5% or 0.025%",
        ),
        (
            &["economics", "--trips-take-up", "0.4"],
            "write 40% or 0.4%",
        ),
        (&["economics", "--six-card-take-up", "0"], "write 0% or 0%"),
        (
            &["economics", "--ultimate-pairs-take-up", "0.1"],
            "write 10% or 0.1%",
        ),
    ];
    for (args, says) in cases {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(says) && err.contains("bare number"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_negative_amount_gets_the_amounts_refusal() {
    // Fact (issue 31): `--ante -5` was taken for an unknown flag
    // ("unexpected argument '-5'"); an amount's own refusal names it.
    let cases: [&[&str]; 6] = [
        &["game", "--payout-limit", "50000", "--ante", "-5"],
        &["game", "--payout-limit", "-5", "--ante", "5"],
        &["strategy", "--payout-limit", "50000", "--antes", "-5,10"],
        &[
            "report",
            "--payout-limit",
            "50000",
            "--ante",
            "5",
            "--table-maximum",
            "-5",
        ],
        &["economics", "--ante", "-5"],
        &["game", "--seen", "collude:2", "--leak-ante", "-5"],
    ];
    for args in cases {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains(" -5: the amount must be more than $0"),
            "{args:?}: {err}"
        );
    }
}
