//! Cards, card sets and the parsing of card strings.
//!
//! A card is a number `0..52`: `4 * rank + suit`, where rank `0` is a deuce and
//! rank `12` an ace, and suits are numbered clubs, diamonds, hearts, spades.
//! A [`CardSet`] is a 64-bit mask with bit `card` set for each card it holds;
//! every enumeration in the crate walks such masks.
//!
//! Card strings are what a regulator types: `As Kd 7h Tc 2s`, run together
//! (`AsKd7h`), ranks `2`-`9`, `T` or `10`, `J`, `Q`, `K`, `A`, suits `c d h s`,
//! in either case. A bad or repeated card is an error naming the token.

pub mod canonical;

use std::fmt;

/// Number of ranks in a standard deck.
pub const RANKS: usize = 13;
/// Number of suits.
pub const SUITS: usize = 4;
/// Number of cards in a standard deck.
pub const DECK_SIZE: usize = 52;

const RANK_CHARS: [char; RANKS] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
const SUIT_CHARS: [char; SUITS] = ['c', 'd', 'h', 's'];

/// One playing card, `4 * rank + suit`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

impl Card {
    /// The card of the given rank (`0` = deuce .. `12` = ace) and suit (`0..4`).
    #[inline]
    pub fn new(rank: usize, suit: usize) -> Card {
        assert!(rank < RANKS && suit < SUITS, "card out of range");
        Card((rank * SUITS + suit) as u8)
    }

    /// The card with index `0..52`.
    #[inline]
    pub fn from_index(index: usize) -> Card {
        assert!(index < DECK_SIZE, "card index out of range");
        Card(index as u8)
    }

    /// Index `0..52`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Rank `0` (deuce) to `12` (ace).
    #[inline]
    pub fn rank(self) -> usize {
        self.0 as usize / SUITS
    }

    /// Suit `0..4` (clubs, diamonds, hearts, spades).
    #[inline]
    pub fn suit(self) -> usize {
        self.0 as usize % SUITS
    }

    /// The one-bit mask of this card.
    #[inline]
    pub fn mask(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", RANK_CHARS[self.rank()], SUIT_CHARS[self.suit()])
    }
}

/// A set of cards as a 64-bit mask (bit `i` = card `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL_DECK: CardSet = CardSet((1u64 << DECK_SIZE) - 1);

    /// The set of the given cards (repeats collapse).
    pub fn from_cards(cards: &[Card]) -> CardSet {
        CardSet(cards.iter().fold(0, |m, c| m | c.mask()))
    }

    /// Number of cards in the set.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no card.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `card`.
    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.0 & card.mask() != 0
    }

    /// Adds `card` to the set.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.mask();
    }

    /// The cards in either set.
    #[inline]
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of `self` not in `other`.
    #[inline]
    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards in increasing index order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Card(i as u8))
            }
        })
    }

    /// The cards as a vector, in increasing index order.
    pub fn to_vec(self) -> Vec<Card> {
        self.cards().collect()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.cards() {
            if !first {
                write!(f, " ")?;
            }
            write!(f, "{c}")?;
            first = false;
        }
        Ok(())
    }
}

/// A card string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("invalid card '{0}': expected a rank 2-9, T, 10, J, Q, K or A followed by a suit c, d, h or s")]
    /// Not a card: the text as given.
    Invalid(String),
    #[error("duplicate card '{0}'")]
    /// A card given twice.
    Duplicate(String),
}

/// Parses one card such as `As`, `10h` or `td`.
pub fn parse_card(token: &str) -> Result<Card, CardError> {
    let cards = parse_cards(token)?;
    if cards.len() != 1 {
        return Err(CardError::Invalid(token.to_string()));
    }
    Ok(cards[0])
}

/// Parses cards separated by white space, commas, or run together
/// (`As Kd`, `AsKd`, `as,kd`). Rejects unknown tokens and repeated cards.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    let mut cards = Vec::new();
    let mut seen = CardSet::EMPTY;
    for word in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        let chars: Vec<char> = word.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let (rank, used) = match chars[i].to_ascii_uppercase() {
                '1' if chars.get(i + 1) == Some(&'0') => (8, 2),
                c => match RANK_CHARS.iter().position(|&r| r == c) {
                    Some(r) => (r, 1),
                    None => return Err(CardError::Invalid(rest_token(&chars, i))),
                },
            };
            let suit_char = chars.get(i + used).map(|c| c.to_ascii_lowercase());
            let suit = match suit_char.and_then(|s| SUIT_CHARS.iter().position(|&x| x == s)) {
                Some(s) => s,
                None => return Err(CardError::Invalid(rest_token(&chars, i))),
            };
            let token: String = chars[i..i + used + 1].iter().collect();
            let card = Card::new(rank, suit);
            if seen.contains(card) {
                return Err(CardError::Duplicate(token));
            }
            seen.insert(card);
            cards.push(card);
            i += used + 1;
        }
    }
    Ok(cards)
}

/// The offending part of a word, for error messages: up to three characters.
fn rest_token(chars: &[char], start: usize) -> String {
    chars[start..chars.len().min(start + 3)].iter().collect()
}

/// Number of ways to choose `k` of `n` (as u64; exact for the sizes used here).
pub fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_spaced_and_run_together() {
        let a = parse_cards("As Kd 7h Tc 2s").unwrap();
        let b = parse_cards("AsKd7h10c2S").unwrap();
        assert_eq!(a, b);
        assert_eq!(a[0], Card::new(12, 3));
        assert_eq!(a[3].to_string(), "Tc");
    }

    #[test]
    fn rejects_bad_and_duplicate_cards() {
        assert_eq!(
            parse_cards("As Xd"),
            Err(CardError::Invalid("Xd".to_string()))
        );
        assert_eq!(
            parse_cards("As as"),
            Err(CardError::Duplicate("as".to_string()))
        );
        assert!(parse_cards("A").is_err());
        assert!(parse_cards("1s").is_err());
    }

    #[test]
    fn choose_matches_known_counts() {
        // C(52,7) and C(52,5) are the textbook deck counts.
        assert_eq!(choose(52, 7), 133_784_560);
        assert_eq!(choose(52, 5), 2_598_960);
        assert_eq!(choose(45, 2), 990);
    }
}
