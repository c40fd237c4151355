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

pub use super::dead_sums::{
    deal_count, DeadCase, DeadCaseError, DeadSums, Shard, MAX_EXACT_PLAYERS, STAMP_HINT,
};
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
        paytable_sha256: blind_table.contents_sha256(),
        engine: crate::exact::ENGINE_VERSION,
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
