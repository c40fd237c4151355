//! Amounts of money, exactly: dollar amounts read from the command line
//! ([`parse_dollars`]) and written for people ([`dollars`],
//! [`dollars_to_cents`], [`group_thousands`]), and percentages read with
//! their `%` sign ([`parse_percent`]). One home for each, so every
//! command reads and writes amounts the same way.

use crate::fraction::Fraction;
use crate::message::shown;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{Signed, Zero};
use std::borrow::Borrow;

/// A dollar amount: `$5`, `$2.50`, or `$p/q` when not a number of cents.
/// Exact at any size.
pub fn dollars(f: impl Borrow<Fraction>) -> String {
    let f = f.borrow();
    let cents = f * Fraction::from_int(100);
    if !cents.is_integer() {
        return format!("${f}");
    }
    let c = cents.numerator();
    let (whole, rest) = c.magnitude().div_rem(&BigUint::from(100u32));
    let whole = group_digits(&whole.to_string());
    let sign = if c.is_negative() { "-" } else { "" };
    if rest.is_zero() {
        format!("{sign}${whole}")
    } else {
        format!("{sign}${whole}.{rest:02}")
    }
}

/// A dollar amount rounded to cents, with thousands separators:
/// `$150,711.05`, `-$66,238.37`. Amounts up to 2^53 cents are rounded as
/// `f64` (as every published figure was); larger ones exactly (half away
/// from zero), so that no amount saturates.
pub fn dollars_to_cents(f: impl Borrow<Fraction>) -> String {
    let f = f.borrow();
    let cents = (f.to_f64() * 100.0).round();
    let sign = if cents < 0.0 { "-" } else { "" };
    if cents.abs() < 9_007_199_254_740_992.0 {
        let cents = cents.abs() as u64;
        return format!("{sign}${}.{:02}", group_thousands(cents / 100), cents % 100);
    }
    let hundredths = (f * Fraction::from_int(100)).abs();
    let (n, d) = (hundredths.numerator(), hundredths.denominator());
    let cents = (n * 2u32 + &d) / (d * 2u32);
    let (whole, rest) = cents.div_rem(&BigInt::from(100));
    format!("{sign}${}.{rest:02}", group_digits(&whole.to_string()))
}

/// `1234567` as `1,234,567`.
pub fn group_thousands(n: u64) -> String {
    group_digits(&n.to_string())
}

/// A string of decimal digits with a `,` between thousands.
fn group_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// An amount given to an option that cannot be used. Each message names the
/// option as typed (`--ante`, `--trips-amount`, ...) and the value (cut to
/// a bounded length, [`crate::message::shown`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error(
        "--{flag} {text}: not a number (expected a decimal number such as 5, 12.5 or 2.50, with at most {AMOUNT_WHOLE_DIGITS} digits before the point and {AMOUNT_DECIMALS} after)"
    )]
    /// Not a decimal number.
    NotANumber {
        /// The option, without its dashes.
        flag: &'static str,
        /// The text as given.
        text: String,
    },
    #[error(
        "--{flag} {text}: too large (the largest amount is 999,999,999,999.999999: at most {AMOUNT_WHOLE_DIGITS} digits before the point)"
    )]
    /// A number at or above 10^12, beyond what is read exactly.
    TooLarge {
        /// The option, without its dashes.
        flag: &'static str,
        /// The text as given.
        text: String,
    },
    #[error("--{flag} {text}: the amount must be more than $0")]
    /// An amount of $0 or less where a wager is asked for.
    NotPositive {
        /// The option, without its dashes.
        flag: &'static str,
        /// The text as given.
        text: String,
    },
}

impl AmountError {
    /// The option the amount was given to, without its dashes.
    pub fn flag(&self) -> &'static str {
        match self {
            AmountError::NotANumber { flag, .. }
            | AmountError::TooLarge { flag, .. }
            | AmountError::NotPositive { flag, .. } => flag,
        }
    }
}

/// Reads a wager in dollars given to the option `--flag`: a positive
/// decimal number such as `5`, `2.50` or `$25`, with the syntax and limits
/// of [`parse_amount`]. Exact: `2.50` is `5/2`. An error names `--flag`.
pub fn parse_dollars(flag: &'static str, text: &str) -> Result<Fraction, AmountError> {
    let amount = parse_amount(flag, text)?;
    if !amount.is_positive() {
        return Err(AmountError::NotPositive {
            flag,
            text: shown(text),
        });
    }
    Ok(amount)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_read_exactly() {
        let parse_dollars = |text: &str| parse_dollars("wager", text);
        assert_eq!(parse_dollars("5"), Ok(Fraction::from_int(5)));
        assert_eq!(parse_dollars("$2.50"), Ok(Fraction::new(5, 2)));
        assert_eq!(parse_dollars(".5"), Ok(Fraction::new(1, 2)));
        assert!(matches!(
            parse_dollars("0"),
            Err(AmountError::NotPositive { .. })
        ));
        assert!(matches!(
            parse_dollars("-5"),
            Err(AmountError::NotPositive { .. })
        ));
        assert!(matches!(
            parse_dollars("five"),
            Err(AmountError::NotANumber { .. })
        ));
        assert!(matches!(
            parse_dollars(""),
            Err(AmountError::NotANumber { .. })
        ));
        assert!(matches!(
            parse_dollars("1e3"),
            Err(AmountError::NotANumber { .. })
        ));
    }
}

