//! Two-card hands: what a line of an Ultimate Pairs Bonus pay table names.
//!
//! The Ultimate Pairs Bonus is settled on the player's two hole cards alone,
//! except that a line may also name the dealer's two hole cards
//! (*Washington State Gambling Commission, Ultimate Texas Hold'em rules of
//! play and pay tables*, "Ultimate Texas Hold'em with Ultimate Pairs Bonus
//! Option": "Only the top payout on paytable two includes both the player's
//! and dealer's cards"). Two cards fall into one of the 169 starting-hand
//! classes of the 13 x 13 grid: 13 pairs (6 ways each), 78 suited (4 ways)
//! and 78 offsuit (12 ways) combinations of two ranks; a line names a set of
//! classes for the player ([`ClassSet`]), and optionally one for the dealer
//! ([`TwoCardHand`]).
//!
//! # How a line is written
//! The key of a `[pays]` line (quoted in TOML, since it holds spaces):
//! - `AA`, `KK`: a pair; `AK`: ace-king of any suits; `AKs` / `AKo`: suited
//!   / offsuit only. Ranks `2`-`9`, `T` or `10`, `J`, `Q`, `K`, `A`, in
//!   either case.
//! - `pair 2-10` (or `pair 10-2`, `TT-22`): every pair from deuces to tens;
//!   `pair Q`: queens; `any pair`: all thirteen.
//! - a list separated by commas: `AQ,AJ`, `KK,QQ,JJ`;
//! - `suited` or `offsuit` after the list: every combination in it suited
//!   (or offsuit) only: `AQ,AJ suited`. It is an error on a pair (a pair
//!   cannot be suited) and on a combination already marked the other way.
//! - `... with dealer ...`: the line pays only when the dealer's two cards
//!   are also in the second list: `AA with dealer AA`.
//!
//! A class named twice in one list is an error. Each line's name in every
//! output is its canonical form ([`TwoCardHand::name`]): pairs as `AA`, runs
//! of three or more pairs as `KK-JJ`, combinations as `AK`, `AKs`, `AKo`,
//! highest first; so `AQ,AJ suited` is reported as `AQs,AJs` and
//! `pair 2-10` as `TT-22`. The canonical form reads back as the same hand.
//!
//! Every class of the player can meet every class of the dealer (four cards
//! never use up a rank, nor two suited combinations the four suits), so a
//! line that reads is a line some deal pays; a test checks this over all
//! 1,326 x 1,225 deals.

use crate::cards::{Card, RANKS};

/// Number of starting-hand classes: 13 pairs, 78 suited and 78 offsuit
/// combinations.
pub const CLASSES: usize = RANKS * RANKS;

/// Rank characters, deuce (rank 0) to ace (rank 12).
const RANK_CHARS: [char; RANKS] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];

/// The class of two cards, `0..169`: the cell `row * 13 + column` of the
/// 13 x 13 grid indexed by rank (0 = deuce): a pair of rank `r` is `(r, r)`;
/// suited `hi > lo` is `(hi, lo)`; offsuit is `(lo, hi)`.
pub fn class_of(a: Card, b: Card) -> usize {
    let (hi, lo) = if a.rank() >= b.rank() {
        (a.rank(), b.rank())
    } else {
        (b.rank(), a.rank())
    };
    if hi == lo || a.suit() == b.suit() {
        hi * RANKS + lo
    } else {
        lo * RANKS + hi
    }
}

/// What kind of class a class index is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClassKind {
    /// Two cards of one rank.
    Pair,
    /// Two ranks, one suit.
    Suited,
    /// Two ranks, two suits.
    Offsuit,
}

/// The higher rank, the lower rank and the kind of a class.
pub fn class_parts(class: usize) -> (usize, usize, ClassKind) {
    let (row, column) = (class / RANKS, class % RANKS);
    match row.cmp(&column) {
        std::cmp::Ordering::Equal => (row, column, ClassKind::Pair),
        std::cmp::Ordering::Greater => (row, column, ClassKind::Suited),
        std::cmp::Ordering::Less => (column, row, ClassKind::Offsuit),
    }
}

