//! The Ultimate Pairs Bonus: the exact engine against a brute force over
//! every deal of the player's and the dealer's two cards written here with
//! its own card arithmetic and big rationals, textbook counts, the rule that
//! the wager stays in action after a fold, refused tables, and random tables
//! against an independent big-rational computation.

use crate::common::{stderr, stdout, uth_edge};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use uth_edge::cards::{parse_cards, Card};
use uth_edge::exact::ultimate_pairs::{count_deals, ultimate_pairs_result, DealCounts};
use uth_edge::fraction::Fraction;
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::settle_ultimate_pairs;

fn counts() -> &'static DealCounts {
    static COUNTS: OnceLock<DealCounts> = OnceLock::new();
    COUNTS.get_or_init(count_deals)
}

fn table(pays: &str) -> Result<PayTable, String> {
    let text = format!(
        "id = \"t\"\ntitle = \"t\"\nwager = \"ultimate_pairs\"\nsource = \"test\"\n[pays]\n{pays}"
    );
    PayTable::from_toml(&text, "t.toml").map_err(|e| e.to_string())
}

fn result(pays: &str) -> WagerResult {
    ultimate_pairs_result(&table(pays).expect("an accepted table"), counts())
}

fn big(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// A two-card hand as the test sees it: higher rank, lower rank (0 = deuce,
/// 12 = ace) and whether the two cards share a suit. Cards are `4 * rank +
/// suit` (the crate's numbering, restated).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Hole {
    hi: u8,
    lo: u8,
    suited: bool,
}

fn hole(a: usize, b: usize) -> Hole {
    let (ra, rb) = ((a / 4) as u8, (b / 4) as u8);
    Hole {
        hi: ra.max(rb),
        lo: ra.min(rb),
        suited: a % 4 == b % 4,
    }
}

/// Every deal of two cards to the player and two others to the dealer, by
/// the two holes: a plain quadruple loop over card indices.
fn brute_force_deals() -> &'static BTreeMap<(Hole, Hole), u64> {
    static DEALS: OnceLock<BTreeMap<(Hole, Hole), u64>> = OnceLock::new();
    DEALS.get_or_init(|| {
        let mut deals = BTreeMap::new();
        for p1 in 0..52 {
            for p2 in p1 + 1..52 {
                for d1 in 0..52 {
                    for d2 in d1 + 1..52 {
                        if [d1, d2].iter().any(|d| *d == p1 || *d == p2) {
                            continue;
                        }
                        *deals.entry((hole(p1, p2), hole(d1, d2))).or_insert(0) += 1;
                    }
                }
            }
        }
        deals
    })
}

/// Mean, variance and hit frequency of a net over the deals.
fn moments(net: impl Fn(Hole, Hole) -> BigRational) -> (BigRational, BigRational, BigRational) {
    let (mut n, mut sum, mut square, mut hits) =
        (0i64, BigRational::zero(), BigRational::zero(), 0i64);
    for (&(p, d), &count) in brute_force_deals() {
        let x = net(p, d);
        let c = big(count as i64);
        sum += &c * &x;
        square += &c * &x * &x;
        n += count as i64;
        if x.is_positive() {
            hits += count as i64;
        }
    }
    let mean = sum / big(n);
    (
        mean.clone(),
        square / big(n) - &mean * &mean,
        big(hits) / big(n),
    )
}

const EXAMPLE: &str = include_str!("../../paytables/ultimate-pairs-example.toml");

