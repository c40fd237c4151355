//! The strategy oracle: what the optimal player does, and why, in numbers.
//!
//! Given no cards, the preflop chart of the starting-hand classes (169 for
//! 52 cards) with the exact expected value of raising 4x, raising 3x and
//! checking, and their places in a 13 x 13 grid (pairs on the diagonal,
//! suited above, offsuit below). Given the player's cards, and optionally
//! the flop or the whole board, the exact expected value of each choice at
//! that decision and the optimal one. Every value is the expected net
//! result of the whole hand in Antes (Ante + Blind + Play), read from the
//! exact solution. Values only: their text and JSON are the `strategy`
//! document's (`report::strategy`).

use crate::cards::{parse_cards, Card, CardSet, RANKS};
use crate::exact::game::{spot, Advice, BlindRangeError, Decision, HoleClass, Solution};
use crate::exact::seen::{dead, SeenError};
use crate::fraction::Fraction;
use crate::rules::paytable::PayTable;

/// Cards that do not make a decision point.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected 0, 2, 5 or 7 cards (hole cards, then flop, then turn and river), got {0}")]
pub struct QueryError(pub usize);

/// Parses the command-line cards: none, 2, 5 or 7 distinct cards.
pub fn parse_query(words: &[String]) -> Result<Vec<Card>, anyhow::Error> {
    let cards = parse_cards(&words.join(" ")).map_err(anyhow::Error::from)?;
    match cards.len() {
        0 | 2 | 5 | 7 => Ok(cards),
        n => Err(QueryError(n).into()),
    }
}

const RANK_NAMES: [char; RANKS] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];

/// The usual name of a starting-hand class: `AA`, `AKs`, `AKo`.
pub fn class_name(class: &HoleClass) -> String {
    let (a, b) = class.cards;
    let (hi, lo) = if a.rank() >= b.rank() { (a, b) } else { (b, a) };
    let mut name = format!("{}{}", RANK_NAMES[hi.rank()], RANK_NAMES[lo.rank()]);
    if hi.rank() != lo.rank() {
        name.push(if hi.suit() == lo.suit() { 's' } else { 'o' });
    }
    name
}

/// The advice at the decision the cards describe (`None` for no cards):
/// the preflop (2 cards), flop (5) or river (7) decision of the solution.
pub fn advice(solution: &Solution, cards: &[Card]) -> Option<Advice> {
    match cards.len() {
        2 => Some(solution.preflop_advice(cards[0], cards[1])),
        5 => Some(solution.flop_advice(cards[0], cards[1], CardSet::from_cards(&cards[2..5]))),
        7 => Some(solution.river_advice(cards[0], cards[1], CardSet::from_cards(&cards[2..7]))),
        _ => None,
    }
}

/// The decision the cards describe: `preflop` (2 cards), `flop` (5) or
/// `river` (7).
pub fn stage(cards: &[Card]) -> &'static str {
    match cards.len() {
        2 => "preflop",
        5 => "flop",
        _ => "river",
    }
}

/// Classes ordered strongest-looking first: by higher rank, then lower
/// rank, suited before offsuit.
pub fn sorted_classes<'a>(solution: &'a Solution) -> Vec<&'a HoleClass> {
    let mut classes: Vec<&HoleClass> = solution.classes.iter().collect();
    classes.sort_by_key(|c| {
        let (a, b) = c.cards;
        let (hi, lo) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
        (
            std::cmp::Reverse(hi),
            std::cmp::Reverse(lo),
            a.suit() != b.suit(),
        )
    });
    classes
}

/// Row and column of a class in the 13 x 13 grid, 0 = ace: pairs on the
/// diagonal, suited hands above it (row = higher rank), offsuit below.
pub fn grid_position(class: &HoleClass) -> (usize, usize) {
    let (a, b) = class.cards;
    let (hi, lo) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
    if a.suit() == b.suit() && hi != lo {
        (12 - hi, 12 - lo)
    } else {
        (12 - lo, 12 - hi)
    }
}

/// The usual name of the rank at a grid row or column (0 = ace): `A`, `K`, ... `2`.
pub fn grid_rank_name(index: usize) -> char {
    RANK_NAMES[RANKS - 1 - index]
}

/// One starting-hand class of the preflop chart, with the exact expected
/// value of each choice (per Ante, whole hand).
#[derive(Clone, Debug, PartialEq)]
pub struct ChartClass {
    /// `AA`, `AKs`, `AKo`.
    pub name: String,
    /// Number of two-card holdings in the class (6, 4 or 12).
    pub combinations: u64,
    /// Row and column in the 13 x 13 grid, see [`grid_position`].
    pub row: usize,
    /// Column in the grid.
    pub col: usize,
    /// `(choice, expected net)`: raise 4x, raise 3x, check.
    pub options: Vec<(Decision, Fraction)>,
    /// The optimal choice (the smaller bet on an exact tie).
    pub best: Decision,
}

/// The preflop chart: every class, by higher rank, then lower rank, suited
/// before offsuit (AA, AKs, AKo, AQs, ..., 32o, 22).
pub fn chart(solution: &Solution) -> Vec<ChartClass> {
    sorted_classes(solution)
        .into_iter()
        .map(|class| {
            let (row, col) = grid_position(class);
            let advice = class_evs(solution, class);
            ChartClass {
                name: class_name(class),
                combinations: class.combinations,
                row,
                col,
                options: advice.options,
                best: advice.best,
            }
        })
        .collect()
}

