//! The hand-range notation of the preflop lists: `33+, A2+, K2s+, K5o+,
//! Q6s+, Q8o+, J8s+, JTo`, as players write it.
//!
//! An entry is two ranks (`23456789TJQKA`, the higher first), then `s`
//! (suited), `o` (offsuit) or neither (both), then optionally `+`:
//! - `QQ` one pair, `QQ+` that pair and every higher pair;
//! - `KQs` / `KQo` / `KQ` one hand class suited / offsuit / both;
//! - `K5o+` the kicker and every higher kicker below the first rank
//!   (K5o, K6o, ..., KQo);
//! - a dash between two entries of one kind, the classes from one to the
//!   other (either order): `22-55` the pairs 22 to 55, `A2s-A5s` A2s to
//!   A5s, `K9o-KJo` K9o to KJo, `A2-A5` both kinds.
//!
//! Nothing else is read: a card with its suit (`AhKh`) is refused as naming
//! a suit (a strategy plays every suit alike), any other character after
//! the ranks (`K5x+`) as a typo, never guessed at.

use crate::cards::RANKS;
use std::fmt;

/// The characters of the ranks, deuce first.
const RANK_CHARS: &str = "23456789TJQKA";

/// One of the 169 preflop hand classes: a pair, or two ranks suited or
/// offsuit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct HandClass {
    /// The higher rank (`0` = deuce .. `12` = ace).
    pub high: usize,
    /// The lower rank (equal to `high` for a pair).
    pub low: usize,
    /// Both cards of one suit (never for a pair).
    pub suited: bool,
}

impl HandClass {
    /// The class of two hole cards.
    pub fn of(hole: [crate::cards::Card; 2]) -> HandClass {
        let (a, b) = (hole[0].rank(), hole[1].rank());
        HandClass {
            high: a.max(b),
            low: a.min(b),
            suited: a != b && hole[0].suit() == hole[1].suit(),
        }
    }
}

impl fmt::Display for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = |r: usize| RANK_CHARS.as_bytes()[r] as char;
        let kind = match (self.high == self.low, self.suited) {
            (true, _) => "",
            (false, true) => "s",
            (false, false) => "o",
        };
        write!(f, "{}{}{kind}", rank(self.high), rank(self.low))
    }
}

/// The rank of a rank character (`T` for ten; `10` is read by
/// [`parse_rank`] only).
fn rank_of(c: char) -> Option<usize> {
    RANK_CHARS.find(c)
}

/// A rank as a predicate's value names it: `2` .. `9`, `T` (or `10`), `J`,
/// `Q`, `K`, `A`.
pub fn parse_rank(text: &str) -> Option<usize> {
    match text {
        "10" => Some(8),
        _ if text.chars().count() == 1 => rank_of(text.chars().next()?),
        _ => None,
    }
}

/// The name of a rank (`T` for ten).
pub fn rank_name(rank: usize) -> char {
    RANK_CHARS.as_bytes()[rank] as char
}

/// The hand classes of a list (`"33+, A2+, JTo"`; empty or blank: none),
/// or what is wrong with its first bad entry (the entry echoed).
pub fn parse_range(text: &str) -> Result<Vec<HandClass>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut classes = Vec::new();
    for entry in text.split(',') {
        let entry = entry.trim();
        classes.extend(match entry.split_once('-') {
            Some((from, to)) => parse_dash(entry, from.trim(), to.trim())?,
            None => parse_entry(entry)?,
        });
    }
    Ok(classes)
}

/// The hand classes of a dash range `from-to` (`22-55`, `A2s-A5s`): two
/// entries without `+`, both pairs or both of one first rank and kind.
fn parse_dash(entry: &str, from: &str, to: &str) -> Result<Vec<HandClass>, String> {
    let shown = crate::message::shown(entry);
    let form = "a dash joins two hands of one kind, without +: two pairs (22-55) or two hands \
                of one first rank, both suited, offsuit or neither (A2s-A5s, K9o-KJo, A2-A5)";
    if from.ends_with('+') || to.ends_with('+') || to.contains('-') {
        return Err(format!("'{shown}': {form}"));
    }
    let (a, b) = (parse_entry(from)?, parse_entry(to)?);
    let (x, y) = (a[0], b[0]);
    let kinds: Vec<bool> = a.iter().map(|c| c.suited).collect();
    let (pair_x, pair_y) = (x.high == x.low, y.high == y.low);
    if pair_x && pair_y {
        let (lo, hi) = (x.high.min(y.high), x.high.max(y.high));
        return Ok((lo..=hi)
            .map(|r| HandClass {
                high: r,
                low: r,
                suited: false,
            })
            .collect());
    }
    if pair_x
        || pair_y
        || x.high != y.high
        || kinds != b.iter().map(|c| c.suited).collect::<Vec<_>>()
    {
        return Err(format!("'{shown}': {form}"));
    }
    let (lo, hi) = (x.low.min(y.low), x.low.max(y.low));
    Ok((lo..=hi)
        .flat_map(|kicker| {
            kinds.iter().map(move |&suited| HandClass {
                high: x.high,
                low: kicker,
                suited,
            })
        })
        .collect())
}

