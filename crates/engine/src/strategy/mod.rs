//! Player strategies: the three decisions a player makes in a round, each a
//! pure function of the cards the player sees.
//!
//! COMAR 36.05.16.11 gives the player three decision points:
//! - **preflop**, seeing the two hole cards: raise 4x or 3x the Ante, or check;
//! - **flop**, after a check, seeing the hole cards and the three-card flop:
//!   raise 2x, or check;
//! - **river**, after two checks, seeing the hole cards and all five community
//!   cards: raise 1x, or fold.
//!
//! A [`Strategy`] answers each question from the visible cards alone (the
//! dealer's cards and the four face-down Six Card Bonus cards are never shown
//! to it). Because the answers are pure functions of the visible cards, a
//! strategy can be played by the sampler and, when it is *suit-symmetric*
//! (renaming the suits of every visible card never changes an answer),
//! evaluated exactly by the solver's enumeration over suit-canonical deals
//! ([`crate::exact::game::evaluate_policy`], through [`AsPolicy`]).
//!
//! The strategies a command plays ([`StrategyChoice`]):
//! - [`optimal`](OptimalStrategy): the exact oracle of [`crate::exact::game`], the
//!   action of highest expected value at every decision. Suit-symmetric.
//! - any strategy file ([`file`], docs/strategy-format.md), by path or by
//!   the name of a shipped one: `wizard`, the published rule-of-thumb
//!   strategy of Michael Shackleford (the "Wizard of Odds"),
//!   `strategies/wizard.toml`, and its other readings
//!   (`strategies/wizard-*.toml`); `timid`, never raise before the river,
//!   there raise 1x with a hidden pair or better, `strategies/timid.toml`;
//!   and the common mistakes (`never-4x`, `pairs-and-aces`, `always-river`).
//!
//! Strategies are data: no rule-of-thumb strategy is Rust code. The tests
//! hold the shipped files to an independent statement of the published
//! wording written in the tests themselves (`file/tests.rs`).
//!
//! Every rule of a file is stated in terms of ranks and of whether cards
//! share a suit, never of a particular suit, which is what makes the file
//! strategies suit-symmetric; a test checks it on random deals under random
//! suit renamings.
//!
//! `optimal.rs` is the solver's strategy; this file holds the [`Strategy`]
//! trait, [`StrategyChoice`] and the dealer outs the file predicates count.
//! A strategy the format cannot state is a new Rust file implementing
//! [`Strategy`].

pub mod file;
mod optimal;
pub mod oracle;

pub use file::{FileStrategy, StrategyFileError};
pub use optimal::OptimalStrategy;

use crate::cards::{Card, CardSet, DECK_SIZE, RANKS, SUITS};
use crate::evaluator::{tables, HandRank, PartialHand};
use crate::exact::game::{Action, Decider, Decision, Policy};

/// The choice before the flop.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PreflopChoice {
    /// Raise 4x the Ante.
    Raise4x,
    /// Raise 3x the Ante.
    Raise3x,
    /// Check.
    Check,
}

/// The choice on the flop, after a check.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FlopChoice {
    /// Raise 2x the Ante.
    Raise2x,
    /// Check.
    Check,
}

/// The choice on the river, after two checks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RiverChoice {
    /// Raise 1x the Ante.
    Raise1x,
    /// Fold.
    Fold,
}

/// A way of playing: the three decisions, each from the visible cards only.
///
/// Implementations must be pure functions of their arguments (no state, no
/// randomness) so that a simulation is reproducible and an exact evaluator
/// may call them in any order; and a decision must not depend on the order
/// of the flop cards, nor of the five community cards (the exact evaluator,
/// through [`AsPolicy`], passes them as sets, in increasing card order).
pub trait Strategy: Sync {
    /// The name used on the command line and in reports.
    fn name(&self) -> &str;

    /// Preflop decision from the two hole cards.
    fn preflop(&self, hole: [Card; 2]) -> PreflopChoice;

    /// Flop decision (only asked after a preflop check).
    fn flop(&self, hole: [Card; 2], flop: [Card; 3]) -> FlopChoice;

