//! `Fraction` against an independent exact implementation (`num-rational`'s
//! `BigRational`, used directly): every operation gives the same value, in
//! lowest terms, at every size: small values, values near and beyond 2^64
//! and 2^127 (where the i128 fast path must hand over to big integers), and
//! values far beyond. Also the parsers of amounts and printed fractions.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use proptest::prelude::*;
use uth_edge::fraction::Fraction;
use uth_edge::money::{dollars, parse_dollars};

/// Integers of every size that matters: small, around 2^64, around 2^127
/// (both signs, i128::MIN included) and products that overflow i128.
fn integer() -> impl Strategy<Value = BigInt> {
    let near = |base: BigInt| (-1000i64..=1000).prop_map(move |d| &base + d);
    let two = BigInt::from(2);
    prop_oneof![
        (-1000i64..=1000).prop_map(BigInt::from),
        any::<i64>().prop_map(BigInt::from),
        any::<i128>().prop_map(BigInt::from),
        near(two.pow(64)),
        near(-two.pow(64)),
        near(two.pow(127)),
        near(-two.pow(127)),
        near(BigInt::from(i128::MAX)),
        near(BigInt::from(i128::MIN)),
        (any::<i128>(), any::<i128>()).prop_map(|(a, b)| BigInt::from(a) * BigInt::from(b)),
    ]
}

fn nonzero() -> impl Strategy<Value = BigInt> {
    integer().prop_map(|n| if n.is_zero() { BigInt::one() } else { n })
}

/// A rational of any size, as the reference value.
fn rational() -> impl Strategy<Value = BigRational> {
    (integer(), nonzero()).prop_map(|(n, d)| BigRational::new(n, d))
}

/// The same value as a `Fraction`, built the way the library builds them:
/// from i128 parts when they fit, else from the big rational.
fn fraction_of(r: &BigRational) -> Fraction {
    match (r.numer().to_i128(), r.denom().to_i128()) {
        (Some(n), Some(d)) => Fraction::new(n, d),
        _ => Fraction::from_big(r.clone()),
    }
}

/// The reference text of a rational: `p/q`, or `p` for a whole number.
fn text_of(r: &BigRational) -> String {
    if r.is_integer() {
        r.numer().to_string()
    } else {
        format!("{}/{}", r.numer(), r.denom())
    }
}

fn check_same(f: &Fraction, r: &BigRational) -> Result<(), TestCaseError> {
    prop_assert_eq!(&f.to_big(), r);
    prop_assert_eq!(f.to_string(), text_of(r));
    prop_assert_eq!(f.numerator(), r.numer().clone());
    prop_assert_eq!(f.denominator(), r.denom().clone());
    prop_assert_eq!(f.is_positive(), r.is_positive());
    prop_assert_eq!(f.is_zero(), r.is_zero());
    prop_assert_eq!(f.is_integer(), r.is_integer());
    // Equal values compare equal whatever path built them.
    prop_assert_eq!(f, &Fraction::from_big(r.clone()));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fraction_arithmetic_equals_big_rationals(a in rational(), b in rational()) {
        let (x, y) = (fraction_of(&a), fraction_of(&b));
        check_same(&x, &a)?;
        check_same(&(&x + &y), &(&a + &b))?;
        check_same(&(&x - &y), &(&a - &b))?;
        check_same(&(&x * &y), &(&a * &b))?;
        check_same(&(-&x), &(-&a))?;
        check_same(&x.abs(), &a.abs())?;
        if !b.is_zero() {
            check_same(&(&x / &y), &(&a / &b))?;
        }
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        prop_assert_eq!(x == y, a == b);
        // Owned and borrowed operands agree.
        prop_assert_eq!(x.clone() + y.clone(), &x + &y);
        prop_assert_eq!(x.clone() * &y, &x * y.clone());
    }

    #[test]
    fn fraction_text_round_trips_and_f64_is_close(a in rational()) {
        let x = fraction_of(&a);
        prop_assert_eq!(Fraction::parse(&x.to_string()), Some(x.clone()));
        let reference = a.to_f64().unwrap();
        let got = x.to_f64();
        prop_assert!(got.is_finite(), "{x}: {got}");
        let scale = reference.abs().max(f64::MIN_POSITIVE);
        prop_assert!((got - reference).abs() <= scale * 1e-12, "{x}: {got} vs {reference}");
    }

    #[test]
    fn f64_is_the_nearest_to_the_exact_value(a in rational()) {
        // Fact: an f64 is the correctly rounded value of x exactly when no
        // neighbouring f64 is nearer x, and on a tie its last bit is even;
        // checked with exact big rationals (`BigRational::from_float` is
        // exact), independently of how the library divides. Parts above
        // 2^53 used to be rounded each before the division (issue 23).
        let got = fraction_of(&a).to_f64();
        prop_assert!(got.is_finite(), "{a}: {got}");
        let distance = |v: f64| (&a - BigRational::from_float(v).unwrap()).abs();
        let own = distance(got);
        for neighbour in [got.next_up(), got.next_down()] {
            let other = distance(neighbour);
            prop_assert!(own <= other, "{}: {got:?} is not the nearest f64 ({neighbour:?} is)", a);
            if own == other {
                prop_assert!(got.to_bits() & 1 == 0, "{}: a tie not rounded to even", a);
            }
        }
    }

    #[test]
    fn square_root_is_the_nearest_f64(a in rational()) {
        // Fact: g is the f64 nearest sqrt(x) exactly when x lies between
        // the squares of the midpoints from g to its neighbours (exact
        // big-rational comparisons, no square root taken), and on a tie
        // its last bit is even. A standard deviation is shown this way.
        let x = a.abs();
        let got = fraction_of(&x).sqrt_to_f64();
        prop_assert!(got.is_finite() && got >= 0.0, "{x}: {got}");
        let exact = |v: f64| BigRational::from_float(v).unwrap();
        let half = BigRational::new(BigInt::one(), BigInt::from(2));
        let midpoint_squared = |n: f64| {
            let m = (exact(got) + exact(n)) * &half;
            &m * &m
        };
        if got > 0.0 {
            let low = midpoint_squared(got.next_down());
            prop_assert!(x >= low, "{}: {got:?} is above the nearest", x);
            if x == low {
                prop_assert!(got.to_bits() & 1 == 0, "{}: tie not to even", x);
            }
        } else {
            prop_assert!(x.is_zero(), "{}: root shown as 0", x);
        }
        let high = midpoint_squared(got.next_up());
        prop_assert!(x <= high, "{}: {got:?} is below the nearest", x);
        if x == high {
            prop_assert!(got.to_bits() & 1 == 0, "{}: tie not to even", x);
        }
    }

    #[test]
    fn fraction_parse_never_panics(text in "\\PC{0,40}") {
        let _ = Fraction::parse(&text);
    }

    #[test]
    fn amounts_read_exactly_at_every_size(
        whole in 0u64..=999_999_999_999,
        decimals in 0u32..=6,
        digits in 0u64..1_000_000,
    ) {
        let scale = 10u64.pow(decimals);
        let fraction_digits = digits % scale;
        let text = if decimals == 0 {
            whole.to_string()
        } else {
            format!("{whole}.{fraction_digits:0width$}", width = decimals as usize)
        };
        let expected = BigRational::new(
            BigInt::from(whole) * scale + fraction_digits,
            BigInt::from(scale),
        );
        match parse_dollars("wager", &text) {
            Ok(amount) => {
                prop_assert_eq!(amount.to_big(), expected.clone());
                // Written back in dollars and cents when it is cents.
                let cents = &expected * BigInt::from(100);
                if cents.is_integer() {
                    let shown = dollars(&amount).replace([',', '$'], "");
                    let back = parse_dollars("wager", &shown).unwrap();
                    prop_assert_eq!(back, amount);
                }
            }
            Err(_) => prop_assert!(expected.is_zero(), "{text} refused"),
        }
    }

    #[test]
    fn amount_parser_never_panics_and_errors_are_one_line(text in "\\PC{0,30}") {
        if let Err(e) = parse_dollars("wager", &text) {
            prop_assert!(!e.to_string().contains('\n'), "{}", e);
        }
    }

    #[test]
    fn card_parser_never_panics(text in "[2-9TJQKAtjqkacdhsx ,\\-]{0,30}|\\PC{0,20}") {
        let _ = uth_edge::cards::parse_cards(&text);
    }
}