fn class_evs(solution: &Solution, class: &HoleClass) -> Advice {
    solution.preflop_advice(class.cards.0, class.cards.1)
}

/// The advice at a preflop (2 cards: the hole cards), flop (5 cards: hole,
/// flop) or river (7 cards: hole, flop, turn and river) decision of the
/// full deck by direct enumeration, without solving the game ([`spot`]);
/// `None` for other card counts (the strategy chart needs the solve).
///
/// # Panics
/// If the cards are not distinct.
pub fn spot_advice(
    blind_table: &PayTable,
    cards: &[Card],
) -> Option<Result<Advice, BlindRangeError>> {
    if cards.len() == 2 {
        let deck = CardSet::FULL_DECK;
        return Some(spot::preflop_advice(blind_table, deck, cards[0], cards[1]));
    }
    spot_advice_with_dead(blind_table, cards, CardSet::EMPTY)
}

/// Why a spot with dead cards (cards known to be out of the deck: a
/// partner's hole cards, an exposed card) is not answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeadCardsError {
    /// A dead card that is also a hole or board card.
    #[error("card {0} is given both as a dead card and as a hole or board card")]
    Duplicate(Card),
    /// Too many dead cards for the cards still to be dealt.
    #[error("{dead} dead cards leave {left} cards in the deck, fewer than the {needed} the {stage} decision deals (at most {max} dead cards)")]
    TooFew {
        /// The number of dead cards.
        dead: usize,
        /// Cards left in the deck after hole, board and dead cards.
        left: usize,
        /// Cards still to be dealt: the dealer's two, and the turn and
        /// river at the flop.
        needed: usize,
        /// `flop` or `river`.
        stage: &'static str,
        /// The most dead cards the decision allows.
        max: usize,
    },
}

/// Checks a spot with dead cards before any work: a preflop (2 cards), flop
/// (5 cards) or river (7 cards) decision, no dead card among the hole and
/// board cards, and enough cards left for the dealer's holding (and the
/// board still to come). No dead cards is always accepted (today's spot).
///
/// # Panics
/// If there are dead cards and `cards` is not a decision's: the preflop
/// chart with dead cards (`strategy --dead CARDS`, no cards) is checked by
/// the `strategy` command's settings before it is solved.
pub fn check_dead_cards(cards: &[Card], dead: CardSet) -> Result<(), DeadCardsError> {
    if dead.is_empty() {
        return Ok(());
    }
    assert!(
        matches!(cards.len(), 2 | 5 | 7),
        "dead cards are checked at a decision (2, 5 or 7 cards), not with {} cards",
        cards.len()
    );
    let needed = match cards.len() {
        2 => 7,
        5 => 4,
        _ => 2,
    };
    if let Some(&card) = cards.iter().find(|&&c| dead.contains(c)) {
        return Err(DeadCardsError::Duplicate(card));
    }
    let left = CardSet::FULL_DECK.len() - cards.len() - dead.len();
    if left < needed {
        return Err(DeadCardsError::TooFew {
            dead: dead.len(),
            left,
            needed,
            stage: stage(cards),
            max: CardSet::FULL_DECK.len() - cards.len() - needed,
        });
    }
    Ok(())
}

/// The advice at a flop (5 cards) or river (7 cards) decision when the
/// cards of `dead` are known to be out of the deck: the spot enumerated on
/// the full deck less them, so the dealer's holdings are C(45-d,2) with d
/// dead cards, and on the flop the turn/rivers C(47-d,2). A preflop (2
/// cards) decision is one situation of the seen-card engine on the deck
/// less the dead cards ([`dead::preflop_advice`]: seconds, not
/// milliseconds). `None` for other card counts.
///
/// # Panics
/// If the cards are not distinct, or [`check_dead_cards`] refuses them, or
/// (preflop) the table's amounts exceed the seen-card engine's limit (check
/// it first with `exact::seen::check_blind_table`).
pub fn spot_advice_with_dead(
    blind_table: &PayTable,
    cards: &[Card],
    dead: CardSet,
) -> Option<Result<Advice, BlindRangeError>> {
    if let Err(e) = check_dead_cards(cards, dead) {
        panic!("{e}");
    }
    let deck = CardSet::FULL_DECK.minus(dead);
    match cards.len() {
        2 => Some(
            dead::preflop_advice(blind_table, CardSet::FULL_DECK, (cards[0], cards[1]), dead)
                .map_err(|e| match e {
                    SeenError::Range(e) => e,
                    // Callers check the table with `seen::check_blind_table`.
                    other => panic!("{other}"),
                }),
        ),
        5 => Some(spot::flop_advice(
            blind_table,
            deck,
            cards[0],
            cards[1],
            CardSet::from_cards(&cards[2..5]),
        )),
        7 => Some(spot::river_advice(
            blind_table,
            deck,
            cards[0],
            cards[1],
            CardSet::from_cards(&cards[2..7]),
        )),
        _ => None,
    }
}
