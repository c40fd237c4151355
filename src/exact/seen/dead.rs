//! Dead cards: the exact value of the base game to a player who knows cards
//! that are out of the deck and not the dealer's: an exposed card taken out
//! of play (`exposed:1`, COMAR 36.05.16.13A) or his partners' hole cards
//! (`collude:K`: K players pool their hole cards, so each plays knowing the
//! 2(K-1) cards of his partners).
//!
//! # The classes
//! A starting situation is the player's two cards plus the dead cards; the
//! dealer's two cards are unknown and drawn, like the board, from the deck
//! less both. Renaming suits changes no value, so the situations are grouped
//! into classes of the 24 suit renamings of the pair (player cards, dead
//! cards), as the seen-card engine groups (player cards, seen dealer cards).
//! Each class is solved once on a representative by the seen-card
//! enumeration ([`super::pass`]) with no dealer card seen, on the deck less
//! the dead cards, and weighted by its size. Every situation (an ordered
//! choice of the player's pair and the set of dead cards) is equally likely.
//!
//! The representative of a class is its least (player, dead) pair in the
//! order of the card-set bits, so the classes are found by one streaming
//! pass (no table of classes): a pair is a representative exactly when no
//! renaming makes it smaller. Class `i` (in that pass's order) belongs to
//! shard `i mod N`, so a shard's sums are exact integers and shards add to
//! the whole game's sums in any order ([`DeadSums::merge`]).
//!
//! # Exactness
//! The sums are those of the seen-card engine (integers in `1/scale` Ante,
//! see [`super`]), times the class sizes, in 128 bits.

use super::{money, pass, SeenError, Tally};
use crate::cards::canonical::{for_each_subset, SuitPermutation};
use crate::cards::{Card, CardSet};
use crate::exact::game::Advice;
use crate::exact::game::{Action, Decision};
use crate::fraction::Fraction;
use crate::progress::timing::thread_cpu_seconds;
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use rayon::prelude::*;
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

/// A class of (player cards, dead cards): its representative and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadClass {
    /// The player's two cards.
    pub player: (Card, Card),
    /// The dead cards.
    pub dead: CardSet,
    /// Situations in the class.
    pub size: u64,
}

/// Every class of (player's two cards, `dead` dead cards) of `deck` (closed
/// under suit renaming) under the 24 suit renamings, in the order of the
/// streaming pass, each handed to `f` with its index.
pub fn for_each_class(deck: CardSet, dead: usize, mut f: impl FnMut(usize, DeadClass)) {
    let perms = SuitPermutation::all();
    let mut index = 0;
    for_each_subset(deck, 2, |player| {
        // The renamings that keep the player's pair; none may make it
        // smaller (else another pair represents the class).
        let mut keeping = Vec::with_capacity(24);
        for p in &perms {
            let image = p.set(player);
            if image.0 < player.0 {
                return;
            }
            if image == player {
                keeping.push(*p);
            }
        }
        for_each_subset(deck.minus(player), dead, |cards| {
            if keeping.iter().any(|p| p.set(cards).0 < cards.0) {
                return;
            }
            let mut images: Vec<(u64, u64)> = perms
                .iter()
                .map(|p| (p.set(player).0, p.set(cards).0))
                .collect();
            images.sort_unstable();
            images.dedup();
            let pair = player.to_vec();
            f(
                index,
                DeadClass {
                    player: (pair[0], pair[1]),
                    dead: cards,
                    size: images.len() as u64,
                },
            );
            index += 1;
        });
    });
}

