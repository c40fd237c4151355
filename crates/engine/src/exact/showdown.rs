//! Player against dealer, exactly: every deal counted by the category of the
//! player's hand, the result of the showdown and the category of the
//! dealer's hand.
//!
//! The wagers settled on both hands (the Bad Beat bonus, Trips when it must
//! beat the dealer) and the Envy Bonus of the Progressive (another player's
//! hand, which is dealt exactly like the dealer's) depend on a deal only
//! through three things: the player's category, whether the player's hand is
//! higher, equal or lower, and the dealer's category. So one table of
//! 10 × 3 × 10 counts, [`ShowdownCounts`], settles them all, for every pay
//! table.
//!
//! # What is counted
//! For a deck (52 cards, or a reduced deck closed under suit renaming) and a
//! board size `k` (5: the community cards; 3: the flop alone, for the
//! Progressive's five-card hand), every deal of `k` board cards, two player
//! cards and two dealer cards, each hand being the best five of its two
//! cards and the board. For 52 cards and `k = 5` that is C(52,5) · C(47,2) ·
//! C(45,2) = 2,781,381,002,400 deals; for `k = 3`, C(52,3) · C(49,2) ·
//! C(47,2) = 28,094,757,600.
//!
//! # How it is fast
//! 1. **Canonical boards.** Renaming suits changes no count, so only the
//!    canonical board of each class is visited (134,459 five-card boards,
//!    1,755 flops, from [`canonical_classes`]) and its counts are weighted by
//!    the size of its class.
//! 2. **One evaluation per holding.** On a board, each of the C(n-k, 2)
//!    holdings is ranked once (1,081 evaluations for a 52-card deck and a
//!    five-card board); the same holding serves as the player's and as the
//!    dealer's.
//! 3. **Card removal by inclusion-exclusion.** The dealer's holdings that
//!    avoid the player's cards `{a, b}` are all holdings, minus those holding
//!    `a`, minus those holding `b`, plus those holding both (only `{a, b}`
//!    itself). Per category, `total[c]` and `with[card][c]` are counted once
//!    per board.
//! 4. **Categories decide most showdowns.** A dealer hand of a lower category
//!    loses to the player's, of a higher one wins; only within the player's
//!    own category are ranks compared. Holdings are sorted by rank and swept
//!    from the weakest up within each category, keeping the running count of
//!    weaker holdings and, per card, of weaker holdings containing that card
//!    (the technique of `game::river_row`). The sort is a two-pass radix
//!    sort on the rank.
//! 5. **Sums per board, not per holding.** The counts against other
//!    categories, summed over the holdings of category `p`, are
//!    `|p| · total[d] - Σ_card with[card][p] · with[card][d]`: a 10 × 10
//!    product over the cards, instead of 10 counts per holding.
//!
//! Each thread adds its boards into its own table; the tables are added at
//! the end, so the counts are the same integers whatever the number of
//! threads. The total is asserted against the closed-form number of deals.
//!
//! The Envy Bonus's other count, the deals in which nobody else holds a
//! qualifying hand, is in `nobody_else` ([`count_nobody_else`]).

use crate::cards::canonical::canonical_classes;
use crate::cards::{choose, Card, CardSet, DECK_SIZE};
use crate::evaluator::{tables, HandCategory, HandRank, PartialHand};
use crate::progress::Progress;
use crate::rules::settlement::Versus;
use rayon::prelude::*;
use std::sync::OnceLock;

mod nobody_else;

pub(crate) use self::nobody_else::add_counts;
pub use self::nobody_else::{count_nobody_else, NobodyElse, OTHERS};

/// Number of hand categories.
const CATEGORIES: usize = HandCategory::COUNT;

/// The three showdown results, in the order of the middle index of
/// [`ShowdownCounts::counts`].
pub const RESULTS: [Versus; 3] = [Versus::PlayerHigher, Versus::Tie, Versus::DealerHigher];

/// Position of a showdown result in [`RESULTS`].
pub fn result_index(versus: Versus) -> usize {
    match versus {
        Versus::PlayerHigher => 0,
        Versus::Tie => 1,
        Versus::DealerHigher => 2,
    }
}

/// Counts by `[player category][showdown result][dealer category]`
/// (categories by [`HandCategory::index`], results as in [`RESULTS`]).
pub type Table = [[[u64; CATEGORIES]; 3]; CATEGORIES];

