//! A dead-card case ([`DeadCase`]), a shard of its classes ([`Shard`]) and
//! the exact integer sums of a case ([`DeadSums`]): what `game
//! --seen CASE --shard I/N` writes and `merge` adds, as a short text file
//! (docs/collusion-running.md, "Shards and merge"), and the figures they give.
//!
//! A sums file records what its sums were computed for: the case, the
//! Blind table's id **and the SHA-256 of its contents**
//! ([`PayTable::contents_sha256`](crate::rules::paytable::PayTable::contents_sha256)),
//! the engine version ([`crate::exact::ENGINE_VERSION`]), the deck and the
//! money unit; and it ends with the SHA-256 of its own lines (`checksum`).
//! [`DeadSums::parse`] refuses a file whose checksum, engine version or
//! identities fail (the deals by Play add to the deals; no negative count
//! or square; the square at least the value squared over the deals, as a
//! variance is not negative); [`DeadSums::merge`] refuses shards of other
//! runs and sums whose deals do not add to the case's count of deals
//! ([`deal_count`]). A `v1` file (before the digest and checksum) is
//! refused with how to stamp it (`examples/stamp_results.rs`).

use super::Tally;
use crate::cards::CardSet;
use crate::fraction::Fraction;
use num_bigint::BigInt;
use sha2::{Digest, Sha256};
use std::fmt;

/// The largest team whose exact solve is offered: collude:4 to 6 (up to
/// about 10^9 classes) are estimated by a stratified sample of situations,
/// each solved exactly (`crate::sample::dead_cards`), never solved here.
pub const MAX_EXACT_PLAYERS: usize = 3;

/// A dead-card case: `exposed:1` or `collude:K`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadCase {
    /// One card out of play, seen by all.
    Exposed,
    /// K players pool their hole cards (K = 1 is the base game).
    Collude(usize),
}

/// A dead-card case that cannot be read or solved exactly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--seen {text:?}: {why}")]
pub struct DeadCaseError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

impl DeadCase {
    /// Whether `text` names a dead-card case (`exposed:` or `collude:`).
    pub fn is_dead_case(text: &str) -> bool {
        let t = text.trim();
        t.starts_with("exposed:") || t.starts_with("collude:")
    }

    /// Reads `exposed:1` or `collude:K` (K = 1 to 6; only K up to
    /// [`MAX_EXACT_PLAYERS`] can be solved exactly: see
    /// [`is_exact`](Self::is_exact)).
    pub fn parse(text: &str) -> Result<DeadCase, DeadCaseError> {
        let fail = |why: &str| DeadCaseError {
            text: text.to_string(),
            why: why.to_string(),
        };
        let (name, count) = text
            .trim()
            .split_once(':')
            .ok_or_else(|| fail("expected exposed:1 or collude:K"))?;
        let count: usize = count
            .trim()
            .parse()
            .map_err(|_| fail("the count is not a number"))?;
        match name {
            "exposed" if count == 1 => Ok(DeadCase::Exposed),
            "exposed" => Err(fail("only one exposed card (exposed:1) is supported")),
            "collude" if count == 0 || count > 6 => Err(fail(
                "a table seats six: collude:K takes K = 1 to 6 colluding players",
            )),
            "collude" => Ok(DeadCase::Collude(count)),
            _ => Err(fail("expected exposed:1 or collude:K")),
        }
    }

    /// Whether the case can be solved exactly ([`solve`]): `exposed:1` and
    /// `collude:1` to `collude:3`; collude:4 to 6 only by a sampled
    /// estimate.
    pub fn is_exact(self) -> bool {
        match self {
            DeadCase::Exposed => true,
            DeadCase::Collude(k) => k <= MAX_EXACT_PLAYERS,
        }
    }

    /// Whether `game --seen` solves the case by classes of its dead cards
    /// (`super::partners`: one base-game solve per class): `exposed:1`,
    /// `collude:2` and `collude:3`. `collude:1` (no dead card: the base
    /// game) stays on the per-situation engine ([`super::dead::solve`]),
    /// a cross-check of the base-game solver; the per-situation engine
    /// solves every exact case, as the cross-check of the classes.
    pub fn by_dead_classes(self) -> bool {
        matches!(self, DeadCase::Exposed | DeadCase::Collude(2 | 3))
    }

