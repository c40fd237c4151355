//! The river table's own tests: its memory counted from the boards
//! (the 1 GiB guards) and its lookups against the sweep.

use super::board_counts::tests::entries_of;
use super::*;

/// The cards of the largest solve a command makes, three dead cards of
/// three suits and ranks (`strategy --dead 2c3d4h`): 49 cards, no two
/// deals identified, and its symmetry (the identity alone).
fn largest_solve() -> (CardSet, Symmetry) {
    let dead = CardSet::from_cards(&crate::cards::parse_cards("2c3d4h").unwrap());
    let symmetry = Symmetry::fixing(dead);
    assert_eq!(symmetry.perms().len(), 1, "the identity alone");
    (CardSet::FULL_DECK.minus(dead), symmetry)
}

/// Bytes of ties an entry, at most: four in five (three entries in four
/// have a byte; ties of 258 or more take three).
const TIES_PER_ENTRY: (usize, usize) = (4, 5);

/// The memory of the river table of [`largest_solve`], counted from its
/// boards without solving ([`counted_table_of`]): `(boards, entries,
/// bytes)`.
fn counted_table() -> (usize, usize, usize) {
    counted_table_of(largest_solve().0)
}

/// The memory of the river table of `deck` under the identity alone,
/// counted from its boards without solving: every board of the deck its
/// own row, each row's words from the cards left by class
/// ([`row_words`]), the ties [`TIES_PER_ENTRY`], the indexes a word or
/// two a board, the locators of every five- and three-card subset of
/// the 52 cards. Returns `(boards, entries, bytes)`.
pub(crate) fn counted_table_of(deck: CardSet) -> (usize, usize, usize) {
    let (mut boards, mut words, mut entries) = (0usize, 0usize, 0usize);
    crate::cards::canonical::for_each_subset(deck, 5, |board| {
        let flush = flush_suit(board);
        let n = row_words(&class_counts(deck.minus(board), flush), flush.is_some());
        let head = 1 + if flush.is_some() { 26 } else { 13 };
        boards += 1;
        words += n;
        entries += n - head;
    });
    let subsets = (choose(52, 5) + choose(52, 3)) as usize;
    let (ties, per) = TIES_PER_ENTRY;
    let bytes = 2 * words
        + entries * ties / per
        + 2 * 4 * (boards + 1)
        + boards.div_ceil(64) * 8
        + boards * std::mem::size_of::<(CardSet, u64)>()
        + 4 * subsets;
    (boards, entries, bytes)
}

/// What a solve holds besides its river table, at most: the flop
/// pass's sums and work space per thread (a few MB), the evaluator's
/// tables, the program, the allocator's slack. Measured: 42 MB, the
/// peak of `strategy --dead 2c3d4h` less its table (docs/speed.md,
/// "Reading a row").
pub(crate) const BESIDES_THE_TABLE: usize = 96 << 20;

#[test]
fn the_largest_solve_fits_1_gib() {
    // The memory guard of docs/speed.md: the river table of three dead
    // cards of three suits, counted from its boards (C(49,5) =
    // 1,906,884 rows), plus what a solve holds besides it, is under
    // 1 GiB. The premise on the ties is checked on one board in 499,
    // written as the table writes it; under UTH_EDGE_LONG_TESTS the
    // table is built (about a minute of CPU): its ties meet the premise and
    // its bytes are those counted or fewer.
    let (boards, entries, counted) = counted_table();
    assert_eq!(boards as u64, choose(49, 5), "every board its own row");
    assert!(
        counted + BESIDES_THE_TABLE <= 1 << 30,
        "{counted} bytes of river table counted for {boards} boards"
    );
    let (deck, symmetry) = largest_solve();
    let dealer_hands = choose(deck.len() as u64 - 7, 2) as u32;
    let (mut i, mut sampled, mut ties) = (0, 0, Vec::new());
    crate::cards::canonical::for_each_subset(deck, 5, |board| {
        i += 1;
        if i % 499 == 0 {
            let flush = flush_suit(board);
            let left = class_counts(deck.minus(board), flush);
            let words = row_words(&left, flush.is_some());
            let mut row = vec![0u16; words];
            river_row(deck, board, dealer_hands, &mut row, &mut ties);
            sampled += words - 1 - if flush.is_some() { 26 } else { 13 };
        }
    });
    let (per_ties, per) = TIES_PER_ENTRY;
    assert!(
        ties.len() * per <= sampled * per_ties,
        "{} bytes of ties for {sampled} entries",
        ties.len()
    );
    if std::env::var_os("UTH_EDGE_LONG_TESTS").is_none() {
        return;
    }
    let table = RiverTable::build_under(deck, &symmetry, &crate::progress::Silent);
    assert_eq!(table.board_count(), boards);
    assert!(table.ties.len() * per <= entries * per_ties);
    eprintln!(
        "{} bytes held, {counted} counted, {} bytes of ties for {entries} entries",
        table.size_in_bytes(),
        table.ties.len()
    );
    assert!(table.size_in_bytes() <= counted);
}

#[test]
fn table_lookups_equal_the_sweep_on_every_board() {
    // `RiverTable::counts`, which reads a board's canonical row at the
    // position of the holding's pair of classes of cards, against the
    // sweep of the board itself (not its canonical form), for every
    // holding: on every board of a 24-card deck (9 to ace), so that every
    // suit renaming locates some row, and on one in 97 of the full
    // deck's 2,598,960 boards; some entries' ties (3 or more) are read
    // from the board's list of ties.
    let small = crate::cards::canonical::deck_of_ranks(&[7, 8, 9, 10, 11, 12]);
    let mut compared = [0usize; 2];
    let mut renamed = 0;
    let mut renamings = std::collections::BTreeSet::new();
    let mut listed = 0;
    for (deck, step) in [(small, 1), (CardSet::FULL_DECK, 97)] {
        let table = RiverTable::build(deck, &crate::progress::Silent);
        let mut i = 0;
        crate::cards::canonical::for_each_subset(deck, 5, |board| {
            i += 1;
            if i % step != 0 {
                return;
            }
            let (row, perm) = table.locate_row_perm(board);
            renamed += usize::from(table.boards[row].0 != board);
            renamings.insert(perm);
            for (h, entry) in entries_of(deck, board, true) {
                listed += usize::from(entry.z >= 3);
                let (a, b) = pair_cards(h);
                assert_eq!(
                    table.counts(board, a, b),
                    entry.counts(table.dealer_hands),
                    "{a}{b} on {board:?}"
                );
            }
            compared[usize::from(flush_suit(board).is_none())] += 1;
        });
    }
    assert!(
        compared.iter().all(|&n| n > 10_000) && renamed > 10_000,
        "{compared:?} boards compared, {renamed} renamed"
    );
    assert_eq!(renamings.len(), 24, "every suit renaming locates a row");
    assert!(listed > 0, "some ties read from the lists of ties");
}