/// Every deal of a deck counted by player category, showdown result and
/// dealer category.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShowdownCounts {
    /// The deck.
    pub deck: CardSet,
    /// Number of cards in the deck.
    pub deck_size: usize,
    /// Number of board cards in each hand (5: the community cards; 3: the flop).
    pub board_size: usize,
    /// The counts.
    pub counts: Table,
}

impl ShowdownCounts {
    /// Deals where the player holds `player`, the showdown ends `versus` and
    /// the dealer holds `dealer`.
    pub fn count(&self, player: HandCategory, versus: Versus, dealer: HandCategory) -> u64 {
        self.counts[player.index()][result_index(versus)][dealer.index()]
    }

    /// All deals counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().flatten().flatten().sum()
    }

    /// Deals by the player's category alone.
    pub fn player_categories(&self) -> [u64; CATEGORIES] {
        std::array::from_fn(|p| self.counts[p].iter().flatten().sum())
    }

    /// Deals by the dealer's category alone.
    pub fn dealer_categories(&self) -> [u64; CATEGORIES] {
        std::array::from_fn(|d| {
            self.counts
                .iter()
                .flat_map(|by_result| by_result.iter().map(move |row| row[d]))
                .sum()
        })
    }

    /// The number of deals of a deck of `deck_size` cards with `board_size`
    /// board cards: C(n,k) · C(n-k,2) · C(n-k-2,2).
    pub fn deals(deck_size: usize, board_size: usize) -> u64 {
        let (n, k) = (deck_size as u64, board_size as u64);
        choose(n, k) * choose(n - k, 2) * choose(n - k - 2, 2)
    }
}

/// One board's holdings, ranked, with the per-category counts card removal
/// needs. Shared by the Bad Beat / must-beat-dealer counts and the base
/// game's river table (`game::river_row`).
pub(crate) struct BoardScan {
    /// `rank << 12 | a << 6 | b` for each holding `{a, b}` (card indices,
    /// `a < b`), sorted: weakest first.
    hands: Vec<u32>,
    /// Holdings of each category.
    pub(crate) total: [u32; CATEGORIES],
    /// Per card, holdings of each category containing it.
    pub(crate) with: [[u32; CATEGORIES]; DECK_SIZE],
}

/// Entries `rank << 12 | cards` in increasing rank (the order within a rank
/// does not matter): a two-pass radix sort on the 13-bit rank, low 8 bits
/// then high 5, which beats a comparison sort on these 1,000-odd entries
/// (`cargo bench --bench showdown`).
pub fn sort_by_rank(mut hands: Vec<u32>) -> Vec<u32> {
    fn pass(from: &[u32], to: &mut [u32], shift: u32, mask: u32) {
        let mut start = [0u32; 257];
        for &e in from {
            start[((e >> shift) & mask) as usize + 1] += 1;
        }
        for b in 1..start.len() {
            start[b] += start[b - 1];
        }
        for &e in from {
            let b = ((e >> shift) & mask) as usize;
            to[start[b] as usize] = e;
            start[b] += 1;
        }
    }
    // Ranks are below 2^13 = 8,192: bits 12-19, then bits 20-24.
    let mut out = vec![0u32; hands.len()];
    pass(&hands, &mut out, 12, 0xff);
    pass(&out, &mut hands, 20, 0x1f);
    hands
}

#[inline]
pub(crate) fn cards_of(e: u32) -> (usize, usize) {
    ((e >> 6 & 63) as usize, (e & 63) as usize)
}

#[inline]
pub(crate) fn category_of(e: u32) -> usize {
    HandRank((e >> 12) as u16).category().index()
}

impl BoardScan {
    pub(crate) fn new(deck: CardSet, board: CardSet) -> BoardScan {
        let t = tables();
        let board_hand = PartialHand::of(board);
        let cards = deck.minus(board).to_vec();
        let mut hands = Vec::with_capacity(cards.len() * (cards.len() - 1) / 2);
        let mut total = [0u32; CATEGORIES];
        let mut with = [[0u32; CATEGORIES]; DECK_SIZE];
        for (i, &a) in cards.iter().enumerate() {
            let with_a = board_hand.add(a);
            for &b in &cards[i + 1..] {
                let rank = t.rank(with_a.add(b));
                let c = rank.category().index();
                total[c] += 1;
                with[a.index()][c] += 1;
                with[b.index()][c] += 1;
                hands.push((rank.0 as u32) << 12 | (a.index() as u32) << 6 | b.index() as u32);
            }
        }
        BoardScan {
            hands: sort_by_rank(hands),
            total,
            with,
        }
    }