// ---------------------------------------------------------------------------
// Amounts of any option.

/// The most digits before the decimal point of an amount read by
/// [`parse_amount`] (the same limit as [`parse_dollars`]).
pub const AMOUNT_WHOLE_DIGITS: usize = 12;
/// The most digits after the decimal point of an amount read by
/// [`parse_amount`] (the same limit as [`parse_dollars`]).
pub const AMOUNT_DECIMALS: usize = 6;

/// Reads the amount given to the option `--flag` (an amount in dollars or in
/// Antes) exactly: an optional `$`, an optional sign, then a decimal number
/// such as `50`, `12.5` or `.25`, with at most [`AMOUNT_WHOLE_DIGITS`]
/// digits before the point and [`AMOUNT_DECIMALS`] after, leading and
/// trailing zeros not counted (so every amount is below 10^12 in magnitude
/// with a denominator dividing 10^6). A number of more digits is refused as
/// too large ([`AmountError::TooLarge`]), not as "not a number". The sign is
/// kept, so that the caller can say what is wrong with a negative or zero
/// amount.
pub fn parse_amount(flag: &'static str, text: &str) -> Result<Fraction, AmountError> {
    let body = text.trim();
    let body = body.strip_prefix('$').unwrap_or(body);
    let (negative, body) = match body.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, body.strip_prefix('+').unwrap_or(body)),
    };
    let (whole, decimals) = body.split_once('.').unwrap_or((body, ""));
    let all_digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && decimals.is_empty()) || !all_digits(whole) || !all_digits(decimals) {
        return Err(AmountError::NotANumber {
            flag,
            text: shown(text),
        });
    }
    let (whole, decimals) = (
        whole.trim_start_matches('0'),
        decimals.trim_end_matches('0'),
    );
    if whole.len() > AMOUNT_WHOLE_DIGITS {
        return Err(AmountError::TooLarge {
            flag,
            text: shown(text),
        });
    }
    if decimals.len() > AMOUNT_DECIMALS {
        return Err(AmountError::NotANumber {
            flag,
            text: shown(text),
        });
    }
    // At most 12 + 6 digits: every step below stays under 10^18.
    let number = |s: &str| -> i128 { s.bytes().fold(0, |n, c| n * 10 + i128::from(c - b'0')) };
    let scale = 10i128.pow(decimals.len() as u32);
    let value = Fraction::new(number(whole) * scale + number(decimals), scale);
    Ok(if negative { -value } else { value })
}

#[cfg(test)]
mod amount_tests {
    use super::*;

    #[test]
    fn amounts_read_exactly_with_the_limits_of_dollars() {
        let read = |t: &str| parse_amount("ante", t);
        assert_eq!(read("50"), Ok(Fraction::from_int(50)));
        assert_eq!(read("12.5"), Ok(Fraction::new(25, 2)));
        assert_eq!(read("$.25"), Ok(Fraction::new(1, 4)));
        assert_eq!(read("-3"), Ok(Fraction::from_int(-3)));
        assert_eq!(read("+0"), Ok(Fraction::ZERO));
        assert_eq!(
            read("999999999999.999999"),
            Ok(Fraction::new(999_999_999_999_999_999, 1_000_000))
        );
        for bad in [
            "",
            ".",
            "abc",
            "1e3",
            "1.2.3",
            "--1",
            "0x10",
            "1 000",
            "١٢",
            "0.0000001",
        ] {
            let err = read(bad).unwrap_err();
            assert_eq!(err.flag(), "ante");
            assert!(err
                .to_string()
                .starts_with(&format!("--ante {bad}: not a number")));
        }
        // The same limits as the wager reader.
        for text in ["999999999999.999999", "9999999999999", "0.0000001", "abc"] {
            assert_eq!(
                parse_amount("wager", text).is_ok(),
                parse_dollars("wager", text).is_ok()
            );
        }
    }