/// The hand classes of one entry.
fn parse_entry(entry: &str) -> Result<Vec<HandClass>, String> {
    let shown = crate::message::shown(entry);
    let chars: Vec<char> = entry.chars().collect();
    if chars.is_empty() {
        return Err("an empty entry (two commas, or a comma at an end)".to_string());
    }
    // A card is a rank and a suit letter: `Ah`, `AsKs`. Only `s` may
    // follow the second rank, so a suit letter anywhere else is a suit.
    let names_suit =
        chars.iter().any(|c| matches!(c, 'c' | 'd' | 'h')) || (chars.len() > 1 && chars[1] == 's');
    if names_suit {
        return Err(format!(
            "'{shown}' names a suit: a strategy plays every suit alike (write AKs, AKo or AK)"
        ));
    }
    let form = "expected two ranks of 23456789TJQKA, the higher first, then s (suited), \
                o (offsuit) or neither, then + or nothing (33+, K5o+, JTo)";
    let (Some(&a), Some(&b)) = (chars.first(), chars.get(1)) else {
        return Err(format!("'{shown}': {form}"));
    };
    let (Some(high), Some(low)) = (rank_of(a), rank_of(b)) else {
        return Err(format!("'{shown}': {form}"));
    };
    let rest: String = chars[2..].iter().collect();
    let (kinds, plus): (&[bool], bool) = match rest.as_str() {
        "" => (&[true, false], false),
        "+" => (&[true, false], true),
        "s" => (&[true], false),
        "s+" => (&[true], true),
        "o" => (&[false], false),
        "o+" => (&[false], true),
        _ => return Err(format!("'{shown}': {form}")),
    };
    if high == low {
        if !rest.trim_end_matches('+').is_empty() {
            return Err(format!(
                "'{shown}': a pair is neither suited nor offsuit (write {a}{b} or {a}{b}+)"
            ));
        }
        let top = if plus { RANKS - 1 } else { high };
        return Ok((high..=top)
            .map(|r| HandClass {
                high: r,
                low: r,
                suited: false,
            })
            .collect());
    }
    if high < low {
        return Err(format!("'{shown}': write the higher rank first ({b}{a})"));
    }
    let top = if plus { high - 1 } else { low };
    Ok((low..=top)
        .flat_map(|kicker| {
            kinds.iter().map(move |&suited| HandClass {
                high,
                low: kicker,
                suited,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        parse_range(text)
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    #[test]
    fn entries_expand_as_players_read_them() {
        assert_eq!(names("QQ+"), ["QQ", "KK", "AA"]);
        assert_eq!(names("K9s+"), ["K9s", "KTs", "KJs", "KQs"]);
        assert_eq!(names("JTo"), ["JTo"]);
        assert_eq!(names("A2"), ["A2s", "A2o"]);
        assert!(names(" ").is_empty());
        // Dash ranges, against the lists written out (either order).
        assert_eq!(names("22-55"), ["22", "33", "44", "55"]);
        assert_eq!(names("55-22"), names("22, 33, 44, 55"));
        assert_eq!(names("A2s-A5s"), names("A2s, A3s, A4s, A5s"));
        assert_eq!(names("K9o-KJo"), ["K9o", "KTo", "KJo"]);
        assert_eq!(names("A2-A3"), names("A2, A3"));
        assert_eq!(
            names("QQ+, A2s - A4s, JTo"),
            names("QQ+, A2s, A3s, A4s, JTo")
        );
        // The Wizard's 4x list: 12 pairs + 12 aces x2 + 11 suited kings +
        // 8 offsuit + 6 + 4 queens + 3 + 1 jacks = 69 of the 169 classes.
        let wizard = parse_range("33+, A2+, K2s+, K5o+, Q6s+, Q8o+, J8s+, JTo").unwrap();
        assert_eq!(wizard.len(), 12 + 24 + 11 + 8 + 6 + 4 + 3 + 1);
    }

    #[test]
    fn typos_and_suits_are_refused_naming_the_entry() {
        for (text, says) in [
            ("K5x+", "'K5x+': expected two ranks"),
            ("AhKh", "'AhKh' names a suit"),
            ("AsKs", "'AsKs' names a suit"),
            ("5K", "write the higher rank first (K5)"),
            ("QQs", "a pair is neither suited nor offsuit"),
            ("A2+,", "an empty entry"),
            ("1A", "'1A': expected"),
            ("A2s-A5o", "'A2s-A5o': a dash joins two hands of one kind"),
            ("A2s-K5s", "'A2s-K5s': a dash joins"),
            ("22-A5s", "'22-A5s': a dash joins"),
            ("22+-55", "'22+-55': a dash joins"),
            ("22-55-77", "'22-55-77': a dash joins"),
            ("A2s-", "an empty entry"),
            ("AhKh-AhQh", "'AhKh' names a suit"),
        ] {
            let e = parse_range(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
