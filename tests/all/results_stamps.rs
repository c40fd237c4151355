//! Results files and shards of sums are matched to their pay table by the
//! SHA-256 of its contents, not by its id, and refused when changed after
//! they were written (issue 31):
//! - a table with id `blind-a` that pays a flush 2 to 1 (not Blind table A)
//!   is refused by `check`, `report` and `merge` against the committed
//!   results, naming both digests, before any work;
//! - a shard of sums with a digit changed, a sign flipped, all zeros, deals
//!   by Play not adding to its deals, or a set of shards whose deals do not
//!   add to the case's count (C(n,2)·C(n−2,d)·C(n−2−d,3)·C(n−5−d,2)·C(n−7−d,2),
//!   counted here independently) is refused in one line, exit code 2;
//! - a dead-card results CSV whose deals, shares of hands or dollars per
//!   hour were changed is refused, and so is a file of the first version.
//!
//! The 16-card shards are computed here by the library (`dead::solve`).

use crate::common::{blind_a, small_dead_card_results, stderr, stdout, uth_edge};
use std::path::PathBuf;
use uth_edge::analysis::dead_results;
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::exact::seen::dead::{self, DeadCase, DeadSums, Shard};
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::PayTable;

const RESULTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/results");

fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `uth-edge ARGS` must exit 2 with one line on standard error that holds
/// every one of `says`.
fn refused(args: &[&str], says: &[&str]) {
    let out = uth_edge(args);
    let err = stderr(&out);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: {err}{}",
        stdout(&out)
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for s in says {
        assert!(err.contains(s), "{args:?}: {s:?} not in {err}");
    }
}

#[test]
fn a_table_that_only_shares_blind_a_s_id_is_refused_naming_both_digests() {
    let dir = temp_dir("impostor-blind-a");
    let genuine = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/blind-a.toml"
    ))
    .expect("blind-a.toml");
    // The same file, id and published figures, but the flush paid 2 to 1.
    let text = genuine.replace("flush = \"3 to 2\"", "flush = \"2 to 1\"");
    assert_ne!(text, genuine);
    let impostor = dir.join("impostor.toml");
    std::fs::write(&impostor, &text).expect("written");
    let impostor = impostor.to_str().expect("UTF-8 path");
    let real = blind_a().contents_sha256();
    let fake = PayTable::from_toml(&text, "impostor")
        .expect("valid")
        .contents_sha256();
    assert_ne!(real, fake);
    let seen = format!("{RESULTS}/seen_cards.csv");
    let collusion = format!("{RESULTS}/dead_cards.collude-2.csv");
    let digests = [real.as_str(), fake.as_str()];
    refused(
        &["check", "--paytable", impostor, "--seen-results", &seen],
        &digests,
    );
    refused(
        &[
            "check",
            "--paytable",
            impostor,
            "--dead-results",
            &collusion,
        ],
        &digests,
    );
    refused(
        &[
            "report",
            "--paytable",
            impostor,
            "--format",
            "html",
            "--dead-results",
            &collusion,
        ],
        &digests,
    );
    refused(
        &[
            "report",
            "--paytable",
            impostor,
            "--format",
            "html",
            "--seen-results",
            &seen,
        ],
        &digests,
    );
    let shards: Vec<String> = (1..=13)
        .map(|i| format!("{RESULTS}/dead_cards.collude-2/{i}-of-13.sums"))
        .collect();
    let mut args = vec!["merge"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--blind", impostor]);
    refused(&args, &digests);
}

/// The number of deals of a dead-card case on `n` cards with `d` dead
/// cards, counted as the deal is made: the player's two cards, the dead
/// cards, three flop cards, two for the turn and river, the dealer's two.
fn deals(n: i128, d: i128) -> i128 {
    let choose = |n: i128, k: i128| (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1));
    choose(n, 2)
        * choose(n - 2, d)
        * choose(n - 2 - d, 3)
        * choose(n - 5 - d, 2)
        * choose(n - 7 - d, 2)
}

#[test]
fn tampered_shards_are_refused_by_merge() {
    let dir = temp_dir("tampered-shards");
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let table = blind_a();
    let shards: Vec<DeadSums> = (1..=3)
        .map(|index| {
            dead::solve(
                &table,
                deck,
                DeadCase::Collude(2),
                Shard { index, count: 3 },
                &Silent,
                &mut |_| {},
            )
            .expect("solvable")
        })
        .collect();
    // The shards' deals add to the independent count of the case.
    let total: i128 = shards.iter().map(|s| s.tally.deals).sum();
    assert_eq!(total, deals(16, 2));
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("written");
        path.to_str().expect("UTF-8 path").to_string()
    };
    let good: Vec<String> = shards
        .iter()
        .enumerate()
        .map(|(i, s)| write(&format!("{}.sums", i + 1), &s.to_text()))
        .collect();
    let merge = |second: &str, says: &[&str]| {
        refused(&["merge", &good[0], second, &good[2]], says);
    };
    let text = shards[1].to_text();
    let line = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .expect("a line")
            .to_string()
    };
    // One digit of each sum changed, the value's sign flipped, all zeros:
    // the checksum no longer matches the lines.
    for name in ["value", "square", "deals", "actions"] {
        let old = line(name);
        let digit = old.rfind(|c: char| c.is_ascii_digit()).expect("a digit");
        let mut new = old.clone();
        let d = new.as_bytes()[digit];
        new.replace_range(digit..=digit, if d == b'7' { "3" } else { "7" });
        let path = write(&format!("digit-{name}.sums"), &text.replace(&old, &new));
        merge(&path, &["checksum"]);
    }
    let value = line("value");
    let flipped = match value.strip_prefix("value -") {
        Some(v) => format!("value {v}"),
        None => value.replacen("value ", "value -", 1),
    };
    merge(
        &write("sign.sums", &text.replace(&value, &flipped)),
        &["checksum"],
    );
    let mut zeros = text.clone();
    for name in ["deals", "value", "square"] {
        zeros = zeros.replace(&line(name), &format!("{name} 0"));
    }
    zeros = zeros.replace(&line("actions"), "actions 0 0 0 0 0");
    merge(&write("zeros.sums", &zeros), &["checksum"]);
    // The same, written with a checksum of its own lines: the identities.
    let mut zero_sums = shards[1].clone();
    zero_sums.tally = Default::default();
    merge(
        &write("zeros-summed.sums", &zero_sums.to_text()),
        &["deals add to", &deals(16, 2).to_string()],
    );
    let mut unplayed = shards[1].clone();
    unplayed.tally.actions[4] += 1;
    merge(
        &write("actions.sums", &unplayed.to_text()),
        &["actions", "do not add to the deals"],
    );
    // Shard 3's sums in place of shard 2's: every shard is there, but the
    // deals do not add up.
    let mut moved = shards[2].clone();
    moved.shard = Shard { index: 2, count: 3 };
    merge(&write("moved.sums", &moved.to_text()), &["deals add to"]);
    // A file of the first version: how to stamp it.
    let v1 = "uth-edge dead-card sums v1\ncase collude:2\n";
    merge(&write("v1.sums", v1), &["stamp_results"]);
}