/// Number of two-card holdings in a class: 6 for a pair, 4 suited, 12
/// offsuit.
pub fn class_combinations(class: usize) -> u64 {
    match class_parts(class).2 {
        ClassKind::Pair => 6,
        ClassKind::Suited => 4,
        ClassKind::Offsuit => 12,
    }
}

/// A set of starting-hand classes (a bit per class).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ClassSet([u64; 3]);

impl ClassSet {
    /// The empty set.
    pub const EMPTY: ClassSet = ClassSet([0; 3]);

    /// Whether the set holds `class`.
    pub fn contains(&self, class: usize) -> bool {
        class < CLASSES && self.0[class / 64] & (1u64 << (class % 64)) != 0
    }

    /// Adds `class`; false if it was already there.
    pub fn insert(&mut self, class: usize) -> bool {
        let fresh = !self.contains(class);
        self.0[class / 64] |= 1u64 << (class % 64);
        fresh
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    /// The classes in the set, in index order.
    pub fn classes(&self) -> impl Iterator<Item = usize> + '_ {
        (0..CLASSES).filter(|&c| self.contains(c))
    }

    /// Number of two-card holdings in the set (of the 1,326).
    pub fn combinations(&self) -> u64 {
        self.classes().map(class_combinations).sum()
    }

    /// The set in its canonical written form: pairs highest first (runs of
    /// three or more as `KK-JJ`), then combinations by higher rank, lower
    /// rank, as `AK` when both suited and offsuit are in the set, else
    /// `AKs` or `AKo`; separated by commas.
    pub fn name(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let pair = |r: usize| self.contains(r * RANKS + r);
        let mut r = RANKS;
        while r > 0 {
            r -= 1;
            if !pair(r) {
                continue;
            }
            let top = r;
            while r > 0 && pair(r - 1) {
                r -= 1;
            }
            let (hi, lo) = (RANK_CHARS[top], RANK_CHARS[r]);
            match top - r {
                0 => parts.push(format!("{hi}{hi}")),
                1 => parts.extend([format!("{hi}{hi}"), format!("{lo}{lo}")]),
                _ => parts.push(format!("{hi}{hi}-{lo}{lo}")),
            }
        }
        for hi in (0..RANKS).rev() {
            for lo in (0..hi).rev() {
                let suited = self.contains(hi * RANKS + lo);
                let offsuit = self.contains(lo * RANKS + hi);
                let suffix = match (suited, offsuit) {
                    (true, true) => "",
                    (true, false) => "s",
                    (false, true) => "o",
                    (false, false) => continue,
                };
                parts.push(format!("{}{}{suffix}", RANK_CHARS[hi], RANK_CHARS[lo]));
            }
        }
        parts.join(",")
    }

    /// Reads a list of classes (see the module's documentation): elements
    /// separated by commas, optionally followed by `suited` or `offsuit`.
    pub fn parse(text: &str) -> Result<ClassSet, String> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        let (list, qualifier) = if let Some(list) = lower.strip_suffix(" suited") {
            (list, Some(ClassKind::Suited))
        } else if let Some(list) = lower
            .strip_suffix(" offsuit")
            .or_else(|| lower.strip_suffix(" unsuited"))
        {
            (list, Some(ClassKind::Offsuit))
        } else {
            (lower.as_str(), None)
        };
        let mut set = ClassSet::EMPTY;
        for element in list.split(',').map(str::trim) {
            if element.is_empty() {
                return Err(format!("'{text}': an empty item in the list"));
            }
            for class in parse_element(element, qualifier)? {
                if !set.insert(class) {
                    return Err(format!(
                        "'{}' is named twice in '{text}'",
                        ClassSet::single(class).name()
                    ));
                }
            }
        }
        Ok(set)
    }

    /// The set of one class.
    pub fn single(class: usize) -> ClassSet {
        let mut set = ClassSet::EMPTY;
        set.insert(class);
        set
    }
}

/// The form of an element, for error messages.
const EXPECTED: &str = "expected two ranks such as AK, AKs (suited), AKo (offsuit) or AA, a pair range such as pair 2-10 or TT-22, pair Q, any pair, or a list of these separated by commas, optionally followed by suited or offsuit and by 'with dealer' and a second list";

