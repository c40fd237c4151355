//! The river decisions the flop pass reads, as codes (bit `u` set: raise
//! 1x under the pass's table `u`): for the optimal decisions, which depend
//! only on the entry, computed from the entry as its row is read
//! ([`RiverRule`]); for a fixed policy's, two bits per position of each
//! canonical board's row when its decision depends only on the holding's
//! pair of classes of cards, as the entry does ([`position_codes`]), else
//! two bits per holding ([`river_codes`]).
//!
//! # Memory
//! The codes by position take 88 bytes a board ([`POSITION_WORDS`]), the
//! codes by holding 336 ([`CODE_WORDS`]). Beside the river table of a
//! 48-card deck kept by the identity alone (1.71 million boards, about
//! 806 MB: a `collude:3` class of four cards of four ranks and suits), the
//! control strategy's solve of the class sample holds 151 MB of codes by
//! position, and stays under 1 GiB (967,028 kB measured); by holding (575
//! MB) it did not (1,583,420 kB measured). The memory guard (`the_controlled_class_solve_fits_1_gib`,
//! below) counts it.

use super::pages::zeroed_on_large_pages;
use super::payoffs::{Linear, SLOTS};
use super::river_table::{flush_suit, Entry, RiverTable, CLASS_PAIRS};
use crate::cards::canonical::PAIRS;
use crate::cards::{Card, CardSet};
use crate::progress::Progress;
use rayon::prelude::*;

/// Words of a canonical board's river codes (two bits per holding).
pub(super) const CODE_WORDS: usize = (2 * PAIRS).div_ceil(64);

/// Words of a canonical board's river codes by position (two bits per
/// pair of classes of cards).
pub(super) const POSITION_WORDS: usize = (2 * CLASS_PAIRS).div_ceil(64);

