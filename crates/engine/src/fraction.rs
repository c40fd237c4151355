//! Exact fractions: the currency of every figure the tool reports.
//!
//! Enumerations carry integer counts and integer numerators over a stated
//! denominator; a [`Fraction`] is such a pair kept in lowest terms. It is
//! exact at any size and never wraps:
//!
//! - **Fast path.** While both parts fit in an `i128` (every figure of the
//!   built-in tables: second moments of the base game over 27.8 trillion deals
//!   stay below 2^70), a fraction is two `i128`s and every operation uses
//!   checked arithmetic.
//! - **Fallback.** When a checked operation would overflow, the operation is
//!   redone with big integers (`num-bigint`) and the result is kept as a big
//!   rational until it fits in `i128` again. An unusual pay table (12-digit
//!   coprime odds, a wager of $999,999,999,999.999999) gets its exact figures,
//!   only more slowly.
//!
//! The representation is canonical (small whenever the parts fit), so derived
//! equality and hashing compare values. The only panic is division by zero, a
//! programming error (every denominator here is a count of deals or a pay
//! table's validated odds). Floating point appears only at the edge, for
//! display ([`Fraction::to_f64`]).

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A fraction `numerator / denominator` in lowest terms, denominator > 0,
/// exact at any size.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Fraction(Repr);

/// Invariants: `Small` is in lowest terms with `denominator > 0` and
/// `numerator != i128::MIN` (so negation and `abs` cannot overflow); `Big` is
/// used only when the value has no such `Small` form.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small { numerator: i128, denominator: i128 },
    Big(Box<BigRational>),
}