    /// Cards the player knows are out of the deck.
    pub fn dead_cards(self) -> usize {
        match self {
            DeadCase::Exposed => 1,
            DeadCase::Collude(k) => 2 * (k - 1),
        }
    }

    /// Players whose figures add to the team's (1 for an exposed card).
    pub fn players(self) -> usize {
        match self {
            DeadCase::Exposed => 1,
            DeadCase::Collude(k) => k,
        }
    }
}

impl fmt::Display for DeadCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeadCase::Exposed => write!(f, "exposed:1"),
            DeadCase::Collude(k) => write!(f, "collude:{k}"),
        }
    }
}

/// Shard `index` of `count` (1-based, as `--shard I/N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1..=count.
    pub index: usize,
    /// Number of shards.
    pub count: usize,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Reads `I/N` (1 <= I <= N).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text:?}: expected I/N with 1 <= I <= N, e.g. 3/100");
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether class `class` (0-based, in the case's order) is this shard's.
    pub(crate) fn has(self, class: usize) -> bool {
        class % self.count == self.index - 1
    }
}

/// Exact integer sums of a dead-card case over the classes of one shard
/// (or all of them): what `--shard` writes and `merge` adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadSums {
    /// The case.
    pub case: DeadCase,
    /// Id of the Blind pay table.
    pub paytable: String,
    /// SHA-256 of the Blind table's contents (its pays and rules).
    pub paytable_sha256: String,
    /// The engine version the sums were computed with.
    pub engine: u32,
    /// The deck.
    pub deck: CardSet,
    /// Money unit: `1/scale` Ante.
    pub scale: i64,
    /// Classes in the whole case.
    pub classes: usize,
    /// The shard these sums cover.
    pub shard: Shard,
    /// Sums over the shard's situations' deals.
    pub tally: Tally,
}

/// First line of a sums file.
const SUMS_HEADER: &str = "uth-edge dead-card sums v2";

/// First line of a sums file of the first version.
const SUMS_HEADER_V1: &str = "uth-edge dead-card sums v1";

/// How to bring a `v1` file to this version.
pub const STAMP_HINT: &str = "written by an older uth-edge, without the digest of the pay table it was computed for: stamp it with the table it was computed for (cargo run --release --example stamp_results -- --blind ID FILE..., docs/output-formats-results.md) or compute it again";

/// The SHA-256 of `text`, lowercase hexadecimal.
fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The number of deals of `case` on a deck of `cards` cards: the player's
/// two cards, the dead cards, the flop's three, the turn and river's two
/// and the dealer's two, each an unordered set of what is left:
/// C(n,2)·C(n−2,d)·C(n−2−d,3)·C(n−5−d,2)·C(n−7−d,2). `None` when it does
/// not fit (or the deck is too small to deal).
pub fn deal_count(cards: usize, case: DeadCase) -> Option<i128> {
    fn choose(n: usize, k: usize) -> Option<i128> {
        if k > n {
            return None;
        }
        (0..k).try_fold(1i128, |acc, i| {
            acc.checked_mul((n - i) as i128)
                .map(|p| p / (i as i128 + 1))
        })
    }
    let d = case.dead_cards();
    let left = cards.checked_sub(2 + d)?;
    [
        choose(cards, 2)?,
        choose(cards - 2, d)?,
        choose(left, 3)?,
        choose(left.checked_sub(3)?, 2)?,
        choose(left.checked_sub(5)?, 2)?,
    ]
    .into_iter()
    .try_fold(1i128, |acc, n| acc.checked_mul(n))
}

