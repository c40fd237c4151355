//! Published figures as printed: [`PrintedValue`] reads `0.90%` or
//! `-0.147868` exactly, so that a pay table's `[[published]] value` is
//! checked when the file is loaded and `uth-edge check` can compare it with
//! the exact computation in the same digits.
//!
//! A figure's name fixes its sign ([`FigureSide::of_name`]): a "house edge"
//! is the expected loss per unit (positive when the house wins), a "player
//! edge" or "return" the player's expected result (positive when the player
//! wins), a "return to player" what comes back with the wager (1 minus the
//! house edge). [`entry_problem`] refuses, when the file is loaded, an entry
//! whose name names two of them or whose `known_discrepancy` gives no
//! reason.

use super::PublishedFigure;
use crate::fraction::Fraction;
use num_traits::{Signed, ToPrimitive};

/// A printed figure read exactly: `0.90%` is 90 hundredths of a percent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintedValue {
    /// The printed digits as an integer (`0.90%` → 90).
    pub digits: i128,
    /// Decimals printed (`0.90%` → 2).
    pub decimals: u32,
    /// Whether printed in percent.
    pub percent: bool,
}

impl PrintedValue {
    /// Reads `0.90%`, `-1.5%`, `6.18 %`, `0.009`. `None` if not a number.
    pub fn parse(text: &str) -> Option<PrintedValue> {
        let text = text.trim();
        let (number, percent) = match text.strip_suffix('%') {
            Some(n) => (n.trim_end(), true),
            None => (text, false),
        };
        let (negative, number) = match number.strip_prefix('-') {
            Some(n) => (true, n),
            None => (false, number.strip_prefix('+').unwrap_or(number)),
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if whole.is_empty() && fraction.is_empty()
            || !whole
                .chars()
                .chain(fraction.chars())
                .all(|c| c.is_ascii_digit())
            || fraction.len() > 12
            || whole.len() > 12
        {
            return None;
        }
        let digits: i128 = format!("{whole}{fraction}").parse().ok()?;
        Some(PrintedValue {
            digits: if negative { -digits } else { digits },
            decimals: fraction.len() as u32,
            percent,
        })
    }

    /// The printed value as an exact fraction of the amount.
    pub fn value(self) -> Fraction {
        let scale = 10i128.pow(self.decimals) * if self.percent { 100 } else { 1 };
        Fraction::new(self.digits, scale)
    }

    /// `value` rounded as this figure was printed (half away from zero),
    /// in the same digits: 0.009018... printed like `0.90%` → 90.
    pub fn round(self, value: Fraction) -> i128 {
        let scale = 10i128.pow(self.decimals) * if self.percent { 100 } else { 1 };
        let (p, q) = (value.numerator(), value.denominator());
        // Exact at any size (big integers); beyond i128: decimals.
        let n = (p.abs() * (2 * scale) + &q) / (q * 2u32);
        let n = if p.is_negative() { -n } else { n };
        n.to_i128()
            .unwrap_or_else(|| (value.to_f64() * scale as f64).round() as i128)
    }

    /// `value` written with this figure's precision: `0.90%`.
    pub fn format(self, value: Fraction) -> String {
        let n = self.round(value);
        let sign = if n < 0 { "-" } else { "" };
        let n = n.unsigned_abs();
        let unit = 10u128.pow(self.decimals);
        let mut text = format!("{sign}{}", n / unit);
        if self.decimals > 0 {
            text.push_str(&format!(
                ".{:0width$}",
                n % unit,
                width = self.decimals as usize
            ));
        }
        if self.percent {
            text.push('%');
        }
        text
    }
}

/// Which side of a wager a published figure measures, as its name says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureSide {
    /// The house's: expected loss per unit, positive when the house wins
    /// ("house edge", "house advantage", "element of risk").
    House,
    /// The player's: expected net result, positive when the player wins
    /// ("player edge", "player's advantage", "expected return", "return").
    Player,
    /// What comes back per unit, the wager included: 1 minus the house edge
    /// ("return to player", "RTP", "payback").
    ReturnToPlayer,
}