pub(crate) fn gcd(mut a: i128, mut b: i128) -> i128 {
    // Callers never pass i128::MIN, so `abs` cannot overflow.
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
    /// Zero.
    pub const ZERO: Fraction = Fraction(Repr::Small {
        numerator: 0,
        denominator: 1,
    });
    /// One.
    pub const ONE: Fraction = Fraction(Repr::Small {
        numerator: 1,
        denominator: 1,
    });

    /// `numerator / denominator`, reduced. Panics on a zero denominator (a
    /// programming error: every denominator here is a count of deals).
    pub fn new(numerator: i128, denominator: i128) -> Fraction {
        assert!(denominator != 0, "fraction with zero denominator");
        if numerator == i128::MIN || denominator == i128::MIN {
            return Fraction::from_big(BigRational::new(
                BigInt::from(numerator),
                BigInt::from(denominator),
            ));
        }
        let g = gcd(numerator, denominator).max(1);
        let sign = if denominator < 0 { -1 } else { 1 };
        Fraction(Repr::Small {
            numerator: sign * numerator / g,
            denominator: sign * denominator / g,
        })
    }

    /// The whole number `n`.
    pub fn from_int(n: i128) -> Fraction {
        Fraction::new(n, 1)
    }

    /// The exact value of a big rational. `value` must be in lowest terms
    /// with a positive denominator, as every `BigRational` that
    /// `num-rational` makes is (`BigRational::new` and every operation
    /// reduce; only `new_raw` does not).
    pub fn from_big(value: BigRational) -> Fraction {
        match (value.numer().to_i128(), value.denom().to_i128()) {
            (Some(n), Some(d)) if n != i128::MIN => Fraction(Repr::Small {
                numerator: n,
                denominator: d,
            }),
            _ => Fraction(Repr::Big(Box::new(value))),
        }
    }

    /// The same value as a big rational (for checks against an independent
    /// implementation, and for the slow path).
    pub fn to_big(&self) -> BigRational {
        match &self.0 {
            Repr::Small {
                numerator,
                denominator,
            } => BigRational::new_raw(BigInt::from(*numerator), BigInt::from(*denominator)),
            Repr::Big(b) => (**b).clone(),
        }
    }

    /// Both parts as `i128`, when they fit (the fast path).
    pub fn to_i128_parts(&self) -> Option<(i128, i128)> {
        match self.0 {
            Repr::Small {
                numerator,
                denominator,
            } => Some((numerator, denominator)),
            Repr::Big(_) => None,
        }
    }

    /// The value as an `i128`, when it is a whole number that fits.
    pub fn to_i128(&self) -> Option<i128> {
        match self.to_i128_parts() {
            Some((n, 1)) => Some(n),
            _ => None,
        }
    }

    /// The numerator in lowest terms (its sign is the fraction's).
    pub fn numerator(&self) -> BigInt {
        match &self.0 {
            Repr::Small { numerator, .. } => BigInt::from(*numerator),
            Repr::Big(b) => b.numer().clone(),
        }
    }

    /// The denominator in lowest terms, always positive.
    pub fn denominator(&self) -> BigInt {
        match &self.0 {
            Repr::Small { denominator, .. } => BigInt::from(*denominator),
            Repr::Big(b) => b.denom().clone(),
        }
    }

    /// Whether the value is a whole number.
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small { denominator, .. } => *denominator == 1,
            Repr::Big(b) => b.is_integer(),
        }
    }

    /// The `f64` nearest the exact value (ties to the even one), for
    /// display only: every decimal the tool prints is the shortest one that
    /// reads back as this `f64` (Rust's formatting), so it is the exact
    /// value correctly rounded to an `f64`, at any size.
    ///
    /// When both parts are at most 2^53 they are exact as `f64`s, and one
    /// IEEE division (correctly rounded) gives the nearest `f64`. Larger
    /// parts would each be rounded before the division, up to two units in
    /// the last place off; they are divided exactly with big integers and
    /// rounded once instead (`num-rational`'s conversion: a quotient of 55
    /// bits or more, then round half to even on those bits and the
    /// remainder).
    pub fn to_f64(&self) -> f64 {
        /// 2^53: every whole number up to it is an exact `f64`.
        const EXACT: u128 = 1 << f64::MANTISSA_DIGITS;
        match &self.0 {
            Repr::Small {
                numerator,
                denominator,
            } if numerator.unsigned_abs() <= EXACT && denominator.unsigned_abs() <= EXACT => {
                *numerator as f64 / *denominator as f64
            }
            _ => self.to_big().to_f64().unwrap_or(f64::NAN),
        }
    }

    /// The exact value written with `places` decimals, correctly rounded:
    /// half away from zero (`1/8` to two places is `0.13`, `-1/8` is
    /// `-0.13`), computed with big integers, never through an `f64` (whose
    /// rounding, and a product such as `× 100` for a percentage, can move
    /// a value that is exactly or nearly halfway to the other side). A
    /// negative value that rounds to zero keeps its sign (`-0.0000`), as
    /// Rust's `{:.4}` of a negative `f64` does: it says the value is below
    /// zero.
    pub fn to_fixed(&self, places: u32) -> String {
        let numerator = self.numerator();
        let denominator = self.denominator();
        let scaled = numerator.abs() * BigInt::from(10u32).pow(places);
        let (mut quotient, remainder) = scaled.div_rem(&denominator);
        if remainder * 2u32 >= denominator {
            quotient += 1u32;
        }
        let digits = quotient.to_string();
        let places = places as usize;
        let digits = if digits.len() <= places {
            format!("{}{digits}", "0".repeat(places + 1 - digits.len()))
        } else {
            digits
        };
        let (whole, decimals) = digits.split_at(digits.len() - places);
        let sign = if self.is_negative() { "-" } else { "" };
        if places == 0 {
            format!("{sign}{whole}")
        } else {
            format!("{sign}{whole}.{decimals}")
        }
    }

    /// The `f64` nearest the exact square root (ties to the even one), for
    /// display (a standard deviation from its exact variance); NaN below 0.
    /// Rounding the value to an `f64` and then taking `f64::sqrt` would
    /// round twice, one unit in the last place off at times.
    ///
    /// With e chosen so that the root times 2^e has 55 bits or more, s =
    /// floor(sqrt(floor(value * 4^e))) = floor(root * 2^e) is computed with
    /// big integers. When the root is not exactly s / 2^e, it lies strictly
    /// between s and s + 1 (scaled), and so does s + 1/2; no point halfway
    /// between two `f64`s lies strictly between them (those are whole
    /// numbers at this scale), so (s + 1/2) / 2^e rounds as the root does.
    pub fn sqrt_to_f64(&self) -> f64 {
        if self.is_negative() {
            return f64::NAN;
        }
        if self.is_zero() {
            return 0.0;
        }
        let (p, q) = (self.numerator(), self.denominator());
        // root * 2^e >= 2^55 when value * 4^e >= 2^110.
        let bits = i64::try_from(p.bits()).unwrap_or(i64::MAX)
            - i64::try_from(q.bits()).unwrap_or(i64::MAX);
        let e = ((112 - bits) / 2 + 1).max(0);
        let e = usize::try_from(e).expect("a non-negative shift");
        let (scaled, remainder) = (p << (2 * e)).div_rem(&q);
        let s = scaled.sqrt();
        let exact = remainder.is_zero() && &s * &s == scaled;
        let (top, shift) = if exact { (s, e) } else { (s * 2 + 1, e + 1) };
        BigRational::new(top, BigInt::one() << shift)
            .to_f64()
            .unwrap_or(f64::NAN)
    }

    /// Whether the fraction is 0.
    pub fn is_zero(&self) -> bool {
        match &self.0 {
            Repr::Small { numerator, .. } => *numerator == 0,
            Repr::Big(_) => false,
        }
    }

    /// Whether the fraction is above 0.
    pub fn is_positive(&self) -> bool {
        match &self.0 {
            Repr::Small { numerator, .. } => *numerator > 0,
            Repr::Big(b) => b.is_positive(),
        }
    }

    /// Whether the fraction is below 0.
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small { numerator, .. } => *numerator < 0,
            Repr::Big(b) => b.is_negative(),
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Fraction {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }

    /// Parses `p/q` or an integer, as printed by [`Display`](fmt::Display),
    /// at any size.
    pub fn parse(text: &str) -> Option<Fraction> {
        let text = text.trim();
        let int = |s: &str| -> Option<BigInt> {
            let s = s.trim();
            let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            s.parse().ok()
        };
        match text.split_once('/') {
            Some((p, q)) => {
                let q = int(q)?;
                if q.is_zero() {
                    return None;
                }
                Some(Fraction::from_big(BigRational::new(int(p)?, q)))
            }
            None => Some(Fraction::from_big(BigRational::from_integer(int(text)?))),
        }
    }

    fn add_ref(&self, o: &Fraction) -> Fraction {
        if let (
            Repr::Small {
                numerator: n1,
                denominator: d1,
            },
            Repr::Small {
                numerator: n2,
                denominator: d2,
            },
        ) = (&self.0, &o.0)
        {
            let g = gcd(*d1, *d2);
            let (a, b) = (d1 / g, d2 / g);
            let sum = n1
                .checked_mul(b)
                .zip(n2.checked_mul(a))
                .and_then(|(x, y)| x.checked_add(y));
            if let (Some(n), Some(d)) = (sum, d1.checked_mul(b)) {
                if n != i128::MIN {
                    return Fraction::new(n, d);
                }
            }
        }
        Fraction::from_big(self.to_big() + o.to_big())
    }

    fn mul_ref(&self, o: &Fraction) -> Fraction {
        if let (
            Repr::Small {
                numerator: n1,
                denominator: d1,
            },
            Repr::Small {
                numerator: n2,
                denominator: d2,
            },
        ) = (&self.0, &o.0)
        {
            let g1 = gcd(*n1, *d2).max(1);
            let g2 = gcd(*n2, *d1).max(1);
            let n = (n1 / g1).checked_mul(n2 / g2);
            let d = (d1 / g2).checked_mul(d2 / g1);
            if let (Some(n), Some(d)) = (n, d) {
                if n != i128::MIN {
                    // Already in lowest terms: the cross factors were removed.
                    return Fraction(Repr::Small {
                        numerator: n,
                        denominator: d,
                    });
                }
            }
        }
        Fraction::from_big(self.to_big() * o.to_big())
    }

    fn recip(&self) -> Fraction {
        assert!(!self.is_zero(), "division by zero fraction");
        match &self.0 {
            // `numerator != i128::MIN` and `denominator > 0`: no overflow.
            Repr::Small {
                numerator,
                denominator,
            } => {
                let sign = numerator.signum();
                Fraction(Repr::Small {
                    numerator: sign * denominator,
                    denominator: sign * numerator,
                })
            }
            Repr::Big(b) => Fraction::from_big(b.recip()),
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
        match &self.0 {
            Repr::Small {
                numerator,
                denominator: 1,
            } => write!(f, "{numerator}"),
            Repr::Small {
                numerator,
                denominator,
            } => write!(f, "{numerator}/{denominator}"),
            Repr::Big(b) if b.is_integer() => write!(f, "{}", b.numer()),
            Repr::Big(b) => write!(f, "{}/{}", b.numer(), b.denom()),
        }
    }
}

