//! The flop pass's inner loop: for the representative holdings of one
//! flop, over every turn/river, the entries of the river table summed per
//! holding and coded slot (category and river code), into
//! [`Accumulator`]s. With the optimal river decisions, every turn/river's
//! row is read once and summed per flush context and pair of classes of
//! cards ([`ClassPairSums`]), each holding taking the sums of its classes
//! less the turn/rivers that hold its cards; with a fixed policy's, which
//! may tell suits apart, the rows are read per holding, a chunk of rows at
//! a time, for blocks of holdings whose sums stay near the processor.

use super::payoffs::SLOTS;
use super::river_codes::{position_slot_add, Codes, CODE_WORDS};
use super::river_table::{
    board_context, Entry, RiverTable, Wide, CLASS_PAIRS, CONTEXTS, RANK_PAIRS,
};
use crate::cards::canonical::{for_each_subset, pair_cards, PAIRS};
use crate::cards::{CardSet, DECK_SIZE};

/// Accumulator slots per holding: the category slot plus [`SLOTS`] times
/// the entry's river code (bit `u` set: raised under the pass's table `u`).
pub(super) const CODED_SLOTS: usize = SLOTS * 4;

/// Turn/rivers a chunk of [`gather`]: their rows, written out (2.8 KB each),
/// stay in the level-2 cache while every block of holdings reads them.
const CHUNK: usize = 64;
/// Turn/rivers of a flop, C(49,2), times dealer holdings per deal, C(45,2):
/// a holding's sum of `x`, `y` or `z` over a flop, or its count of entries,
/// is at most this, so each fits the 32-bit half of an [`Accumulator`] word.
const MAX_FLOP_SUM: u64 = 1176 * 990;
const _: () = assert!(MAX_FLOP_SUM < 1 << 32, "a flop's sums fit 32 bits");

/// Sums of entries of one holding and coded slot over a flop:
/// `[x | y << 32, z | count << 32]`.
pub(super) type Accumulator = [u64; 2];

/// What [`gather`] keeps from one flop to the next of a thread: the sums
/// it gives and its work space.
#[derive(Default)]
pub(super) struct Gathered {
    /// Sums of the flop being summed, [`CODED_SLOTS`] per representative.
    pub(super) accumulators: Vec<Accumulator>,
    /// The flop's turn/rivers per flush context and pair of classes.
    class_pairs: ClassPairSums,
    /// The entries of a chunk's rows written out, [`CLASS_PAIRS`] a row.
    chunk: Vec<Wide>,
}

/// A turn/river of a flop read per holding: its board's row, a suit
/// renaming onto the canonical board, the board's flush context
/// ([`board_context`]) and the turn and river cards.
#[derive(Clone, Copy)]
struct Located {
    row: u32,
    perm: u8,
    context: u8,
    turn_river: u64,
}

/// For the representative holdings `reps` of `flop`, over every turn/river:
/// per representative and coded slot, the sums of the entries.
///
/// A holding's entry on a board depends only on its pair of classes of
/// cards on that board (see [`river_table`](super::river_table)), and so,
/// with codes by entry (the optimal river decisions) or by position (a
/// fixed policy's that depends only on the pair of classes), does its river
/// code.
/// So the flop's turn/rivers are summed once per flush context of their
/// board and pair of classes ([`ClassPairSums`]), and each holding takes,
/// in each context, the sums of its pair of classes there, less the
/// turn/rivers that hold one of its cards. A fixed policy may tell suits
/// apart (codes by holding): each turn/river is then read per holding
/// ([`by_holding`]).
pub(super) fn gather(
    river: &RiverTable,
    flop: CardSet,
    reps: &[u16],
    codes: Codes,
    gathered: &mut Gathered,
) {
    let Gathered {
        accumulators: acc,
        class_pairs,
        chunk: written,
    } = gathered;
    acc.clear();
    acc.resize(reps.len() * CODED_SLOTS, [0; 2]);
    match codes {
        Codes::ByEntry(rule) => {
            class_pairs.fill(river, flop, rule.coded_slots(), |_, _, e| rule.slot_add(e));
            class_pairs.holding_sums(river, reps, acc);
        }
        Codes::ByPosition(codes, tables) => {
            // The codes of one table (0 and 1: half the coded slots, as
            // the optimal decisions of one table) or of two (all four).
            debug_assert!((1..=2).contains(&tables), "passes of one or two tables");
            let code = |row, p, _| position_slot_add(codes, row, p);
            class_pairs.fill(river, flop, SLOTS << tables, code);
            class_pairs.holding_sums(river, reps, acc);
        }
        Codes::ByHolding(codes) => by_holding(river, flop, reps, codes, acc, written),
    }
}

