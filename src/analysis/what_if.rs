//! What-if on one pay line: the pay that gives a target house edge, and
//! the house edge over a range of pays.
//!
//! A pay is the net win per unit wagered of an odds line (`8 to 1` is 8,
//! `3 to 2` is 3/2). Every figure is computed exactly by the engines:
//! - **Side bets** (Trips, Six Card Bonus, Bad Beat, Progressive): the
//!   strategy does not depend on the pays, so the house edge is an affine
//!   function of one line's pay, `edge(p) = edge(p0) − (p − p0)·P(line)`.
//!   The tool computes the edge at two pays, checks the line through them
//!   at a third (exactly; else it computes every point directly), and
//!   solves the target exactly.
//! - **The Blind** (the base game): the optimal strategy changes with the
//!   pay, so every point of a sweep is a full solve (all points in one
//!   pass), and a target is found by regula falsi on exact edges, each
//!   step a solve; the answer is exact when a step lands on the target.

// Fraction becomes Clone-only (exact at any size); these clones stay.
#![allow(clippy::clone_on_copy)]

use crate::analysis::catalog::Catalog;
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::{Award, PayTable, PayingHand, WagerKind};

/// A what-if that cannot be computed as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WhatIfError {
    #[error("pay table {table} has no line for '{hand}' (its lines: {lines})")]
    /// The pay table has no line for the hand.
    NoSuchLine {
        /// The pay table's id.
        table: String,
        /// The hand asked for.
        hand: String,
        /// The table's lines, listed for the message.
        lines: String,
    },
    #[error("pay table {table}, line '{hand}': only odds lines ('8 to 1') can be varied, this one pays {award}")]
    /// The line pays a fixed or meter award, not odds.
    NotOdds {
        /// The pay table's id.
        table: String,
        /// The hand of the line.
        hand: String,
        /// The line's award.
        award: String,
    },
    #[error(
        "pay {0}: a pay is a net win per unit from 0 up, with numerator and denominator below 2^63"
    )]
    /// A pay that is not a net win per unit from 0 up within range.
    BadPay(String),
    #[error("the line '{0}' is never paid, so its pay does not move the house edge")]
    /// The line is never paid, so its pay does not move the house edge.
    NeverPaid(String),
    #[error("pay table {table} with '{hand}' paying {pay}: {reason}")]
    /// The edited table breaks a rule of the pay-table reader
    /// ([`PayTable::check_lines`]).
    Invalid {
        /// The pay table's id.
        table: String,
        /// The line edited.
        hand: String,
        /// The pay, as odds.
        pay: String,
        /// The rule broken, naming the lines.
        reason: String,
    },
    #[error("the line '{0}' overlaps another line (the highest-paying matching line pays), so the house edge is not a straight line in its pay; use --sweep over the pays of interest")]
    /// An Ultimate Pairs Bonus line whose edge is not affine in its pay.
    NotAffine(String),
}

/// The table with `hand`'s line paying `pay` to 1 (as `num to den`),
/// re-validated with the reader's rules ([`PayTable::check_lines`]): an edit
/// must not make a table the reader would refuse.
pub fn with_pay(
    table: &PayTable,
    hand: PayingHand,
    pay: &Fraction,
) -> Result<PayTable, WhatIfError> {
    let edited = edit_pay(table, hand, pay)?;
    edited
        .check_lines()
        .map_err(|reason| WhatIfError::Invalid {
            table: table.id.clone(),
            hand: hand.name().to_string(),
            pay: odds_text(pay),
            reason,
        })?;
    Ok(edited)
}

/// Checks every pay of a sweep ([`with_pay`]) before any work.
pub fn check_pays(
    table: &PayTable,
    hand: PayingHand,
    pays: &[Fraction],
) -> Result<(), WhatIfError> {
    pays.iter()
        .try_for_each(|p| with_pay(table, hand, p).map(drop))
}

/// [`with_pay`] without the re-validation: the line exists and pays odds,
/// the pay is in range. For the probes of [`affine`] and the check of the
/// line before any work.
pub fn edit_pay(
    table: &PayTable,
    hand: PayingHand,
    pay: &Fraction,
) -> Result<PayTable, WhatIfError> {
    let line = table
        .lines
        .iter()
        .position(|l| l.hand == hand)
        .ok_or_else(|| WhatIfError::NoSuchLine {
            table: table.id.clone(),
            hand: hand.name().to_string(),
            lines: table
                .lines
                .iter()
                .map(|l| l.hand.name())
                .collect::<Vec<_>>()
                .join(", "),
        })?;
    if !matches!(table.lines[line].award, Award::Odds { .. }) {
        return Err(WhatIfError::NotOdds {
            table: table.id.clone(),
            hand: hand.name().to_string(),
            award: table.lines[line].award.to_string(),
        });
    }
    let (num, den) = pay
        .to_i128_parts()
        .and_then(|(n, d)| Some((u64::try_from(n).ok()?, u64::try_from(d).ok()?)))
        .filter(|&(n, d)| n < (1 << 63) && d < (1 << 63))
        .ok_or_else(|| WhatIfError::BadPay(pay.to_string()))?;
    let mut edited = table.clone();
    edited.lines[line].award = Award::Odds { win: num, per: den };
    Ok(edited)
}

