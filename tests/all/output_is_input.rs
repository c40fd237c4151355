//! No output of a run is one of its inputs (issue 31): every command that
//! writes a file (`-o`, `--provenance`, `results --out-dir`) given one of
//! its own input files as that output, by its path or through a symbolic
//! link, is refused in one line (exit code 2) before any work, and the
//! input's bytes are unchanged. Before, `merge 1-of-13.sums ... -o
//! 1-of-13.sums` (and the same through a link, or with `--provenance
//! 3-of-13.sums`) exited 0 having replaced a shard's exact sums by the
//! merged report.

use crate::common::{stderr, uth_edge};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const CRATE: &str = env!("CARGO_MANIFEST_DIR");

/// An empty scratch directory of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("output-is-input-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of the crate's file `from` in `dir`, named `name`.
fn copy(from: &str, dir: &Path, name: &str) -> String {
    let to = dir.join(name);
    fs::copy(format!("{CRATE}/{from}"), &to).unwrap();
    to.to_str().unwrap().to_string()
}

/// Runs `args` with the input `input` also given as the output `how`
/// (`-o`, `--provenance`), by its path and through a symbolic link to it:
/// each refused at once, in one line naming the output, and `input`
/// unchanged.
fn assert_each_refused(args: &[&str], input: &str) {
    let before = fs::read(input).unwrap();
    let link = format!("{input}.link");
    let _ = fs::remove_file(&link);
    std::os::unix::fs::symlink(input, &link).unwrap();
    for flag in ["-o", "--provenance"] {
        for output in [input, link.as_str()] {
            let mut line: Vec<&str> = args.to_vec();
            line.extend(["--quiet", flag, output]);
            let started = Instant::now();
            let out = uth_edge(&line);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{line:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{line:?}: one line: {err}");
            assert!(err.contains(output), "{line:?}: names the output: {err}");
            assert!(
                err.contains("is also an input"),
                "{line:?}: says why: {err}"
            );
            assert!(out.stdout.is_empty(), "{line:?}: nothing written");
            // Before any work: the lightest of these commands' work (a
            // side bet's enumeration) takes longer than reading the flags.
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "{line:?}: refused only after {:?}",
                started.elapsed()
            );
            assert_eq!(fs::read(input).unwrap(), before, "{line:?}: unchanged");
        }
    }
}

#[test]
fn every_command_refuses_to_write_over_its_inputs() {
    let dir = scratch("walk");
    let blind = copy("paytables/blind-a.toml", &dir, "blind.toml");
    let trips = copy("paytables/uth-01.toml", &dir, "trips.toml");
    let trips2 = copy("paytables/uth-02.toml", &dir, "trips2.toml");
    let six = copy("paytables/six-card-a.toml", &dir, "six.toml");
    let progressive = copy("paytables/progressive-md.toml", &dir, "progressive.toml");
    let bad_beat = copy("paytables/bad-beat-dg.toml", &dir, "bad-beat.toml");
    let pairs = copy("paytables/ultimate-pairs-example.toml", &dir, "pairs.toml");
    let fees = copy("examples/collection-example.toml", &dir, "fees.toml");
    let seen = copy("results/seen_cards.csv", &dir, "seen.csv");
    let dead = copy("results/dead_cards.collude-2.csv", &dir, "dead.csv");
    let shards: Vec<String> = (1..=13)
        .map(|i| {
            let name = format!("{i}-of-13.sums");
            copy(&format!("results/dead_cards.collude-2/{name}"), &dir, &name)
        })
        .collect();
    let shard_args: Vec<&str> = shards.iter().map(String::as_str).collect();

    // Each command with each kind of input file it reads.
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["game", "--blind", &blind], &blind),
        (
            vec![
                "game",
                "--seen",
                "collude:2",
                "--shard",
                "1/13",
                "--blind",
                &blind,
            ],
            &blind,
        ),
        (
            vec![
                "game",
                "--seen",
                "collude:2",
                "--samples",
                "10",
                "--blind",
                &blind,
            ],
            &blind,
        ),
        (
            vec![
                "game",
                "--payout-limit",
                "1000",
                "--ante",
                "10",
                "--trips",
                &trips,
                "--trips-amount",
                "5",
            ],
            &trips,
        ),
        (vec!["strategy", "AsKd", "--blind", &blind], &blind),
        ([&["merge"], &shard_args[..]].concat(), &shards[0]),
        ([&["merge"], &shard_args[..]].concat(), &shards[2]),
        (
            [&["merge"], &shard_args[..], &["--blind", &blind]].concat(),
            &blind,
        ),
        (vec!["trips", "--paytable", &trips], &trips),
        (vec!["six-card", "--paytable", &six], &six),
        (
            vec!["progressive", "--paytable", &progressive],
            &progressive,
        ),
        (vec!["bad-beat", "--paytable", &bad_beat], &bad_beat),
        (vec!["ultimate-pairs", "--paytable", &pairs], &pairs),
        (
            vec!["simulate", "--hands", "1e6", "--blind", &blind],
            &blind,
        ),
        (vec!["player-dealer", "--blind", &blind], &blind),
        (vec!["player-dealer", "--fees", &fees], &fees),
        (vec!["economics", "--blind", &blind], &blind),
        (vec!["economics", "--trips", &trips], &trips),
        (
            vec![
                "what-if",
                "--paytable",
                &trips,
                "--hand",
                "flush",
                "--edge",
                "3%",
            ],
            &trips,
        ),
        (vec!["check", "--paytable", &trips], &trips),
        (vec!["check", "--seen-results", &seen], &seen),
        (vec!["check", "--dead-results", &dead], &dead),
        (vec!["report", "--paytable", &trips], &trips),
        (
            vec!["report", "--format", "html", "--seen-results", &seen],
            &seen,
        ),
        (
            vec!["report", "--format", "html", "--dead-results", &dead],
            &dead,
        ),
        (vec!["compare", &trips, &trips2], &trips2),
    ];
    for (args, input) in &cases {
        assert_each_refused(args, input);
    }
    // The commands without -o: `tables validate` and `results --check`
    // write only --provenance; `results --out-dir` writes its files, here
    // onto a pay table kept in the directory under a results file's name.
    let results = dir.join("results");
    fs::create_dir_all(&results).unwrap();
    let kept = copy("paytables/uth-01.toml", &results, "trips.csv");
    let r = results.to_str().unwrap();
    let d = dir.to_str().unwrap();
    for (line, input) in [
        (
            vec!["tables", "validate", &trips, "--provenance", &trips],
            &trips,
        ),
        (
            vec![
                "results",
                "--paytable",
                &trips,
                "--check",
                d,
                "--provenance",
                &trips,
            ],
            &trips,
        ),
        (vec!["results", "--paytable", &kept, "--out-dir", r], &kept),
    ] {
        let before = fs::read(input).unwrap();
        let out = uth_edge(&line);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{line:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{line:?}: one line: {err}");
        assert!(err.contains("is also an input"), "{line:?}: {err}");
        assert_eq!(fs::read(input).unwrap(), before, "{line:?}: unchanged");
    }
}