/// [`gather`] with a fixed policy's river codes, two bits per holding of
/// each canonical board: every turn/river read per holding, in chunks of
/// [`CHUNK`] rows, with the representatives in blocks of [`BLOCK`] whose
/// sums stay near the processor, each block reading the chunk's rows (then
/// in the level-2 cache). A holding's entry is at the same position of the
/// row whichever renaming located it (see [`RiverTable::positions`]); the
/// positions of the representatives are listed once per flush context, and
/// their holdings on the canonical board once per renaming.
fn by_holding(
    river: &RiverTable,
    flop: CardSet,
    reps: &[u16],
    codes: &[u64],
    acc: &mut [Accumulator],
    written: &mut Vec<Wide>,
) {
    let mut located: Vec<Located> = Vec::with_capacity(PAIRS);
    for_each_subset(river.deck.minus(flop), 2, |turn_river| {
        located.push(locate(river, flop, turn_river));
    });
    let masks: Vec<u64> = reps
        .iter()
        .map(|&h| {
            let (a, b) = pair_cards(h as usize);
            a.mask() | b.mask()
        })
        .collect();
    let mut in_row: Vec<Vec<u16>> = vec![Vec::new(); CONTEXTS];
    let mut canonical: Vec<Vec<u16>> = vec![Vec::new(); 24];
    for l in &located {
        let list = &mut in_row[l.context as usize];
        if list.is_empty() {
            let positions = river.positions(l.context as usize);
            list.extend(reps.iter().map(|&h| positions[h as usize]));
        }
        let list = &mut canonical[l.perm as usize];
        if list.is_empty() {
            let map = river.pair_maps.map(l.perm as usize);
            list.extend(reps.iter().map(|&h| map[h as usize]));
        }
    }
    written.resize(CHUNK * CLASS_PAIRS, 0);
    for (c, chunk) in located.chunks(CHUNK).enumerate() {
        // The chunk's rows written out, while the next chunk's rows are
        // loaded.
        for (j, (l, out)) in chunk
            .iter()
            .zip(written.chunks_exact_mut(CLASS_PAIRS))
            .enumerate()
        {
            if let Some(next) = located.get((c + 1) * CHUNK + j) {
                prefetch(river.row_words(next.row as usize));
            }
            river.read_row(l.row as usize, out);
        }
        for start in (0..reps.len()).step_by(BLOCK) {
            let end = (start + BLOCK).min(reps.len());
            let acc = &mut acc[start * CODED_SLOTS..end * CODED_SLOTS];
            let masks = &masks[start..end];
            for (l, entries) in chunk.iter().zip(written.chunks_exact(CLASS_PAIRS)) {
                let read = RowRead {
                    positions: &in_row[l.context as usize][start..end],
                    masks,
                    turn_river: l.turn_river,
                    entries,
                };
                let row = l.row as usize;
                let code_row = &codes[row * CODE_WORDS..(row + 1) * CODE_WORDS];
                let canonical = &canonical[l.perm as usize][start..end];
                read.add_to(acc, |i, _| {
                    let h = canonical[i] as usize;
                    (code_row[h / 32] >> (2 * (h % 32)) & 3) as usize
                });
            }
        }
    }
}

/// The turn/river `turn_river` of `flop`, located.
fn locate(river: &RiverTable, flop: CardSet, turn_river: CardSet) -> Located {
    let board = flop.union(turn_river);
    let (row, perm) = river.locate_row_perm(board);
    Located {
        row: row as u32,
        perm: perm as u8,
        context: board_context(board) as u8,
        turn_river: turn_river.0,
    }
}

/// An entry with its coded slot, in 64 bits: a [`Wide`] whose slot is the
/// entry's plus [`SLOTS`] times its river code; 0 when there is no entry.
type Compact = Wide;

/// The coded slot of a compact entry and what it adds to its accumulator
/// (a count of 1, or 0 for no entry).
#[inline(always)]
fn addends(c: Compact) -> (usize, Accumulator) {
    let (x, y, z) = (c & 0xffff, c >> 16 & 0xffff, c >> 32 & 0xffff);
    let slot = (c >> 48) as usize;
    (slot, [x | y << 32, z | u64::from(slot != 0) << 32])
}