/// The number of classes of (player cards, `dead` dead cards) of `deck`.
pub fn class_count(deck: CardSet, dead: usize) -> usize {
    let mut n = 0;
    for_each_class(deck, dead, |_, _| n += 1);
    n
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

/// The measured cost of a run, reported after its first classes.
#[derive(Clone, Copy, Debug)]
pub struct Cost {
    /// Classes in the whole case.
    pub classes: usize,
    /// Classes in this shard.
    pub shard_classes: usize,
    /// Classes timed.
    pub sampled: usize,
    /// Mean CPU seconds of one thread per class over the timed ones (the
    /// thread's own CPU clock, so a loaded machine does not inflate it).
    pub seconds_per_class: f64,
}

impl Cost {
    /// Projected thread-seconds for the shard.
    pub fn shard_seconds(&self) -> f64 {
        self.seconds_per_class * self.shard_classes as f64
    }

    /// Projected thread-seconds for the whole case.
    pub fn total_seconds(&self) -> f64 {
        self.seconds_per_class * self.classes as f64
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
const SUMS_HEADER: &str = "uth-edge dead-card sums v1";

impl DeadSums {
    /// The sums as text: one `name value` line each, integers only.
    pub fn to_text(&self) -> String {
        let t = &self.tally;
        let actions: Vec<String> = t.actions.iter().map(i128::to_string).collect();
        format!(
            "{SUMS_HEADER}\ncase {}\npaytable {}\ndeck {:#x}\nscale {}\nclasses {}\nshard {}/{}\n\
             deals {}\nvalue {}\nsquare {}\nactions {}\n",
            self.case,
            self.paytable,
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

    /// Reads what [`to_text`](Self::to_text) wrote; the error names the line.
    pub fn parse(text: &str) -> Result<DeadSums, String> {
        let mut lines = text.lines();
        if lines.next() != Some(SUMS_HEADER) {
            return Err(format!(
                "not a dead-card sums file (first line is not {SUMS_HEADER:?})"
            ));
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
        let deck = field("deck")?;
        let deck = u64::from_str_radix(deck.trim_start_matches("0x"), 16)
            .map_err(|_| format!("deck: {deck:?} is not a hexadecimal card set"))?;
        let scale = int("scale", field("scale")?)? as i64;
        let classes = int("classes", field("classes")?)? as usize;
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
        if lines.next().is_some() {
            return Err("unexpected lines after actions".into());
        }
        Ok(DeadSums {
            case,
            paytable,
            deck: CardSet(deck),
            scale,
            classes,
            shard,
            tally: Tally {
                deals,
                value,
                square,
                actions,
            },
        })
    }

    /// Adds the shards `1/N` .. `N/N` of one run (each exactly once, in any
    /// order) into the sums of the whole run (shard `1/1`).
    pub fn merge(parts: &[DeadSums]) -> Result<DeadSums, String> {
        let first = parts.first().ok_or("no sums to merge")?;
        let n = first.shard.count;
        let mut seen = vec![false; n];
        let mut tally = Tally::default();
        for p in parts {
            if (&p.case, &p.paytable, p.deck, p.scale, p.classes)
                != (
                    &first.case,
                    &first.paytable,
                    first.deck,
                    first.scale,
                    first.classes,
                )
            {
                return Err(format!(
                    "shard {}/{} is of another run (case, pay table, deck, scale or classes differ)",
                    p.shard.index, p.shard.count
                ));
            }
            if p.shard.count != n {
                return Err(format!(
                    "shard {}/{} is of a split into {} shards, not {n}",
                    p.shard.index, p.shard.count, p.shard.count
                ));
            }
            if std::mem::replace(&mut seen[p.shard.index - 1], true) {
                return Err(format!("shard {}/{n} is given twice", p.shard.index));
            }
            tally.add_weighted(&p.tally, 1);
        }
        let missing: Vec<String> = (1..=n)
            .filter(|i| !seen[i - 1])
            .map(|i| format!("{i}/{n}"))
            .collect();
        if !missing.is_empty() {
            return Err(format!("shards missing: {}", missing.join(", ")));
        }
        Ok(DeadSums {
            shard: Shard::ALL,
            tally,
            ..first.clone()
        })
    }
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

/// Solves the classes of `shard` of `case` on `deck` under `blind_table`.
/// The first classes (one per thread) are timed and `cost` is called with
/// the projection before the rest are solved.
///
/// # Panics
/// If the case is not [exact](DeadCase::is_exact) (callers refuse it first).
pub fn solve(
    blind_table: &PayTable,
    deck: CardSet,
    case: DeadCase,
    shard: Shard,
    progress: &dyn Progress,
    cost: &mut dyn FnMut(Cost),
) -> Result<DeadSums, SeenError> {
    assert!(case.is_exact(), "{case} has no exact solve");
    let (money, scale) = money(blind_table)?;
    let dead = case.dead_cards();
    assert!(deck.len() >= 9 + dead, "deck too small to deal a hand");
    let mut classes = 0;
    let mut mine = vec![];
    for_each_class(deck, dead, |i, class| {
        classes += 1;
        if shard.has(i) {
            mine.push(class);
        }
    });
    let solve_one = |class: &DeadClass| -> Tally {
        let states = pass::solve_situation(class.player, &[], deck.minus(class.dead), &money);
        let mut t = Tally::default();
        t.add_weighted(&states[0][0].tally, class.size as i128);
        t
    };
    let add = |mut a: Tally, b: Tally| {
        a.add_weighted(&b, 1);
        a
    };
    progress.begin("dead cards", mine.len() as u64);
    let sampled = rayon::current_num_threads().min(mine.len());
    let (first, rest) = mine.split_at(sampled);
    let timed: Vec<(Tally, f64)> = first
        .par_iter()
        .map(|class| {
            let start = thread_cpu_seconds();
            let t = solve_one(class);
            progress.advance(1);
            (t, thread_cpu_seconds() - start)
        })
        .collect();
    let seconds: f64 = timed.iter().map(|(_, s)| s).sum();
    cost(Cost {
        classes,
        shard_classes: mine.len(),
        sampled,
        seconds_per_class: if sampled == 0 {
            0.0
        } else {
            seconds / sampled as f64
        },
    });
    let head = timed
        .into_iter()
        .map(|(t, _)| t)
        .fold(Tally::default(), add);
    let tally = rest
        .par_iter()
        .map(|class| {
            let t = solve_one(class);
            progress.advance(1);
            t
        })
        .reduce(Tally::default, add);
    progress.finish();
    Ok(DeadSums {
        case,
        paytable: blind_table.id.clone(),
        deck,
        scale,
        classes,
        shard,
        tally: add(head, tally),
    })
}

/// The preflop decision of `hole` on `deck` when the cards of `dead` are
/// known to be out of it: the exact expected net of the whole hand of
/// raising 4x, 3x and checking (then the best flop and river decisions),
/// by one situation's enumeration.
///
/// # Panics
/// If the cards overlap or leave fewer than 7 cards to deal.
pub fn preflop_advice(
    blind_table: &PayTable,
    deck: CardSet,
    hole: (Card, Card),
    dead: CardSet,
) -> Result<Advice, SeenError> {
    let (money, scale) = money(blind_table)?;
    assert!(!dead.contains(hole.0) && !dead.contains(hole.1) && hole.0 != hole.1);
    let left = deck.minus(dead);
    assert!(left.len() >= 9, "too few cards left");
    let states = pass::solve_situation(hole, &[], left, &money);
    let state = &states[0][0];
    let per_hand = |v: i128| Fraction::new(v, state.tally.deals * scale as i128);
    let best = match state.decision {
        super::Decisions::Raise4x => Decision::Raise(Action::Raise4x),
        super::Decisions::Raise3x => Decision::Raise(Action::Raise3x),
        super::Decisions::Check => Decision::Check,
    };
    Ok(Advice {
        options: vec![
            (Decision::Raise(Action::Raise4x), per_hand(state.raise_4x)),
            (Decision::Raise(Action::Raise3x), per_hand(state.raise_3x)),
            (Decision::Check, per_hand(state.check)),
        ],
        best,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::canonical::deck_of_ranks;
    use crate::cards::choose;

    #[test]
    fn classes_weigh_every_situation_once() {
        // Known counts: C(n,2)·C(n-2,d) situations of an n-card deck.
        for (ranks, dead) in [(&[9usize, 10, 11, 12][..], 1), (&[8, 9, 10, 11, 12][..], 2)] {
            let deck = deck_of_ranks(ranks);
            let n = deck.len() as u64;
            let mut total = 0;
            for_each_class(deck, dead, |_, c| total += c.size);
            assert_eq!(total, choose(n, 2) * choose(n - 2, dead as u64));
        }
    }

    #[test]
    fn no_dead_card_has_the_169_starting_hands() {
        // Textbook: 13 pairs + 78 suited + 78 offsuit.
        assert_eq!(class_count(CardSet::FULL_DECK, 0), 169);
    }

    #[test]
    fn shard_text_is_read() {
        assert_eq!(Shard::parse("3/7"), Ok(Shard { index: 3, count: 7 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
