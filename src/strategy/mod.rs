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
//! Built-in strategies ([`StrategyName`]):
//! - [`optimal`](OptimalStrategy): the exact oracle of [`crate::exact::game`], the
//!   action of highest expected value at every decision. Suit-symmetric.
//! - [`wizard`](WizardStrategy): the published rule-of-thumb strategy of
//!   Michael Shackleford (the "Wizard of Odds"), made precise below.
//!   Suit-symmetric.
//! - [`timid`](TimidStrategy): never raise before the river; on the river raise
//!   1x with a hidden pair or better, fold otherwise. Suit-symmetric.
//!
//! Every rule below is stated in terms of ranks and of whether cards share a
//! suit, never of a particular suit, which is what makes the rule-based
//! strategies suit-symmetric; a test checks it on random deals under random
//! suit renamings.

pub mod oracle;

use crate::cards::canonical::{for_each_subset, pair_cards, pair_index, subset_index, PAIRS};
use crate::cards::{Card, CardSet, RANKS, SUITS};
use crate::evaluator::{tables, HandCategory, HandRank, PartialHand};
use crate::exact::game::{Action, Decision, Policy, Solution, ROW_WORDS};
use std::fmt;
use std::str::FromStr;

/// Rank numbers used by the rules (`0` = deuce .. `12` = ace).
const DEUCE: usize = 0;
const THREE: usize = 1;
const FIVE: usize = 3;
const SIX: usize = 4;
const EIGHT: usize = 6;
const TEN: usize = 8;
const JACK: usize = 9;
const QUEEN: usize = 10;
const KING: usize = 11;
const ACE: usize = 12;

/// The choice before the flop.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PreflopChoice {
    Raise4x,
    Raise3x,
    Check,
}

/// The choice on the flop, after a check.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FlopChoice {
    Raise2x,
    Check,
}

/// The choice on the river, after two checks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RiverChoice {
    Raise1x,
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
}

/// The built-in strategies, by command-line name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StrategyName {
    Optimal,
    Wizard,
    Timid,
}

impl StrategyName {
    /// Every built-in strategy.
    pub const ALL: [StrategyName; 3] = [
        StrategyName::Optimal,
        StrategyName::Wizard,
        StrategyName::Timid,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            StrategyName::Optimal => "optimal",
            StrategyName::Wizard => "wizard",
            StrategyName::Timid => "timid",
        }
    }

    /// Whether playing it needs the solved base game (the optimal oracle).
    pub fn needs_solution(self) -> bool {
        self == StrategyName::Optimal
    }
}

impl fmt::Display for StrategyName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that is not one of the built-in strategies.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy '{0}': expected one of optimal, wizard, timid")]
pub struct UnknownStrategy(pub String);

impl FromStr for StrategyName {
    type Err = UnknownStrategy;

    fn from_str(text: &str) -> Result<StrategyName, UnknownStrategy> {
        StrategyName::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownStrategy(text.to_string()))
    }
}

// ---------------------------------------------------------------------------
// Shared hand descriptions.

/// Whether the player holds a *hidden pair or better* on the river: a pair or
/// better that uses a hole card. Precisely, any of
/// - the hole cards are a pair (a pocket pair);
/// - a hole card has the rank of a community card;
/// - the best hand of all seven cards is a straight or better and beats the
///   best hand of the five community cards alone (the hole cards improve a
///   straight, flush, full house, four of a kind or straight flush).
///
/// A pair, two pair or three of a kind made by the community cards alone,
/// with the hole cards only as kickers, is not hidden.
pub fn hidden_pair_or_better(hole: [Card; 2], board: [Card; 5]) -> bool {
    let (a, b) = (hole[0].rank(), hole[1].rank());
    if a == b || board.iter().any(|c| c.rank() == a || c.rank() == b) {
        return true;
    }
    let t = tables();
    let board_hand = hand_of(&board);
    let player = t.rank(board_hand.add(hole[0]).add(hole[1]));
    player.category() >= HandCategory::Straight && player > t.rank(board_hand)
}