impl DeadSums {
    /// The lines the checksum is taken of: every line but the last.
    fn body(&self) -> String {
        let t = &self.tally;
        let actions: Vec<String> = t.actions.iter().map(i128::to_string).collect();
        format!(
            "{SUMS_HEADER}\ncase {}\npaytable {}\npaytable_sha256 {}\nengine {}\ndeck {:#x}\n\
             scale {}\nclasses {}\nshard {}/{}\ndeals {}\nvalue {}\nsquare {}\nactions {}\n",
            self.case,
            self.paytable,
            self.paytable_sha256,
            self.engine,
            self.deck.0,
            self.scale,
            self.classes,
            self.shard.index,
            self.shard.count,
            t.deals,
            t.value,
            t.square,
            actions.join(" ")
        )
    }

    /// The sums as text: one `name value` line each, integers only, then
    /// the `checksum` line, the SHA-256 of the lines before it.
    pub fn to_text(&self) -> String {
        let body = self.body();
        let checksum = sha256_hex(&body);
        format!("{body}checksum {checksum}\n")
    }

    /// Reads what [`to_text`](Self::to_text) wrote and checks it (see the
    /// module); the error says what is wrong in one line.
    pub fn parse(text: &str) -> Result<DeadSums, String> {
        let mut lines = text.lines();
        match lines.next() {
            Some(SUMS_HEADER) => {}
            Some(SUMS_HEADER_V1) => return Err(format!("{SUMS_HEADER_V1}: {STAMP_HINT}")),
            _ => {
                return Err(format!(
                    "not a dead-card sums file (first line is not {SUMS_HEADER:?})"
                ))
            }
        }
        let mut field = |name: &str| -> Result<String, String> {
            let line = lines.next().ok_or(format!("line {name:?} is missing"))?;
            line.strip_prefix(name)
                .and_then(|r| r.strip_prefix(' '))
                .map(str::to_string)
                .ok_or(format!(
                    "expected a line {name:?}, found {:?}",
                    line.chars().take(40).collect::<String>()
                ))
        };
        let int = |name: &str, v: String| -> Result<i128, String> {
            v.parse()
                .map_err(|_| format!("{name}: {v:?} is not an integer"))
        };
        let case = field("case")?;
        let case = DeadCase::parse(&case).map_err(|e| e.to_string())?;
        if !case.is_exact() {
            return Err(format!(
                "case {case}: no exact sums exist for it (a sampled estimate only)"
            ));
        }
        let paytable = field("paytable")?;
        let paytable_sha256 = field("paytable_sha256")?;
        if paytable_sha256.len() != 64
            || !paytable_sha256
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
        {
            return Err(format!(
                "paytable_sha256: {:?} is not 64 lowercase hexadecimal digits",
                paytable_sha256.chars().take(70).collect::<String>()
            ));
        }
        let engine = field("engine")?;
        let engine: u32 = engine
            .parse()
            .map_err(|_| format!("engine: {engine:?} is not a version number"))?;
        let deck_text = field("deck")?;
        let deck = parse_deck(&deck_text).ok_or_else(|| {
            format!("deck: {deck_text:?} is not a set of the 52 cards in hexadecimal (0x...)")
        })?;
        let scale = i64::try_from(int("scale", field("scale")?)?)
            .ok()
            .filter(|s| *s > 0)
            .ok_or("scale: not a positive money unit")?;
        let classes = usize::try_from(int("classes", field("classes")?)?)
            .map_err(|_| "classes: not a count".to_string())?;
        let shard = Shard::parse(&field("shard")?)?;
        let deals = int("deals", field("deals")?)?;
        let value = int("value", field("value")?)?;
        let square = int("square", field("square")?)?;
        let actions_text = field("actions")?;
        let list: Vec<i128> = actions_text
            .split(' ')
            .map(|v| int("actions", v.to_string()))
            .collect::<Result<_, _>>()?;
        let actions: [i128; 5] = list
            .try_into()
            .map_err(|_| "actions: expected five integers".to_string())?;
        let checksum = field("checksum")?;
        if lines.next().is_some() {
            return Err("unexpected lines after checksum".into());
        }
        let sums = DeadSums {
            case,
            paytable,
            paytable_sha256,
            engine,
            deck,
            scale,
            classes,
            shard,
            tally: Tally {
                deals,
                value,
                square,
                actions,
            },
        };
        let expected = sha256_hex(&sums.body());
        if checksum != expected {
            return Err(format!(
                "checksum {:?} is not the SHA-256 of the lines above it ({expected}): the file was changed after it was written",
                checksum.chars().take(70).collect::<String>()
            ));
        }
        if engine != crate::exact::ENGINE_VERSION {
            return Err(format!(
                "computed by engine version {engine}, this uth-edge's is {}: compute it again",
                crate::exact::ENGINE_VERSION
            ));
        }
        sums.check_identities()?;
        Ok(sums)
    }

