//! A row entry of the river table: how many dealer holdings end in each
//! [`Kind`] of showdown for a holding, with its category ([`Entry`], held 16
//! bits an entry by [`compact`](super::compact), read by the flop pass in 64
//! bits, [`Wide`]), and [`RiverCounts`], the counts by kind.
//!
//! An entry holds the player's category and three counts `x`, `y`, `z`; the
//! fourth non-zero count is `dealer_hands - x - y - z` (dealer hands that
//! qualify and beat the player), the fifth is zero:
//! - a hand of a pair or better never loses to a dealer hand that does not
//!   qualify: `x` = wins against a qualifying hand, `y` = wins against one
//!   that does not, `z` = ties;
//! - a high-card hand never beats a qualifying hand: `x` = wins (dealer does
//!   not qualify), `y` = losses to a dealer that does not qualify, `z` = ties.
//!
//! The slot holds the category plus one (0: no holding of the pair of
//! classes avoids the board, or the deck has none). Every value a pay table gives an entry is
//! linear in `x`, `y`, `z` with coefficients per category
//! ([`Linear`](crate::exact::game::payoffs::Linear)), so the flop pass never unpacks a
//! [`RiverCounts`].

use crate::evaluator::HandCategory;
#[cfg(test)]
use crate::exact::game::CATEGORIES;
use crate::exact::game::{Kind, KINDS};

/// Dealer holdings of each [`Kind`] for one player holding on one board, and
/// the category of the player's hand, packed in 64 bits (11 bits a count).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct RiverCounts(u64);

impl RiverCounts {
    const BITS: u32 = 11;
    const MASK: u64 = (1 << Self::BITS) - 1;

    pub(crate) fn new(counts: [u32; KINDS], category: HandCategory) -> RiverCounts {
        let mut packed = (category as u64) << (5 * Self::BITS);
        for (k, &c) in counts.iter().enumerate() {
            assert!((c as u64) <= Self::MASK, "a count of dealer holdings");
            packed |= (c as u64) << (k as u32 * Self::BITS);
        }
        RiverCounts(packed)
    }

    /// Dealer holdings ending in `kind`.
    #[inline]
    pub fn count(self, kind: usize) -> u32 {
        ((self.0 >> (kind as u32 * Self::BITS)) & Self::MASK) as u32
    }

    /// The counts of every kind, in the order of [`Kind::ALL`].
    #[inline]
    pub fn counts(self) -> [u32; KINDS] {
        std::array::from_fn(|k| self.count(k))
    }

    #[inline]
    pub(crate) fn category_index(self) -> usize {
        (self.0 >> (5 * Self::BITS)) as usize
    }

    /// The player's hand category.
    pub fn category(self) -> HandCategory {
        HandCategory::ALL[self.category_index()]
    }

    /// Dealer holdings beaten minus dealer holdings beating the player.
    pub fn balance(self) -> i32 {
        (self.count(0) + self.count(1)) as i32 - (self.count(3) + self.count(4)) as i32
    }
}

/// A row entry: category field (category + 1, 0 = no holding) and the
/// three counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub slot: usize,
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

impl Entry {
    /// No entry (no holding of its pair of classes avoids the board).
    pub(crate) const EMPTY: Entry = Entry {
        slot: 0,
        x: 0,
        y: 0,
        z: 0,
    };

    /// The two kinds counted by `x` and `y` for category `p`.
    #[inline]
    pub(crate) fn kinds(p: usize) -> (Kind, Kind) {
        if p == HandCategory::HighCard.index() {
            (
                Kind::WinDealerDoesNotQualify,
                Kind::LoseDealerDoesNotQualify,
            )
        } else {
            (Kind::WinDealerQualifies, Kind::WinDealerDoesNotQualify)
        }
    }

    #[cfg(test)]
    fn of(counts: [u32; KINDS], p: usize) -> Entry {
        let (kx, ky) = Entry::kinds(p);
        let entry = Entry {
            slot: p + 1,
            x: counts[kx as usize],
            y: counts[ky as usize],
            z: counts[Kind::Tie as usize],
        };
        // The packing relies on the fifth kind being empty.
        let fifth = if p == HandCategory::HighCard.index() {
            Kind::WinDealerQualifies
        } else {
            Kind::LoseDealerDoesNotQualify
        };
        assert_eq!(counts[fifth as usize], 0, "a kind that cannot happen");
        entry
    }

    /// The counts by kind, given the dealer holdings per deal.
    pub(crate) fn counts(self, dealer_hands: u32) -> RiverCounts {
        let p = self.slot - 1;
        let (kx, ky) = Entry::kinds(p);
        let mut counts = [0u32; KINDS];
        counts[kx as usize] = self.x;
        counts[ky as usize] = self.y;
        counts[Kind::Tie as usize] = self.z;
        counts[Kind::LoseDealerQualifies as usize] = dealer_hands - self.x - self.y - self.z;
        RiverCounts::new(counts, HandCategory::ALL[p])
    }
}

/// An entry written out in 64 bits, as the flop pass reads it: `x | y << 16
/// | z << 32 | slot << 48` (0 for no entry).
pub(crate) type Wide = u64;

/// An entry as a [`Wide`].
#[inline(always)]
pub(crate) fn wide(e: Entry) -> Wide {
    e.x as u64 | (e.y as u64) << 16 | (e.z as u64) << 32 | (e.slot as u64) << 48
}

/// The entry of a [`Wide`].
#[inline(always)]
pub(crate) fn of_wide(w: Wide) -> Entry {
    Entry {
        slot: (w >> 48) as usize,
        x: (w & 0xffff) as u32,
        y: (w >> 16 & 0xffff) as u32,
        z: (w >> 32 & 0xffff) as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        // Every shape of entry, through its counts by kind and its 64 bits.
        for p in 0..CATEGORIES {
            for (x, y, z) in [
                (0, 0, 0),
                (990, 0, 0),
                (3, 987, 0),
                (0, 0, 990),
                (1, 2, 700),
            ] {
                let entry = Entry {
                    slot: p + 1,
                    x,
                    y,
                    z,
                };
                assert_eq!(of_wide(wide(entry)), entry);
                let counts = entry.counts(990);
                assert_eq!(Entry::of(counts.counts(), p), entry);
                assert_eq!(counts.counts().iter().sum::<u32>(), 990);
            }
        }
    }
}