/// The number of *dealer outs*: of the 45 cards the player has not seen, how
/// many would, with the five community cards, make the dealer a hand that
/// beats the player's (best five of six cards against the player's best five
/// of seven). A card that would only tie is not an out. This counts single
/// cards, as players do at the table; it is not the exact chance of losing.
pub fn dealer_outs(hole: [Card; 2], board: [Card; 5]) -> u32 {
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
            let beats = if on_board >= 4 {
                t.rank(board_hand.add(card)) > player
            } else {
                *plain.get_or_insert_with(|| t.rank(board_hand.add(card)) > player)
            };
            outs += u32::from(beats);
        }
    }
    outs
}

fn hand_of(cards: &[Card]) -> PartialHand {
    cards.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c))
}

// ---------------------------------------------------------------------------
// The Wizard of Odds rule-of-thumb strategy.

/// The rule-of-thumb strategy published by Michael Shackleford, the Wizard of
/// Odds (wizardofodds.com, "Ultimate Texas Hold 'Em": the basic strategy and
/// the preflop table of its strategy page), made precise as follows. Ranks
/// run 2 < 3 < ... < K < A; "suited" means both hole cards share a suit.
///
/// **Preflop** — raise 4x with
/// - any pair except 2-2;
/// - any ace;
/// - a king with any suited kicker, or K-5 or better offsuit;
/// - Q-6 or better suited, Q-8 or better offsuit;
/// - J-8 or better suited, J-T offsuit;
///
/// and check otherwise (3x is never chosen).
///
/// **Flop** (after a check) — raise 2x when any holds, check otherwise:
/// - the best five-card hand of the two hole cards and the flop is two pair or
///   better (a flop of three of a kind counts, as the rule is published);
/// - a hidden pair: a hole card has the rank of a flop card, or the hole cards
///   are a pair other than 2-2;
/// - four to a flush (exactly four of the five cards share a suit) with a
///   hole card of that suit ranked ten or better.
///
/// **River** (after two checks) — raise 1x when any holds, fold otherwise:
/// - a [hidden pair or better](hidden_pair_or_better);
/// - fewer than 21 [dealer outs](dealer_outs).
///
/// Suit-symmetric: only ranks and suit equalities are read.
#[derive(Clone, Copy, Debug, Default)]
pub struct WizardStrategy;

impl WizardStrategy {
    /// The preflop rule as a predicate, for tables and tests.
    pub fn raises_preflop(hole: [Card; 2]) -> bool {
        let (r0, r1) = (hole[0].rank(), hole[1].rank());
        let (high, low) = (r0.max(r1), r0.min(r1));
        if high == low {
            return high >= THREE;
        }
        let suited = hole[0].suit() == hole[1].suit();
        match high {
            ACE => true,
            KING => suited || low >= FIVE,
            QUEEN => low >= if suited { SIX } else { EIGHT },
            JACK => low >= if suited { EIGHT } else { TEN },
            _ => false,
        }
    }
}

impl Strategy for WizardStrategy {
    fn name(&self) -> &str {
        StrategyName::Wizard.name()
    }

    fn preflop(&self, hole: [Card; 2]) -> PreflopChoice {
        if WizardStrategy::raises_preflop(hole) {
            PreflopChoice::Raise4x
        } else {
            PreflopChoice::Check
        }
    }

