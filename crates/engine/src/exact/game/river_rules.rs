//! A fixed strategy's river deviations grouped by what decided them (its
//! rule or default, [`Policy::river_deciders`]), for [`cost`](super::cost).
//!
//! The pass that prices a strategy ([`evaluate_policy_cost`]) sums what
//! its river decisions lose per starting-hand class and made hand
//! ([`RiverLosses`]): its river codes carry two bits a position of each
//! board's row (the strategy's decision and the optimal one), no room for
//! the rule. So the rules are told apart after it, on the cost path only
//! (the pass, and the evaluation of the totals, are unchanged):
//! - the deciders of the spots where the two decisions differ are asked
//!   of the strategy, a board at a time (the strategy is asked only there);
//! - a decider's action is fixed, so each deviation goes one way (the
//!   strategy raises 1x where the optimal play folds, or the reverse), and
//!   a way with one decider takes the whole of the pass's loss of that way;
//! - the other deciders are summed by gathers of their own over every
//!   flop, three a gather (codes 1 to 3 in the place of the pass's two
//!   bits: the same [`gather`] and the same orbits of holdings as the
//!   pass), on the holdings the strategy checks with twice; the last
//!   decider of each way takes what the way's loss leaves (exact integers,
//!   so the groups add up to the river's loss by construction; the brute
//!   force of `tests/all/strategy_cost.rs` checks each group).
//!
//! The wizard's four raising rules deviate (one gather) and its default
//! alone folds; a strategy whose river rules deviate one per way needs no
//! gather at all.
//!
//! # Memory
//! A gather's codes take the pass's layout: 88 bytes a board by position
//! ([`POSITION_WORDS`], 11.8 MB on the full deck), 336 by holding
//! ([`CODE_WORDS`]), beside the pass's own until the cost is priced.
//!
//! [`evaluate_policy_cost`]: super::evaluate_policy_cost

use super::flop_pass::{Orbits, TableValues};
use super::gather::{gather, Gathered, CODED_SLOTS};
use super::payoffs::SLOTS;
use super::policy::{Decider, Policy};
use super::river_codes::{Codes, CODE_WORDS, POSITION_WORDS};
use super::sums::RiverLosses;
use super::{Decision, Solution};
use crate::cards::canonical::{all_pairs, pair_cards, PAIRS};
use crate::cards::Card;
use crate::progress::Progress;
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Deciders told apart by one gather: codes 1 to 3 (0: the rest).
const PER_GATHER: usize = 3;

/// A group of river deviations: what decided them, whether the strategy
/// raises 1x there (the optimal play folds) or folds (the optimal play
/// raises), what it loses there and the sequences that reach it (as
/// [`Deviation`](super::cost::Deviation)'s).
#[derive(Clone, Copy, Debug)]
pub(super) struct RiverGroup {
    pub(super) decider: Decider,
    pub(super) raises: bool,
    pub(super) loss: i128,
    pub(super) sequences: u64,
}

/// The pass's river codes (bit 0 the strategy's decision, bit 1 the
/// optimal one), by position of each row ([`POSITION_WORDS`] a board) or
/// by holding ([`CODE_WORDS`]).
#[derive(Clone, Copy)]
pub(super) struct PassCodes<'c> {
    pub(super) codes: &'c [u64],
    pub(super) by_classes: bool,
}

impl PassCodes<'_> {
    /// Words a board.
    fn words(self) -> usize {
        if self.by_classes {
            POSITION_WORDS
        } else {
            CODE_WORDS
        }
    }
}

/// The spots of one board where the strategy deviates, as
/// `(position or holding, the strategy raises)`, their holdings (one of
/// each pair of classes by position), and what decided them.
#[derive(Default)]
struct Deviating {
    at: Vec<(usize, bool)>,
    holes: Vec<[Card; 2]>,
    deciders: Vec<Decider>,
}