#[test]
fn the_example_table_equals_a_brute_force_over_every_deal() {
    // The shipped example's lines, written again here from its file as rank
    // tests (ace = 12, king 11, queen 10, jack 9, ten 8).
    let net = |p: Hole, d: Hole| -> BigRational {
        let pair = p.hi == p.lo;
        let win = if pair && p.hi == 12 && d.hi == 12 && d.lo == 12 {
            1000
        } else if pair && p.hi == 12 {
            30
        } else if p.hi == 12 && p.lo == 11 && p.suited {
            25
        } else if p.hi == 12 && (p.lo == 10 || p.lo == 9) && p.suited {
            20
        } else if p.hi == 12 && p.lo == 11 {
            15
        } else if pair && (9..=11).contains(&p.hi) {
            10
        } else if p.hi == 12 && (p.lo == 10 || p.lo == 9) {
            5
        } else if pair {
            3
        } else {
            -1
        };
        big(win)
    };
    let (mean, variance, hit) = moments(net);
    let t = PayTable::from_toml(EXAMPLE, "ultimate-pairs-example.toml").unwrap();
    let r = ultimate_pairs_result(&t, counts());
    assert_eq!(r.house_edge.to_big(), -mean);
    assert_eq!(r.element_of_risk, r.house_edge);
    assert_eq!(r.variance.to_big(), variance);
    assert_eq!(r.hit_frequency.to_big(), hit);
    // The line counts: player A-A with dealer A-A is 6 x 1 deals (the two
    // aces left make one dealer hand); player A-A otherwise 6 x 1,225 - 6;
    // A-K suited 4 x 1,225; A-Q/A-J suited 8 x 1,225; A-K offsuit 12 x
    // 1,225; K-K to J-J 18 x 1,225; A-Q/A-J offsuit 24 x 1,225; 2-2 to
    // 10-10 54 x 1,225.
    let lines: Vec<(&str, u64)> = r
        .lines
        .iter()
        .map(|l| (l.hand.as_str(), l.combinations))
        .collect();
    assert_eq!(
        lines,
        [
            ("AA with dealer AA", 6),
            ("AA", 6 * 1225 - 6),
            ("AKs", 4 * 1225),
            ("AQs,AJs", 8 * 1225),
            ("AKo", 12 * 1225),
            ("KK-JJ", 18 * 1225),
            ("AQo,AJo", 24 * 1225),
            ("TT-22", 54 * 1225),
            ("other", (1326 - 6 - 4 - 8 - 12 - 18 - 24 - 54) * 1225),
        ]
    );
}

#[test]
fn textbook_counts_of_two_card_hands() {
    // C(52,2) x C(50,2) = 1,326 x 1,225 = 1,624,350 deals; a pair 78/1326 =
    // 1/17; aces 6/1326 = 1/221; aces for both 6/1326 x 1/1225.
    let any_pair = result("\"any pair\" = \"1 to 1\"");
    assert_eq!(any_pair.outcomes, 1_326 * 1_225);
    assert_eq!(counts().total(), 1_624_350);
    assert_eq!(any_pair.hit_frequency, Fraction::new(1, 17));
    assert_eq!(any_pair.lines[0].combinations, 78 * 1225);
    // Even money on a 1/17 chance: edge 1 - 2/17 = 15/17.
    assert_eq!(any_pair.house_edge, Fraction::new(15, 17));
    let aces = result("AA = \"30 to 1\"");
    assert_eq!(aces.hit_frequency, Fraction::new(6, 1326));
    assert_eq!(aces.house_edge, Fraction::ONE - Fraction::new(31 * 6, 1326));
    let both = result("\"AA with dealer AA\" = \"1000 to 1\"");
    let p = Fraction::new(6, 1326) * Fraction::new(1, 1225);
    assert_eq!(both.hit_frequency, p);
    assert_eq!(
        both.house_edge,
        Fraction::ONE - Fraction::from_int(1001) * p
    );
    // Suited 4 of 16 ways to hold two given ranks, offsuit 12.
    let ak = result("\"AK suited\" = \"1 to 1\"\n\"AK offsuit\" = \"2 to 1\"");
    assert_eq!(ak.lines[0].combinations, 12 * 1225);
    assert_eq!(ak.lines[1].combinations, 4 * 1225);
}

#[test]
fn the_wager_stays_in_action_after_a_fold() {
    // Washington State rules, Ultimate Pairs Bonus rule 4: the wager
    // "remains in action" when the player folds. Seven-deuce offsuit, the
    // hand most folded, is paid against every dealer hand: settling takes
    // the four hole cards and nothing of the base game, and the exact count
    // keeps all 12 x 1,225 of its deals.
    let t = table("\"72o\" = \"1 to 1\"").unwrap();
    let player = parse_cards("7c 2d").unwrap();
    let mut dealers = 0;
    for a in 0..52 {
        for b in a + 1..52 {
            let (a, b) = (Card::from_index(a), Card::from_index(b));
            if player.contains(&a) || player.contains(&b) {
                continue;
            }
            let net = settle_ultimate_pairs(&t, (player[0], player[1]), (a, b));
            assert_eq!(net, Fraction::ONE, "{a}{b}");
            dealers += 1;
        }
    }
    assert_eq!(dealers, 1225);
    let r = ultimate_pairs_result(&t, counts());
    assert_eq!(r.lines[0].combinations, 12 * 1225);
}

