//! Exact fractions: the currency of every figure the tool reports.
//!
//! Enumerations carry integer counts and integer numerators over a stated
//! denominator; a [`Fraction`] is such a pair kept in lowest terms, with
//! 128-bit parts (the largest numerators, second moments of the base game over
//! 27.8 trillion deals, stay below 2^70). Floating point appears only at the
//! edge, for display ([`Fraction::to_f64`]).

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A fraction `numerator / denominator` in lowest terms, denominator > 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Fraction {
    numerator: i128,
    denominator: i128,
}

pub(crate) fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Fraction {
    pub const ZERO: Fraction = Fraction {
        numerator: 0,
        denominator: 1,
    };
    pub const ONE: Fraction = Fraction {
        numerator: 1,
        denominator: 1,
    };

    /// `numerator / denominator`, reduced. Panics on a zero denominator (a
    /// programming error: every denominator here is a count of deals).
    pub fn new(numerator: i128, denominator: i128) -> Fraction {
        assert!(denominator != 0, "fraction with zero denominator");
        let g = gcd(numerator, denominator).max(1);
        let sign = if denominator < 0 { -1 } else { 1 };
        Fraction {
            numerator: sign * numerator / g,
            denominator: sign * denominator / g,
        }
    }

    /// The whole number `n`.
    pub fn from_int(n: i128) -> Fraction {
        Fraction::new(n, 1)
    }

    pub fn numerator(self) -> i128 {
        self.numerator
    }

    pub fn denominator(self) -> i128 {
        self.denominator
    }

    /// Nearest `f64`, for display only.
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    pub fn is_zero(self) -> bool {
        self.numerator == 0
    }

    pub fn is_positive(self) -> bool {
        self.numerator > 0
    }

    pub fn abs(self) -> Fraction {
        Fraction {
            numerator: self.numerator.abs(),
            denominator: self.denominator,
        }
    }

    /// Parses `p/q` or an integer, as printed by [`Display`](fmt::Display).
    pub fn parse(text: &str) -> Option<Fraction> {
        let text = text.trim();
        match text.split_once('/') {
            Some((p, q)) => {
                let q: i128 = q.trim().parse().ok()?;
                if q == 0 {
                    return None;
                }
                Some(Fraction::new(p.trim().parse().ok()?, q))
            }
            None => Some(Fraction::from_int(text.parse().ok()?)),
        }
    }
}

impl Default for Fraction {
    fn default() -> Self {
        Fraction::ZERO
    }
}

impl fmt::Display for Fraction {
    /// `p/q`, or `p` when the denominator is 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

impl Add for Fraction {
    type Output = Fraction;
    fn add(self, o: Fraction) -> Fraction {
        let g = gcd(self.denominator, o.denominator);
        let (a, b) = (self.denominator / g, o.denominator / g);
        Fraction::new(self.numerator * b + o.numerator * a, self.denominator * b)
    }
}

impl Sub for Fraction {
    type Output = Fraction;
    fn sub(self, o: Fraction) -> Fraction {
        self + (-o)
    }
}

impl Neg for Fraction {
    type Output = Fraction;
    fn neg(self) -> Fraction {
        Fraction {
            numerator: -self.numerator,
            denominator: self.denominator,
        }
    }
}

impl Mul for Fraction {
    type Output = Fraction;
    fn mul(self, o: Fraction) -> Fraction {
        let g1 = gcd(self.numerator, o.denominator).max(1);
        let g2 = gcd(o.numerator, self.denominator).max(1);
        Fraction::new(
            (self.numerator / g1) * (o.numerator / g2),
            (self.denominator / g2) * (o.denominator / g1),
        )
    }
}

impl Div for Fraction {
    type Output = Fraction;
    fn div(self, o: Fraction) -> Fraction {
        assert!(o.numerator != 0, "division by zero fraction");
        self * Fraction::new(o.denominator, o.numerator)
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Fraction {
    fn cmp(&self, o: &Self) -> Ordering {
        (self.numerator * o.denominator).cmp(&(o.numerator * self.denominator))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        let a = Fraction::new(6, -8);
        assert_eq!(a.to_string(), "-3/4");
        assert_eq!((a + Fraction::new(1, 4)).to_string(), "-1/2");
        assert_eq!((a * Fraction::new(4, 3)).to_string(), "-1");
        assert_eq!((a / Fraction::new(3, 2)).to_string(), "-1/2");
        assert!(a < Fraction::ZERO);
        assert_eq!(Fraction::parse("-3/4"), Some(a));
        assert_eq!(Fraction::parse("3/0"), None);
    }
}
