//! Two colluding players (`collude:2`) by partner class: the base-game
//! solver run once per class of the partner's two cards, on the deck less
//! them, keeping only the suit symmetry they leave.
//!
//! # Why this equals the per-situation solve
//! [`super::dead`] defines the case: every situation (the player's two
//! cards, the partner's two cards) is equally likely, and the player plays
//! each hand optimally knowing the partner's cards are out of the deck. Fix
//! the partner's cards `D`: the player's holdings are then every holding of
//! the deck less `D`, each equally likely, and the best play of each is the
//! base game's on that deck. So the base-game solve of the deck less `D`
//! sums, over every player holding and deal, exactly what the per-situation
//! solves of the situations with partner cards `D` sum. Renaming suits
//! changes no value, so the partner holdings are grouped into the classes of
//! the 24 renamings (169 on the full deck: the starting-hand classes), each
//! solved once and weighted by its size. One solve handles every player
//! holding at once; the deck less `D` is symmetric only under the renamings
//! that map `D` onto itself ([`Symmetry::fixing`]: 2 of them for two cards
//! of different suits and ranks, 4 for a pair, 6 for two suited cards), so
//! the solve identifies deals under those alone and costs about 24 / (their
//! number) base solves: in all, about the class sizes' sum (1,326) times a
//! 24-fold-symmetric solve.
//!
//! # Exactness
//! Each solve's sums are integers in `1/scale` Ante ([`crate::exact::game`]);
//! they are multiplied by the class size and added in 128 bits, in class
//! order, so the figures are exact and identical for any number of threads.
//! Class `i` (in the order of the canonical partner holdings) belongs to
//! shard `i mod N`; shards add to the whole run's sums ([`DeadSums::merge`]).

use super::dead::{Cost, DeadCase, DeadSums, Shard};
use super::{money, SeenError, Tally};
use crate::cards::canonical::{canonical_classes, Symmetry};
use crate::cards::CardSet;
use crate::exact::game::{solve_totals, RiverTable, Solution};
use crate::fraction::Fraction;
use crate::progress::timing::process_cpu_seconds;
use crate::progress::{Progress, Silent};
use crate::rules::paytable::PayTable;

/// The partner classes of `deck` (closed under suit renaming): the
/// canonical two-card holdings and their class sizes, in shard order.
pub fn partner_classes(deck: CardSet) -> Vec<(CardSet, u64)> {
    canonical_classes(deck, 2)
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

/// The sums of the base game on `deck` less `partner`, identifying deals
/// under the renamings that fix `partner` only.
pub fn solve_partner(blind_table: &PayTable, deck: CardSet, partner: CardSet) -> Tally {
    let river = RiverTable::build_under(deck.minus(partner), &Symmetry::fixing(partner), &Silent);
    tally_of(&solve_totals(&river, blind_table, &Silent))
}

/// Solves the partner classes of `shard` of `collude:2` on `deck` under
/// `blind_table`, one after the other (each solve uses every thread). The
/// first class is timed and `cost` is called with the projection before the
/// rest are solved: a class costs about its size (24 over the renamings
/// that fix it) times the same, so the projection scales the first class's
/// CPU seconds by the sizes.
pub fn solve_collude_2(
    blind_table: &PayTable,
    deck: CardSet,
    shard: Shard,
    progress: &dyn Progress,
    cost: &mut dyn FnMut(Cost),
) -> Result<DeadSums, SeenError> {
    let (_, scale) = money(blind_table)?;
    assert!(deck.len() >= 11, "deck too small to deal a hand");
    let classes = partner_classes(deck);
    let mine: Vec<(CardSet, u64)> = classes
        .iter()
        .enumerate()
        .filter(|&(i, _)| shard.has(i))
        .map(|(_, &c)| c)
        .collect();
    progress.begin("collusion: partner classes", mine.len() as u64);
    let mut tally = Tally::default();
    for (i, &(partner, size)) in mine.iter().enumerate() {
        let start = process_cpu_seconds();
        let one = solve_partner(blind_table, deck, partner);
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
        case: DeadCase::Collude(2),
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