    /// River decision (only asked after two checks); `board` is the flop
    /// followed by the turn and river cards.
    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice;

    /// Whether renaming the suits of all visible cards never changes a
    /// decision (what an exact suit-canonical enumeration requires).
    fn is_suit_symmetric(&self) -> bool;

    /// What decided the flop decision (its rule or default), when the
    /// strategy can say: the report of what it costs groups its flop
    /// deviations by it. `None` (the default): it cannot say.
    fn flop_decider(&self, _hole: [Card; 2], _flop: [Card; 3]) -> Option<Decider> {
        None
    }

    /// What decided the river decisions of several holdings on one board
    /// (their rule or default), `deciders[i]` for `holes[i]` (same
    /// lengths), when the strategy can say (`true`): the report of what it
    /// costs groups its river deviations by it. `false` (the default): it
    /// cannot say (they are grouped by the made hand).
    fn river_deciders(
        &self,
        _board: [Card; 5],
        _holes: &[[Card; 2]],
        _deciders: &mut [Decider],
    ) -> bool {
        false
    }

    /// The river decisions of several hands at once: `choices[i]` for
    /// `hands[i]` (same lengths). The sampler asks this way so that a
    /// strategy reading large tables can issue its memory reads together;
    /// the answers must be those of [`river`](Self::river), which the
    /// default calls hand by hand.
    fn river_batch(&self, hands: &[RiverQuery], choices: &mut [RiverChoice]) {
        for (&(hole, board), choice) in hands.iter().zip(choices) {
            *choice = self.river(hole, board);
        }
    }

    /// Whether the river decision on a board depends only on the hole
    /// cards' pair of classes of cards there: each card's rank, or, for a
    /// card of the board's flush suit (three or more board cards of one
    /// suit), the card itself. The exact evaluation then decides each pair
    /// of classes of each canonical board once, not each holding (as the
    /// river table holds its counts), and sums the boards without a flush
    /// suit per pair of ranks, as the optimal solve does. `false` (the
    /// default): decided holding by holding.
    fn river_by_classes(&self) -> bool {
        false
    }

    /// The river decisions of several holdings on one board: `choices[i]`
    /// for `holes[i]` (same lengths). The exact evaluation asks this way,
    /// so that a strategy can compute what the board alone gives once (a
    /// strategy file: the board's hand, the dealer's hands for the outs);
    /// the answers must be those of [`river`](Self::river), which the
    /// default calls hand by hand.
    fn river_board(&self, board: [Card; 5], holes: &[[Card; 2]], choices: &mut [RiverChoice]) {
        for (&hole, choice) in holes.iter().zip(choices) {
            *choice = self.river(hole, board);
        }
    }
}

/// A river question: the hole cards and the five community cards.
pub type RiverQuery = ([Card; 2], [Card; 5]);

/// The final action of a round played with `strategy`: the Play wager the
/// player ends with (or a fold), asking the questions in the order of the
/// game and only those the game asks.
#[inline]
pub fn play_round<S: Strategy + ?Sized>(strategy: &S, hole: [Card; 2], board: [Card; 5]) -> Action {
    match strategy.preflop(hole) {
        PreflopChoice::Raise4x => Action::Raise4x,
        PreflopChoice::Raise3x => Action::Raise3x,
        PreflopChoice::Check => match strategy.flop(hole, [board[0], board[1], board[2]]) {
            FlopChoice::Raise2x => Action::Raise2x,
            FlopChoice::Check => match strategy.river(hole, board) {
                RiverChoice::Raise1x => Action::Raise1x,
                RiverChoice::Fold => Action::Fold,
            },
        },
    }
}

/// A [`Strategy`] as the solver's [`Policy`], to evaluate it exactly with
/// [`crate::exact::game::evaluate_policy`]; the strategy must be suit-symmetric.
pub struct AsPolicy<'a, S: ?Sized>(pub &'a S);

