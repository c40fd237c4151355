//! The sums the flop pass hands on: per holding and canonical flop, the
//! values summed over the turn and river ([`FlopSums`]) and the flop
//! decision they give; per starting-hand class, the preflop values and the
//! outcomes of the hands checked before the flop. The tally and the advice
//! read them; nothing here computes them.

use super::payoffs::SLOTS;
use super::{CATEGORIES, KINDS};
use crate::cards::canonical::PAIRS;

/// Words of a row of decision bits (one bit per holding).
pub const ROW_WORDS: usize = PAIRS.div_ceil(64);

/// Sums over the turn and river for one holding on one flop, in units of
/// `1/scale` Ante summed over (turn/river, dealer) pairs.
#[derive(Clone, Copy, Default, Debug)]
pub struct FlopSums {
    /// Sum of `a` (Ante + Blind values).
    pub a: i64,
    /// Sum of `b` (Play per unit).
    pub b: i64,
    /// Sum of the values after checking twice (with the river decisions of
    /// the strategy played: optimal, or a fixed [`Policy`](super::Policy)'s).
    pub river: i64,
    /// The flop decision: raise 2x (else check).
    pub raise_flop: bool,
}

impl FlopSums {
    /// Value of raising `p` (before or on the flop).
    pub fn raise(self, p: i64) -> i64 {
        self.a + p * self.b
    }

    /// Value of the flop action taken, and whether it is to raise 2x.
    pub fn best(self) -> (i64, bool) {
        if self.raise_flop {
            (self.raise(2), true)
        } else {
            (self.river, false)
        }
    }
}

/// Per starting-hand class, the values of raising 4x and 3x summed over
/// every flop (weighted), turn/river and dealer holding: a limited table's
/// (see [`payout_limit`](super::payout_limit)).
pub(crate) type PreflopSums = Vec<[i128; 2]>;

/// What the flop pass gives each table: its flop sums (if kept), its
/// preflop values per class ([`add_flop_values`](super::tally::add_flop_values)), the outcomes of
/// the hands checked before the flop, under a payout limit its preflop
/// sums and, for a fixed policy beside the optimal decisions, what its
/// river decisions lose ([`RiverLosses`], the policy's table only).
pub(crate) type PassSums = (
    Vec<Vec<FlopSums>>,
    Vec<Vec<[i128; 3]>>,
    Vec<CheckedTally>,
    Vec<Option<PreflopSums>>,
    Vec<RiverLosses>,
);

/// A pass's sums split into each table's own, in table order, each as a
/// one-table pass's for [`super::tally::finish`] (the river losses left
/// out: take them first where they are priced).
pub(crate) fn per_table(
    (kept, values, checked, preflop, _): PassSums,
) -> impl Iterator<Item = PassSums> {
    kept.into_iter()
        .zip(values)
        .zip(checked)
        .zip(preflop)
        .map(|(((k, v), c), p)| (vec![k], vec![v], vec![c], vec![p], vec![]))
}

/// What a fixed policy's river decisions lose against the optimal ones
/// where the two differ, on the turn/rivers of the holdings that check on
/// the flop, per starting-hand class (as if it checked before the flop)
/// and category slot of the player's hand: `[class][slot][way]` of (loss
/// in units of `1/scale` Ante summed over sequences, sequences), `way` 0
/// where the policy raises and the optimal play folds, 1 the reverse.
/// Empty when not asked for.
pub(crate) type RiverLosses = Vec<[[(i128, u64); 2]; SLOTS]>;

/// Outcome counts of the hands checked before the flop, per starting-hand
/// class, by the play they end with (0: fold, 1: raise on the river, 2:
/// raise on the flop): `[class][play][kind][category]`, every sequence once.
pub(crate) type CheckedTally = Vec<[[[u64; CATEGORIES]; KINDS]; 3]>;

/// The flop decisions of flop sums (rows of [`PAIRS`]) as bit rows.
pub(crate) fn flop_raise_bits(flop_sums: &[FlopSums]) -> Vec<u64> {
    flop_sums
        .chunks(PAIRS)
        .flat_map(|sums| {
            let mut bits = [0u64; ROW_WORDS];
            for (h, s) in sums.iter().enumerate() {
                if s.raise_flop {
                    bits[h / 64] |= 1 << (h % 64);
                }
            }
            bits
        })
        .collect()
}

/// Adds outcome counts `[kind][category]` to `a`.
pub(crate) fn add_counts(a: &mut [[u64; CATEGORIES]; KINDS], b: &[[u64; CATEGORIES]; KINDS]) {
    for (a, b) in a.iter_mut().flatten().zip(b.iter().flatten()) {
        *a += b;
    }
}
