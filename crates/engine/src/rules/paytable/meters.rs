//! Progressive meters of a pay table: the `[[meter]]` entries and the pay
//! lines `{ meter_percent = P, meter = "NAME" }` that pay a share of one.
//!
//! A Maryland rules submission states, for each meter, the rate of
//! progression and the initial and reset amount (COMAR 36.05.16.12D); the
//! regulation sets no rate. A table file may write them:
//! ```toml
//! [[meter]]
//! name = "major"        # optional when the table has one meter
//! reset = 10_000        # initial and reset amount, dollars
//! rate = "15%"          # share of each wager added to the meter
//! reserve = "1%"        # optional: share of each wager (part of the rate)
//!                       # set aside to fund the next reset, not shown
//! ceiling = 250_000     # optional: the meter stops rising there
//! ```
//! Several `[[meter]]` entries make a multi-level progressive; each meter
//! line names its meter (`meter = "major"`), and a line without a name pays
//! the table's single meter. A table without `[[meter]]` still pays
//! `{ meter_percent = P }` lines: a meter whose amount is given on the
//! command line (`progressive --meter`, or `--rate` and `--reset`).
//!
//! Every amount is read exactly (percent and dollars as decimal text, at
//! most six decimals); a defect is one line naming the file, the field and
//! the value.

use super::{Award, PayLine, PayTableError, Place};
use crate::fraction::Fraction;
use crate::message::shown;
use crate::money::{parse_amount, parse_percent, PercentError};
use toml::Spanned;

/// One progressive meter of a table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Meter {
    /// The meter's name (`meter` when the table has one unnamed meter).
    pub name: String,
    /// The initial and reset amount, in dollars.
    pub reset: Fraction,
    /// The rate of progression: the share of each wager added to the meter
    /// (the reserve included), strictly between 0 and 1.
    pub rate: Fraction,
    /// The share of each wager (part of [`rate`](Self::rate)) set aside to
    /// fund the next reset instead of being shown on the meter; 0 if none.
    pub reserve: Fraction,
    /// The amount the meter stops rising at, if any (more than the reset).
    pub ceiling: Option<Fraction>,
}

impl Meter {
    /// The name of the single meter of a table that names none.
    pub const DEFAULT_NAME: &'static str = "meter";

    /// The share of each wager the meter shows: the rate less the reserve.
    pub fn shown_rate(&self) -> Fraction {
        &self.rate - &self.reserve
    }

    /// Checks a meter's amounts; the error names the field and says why.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        if !self.rate.is_positive() || self.rate >= Fraction::ONE {
            return Err((
                "rate",
                "the rate of progression is a share of each wager, more than 0% and less than 100%"
                    .to_string(),
            ));
        }
        if self.reset.is_negative() {
            return Err(("reset", "the reset amount cannot be negative".to_string()));
        }
        if self.reserve.is_negative() || self.reserve > self.rate {
            return Err((
                "reserve",
                format!(
                    "the reserve is the part of the rate ({}) that funds the next reset: from 0% to the rate",
                    percent_text(&self.rate)
                ),
            ));
        }
        if let Some(c) = &self.ceiling {
            if c <= &self.reset {
                return Err((
                    "ceiling",
                    "the ceiling must be more than the reset amount".to_string(),
                ));
            }
        }
        Ok(())
    }
}

/// A share written as percent, exactly: `15%` for 3/20, `1.5%` for 3/200.
pub fn percent_text(share: &Fraction) -> String {
    let p = share * Fraction::from_int(100);
    if p.is_integer() {
        format!("{p}%")
    } else {
        format!("{}%", p.to_fixed(6).trim_end_matches('0'))
    }
}