    /// Calls `visit(entry, below, equal)` for every holding, weakest first,
    /// where `below` and `equal` count the holdings of the same category that
    /// avoid its two cards and are strictly weaker, or of equal rank.
    pub(crate) fn sweep(&self, mut visit: impl FnMut(u32, u32, u32)) {
        // Invariant at the start of a group of equal rank: `below` counts the
        // holdings of the group's category strictly weaker than the group,
        // `below_with[c]` those of them containing card c.
        let hands = &self.hands;
        let mut below = 0u32;
        let mut below_with = [0u32; DECK_SIZE];
        let mut equal_with = [0u32; DECK_SIZE];
        let mut category = usize::MAX;
        let mut start = 0;
        while start < hands.len() {
            let rank = hands[start] >> 12;
            let mut end = start;
            while end < hands.len() && hands[end] >> 12 == rank {
                end += 1;
            }
            let group = &hands[start..end];
            let c = category_of(hands[start]);
            if c != category {
                category = c;
                below = 0;
                below_with = [0; DECK_SIZE];
            }
            for &e in group {
                let (a, b) = cards_of(e);
                equal_with[a] += 1;
                equal_with[b] += 1;
            }
            for &e in group {
                let (a, b) = cards_of(e);
                // Holdings avoiding a and b: all, minus those with a, minus
                // those with b, plus those with both (in the group: itself,
                // which also leaves it out of the count).
                let win = below - below_with[a] - below_with[b];
                let tie = group.len() as u32 + 1 - equal_with[a] - equal_with[b];
                visit(e, win, tie);
            }
            for &e in group {
                let (a, b) = cards_of(e);
                below += 1;
                below_with[a] += 1;
                below_with[b] += 1;
                equal_with[a] = 0;
                equal_with[b] = 0;
            }
            start = end;
        }
    }

    /// Dealer holdings of category `d` avoiding `{a, b}`, whose own category
    /// is `p`.
    #[inline]
    pub(crate) fn avoiding(&self, a: usize, b: usize, p: usize, d: usize) -> u32 {
        self.total[d] + u32::from(p == d) - self.with[a][d] - self.with[b][d]
    }

    /// The board's counts, summed over the player's holdings.
    fn table(&self) -> Table {
        let mut table: Table = [[[0; CATEGORIES]; 3]; CATEGORIES];
        let mut same_win = [0u64; CATEGORIES];
        let mut same_tie = [0u64; CATEGORIES];
        self.sweep(|e, win, tie| {
            let p = category_of(e);
            same_win[p] += win as u64;
            same_tie[p] += tie as u64;
        });
        for p in 0..CATEGORIES {
            let size = self.total[p] as u64;
            if size == 0 {
                continue;
            }
            for d in 0..CATEGORIES {
                // Σ over holdings h of category p of the dealer holdings of
                // category d avoiding h: |p|·total[d] - Σ_card with[card][p]·
                // with[card][d] (+ |p| when d = p: each h itself, subtracted
                // twice).
                let overlap: u64 = self.with.iter().map(|w| w[p] as u64 * w[d] as u64).sum();
                let same = if d == p { size } else { 0 };
                let avoiding = size * self.total[d] as u64 + same - overlap;
                if d < p {
                    table[p][0][d] = avoiding;
                } else if d > p {
                    table[p][2][d] = avoiding;
                } else {
                    table[p][0][d] = same_win[p];
                    table[p][1][d] = same_tie[p];
                    table[p][2][d] = avoiding - same_win[p] - same_tie[p];
                }
            }
        }
        table
    }
}

/// The entries [`sort_by_rank`] sorts for one board, unsorted: `rank << 12
/// | a << 6 | b` for each holding `{a, b}` of `deck - board`.
pub fn board_entries(deck: CardSet, board: CardSet) -> Vec<u32> {
    let t = tables();
    let board_hand = PartialHand::of(board);
    let cards = deck.minus(board).to_vec();
    let mut out = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let rank = t.rank(board_hand.add(a).add(b));
            out.push((rank.0 as u32) << 12 | (a.index() as u32) << 6 | b.index() as u32);
        }
    }
    out
}