#[test]
fn a_tampered_dead_results_file_is_refused() {
    let (sums, _, csv) = small_dead_card_results(&blind_a());
    assert_eq!(sums[0].tally.deals, deals(16, 2));
    assert_eq!(sums[1].tally.deals, deals(16, 1));
    let lines: Vec<&str> = csv.lines().collect();
    let column = |name: &str| {
        dead_results::CSV_COLUMNS
            .iter()
            .position(|c| *c == name)
            .expect("a column")
    };
    let with = |name: &str, value: &str| {
        let mut fields: Vec<&str> = lines[1].split(',').collect();
        fields[column(name)] = value;
        format!("{}\n{}\n{}\n", lines[0], fields.join(","), lines[2])
    };
    let field = |name: &str| {
        lines[1]
            .split(',')
            .nth(column(name))
            .expect("a field")
            .to_string()
    };
    assert!(dead_results::read(&csv, "f.csv").is_ok());
    let deals_plus = (deals(16, 2) + 1).to_string();
    let raise_4x = format!("{}", field("raise_4x").parse::<f64>().unwrap() + 0.01);
    let loss = format!(
        "{:.2}",
        field("house_loss_per_hour").parse::<f64>().unwrap() + 0.01
    );
    for (text, says) in [
        (with("deals", &deals_plus), "deals"),
        (with("raise_4x", &raise_4x), "shares"),
        (with("house_loss_per_hour", &loss), "house_loss_per_hour"),
        (with("ante", "20"), "house_loss_per_hour"),
        (with("paytable_sha256", "abc"), "paytable_sha256"),
    ] {
        let err = dead_results::read(&text, "f.csv").expect_err(says);
        assert_eq!(err.line, 2, "{err}");
        assert!(err.to_string().contains(says), "{says}: {err}");
    }
    // The first version's columns (no digest, engine, deck or stakes).
    let old = lines[0]
        .split(',')
        .filter(|c| {
            ![
                "paytable_sha256",
                "engine",
                "deck",
                "ante",
                "hands_per_hour",
            ]
            .contains(c)
        })
        .collect::<Vec<_>>()
        .join(",");
    let err = dead_results::read(&format!("{old}\n"), "f.csv").expect_err("old");
    assert!(err.to_string().contains("stamp_results"), "{err}");
}

/// The committed shard 1 of collude:2 with its `scale` line set to
/// `scale` and checksummed again (SHA-256 of the lines above, as the
/// format says): a hand-edited file whose checksum cannot catch it.
fn shard_at_scale(scale: i64) -> String {
    use sha2::{Digest, Sha256};
    let text = std::fs::read_to_string(format!("{RESULTS}/dead_cards.collude-2/1-of-13.sums"))
        .expect("committed shard");
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("checksum "))
        .map(|l| {
            if l.starts_with("scale ") {
                format!("scale {scale}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let sum: String = Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{body}checksum {sum}\n")
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// The figures of a shard divide by deals × scale²: a shard is read
    /// exactly when that product fits 128 bits, decided here by big
    /// integers (an independent computation), never by wrapping. Scales
    /// are drawn around the boundary (deals ≈ 2·10^15: scale² up to about
    /// 8.6·10^22, scale about 2.9·10^11) and across the whole range.
    #[test]
    fn a_shard_is_read_exactly_when_its_figures_fit(
        scale in proptest::prop_oneof![1i64..i64::MAX, 280_000_000_000i64..300_000_000_000]
    ) {
        use num_bigint::BigInt;
        let text = shard_at_scale(scale);
        let deals: i128 = text
            .lines()
            .find_map(|l| l.strip_prefix("deals "))
            .and_then(|d| d.parse().ok())
            .expect("deals line");
        let product = BigInt::from(deals) * BigInt::from(scale) * BigInt::from(scale);
        let fits = product <= BigInt::from(i128::MAX);
        let read = DeadSums::parse(&text);
        proptest::prop_assert_eq!(read.is_ok(), fits, "scale {}: {:?}", scale, read.err());
    }
}
