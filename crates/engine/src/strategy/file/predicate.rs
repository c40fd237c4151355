//! The predicates a flop or river rule is made of: each a fact about the
//! cards the player sees (the two hole cards and the board so far: three
//! cards on the flop, five on the river), named by its key in the file.
//!
//! Every predicate reads ranks, the hand's category and whether cards share
//! a suit, never a particular suit: renaming the suits of all the cards seen
//! never changes its answer, which keeps every file strategy suit-symmetric
//! and its exact evaluation over suit-canonical deals valid. The
//! definitions are those of docs/strategy-format.md; each is checked
//! against a brute force of its wording on random deals (`tests.rs`).

use super::range::{parse_rank, rank_name};
use crate::cards::{Card, SUITS};
use crate::evaluator::{tables, HandCategory, HandRank, PartialHand};
use crate::strategy::{dealer_outs_counting, hand_of, DealerHands};

/// One condition of a rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Predicate {
    /// `category_at_least`: the best five-card hand of hole cards and board
    /// is of this category or better.
    CategoryAtLeast(HandCategory),
    /// `category_at_most`: ... of this category or worse.
    CategoryAtMost(HandCategory),
    /// `pocket_pair`: the hole cards have one rank (or, `false`, do not).
    PocketPair(bool),
    /// `hole_pairs_board`: a hole card has the rank of a board card.
    HolePairsBoard(bool),
    /// `pair_on_board_only`: the best hand is one pair and no hole card
    /// takes part in it (no pocket pair, no hole card pairs the board).
    PairOnBoardOnly(bool),
    /// `improves_board` (river only): the best hand of the seven cards
    /// beats the best hand of the five community cards alone.
    ImprovesBoard(bool),
    /// `hole_suited`: the hole cards share a suit.
    HoleSuited(bool),
    /// `hole_high_at_least`: the higher hole card ranks at least this.
    HoleHighAtLeast(usize),
    /// `hole_high_at_most`: ... at most this.
    HoleHighAtMost(usize),
    /// `hole_low_at_least`: the lower hole card ranks at least this.
    HoleLowAtLeast(usize),
    /// `hole_low_at_most`: ... at most this.
    HoleLowAtMost(usize),
    /// `paired_hole_rank_at_least`: a hole card of at least this rank is
    /// paired (by the other hole card or a board card).
    PairedHoleRankAtLeast(usize),
    /// `kicker_at_least`: a hole card of at least this rank pairs nothing
    /// (no other card seen has its rank).
    KickerAtLeast(usize),
    /// `flush_draw_hole_at_least` (flop only): exactly four of the cards
    /// seen share a suit, and a hole card of that suit ranks at least this.
    FlushDrawHoleAtLeast(usize),
    /// `open_ended_draw` (flop only): four consecutive ranks among the
    /// cards seen that a card at either end makes a straight, 2-3-4-5 (the
    /// ace or a six) to T-J-Q-K, one of them held by a hole card only (not
    /// on the board).
    OpenEndedDraw(bool),
    /// `dealer_outs_below` (river only): fewer than this many of the 45
    /// unseen cards would, with the board, give the dealer a better hand
    /// (`count_ties = true`: a better or equal hand).
    DealerOutsBelow(u32, bool),
    /// `dealer_outs_at_least` (river only): at least this many such cards
    /// (at most 45, the cards unseen on the river).
    DealerOutsAtLeast(u32, bool),
}

/// The keys of the predicates, in the order the documentation lists them.
pub const KEYS: [&str; 18] = [
    "category_at_least",
    "category_at_most",
    "pocket_pair",
    "hole_pairs_board",
    "pair_on_board_only",
    "improves_board",
    "hole_suited",
    "hole_high_at_least",
    "hole_high_at_most",
    "hole_low_at_least",
    "hole_low_at_most",
    "paired_hole_rank_at_least",
    "kicker_at_least",
    "flush_draw_hole_at_least",
    "open_ended_draw",
    "dealer_outs_below",
    "dealer_outs_at_least",
    "count_ties",
];

/// What a predicate's value is, as the refusals say.
fn expect_bool(value: &toml::Value) -> Result<bool, String> {
    value
        .as_bool()
        .ok_or_else(|| format!("expected true or false, found {}", shown_value(value)))
}