/// The cards of a set of `N` cards, in increasing order.
#[inline]
fn cards_of<const N: usize>(set: CardSet) -> [Card; N] {
    let mut bits = set.0;
    std::array::from_fn(|_| {
        let card = Card::from_index(bits.trailing_zeros() as usize);
        bits &= bits - 1;
        card
    })
}

impl<S: Strategy + ?Sized> Policy for AsPolicy<'_, S> {
    fn preflop(&self, a: Card, b: Card) -> Decision {
        match self.0.preflop([a, b]) {
            PreflopChoice::Raise4x => Decision::Raise(Action::Raise4x),
            PreflopChoice::Raise3x => Decision::Raise(Action::Raise3x),
            PreflopChoice::Check => Decision::Check,
        }
    }

    fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool {
        self.0.flop([a, b], cards_of(flop)) == FlopChoice::Raise2x
    }

    fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool {
        self.0.river([a, b], cards_of(board)) == RiverChoice::Raise1x
    }

    fn flop_decider(&self, a: Card, b: Card, flop: CardSet) -> Option<Decider> {
        self.0.flop_decider([a, b], cards_of(flop))
    }

    fn river_deciders(
        &self,
        board: CardSet,
        holes: &[[Card; 2]],
        deciders: &mut [Decider],
    ) -> bool {
        self.0.river_deciders(cards_of(board), holes, deciders)
    }

    fn river_by_classes(&self) -> bool {
        self.0.river_by_classes()
    }

    fn river_raises(&self, board: CardSet, holes: &[[Card; 2]], raises: &mut [bool]) {
        // A chunk of holdings at a time, the strategy's answers on the stack:
        // the positions of a board's row (at most 351 pairs of classes) in
        // one, so that the board's facts (its hand, the dealer's hands for
        // the outs) are computed once a board, not once per 64 holdings
        // (docs/speed-strategies.md, "The full deck's river decisions").
        const CHUNK: usize = RIVER_CHUNK;
        let board = cards_of(board);
        let mut choices = [RiverChoice::Fold; CHUNK];
        for (holes, raises) in holes.chunks(CHUNK).zip(raises.chunks_mut(CHUNK)) {
            let choices = &mut choices[..holes.len()];
            self.0.river_board(board, holes, choices);
            for (raise, &choice) in raises.iter_mut().zip(&*choices) {
                *raise = choice == RiverChoice::Raise1x;
            }
        }
    }
}

/// The strategy a command plays (`--strategy NAME|FILE`): the solver's,
/// or a strategy file.
#[derive(Clone, Debug)]
pub enum StrategyChoice {
    /// `optimal`: the exact oracle, highest expected value at every decision.
    Optimal,
    /// A strategy file: a shipped one by name (`wizard`, `timid`, ...) or
    /// a file by path.
    File(Box<FileStrategy>),
}

impl StrategyChoice {
    /// `optimal`, a shipped strategy's name (either in any case), else a
    /// strategy file's path, read whole and checked (one-line refusal).
    pub fn resolve(text: &str) -> Result<StrategyChoice, StrategyFileError> {
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("optimal") {
            return Ok(StrategyChoice::Optimal);
        }
        StrategyChoice::file(text, &["optimal"]).map(|file| StrategyChoice::File(Box::new(file)))
    }

    /// A shipped strategy's name (in any case), else a strategy file's
    /// path, read whole and checked; `others` are the other names the
    /// flag takes (`optimal`), listed with the shipped ones when a name is
    /// neither (a flag that refuses `optimal` gives none).
    pub fn file(text: &str, others: &[&str]) -> Result<FileStrategy, StrategyFileError> {
        if let Some(file) = FileStrategy::builtin(&text.trim().to_ascii_lowercase()) {
            return Ok(file);
        }
        FileStrategy::resolve_among(text, others)
    }

    /// The name used in reports: `optimal` or the file's `name`.
    pub fn name(&self) -> &str {
        match self {
            StrategyChoice::Optimal => OptimalStrategy::NAME,
            StrategyChoice::File(file) => file.name(),
        }
    }

