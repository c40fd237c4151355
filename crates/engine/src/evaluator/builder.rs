//! Builds the evaluator's lookup tables from first principles (the ranking
//! of five-card hands) and asserts their invariants: 7,462 distinct
//! five-card classes with the textbook counts per category, distinct rank
//! signatures, no collision in the packed table.
//!
//! The tables are built at compile time: the crate's build script
//! (`build.rs`) includes this file as a module, runs [`build`] and writes
//! [`Built::to_bytes`] to `OUT_DIR`; the evaluator reads them back
//! ([`Built::from_bytes`]) on first use, in about a millisecond instead of
//! the 0.1 s the build takes (which dominated a spot query's whole run). A
//! unit test of the evaluator rebuilds them and compares. This file
//! therefore uses the standard library only.
//!
//! See the evaluator's module documentation for the layout: a flush table
//! by 13-bit rank mask, and the non-flush values by rank signature (the sum
//! of [`RANK_KEYS`]) packed by row displacement.

/// Number of ranks.
pub const RANKS: usize = 13;

/// Per-rank keys whose sums identify every multiset of at most seven ranks
/// with at most four of a rank. Found by a greedy search (each key the
/// smallest value keeping all sums distinct); [`build`] re-checks the
/// property, so a wrong key here fails the build.
pub const RANK_KEYS: [u32; RANKS] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/// Sums are packed in rows of `2^ROW_BITS` consecutive values.
pub const ROW_BITS: u32 = 7;
/// Length of the row-offset table: a power of two above the largest row
/// (the largest seven-card sum is below `2^25`; [`build`] checks it), so
/// that a row index masked with `ROWS - 1` is in bounds without a check.
pub const ROWS: usize = 1 << (25 - ROW_BITS);
/// Length of the packed table, a power of two for the same reason.
pub const PACKED: usize = 1 << 19;
/// Length of the flush table: every 13-bit rank mask.
pub const FLUSHES: usize = 1 << RANKS;

/// Number of distinct five-card hand classes per category, high card to
/// royal flush (textbook counts; they add up to 7,462).
pub const CLASS_COUNTS: [u16; 10] = [1277, 2860, 858, 858, 10, 1277, 156, 156, 9, 1];

/// Category numbers of the order key (the order of [`CLASS_COUNTS`]).
const PAIR: u32 = 1;
const TWO_PAIR: u32 = 2;
const THREE_OF_A_KIND: u32 = 3;
const STRAIGHT: u32 = 4;
const FLUSH: u32 = 5;
const FULL_HOUSE: u32 = 6;
const FOUR_OF_A_KIND: u32 = 7;
const STRAIGHT_FLUSH: u32 = 8;
const HIGH_CARD: u32 = 0;

/// The evaluator's three tables.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Built {
    /// Value of a flush for every 13-bit rank mask with 5 to 7 bits
    /// ([`FLUSHES`] entries, 0 elsewhere).
    pub flush: Vec<u16>,
    /// Per row of signatures, where the row starts in `packed` minus where
    /// it starts among signatures (`row << ROW_BITS`), modulo 2^32
    /// ([`ROWS`] entries).
    pub row_shift: Vec<u32>,
    /// Packed signature table: value of the best non-flush hand, 0 if empty
    /// ([`PACKED`] entries).
    pub packed: Vec<u16>,
}

impl Built {
    /// Size in bytes of [`to_bytes`](Self::to_bytes).
    pub const BYTES: usize = 2 * FLUSHES + 4 * ROWS + 2 * PACKED;

    /// The tables as little-endian numbers, one after the other.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::BYTES);
        out.extend(self.flush.iter().flat_map(|v| v.to_le_bytes()));
        out.extend(self.row_shift.iter().flat_map(|v| v.to_le_bytes()));
        out.extend(self.packed.iter().flat_map(|v| v.to_le_bytes()));
        assert_eq!(out.len(), Self::BYTES, "table sizes");
        out
    }

    /// The tables written by [`to_bytes`](Self::to_bytes).
    ///
    /// # Panics
    /// If `bytes` is not [`BYTES`](Self::BYTES) long.
    pub fn from_bytes(bytes: &[u8]) -> Built {
        assert_eq!(bytes.len(), Self::BYTES, "evaluator table bytes");
        let (flush, rest) = bytes.split_at(2 * FLUSHES);
        let (row_shift, packed) = rest.split_at(4 * ROWS);
        let u16s = |b: &[u8]| -> Vec<u16> {
            b.chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect()
        };
        Built {
            flush: u16s(flush),
            row_shift: row_shift
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
            packed: u16s(packed),
        }
    }

    /// Value of the non-flush hand with this rank signature (the evaluator's
    /// lookup, without its masks).
    fn rank_of_key(&self, key: u32) -> u16 {
        self.packed[self.slot_of(key)]
    }

    fn slot_of(&self, key: u32) -> usize {
        key.wrapping_add(self.row_shift[(key >> ROW_BITS) as usize]) as usize
    }
}