/// A rank character (`2`-`9`, `t`, `j`, `q`, `k`, `a`; lower case here) or
/// `10`, from the start of `text`: the rank and the characters used.
fn rank_at(text: &[char]) -> Option<(usize, usize)> {
    match text {
        ['1', '0', ..] => Some((8, 2)),
        [c, ..] => RANK_CHARS
            .iter()
            .position(|r| r.to_ascii_lowercase() == *c)
            .map(|r| (r, 1)),
        [] => None,
    }
}

/// All the ranks of `text` run together (`ak`, `10j`), or `None` if it holds
/// anything else.
fn ranks_of(text: &str) -> Option<Vec<usize>> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut ranks = Vec::new();
    while i < chars.len() {
        let (rank, used) = rank_at(&chars[i..])?;
        ranks.push(rank);
        i += used;
    }
    Some(ranks)
}

/// The classes of one element of a list, under the list's `suited` /
/// `offsuit` qualifier (lower-cased text).
fn parse_element(element: &str, qualifier: Option<ClassKind>) -> Result<Vec<usize>, String> {
    let unknown = || format!("unknown two-card hand '{element}': {EXPECTED}");
    let pair_range = |lo: usize, hi: usize| -> Result<Vec<usize>, String> {
        if qualifier.is_some() {
            return Err(format!(
                "'{element}' holds pairs, and a pair cannot be suited or offsuit"
            ));
        }
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        Ok((lo..=hi).map(|r| r * RANKS + r).collect())
    };
    if element == "any pair" {
        return pair_range(0, RANKS - 1);
    }
    if let Some(rest) = element.strip_prefix("pair ") {
        let rest = rest.trim();
        let (a, b) = rest.split_once('-').unwrap_or((rest, rest));
        let one = |t: &str| match ranks_of(t.trim()).as_deref() {
            Some(&[r]) => Ok(r),
            _ => Err(unknown()),
        };
        return pair_range(one(a)?, one(b)?);
    }
    if let Some((a, b)) = element.split_once('-') {
        // `TT-22`: a range of pairs.
        return match (ranks_of(a.trim()).as_deref(), ranks_of(b.trim()).as_deref()) {
            (Some(&[a1, a2]), Some(&[b1, b2])) if a1 == a2 && b1 == b2 => pair_range(a1, b1),
            _ => Err(unknown()),
        };
    }
    let (ranks, marked) = match ranks_of(element) {
        Some(ranks) => (ranks, None),
        None => {
            let kind = match element.chars().last() {
                Some('s') => ClassKind::Suited,
                Some('o') => ClassKind::Offsuit,
                _ => return Err(unknown()),
            };
            let body = &element[..element.len() - 1];
            (ranks_of(body).ok_or_else(unknown)?, Some(kind))
        }
    };
    let [a, b] = ranks[..] else {
        return Err(unknown());
    };
    if a == b {
        if marked.is_some() || qualifier.is_some() {
            return Err(format!(
                "'{element}' is a pair, and a pair cannot be suited or offsuit"
            ));
        }
        return Ok(vec![a * RANKS + a]);
    }
    let (hi, lo) = (a.max(b), a.min(b));
    let kinds = match (marked, qualifier) {
        (Some(m), Some(q)) if m != q => {
            return Err(format!(
                "'{element}' is marked {} but the list is {}",
                kind_word(m),
                kind_word(q)
            ))
        }
        (Some(k), _) | (None, Some(k)) => vec![k],
        (None, None) => vec![ClassKind::Suited, ClassKind::Offsuit],
    };
    Ok(kinds
        .into_iter()
        .map(|k| match k {
            ClassKind::Offsuit => lo * RANKS + hi,
            _ => hi * RANKS + lo,
        })
        .collect())
}

/// `suited` / `offsuit`.
fn kind_word(kind: ClassKind) -> &'static str {
    match kind {
        ClassKind::Offsuit => "offsuit",
        _ => "suited",
    }
}