/// The phrases that name a side, whole words of the name in lower case with
/// apostrophes dropped and other punctuation read as spaces ("Player's
/// edge," reads `players edge`). Longer phrases are found first, so that
/// "return to player" is not also read as "return".
const SIDE_PHRASES: [(&str, FigureSide); 17] = [
    ("return to the player", FigureSide::ReturnToPlayer),
    ("return to player", FigureSide::ReturnToPlayer),
    ("rtp", FigureSide::ReturnToPlayer),
    ("payback", FigureSide::ReturnToPlayer),
    ("house edge", FigureSide::House),
    ("house advantage", FigureSide::House),
    ("casino edge", FigureSide::House),
    ("casino advantage", FigureSide::House),
    ("element of risk", FigureSide::House),
    ("player edge", FigureSide::Player),
    ("players edge", FigureSide::Player),
    ("player advantage", FigureSide::Player),
    ("players advantage", FigureSide::Player),
    ("player expectation", FigureSide::Player),
    ("players expectation", FigureSide::Player),
    ("expected return", FigureSide::Player),
    ("return", FigureSide::Player),
];

impl FigureSide {
    /// The side a figure's name names, `None` when it names none (such as
    /// "entire game vs. dealer": every definition is then tried), or why it
    /// cannot be read (it names two sides).
    pub fn of_name(name: &str) -> Result<Option<FigureSide>, String> {
        let lower = name.to_lowercase().replace(['\'', '\u{2019}'], "");
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let mut used = vec![false; words.len()];
        let mut found: Vec<(&str, FigureSide)> = Vec::new();
        for (phrase, side) in SIDE_PHRASES {
            let phrase_words: Vec<&str> = phrase.split(' ').collect();
            let n = phrase_words.len();
            for start in 0..(words.len() + 1).saturating_sub(n) {
                let span = start..start + n;
                if words[span.clone()] == phrase_words[..] && !used[span.clone()].contains(&true) {
                    used[span].iter_mut().for_each(|u| *u = true);
                    found.push((phrase, side));
                }
            }
        }
        match found.iter().find(|(_, side)| *side != found[0].1) {
            Some((other, _)) => Err(format!(
                "names two sides (\"{}\" and \"{other}\"): a figure's name fixes its sign; name one",
                found[0].0
            )),
            None => Ok(found.first().map(|(_, side)| *side)),
        }
    }

    /// What the side means, for messages.
    pub fn meaning(self) -> &'static str {
        match self {
            FigureSide::House => "house edge: expected loss per unit, positive when the house wins",
            FigureSide::Player => {
                "player's edge or expected return: the player's expected net result, positive when the player wins"
            }
            FigureSide::ReturnToPlayer => {
                "return to player: paid back per unit, the wager included (1 minus the house edge)"
            }
        }
    }
}

/// What makes a `[[published]]` entry unusable although its value reads,
/// as `(field, reason)`: a name that names two sides, or a
/// `known_discrepancy` that gives no reason (empty or white space only,
/// which would turn a failure into success without saying why).
pub fn entry_problem(figure: &PublishedFigure) -> Option<(&'static str, String)> {
    if let Err(why) = FigureSide::of_name(&figure.name) {
        return Some(("name", why));
    }
    if figure
        .known_discrepancy
        .as_deref()
        .is_some_and(|why| why.trim().is_empty())
    {
        return Some((
            "known_discrepancy",
            "empty: give the reason the figure is not reproduced, or remove the key".to_string(),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figures_name_fixes_its_side() {
        use FigureSide::{House, Player, ReturnToPlayer};
        for (name, side) in [
            ("house edge", Some(House)),
            ("House Edge (per Ante)", Some(House)),
            ("element of risk", Some(House)),
            ("return", Some(Player)),
            ("Player's edge", Some(Player)),
            (
                "player edge, one dealer hole card seen before the pre-flop decision",
                Some(Player),
            ),
            ("return to player", Some(ReturnToPlayer)),
            ("RTP", Some(ReturnToPlayer)),
            ("entire game vs. dealer, assumes perfect play", None),
            ("share of hands raised 4x pre-flop", None),
            ("household edge", None),
        ] {
            assert_eq!(FigureSide::of_name(name), Ok(side), "{name}");
        }
        for two in ["house edge (player edge)", "return; house advantage"] {
            assert!(FigureSide::of_name(two).is_err(), "{two}");
        }
    }
}