    fn flop(&self, hole: [Card; 2], flop: [Card; 3]) -> FlopChoice {
        let five = [hole[0], hole[1], flop[0], flop[1], flop[2]];
        let category = tables().rank(hand_of(&five)).category();
        let (a, b) = (hole[0].rank(), hole[1].rank());
        let hidden_pair =
            (a == b && a != DEUCE) || flop.iter().any(|c| c.rank() == a || c.rank() == b);
        let mut suit_counts = [0u8; SUITS];
        for c in five {
            suit_counts[c.suit()] += 1;
        }
        let four_flush_with_ten = hole
            .iter()
            .any(|h| suit_counts[h.suit()] == 4 && h.rank() >= TEN);
        if category >= HandCategory::TwoPair || hidden_pair || four_flush_with_ten {
            FlopChoice::Raise2x
        } else {
            FlopChoice::Check
        }
    }

    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        if hidden_pair_or_better(hole, board) || dealer_outs(hole, board) < 21 {
            RiverChoice::Raise1x
        } else {
            RiverChoice::Fold
        }
    }

    fn is_suit_symmetric(&self) -> bool {
        true
    }
}

// ---------------------------------------------------------------------------
// The timid player.

/// A cautious player: never raises before the river; on the river raises 1x
/// with a [hidden pair or better](hidden_pair_or_better) and folds otherwise.
/// Suit-symmetric.
#[derive(Clone, Copy, Debug, Default)]
pub struct TimidStrategy;

impl Strategy for TimidStrategy {
    fn name(&self) -> &str {
        StrategyName::Timid.name()
    }

    fn preflop(&self, _hole: [Card; 2]) -> PreflopChoice {
        PreflopChoice::Check
    }

    fn flop(&self, _hole: [Card; 2], _flop: [Card; 3]) -> FlopChoice {
        FlopChoice::Check
    }

    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        if hidden_pair_or_better(hole, board) {
            RiverChoice::Raise1x
        } else {
            RiverChoice::Fold
        }
    }

    fn is_suit_symmetric(&self) -> bool {
        true
    }
}

// ---------------------------------------------------------------------------
// The optimal oracle.

/// 64-bit words per row of holdings (1,326 bits).
const WORDS: usize = ROW_WORDS;
/// Number of three-card sets of the 52-card deck.
const FLOPS: usize = 22_100;

/// The optimal strategy: every decision is the solver's
/// ([`Solution::preflop_raise`], [`Solution::flop_raise`],
/// [`Solution::river_raise`]), ties to the smaller bet as there.
///
/// The answers are read from the solution once, into dense tables, so that
/// a simulation never canonicalizes cards nor reads the solver's 1.4 GB of
/// river counts (see the sampler benchmark for what each costs):
/// - preflop: one entry per holding (1,326);
/// - flop: one bit per (flop, holding), 22,100 × 1,326 bits (3.7 MB), filled
///   from one query per holding on each canonical flop and copied to the
///   other flops of its class under the suit renaming that maps them;
/// - river: one bit per (canonical board, holding), 134,459 × 1,326 bits
///   (22 MB), read off the solution's river counts
///   ([`Solution::river_raise_rows`]), and the river table's locator giving,
///   for each of the 2,598,960 boards (by [`subset_index`]), its canonical
///   board and a suit renaming onto it.
///
/// A renaming that maps a board onto its canonical board maps each holding
/// to one with the same answer: the solver's values are exact counts over
/// all dealer holdings, which a renaming only permutes. A test compares the
/// tables with the solution's own answers on every deal of a reduced deck
/// and on random full-deck deals. Cards must come from the solution's deck.
pub struct OptimalStrategy<'s> {
    solution: &'s Solution<'s>,
    preflop: Vec<PreflopChoice>,
    /// `FLOPS` rows of `WORDS` words, by [`subset_index`] of the flop.
    flop_raise: Vec<u64>,
    /// One row of `WORDS` words per canonical board.
    river_raise: Vec<u64>,
}

/// Sets bit `h` of a row of holdings.
#[inline]
fn set_bit(row: &mut [u64], h: usize) {
    row[h / 64] |= 1 << (h % 64);
}

#[inline]
fn bit(row: &[u64], h: usize) -> bool {
    row[h / 64] >> (h % 64) & 1 == 1
}

