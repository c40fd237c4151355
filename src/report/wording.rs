//! The words and numbers every document puts beside a figure: percentages
//! (signed or not), a result's label and settings, the player's advantage,
//! an extra figure in its unit, "1 in N" odds, the volatility index and the
//! range of the player's result after N hands, and the wagers' names.

use super::document;
use crate::fraction::Fraction;
use crate::money::{dollars, dollars_to_cents, group_thousands};
use crate::result::{Figure, WagerResult};

/// The settings a result depends on, as a heading suffix:
/// `, $5 wager, meter $10,000, 3 other players` (empty when none).
pub fn settings_text(
    amount: Option<Fraction>,
    meter: Option<Fraction>,
    players: Option<u32>,
) -> String {
    let mut text = amount.map_or(String::new(), |w| format!(", {} wager", dollars(w)));
    if let Some(meter) = meter {
        text.push_str(&format!(", meter {}", dollars(meter)));
    }
    if let Some(players) = players {
        let s = if players == 1 { "" } else { "s" };
        text.push_str(&format!(", {players} other player{s}"));
    }
    text
}

impl WagerResult {
    /// The settings this result depends on, see [`settings_text`].
    pub fn settings(&self) -> String {
        settings_text(self.wager_amount.clone(), self.meter.clone(), self.players)
    }
}

/// A percentage with four decimals, e.g. `0.9018%`: the exact value
/// times 100, correctly rounded ([`Fraction::to_fixed`]).
pub fn percent(f: Fraction) -> String {
    format!("{}%", (f * Fraction::from_int(100)).to_fixed(4))
}

/// A percentage with four decimals and its sign always shown, e.g.
/// `+0.1250%`, `-2.1850%`: [`percent`] with `{:+}`'s sign.
pub fn signed_percent(f: &Fraction) -> String {
    let text = percent(f.clone());
    if text.starts_with('-') {
        text
    } else {
        format!("+{text}")
    }
}

/// A result's pay table with the settings its figures depend on:
/// `uth-02`, `six-card-a $5`, `progressive-md $1, meter $10,000, 2 other
/// players`.
pub fn result_label(r: &WagerResult) -> String {
    let mut label = r.paytable.clone();
    if let Some(a) = r.wager_amount.clone() {
        label.push(' ');
        label.push_str(&dollars(a));
    }
    if let Some(m) = r.meter.clone() {
        label.push_str(&format!(", meter {}", dollars(m)));
    }
    if let Some(n) = r.players.filter(|&n| n > 0) {
        let s = if n == 1 { "" } else { "s" };
        label.push_str(&format!(", {n} other player{s}"));
    }
    label
}

/// The words every document puts where a negative house edge is shown
/// (the base game of a Blind table, or any wager): "The player has the
/// advantage", with the figure and its unit, so that a minus sign is not
/// the only sign of it. `None` for a house edge of zero or more.
pub fn player_advantage(r: &WagerResult) -> Option<document::Text> {
    let what = format!("{} on pay table {}", wager_title(&r.wager), result_label(r));
    advantage_words(&what, &r.house_edge, r.game.is_some())
}

/// [`player_advantage`]'s words for the house edge `edge` of `what`, per
/// Ante (`per_ante`) or per unit wagered.
pub(crate) fn advantage_words(
    what: &str,
    edge: &Fraction,
    per_ante: bool,
) -> Option<document::Text> {
    if !edge.is_negative() {
        return None;
    }
    let gain = -edge.clone();
    let unit = if per_ante {
        "of the Ante"
    } else {
        "of the amount wagered"
    };
    Some(
        document::Text::strong("The player has the advantage").then(format!(
            ": {what}: house edge {} (negative), return to player {}: the player is expected \
             to win {} {unit} a hand in the long run, and the house to lose it.",
            percent(edge.clone()),
            percent(Fraction::ONE + &gain),
            percent(gain),
        )),
    )
}

