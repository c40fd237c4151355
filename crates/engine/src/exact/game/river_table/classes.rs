//! The classes of cards of a board: a card's rank, or for a card of the
//! board's flush suit (three or more of its cards on the board) the card
//! itself; a holding's counts depend only on its pair of classes, which
//! gives the position of its entry in the board's row ([`class_pair`]).

use crate::cards::canonical::{pair_cards, PAIRS};
use crate::cards::{Card, CardSet, RANKS, SUITS};

/// Card classes of a board: the cards of a suit with at most two cards on
/// the board, by rank (`0..RANKS`), and each card of the board's flush suit
/// (three or more of its cards on the board) on its own (`RANKS + rank`).
pub(crate) const CLASSES: usize = 2 * RANKS;

/// The suit with three or more cards on `board` (five cards hold at most
/// one), if any.
#[inline]
pub(crate) fn flush_suit(board: CardSet) -> Option<usize> {
    // The cards of suit 0, one in every four card indices (rank * 4 + suit).
    const SUIT_0: u64 = 0x1_1111_1111_1111;
    (0..SUITS).find(|&s| (board.0 & SUIT_0 << s).count_ones() >= 3)
}

/// The flush context of a board: 0 for no flush suit, `1 + s` for flush
/// suit `s` (below [`CONTEXTS`]).
#[inline]
pub(crate) fn board_context(board: CardSet) -> usize {
    flush_suit(board).map_or(0, |s| s + 1)
}

/// Flush contexts of a board: none, or one of the four suits.
pub(crate) const CONTEXTS: usize = SUITS + 1;

/// Pairs of classes `r <= s`.
pub(crate) const CLASS_PAIRS: usize = CLASSES * (CLASSES + 1) / 2;

/// Pairs of ranks `r <= s`: the pairs of classes of a board with no flush
/// suit, the first [`RANK_PAIRS`] of [`class_pair`].
pub(crate) const RANK_PAIRS: usize = RANKS * (RANKS + 1) / 2;

/// The index of the pair of classes `{r, s}` (either order), below
/// [`CLASS_PAIRS`]; below [`RANK_PAIRS`] for two ranks (classes below 13).
#[inline]
pub(crate) fn class_pair(r: usize, s: usize) -> usize {
    let (r, s) = (r.min(s), r.max(s));
    s * (s + 1) / 2 + r
}

/// [`class_pair`] of every holding's two classes on a board of flush
/// context `context` ([`board_context`]).
pub(super) fn class_positions(context: usize) -> [u16; PAIRS] {
    let flush_suit = if context == 0 {
        None
    } else {
        Some(context - 1)
    };
    std::array::from_fn(|h| {
        let (a, b) = pair_cards(h);
        class_pair(card_class(a, flush_suit), card_class(b, flush_suit)) as u16
    })
}

/// The class of `card` on a board whose flush suit is `flush_suit`.
#[inline]
pub(crate) fn card_class(card: Card, flush_suit: Option<usize>) -> usize {
    if Some(card.suit()) == flush_suit {
        RANKS + card.rank()
    } else {
        card.rank()
    }
}

/// The cards of a set by class (see [`CLASSES`]).
pub(crate) struct CardClasses {
    /// The cards of each class.
    pub(crate) of_class: [[Card; SUITS]; CLASSES],
    /// How many cards each class has.
    pub(crate) left: [u32; CLASSES],
    /// The classes that have cards, in order: the first `present_len`
    /// ([`CardClasses::present`]; an array, not a vector: a board's row is
    /// built without a call to the allocator).
    present: [usize; CLASSES],
    present_len: usize,
}

impl CardClasses {
    /// The cards of `cards` by class, on a board whose flush suit is
    /// `flush_suit`.
    pub(crate) fn new(cards: CardSet, flush_suit: Option<usize>) -> CardClasses {
        let mut of_class = [[Card::from_index(0); SUITS]; CLASSES];
        let mut left = [0u32; CLASSES];
        let mut with_cards = 0u32;
        for card in cards.cards() {
            let k = card_class(card, flush_suit);
            of_class[k][left[k] as usize] = card;
            left[k] += 1;
            with_cards |= 1 << k;
        }
        // From a bit mask: a loop over all 26 classes that pushes the ones
        // with cards makes the compiler's loop analysis run for minutes.
        let mut present = [0; CLASSES];
        let mut present_len = 0;
        while with_cards != 0 {
            present[present_len] = with_cards.trailing_zeros() as usize;
            present_len += 1;
            with_cards &= with_cards - 1;
        }
        CardClasses {
            of_class,
            left,
            present,
            present_len,
        }
    }

    /// The classes that have cards, in order.
    #[inline]
    pub(crate) fn present(&self) -> &[usize] {
        &self.present[..self.present_len]
    }

    /// Holdings of one card of class `r` and one of class `s` (two of `r`
    /// when `r = s`).
    #[inline]
    pub(crate) fn holdings(&self, r: usize, s: usize) -> u32 {
        if r == s {
            self.left[r] * self.left[r].saturating_sub(1) / 2
        } else {
            self.left[r] * self.left[s]
        }
    }

    /// One such holding (there must be one).
    #[inline]
    pub(crate) fn holding(&self, r: usize, s: usize) -> (Card, Card) {
        (self.of_class[r][0], self.of_class[s][usize::from(r == s)])
    }

    /// Calls `visit(r, s, number of holdings, one of them)` for every pair
    /// of classes `r <= s` that has holdings (plain loops: as an iterator,
    /// the preflop spot took a fifth longer).
    #[inline]
    pub(crate) fn for_each_pair(&self, mut visit: impl FnMut(usize, usize, u32, (Card, Card))) {
        let present = self.present();
        for (i, &r) in present.iter().enumerate() {
            for &s in &present[i..] {
                let holdings = self.holdings(r, s);
                if holdings > 0 {
                    visit(r, s, holdings, self.holding(r, s));
                }
            }
        }
    }
}