impl fmt::Debug for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fraction({self})")
    }
}

impl Neg for &Fraction {
    type Output = Fraction;
    fn neg(self) -> Fraction {
        match &self.0 {
            // `numerator != i128::MIN`, so `-numerator` neither overflows nor
            // is i128::MIN.
            Repr::Small {
                numerator,
                denominator,
            } => Fraction(Repr::Small {
                numerator: -numerator,
                denominator: *denominator,
            }),
            Repr::Big(b) => Fraction::from_big(-(**b).clone()),
        }
    }
}

impl Neg for Fraction {
    type Output = Fraction;
    fn neg(self) -> Fraction {
        -&self
    }
}

/// Implements a binary operator for every mix of owned and borrowed operands,
/// all through one function on borrows.
macro_rules! binary_op {
    ($trait:ident, $method:ident, $body:expr) => {
        impl $trait<&Fraction> for &Fraction {
            type Output = Fraction;
            fn $method(self, o: &Fraction) -> Fraction {
                let f: fn(&Fraction, &Fraction) -> Fraction = $body;
                f(self, o)
            }
        }
        impl $trait<Fraction> for Fraction {
            type Output = Fraction;
            fn $method(self, o: Fraction) -> Fraction {
                (&self).$method(&o)
            }
        }
        impl $trait<&Fraction> for Fraction {
            type Output = Fraction;
            fn $method(self, o: &Fraction) -> Fraction {
                (&self).$method(o)
            }
        }
        impl $trait<Fraction> for &Fraction {
            type Output = Fraction;
            fn $method(self, o: Fraction) -> Fraction {
                self.$method(&o)
            }
        }
    };
}

