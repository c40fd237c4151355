//! The Ultimate Pairs Bonus: the exact engine against a brute force over
//! every deal of the player's and the dealer's two cards written here with
//! its own card arithmetic and big rationals, textbook counts, the rule that
//! the wager stays in action after a fold, the highest paying line paying
//! once, and random tables against an independent big-rational computation
//! (refused tables and the commands: `ultimate_pairs_cli.rs`).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use uth_edge::cards::{parse_cards, Card};
use uth_edge::exact::ultimate_pairs::{count_deals, ultimate_pairs_result, DealCounts};
use uth_edge::fraction::Fraction;
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::PayTable;
use uth_edge::rules::settlement::settle_ultimate_pairs;

pub fn counts() -> &'static DealCounts {
    static COUNTS: OnceLock<DealCounts> = OnceLock::new();
    COUNTS.get_or_init(count_deals)
}

pub fn table(pays: &str) -> Result<PayTable, String> {
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

pub const EXAMPLE: &str = include_str!("../../paytables/ultimate-pairs-example.toml");

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