/// The text of a number or string TOML value, for the readers of amounts
/// (a float as its shortest round-trip decimal, `1.5`).
fn value_text(value: &toml::Value) -> Option<String> {
    match value {
        toml::Value::Integer(n) => Some(n.to_string()),
        toml::Value::Float(f) if f.is_finite() => Some(f.to_string()),
        toml::Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// The `[[meter]]` entries of a table, checked, names unique.
pub(super) fn read_meters(
    entries: &Spanned<Vec<Spanned<toml::Table>>>,
    at: &dyn Fn(usize) -> Place,
) -> Result<Vec<Meter>, PayTableError> {
    let several = entries.get_ref().len() > 1;
    let mut meters: Vec<Meter> = Vec::new();
    for (i, entry) in entries.get_ref().iter().enumerate() {
        let error = |field: String, value: String, reason: String| PayTableError::BadOption {
            at: at(entry.span().start),
            key: format!("meter[{}].{field}", i + 1),
            value,
            reason,
        };
        let meter = read_meter(entry.get_ref(), several).map_err(|(f, v, r)| error(f, v, r))?;
        if meters.iter().any(|m| m.name == meter.name) {
            return Err(error(
                "name".to_string(),
                format!("\"{}\"", meter.name),
                "another meter has this name".to_string(),
            ));
        }
        meters.push(meter);
        // Each rate is under 100%; so must be their sum, the share of each
        // wager all the meters take (two meters at 60% take 120%).
        let total = meters
            .iter()
            .fold(Fraction::ZERO, |sum, m| sum + m.rate.clone());
        if total >= Fraction::ONE {
            return Err(error(
                "rate".to_string(),
                entry.get_ref().get("rate").map_or_else(String::new, |v| shown(&v.to_string())),
                format!(
                    "the meters' rates add to {} of each wager; together they must be less than 100%, as a single rate must",
                    percent_text(&total)
                ),
            ));
        }
    }
    Ok(meters)
}

/// Refuses a `[[meter]]` that no pay line pays (a meter nobody can win).
pub(super) fn check_meters_paid(
    meters: &[Meter],
    lines: &[PayLine],
    entries: Option<&Spanned<Vec<Spanned<toml::Table>>>>,
    at: &dyn Fn(usize) -> Place,
) -> Result<(), PayTableError> {
    let Some(entries) = entries else {
        return Ok(());
    };
    for (i, m) in meters.iter().enumerate() {
        let paid = lines
            .iter()
            .any(|l| matches!(l.award, Award::Meter { meter, .. } if meter == i));
        if !paid {
            return Err(PayTableError::BadOption {
                at: at(entries.get_ref()[i].span().start),
                key: format!("meter[{}].name", i + 1),
                value: format!("\"{}\"", m.name),
                reason:
                    "no pay line pays this meter (a line { meter_percent = P, meter = \"NAME\" })"
                        .to_string(),
            });
        }
    }
    Ok(())
}

/// One `[[meter]]` entry, checked; on error, the field and why.
pub(super) fn read_meter(
    entry: &toml::Table,
    several: bool,
) -> Result<Meter, (String, String, String)> {
    let bad = |field: &str, value: &toml::Value, reason: String| {
        (field.to_string(), shown(&value.to_string()), reason)
    };
    const KEYS: [&str; 5] = ["name", "reset", "rate", "reserve", "ceiling"];
    if let Some((key, value)) = entry.iter().find(|(k, _)| !KEYS.contains(&k.as_str())) {
        return Err(bad(
            key,
            value,
            format!("unknown key; a meter has {}", KEYS.join(", ")),
        ));
    }
    let missing = |field: &str, what: &str| {
        (
            field.to_string(),
            "(missing)".to_string(),
            format!("a meter needs {field} ({what})"),
        )
    };
    let name = match entry.get("name") {
        None if several => {
            return Err(missing(
                "name",
                "a table with several meters names each one",
            ))
        }
        None => Meter::DEFAULT_NAME.to_string(),
        Some(toml::Value::String(s))
            if !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
        {
            s.clone()
        }
        Some(v) => {
            return Err(bad(
                "name",
                v,
                "a meter's name is one word of letters, digits, _ or -".to_string(),
            ))
        }
    };
    let dollars = |field: &str| -> Result<Option<Fraction>, (String, String, String)> {
        let Some(value) = entry.get(field) else {
            return Ok(None);
        };
        let text = value_text(value).ok_or_else(|| {
            bad(
                field,
                value,
                "expected an amount in dollars such as 10000".to_string(),
            )
        })?;
        parse_amount("reset", &text).map(Some).map_err(|_| {
            bad(
                field,
                value,
                "expected an amount in dollars such as 10000 or 12500.50 (below 10^12, at most 6 decimals)"
                    .to_string(),
            )
        })
    };
    let percent = |field: &str| -> Result<Option<Fraction>, (String, String, String)> {
        let Some(value) = entry.get(field) else {
            return Ok(None);
        };
        // A percentage is text with its % sign ("15%"); a TOML number
        // (15 or 0.15) is a bare number, refused with both readings.
        let text = value_text(value).ok_or_else(|| {
            bad(
                field,
                value,
                "expected a percent of each wager such as \"15%\"".to_string(),
            )
        })?;
        parse_percent(&text).map(Some).map_err(|e| {
            let why = match e {
                PercentError::Bare {
                    as_fraction,
                    as_percent,
                } => format!(
                    "a bare number is refused (a fraction or a percent?): write \"{as_fraction}%\" or \"{as_percent}%\""
                ),
                PercentError::NotAPercent => {
                    "expected a percent of each wager such as \"15%\" or \"1.5%\"".to_string()
                }
            };
            bad(field, value, why)
        })
    };
    let meter = Meter {
        name,
        reset: dollars("reset")?
            .ok_or_else(|| missing("reset", "the initial and reset amount in dollars"))?,
        rate: percent("rate")?
            .ok_or_else(|| missing("rate", "the rate of progression, a percent of each wager"))?,
        reserve: percent("reserve")?.unwrap_or(Fraction::ZERO),
        ceiling: dollars("ceiling")?,
    };
    meter.check().map_err(|(field, reason)| {
        let value = entry
            .get(field)
            .map_or("(missing)".to_string(), |v| shown(&v.to_string()));
        (field.to_string(), value, reason)
    })?;
    Ok(meter)
}

/// A pay line `{ meter_percent = P }` or `{ meter_percent = P, meter =
/// "NAME" }` of a table with these meters (none: a meter given on the
/// command line). `P` is a whole percent from 1 to 100; a line without a
/// name pays the single meter; a name must be one of the table's meters.
pub(super) fn parse_meter_award(table: &toml::Table, meters: &[Meter]) -> Result<Award, String> {
    if let Some(key) = table
        .keys()
        .find(|k| k.as_str() != "meter_percent" && k.as_str() != "meter")
    {
        return Err(format!(
            "unknown key '{}' (expected {{ meter_percent = P }} or {{ meter_percent = P, meter = \"NAME\" }})",
            shown(key)
        ));
    }
    let percent = match table.get("meter_percent") {
        Some(toml::Value::Integer(n)) if (1..=100).contains(n) => *n as u64,
        _ => {
            return Err("meter_percent must be a whole number of percent from 1 to 100".to_string())
        }
    };
    let names = || {
        meters
            .iter()
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let meter = match table.get("meter") {
        None if meters.len() > 1 => {
            return Err(format!(
                "this table has several meters ({}): say which with meter = \"NAME\"",
                names()
            ))
        }
        None => 0,
        Some(toml::Value::String(name)) if meters.is_empty() => {
            return Err(format!(
                "names meter \"{}\" but the table has no [[meter]]",
                shown(name)
            ))
        }
        Some(toml::Value::String(name)) => {
            meters.iter().position(|m| &m.name == name).ok_or_else(|| {
                format!(
                    "names meter \"{}\", which is not one of the table's meters ({})",
                    shown(name),
                    names()
                )
            })?
        }
        Some(_) => return Err("meter must be the name of a [[meter]], in quotes".to_string()),
    };
    Ok(Award::Meter { percent, meter })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        text.parse().expect("toml")
    }

    #[test]
    fn percents_read_exactly() {
        assert_eq!(percent_text(&Fraction::new(3, 200)), "1.5%");
        assert_eq!(percent_text(&Fraction::new(3, 20)), "15%");
    }

    #[test]
    fn a_meter_reads_and_its_amounts_are_checked() {
        let m = read_meter(&table("reset = 10_000\nrate = \"15%\""), false).unwrap();
        assert_eq!(m.name, "meter");
        assert_eq!(m.rate, Fraction::new(3, 20));
        assert_eq!(m.reset, Fraction::from_int(10_000));
        let field = |text: &str| read_meter(&table(text), false).unwrap_err().0;
        assert_eq!(field("reset = 10000\nrate = \"120%\""), "rate");
        assert_eq!(field("reset = 10000\nrate = \"0%\""), "rate");
        assert_eq!(field("reset = -1\nrate = \"15%\""), "reset");
        assert_eq!(
            field("reset = 10000\nrate = \"5%\"\nreserve = \"6%\""),
            "reserve"
        );
        assert_eq!(
            field("reset = 10000\nrate = \"5%\"\nceiling = 10000"),
            "ceiling"
        );
        assert_eq!(field("rate = \"5%\""), "reset");
        assert_eq!(field("reset = 1\nrate = \"5%\"\nseed = 3"), "seed");
        let several = read_meter(&table("reset = 1\nrate = \"5%\""), true).unwrap_err();
        assert_eq!(several.0, "name");
    }

    #[test]
    fn a_bare_number_is_no_percentage() {
        // Fact (issue 31): `rate = 0.15` was read as 0.15% while `--edge
        // 0.02` meant 2%; a number without its % sign is refused, with
        // both readings to choose from.
        for (text, field, hint) in [
            (
                "reset = 1\nrate = 0.15",
                "rate",
                "write \"15%\" or \"0.15%\"",
            ),
            ("reset = 1\nrate = 15", "rate", "write \"1500%\" or \"15%\""),
            (
                "reset = 1\nrate = \"5%\"\nreserve = 1",
                "reserve",
                "write \"100%\" or \"1%\"",
            ),
        ] {
            let (f, _, why) = read_meter(&table(text), false).unwrap_err();
            assert_eq!(f, field);
            assert!(why.ends_with(hint), "{why}");
        }
    }

    #[test]
    fn a_meter_line_names_a_meter_of_the_table() {
        let m = |name: &str| Meter {
            name: name.to_string(),
            reset: Fraction::ONE,
            rate: Fraction::new(1, 100),
            reserve: Fraction::ZERO,
            ceiling: None,
        };
        let two = [m("major"), m("minor")];
        let line = |text: &str, meters: &[Meter]| parse_meter_award(&table(text), meters);
        assert_eq!(
            line("meter_percent = 100\nmeter = \"minor\"", &two),
            Ok(Award::Meter {
                percent: 100,
                meter: 1
            })
        );
        assert!(line("meter_percent = 100\nmeter = \"grand\"", &two)
            .unwrap_err()
            .contains("not one of the table's meters (major, minor)"));
        assert!(line("meter_percent = 100", &two)
            .unwrap_err()
            .contains("several meters"));
        assert!(line("meter_percent = 10\nmeter = \"x\"", &[])
            .unwrap_err()
            .contains("no [[meter]]"));
        assert_eq!(
            line("meter_percent = 10", &[]),
            Ok(Award::Meter {
                percent: 10,
                meter: 0
            })
        );
    }
}