impl Deviating {
    /// The deviations of canonical board `row`; `false` when the strategy
    /// cannot say what decided them.
    fn of(
        &mut self,
        river: &super::RiverTable,
        policy: &dyn Policy,
        pass: PassCodes,
        row: usize,
    ) -> bool {
        self.at.clear();
        self.holes.clear();
        let w = pass.words();
        let main = &pass.codes[row * w..(row + 1) * w];
        let mut visit = |k: usize, hole: [Card; 2]| {
            let code = main[k / 32] >> (2 * (k % 32)) & 3;
            if code == 1 || code == 2 {
                self.at.push((k, code == 1));
                self.holes.push(hole);
            }
        };
        let board = river.boards[row].0;
        if pass.by_classes {
            river.class_entries(row, false, |p, hole, _| visit(p, hole));
        } else {
            for (h, m) in all_pairs() {
                if m & (board.0 | !river.deck.0) == 0 {
                    let (a, b) = pair_cards(h);
                    visit(h, [a, b]);
                }
            }
        }
        self.deciders.clear();
        self.deciders.resize(self.holes.len(), Decider::Default);
        self.holes.is_empty() || policy.river_deciders(board, &self.holes, &mut self.deciders)
    }
}

/// The pass's river deviations grouped by what decided them (their loss
/// and sequences summed over the holdings that check before and on the
/// flop), or `None` when the strategy cannot say
/// ([`Policy::river_deciders`]). `table` is the pass's strategy table,
/// `losses` its river losses, `strategy` its solution (with its flop
/// sums).
pub(super) fn river_groups(
    river: &super::RiverTable,
    table: &TableValues,
    policy: &dyn Policy,
    pass: PassCodes,
    strategy: &Solution,
    losses: &RiverLosses,
    progress: &dyn Progress,
) -> Option<Vec<RiverGroup>> {
    let checks: Vec<bool> = strategy
        .classes
        .iter()
        .map(|c| c.action == Decision::Check)
        .collect();
    // Each way's loss and sequences: 0 the strategy raises, 1 it folds.
    let mut ways = [(0i128, 0u64); 2];
    for (per_slot, _) in losses.iter().zip(&checks).filter(|(_, &c)| c) {
        for (way, total) in ways.iter_mut().enumerate() {
            for slot in per_slot.iter().skip(1) {
                total.0 += slot[way].0;
                total.1 += slot[way].1;
            }
        }
    }
    let seen = Mutex::new(BTreeSet::new());
    let cannot = AtomicBool::new(false);
    (0..river.boards.len())
        .into_par_iter()
        .for_each_init(Deviating::default, |d, row| {
            if !d.of(river, policy, pass, row) {
                cannot.store(true, Ordering::Relaxed);
                return;
            }
            let mut seen = seen.lock().expect("a set of deciders");
            for (&(_, raises), &decider) in d.at.iter().zip(&d.deciders) {
                seen.insert((!raises, decider));
            }
        });
    if cannot.into_inner() {
        return None;
    }
    // Per way, its deciders (way 0 first); the last of each takes what the
    // way's loss leaves, the others are gathered.
    let seen: Vec<(bool, Decider)> = seen.into_inner().expect("a set").into_iter().collect();
    let mut gathered: Vec<(Decider, bool)> = Vec::new();
    let mut last: Vec<(Decider, bool)> = Vec::new();
    for way in [false, true] {
        let deciders: Vec<Decider> = seen.iter().filter(|s| s.0 == way).map(|s| s.1).collect();
        if let Some((&l, others)) = deciders.split_last() {
            last.push((l, !way));
            gathered.extend(others.iter().map(|&d| (d, !way)));
        }
    }
    let mut groups = Vec::new();
    if !gathered.is_empty() {
        let gathers = gathered.len().div_ceil(PER_GATHER);
        progress.begin(
            "solving the base game: river deviations by rule",
            (river.flops.len() * gathers) as u64,
        );
        for group in gathered.chunks(PER_GATHER) {
            let codes = group_codes(river, policy, pass, group);
            let sums = group_losses(
                river, table, strategy, &checks, pass, &codes, group, progress,
            );
            for (&(decider, raises), (loss, sequences)) in group.iter().zip(sums) {
                groups.push(RiverGroup {
                    decider,
                    raises,
                    loss,
                    sequences,
                });
            }
        }
        progress.finish();
    }
    for (decider, raises) in last {
        let (mut loss, mut sequences) = ways[usize::from(!raises)];
        for g in groups.iter().filter(|g| g.raises == raises) {
            loss -= g.loss;
            sequences -= g.sequences;
        }
        assert!(loss >= 0, "a river group's loss is never negative");
        groups.push(RiverGroup {
            decider,
            raises,
            loss,
            sequences,
        });
    }
    // A decider that deviates only where no holding checks twice loses
    // nothing: no group.
    groups.retain(|g| g.loss > 0);
    Some(groups)
}