#[test]
fn the_highest_paying_matching_line_pays_once() {
    // Player A-A with dealer A-A matches both lines; only 1000 to 1 is paid.
    let t = table("AA = \"30 to 1\"\n\"AA with dealer AA\" = \"1000 to 1\"").unwrap();
    let [a, b, c, d] = parse_cards("As Ah Ac Ad").unwrap()[..] else {
        unreachable!()
    };
    let [k1, k2] = parse_cards("Ks Kh").unwrap()[..] else {
        unreachable!()
    };
    assert_eq!(
        settle_ultimate_pairs(&t, (a, b), (c, d)),
        Fraction::from_int(1000)
    );
    assert_eq!(
        settle_ultimate_pairs(&t, (a, b), (k1, k2)),
        Fraction::from_int(30)
    );
    assert_eq!(settle_ultimate_pairs(&t, (k1, k2), (a, b)), -Fraction::ONE);
}

/// A file in the test scratch directory with the given text.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn bad_tables_are_refused_in_one_line_naming_the_line() {
    let cases: [(&str, &[&str]); 10] = [
        (
            "AX = \"3 to 1\"",
            &["t.toml:6", "AX", "unknown two-card hand"],
        ),
        (
            "\"AA suited\" = \"3 to 1\"",
            &["AA suited", "a pair cannot be suited"],
        ),
        (
            "\"AKs offsuit\" = \"3 to 1\"",
            &["marked suited but the list is offsuit"],
        ),
        ("\"AK,AK\" = \"3 to 1\"", &["named twice"]),
        (
            "AK = \"5 to 1\"\n\"AKs,AQs\" = \"5 to 1\"",
            &["ambiguous", "AKs", "same pay"],
        ),
        (
            "AA = \"30 to 1\"\n\"AA with dealer AA\" = \"20 to 1\"",
            &["AA with dealer AA", "never pays"],
        ),
        (
            "\"AQ,AJ suited\" = \"20 to 1\"\n\"AJs,AQs\" = \"3 to 1\"",
            &["already paid by"],
        ),
        ("royal_flush = \"3 to 1\"", &["five cards"]),
        ("AA = { dollars = 5 }", &["pays odds"]),
        ("\"A\\nK\" = \"3 to 1\"", &["unknown two-card hand"]),
    ];
    for (pays, needles) in cases {
        let err = table(pays).expect_err(pays);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("t.toml:"), "{err}");
        for needle in needles {
            assert!(err.contains(needle), "{pays}: {err} lacks {needle}");
        }
    }
    // A two-card hand in a table of another wager is an unknown hand name.
    let trips =
        "id = \"t\"\ntitle = \"t\"\nwager = \"trips\"\nsource = \"t\"\n[pays]\nAA = \"3 to 1\"\n";
    let err = PayTable::from_toml(trips, "t.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown hand name"), "{err}");
    // The command line: exit code 2, one line, nothing on standard output.
    let path = scratch_file(
        "bad-pairs.toml",
        "id = \"bad\"\ntitle = \"bad\"\nwager = \"ultimate_pairs\"\nsource = \"t\"\n[pays]\n\"AA suited\" = \"3 to 1\"\n",
    );
    for command in ["ultimate-pairs", "report"] {
        let out = uth_edge(&[command, "--paytable", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
        assert!(
            stderr(&out).contains("bad-pairs.toml:6"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn the_commands_include_the_example_and_say_it_is_not_published() {
    let out = uth_edge(&["ultimate-pairs", "--format", "csv"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("ultimate_pairs,ultimate-pairs-example,"),
        "{text}"
    );
    let out = uth_edge(&["check", "--paytable", "ultimate-pairs-example"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("pay table ultimate-pairs-example: no published figure"),
        "{}",
        stdout(&out)
    );
    let out = uth_edge(&["tables", "validate", "ultimate-pairs-example"]);
    assert!(stdout(&out).contains("valid ultimate_pairs pay table"));
    assert!(stdout(&out).contains("EXAMPLE"));
}

/// A line of a random table, as the test understands it.
#[derive(Clone, Debug)]
enum Player {
    /// Pairs of ranks `lo..=hi`.
    Pairs(u8, u8),
    /// Ranks `hi > lo`; `Some(true)` suited only, `Some(false)` offsuit
    /// only, `None` both.
    Ranks(u8, u8, Option<bool>),
}

const RANK: [&str; 13] = [
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
];

impl Player {
    fn key(&self) -> String {
        match *self {
            Player::Pairs(lo, hi) => format!("pair {}-{}", RANK[lo as usize], RANK[hi as usize]),
            Player::Ranks(hi, lo, s) => format!(
                "{}{}{}",
                RANK[hi as usize],
                RANK[lo as usize],
                match s {
                    Some(true) => " suited",
                    Some(false) => " offsuit",
                    None => "",
                }
            ),
        }
    }

    fn matches(&self, h: Hole) -> bool {
        match *self {
            Player::Pairs(lo, hi) => h.hi == h.lo && (lo..=hi).contains(&h.hi),
            Player::Ranks(hi, lo, s) => h.hi == hi && h.lo == lo && s.is_none_or(|s| s == h.suited),
        }
    }
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![
        (0u8..13, 0u8..13).prop_map(|(a, b)| Player::Pairs(a.min(b), a.max(b))),
        (0u8..13, 0u8..13, prop::option::of(any::<bool>()))
            .prop_filter("two ranks", |(a, b, _)| a != b)
            .prop_map(|(a, b, s)| Player::Ranks(a.max(b), a.min(b), s)),
    ]
}

type Line = (Player, Option<Player>, u64, u64);

fn lines() -> impl Strategy<Value = Vec<Line>> {
    let term = prop_oneof![1u64..=40, 1u64..=1_000_000_000_000];
    prop::collection::vec(
        (player(), prop::option::of(player()), term.clone(), term),
        1..6,
    )
}

#[test]
fn random_tables_equal_big_rationals_or_are_refused_for_a_reason() {
    // Independent: the deal counts of the brute force above, the matching
    // and the highest-paying rule restated here, big rationals. A table is
    // refused exactly when some deal's best pay is shared by two lines, a
    // line never pays, or two lines name the same hands.
    let _ = counts();
    let _ = brute_force_deals();
    let config = Config {
        cases: 40,
        failure_persistence: None,
        ..Config::default()
    };
    let accepted = AtomicUsize::new(0);
    let mut runner = TestRunner::new(config);
    let outcome = runner.run(&lines(), |lines| {
        let keys: Vec<String> = lines
            .iter()
            .map(|(p, d, _, _)| match d {
                None => p.key(),
                Some(d) => format!("{} with dealer {}", p.key(), d.key()),
            })
            .collect();
        let pays: String = keys
            .iter()
            .zip(&lines)
            .map(|(k, (_, _, w, per))| format!("\"{k}\" = \"{w} to {per}\"\n"))
            .collect();
        let pay = |i: usize| big(lines[i].2 as i64) / big(lines[i].3 as i64);
        let mut fault = false;
        let mut wins = vec![false; lines.len()];
        for &(p, d) in brute_force_deals().keys() {
            let matching: Vec<usize> = (0..lines.len())
                .filter(|&i| {
                    lines[i].0.matches(p) && lines[i].1.as_ref().is_none_or(|x| x.matches(d))
                })
                .collect();
            let Some(best) = matching.iter().map(|&i| pay(i)).max() else {
                continue;
            };
            let at_best: Vec<usize> = matching.into_iter().filter(|&i| pay(i) == best).collect();
            fault |= at_best.len() > 1;
            wins[at_best[0]] = true;
        }
        fault |= wins.contains(&false);
        match table(&pays) {
            Err(e) => {
                prop_assert!(fault, "refused without a reason: {e}\n{pays}");
            }
            Ok(t) => {
                prop_assert!(!fault, "accepted:\n{pays}");
                accepted.fetch_add(1, Ordering::Relaxed);
                let net = |p: Hole, d: Hole| {
                    (0..lines.len())
                        .filter(|&i| {
                            lines[i].0.matches(p)
                                && lines[i].1.as_ref().is_none_or(|x| x.matches(d))
                        })
                        .map(pay)
                        .max()
                        .unwrap_or(-big(1))
                };
                let (mean, variance, hit) = moments(net);
                let r = ultimate_pairs_result(&t, counts());
                prop_assert_eq!(r.house_edge.to_big(), -mean);
                prop_assert_eq!(r.variance.to_big(), variance);
                prop_assert_eq!(r.hit_frequency.to_big(), hit);
            }
        }
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
    // The comparison must have run, not only the refusals.
    let accepted = accepted.into_inner();
    assert!(
        accepted >= 10,
        "only {accepted} of 40 random tables accepted"
    );
}

/// `what-if` re-validates every edited table with the reader's rules: in
/// the example table "AA with dealer AA" (1000 to 1) also matches "AA"
/// (30 to 1), so at 30 to 1 the two lines pay the same deal the same
/// (ambiguous) and below it the top line never pays; the reader refuses
/// both tables (checked here through `PayTable::from_toml` too), and so
/// must the sweep, in one line with exit code 2 before any work. A sweep
/// that keeps the lines apart still runs, and its edges are the exact
/// engine's for each edited table (computed here).
#[test]
fn what_if_refuses_an_edit_the_reader_would_refuse() {
    let hand = "AA with dealer AA";
    let what_if = |more: &[&str]| {
        let mut args = vec![
            "what-if",
            "--paytable",
            "ultimate-pairs-example",
            "--hand",
            hand,
        ];
        args.extend(more);
        uth_edge(&args)
    };
    // Refused in one line, exit code 2, nothing on standard output: the
    // sweeps that reach those tables, and a target for an overlapping line
    // (refused, not guessed).
    for (more, needles) in [
        (["--sweep", "30:40:10"], &["ambiguous", hand][..]),
        (["--sweep", "10:40:10"], &["never pays", hand]),
        (["--edge", "5%"], &["--sweep"]),
    ] {
        let out = what_if(&more);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        for needle in needles {
            assert!(err.contains(needle), "{more:?}: {err} lacks {needle}");
        }
    }
    // The reader agrees: those tables are refused when written as files.
    assert!(
        table("AA = \"30 to 1\"\n\"AA with dealer AA\" = \"30 to 1\"")
            .unwrap_err()
            .contains("ambiguous")
    );
    // A valid sweep: each edge equals the exact engine's for that table.
    let out = what_if(&["--sweep", "500:2000:500", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let example = PayTable::resolve("ultimate-pairs-example").unwrap();
    for pay in [500, 1000, 1500, 2000] {
        let mut edited = example.clone();
        let line = edited
            .lines
            .iter_mut()
            .find(|l| l.hand.name() == "AA with dealer AA")
            .unwrap();
        line.award = uth_edge::rules::paytable::Award::Odds { win: pay, per: 1 };
        let edge = ultimate_pairs_result(&edited, counts()).house_edge;
        assert!(
            text.contains(&edge.to_string()),
            "{pay}: {edge} not in {text}"
        );
    }
}

/// `economics --ultimate-pairs`: the wager's theoretical win per seat-hand
/// is take-up × amount × the exact engine's house edge (computed here:
/// 1/10 × $5 × edge), and the configuration's label names the table.
#[test]
fn economics_includes_the_ultimate_pairs_bonus_when_asked() {
    let out = uth_edge(&[
        "economics",
        "--ultimate-pairs",
        "ultimate-pairs-example",
        "--ultimate-pairs-take-up",
        "10%",
        "--ultimate-pairs-amount",
        "5",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let table = &doc["tables"][0];
    assert_eq!(
        table["label"],
        "blind-a + uth-01 + six-card-a + ultimate-pairs-example"
    );
    let example = PayTable::resolve("ultimate-pairs-example").unwrap();
    let edge = ultimate_pairs_result(&example, counts()).house_edge;
    let expected = Fraction::new(1, 10) * Fraction::from_int(5) * edge;
    let pairs = table["wagers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["wager"] == "ultimate_pairs")
        .expect("an ultimate_pairs wager");
    assert_eq!(pairs["win_per_seat_hand_exact"], expected.to_string());
    // A table of another wager is refused in one line, exit code 2.
    let out = uth_edge(&["economics", "--ultimate-pairs", "uth-01"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

/// `check` names a table without published figures with an explicit
/// status: in JSON (`tables_without_figures`), and in the table as one
/// line, without a bare "No published figures to check." before it.
#[test]
fn check_lists_a_table_without_published_figures() {
    let out = uth_edge(&[
        "check",
        "--paytable",
        "ultimate-pairs-example",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        doc["tables_without_figures"],
        serde_json::json!([{
            "wager": "ultimate_pairs",
            "paytable": "ultimate-pairs-example",
            "status": "no_published_figure"
        }])
    );
    assert_eq!(doc["figures"], serde_json::json!([]));
    let out = uth_edge(&["check", "--paytable", "ultimate-pairs-example"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "ultimate_pairs -- pay table ultimate-pairs-example: no published figure to check\n"
    );
    // A check of published figures has no such key.
    let out = uth_edge(&["check", "--paytable", "uth-01", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains("tables_without_figures"));
}