binary_op!(Add, add, |a, b| a.add_ref(b));
binary_op!(Sub, sub, |a, b| a.add_ref(&-b));
binary_op!(Mul, mul, |a, b| a.mul_ref(b));
binary_op!(Div, div, |a, b| a.mul_ref(&b.recip()));

impl std::iter::Sum for Fraction {
    fn sum<I: Iterator<Item = Fraction>>(iter: I) -> Fraction {
        iter.fold(Fraction::ZERO, |s, x| s + x)
    }
}

impl<'a> std::iter::Sum<&'a Fraction> for Fraction {
    fn sum<I: Iterator<Item = &'a Fraction>>(iter: I) -> Fraction {
        iter.fold(Fraction::ZERO, |s, x| s + x)
    }
}

impl From<BigRational> for Fraction {
    fn from(value: BigRational) -> Fraction {
        Fraction::from_big(value)
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Fraction {
    fn cmp(&self, o: &Self) -> Ordering {
        if let (
            Repr::Small {
                numerator: n1,
                denominator: d1,
            },
            Repr::Small {
                numerator: n2,
                denominator: d2,
            },
        ) = (&self.0, &o.0)
        {
            if let (Some(a), Some(b)) = (n1.checked_mul(*d2), n2.checked_mul(*d1)) {
                return a.cmp(&b);
            }
        }
        self.to_big().cmp(&o.to_big())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        let a = Fraction::new(6, -8);
        assert_eq!(a.to_string(), "-3/4");
        assert_eq!((&a + Fraction::new(1, 4)).to_string(), "-1/2");
        assert_eq!((&a * Fraction::new(4, 3)).to_string(), "-1");
        assert_eq!((&a / Fraction::new(3, 2)).to_string(), "-1/2");
        assert!(a < Fraction::ZERO);
        assert_eq!(Fraction::parse("-3/4"), Some(a));
        assert_eq!(Fraction::parse("3/0"), None);
    }

    #[test]
    fn overflowing_i128_moves_to_big_integers_and_back() {
        let max = Fraction::from_int(i128::MAX);
        let two = Fraction::from_int(2);
        let big = &max * &two;
        assert_eq!(
            big.to_string(),
            (BigInt::from(i128::MAX) * 2u32).to_string()
        );
        assert!(big.to_i128_parts().is_none());
        // Back within range: the fast form again, so equality still holds.
        assert_eq!(&big / &two, max);
        assert_eq!((&big - &max).to_i128_parts(), Some((i128::MAX, 1)));
        assert!(big > max);
        let min = Fraction::new(i128::MIN, 1);
        assert_eq!(min.to_string(), i128::MIN.to_string());
        assert_eq!((-&min).to_string(), (-BigInt::from(i128::MIN)).to_string());
        // Display and parse round-trip at any size.
        let odd = &big / Fraction::from_int(999_999_999_989);
        assert_eq!(Fraction::parse(&odd.to_string()), Some(odd.clone()));
        // Display of huge values stays finite and close.
        let ratio: f64 = (&big * &big).to_f64() / (i128::MAX as f64).powi(2);
        assert!((ratio - 4.0).abs() < 1e-12, "{ratio}");
    }

    #[test]
    fn square_roots_are_rounded_once() {
        // Fact: blind-b's base-game variance (results/base_game.csv,
        // variance_exact); its square root to 60 digits (Python's decimal
        // module) is 4.913518051534867244..., nearest f64
        // 4.913518051534867, while sqrt of the variance's nearest f64 is
        // 4.913518051534868.
        let variance =
            Fraction::parse("9977006046017724990209147/413252151736732308000000").unwrap();
        assert_eq!(variance.to_f64().sqrt().to_string(), "4.913518051534868");
        assert_eq!(variance.sqrt_to_f64().to_string(), "4.913518051534867");
        assert_eq!(Fraction::new(9, 4).sqrt_to_f64(), 1.5);
        assert_eq!(
            Fraction::from_int(2).sqrt_to_f64(),
            std::f64::consts::SQRT_2
        );
        assert_eq!(Fraction::ZERO.sqrt_to_f64(), 0.0);
        assert!(Fraction::new(-1, 4).sqrt_to_f64().is_nan());
    }

    #[test]
    fn parts_above_2_to_53_are_rounded_once() {
        // Fact: Python's true division of integers is correctly rounded;
        // `929348875744755764251 / 573589477245730134317` there is
        // 1.620233481631002, while rounding each part to an f64 first gives
        // 1.6202334816310018 (one unit in the last place below).
        let f = Fraction::new(929_348_875_744_755_764_251, 573_589_477_245_730_134_317);
        assert_eq!(f.to_f64().to_string(), "1.620233481631002");
        // 2^53 + 1 is not an f64; (2^53 + 1) / 2^54 is the tie between
        // 1/2 and the f64 after it, and goes to the even one, 1/2.
        let tie = Fraction::new((1 << 53) + 1, 1 << 54);
        assert_eq!(tie.to_f64(), 0.5);
        let above = Fraction::new((1 << 53) + 3, 1 << 54);
        assert_eq!(above.to_f64(), 0.5 + 2f64.powi(-52));
    }
}
