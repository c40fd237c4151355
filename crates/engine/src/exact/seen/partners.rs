//! Dead cards by class of the dead cards: the base-game solver run once per
//! class of the dead cards under suit renaming, on the deck less them,
//! keeping only the suit symmetry they leave. It serves `exposed:1` (one
//! dead card: 13 classes on the full deck), `collude:2` (the partner's two
//! cards: 169) and `collude:3` (the two partners' four cards: 11,506).
//!
//! # Why this equals the per-situation solve
//! [`super::dead`] defines the case: every situation (the player's two
//! cards, the set of dead cards) is equally likely, and the player plays
//! each hand optimally knowing the dead cards are out of the deck. Fix the
//! dead cards `D`: the player's holdings are then every holding of the deck
//! less `D`, each equally likely, and the best play of each is the base
//! game's on that deck. So the base-game solve of the deck less `D` sums,
//! over every player holding and deal, exactly what the per-situation
//! solves of the situations with dead cards `D` sum. Renaming suits changes
//! no value, so the dead sets are grouped into the classes of the 24
//! renamings ([`dead_classes`]: 13 single cards, 169 two-card holdings,
//! 11,506 four-card sets on the full deck), each solved once and weighted
//! by its size. One solve handles every player holding at once; the deck
//! less `D` is symmetric only under the renamings that map `D` onto itself
//! ([`Symmetry::fixing`]: 6 for one card; 2, 4 or 6 for two cards of
//! different suits and ranks, a pair, two suited cards; most four-card sets
//! keep the identity alone), so the solve identifies deals under those
//! alone and costs about 24 / (their number) base solves: in all, about the
//! class sizes' sum (C(n, k) for k dead cards of n) times a
//! 24-fold-symmetric solve.
//!
//! # Exactness
//! Each solve's sums are integers in `1/scale` Ante ([`crate::exact::game`]);
//! they are multiplied by the class size and added in 128 bits, in class
//! order, so the figures are exact and identical for any number of threads.
//! Class `i` (in the order of the canonical dead sets) belongs to shard
//! `i mod N`; shards add to the whole run's sums ([`DeadSums::merge`]).

use super::dead::{Cost, DeadCase, DeadSums, Shard};
use super::{money, SeenError, Tally};
use crate::cards::canonical::{canonical_classes, Symmetry};
use crate::cards::CardSet;
use crate::exact::game::{solve_totals, RiverTable, Solution, TableBuffers};
use crate::fraction::Fraction;
use crate::progress::timing::process_cpu_seconds;
use crate::progress::{Progress, Silent};
use crate::rules::paytable::PayTable;

/// The classes of `k` dead cards of `deck` (closed under suit renaming):
/// the canonical `k`-card sets and their class sizes, in shard order.
pub fn dead_classes(deck: CardSet, k: usize) -> Vec<(CardSet, u64)> {
    canonical_classes(deck, k)
}

/// The partner classes of `deck` (`collude:2`): [`dead_classes`] of two
/// cards.
pub fn partner_classes(deck: CardSet) -> Vec<(CardSet, u64)> {
    dead_classes(deck, 2)
}

/// The exact sums of one solve of the base game: its deals, value, squared
/// net results and final actions, in the seen-card engines' [`Tally`].
pub fn tally_of(solution: &Solution<'_>) -> Tally {
    let scale = Fraction::from_int(solution.payoffs.scale as i128);
    let mut tally = Tally {
        deals: solution.sequences as i128,
        value: solution.total_value,
        ..Tally::default()
    };
    for (action, by_kind) in tally.actions.iter_mut().zip(&solution.tally) {
        *action = by_kind.iter().flatten().map(|&n| n as i128).sum();
    }
    for line in solution.return_table() {
        let units = (line.total() * scale.clone())
            .to_i128()
            .expect("a net result is a whole number of 1/scale Ante");
        tally.square += line.combinations as i128 * units * units;
    }
    tally
}