/// One flop's turn/rivers summed per flush context and pair of classes:
/// see [`gather`]. Kept by each thread's [`Gathered`] and refilled for each
/// flop.
///
/// A holding's sum over the flop is that of its pair of classes in each
/// context, less the turn/rivers that hold one of its cards (each once):
/// each such turn/river was added at the holding's position in its row, so
/// no sum goes below zero, and every sum before the subtractions is one
/// over the flop's turn/rivers (each counted once, in its own context), so
/// it fits the 32-bit halves of an [`Accumulator`] ([`MAX_FLOP_SUM`]).
#[derive(Default)]
struct ClassPairSums {
    /// Per card: the flop's turn/rivers that hold it, as (position in the
    /// enumeration, the other card's index).
    with_card: Vec<Vec<(u16, u8)>>,
    /// Per turn/river: its board's flush context and where its entries
    /// start in `entries`.
    located: Vec<(u8, u32)>,
    /// The entries of each turn/river's row, coded, one row after the other
    /// ([`RANK_PAIRS`] or [`CLASS_PAIRS`] a row).
    entries: Vec<Compact>,
    /// The coded slots the river codes can take ([`RiverRule::coded_slots`](super::river_codes::RiverRule::coded_slots):
    /// 22 for one table), the first of each holding's [`CODED_SLOTS`].
    width: usize,
    /// Per flush context and pair of classes, the sums of its entries,
    /// `width` accumulators: `[(context * CLASS_PAIRS + pair) * width +
    /// coded slot]`.
    sums: Vec<Accumulator>,
    /// The flush contexts of the flop's turn/rivers, in order.
    contexts: Vec<usize>,
    /// Per card: the representatives that hold it, as (position among
    /// them, the other card's index, the holding).
    holders: Vec<Vec<(u16, u8, u16)>>,
}

impl ClassPairSums {
    /// Refills the sums for `flop`: each turn/river's row read once, its
    /// entries in the slot of their category and river code (what
    /// `code(row, position, entry)` adds to the slot field, computed as the
    /// row is read: the optimal decision, or a policy's by position), added
    /// to the sums of its context and kept for the subtractions; `width`
    /// the coded slots the codes can take.
    fn fill(
        &mut self,
        river: &RiverTable,
        flop: CardSet,
        width: usize,
        code: impl Fn(usize, usize, Entry) -> u64,
    ) {
        let off_flop = river.deck.minus(flop);
        self.with_card.resize(DECK_SIZE, Vec::new());
        for list in &mut self.with_card {
            list.clear();
        }
        self.located.clear();
        let mut rows: Vec<u32> = Vec::with_capacity(PAIRS);
        let mut present = [false; CONTEXTS];
        let mut start = 0u32;
        for_each_subset(off_flop, 2, |tr| {
            let l = locate(river, flop, tr);
            let i = self.located.len() as u16;
            let t = tr.0.trailing_zeros() as u8;
            let r = (63 - tr.0.leading_zeros()) as u8;
            self.with_card[t as usize].push((i, r));
            self.with_card[r as usize].push((i, t));
            self.located.push((l.context, start));
            present[l.context as usize] = true;
            start += row_entries(l.context as usize) as u32;
            rows.push(l.row);
        });
        self.entries.resize(start as usize, 0);
        debug_assert!(width <= CODED_SLOTS);
        self.width = width;
        self.sums.resize(CONTEXTS * CLASS_PAIRS * width, [0; 2]);
        self.contexts.clear();
        for context in (0..CONTEXTS).filter(|&c| present[c]) {
            self.contexts.push(context);
            let first = context * CLASS_PAIRS * width;
            self.sums[first..first + row_entries(context) * width].fill([0; 2]);
        }
        // The rows are far apart in memory: the row after next is asked for
        // while this one is read.
        for (n, (&row, &(context, start))) in rows.iter().zip(&self.located).enumerate() {
            if let Some(&next) = rows.get(n + 2) {
                prefetch(river.row_words(next as usize));
            }
            let entries = &mut self.entries[start as usize..];
            let row = row as usize;
            let read = river.read_row_coded(row, entries, |p, e| code(row, p, e));
            debug_assert_eq!(read, row_entries(context as usize));
            let first = context as usize * CLASS_PAIRS * width;
            let sums = &mut self.sums[first..first + read * width];
            for (sums, &c) in sums.chunks_exact_mut(width).zip(&entries[..read]) {
                let (slot, add) = addends(c);
                sums[slot][0] += add[0];
                sums[slot][1] += add[1];
            }
        }
    }