/// `p` as posted odds: `8 to 1`, `3 to 2`.
pub fn odds_text(p: &Fraction) -> String {
    let text = p.to_string();
    match text.split_once('/') {
        Some((n, d)) => format!("{n} to {d}"),
        None => format!("{text} to 1"),
    }
}

/// The house edge of each table (the base game per Ante), computed in one
/// catalog (Blind tables solved in one pass).
fn edges(tables: &[PayTable], amount: &Fraction, progress: &dyn Progress) -> Vec<Fraction> {
    let catalog = Catalog::compute(tables, std::slice::from_ref(amount), progress);
    tables
        .iter()
        .map(|t| {
            catalog
                .results
                .iter()
                .find(|r| r.paytable == t.id)
                .map(|r| r.house_edge.clone())
                .expect("the catalog has a result for every table")
        })
        .collect()
}

/// The tables at each pay, with distinct ids (the catalog tells results
/// apart by id).
fn variants(
    table: &PayTable,
    hand: PayingHand,
    pays: &[Fraction],
    checked: bool,
) -> Result<Vec<PayTable>, WhatIfError> {
    pays.iter()
        .enumerate()
        .map(|(i, p)| {
            let mut t = if checked {
                with_pay(table, hand, p)?
            } else {
                edit_pay(table, hand, p)?
            };
            t.id = format!("{}#{i}", table.id);
            Ok(t)
        })
        .collect()
}

/// The house edge at each of `pays` (Six Card Bonus at `amount` dollars).
pub fn sweep(
    table: &PayTable,
    hand: PayingHand,
    pays: &[Fraction],
    amount: &Fraction,
    progress: &dyn Progress,
) -> Result<Vec<Fraction>, WhatIfError> {
    // Every edited table is re-validated before any work.
    let tables = variants(table, hand, pays, true)?;
    // The Ultimate Pairs Bonus pays the highest-paying matching line only,
    // so an edge need not be affine in one line's pay: every point is
    // computed (about a millisecond each).
    if matches!(table.wager, WagerKind::Blind | WagerKind::UltimatePairs) || pays.len() <= 3 {
        return Ok(edges(&tables, amount, progress));
    }
    match affine(table, hand, amount, progress)? {
        Some(line) => Ok(pays.iter().map(|p| line.at(p)).collect()),
        None => Ok(edges(&tables, amount, progress)),
    }
}

/// `edge(p) = edge0 + (p − p0)·slope`, exactly.
struct Affine {
    p0: Fraction,
    edge0: Fraction,
    slope: Fraction,
}

impl Affine {
    fn at(&self, p: &Fraction) -> Fraction {
        self.edge0.clone() + (p.clone() - self.p0.clone()) * self.slope.clone()
    }
}

/// The edge as an affine function of the pay, from the edges at pays 0, 1
/// and 2, when the third lies on the line through the first two (`None`
/// otherwise).
fn affine(
    table: &PayTable,
    hand: PayingHand,
    amount: &Fraction,
    progress: &dyn Progress,
) -> Result<Option<Affine>, WhatIfError> {
    let pays = [Fraction::ZERO, Fraction::ONE, Fraction::from_int(2)];
    let probes = variants(table, hand, &pays, false)?;
    // An Ultimate Pairs line whose probes the reader would refuse overlaps
    // another line: the edge is then no straight line in its pay.
    if probes.iter().any(|t| t.check_lines().is_err()) {
        return Err(WhatIfError::NotAffine(hand.name().to_string()));
    }
    let e = edges(&probes, amount, progress);
    let line = Affine {
        p0: Fraction::ZERO,
        edge0: e[0].clone(),
        slope: e[1].clone() - e[0].clone(),
    };
    Ok((line.at(&pays[2]) == e[2]).then_some(line))
}

/// The answer to "which pay gives this edge?".
#[derive(Clone, Debug, PartialEq)]
pub struct TargetPay {
    /// The exact pay that gives the target edge, if found exactly.
    pub pay: Option<Fraction>,
    /// Posted odds on each side of it (denominators 1 and 2), with their
    /// exact edges, lowest pay first.
    pub nearest: Vec<(Fraction, Fraction)>,
}