/// The sums of the base game on `deck` less `dead`, identifying deals
/// under the renamings that fix `dead` only: one class's solve, before its
/// weight.
pub fn solve_dead_set(blind_table: &PayTable, deck: CardSet, dead: CardSet) -> Tally {
    solve_dead_set_in(blind_table, deck, dead, TableBuffers::default()).0
}

/// [`solve_dead_set`] with its river table built in `buffers` (those of the
/// shard's previous class), which it gives back for the next.
fn solve_dead_set_in(
    blind_table: &PayTable,
    deck: CardSet,
    dead: CardSet,
    buffers: TableBuffers,
) -> (Tally, TableBuffers) {
    let symmetry = Symmetry::fixing(dead);
    let river = RiverTable::build_reusing(deck.minus(dead), &symmetry, &Silent, buffers);
    let tally = tally_of(&solve_totals(&river, blind_table, &Silent));
    (tally, river.into_buffers())
}

/// [`solve_dead_set`] of a partner's two cards.
pub fn solve_partner(blind_table: &PayTable, deck: CardSet, partner: CardSet) -> Tally {
    solve_dead_set(blind_table, deck, partner)
}

/// Solves the dead-card classes of `shard` of `case` on `deck` under
/// `blind_table`, one after the other (each solve uses every thread). The
/// first class is timed and `cost` is called with the projection before the
/// rest are solved: a class costs about its size (24 over the renamings
/// that fix it) times the same, so the projection scales the first class's
/// CPU seconds by the sizes.
///
/// # Panics
/// If the case is not [exact](DeadCase::is_exact) (callers refuse it first).
pub fn solve_by_classes(
    blind_table: &PayTable,
    deck: CardSet,
    case: DeadCase,
    shard: Shard,
    progress: &dyn Progress,
    cost: &mut dyn FnMut(Cost),
) -> Result<DeadSums, SeenError> {
    assert!(case.is_exact(), "{case} has no exact solve");
    let (_, scale) = money(blind_table)?;
    let k = case.dead_cards();
    assert!(deck.len() >= 9 + k, "deck too small to deal a hand");
    let classes = dead_classes(deck, k);
    let mine: Vec<(CardSet, u64)> = classes
        .iter()
        .enumerate()
        .filter(|&(i, _)| shard.has(i))
        .map(|(_, &c)| c)
        .collect();
    progress.begin("dead cards: classes of the dead cards", mine.len() as u64);
    let mut tally = Tally::default();
    // One river table's memory, written over class after class.
    let mut buffers = TableBuffers::default();
    for (i, &(dead, size)) in mine.iter().enumerate() {
        let start = process_cpu_seconds();
        let one;
        (one, buffers) = solve_dead_set_in(blind_table, deck, dead, buffers);
        tally.add_weighted(&one, size as i128);
        progress.advance(1);
        if i == 0 {
            let per_size = (process_cpu_seconds() - start) / size as f64;
            let total_size: u64 = classes.iter().map(|c| c.1).sum();
            cost(Cost {
                classes: classes.len(),
                shard_classes: mine.len(),
                sampled: 1,
                seconds_per_class: per_size * total_size as f64 / classes.len() as f64,
            });
        }
    }
    if mine.is_empty() {
        cost(Cost {
            classes: classes.len(),
            shard_classes: 0,
            sampled: 0,
            seconds_per_class: 0.0,
        });
    }
    progress.finish();
    Ok(DeadSums {
        case,
        paytable: blind_table.id.clone(),
        paytable_sha256: blind_table.contents_sha256(),
        engine: crate::exact::ENGINE_VERSION,
        deck,
        scale,
        classes: classes.len(),
        shard,
        tally,
    })
}

/// [`solve_by_classes`] of `collude:2`: the partner classes.
pub fn solve_collude_2(
    blind_table: &PayTable,
    deck: CardSet,
    shard: Shard,
    progress: &dyn Progress,
    cost: &mut dyn FnMut(Cost),
) -> Result<DeadSums, SeenError> {
    solve_by_classes(
        blind_table,
        deck,
        DeadCase::Collude(2),
        shard,
        progress,
        cost,
    )
}