/// The codes of one gather, in the pass's layout: `1 + i` where the
/// strategy deviates and `group[i]` decided, else 0.
fn group_codes(
    river: &super::RiverTable,
    policy: &dyn Policy,
    pass: PassCodes,
    group: &[(Decider, bool)],
) -> Vec<u64> {
    let w = pass.words();
    let mut codes = vec![0u64; river.boards.len() * w];
    codes
        .par_chunks_mut(w)
        .enumerate()
        .for_each_init(Deviating::default, |d, (row, words)| {
            let said = d.of(river, policy, pass, row);
            assert!(said, "the strategy said what decided on every board");
            for (&(k, raises), &decider) in d.at.iter().zip(&d.deciders) {
                if let Some(i) = group.iter().position(|&g| g == (decider, raises)) {
                    words[k / 32] |= (1 + i as u64) << (2 * (k % 32));
                }
            }
        });
    codes
}

/// What the deviations of each decider of `group` lose and the sequences
/// that reach them, from the entries gathered with `codes` over every
/// flop, on the holdings whose class checks before the flop (`checks`)
/// and that check on it.
#[allow(clippy::too_many_arguments)]
fn group_losses(
    river: &super::RiverTable,
    table: &TableValues,
    strategy: &Solution,
    checks: &[bool],
    pass: PassCodes,
    codes: &[u64],
    group: &[(Decider, bool)],
    progress: &dyn Progress,
) -> Vec<(i128, u64)> {
    let codes = match pass.by_classes {
        true => Codes::ByPosition(codes, 2),
        false => Codes::ByHolding(codes),
    };
    let dealer_hands = u64::from(river.dealer_hands);
    (0..river.flops.len())
        .into_par_iter()
        .map_init(Gathered::default, |gathered, f| {
            let mut sums = vec![(0i128, 0u64); group.len()];
            let (flop, weight) = river.flops[f];
            let orbits = Orbits::of(river, flop, |_| false);
            // The orbits whose holdings check before the flop (their class)
            // and on it (every holding of an orbit takes the same flop
            // decision): only their sums are gathered.
            let (mut reps, mut sizes) = (Vec::new(), Vec::new());
            let members = orbits.members.chunk_by(|x, y| x.0 == y.0);
            for (&rep, orbit) in orbits.reps.iter().zip(members) {
                let class = river.class_of_pair[rep as usize].expect("a holding of the deck");
                if checks[class] && !strategy.flop_sums[f * PAIRS + rep as usize].raise_flop {
                    reps.push(rep);
                    sizes.push(orbit.len() as u64);
                }
            }
            if !reps.is_empty() {
                gather(river, flop, &reps, codes, gathered);
            }
            for (i, &size) in sizes.iter().enumerate() {
                let w = weight * size;
                let acc = &gathered.accumulators[i * CODED_SLOTS..(i + 1) * CODED_SLOTS];
                for (k, (&(_, raises), sum)) in group.iter().zip(&mut sums).enumerate() {
                    for slot in 1..SLOTS {
                        let [xy, zc] = acc[slot + SLOTS * (k + 1)];
                        let entries = [xy as u32, (xy >> 32) as u32, zc as u32, (zc >> 32) as u32];
                        if entries[3] == 0 {
                            continue;
                        }
                        let gain = table.river_gain(slot, entries);
                        let loss = if raises { -gain } else { gain };
                        debug_assert!(loss > 0, "a deviation from the optimal river decision");
                        sum.0 += i128::from(w) * i128::from(loss);
                        sum.1 += w * u64::from(entries[3]) * dealer_hands;
                    }
                }
            }
            progress.advance(1);
            sums
        })
        .reduce(
            || vec![(0, 0); group.len()],
            |mut x, y| {
                for (x, y) in x.iter_mut().zip(y) {
                    x.0 += y.0;
                    x.1 += y.1;
                }
                x
            },
        )
}