/// The pay of `hand`'s line that gives the house edge `target`.
pub fn target_pay(
    table: &PayTable,
    hand: PayingHand,
    target: &Fraction,
    amount: &Fraction,
    progress: &dyn Progress,
) -> Result<TargetPay, WhatIfError> {
    if table.wager == WagerKind::Blind {
        return blind_target(table, hand, target, amount, progress);
    }
    let line = affine(table, hand, amount, progress)?
        .ok_or_else(|| WhatIfError::NeverPaid(hand.name().to_string()))?;
    if line.slope == Fraction::ZERO {
        return Err(WhatIfError::NeverPaid(hand.name().to_string()));
    }
    let pay = (target.clone() - line.edge0.clone()) / line.slope.clone();
    // The straight line holds only while the edited table is one the reader
    // accepts (for the Ultimate Pairs Bonus: no line overtakes another).
    if table.wager == WagerKind::UltimatePairs && !pay.is_negative() {
        with_pay(table, hand, &pay).map_err(|_| WhatIfError::NotAffine(hand.name().to_string()))?;
    }
    let nearest = nearest_odds(&pay)
        .into_iter()
        .map(|p| {
            let e = line.at(&p);
            (p, e)
        })
        .collect();
    Ok(TargetPay {
        pay: Some(pay),
        nearest,
    })
}

/// Posted odds around `pay`: the whole and half pays just below and above
/// it (never negative), lowest first, without repeats.
fn nearest_odds(pay: &Fraction) -> Vec<Fraction> {
    let mut out: Vec<Fraction> = Vec::new();
    for den in [1i128, 2] {
        let scaled = pay.clone() * Fraction::from_int(den);
        let floor = floor_of(&scaled);
        for n in [floor, floor + 1] {
            if n >= 0 {
                let p = Fraction::new(n, den);
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    out
}

/// The largest whole number not above `f`.
fn floor_of(f: &Fraction) -> i128 {
    let whole = f.to_f64().floor() as i128;
    // Correct the float's rounding exactly.
    let mut n = whole;
    while Fraction::from_int(n) > *f {
        n -= 1;
    }
    while Fraction::from_int(n + 1) <= *f {
        n += 1;
    }
    n
}

/// The Blind's target by regula falsi on exact edges (each step a solve),
/// between pays 0 and 10 × the current pay (or 10).
fn blind_target(
    table: &PayTable,
    hand: PayingHand,
    target: &Fraction,
    amount: &Fraction,
    progress: &dyn Progress,
) -> Result<TargetPay, WhatIfError> {
    let edge_at = |p: &Fraction| -> Result<Fraction, WhatIfError> {
        Ok(edges(
            &variants(table, hand, std::slice::from_ref(p), false)?,
            amount,
            progress,
        )[0]
        .clone())
    };
    let mut lo = Fraction::ZERO;
    let mut hi = Fraction::from_int(10);
    let mut e_lo = edge_at(&lo)?;
    let mut e_hi = edge_at(&hi)?;
    let mut found = None;
    for _ in 0..12 {
        if e_lo == *target {
            found = Some(lo.clone());
            break;
        }
        if e_hi == *target {
            found = Some(hi.clone());
            break;
        }
        if e_lo == e_hi {
            break;
        }
        // The edge falls as the pay rises: interpolate between the ends.
        let p = lo.clone()
            + (target.clone() - e_lo.clone()) * (hi.clone() - lo.clone())
                / (e_hi.clone() - e_lo.clone());
        if p < lo || p > hi {
            break;
        }
        let e = edge_at(&p)?;
        if e == *target {
            found = Some(p);
            break;
        }
        if e > *target {
            lo = p;
            e_lo = e;
        } else {
            hi = p;
            e_hi = e;
        }
    }
    let around = found.clone().unwrap_or_else(|| lo.clone());
    let candidates = nearest_odds(&around);
    let e = edges(
        &variants(table, hand, &candidates, false)?,
        amount,
        progress,
    );
    Ok(TargetPay {
        pay: found,
        nearest: candidates.into_iter().zip(e).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posted_odds_around_a_pay() {
        // Fact: 7.3 lies between 7 and 15/2 (halves) and between 7 and 8.
        let near = nearest_odds(&Fraction::new(73, 10));
        assert_eq!(
            near,
            [
                Fraction::from_int(7),
                Fraction::new(15, 2),
                Fraction::from_int(8)
            ]
        );
        assert_eq!(odds_text(&Fraction::new(15, 2)), "15 to 2");
        assert_eq!(odds_text(&Fraction::from_int(8)), "8 to 1");
        assert_eq!(floor_of(&Fraction::new(-1, 2)), -1);
        assert_eq!(floor_of(&Fraction::from_int(3)), 3);
    }
}