    /// Whether playing it needs the solved base game (the optimal oracle).
    pub fn is_optimal(&self) -> bool {
        matches!(self, StrategyChoice::Optimal)
    }
}

// ---------------------------------------------------------------------------
// Shared hand descriptions.

/// The number of *dealer outs*: of the 45 cards the player has not seen, how
/// many would, with the five community cards, make the dealer a hand that
/// beats the player's (best five of six cards against the player's best five
/// of seven), and with `ties` also those that would make it equal. This
/// counts single cards, as players do at the table; it is not the exact
/// chance of losing.
pub fn dealer_outs_counting(hole: [Card; 2], board: [Card; 5], ties: bool) -> u32 {
    let t = tables();
    let board_hand = hand_of(&board);
    let player = t.rank(board_hand.add(hole[0]).add(hole[1]));
    let seen = CardSet::from_cards(&hole).union(CardSet::from_cards(&board));
    let mut board_suits = [0u8; SUITS];
    for c in board {
        board_suits[c.suit()] += 1;
    }
    let mut outs = 0;
    for rank in 0..RANKS {
        // Without four community cards of its suit, a sixth card cannot make
        // a flush, so the six-card hand depends on its rank only: evaluate
        // the first such card and reuse the answer for the others.
        let mut plain: Option<bool> = None;
        for (suit, &on_board) in board_suits.iter().enumerate() {
            let card = Card::new(rank, suit);
            if seen.contains(card) {
                continue;
            }
            let out = |card| {
                let dealer = t.rank(board_hand.add(card));
                dealer > player || (ties && dealer == player)
            };
            let beats = if on_board >= 4 {
                out(card)
            } else {
                *plain.get_or_insert_with(|| out(card))
            };
            outs += u32::from(beats);
        }
    }
    outs
}

/// The dealer's best hand of the five community cards and each card off
/// them (the six cards of a dealer out), computed once per board: the
/// dealer outs of every holding on it ([`DealerHands::outs`]) are then
/// counts of these, the same as [`dealer_outs_counting`]'s.
pub struct DealerHands {
    /// By card index: the dealer's hand with that card (unused for the
    /// board's cards).
    of_card: [HandRank; DECK_SIZE],
    /// The hands of the cards off the board (a plain count over them is
    /// vectorised, and cheaper than sorting them for each board).
    off_board: [u16; DECK_SIZE - 5],
}

impl DealerHands {
    /// The dealer's hands with each card off `board`.
    pub fn new(board: [Card; 5]) -> DealerHands {
        let t = tables();
        let board_hand = hand_of(&board);
        let on_board = CardSet::from_cards(&board);
        let mut board_suits = [0u8; SUITS];
        for c in board {
            board_suits[c.suit()] += 1;
        }
        let mut of_card = [HandRank(0); DECK_SIZE];
        let mut off_board = [0; DECK_SIZE - 5];
        let mut n = 0;
        for rank in 0..RANKS {
            // As in `dealer_outs_counting`: without four community cards of
            // its suit, a card's six-card hand depends on its rank only.
            let mut plain: Option<HandRank> = None;
            for (suit, &of_suit) in board_suits.iter().enumerate() {
                let card = Card::new(rank, suit);
                if on_board.contains(card) {
                    continue;
                }
                let six = |card| t.rank(board_hand.add(card));
                let hand = if of_suit >= 4 {
                    six(card)
                } else {
                    *plain.get_or_insert_with(|| six(card))
                };
                of_card[card.index()] = hand;
                off_board[n] = hand.0;
                n += 1;
            }
        }
        debug_assert_eq!(n, DECK_SIZE - 5, "five distinct community cards");
        DealerHands { of_card, off_board }
    }

    /// The dealer outs of `hole` (two cards off the board) whose best hand
    /// with the board is `player`: the cards off the board whose hand
    /// beats it (or equals it, with `ties`), less the hole cards among
    /// them; [`dealer_outs_counting`] counts the same cards one by one.
    pub fn outs(&self, hole: [Card; 2], player: HandRank, ties: bool) -> u32 {
        // An out's hand is at least `least` (at most 7,463: no overflow).
        let least = player.0 + u16::from(!ties);
        let off_board = self.off_board.iter().filter(|&&d| d >= least).count();
        let held = hole
            .iter()
            .filter(|h| self.of_card[h.index()].0 >= least)
            .count();
        (off_board - held) as u32
    }
}