impl<'s> OptimalStrategy<'s> {
    /// Reads the decision tables from a solution (26 MB).
    pub fn new(solution: &'s Solution<'s>) -> OptimalStrategy<'s> {
        let deck = solution.river.deck();
        let holdings: Vec<(usize, Card, Card)> = (0..PAIRS)
            .map(|h| {
                let (a, b) = pair_cards(h);
                (h, a, b)
            })
            .filter(|&(_, a, b)| deck.contains(a) && deck.contains(b))
            .collect();
        let mut preflop = vec![PreflopChoice::Check; PAIRS];
        for &(h, a, b) in &holdings {
            preflop[h] = match solution.preflop_raise(a, b) {
                Some(Action::Raise4x) => PreflopChoice::Raise4x,
                Some(Action::Raise3x) => PreflopChoice::Raise3x,
                Some(other) => panic!("preflop raise of {other:?}"),
                None => PreflopChoice::Check,
            };
        }
        // Flops: copy each canonical flop's row to every flop of its class.
        let river = solution.river;
        let flop_rows = solution.flop_raise_rows();
        let mut flop_raise = vec![0u64; FLOPS * WORDS];
        for_each_subset(deck, 3, |flop| {
            let f = subset_index(flop);
            let v = river.flop_locator()[f];
            let source = &flop_rows[(v >> 5) as usize * WORDS..][..WORDS];
            let map = river.pair_maps().map((v & 31) as usize);
            let row = &mut flop_raise[f * WORDS..(f + 1) * WORDS];
            for &(h, a, b) in &holdings {
                if !flop.contains(a) && !flop.contains(b) && bit(source, map[h] as usize) {
                    set_bit(row, h);
                }
            }
        });
        OptimalStrategy {
            solution,
            preflop,
            flop_raise,
            river_raise: solution.river_raise_rows(),
        }
    }

    /// The solution this strategy plays.
    pub fn solution(&self) -> &'s Solution<'s> {
        self.solution
    }
}

/// The set of `cards`.
#[inline]
fn set_of(cards: &[Card]) -> CardSet {
    CardSet(cards.iter().fold(0, |m, c| m | c.mask()))
}

impl Strategy for OptimalStrategy<'_> {
    fn name(&self) -> &str {
        StrategyName::Optimal.name()
    }

    #[inline]
    fn preflop(&self, hole: [Card; 2]) -> PreflopChoice {
        self.preflop[pair_index(hole[0], hole[1])]
    }

    #[inline]
    fn flop(&self, hole: [Card; 2], flop: [Card; 3]) -> FlopChoice {
        let row = &self.flop_raise[subset_index(set_of(&flop)) * WORDS..][..WORDS];
        if bit(row, pair_index(hole[0], hole[1])) {
            FlopChoice::Raise2x
        } else {
            FlopChoice::Check
        }
    }

    #[inline]
    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        self.river_located(hole, self.locate(board))
    }

    fn is_suit_symmetric(&self) -> bool {
        true
    }

    /// First every board's locator entry, then every decision bit: the
    /// reads of each pass are independent, so the processor overlaps their
    /// cache misses instead of waiting for two in a row per hand.
    fn river_batch(&self, hands: &[RiverQuery], choices: &mut [RiverChoice]) {
        const PASS: usize = 64;
        for (hands, choices) in hands.chunks(PASS).zip(choices.chunks_mut(PASS)) {
            let mut located = [0u32; PASS];
            for (v, (_, board)) in located.iter_mut().zip(hands) {
                *v = self.locate(*board);
            }
            for ((&v, (hole, _)), choice) in located.iter().zip(hands).zip(choices) {
                *choice = self.river_located(*hole, v);
            }
        }
    }
}

