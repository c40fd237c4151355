//! Collection fees of a player-dealer table: the card room's collection
//! table as data (a TOML file), its validation, and the fee of a round.
//!
//! In the California player-dealer game the card room does not bank the
//! game and "has no interest in the outcome of the play"; it earns only
//! collection fees (California Bureau of Gambling Control, Ultimate Texas
//! Hold'em, California game rules, "Type of Game" and "Wagering Limits and
//! Collection"). That section gives the *form* of the collection table and
//! no figures: flat fees on each wager at no more than five collection
//! rates; the criteria the fee is based on (the wager alone, or the total
//! table action); the fee of the player and/or of the player-dealer, per
//! betting square or on the total table action; and when the fees are
//! collected. A [`CollectionSchedule`] holds exactly those columns:
//!
//! - up to five [`CollectionRate`]s, each a range of wager amounts (inclusive
//!   at both ends; the last may be open) with a flat player fee and a flat
//!   player-dealer fee;
//! - which betting squares are charged ([`Square`]: Ante, Blind, Play,
//!   Trips; by default Ante, Blind and Trips);
//! - how a player's fee is determined ([`PlayerFeeBasis`]): per charged
//!   wager, each by its own amount, or once per round on the seat's total of
//!   its charged wagers;
//! - how the player-dealer's fee is determined ([`DealerFeeBasis`]): per
//!   betting square it covers (each charged wager of each seat, by its
//!   amount), or once per round on the total table action (the sum of every
//!   seat's charged wagers).
//!
//! Fees are paid apart from the wagers: they neither come out of a wager nor
//! out of the player-dealer's bank, and they are charged whether or not the
//! bank covers the wager (the documents leave this to the card room's
//! collection table; see `docs/player-dealer.md`). The file format is in
//! `docs/player-dealer.md`; `examples/collection-example.toml` is a clearly
//! labelled EXAMPLE, since the rules give no figures.

use crate::fraction::Fraction;
use crate::message::{one_line, shown};
use crate::money::{parse_amount, AmountError, AMOUNT_DECIMALS, AMOUNT_WHOLE_DIGITS};
use serde::Deserialize;

/// The most collection rates a table may have ("no more than five collection
/// rates may be established per table").
pub const MAX_RATES: usize = 5;

/// A betting square a fee may be charged on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Square {
    /// The Ante.
    Ante,
    /// The Blind (equal to the Ante).
    Blind,
    /// The Play wager (1 to 4 Antes, none after a fold): charged when made.
    Play,
    /// The Trips bonus wager.
    Trips,
}

impl Square {
    /// The name in files and outputs.
    pub fn name(self) -> &'static str {
        match self {
            Square::Ante => "ante",
            Square::Blind => "blind",
            Square::Play => "play",
            Square::Trips => "trips",
        }
    }

    fn from_name(name: &str) -> Option<Square> {
        [Square::Ante, Square::Blind, Square::Play, Square::Trips]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// How a player's fee is determined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayerFeeBasis {
    /// `per_wager`: the fee of each charged wager's amount, added up.
    PerWager,
    /// `total_wager`: one fee per round, by the seat's total charged wagers.
    TotalWager,
}

/// How the player-dealer's fee is determined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DealerFeeBasis {
    /// `per_square`: the player-dealer fee of each charged wager it covers,
    /// by that wager's amount, added up.
    PerSquare,
    /// `total_table_action`: one fee per round, by the total of every
    /// seat's charged wagers.
    TotalTableAction,
}

/// One collection rate: wagers from `wager_from` to `wager_to` dollars.
#[derive(Clone, Debug, PartialEq)]
pub struct CollectionRate {
    /// Lowest amount of the range, dollars (inclusive).
    pub wager_from: Fraction,
    /// Highest amount of the range, dollars (inclusive); `None`: no limit.
    pub wager_to: Option<Fraction>,
    /// The flat fee charged to the player, dollars.
    pub player_fee: Fraction,
    /// The flat fee charged to the player-dealer, dollars.
    pub player_dealer_fee: Fraction,
}

impl CollectionRate {
    fn contains(&self, amount: &Fraction) -> bool {
        *amount >= self.wager_from && self.wager_to.as_ref().is_none_or(|to| amount <= to)
    }
}

/// A card room's collection table (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct CollectionSchedule {
    /// One word naming the schedule in outputs.
    pub id: String,
    /// A title.
    pub title: String,
    /// Where the figures come from.
    pub source: String,
    /// Whether the figures are an illustration, not a card room's.
    pub example: bool,
    /// When the fees are collected (text shown in reports).
    pub collected: String,
    /// The charged betting squares, in the order Ante, Blind, Play, Trips.
    pub charged_on: Vec<Square>,
    /// How a player's fee is determined.
    pub player_basis: PlayerFeeBasis,
    /// How the player-dealer's fee is determined.
    pub player_dealer_basis: DealerFeeBasis,
    /// The rates, in increasing ranges that do not overlap.
    pub rates: Vec<CollectionRate>,
}