    /// The identities every shard's sums hold (see the module).
    fn check_identities(&self) -> Result<(), String> {
        let t = &self.tally;
        if t.deals < 0 || t.square < 0 || t.actions.iter().any(|a| *a < 0) {
            return Err("a count of deals or the sum of squares is negative".into());
        }
        // The figures divide by deals × scale²: it must fit 128 bits.
        let scale = i128::from(self.scale);
        if t.deals
            .checked_mul(scale)
            .and_then(|d| d.checked_mul(scale))
            .is_none()
        {
            return Err(format!(
                "deals {} at scale {} are beyond the exact range (128 bits)",
                t.deals, self.scale
            ));
        }
        let played = t
            .actions
            .iter()
            .try_fold(0i128, |acc, a| acc.checked_add(*a));
        if played != Some(t.deals) {
            return Err(format!(
                "the deals by Play (actions) do not add to the deals {}",
                t.deals
            ));
        }
        // Σx² · n ≥ (Σx)²: a variance is not negative.
        if BigInt::from(t.square) * BigInt::from(t.deals) < BigInt::from(t.value) * t.value {
            return Err("the sum of squares is less than the value squared over the deals (a negative variance)".into());
        }
        Ok(())
    }

    /// Adds the shards `1/N` .. `N/N` of one run (each exactly once, in any
    /// order) into the sums of the whole run (shard `1/1`), whose deals
    /// must be the case's [count](deal_count).
    pub fn merge(parts: &[DeadSums]) -> Result<DeadSums, String> {
        let first = parts.first().ok_or("no sums to merge")?;
        let n = first.shard.count;
        // The indexes read (a set, not a flag per shard: a file may claim
        // any count, and a run may have more shards than classes).
        let mut seen = std::collections::BTreeSet::new();
        let mut tally = Tally::default();
        for p in parts {
            if p.paytable_sha256 != first.paytable_sha256 {
                return Err(format!(
                    "shard {}/{} is for the Blind table of contents SHA-256 {}, shard {}/{} for {}: shards of one run only",
                    p.shard.index, p.shard.count, p.paytable_sha256, first.shard.index, first.shard.count, first.paytable_sha256
                ));
            }
            if (&p.case, &p.paytable, p.engine, p.deck, p.scale, p.classes)
                != (
                    &first.case,
                    &first.paytable,
                    first.engine,
                    first.deck,
                    first.scale,
                    first.classes,
                )
            {
                return Err(format!(
                    "shard {}/{} is of another run (case, pay table, engine, deck, scale or classes differ)",
                    p.shard.index, p.shard.count
                ));
            }
            if p.shard.count != n {
                return Err(format!(
                    "shard {}/{} is of a split into {} shards, not {n}",
                    p.shard.index, p.shard.count, p.shard.count
                ));
            }
            if !seen.insert(p.shard.index) {
                return Err(format!("shard {}/{n} is given twice", p.shard.index));
            }
            tally = add(&tally, &p.tally).ok_or("the sums overflow 128 bits when added")?;
        }
        if seen.len() != n {
            let missing: Vec<String> = (1..=n)
                .filter(|i| !seen.contains(i))
                .take(10)
                .map(|i| format!("{i}/{n}"))
                .collect();
            let more = n - seen.len() - missing.len();
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            return Err(format!("shards missing: {}{more}", missing.join(", ")));
        }
        let expected = deal_count(first.deck.len(), first.case);
        if expected != Some(tally.deals) {
            return Err(format!(
                "the shards' deals add to {}, not the {} deals of {} on {} cards: a shard's sums are not the ones its run wrote",
                tally.deals,
                expected.map_or("(too many)".to_string(), |n| n.to_string()),
                first.case,
                first.deck.len()
            ));
        }
        let whole = DeadSums {
            shard: Shard::ALL,
            tally,
            ..first.clone()
        };
        whole.check_identities()?;
        Ok(whole)
    }
}