impl OptimalStrategy<'_> {
    /// The locator entry of a board: `row << 5 | renaming`.
    #[inline]
    fn locate(&self, board: [Card; 5]) -> u32 {
        self.solution.river.board_locator()[subset_index(set_of(&board))]
    }

    /// The river decision of `hole` on the located board.
    #[inline]
    fn river_located(&self, hole: [Card; 2], v: u32) -> RiverChoice {
        let map = self.solution.river.pair_maps().map((v & 31) as usize);
        let h = map[pair_index(hole[0], hole[1])] as usize;
        if bit(&self.river_raise[(v >> 5) as usize * WORDS..][..WORDS], h) {
            RiverChoice::Raise1x
        } else {
            RiverChoice::Fold
        }
    }
}

/// The value of the best hand of `cards` (5 to 7 cards), for tests and tools.
pub fn rank_of(cards: &[Card]) -> HandRank {
    tables().rank(hand_of(cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn hole(text: &str) -> [Card; 2] {
        let c = parse_cards(text).unwrap();
        [c[0], c[1]]
    }

    fn five(text: &str) -> [Card; 5] {
        let c = parse_cards(text).unwrap();
        [c[0], c[1], c[2], c[3], c[4]]
    }

    #[test]
    fn wizard_preflop_table_matches_the_published_boundaries() {
        let raise = |t: &str| WizardStrategy::raises_preflop(hole(t));
        // Pairs: all but deuces.
        assert!(!raise("2c 2d") && raise("3c 3d") && raise("Ah As"));
        // Aces: any.
        assert!(raise("Ac 2d") && raise("Ac 2c"));
        // Kings: any suited kicker, 5 or better offsuit.
        assert!(raise("Kc 2c") && !raise("Kc 4d") && raise("Kc 5d"));
        // Queens: 6 suited, 8 offsuit.
        assert!(!raise("Qc 5c") && raise("Qc 6c") && !raise("Qc 7d") && raise("Qc 8d"));
        // Jacks: 8 suited, T offsuit.
        assert!(!raise("Jc 7c") && raise("Jc 8c") && !raise("Jc 9d") && raise("Jc Td"));
        // Nothing below a jack.
        assert!(!raise("Tc 9c") && !raise("9c 8c"));
        // 169 classes; count holdings raised: 72 pairs + 192 aces + 44 + 96
        // kings + 24 + 48 queens + 12 + 12 jacks.
        let n = (0..52)
            .flat_map(|a| (a + 1..52).map(move |b| (a, b)))
            .filter(|&(a, b)| {
                WizardStrategy::raises_preflop([Card::from_index(a), Card::from_index(b)])
            })
            .count();
        assert_eq!(n, 72 + 192 + 44 + 96 + 24 + 48 + 12 + 12);
    }

    #[test]
    fn hidden_pair_needs_a_hole_card() {
        assert!(hidden_pair_or_better(hole("7c 7d"), five("2s 9h Kd 4c Jh")));
        assert!(hidden_pair_or_better(hole("7c 2d"), five("2s 9h Kd 4c Jh")));
        // Board pair with the hole cards as kickers: not hidden.
        assert!(!hidden_pair_or_better(
            hole("Ac Qd"),
            five("2s 2h Kd 4c Jh")
        ));
        // A straight made with a hole card; a board straight not improved.
        assert!(hidden_pair_or_better(hole("8c 2d"), five("3s 4h 5d 6c 7h")));
        assert!(!hidden_pair_or_better(
            hole("Kc 2d"),
            five("3s 4h 5d 6c 7h")
        ));
    }

    #[test]
    fn dealer_outs_count_single_cards_that_beat() {
        // T-3 against A Q 8 6 4 rainbow: the player has ace high with T-8-6.
        // Outs: 15 cards pairing the board, 4 kings and 4 jacks; a ten ties.
        assert_eq!(dealer_outs(hole("Tc 3d"), five("As Qh 8d 6c 4h")), 23);
        // With a pair of aces on the board nothing single beats K-Q kickers
        // except another ace (2) or pairing the other board cards (9) ...
        assert_eq!(dealer_outs(hole("Kc Qd"), five("As Ah 8d 6c 4h")), 2 + 9,);
    }
}