/// The counts of one board (every player holding against every dealer
/// holding of `deck - board`).
pub fn board_table(deck: CardSet, board: CardSet) -> Table {
    BoardScan::new(deck, board).table()
}

/// Against one player holding on one board: the player's category and the
/// dealer holdings by `[showdown result][dealer category]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HoldingCounts {
    /// Category of the player's best five cards.
    pub player: HandCategory,
    /// Dealer holdings by `[player wins, tie, dealer wins][dealer category]`.
    pub dealer: [[u32; CATEGORIES]; 3],
}

/// The dealer holdings against each player holding `(a, b)` of
/// `deck - board` (`a < b`), by showdown result and dealer category.
pub fn holding_counts(deck: CardSet, board: CardSet) -> Vec<(Card, Card, HoldingCounts)> {
    let scan = BoardScan::new(deck, board);
    let mut out = Vec::with_capacity(scan.hands.len());
    scan.sweep(|e, win, tie| {
        let (a, b) = cards_of(e);
        let p = category_of(e);
        let mut dealer = [[0u32; CATEGORIES]; 3];
        for (d, _) in HandCategory::ALL.iter().enumerate() {
            let n = scan.avoiding(a, b, p, d);
            if d < p {
                dealer[0][d] = n;
            } else if d > p {
                dealer[2][d] = n;
            } else {
                dealer[0][d] = win;
                dealer[1][d] = tie;
                dealer[2][d] = n - win - tie;
            }
        }
        let player = HandCategory::ALL[p];
        out.push((
            Card::from_index(a),
            Card::from_index(b),
            HoldingCounts { player, dealer },
        ));
    });
    out
}

/// Counts every deal of `deck` with `board_size` board cards (3 or 5). The
/// deck must be closed under suit renaming (the full deck, or
/// [`crate::cards::canonical::deck_of_ranks`]) and hold at least `board_size + 4`
/// cards.
pub fn count_showdowns(
    deck: CardSet,
    board_size: usize,
    progress: &dyn Progress,
) -> ShowdownCounts {
    assert!(
        (3..=5).contains(&board_size),
        "a hand is two cards and 3 to 5 board cards"
    );
    assert!(deck.len() >= board_size + 4, "deck too small to deal");
    let boards = canonical_classes(deck, board_size);
    let label = format!(
        "player against dealer: {} canonical {}-card boards",
        boards.len(),
        board_size
    );
    progress.begin(&label, boards.len() as u64);
    let zero: Table = [[[0; CATEGORIES]; 3]; CATEGORIES];
    let counts = boards
        .par_iter()
        .fold(
            || zero,
            |mut acc, &(board, weight)| {
                let table = board_table(deck, board);
                for (x, y) in acc.iter_mut().flatten().zip(table.iter().flatten()) {
                    for (s, t) in x.iter_mut().zip(y) {
                        *s += weight * t;
                    }
                }
                progress.advance(1);
                acc
            },
        )
        .reduce(
            || zero,
            |mut a, b| {
                for (x, y) in a.iter_mut().flatten().zip(b.iter().flatten()) {
                    for (s, t) in x.iter_mut().zip(y) {
                        *s += t;
                    }
                }
                a
            },
        );
    progress.finish();
    let result = ShowdownCounts {
        deck,
        deck_size: deck.len(),
        board_size,
        counts,
    };
    assert_eq!(
        result.total(),
        ShowdownCounts::deals(deck.len(), board_size),
        "every deal counted once"
    );
    result
}

/// The counts of the full 52-card deck with `board_size` board cards (3 or
/// 5), made once per process and kept: every wager that needs them (Bad
/// Beat, must-beat-dealer Trips, the Progressive's Envy Bonus) shares them.
pub fn full_deck_counts(board_size: usize, progress: &dyn Progress) -> &'static ShowdownCounts {
    static FLOP: OnceLock<ShowdownCounts> = OnceLock::new();
    static BOARD: OnceLock<ShowdownCounts> = OnceLock::new();
    let cell = match board_size {
        3 => &FLOP,
        5 => &BOARD,
        _ => panic!("the full-deck counts are kept for 3 and 5 board cards"),
    };
    cell.get_or_init(|| count_showdowns(CardSet::FULL_DECK, board_size, progress))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_counts_in_closed_form() {
        assert_eq!(ShowdownCounts::deals(52, 5), 2_781_381_002_400);
        assert_eq!(ShowdownCounts::deals(52, 3), 28_094_757_600);
    }
}