/// The reference for `Fraction::to_fixed`: `round(value · 10^places)` by
/// `num-rational` (half away from zero), written as whole and decimals.
fn fixed_reference(r: &BigRational, places: u32) -> String {
    let scale = BigInt::from(10u32).pow(places);
    let rounded = (r * BigRational::from_integer(scale.clone()))
        .round()
        .to_integer();
    let magnitude = rounded.abs();
    let (whole, decimals) = (&magnitude / &scale, &magnitude % &scale);
    let sign = if r.is_negative() { "-" } else { "" };
    if places == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{decimals:0>width$}", width = places as usize)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn to_fixed_is_the_exact_value_correctly_rounded(a in rational(), places in 0u32..20) {
        prop_assert_eq!(fraction_of(&a).to_fixed(places), fixed_reference(&a, places));
    }

    #[test]
    fn to_fixed_rounds_halfway_values_away_from_zero(k in -1_000_000i64..1_000_000, places in 0u32..8) {
        // (2k + 1) / (2 · 10^places): exactly halfway between two printed
        // values, the case an f64 computation gets wrong at times.
        let r = BigRational::new(BigInt::from(2 * k + 1), BigInt::from(2) * BigInt::from(10u32).pow(places));
        prop_assert_eq!(fraction_of(&r).to_fixed(places), fixed_reference(&r, places));
    }
}

#[test]
fn percentages_are_rounded_from_the_exact_value() {
    // Fact, by hand: 3601/400000 = 0.0090025 exactly, 0.90025%, halfway
    // between 0.9002% and 0.9003%; half away from zero gives 0.9003%
    // (the f64 product 0.0090025 × 100 printed with {:.4} gave 0.9002%).
    assert_eq!(
        uth_edge::report::percent(Fraction::new(3601, 400_000)),
        "0.9003%"
    );
    assert_eq!(
        uth_edge::report::percent(Fraction::new(-3601, 400_000)),
        "-0.9003%"
    );
    // 1/8 = 0.125: two places 0.13; 2/3 to four places 0.6667; 0 is 0.0000.
    assert_eq!(Fraction::new(1, 8).to_fixed(2), "0.13");
    assert_eq!(Fraction::new(2, 3).to_fixed(4), "0.6667");
    assert_eq!(Fraction::from_int(0).to_fixed(4), "0.0000");
    assert_eq!(Fraction::new(-7, 2).to_fixed(0), "-4");
}