/// An ordering key of one five-card hand, from first principles: category in
/// the high bits (royal and straight flush sharing one: a royal is the top
/// straight flush), then the deciding ranks (groups by size, then by rank;
/// the top card for straights, with the wheel five-high).
fn five_card_order_key(ranks: &[usize; 5], flush: bool) -> u32 {
    let mut counts = [0u8; RANKS];
    for &r in ranks {
        counts[r] += 1;
    }
    // Groups (count, rank), largest group first, higher rank first.
    let mut groups: Vec<(u8, usize)> = (0..RANKS)
        .rev()
        .filter(|&r| counts[r] > 0)
        .map(|r| (counts[r], r))
        .collect();
    groups.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let straight_high = if groups.len() == 5 {
        let (hi, lo) = (groups[0].1, groups[4].1);
        if hi - lo == 4 {
            Some(hi)
        } else if hi == 12 && groups[1].1 == 3 {
            Some(3) // A-2-3-4-5: five high
        } else {
            None
        }
    } else {
        None
    };
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let category = match (straight_high, flush, shape.as_slice()) {
        (Some(_), true, _) => STRAIGHT_FLUSH,
        (_, _, [4, 1]) => FOUR_OF_A_KIND,
        (_, _, [3, 2]) => FULL_HOUSE,
        (_, true, _) => FLUSH,
        (Some(_), false, _) => STRAIGHT,
        (_, _, [3, 1, 1]) => THREE_OF_A_KIND,
        (_, _, [2, 2, 1]) => TWO_PAIR,
        (_, _, [2, 1, 1, 1]) => PAIR,
        _ => HIGH_CARD,
    };
    let mut key = category << 20;
    match straight_high {
        Some(high) => key |= (high as u32) << 16,
        None => {
            for (i, g) in groups.iter().enumerate() {
                key |= (g.1 as u32) << (16 - 4 * i);
            }
        }
    }
    key
}