    /// The sums of the holdings `reps` (off the flop) over the flop's
    /// turn/rivers, into `acc` ([`CODED_SLOTS`] a holding, zero): those of
    /// each one's pair of classes in each context; then, card by card, the
    /// turn/rivers that hold the card taken from the holdings that hold it
    /// (a turn/river's row is then read for the few dozen holdings of its
    /// card in turn, near the processor; the turn/river of both of a
    /// holding's cards is taken once, with the lower).
    fn holding_sums(&mut self, river: &RiverTable, reps: &[u16], acc: &mut [Accumulator]) {
        let width = self.width;
        self.holders.resize(DECK_SIZE, Vec::new());
        for list in &mut self.holders {
            list.clear();
        }
        for (i, (acc, &h)) in acc.chunks_exact_mut(CODED_SLOTS).zip(reps).enumerate() {
            for &context in &self.contexts {
                let pair = river.positions(context)[h as usize] as usize;
                let first = (context * CLASS_PAIRS + pair) * width;
                let sums = &self.sums[first..first + width];
                for (acc, s) in acc[..width].iter_mut().zip(sums) {
                    acc[0] += s[0];
                    acc[1] += s[1];
                }
            }
            let (a, b) = pair_cards(h as usize);
            let (a, b) = (a.index(), b.index());
            self.holders[a].push((i as u16, b as u8, h));
            self.holders[b].push((i as u16, a as u8, h));
        }
        for (card, holders) in self.holders.iter().enumerate() {
            if holders.is_empty() {
                continue;
            }
            // Each row is far from the last: the one after next is asked for.
            let turn_rivers = &self.with_card[card];
            for (k, &(t, other)) in turn_rivers.iter().enumerate() {
                if let Some(&(next, _)) = turn_rivers.get(k + 2) {
                    let (context, start) = self.located[next as usize];
                    let start = start as usize;
                    prefetch(&self.entries[start..start + row_entries(context as usize)]);
                }
                let (context, start) = self.located[t as usize];
                let positions = river.positions(context as usize);
                let row = &self.entries[start as usize..];
                for &(i, partner, h) in holders {
                    if partner == other && card > partner as usize {
                        continue;
                    }
                    let (slot, sub) = addends(row[positions[h as usize] as usize]);
                    let acc = &mut acc[i as usize * CODED_SLOTS + slot];
                    acc[0] -= sub[0];
                    acc[1] -= sub[1];
                }
            }
        }
    }
}

/// Entries of a row of flush context `context`: one per pair of ranks
/// without a flush suit, one per pair of classes with one.
#[inline]
fn row_entries(context: usize) -> usize {
    if context == 0 {
        RANK_PAIRS
    } else {
        CLASS_PAIRS
    }
}

/// One row read for a block of holdings: the entries (written out,
/// [`Compact`]) at `positions` (one per holding of the block, in order). A
/// holding whose cards `masks` meet the turn or river reads an empty entry
/// (slot 0, never read back).
struct RowRead<'r> {
    positions: &'r [u16],
    masks: &'r [u64],
    turn_river: u64,
    entries: &'r [Compact],
}

impl RowRead<'_> {
    /// Adds the entries to the holdings' accumulators ([`CODED_SLOTS`]
    /// each), with the river code `code(holding in the block, position)`
    /// added to their slots.
    #[inline(always)]
    fn add_to(&self, acc: &mut [Accumulator], code: impl Fn(usize, usize) -> usize) {
        let holdings = acc
            .chunks_exact_mut(CODED_SLOTS)
            .zip(self.positions.iter().zip(self.masks));
        for (i, (acc, (&g, &mask))) in holdings.enumerate() {
            let g = g as usize;
            let c = if mask & self.turn_river == 0 {
                self.entries[g]
            } else {
                0
            };
            let (slot, add) = addends(c);
            let acc = &mut acc[slot + SLOTS * code(i, g)];
            acc[0] += add[0];
            acc[1] += add[1];
        }
    }
}

/// Representatives a block of [`gather`]: their sums take 45 KB.
const BLOCK: usize = 64;