fn expect_rank(value: &toml::Value) -> Result<usize, String> {
    value.as_str().and_then(parse_rank).ok_or_else(|| {
        format!(
            "expected a rank in quotes (\"2\" .. \"9\", \"T\", \"J\", \"Q\", \"K\", \"A\"), found {}",
            shown_value(value)
        )
    })
}

fn expect_category(value: &toml::Value) -> Result<HandCategory, String> {
    value
        .as_str()
        .and_then(HandCategory::from_name)
        .ok_or_else(|| {
            let names: Vec<&str> = HandCategory::ALL.iter().map(|c| c.name()).collect();
            format!(
                "expected one of {}, found {}",
                names.join(", "),
                shown_value(value)
            )
        })
}

/// The cards the player has not seen on the river: 52 less 2 and 5.
pub const UNSEEN_ON_THE_RIVER: i64 = 45;

/// A count of outs from 0 to `most` (`dealer_outs_below` 46: every count
/// of the 45 unseen cards; `dealer_outs_at_least` 45).
fn expect_outs(value: &toml::Value, most: i64) -> Result<u32, String> {
    match value.as_integer() {
        Some(n) if (0..=most).contains(&n) => Ok(n as u32),
        _ => Err(format!(
            "expected a count of cards from 0 to {most} (45 cards are unseen on the river), found {}",
            shown_value(value)
        )),
    }
}

/// A TOML value echoed in a message, on one line and cut.
pub(super) fn shown_value(value: &toml::Value) -> String {
    crate::message::shown(&value.to_string())
}

impl Predicate {
    /// The predicate of `key = value` (`count_ties` applies to the rule's
    /// outs predicates); `Ok(None)` for `count_ties` itself; an unknown
    /// key or a bad value is refused.
    pub fn parse(key: &str, value: &toml::Value, ties: bool) -> Result<Option<Predicate>, String> {
        use Predicate::*;
        Ok(Some(match key {
            "category_at_least" => CategoryAtLeast(expect_category(value)?),
            "category_at_most" => CategoryAtMost(expect_category(value)?),
            "pocket_pair" => PocketPair(expect_bool(value)?),
            "hole_pairs_board" => HolePairsBoard(expect_bool(value)?),
            "pair_on_board_only" => PairOnBoardOnly(expect_bool(value)?),
            "improves_board" => ImprovesBoard(expect_bool(value)?),
            "hole_suited" => HoleSuited(expect_bool(value)?),
            "hole_high_at_least" => HoleHighAtLeast(expect_rank(value)?),
            "hole_high_at_most" => HoleHighAtMost(expect_rank(value)?),
            "hole_low_at_least" => HoleLowAtLeast(expect_rank(value)?),
            "hole_low_at_most" => HoleLowAtMost(expect_rank(value)?),
            "paired_hole_rank_at_least" => PairedHoleRankAtLeast(expect_rank(value)?),
            "kicker_at_least" => KickerAtLeast(expect_rank(value)?),
            "flush_draw_hole_at_least" => FlushDrawHoleAtLeast(expect_rank(value)?),
            "open_ended_draw" => OpenEndedDraw(expect_bool(value)?),
            "dealer_outs_below" => {
                DealerOutsBelow(expect_outs(value, UNSEEN_ON_THE_RIVER + 1)?, ties)
            }
            "dealer_outs_at_least" => {
                DealerOutsAtLeast(expect_outs(value, UNSEEN_ON_THE_RIVER)?, ties)
            }
            "count_ties" => {
                expect_bool(value)?;
                return Ok(None);
            }
            _ => return Err(unknown_key(key, value)),
        }))
    }