/// The river decisions a pass reads, as codes (bit `u` set: raise under
/// the pass's table `u`).
#[derive(Clone, Copy)]
#[allow(clippy::enum_variant_names)] // codes by entry, by position, by holding
pub(super) enum Codes<'c> {
    /// The optimal decisions, which depend only on the entry: computed
    /// from it as its row is read ([`RiverRule`]).
    ByEntry(&'c RiverRule),
    /// Two bits per position of each canonical board's row,
    /// [`POSITION_WORDS`] words a board: a fixed policy's that depends only
    /// on the holding's pair of classes ([`position_codes`]); with the
    /// pass's tables (1 or 2: only bit 0 set, or both bits used), which
    /// bound the coded slots summed.
    ByPosition(&'c [u64], usize),
    /// Two bits per holding of each canonical board, [`CODE_WORDS`] words a
    /// board: a fixed policy's, which may tell suits apart ([`river_codes`]).
    ByHolding(&'c [u64]),
}

/// What the code of position `position` of row `row` ([`position_codes`])
/// adds to its entry's slot in 64 bits ([`RiverRule::slot_add`]).
#[inline(always)]
pub(super) fn position_slot_add(codes: &[u64], row: usize, position: usize) -> u64 {
    let code = codes[row * POSITION_WORDS + position / 32] >> (2 * (position % 32)) & 3;
    (SLOTS as u64 * code) << 48
}

/// The river codes of every canonical board by position of its row, two
/// bits per pair of classes of cards ([`POSITION_WORDS`] words a board),
/// advancing `progress` a board at a time: `code(board, holes, entries,
/// codes)` gives the codes of the board's pairs of classes that have
/// holdings of the deck and that `keep(holding, flush suit)` keeps (one
/// holding of each, `holes`, and its entry when `with_entries`, else
/// [`Entry::EMPTY`]: reading the rows again costs 2% of an evaluation), 0
/// elsewhere; a board of no pair kept is not asked. For a decision that
/// depends only on the pair of classes: about 187 decisions a board on the
/// full deck, not 1,081. The positions, holdings and entries of a board are
/// listed in room made once a worker's share (at most [`CLASS_PAIRS`]
/// each), the ones not kept never listed (docs/speed-strategies.md, "The full deck's river
/// decisions").
pub(crate) fn position_codes(
    river: &RiverTable,
    progress: &dyn Progress,
    with_entries: bool,
    keep: impl Fn([Card; 2], Option<usize>) -> bool + Sync,
    code: impl Fn(CardSet, &[[Card; 2]], &[Entry], &mut [u64]) + Sync,
) -> Vec<u64> {
    let mut codes = zeroed_on_large_pages(river.boards.len() * POSITION_WORDS);
    // Room for a board's lists, made once a worker's share, not zeroed a
    // board (zeroing arrays on the stack cost 4.8 G instructions on the
    // full deck).
    let scratch = || {
        (
            Box::new([0u16; CLASS_PAIRS]),
            Box::new([[Card::from_index(0); 2]; CLASS_PAIRS]),
            Box::new([Entry::EMPTY; CLASS_PAIRS]),
            Box::new([0u64; CLASS_PAIRS]),
        )
    };
    codes
        .par_chunks_mut(POSITION_WORDS)
        .enumerate()
        .for_each_init(scratch, |(positions, holes, entries, out), (i, words)| {
            let board = river.boards[i].0;
            let flush = flush_suit(board);
            let mut n = 0;
            river.class_entries(i, with_entries, |position, hole, entry| {
                if keep(hole, flush) {
                    (positions[n], holes[n], entries[n]) = (position as u16, hole, entry);
                    n += 1;
                }
            });
            if n > 0 {
                let out = &mut out[..n];
                out.fill(0);
                code(board, &holes[..n], &entries[..n], out);
                for (&p, &c) in positions[..n].iter().zip(&*out) {
                    let p = usize::from(p);
                    words[p / 32] |= c << (2 * (p % 32));
                }
            }
            progress.advance(1);
        });
    codes
}

/// The river codes of every canonical board, two bits per holding
/// ([`CODE_WORDS`] words a board), advancing `progress` a board at a time:
/// `code(row, holding, entry)` for the holdings of the deck that avoid the
/// board, 0 elsewhere.
pub(crate) fn river_codes(
    river: &RiverTable,
    progress: &dyn Progress,
    code: impl Fn(usize, usize, Entry) -> u64 + Sync,
) -> Vec<u64> {
    let mut codes = zeroed_on_large_pages(river.boards.len() * CODE_WORDS);
    codes
        .par_chunks_mut(CODE_WORDS)
        .enumerate()
        .for_each(|(i, words)| {
            for (h, e) in river.holding_entries(i) {
                words[h / 32] |= code(i, h, e) << (2 * (h % 32));
            }
            progress.advance(1);
        });
    codes
}

/// The optimal river decisions of one or two pay tables, by entry: raise
/// 1x under table `u` when its value beats folding. Computed from the entry
/// each time a row is read, in the same pass (a table of two bits per
/// entry, held through the pass, took 88 MB for the 1.9 million boards of
/// three dead cards: docs/speed.md, "Reading a row").
pub(crate) struct RiverRule {
    /// Per table: the value of raising 1x on the river, and of folding per
    /// category slot.
    tables: Vec<(Linear, [i64; SLOTS])>,
}

impl RiverRule {
    /// The rule of one or two tables, each its river raise and fold.
    pub(crate) fn new(tables: Vec<(Linear, [i64; SLOTS])>) -> RiverRule {
        assert!(
            (1..=2).contains(&tables.len()),
            "passes of one or two tables"
        );
        RiverRule { tables }
    }

    /// Coded slots an entry can take: [`SLOTS`] times the codes of the
    /// rule's tables (2 for one table, 4 for two); the first of a
    /// holding's accumulators.
    #[inline]
    pub(crate) fn coded_slots(&self) -> usize {
        SLOTS << self.tables.len()
    }

    /// The code of entry `e` (not empty): bit `u` set when raising 1x
    /// beats folding under table `u`.
    #[inline(always)]
    pub(crate) fn code(&self, e: Entry) -> usize {
        let raise =
            |(linear, fold): &(Linear, [i64; SLOTS])| usize::from(linear.at(e) > fold[e.slot]);
        match self.tables.as_slice() {
            [t] => raise(t),
            [t, u] => raise(t) | raise(u) << 1,
            _ => unreachable!("passes of one or two tables"),
        }
    }

    /// What entry `e`'s code adds to its slot in 64 bits ([`Wide`]'s slot
    /// field): [`SLOTS`] times the code, the coded slot.
    ///
    /// [`Wide`]: super::river_table::Wide
    #[inline(always)]
    pub(crate) fn slot_add(&self, e: Entry) -> u64 {
        ((SLOTS * self.code(e)) as u64) << 48
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::canonical::{deck_of_ranks, Symmetry};
    use crate::cards::{choose, parse_cards};
    use crate::exact::game::river_table::tests::{counted_table_of, BESIDES_THE_TABLE};
    use crate::exact::game::solve::policy_codes;
    use crate::progress::Silent;
    use crate::sample::dead_classes::CONTROL;
    use crate::strategy::{AsPolicy, FileStrategy};

    /// The class sample's control strategy's river codes on `river`, as its
    /// solve holds them (`evaluate_policy_totals`: the positions reached, no optimal decisions
    /// beside), and whether they are by position.
    fn control_codes(river: &RiverTable) -> (Vec<u64>, bool) {
        let control = FileStrategy::builtin(CONTROL).expect("a shipped strategy");
        policy_codes(river, &AsPolicy(&control), None, true, &Silent)
    }

    #[test]
    fn the_controlled_class_solve_fits_1_gib() {
        // The memory guard of the `collude:3` class sample's largest solve
        // (docs/speed.md, "Reading a row"): four dead cards of four ranks and
        // suits leave 48 cards under the identity alone (C(48,5) =
        // 1,712,304 boards), whose river table, counted from its boards as
        // `the_largest_solve_fits_1_gib` counts three dead cards', held
        // beside the control strategy's river codes by position
        // ([`POSITION_WORDS`] words a board) and what a solve holds besides,
        // is under 1 GiB. The control's codes by holding ([`CODE_WORDS`]
        // words a board), which a strategy that does not decide by pair of
        // classes takes, would not fit: the sample peaked at 1,583,420 kB
        // with them. On small decks the control's codes are built and are
        // by position, the words counted.
        let dead = CardSet::from_cards(&parse_cards("2c3d4h5s").unwrap());
        let deck = CardSet::FULL_DECK.minus(dead);
        let symmetry = Symmetry::fixing(dead);
        assert_eq!(symmetry.perms().len(), 1, "the identity alone");
        let (boards, _, table) = counted_table_of(deck);
        assert_eq!(boards as u64, choose(48, 5));
        let by_position = 8 * POSITION_WORDS * boards;
        assert!(
            table + by_position + BESIDES_THE_TABLE <= 1 << 30,
            "{table} bytes of river table and {by_position} of codes counted for {boards} boards"
        );
        let by_holding = 8 * CODE_WORDS * boards;
        assert!(table + by_holding + BESIDES_THE_TABLE > 1 << 30);
        eprintln!(
            "{boards} boards: {table} bytes of river table counted, {by_position} of codes by position ({by_holding} by holding)"
        );
        let sixteen = deck_of_ranks(&[9, 10, 11, 12]);
        let three = CardSet::from_cards(&parse_cards("JsQdAh").unwrap());
        for dead in [CardSet::EMPTY, three] {
            let river =
                RiverTable::build_under(sixteen.minus(dead), &Symmetry::fixing(dead), &Silent);
            let (codes, by_classes) = control_codes(&river);
            assert!(by_classes, "{CONTROL} decides by pair of classes");
            assert_eq!(codes.len(), river.board_count() * POSITION_WORDS);
            if dead == three {
                let (counted, _, _) = counted_table_of(sixteen.minus(dead));
                assert_eq!(counted, river.board_count(), "every board its own row");
            }
        }
        if std::env::var_os("UTH_EDGE_LONG_TESTS").is_none() {
            return;
        }
        let river = RiverTable::build_under(deck, &symmetry, &Silent);
        assert!(river.size_in_bytes() <= table);
        let (codes, by_classes) = control_codes(&river);
        assert!(by_classes);
        assert_eq!(8 * codes.len(), by_position);
        eprintln!("{} bytes of river table held", river.size_in_bytes());
    }
}