/// The hand a line of an Ultimate Pairs table names: the player's two-card
/// classes and, for a line that also needs the dealer's cards, the dealer's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TwoCardHand {
    /// The player's classes.
    pub player: ClassSet,
    /// The dealer's classes, for a line that also needs the dealer's cards.
    pub dealer: Option<ClassSet>,
}

impl TwoCardHand {
    /// Reads a line's key (see the module's documentation).
    pub fn parse(text: &str) -> Result<TwoCardHand, String> {
        let lower = text.to_ascii_lowercase();
        let (player, dealer) = match lower.split_once(" with dealer ") {
            Some((p, d)) => (p, Some(d)),
            None => (lower.as_str(), None),
        };
        if player.contains("dealer") || dealer.is_some_and(|d| d.contains("dealer")) {
            return Err(format!(
                "'{}': name the dealer's cards once, as 'PLAYER with dealer DEALER'",
                text.trim()
            ));
        }
        Ok(TwoCardHand {
            player: ClassSet::parse(player)?,
            dealer: dealer.map(ClassSet::parse).transpose()?,
        })
    }

    /// The canonical name: the player's classes ([`ClassSet::name`]), then
    /// ` with dealer ` and the dealer's.
    pub fn name(&self) -> String {
        match &self.dealer {
            None => self.player.name(),
            Some(d) => format!("{} with dealer {}", self.player.name(), d.name()),
        }
    }

    /// Whether a deal of these classes matches the line.
    pub fn matches(&self, player: usize, dealer: usize) -> bool {
        self.player.contains(player) && self.dealer.is_none_or(|d| d.contains(dealer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::DECK_SIZE;

    fn set(text: &str) -> ClassSet {
        ClassSet::parse(text).unwrap()
    }

    #[test]
    fn classes_cover_the_1326_two_card_hands() {
        // Fact: C(52,2) = 1,326 = 13 x 6 + 78 x 4 + 78 x 12.
        let mut counts = [0u64; CLASSES];
        for a in 0..DECK_SIZE {
            for b in a + 1..DECK_SIZE {
                counts[class_of(Card::from_index(a), Card::from_index(b))] += 1;
            }
        }
        for (class, &n) in counts.iter().enumerate() {
            assert_eq!(n, class_combinations(class), "class {class}");
        }
        assert_eq!(counts.iter().sum::<u64>(), 1326);
    }

    #[test]
    fn lines_read_in_every_form_and_name_canonically() {
        assert_eq!(set("AQ,AJ suited").name(), "AQs,AJs");
        assert_eq!(set("aq, aj offsuit").name(), "AQo,AJo");
        assert_eq!(set("pair 2-10").name(), "TT-22");
        assert_eq!(set("pair 10-2"), set("22-TT"));
        assert_eq!(set("KK,QQ,JJ").name(), "KK-JJ");
        assert_eq!(set("KK,QQ").name(), "KK,QQ");
        assert_eq!(set("AK").name(), "AK");
        assert_eq!(set("AKs,AKo"), set("AK"));
        assert_eq!(set("any pair").combinations(), 78);
        assert_eq!(set("pair Q").name(), "QQ");
        assert_eq!(set("T9s").name(), set("109 suited").name());
        let h = TwoCardHand::parse("AA with dealer AA").unwrap();
        assert_eq!(h.name(), "AA with dealer AA");
        for text in ["AQs,AJs", "TT-22", "KK-JJ,AKo", "AA with dealer AK", "AK"] {
            let hand = TwoCardHand::parse(text).unwrap();
            assert_eq!(TwoCardHand::parse(&hand.name()).unwrap(), hand, "{text}");
        }
    }

    #[test]
    fn impossible_and_unknown_hands_are_refused() {
        for bad in [
            "AA suited",
            "AAs",
            "pair 2-10 offsuit",
            "AKs offsuit",
            "AK,AK",
            "AKs,AK",
            "AKQ",
            "A",
            "ZZ",
            "",
            "AK,",
            "royal_flush",
            "pair",
            "AA with dealer AA with dealer KK",
        ] {
            assert!(TwoCardHand::parse(bad).is_err(), "{bad}");
        }
    }
}