/// Asks the processor to start loading a row into the level-2 cache (a
/// hint; no effect elsewhere).
#[inline(always)]
fn prefetch<T>(row: &[T]) {
    // Every 64-byte cache line the row touches (rows do not start on one).
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T1};
        let start = row.as_ptr() as usize;
        let end = start + std::mem::size_of_val(row);
        for line in (start & !63..end).step_by(64) {
            // SAFETY: a prefetch is a hint that never faults nor changes
            // memory, whatever the address; SSE is part of every x86_64
            // processor.
            unsafe { _mm_prefetch::<_MM_HINT_T1>(line as *const i8) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = row;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::canonical::{all_pairs, Symmetry};
    use crate::exact::game::payoffs::Linear;
    use crate::exact::game::river_codes::{position_codes, river_codes, RiverRule};
    use crate::progress::Silent;

    #[test]
    fn sums_by_pairs_of_classes_equal_the_sums_read_per_holding() {
        // `gather` both ways on every flop, for every holding off the flop,
        // with river codes that depend only on the entry (as the optimal
        // ones do) but mix all four codes: two made-up tables, one raising
        // when `x > y`, the other when `z > 2`, computed as each row is
        // read (summed per flush context and pair of classes), against the
        // same codes listed per holding (each row read per holding). On a
        // 24-card deck (9 to ace) under all 24 renamings, and on it less
        // two cards of different suits (a partner class: the renamings
        // that fix them, so holdings of one class of cards are summed
        // apart).
        let deck = crate::cards::canonical::deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
        let dead = CardSet::from_cards(&crate::cards::parse_cards("9cTd").unwrap());
        let cases = [
            (deck, Symmetry::full()),
            (deck.minus(dead), Symmetry::fixing(dead)),
        ];
        let table = |c: [i64; 4], fold: i64| (Linear { slots: [c; 16] }, [fold; SLOTS]);
        // Two tables (four codes), and the first alone (two: a holding's
        // sums by entry fill only the first coded slots).
        let rules = [
            (vec![table([0, 1, -1, 0], 0), table([0, 0, 0, 1], 2)], 15),
            (vec![table([0, 1, -1, 0], 0)], 3),
        ];
        for (deck, symmetry) in cases {
            let river = RiverTable::build_under(deck, &symmetry, &Silent);
            for (tables, codes) in &rules {
                let rule = RiverRule::new(tables.clone());
                let seen = std::sync::atomic::AtomicU8::new(0);
                let by_holding = river_codes(&river, &Silent, |_, _, e| {
                    let code = rule.code(e);
                    seen.fetch_or(1 << code, std::sync::atomic::Ordering::Relaxed);
                    code as u64
                });
                assert_eq!(seen.into_inner(), *codes, "every code of the tables");
                // The same codes listed per position of each row (a policy's
                // that depends only on the pair of classes), from one holding
                // of each.
                let by_position = position_codes(
                    &river,
                    &Silent,
                    true,
                    |_, _| true,
                    |_, _, entries, codes| {
                        for (c, &e) in codes.iter_mut().zip(entries) {
                            *c = rule.code(e) as u64;
                        }
                    },
                );
                let (mut by_classes, mut by_holdings) = (Gathered::default(), Gathered::default());
                let mut by_positions = Gathered::default();
                // Flops whose turn/rivers make boards of three flush contexts
                // or more (no flush suit, and two flush suits).
                let mut mixed = 0;
                for &(flop, _) in &river.flops {
                    let holdings: Vec<u16> = all_pairs()
                        .iter()
                        .filter(|&&(_, m)| m & !deck.0 == 0 && m & flop.0 == 0)
                        .map(|&(h, _)| h as u16)
                        .collect();
                    let codes = Codes::ByEntry(&rule);
                    gather(&river, flop, &holdings, codes, &mut by_classes);
                    let codes = Codes::ByHolding(&by_holding);
                    gather(&river, flop, &holdings, codes, &mut by_holdings);
                    assert_eq!(
                        by_classes.accumulators, by_holdings.accumulators,
                        "flop {flop:?}"
                    );
                    let codes = Codes::ByPosition(&by_position, tables.len());
                    gather(&river, flop, &holdings, codes, &mut by_positions);
                    assert_eq!(
                        by_classes.accumulators, by_positions.accumulators,
                        "flop {flop:?}"
                    );
                    mixed += usize::from(by_classes.class_pairs.contexts.len() >= 3);
                }
                assert!(mixed > river.flops.len() / 2, "{mixed}");
            }
        }
    }
}