/// An extra figure of a result in its unit, for reading (its exact value
/// goes beside it): dollars to the cent (`$56,558.42`), a whole number
/// as it is (`50 Antes`, not `50.000000 Antes`), else six decimals.
pub(crate) fn figure_value(f: &Figure) -> String {
    if f.unit == "dollars" {
        dollars_to_cents(f.value.clone())
    } else if f.value.is_integer() {
        format!("{} {}", f.value, f.unit)
    } else {
        format!("{:.6} {}", f.value.to_f64(), f.unit)
    }
}

/// Hands after which the range of the player's result is given.
pub const RANGE_HANDS: [u64; 4] = [100, 1_000, 10_000, 100_000];

/// The usual math-report z: 1.645 for 90% (the volatility index), 1.960
/// for 95%.
pub const Z: [(&str, f64); 2] = [("90%", 1.645), ("95%", 1.960)];

/// The volatility index of a result: VI = z·SD with z = 1.645 (90%), the
/// usual math-report definition.
pub fn volatility_index(r: &WagerResult) -> f64 {
    Z[0].1 * r.std_dev()
}

/// A range `(low, high)` of a result.
pub type Range = (f64, f64);

/// The range of the player's net result after N hands ([`RANGE_HANDS`]),
/// in units wagered: `(N, mean, [(low, high) at 90%, at 95%])`. The mean
/// −N·edge is exact (shown as a decimal); the range is the normal
/// approximation mean ± z·SD·√N.
pub fn result_ranges(r: &WagerResult) -> Vec<(u64, f64, [Range; 2])> {
    let sd = r.std_dev();
    RANGE_HANDS
        .iter()
        .map(|&n| {
            let mean = -r.house_edge.to_f64() * n as f64;
            let spread = sd * (n as f64).sqrt();
            let range = |z: f64| (mean - z * spread, mean + z * spread);
            (n, mean, [range(Z[0].1), range(Z[1].1)])
        })
        .collect()
}

/// The human name of a wager.
pub fn wager_title(wager: &str) -> String {
    match wager {
        "trips" => "Trips".to_string(),
        "six_card_bonus" => "Six Card Bonus".to_string(),
        "blind" => "Blind".to_string(),
        "progressive" => "Progressive".to_string(),
        "bad_beat" => "Bad Beat".to_string(),
        "ultimate_pairs" => "Ultimate Pairs Bonus".to_string(),
        "base_game" => "Base game (Ante, Blind, Play)".to_string(),
        other => other.to_string(),
    }
}

/// `1 in N` odds of a probability: whole numbers from 100 up, two decimals
/// below.
pub(crate) fn one_in(p: Fraction) -> String {
    if p.is_zero() {
        return "never".to_string();
    }
    let n = 1.0 / p.to_f64();
    if n >= 100.0 {
        group_thousands(n.round() as u64)
    } else {
        format!("{n:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_is_shown_in_its_unit_whole_numbers_without_decimals() {
        // A payout limit of $50,000 at a $1,000 Ante is 50 Antes exactly
        // (50,000 / 1,000); a third of an Ante is not a whole number.
        let figure = |value: Fraction, unit: &str| Figure {
            name: "x".into(),
            value,
            unit: unit.into(),
        };
        let limit = Fraction::from_int(50_000) / Fraction::from_int(1_000);
        assert_eq!(figure_value(&figure(limit, "Antes")), "50 Antes");
        assert_eq!(
            figure_value(&figure(Fraction::new(1, 3), "Antes")),
            "0.333333 Antes"
        );
        assert_eq!(
            figure_value(&figure(Fraction::new(1074610, 19), "dollars")),
            "$56,558.42"
        );
    }

    #[test]
    fn money_and_percent_display() {
        assert_eq!(dollars(Fraction::from_int(5)), "$5");
        assert_eq!(dollars(Fraction::new(5, 2)), "$2.50");
        assert_eq!(dollars(Fraction::from_int(1_000_000)), "$1,000,000");
        assert_eq!(dollars(Fraction::new(1, 3)), "$1/3");
        assert_eq!(percent(Fraction::new(9, 1000)), "0.9000%");
        assert_eq!(dollars_to_cents(Fraction::new(2863510, 19)), "$150,711.05");
        assert_eq!(
            dollars_to_cents(Fraction::new(-53321888, 805)),
            "-$66,238.37"
        );
    }
}