    /// The predicate as the file writes it (`category_at_least =
    /// "two_pair"`; an outs predicate counting ties says so).
    pub fn describe(self) -> String {
        use Predicate::*;
        let rank = |key: &str, r: usize| format!("{key} = \"{}\"", rank_name(r));
        let flag = |key: &str, b: bool| format!("{key} = {b}");
        let outs = |key: &str, n: u32, ties: bool| {
            let ties = if ties { " (count_ties)" } else { "" };
            format!("{key} = {n}{ties}")
        };
        match self {
            CategoryAtLeast(c) => format!("category_at_least = \"{}\"", c.name()),
            CategoryAtMost(c) => format!("category_at_most = \"{}\"", c.name()),
            PocketPair(b) => flag("pocket_pair", b),
            HolePairsBoard(b) => flag("hole_pairs_board", b),
            PairOnBoardOnly(b) => flag("pair_on_board_only", b),
            ImprovesBoard(b) => flag("improves_board", b),
            HoleSuited(b) => flag("hole_suited", b),
            HoleHighAtLeast(r) => rank("hole_high_at_least", r),
            HoleHighAtMost(r) => rank("hole_high_at_most", r),
            HoleLowAtLeast(r) => rank("hole_low_at_least", r),
            HoleLowAtMost(r) => rank("hole_low_at_most", r),
            PairedHoleRankAtLeast(r) => rank("paired_hole_rank_at_least", r),
            KickerAtLeast(r) => rank("kicker_at_least", r),
            FlushDrawHoleAtLeast(r) => rank("flush_draw_hole_at_least", r),
            OpenEndedDraw(b) => flag("open_ended_draw", b),
            DealerOutsBelow(n, t) => outs("dealer_outs_below", n, t),
            DealerOutsAtLeast(n, t) => outs("dealer_outs_at_least", n, t),
        }
    }

    /// Whether it needs the five community cards (refused in a flop rule).
    pub fn river_only(self) -> bool {
        matches!(
            self,
            Predicate::ImprovesBoard(_)
                | Predicate::DealerOutsBelow(..)
                | Predicate::DealerOutsAtLeast(..)
        )
    }

    /// Whether it is a draw, a card to come (refused in a river rule: no
    /// card comes after the river).
    pub fn flop_only(self) -> bool {
        matches!(
            self,
            Predicate::FlushDrawHoleAtLeast(_) | Predicate::OpenEndedDraw(_)
        )
    }

    /// The dealer-outs predicates are by far the dearest (45 hands
    /// evaluated): a rule tests them last.
    pub fn is_dear(self) -> bool {
        matches!(
            self,
            Predicate::DealerOutsBelow(..) | Predicate::DealerOutsAtLeast(..)
        )
    }

    /// Whether the cards seen satisfy it.
    pub fn holds(self, seen: &Seen) -> bool {
        use Predicate::*;
        let [a, b] = seen.hole;
        let (high, low) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
        match self {
            CategoryAtLeast(c) => seen.rank.category() >= c,
            CategoryAtMost(c) => seen.rank.category() <= c,
            PocketPair(want) => (a.rank() == b.rank()) == want,
            HolePairsBoard(want) => seen.hole_pairs_board() == want,
            PairOnBoardOnly(want) => {
                let board_only = seen.rank.category() == HandCategory::Pair
                    && a.rank() != b.rank()
                    && !seen.hole_pairs_board();
                board_only == want
            }
            ImprovesBoard(want) => (seen.rank > seen.board_rank()) == want,
            HoleSuited(want) => (a.suit() == b.suit()) == want,
            HoleHighAtLeast(r) => high >= r,
            HoleHighAtMost(r) => high <= r,
            HoleLowAtLeast(r) => low >= r,
            HoleLowAtMost(r) => low <= r,
            PairedHoleRankAtLeast(r) => seen
                .hole
                .iter()
                .any(|h| h.rank() >= r && seen.count_of_rank(h.rank()) >= 2),
            KickerAtLeast(r) => seen
                .hole
                .iter()
                .any(|h| h.rank() >= r && seen.count_of_rank(h.rank()) == 1),
            FlushDrawHoleAtLeast(r) => {
                let mut suits = [0u8; SUITS];
                for c in seen.cards() {
                    suits[c.suit()] += 1;
                }
                seen.hole
                    .iter()
                    .any(|h| h.rank() >= r && suits[h.suit()] == 4)
            }
            OpenEndedDraw(want) => seen.open_ended_draw() == want,
            DealerOutsBelow(n, ties) => seen.dealer_outs(ties) < n,
            DealerOutsAtLeast(n, ties) => seen.dealer_outs(ties) >= n,
        }
    }
}