/// A collection table that cannot be used: one line naming the file, the
/// field and the value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}: {message}")]
pub struct CollectionError {
    /// The file (or `standard input`).
    pub origin: String,
    /// What is wrong.
    pub message: String,
}

/// An amount as written: a string such as `"2.50"` or a whole number.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawAmount {
    Whole(i64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRate {
    wager_from: RawAmount,
    #[serde(default)]
    wager_to: Option<RawAmount>,
    player_fee: RawAmount,
    player_dealer_fee: RawAmount,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSchedule {
    id: String,
    title: String,
    source: String,
    #[serde(default)]
    example: bool,
    #[serde(default)]
    collected: Option<String>,
    #[serde(default)]
    charged_on: Option<Vec<String>>,
    #[serde(default)]
    player_fee_basis: Option<String>,
    #[serde(default)]
    player_dealer_fee_basis: Option<String>,
    rate: Vec<RawRate>,
}

impl CollectionSchedule {
    /// Parses and validates a collection table file; `origin` names it in
    /// error messages.
    pub fn from_toml(text: &str, origin: &str) -> Result<CollectionSchedule, CollectionError> {
        let fail = |message: String| CollectionError {
            origin: one_line(origin),
            message: one_line(&message),
        };
        let raw: RawSchedule = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map_or(0, |s| text[..s.start].matches('\n').count() + 1);
            fail(format!("line {line}: {}", e.message().trim()))
        })?;
        for (key, value) in [
            ("id", &raw.id),
            ("title", &raw.title),
            ("source", &raw.source),
        ] {
            if value.trim().is_empty() {
                return Err(fail(format!("{key} must not be empty")));
            }
        }
        if raw.id.contains(char::is_whitespace) {
            return Err(fail(format!("id '{}' must be one word", raw.id)));
        }
        let mut charged_on = Vec::new();
        for name in raw
            .charged_on
            .unwrap_or_else(|| vec!["ante".into(), "blind".into(), "trips".into()])
        {
            let square = Square::from_name(&name).ok_or_else(|| {
                fail(format!(
                    "charged_on: '{name}' is not a betting square (ante, blind, play, trips)"
                ))
            })?;
            if charged_on.contains(&square) {
                return Err(fail(format!("charged_on: '{name}' is listed twice")));
            }
            charged_on.push(square);
        }
        charged_on.sort();
        let player_basis = match raw.player_fee_basis.as_deref().unwrap_or("per_wager") {
            "per_wager" => PlayerFeeBasis::PerWager,
            "total_wager" => PlayerFeeBasis::TotalWager,
            other => {
                return Err(fail(format!(
                    "player_fee_basis: '{other}' (expected per_wager or total_wager)"
                )))
            }
        };
        let player_dealer_basis = match raw
            .player_dealer_fee_basis
            .as_deref()
            .unwrap_or("per_square")
        {
            "per_square" => DealerFeeBasis::PerSquare,
            "total_table_action" => DealerFeeBasis::TotalTableAction,
            other => {
                return Err(fail(format!(
                    "player_dealer_fee_basis: '{other}' (expected per_square or total_table_action)"
                )))
            }
        };
        if raw.rate.is_empty() || raw.rate.len() > MAX_RATES {
            return Err(fail(format!(
                "{} [[rate]] entries: a table has 1 to {MAX_RATES} collection rates",
                raw.rate.len()
            )));
        }
        let amount = |i: usize, field: &'static str, a: &RawAmount, positive: bool| {
            // Read as `--ante` is (`money::parse_amount`), with its limits:
            // a whole number written without quotes is held to them too.
            let too_large = |shown: &str| {
                fail(format!(
                    "rate {}: {field} {shown} is too large (the largest amount is 999,999,999,999.999999: at most {AMOUNT_WHOLE_DIGITS} digits before the point)",
                    i + 1
                ))
            };
            let value = match a {
                RawAmount::Whole(n) if n.unsigned_abs() >= 10u64.pow(AMOUNT_WHOLE_DIGITS as u32) => {
                    return Err(too_large(&n.to_string()))
                }
                RawAmount::Whole(n) => Fraction::from_int(i128::from(*n)),
                RawAmount::Text(t) => parse_amount(field, t).map_err(|e| match e {
                    AmountError::TooLarge { text, .. } => too_large(&format!("'{text}'")),
                    _ => fail(format!(
                        "rate {}: {field} '{}' is not an amount in dollars (expected a decimal number such as 5, 12.5 or 2.50, with at most {AMOUNT_WHOLE_DIGITS} digits before the point and {AMOUNT_DECIMALS} after)",
                        i + 1,
                        shown(t)
                    )),
                })?,
            };
            let bad = if positive {
                !value.is_positive()
            } else {
                value.is_negative()
            };
            if bad {
                let must = if positive { "more than 0" } else { "0 or more" };
                return Err(fail(format!(
                    "rate {}: {field} {value} must be {must}",
                    i + 1
                )));
            }
            Ok(value)
        };
        let mut rates: Vec<CollectionRate> = Vec::new();
        for (i, r) in raw.rate.iter().enumerate() {
            let rate = CollectionRate {
                wager_from: amount(i, "wager_from", &r.wager_from, true)?,
                wager_to: r
                    .wager_to
                    .as_ref()
                    .map(|t| amount(i, "wager_to", t, true))
                    .transpose()?,
                player_fee: amount(i, "player_fee", &r.player_fee, false)?,
                player_dealer_fee: amount(i, "player_dealer_fee", &r.player_dealer_fee, false)?,
            };
            if let Some(to) = &rate.wager_to {
                if *to < rate.wager_from {
                    return Err(fail(format!(
                        "rate {}: wager_to {to} is below wager_from {}",
                        i + 1,
                        rate.wager_from
                    )));
                }
            }
            if let Some(prev) = rates.last() {
                let after = prev
                    .wager_to
                    .as_ref()
                    .is_some_and(|to| rate.wager_from > *to);
                if !after {
                    return Err(fail(format!(
                        "rate {}: its range must start above the end of rate {} (rates in increasing ranges that do not overlap)",
                        i + 1,
                        i
                    )));
                }
            }
            rates.push(rate);
        }
        Ok(CollectionSchedule {
            id: raw.id,
            title: raw.title,
            source: raw.source,
            example: raw.example,
            collected: raw
                .collected
                .unwrap_or_else(|| "before the cards are dealt".to_string()),
            charged_on,
            player_basis,
            player_dealer_basis,
            rates,
        })
    }

    /// The built-in collection table of that name: `collection-example`,
    /// the clearly labelled illustration shipped as
    /// `examples/collection-example.toml`.
    pub fn builtin(name: &str) -> Option<CollectionSchedule> {
        (name == "collection-example").then(|| {
            CollectionSchedule::from_toml(
                include_str!("../../../../examples/collection-example.toml"),
                "examples/collection-example.toml (built in)",
            )
            .expect("the built-in example collection table is valid")
        })
    }

    /// Whether a square is charged.
    pub fn charges(&self, square: Square) -> bool {
        self.charged_on.contains(&square)
    }

    /// The rate whose range holds `amount`, if any.
    pub fn rate_for(&self, amount: &Fraction) -> Option<&CollectionRate> {
        self.rates.iter().find(|r| r.contains(amount))
    }

    /// The rate of `amount`, or an error naming the amount and what it is.
    fn rate_or_error(&self, amount: &Fraction, what: &str) -> Result<&CollectionRate, String> {
        self.rate_for(amount).ok_or_else(|| {
            format!(
                "collection table '{}': {what} of {} is in no collection rate",
                self.id,
                crate::money::dollars(amount)
            )
        })
    }

    /// The fee a player pays in one round and the player-dealer's fee for
    /// covering that seat on the per-square basis (zero on the
    /// total-table-action basis, see [`Self::dealer_total_fee`]), given the
    /// seat's wagers (`(square, amount)`, zero amounts meaning no wager).
    /// An error names an amount no rate covers.
    pub fn seat_fees(&self, wagers: &[(Square, Fraction)]) -> Result<(Fraction, Fraction), String> {
        let charged: Vec<&(Square, Fraction)> = wagers
            .iter()
            .filter(|(s, a)| self.charges(*s) && a.is_positive())
            .collect();
        let mut player = Fraction::ZERO;
        let mut dealer = Fraction::ZERO;
        for (square, a) in &charged {
            let rate = self.rate_or_error(a, &format!("the {} wager", square.name()))?;
            if self.player_basis == PlayerFeeBasis::PerWager {
                player = player + rate.player_fee.clone();
            }
            if self.player_dealer_basis == DealerFeeBasis::PerSquare {
                dealer = dealer + rate.player_dealer_fee.clone();
            }
        }
        if self.player_basis == PlayerFeeBasis::TotalWager && !charged.is_empty() {
            let total = charged
                .iter()
                .fold(Fraction::ZERO, |t, (_, a)| t + a.clone());
            player = self
                .rate_or_error(&total, "the total wager of a seat")?
                .player_fee
                .clone();
        }
        Ok((player, dealer))
    }

    /// The charged total of one seat's wagers.
    pub fn charged_total(&self, wagers: &[(Square, Fraction)]) -> Fraction {
        wagers
            .iter()
            .filter(|(s, _)| self.charges(*s))
            .fold(Fraction::ZERO, |t, (_, a)| t + a.clone())
    }

    /// The player-dealer's fee of a round on the total-table-action basis,
    /// given the total of every seat's charged wagers (zero on the
    /// per-square basis, whose fees [`Self::seat_fees`] gives).
    pub fn dealer_total_fee(&self, table_action: &Fraction) -> Result<Fraction, String> {
        if self.player_dealer_basis == DealerFeeBasis::PerSquare || !table_action.is_positive() {
            return Ok(Fraction::ZERO);
        }
        Ok(self
            .rate_or_error(table_action, "the total table action")?
            .player_dealer_fee
            .clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
id = "t"
title = "test"
source = "test"
charged_on = ["ante", "trips", "blind"]
[[rate]]
wager_from = 1
wager_to = "24.99"
player_fee = "0.50"
player_dealer_fee = 1
[[rate]]
wager_from = 25
player_fee = 1
player_dealer_fee = 2
"#;

    #[test]
    fn a_schedule_reads_and_charges_by_range() {
        let s = CollectionSchedule::from_toml(GOOD, "t.toml").unwrap();
        assert_eq!(s.charged_on, [Square::Ante, Square::Blind, Square::Trips]);
        let five = Fraction::from_int(5);
        let wagers = [
            (Square::Ante, five.clone()),
            (Square::Blind, five.clone()),
            (Square::Play, Fraction::from_int(20)),
            (Square::Trips, Fraction::from_int(30)),
        ];
        // Ante 0.50 + Blind 0.50 + Trips 1 (Play not charged); dealer 1+1+2.
        assert_eq!(
            s.seat_fees(&wagers).unwrap(),
            (Fraction::from_int(2), Fraction::from_int(4))
        );
        assert!(s.rate_for(&Fraction::new(1, 2)).is_none());
        assert!(s.seat_fees(&[(Square::Ante, Fraction::new(1, 2))]).is_err());
    }

    #[test]
    fn bad_schedules_are_one_line_errors() {
        let cases = [
            ("id = \"t\"", "missing"),
            (
                &GOOD.replace("wager_from = 25", "wager_from = 20"),
                "overlap",
            ),
            (&GOOD.replace("\"0.50\"", "\"-1\""), "negative"),
            (&GOOD.replace("\"trips\"", "\"six\""), "square"),
            (
                &format!(
                    "{GOOD}{}",
                    "[[rate]]\nwager_from=1\nplayer_fee=1\nplayer_dealer_fee=1\n".repeat(4)
                ),
                "too many",
            ),
        ];
        for (text, what) in cases {
            let e = CollectionSchedule::from_toml(text, "f.toml").unwrap_err();
            let msg = e.to_string();
            assert!(
                msg.starts_with("f.toml: ") && !msg.contains('\n'),
                "{what}: {msg}"
            );
        }
    }

    #[test]
    fn too_large_fee_amounts_say_too_large_with_the_limit() {
        // Fact: amounts are read as `--ante` is, below 10^12 dollars
        // (`money::parse_amount`, docs/player-dealer.md); 10^12 written
        // as text or as a whole number is one too many digits.
        for (from, shown) in [
            ("\"1000000000000\"", "'1000000000000'"),
            ("1000000000000", "1000000000000"),
        ] {
            let text = GOOD.replace("wager_from = 25", &format!("wager_from = {from}"));
            let msg = CollectionSchedule::from_toml(&text, "f.toml")
                .unwrap_err()
                .to_string();
            assert!(
                msg.starts_with("f.toml: ")
                    && msg.contains(&format!("wager_from {shown} is too large"))
                    && msg.contains("999,999,999,999.999999")
                    && !msg.contains('\n'),
                "{msg}"
            );
        }
    }

    #[test]
    fn bad_fee_amounts_are_cut_and_say_not_an_amount() {
        let text = GOOD.replace("\"0.50\"", &format!("\"{}\"", "x".repeat(10_000)));
        let msg = CollectionSchedule::from_toml(&text, "f.toml")
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("is not an amount in dollars") && msg.len() < 1_000,
            "{msg}"
        );
    }
}
