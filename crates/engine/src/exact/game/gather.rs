//! The flop pass's inner loop: for the representative holdings of one
//! flop, over every turn/river, the entries of the river table summed per
//! holding and coded slot (category and river code), into
//! [`Accumulator`]s. Boards without a flush suit are summed once per pair
//! of ranks ([`RankPairSums`]); the others are read per holding, a chunk of
//! rows at a time, for blocks of holdings whose sums stay near the
//! processor.

use super::payoffs::SLOTS;
use super::river_codes::{position_slot_add, Codes, CODE_WORDS};
use super::river_table::{
    board_context, class_pair, Entry, RiverTable, Wide, CLASS_PAIRS, CONTEXTS, RANK_PAIRS,
};
use crate::cards::canonical::{for_each_subset, pair_cards, PAIRS};
use crate::cards::{choose, CardSet, DECK_SIZE};

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
/// it gives and its per-pair-of-ranks work space.
#[derive(Default)]
pub(super) struct Gathered {
    /// Sums of the flop being summed, [`CODED_SLOTS`] per representative.
    pub(super) accumulators: Vec<Accumulator>,
    /// The flop's turn/rivers without a flush, per pair of ranks.
    rank_pairs: RankPairSums,
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
/// A board with at most two cards of each suit has no flush, so its entry
/// for a holding depends only on the holding's two ranks (its row has one
/// entry per pair of ranks), and so does the optimal river decision. With
/// codes by entry (optimal river decisions; a fixed policy may tell suits
/// apart), such turn/rivers are summed once per pair of ranks
/// ([`RankPairSums`]), and each holding takes the sums of its ranks less the
/// turn/rivers that hold one of its cards. Every other turn/river (a flush
/// is possible) is read per holding: in chunks of [`CHUNK`] rows, with the
/// representatives in blocks of [`BLOCK`] whose sums stay near the processor,
/// each block reading the chunk's rows (then in the level-2 cache). A
/// holding's entry is at the same position of the row whichever renaming
/// located it (see [`RiverTable::positions`]); the positions of the
/// representatives are listed once per flush context, and, for codes by
/// holding, their holdings on the canonical board once per renaming.
pub(super) fn gather(
    river: &RiverTable,
    flop: CardSet,
    reps: &[u16],
    codes: Codes,
    gathered: &mut Gathered,
) {
    let Gathered {
        accumulators: acc,
        rank_pairs,
        chunk: written,
    } = gathered;
    acc.clear();
    acc.resize(reps.len() * CODED_SLOTS, [0; 2]);
    let mut located: Vec<Located> = Vec::with_capacity(PAIRS);
    let by_ranks = |sums: &mut RankPairSums, located: &mut Vec<Located>, acc: &mut Vec<_>| {
        for (acc, &h) in acc.chunks_exact_mut(CODED_SLOTS).zip(reps) {
            sums.holding_sums(h as usize, acc);
        }
        located.extend_from_slice(&sums.flush_rows);
    };
    match codes {
        Codes::ByEntry(rule) => {
            rank_pairs.fill(river, flop, |_, _, e| rule.slot_add(e));
            by_ranks(rank_pairs, &mut located, acc);
        }
        Codes::ByPosition(codes) => {
            rank_pairs.fill(river, flop, |row, p, _| position_slot_add(codes, row, p));
            by_ranks(rank_pairs, &mut located, acc);
        }
        Codes::ByHolding(_) => {
            for_each_subset(river.deck.minus(flop), 2, |turn_river| {
                located.push(locate(river, flop, turn_river));
            });
        }
    }
    // The cards of each representative, its entry position per flush
    // context, and, for codes by holding, its holding on the canonical board
    // per renaming.
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
        if matches!(codes, Codes::ByHolding(_)) && list.is_empty() {
            let map = river.pair_maps.map(l.perm as usize);
            list.extend(reps.iter().map(|&h| map[h as usize]));
        }
    }
    written.resize(CHUNK * CLASS_PAIRS, 0);
    for (c, chunk) in located.chunks(CHUNK).enumerate() {
        // The chunk's rows written out (with their codes, by entry, in the
        // same pass), while the next chunk's rows are loaded.
        for (j, (l, out)) in chunk
            .iter()
            .zip(written.chunks_exact_mut(CLASS_PAIRS))
            .enumerate()
        {
            if let Some(next) = located.get((c + 1) * CHUNK + j) {
                prefetch(river.row_words(next.row as usize));
            }
            let row = l.row as usize;
            match codes {
                Codes::ByEntry(rule) => river.read_row_coded(row, out, |_, e| rule.slot_add(e)),
                Codes::ByPosition(codes) => {
                    river.read_row_coded(row, out, |p, _| position_slot_add(codes, row, p))
                }
                Codes::ByHolding(_) => river.read_row(row, out),
            };
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
                match codes {
                    // In the entries' slots.
                    Codes::ByEntry(_) | Codes::ByPosition(_) => read.add_to(acc, |_, _| 0),
                    Codes::ByHolding(codes) => {
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

/// One flop's turn/rivers without a possible flush, summed per pair of
/// ranks: see [`gather`]. Kept by each thread's [`Gathered`] and refilled
/// for each flop.
#[derive(Default)]
struct RankPairSums {
    /// Per card: the turn/rivers without a flush that hold it, as (position
    /// in the enumeration, the other card's index).
    with_card: Vec<Vec<(u16, u8)>>,
    /// Per turn/river without a flush and pair of ranks ([`class_pair`]):
    /// the entry of a holding of those ranks (0 where none avoids the
    /// board), `[turn/river * RANK_PAIRS + pair]`.
    entries: Vec<Compact>,
    /// Per pair of ranks: the sums of its entries over the turn/rivers
    /// without a flush, [`CODED_SLOTS`] accumulators.
    sums: Vec<Accumulator>,
    /// The turn/rivers with a possible flush.
    flush_rows: Vec<Located>,
}

impl RankPairSums {
    /// Refills the sums for `flop`: its turn/rivers without a flush summed
    /// per pair of ranks, each entry in the slot of its category and its
    /// river code (`code(row, position, entry)` added to the slot field, as
    /// each row is read: the optimal decision, or a policy's by position);
    /// the others listed in `flush_rows`.
    fn fill(
        &mut self,
        river: &RiverTable,
        flop: CardSet,
        code: impl Fn(usize, usize, Entry) -> u64,
    ) {
        let off_flop = river.deck.minus(flop);
        let trs = choose(off_flop.len() as u64, 2) as usize;
        self.with_card.resize(DECK_SIZE, Vec::new());
        for list in &mut self.with_card {
            list.clear();
        }
        self.entries.resize(RANK_PAIRS * trs, 0);
        self.sums.clear();
        self.sums.resize(RANK_PAIRS * CODED_SLOTS, [0; 2]);
        self.flush_rows.clear();
        // (index among the turn/rivers, row) of those without a flush.
        let mut no_flush_rows: Vec<(usize, usize)> = Vec::with_capacity(trs);
        let mut i = 0;
        for_each_subset(off_flop, 2, |tr| {
            let located = locate(river, flop, tr);
            if located.context != 0 {
                self.flush_rows.push(located);
            } else {
                let t = tr.0.trailing_zeros() as u8;
                let r = (63 - tr.0.leading_zeros()) as u8;
                self.with_card[t as usize].push((i as u16, r));
                self.with_card[r as usize].push((i as u16, t));
                no_flush_rows.push((i, located.row as usize));
            }
            i += 1;
        });
        // The rows are far apart in memory: the row after next is asked for
        // while this one is read. A row without a flush has one entry per
        // pair of ranks, in the order of `class_pair`.
        let mut written = [0; CLASS_PAIRS];
        for (n, &(i, row)) in no_flush_rows.iter().enumerate() {
            if let Some(&(_, next)) = no_flush_rows.get(n + 2) {
                prefetch(river.row_words(next));
            }
            let entries = &mut written[..RANK_PAIRS];
            debug_assert_eq!(river.entries_in_row(row), RANK_PAIRS);
            river.read_row_coded(row, entries, |p, e| code(row, p, e));
            for (pair, &c) in entries.iter().enumerate() {
                self.entries[i * RANK_PAIRS + pair] = c;
                let (slot, add) = addends(c);
                let acc = &mut self.sums[pair * CODED_SLOTS + slot];
                acc[0] += add[0];
                acc[1] += add[1];
            }
        }
    }

    /// The sums of holding `h` (off the flop) over the turn/rivers without
    /// a flush, into `acc`: the sums of its ranks, less the turn/rivers that
    /// hold one of its cards (each once, so that no sum goes below zero).
    fn holding_sums(&self, h: usize, acc: &mut [Accumulator]) {
        let (a, b) = pair_cards(h);
        let pair = class_pair(a.rank(), b.rank());
        acc.copy_from_slice(&self.sums[pair * CODED_SLOTS..(pair + 1) * CODED_SLOTS]);
        let entries = &self.entries[pair..];
        let mut take = |i: u16| {
            let (slot, sub) = addends(entries[i as usize * RANK_PAIRS]);
            acc[slot][0] -= sub[0];
            acc[slot][1] -= sub[1];
        };
        for &(i, _) in &self.with_card[a.index()] {
            take(i);
        }
        // The turn/river {a, b} was taken with a.
        for &(i, _) in self.with_card[b.index()]
            .iter()
            .filter(|&&(_, c)| c as usize != a.index())
        {
            take(i);
        }
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
    use crate::cards::canonical::all_pairs;
    use crate::exact::game::payoffs::Linear;
    use crate::exact::game::river_codes::{position_codes, river_codes, RiverRule};
    use crate::progress::Silent;

    #[test]
    fn sums_by_pairs_of_ranks_equal_the_sums_read_per_holding() {
        // `gather` three ways on every flop of a 24-card deck (9 to ace),
        // for every holding off the flop, with river codes that depend only
        // on the entry (as the optimal ones do) but mix all four codes: two
        // made-up tables, one raising when `x > y`, the other when `z > 2`,
        // computed as each row is read, against the same codes listed per
        // holding and per position of each row.
        let deck = crate::cards::canonical::deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
        let river = RiverTable::build(deck, &Silent);
        let table = |c: [i64; 4], fold: i64| (Linear { slots: [c; 16] }, [fold; SLOTS]);
        let rule = RiverRule::new(vec![table([0, 1, -1, 0], 0), table([0, 0, 0, 1], 2)]);
        let seen = std::sync::atomic::AtomicU8::new(0);
        let by_holding = river_codes(&river, &Silent, |_, _, e| {
            let code = rule.code(e);
            seen.fetch_or(1 << code, std::sync::atomic::Ordering::Relaxed);
            code as u64
        });
        assert_eq!(seen.into_inner(), 15, "every code of two tables");
        // The same codes listed per position of each row (a policy's that
        // depends only on the pair of classes), from one holding of each.
        let by_position = position_codes(&river, &Silent, true, |_, _, entries, codes| {
            for (c, &e) in codes.iter_mut().zip(entries) {
                *c = rule.code(e) as u64;
            }
        });
        let (mut by_ranks, mut by_holdings) = (Gathered::default(), Gathered::default());
        let mut by_positions = Gathered::default();
        let mut flops_with_both = 0;
        // C(21, 2) turn/rivers a flop.
        let turn_rivers = choose(deck.len() as u64 - 3, 2) as usize;
        for &(flop, _) in &river.flops {
            let holdings: Vec<u16> = all_pairs()
                .iter()
                .filter(|&&(_, m)| m & !deck.0 == 0 && m & flop.0 == 0)
                .map(|&(h, _)| h as u16)
                .collect();
            gather(
                &river,
                flop,
                &holdings,
                Codes::ByEntry(&rule),
                &mut by_ranks,
            );
            let codes = Codes::ByHolding(&by_holding);
            gather(&river, flop, &holdings, codes, &mut by_holdings);
            let codes = Codes::ByPosition(&by_position);
            gather(&river, flop, &holdings, codes, &mut by_positions);
            assert_eq!(
                by_ranks.accumulators, by_positions.accumulators,
                "flop {flop:?}"
            );
            // Slot 0 (a holding's empty entries, never read back) differs:
            // read per holding, the entries of holdings that share a card
            // with the turn or river count there.
            let read_back = |acc: &[Accumulator]| -> Vec<Accumulator> {
                acc.iter()
                    .enumerate()
                    .filter(|(k, _)| k % SLOTS != 0)
                    .map(|(_, &a)| a)
                    .collect()
            };
            assert_eq!(
                read_back(&by_ranks.accumulators),
                read_back(&by_holdings.accumulators),
                "flop {flop:?}"
            );
            let flush_rows = by_ranks.rank_pairs.flush_rows.len();
            flops_with_both += usize::from(flush_rows > 0 && flush_rows < turn_rivers);
        }
        // Most flops have both kinds of turn/river.
        assert!(flops_with_both > river.flops.len() / 2, "{flops_with_both}");
    }
}