/// Holdings a [`Policy::river_raises`] hands [`Strategy::river_board`]
/// at once: every position of a canonical board's row
/// (`CLASS_PAIRS`, 351) in one call.
pub(crate) const RIVER_CHUNK: usize = 384;

/// The partial hand of `cards`.
pub(crate) fn hand_of(cards: &[Card]) -> PartialHand {
    cards.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cards::parse_cards;

    pub(crate) fn hole(text: &str) -> [Card; 2] {
        let c = parse_cards(text).unwrap();
        [c[0], c[1]]
    }

    fn five(text: &str) -> [Card; 5] {
        let c = parse_cards(text).unwrap();
        [c[0], c[1], c[2], c[3], c[4]]
    }

    #[test]
    fn a_board_of_every_pair_of_classes_is_one_river_board_call() {
        // The exact evaluation asks a board's positions together
        // (`Policy::river_raises`): up to 351 pairs of classes, one call to
        // `river_board`, so a strategy computes the board's facts once (with
        // chunks of 64 it took six calls).
        struct Counting(std::sync::atomic::AtomicUsize);
        impl Strategy for Counting {
            fn name(&self) -> &str {
                "counting"
            }
            fn preflop(&self, _: [Card; 2]) -> PreflopChoice {
                PreflopChoice::Check
            }
            fn flop(&self, _: [Card; 2], _: [Card; 3]) -> FlopChoice {
                FlopChoice::Check
            }
            fn river(&self, hole: [Card; 2], _: [Card; 5]) -> RiverChoice {
                match hole[0].rank() % 2 {
                    0 => RiverChoice::Raise1x,
                    _ => RiverChoice::Fold,
                }
            }
            fn is_suit_symmetric(&self) -> bool {
                true
            }
            fn river_board(&self, board: [Card; 5], holes: &[[Card; 2]], out: &mut [RiverChoice]) {
                self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                for (&hole, choice) in holes.iter().zip(out) {
                    *choice = self.river(hole, board);
                }
            }
        }
        let strategy = Counting(Default::default());
        let holes: Vec<[Card; 2]> = (0..351)
            .map(|i| [Card::new(i % 13, 0), Card::new(i % 13, 1)])
            .collect();
        let mut raises = vec![false; holes.len()];
        let board = CardSet::from_cards(&parse_cards("2h3h4s5s6c").unwrap());
        AsPolicy(&strategy).river_raises(board, &holes, &mut raises);
        assert_eq!(strategy.0.into_inner(), 1, "one call for the board");
        for (hole, raise) in holes.iter().zip(raises) {
            assert_eq!(raise, hole[0].rank() % 2 == 0, "the strategy's answers");
        }
    }

    #[test]
    fn dealer_outs_count_single_cards_that_beat() {
        // T-3 against A Q 8 6 4 rainbow: the player has ace high with T-8-6.
        // Outs: 15 cards pairing the board, 4 kings and 4 jacks; a ten ties.
        assert_eq!(
            dealer_outs_counting(hole("Tc 3d"), five("As Qh 8d 6c 4h"), false),
            23
        );
        // Counting ties, the three other tens too: 26, as the example is
        // told restating the published strategy (mypokercoaching.com, "how
        // to count outs in Ultimate Texas Hold'em").
        assert_eq!(
            dealer_outs_counting(hole("Tc 3d"), five("As Qh 8d 6c 4h"), true),
            26
        );
        // With a pair of aces on the board nothing single beats K-Q kickers
        // except another ace (2) or pairing the other board cards (9) ...
        assert_eq!(
            dealer_outs_counting(hole("Kc Qd"), five("As Ah 8d 6c 4h"), false),
            2 + 9
        );
    }
}