/// Every multiset of `size` ranks with at most four of each, as rank counts.
fn rank_multisets(size: u8) -> Vec<[u8; RANKS]> {
    fn walk(rank: usize, left: u8, counts: &mut [u8; RANKS], out: &mut Vec<[u8; RANKS]>) {
        if rank == RANKS {
            if left == 0 {
                out.push(*counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            walk(rank + 1, left - c, counts, out);
        }
        counts[rank] = 0;
    }
    let mut out = Vec::new();
    walk(0, size, &mut [0; RANKS], &mut out);
    out
}

/// The ranks of a five-card multiset, lowest first.
fn five_ranks(counts: &[u8; RANKS]) -> [usize; 5] {
    let mut ranks = [0; 5];
    let mut n = 0;
    for (r, &c) in counts.iter().enumerate() {
        for _ in 0..c {
            ranks[n] = r;
            n += 1;
        }
    }
    assert_eq!(n, 5, "a five-card multiset");
    ranks
}

/// Builds the tables, asserting their invariants.
pub fn build() -> Built {
    // 1. Number the five-card classes in order.
    let five = rank_multisets(5);
    let mut keys: Vec<u32> = Vec::new();
    for counts in &five {
        let ranks = five_ranks(counts);
        keys.push(five_card_order_key(&ranks, false));
        if counts.iter().all(|&c| c <= 1) {
            keys.push(five_card_order_key(&ranks, true));
        }
    }
    keys.sort_unstable();
    keys.dedup();
    let classes: usize = CLASS_COUNTS.iter().map(|&n| n as usize).sum();
    assert_eq!(classes, 7462, "textbook class counts");
    assert_eq!(keys.len(), classes, "five-card classes");
    let value_of = |order_key: u32| -> u16 {
        let i = keys
            .binary_search(&order_key)
            .expect("every five-card hand has a class");
        i as u16 + 1
    };

    // 2. The classes fall in category order with the textbook counts (the
    // evaluator reads a value's category from them).
    let mut next = 0usize;
    for (category, &n) in CLASS_COUNTS.iter().enumerate() {
        // Royal flushes share the straight-flush scale of the order key.
        let scale = (category as u32).min(STRAIGHT_FLUSH);
        for (i, &k) in keys[next..next + n as usize].iter().enumerate() {
            assert_eq!(
                k >> 20,
                scale,
                "class {} out of category order",
                next + i + 1
            );
        }
        next += n as usize;
    }
    assert_eq!(
        keys[classes - 1] & 0xf_0000,
        12 << 16,
        "top class is the royal flush"
    );
    assert_eq!(
        keys[classes - 2] & 0xf_0000,
        11 << 16,
        "below it the king-high straight flush"
    );

    // 3. Flushes: every 13-bit mask of 5 to 7 ranks. A mask of 5 ranks is
    // one five-card hand; a larger mask is worth the best of the masks with
    // one rank fewer (every five-card subset lies in one of them), which are
    // smaller numbers, so filled before it.
    let mut flush = vec![0u16; FLUSHES];
    for mask in 0..FLUSHES {
        flush[mask] = match mask.count_ones() {
            5 => {
                let mut counts = [0u8; RANKS];
                for (r, c) in counts.iter_mut().enumerate() {
                    *c = (mask >> r & 1) as u8;
                }
                value_of(five_card_order_key(&five_ranks(&counts), true))
            }
            6 | 7 => (0..RANKS)
                .filter(|r| mask >> r & 1 == 1)
                .map(|r| flush[mask & !(1 << r)])
                .max()
                .expect("a rank to remove"),
            _ => 0,
        };
    }

    // 4. Non-flush hands by rank signature, packed by row displacement:
    // first the slot of every signature, then the values, size by size. As
    // for flushes, a multiset of 6 or 7 ranks is worth the best of its
    // multisets with one card fewer, read from the table being filled
    // (where they already are).
    let key_of =
        |counts: &[u8; RANKS]| -> u32 { (0..RANKS).map(|r| counts[r] as u32 * RANK_KEYS[r]).sum() };
    // Any set of distinct cards (four of each rank at most) has a key sum
    // below 2^25: it never carries into the suit counts of the evaluator's
    // `word`, and its row is below `ROWS`, so the row mask never changes it.
    assert!(4 * RANK_KEYS.iter().sum::<u32>() < 1 << 25, "key sums fit");
    let by_size = [five, rank_multisets(6), rank_multisets(7)];
    let mut sorted_keys: Vec<u32> = by_size.iter().flatten().map(key_of).collect();
    let signatures = sorted_keys.len();
    sorted_keys.sort_unstable();
    sorted_keys.dedup();
    assert_eq!(sorted_keys.len(), signatures, "rank signatures collide");
    let row_offset = pack_rows(&sorted_keys);
    assert!(row_offset.len() <= ROWS, "row-offset table size");
    let mut row_shift: Vec<u32> = row_offset
        .iter()
        .enumerate()
        .map(|(row, &offset)| offset.wrapping_sub((row as u32) << ROW_BITS))
        .collect();
    row_shift.resize(ROWS, 0);
    let mut built = Built {
        flush,
        row_shift,
        packed: vec![0; PACKED],
    };
    for (size, multisets) in by_size.iter().enumerate() {
        for counts in multisets {
            let key = key_of(counts);
            let value = if size == 0 {
                value_of(five_card_order_key(&five_ranks(counts), false))
            } else {
                (0..RANKS)
                    .filter(|&r| counts[r] > 0)
                    .map(|r| built.rank_of_key(key - RANK_KEYS[r]))
                    .max()
                    .expect("a rank to remove")
            };
            let slot = built.slot_of(key);
            assert!(slot < PACKED, "packed table size");
            assert_eq!(built.packed[slot], 0, "packed table collision");
            built.packed[slot] = value;
        }
    }
    built
}

/// Places sparse keys in one array: each row of `2^ROW_BITS` keys is placed
/// at the first offset where its occupied columns land on free slots (rows
/// with most keys first). Returns the offset of every row up to the last
/// one with a key (rows with no key get 0 and are never read).
fn pack_rows(keys: &[u32]) -> Vec<u32> {
    const TRIES: usize = 1000;
    let width = 1usize << ROW_BITS;
    let max_key = keys.iter().copied().max().unwrap_or(0);
    let rows = (max_key >> ROW_BITS) as usize + 1;
    let mut by_row: Vec<Vec<usize>> = vec![Vec::new(); rows];
    for &key in keys {
        by_row[(key >> ROW_BITS) as usize].push((key as usize) & (width - 1));
    }
    let mut order: Vec<usize> = (0..rows).filter(|&r| !by_row[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), r));
    // `next_free` is a union-find "next unused slot at or after i" with path
    // halving; the slot past the end is always free. The table must fit in
    // `PACKED` slots (asserted), so no more than twice that are tracked.
    let capacity = 2 * PACKED;
    let mut next_free: Vec<u32> = (0..=capacity as u32).collect();
    fn find(next_free: &mut [u32], mut i: usize) -> usize {
        while next_free[i] as usize != i {
            next_free[i] = next_free[next_free[i] as usize];
            i = next_free[i] as usize;
        }
        i
    }
    let mut row_offset = vec![0u32; rows];
    let mut high = width; // every slot at or above `high` is free
    for &r in &order {
        let cols = &by_row[r];
        // No offset below the first free slot minus the first column can fit.
        let min_col = cols.iter().copied().min().unwrap_or(0);
        let mut offset = find(&mut next_free, 0).saturating_sub(min_col);
        // First fit, but after a few failed tries place the row past the
        // highest used slot (every slot there is free): this bounds the
        // build time at the cost of a longer table (about 400,000 slots
        // instead of 90,000).
        let mut tries = 0;
        'place: loop {
            assert!(offset + width <= capacity, "packed table capacity");
            for &c in cols {
                let free = find(&mut next_free, offset + c);
                if free != offset + c {
                    tries += 1;
                    offset = if tries > TRIES {
                        high - min_col
                    } else {
                        free - c
                    };
                    continue 'place;
                }
            }
            break;
        }
        for &c in cols {
            next_free[offset + c] = (offset + c + 1) as u32;
            high = high.max(offset + c + 1);
        }
        row_offset[r] = offset as u32;
    }
    row_offset
}