/// The refusal of an unknown key: says when it or its value names a suit.
fn unknown_key(key: &str, value: &toml::Value) -> String {
    let lower = format!("{key} {value}").to_ascii_lowercase();
    let suit = ["club", "diamond", "heart", "spade"]
        .iter()
        .any(|s| lower.contains(s));
    if suit {
        format!(
            "'{}' names a suit: a strategy plays every suit alike (see docs/strategy-format.md)",
            crate::message::shown(key)
        )
    } else {
        format!(
            "unknown predicate '{}' (known: action, {})",
            crate::message::shown(key),
            KEYS.join(", ")
        )
    }
}

/// What the player sees at a decision: the hole cards, the board so far
/// (three or five cards) and the best hand of them all.
pub struct Seen<'a> {
    /// The two hole cards.
    pub hole: [Card; 2],
    /// The flop, or the five community cards.
    pub board: &'a [Card],
    /// The best five-card hand of hole cards and board.
    pub rank: HandRank,
    /// On the river, what the board alone gives every holding, when
    /// computed once for many ([`RiverBoard`]).
    river: Option<&'a RiverBoard>,
}

/// What the five community cards alone give the river decision of every
/// holding, computed once per board for the holdings decided on it
/// together (the exact evaluation decides every pair of classes of cards
/// of every canonical board, docs/speed-strategies.md): the
/// board's hand, its best hand, and, for the dealer-outs predicates, the
/// dealer's hand with each card off the board ([`DealerHands`]).
pub struct RiverBoard {
    cards: [Card; 5],
    hand: PartialHand,
    rank: HandRank,
    dealer: Option<DealerHands>,
}

impl RiverBoard {
    /// The facts of `board`; the dealer's hands only `with_outs` (what a
    /// stage without outs predicates never reads).
    pub fn new(board: [Card; 5], with_outs: bool) -> RiverBoard {
        let hand = hand_of(&board);
        RiverBoard {
            cards: board,
            hand,
            rank: tables().rank(hand),
            dealer: with_outs.then(|| DealerHands::new(board)),
        }
    }
}

impl<'a> Seen<'a> {
    /// The cards seen at a decision.
    pub fn new(hole: [Card; 2], board: &'a [Card]) -> Seen<'a> {
        let hand = hand_of(board).add(hole[0]).add(hole[1]);
        Seen {
            hole,
            board,
            rank: tables().rank(hand),
            river: None,
        }
    }

    /// The cards seen on the river, the board's facts computed once
    /// (answers equal to [`Seen::new`]'s).
    pub fn on_river(hole: [Card; 2], board: &'a RiverBoard) -> Seen<'a> {
        Seen {
            hole,
            board: &board.cards,
            rank: tables().rank(board.hand.add(hole[0]).add(hole[1])),
            river: Some(board),
        }
    }

    /// The best hand of the board alone.
    fn board_rank(&self) -> HandRank {
        match self.river {
            Some(river) => river.rank,
            None => tables().rank(hand_of(self.board)),
        }
    }

    /// The hole cards, then the board.
    fn cards(&self) -> impl Iterator<Item = &Card> {
        self.hole.iter().chain(self.board)
    }

    /// How many cards seen have this rank.
    fn count_of_rank(&self, rank: usize) -> usize {
        self.cards().filter(|c| c.rank() == rank).count()
    }

    fn hole_pairs_board(&self) -> bool {
        self.board
            .iter()
            .any(|c| c.rank() == self.hole[0].rank() || c.rank() == self.hole[1].rank())
    }

    fn open_ended_draw(&self) -> bool {
        let mask =
            |cards: &mut dyn Iterator<Item = &Card>| cards.fold(0u16, |m, c| m | 1 << c.rank());
        let all = mask(&mut self.cards());
        let board = mask(&mut self.board.iter());
        // The lowest rank of the four, 2 (index 0) to T (index 8): a card
        // at each end makes a straight (2-3-4-5: the ace below, as in the
        // wheel, or a six); A-2-3-4 and J-Q-K-A have one end only.
        (0..=8).any(|low| {
            let four = 0b1111u16 << low;
            all & four == four && (four & !board) != 0
        })
    }

    fn dealer_outs(&self, ties: bool) -> u32 {
        if let Some(dealer) = self.river.and_then(|r| r.dealer.as_ref()) {
            return dealer.outs(self.hole, self.rank, ties);
        }
        let board: [Card; 5] = self
            .board
            .try_into()
            .expect("the outs predicates are river predicates");
        dealer_outs_counting(self.hole, board, ties)
    }
}