    #[test]
    fn a_number_of_thirteen_digits_is_too_large_not_unreadable() {
        // Fact (issue 23): 10^12 has 13 digits, one more than an amount
        // may have before the point; it is a number, too large.
        for (flag, text) in [
            ("meter", "1000000000000"),
            ("ante", "9999999999999"),
            ("bank", "-1000000000000.5"),
        ] {
            let err = parse_amount(flag, text).unwrap_err();
            assert!(matches!(err, AmountError::TooLarge { .. }), "{err}");
            assert_eq!(
                err.to_string(),
                format!("--{flag} {text}: too large (the largest amount is 999,999,999,999.999999: at most 12 digits before the point)")
            );
        }
        // Leading and trailing zeros are not digits of the amount.
        assert_eq!(read_zeros("0000000000001"), Ok(Fraction::ONE));
        assert_eq!(read_zeros("2.50000000"), Ok(Fraction::new(5, 2)));
        assert_eq!(
            read_zeros("000999999999999.9999990"),
            Ok(Fraction::new(999_999_999_999_999_999, 1_000_000))
        );
    }

    fn read_zeros(text: &str) -> Result<Fraction, AmountError> {
        parse_amount("wager", text)
    }

    #[test]
    fn every_error_names_the_flag_given() {
        // Fact (issue 23): `economics --trips-amount abc` said `--wager`.
        for flag in ["trips-amount", "ante", "ultimate-pairs-amount"] {
            for text in ["abc", "0", "1000000000000"] {
                let message = parse_dollars(flag, text).unwrap_err().to_string();
                assert!(
                    message.starts_with(&format!("--{flag} {text}: ")),
                    "{message}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Percentages.

/// A percentage that cannot be read. The message says why, without the
/// option or field (each caller names its own: `--rate 0.15: ...`,
/// `meter[1].rate = 0.15: ...`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PercentError {
    /// A number without its `%` sign: `0.15` could mean 15% (a fraction)
    /// or 0.15% (a percent), and each command once read it its own way.
    #[error(
        "a bare number is refused (a fraction or a percent?): write {as_fraction}% or {as_percent}%"
    )]
    Bare {
        /// The number read as a fraction, in percent (`0.15` → `15`).
        as_fraction: String,
        /// The number read as a percent (`0.15` → `0.15`).
        as_percent: String,
    },
    /// Not a decimal number followed by `%`.
    #[error(
        "not a percentage (expected a decimal number with its % sign, such as 15% or 0.15%, at most {AMOUNT_DECIMALS} decimals)"
    )]
    NotAPercent,
}

/// Reads a percentage exactly, the one reading of every option and field
/// that means one (rates, reserves, shares, house edges, bands): a decimal
/// number with its `%` sign (`15%` is 3/20, `0.15%` is 3/2000, `-0.5%` is
/// -1/200), of at most [`AMOUNT_DECIMALS`] decimals. A bare number is
/// refused ([`PercentError::Bare`], its message says how to write either
/// reading); the caller checks the range.
pub fn parse_percent(text: &str) -> Result<Fraction, PercentError> {
    let body = text.trim();
    let number = |s: &str| -> Option<Fraction> {
        if s.contains('$') {
            return None;
        }
        parse_amount("percent", s).ok()
    };
    match body.strip_suffix('%') {
        Some(n) => number(n.trim_end())
            .map(|p| p / Fraction::from_int(100))
            .ok_or(PercentError::NotAPercent),
        None => {
            let value = number(body).ok_or(PercentError::NotAPercent)?;
            let percent = value * Fraction::from_int(100);
            let as_fraction = if percent.is_integer() {
                percent.to_string()
            } else {
                percent
                    .to_fixed(4) // at most 6 decimals, times 100
                    .trim_end_matches('0')
                    .to_string()
            };
            Err(PercentError::Bare {
                as_fraction,
                as_percent: body.to_string(),
            })
        }
    }
}

#[cfg(test)]
mod percent_tests {
    use super::*;

    #[test]
    fn a_percentage_needs_its_sign() {
        // Fact: 15% = 15/100 = 3/20, 0.15% = 15/10000 = 3/2000.
        assert_eq!(parse_percent("15%"), Ok(Fraction::new(3, 20)));
        assert_eq!(parse_percent(" 0.15 %"), Ok(Fraction::new(3, 2000)));
        assert_eq!(parse_percent("-0.5%"), Ok(Fraction::new(-1, 200)));
        assert_eq!(parse_percent("0%"), Ok(Fraction::ZERO));
        // A bare number: both readings offered, neither taken.
        let bare = parse_percent("0.15").unwrap_err();
        assert_eq!(
            bare.to_string(),
            "a bare number is refused (a fraction or a percent?): write 15% or 0.15%"
        );
        assert!(parse_percent("0.02")
            .unwrap_err()
            .to_string()
            .ends_with("write 2% or 0.02%"));
        assert!(parse_percent("0.125")
            .unwrap_err()
            .to_string()
            .ends_with("write 12.5% or 0.125%"));
        for bad in ["", "%", "abc%", "$5%", "1e2%", "15%%", "0.0000001%"] {
            assert_eq!(parse_percent(bad), Err(PercentError::NotAPercent), "{bad}");
        }
    }
}