/// A deck as the sums and results files write it (`0xfffffffffffff`: the
/// card set's bits in hexadecimal): `None` unless it is `0x` and hexadecimal
/// digits naming cards of the 52 only.
pub fn parse_deck(text: &str) -> Option<CardSet> {
    text.strip_prefix("0x")
        .filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .filter(|d| d & !CardSet::FULL_DECK.0 == 0)
        .map(CardSet)
}

/// `a + b`, every sum checked.
fn add(a: &Tally, b: &Tally) -> Option<Tally> {
    let mut actions = [0i128; 5];
    for (i, slot) in actions.iter_mut().enumerate() {
        *slot = a.actions[i].checked_add(b.actions[i])?;
    }
    Some(Tally {
        deals: a.deals.checked_add(b.deals)?,
        value: a.value.checked_add(b.value)?,
        square: a.square.checked_add(b.square)?,
        actions,
    })
}

impl DeadSums {
    /// One colluding player's expectation per hand, in Antes (positive: the
    /// player has the edge).
    pub fn per_ante(&self) -> Fraction {
        Fraction::new(self.tally.value, self.tally.deals * self.scale as i128)
    }

    /// Share of the deals ending with each Play `[fold, 1x, 2x, 3x, 4x]`.
    pub fn action_shares(&self) -> [Fraction; 5] {
        self.tally
            .actions
            .map(|n| Fraction::new(n, self.tally.deals))
    }

    /// Average total wagered per hand (Ante + Blind + Play), in Antes.
    pub fn average_wagered(&self) -> Fraction {
        let plays: i128 = (0..5).map(|p| p as i128 * self.tally.actions[p]).sum();
        Fraction::new(2 * self.tally.deals + plays, self.tally.deals)
    }

    /// Variance of one player's net result of one hand, in Antes squared.
    pub fn variance(&self) -> Fraction {
        let s = self.scale as i128;
        let second = Fraction::new(self.tally.square, self.tally.deals * s * s);
        let mean = self.per_ante();
        second - mean.clone() * mean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A committed shard with the line starting `key ` replaced by `line`,
    /// checksummed again (a hand-edited file, not accidental damage).
    fn edited(key: &str, line: &str) -> String {
        let text = include_str!("../../../../../results/dead_cards.collude-2/1-of-13.sums");
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with("checksum "))
            .map(|l| {
                if l.starts_with(&format!("{key} ")) {
                    format!("{line}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        format!("{body}checksum {}\n", sha256_hex(&body))
    }

    #[test]
    fn a_checksummed_shard_is_still_checked_for_what_cannot_be() {
        // The committed shard reads (the control), then each edit that a
        // recomputed checksum would let through is refused: a deck with
        // bits past the 52 cards (which would panic building its river
        // table), a deck written 0x0x..., and a scale whose deals × scale²
        // overflow 128 bits (the figures divide by it). A shard claiming a
        // split into 10^12 shards is merged without a flag per shard (it
        // allocated them all): the others are said to be missing.
        assert!(DeadSums::parse(&edited("deck", "deck 0xfffffffffffff")).is_ok());
        for (key, line, says) in [
            ("deck", "deck 0xffffffffffffff", "52 cards"),
            ("deck", "deck 0x0xfffffffffffff", "52 cards"),
            ("scale", "scale 1000000000000", "exact range"),
        ] {
            let err = DeadSums::parse(&edited(key, line)).expect_err(line);
            assert!(err.contains(says), "{line}: {err}");
        }
        let huge = DeadSums::parse(&edited("shard", "shard 1/1000000000000")).expect("read");
        let err = DeadSums::merge(&[huge]).expect_err("one shard of 10^12");
        assert!(
            err.contains("2/1000000000000") && err.contains("more"),
            "{err}"
        );
    }
}
