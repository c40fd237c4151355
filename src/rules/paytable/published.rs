//! Published figures as printed: [`PrintedValue`] reads `0.90%` or
//! `-0.147868` exactly, so that a pay table's `[[published]] value` is
//! checked when the file is loaded and `uth-edge check` can compare it with
//! the exact computation in the same digits.

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
