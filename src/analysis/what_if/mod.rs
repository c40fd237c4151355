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
//!   pass), and a target is found exactly by the search of [`blind`]: the
//!   edge is concave and piecewise linear in the pay, each solve gives the
//!   line of its strategy, and two solved pays on one line prove the pay
//!   between them.
//!
//! A pay is searched from 0 to 1 up to the largest odds a pay table can
//! post ([`MAX_ODDS_TERM`] to 1), for the Blind up to the largest pay the
//! solver holds ([`blind::max_pay`]). A target no pay in that range gives
//! is refused with the range of edges the pays give (the edge is monotone in
//! the pay, so its ends are the edges at the ends of the range).

// Fraction becomes Clone-only (exact at any size); these clones stay.
#![allow(clippy::clone_on_copy)]

pub mod blind;
pub mod edit;
pub mod family;

use crate::analysis::catalog::Catalog;
use crate::cards::CardSet;
use crate::exact::game::RiverTable;
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::reader::MAX_ODDS_TERM;
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
    #[error("pay table {table}: {reason}")]
    /// An added or removed line, or a family of tables, that cannot be
    /// made or computed as asked.
    Edit {
        /// The pay table's id.
        table: String,
        /// What is wrong, naming the flag and the value.
        reason: String,
    },
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
    #[error("pay table {table}, line '{hand}': no pay gives a house edge of {target}; {range}")]
    /// A target edge no pay in the searched range gives.
    Unreachable {
        /// The pay table's id.
        table: String,
        /// The line varied.
        hand: String,
        /// The target edge, as a percentage.
        target: String,
        /// The pays searched and the edges they give.
        range: String,
    },
    #[error("pay table {table}, line '{hand}' paying {pay}: the base-game solver cannot hold this pay exactly; {range}")]
    /// A Blind pay whose amounts exceed the solver's proven range
    /// ([`crate::exact::game::MAX_UNITS`]).
    BlindRange {
        /// The pay table's id.
        table: String,
        /// The line varied.
        hand: String,
        /// The pay, as odds.
        pay: String,
        /// The pays the solver holds.
        range: String,
    },
    #[error("pay table {table}, line '{hand}': the pay for a house edge of {target} lies between {below} and {above}, on a change of the optimal strategy that no pay the solver holds separates, so it is not settled exactly")]
    /// A Blind target the search could not settle exactly (see [`blind`]).
    Unsettled {
        /// The pay table's id.
        table: String,
        /// The line varied.
        hand: String,
        /// The target edge, as a percentage.
        target: String,
        /// The solved pay below the answer, with its edge.
        below: String,
        /// The solved pay above the answer, with its edge.
        above: String,
    },
}

/// `f` as a percentage for messages: `2.1850%`.
fn percent_text(f: &Fraction) -> String {
    format!("{:.4}%", f.to_f64() * 100.0)
}

/// The searched pays and the edges at their ends, for a refusal:
/// `pays from 0 to 1 up to 1000000000000 to 1 give house edges from ... to ...`.
fn range_text(max: &Fraction, included: bool, at_zero: &Fraction, at_max: &Fraction) -> String {
    let end = if included {
        format!("up to {}", odds_text(max))
    } else {
        format!(
            "up to but not including {} (where the line meets another line)",
            odds_text(max)
        )
    };
    format!(
        "pays from 0 to 1 {end} give house edges from {} (= {}) to {} (= {})",
        percent_text(at_zero),
        at_zero,
        percent_text(at_max),
        at_max
    )
}

/// Whether `pay` can be written in a pay table: odds `WIN to PER` in lowest
/// terms, each side a whole number from 1 to [`MAX_ODDS_TERM`].
pub fn fits_table_format(pay: &Fraction) -> bool {
    let max = num_bigint::BigInt::from(MAX_ODDS_TERM);
    let (n, d) = (pay.numerator(), pay.denominator());
    n >= num_bigint::BigInt::from(1) && n <= max && d <= max
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

/// Checks every pay of a sweep ([`with_pay`]) before any work; on a Blind
/// table, also that the solver holds each pay ([`blind::holds`]).
pub fn check_pays(
    table: &PayTable,
    hand: PayingHand,
    pays: &[Fraction],
) -> Result<(), WhatIfError> {
    for p in pays {
        with_pay(table, hand, p)?;
        if table.wager == WagerKind::Blind && !blind::holds(table, hand, p)? {
            let max = blind::max_pay(table, hand)?;
            return Err(blind::out_of_range(table, hand, p, Some(&max)));
        }
    }
    Ok(())
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
pub(crate) fn edges(
    tables: &[PayTable],
    amount: &Fraction,
    progress: &dyn Progress,
) -> Vec<Fraction> {
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
    /// The exact pay that gives the target edge.
    pub pay: Fraction,
    /// Whether a pay table can post it ([`fits_table_format`]).
    pub fits_table_format: bool,
    /// Posted odds on each side of it (denominators 1 and 2), with their
    /// exact edges, lowest pay first.
    pub nearest: Vec<(Fraction, Fraction)>,
    /// Base-game solves the answer took (0 for a side bet).
    pub solves: usize,
    /// For the Blind: whether the solver can solve the table with this pay
    /// directly (when not, the pay is proven by the solves around it).
    pub solver_holds: Option<bool>,
}

/// The pay of `hand`'s line that gives the house edge `target`, exactly, or
/// a refusal naming the edges the pays can give.
pub fn target_pay(
    table: &PayTable,
    hand: PayingHand,
    target: &Fraction,
    amount: &Fraction,
    progress: &dyn Progress,
) -> Result<TargetPay, WhatIfError> {
    if table.wager == WagerKind::Blind {
        // Before the river table (the bulk of the memory): the line and its range.
        blind::max_pay(table, hand)?;
        let river = RiverTable::build(CardSet::FULL_DECK, progress);
        return blind_target(&river, table, hand, target, progress);
    }
    let line = affine(table, hand, amount, progress)?
        .ok_or_else(|| WhatIfError::NeverPaid(hand.name().to_string()))?;
    if line.slope == Fraction::ZERO {
        return Err(WhatIfError::NeverPaid(hand.name().to_string()));
    }
    // The straight line holds from pay 0 up to `end` (for the Ultimate
    // Pairs Bonus, while no line overtakes another).
    let (end, included) = straight_until(table, hand)?;
    let (at_zero, at_end) = (line.at(&Fraction::ZERO), line.at(&end));
    let (low, high) = if at_zero <= at_end {
        (&at_zero, &at_end)
    } else {
        (&at_end, &at_zero)
    };
    let inside_end = |edge: &Fraction| included || *edge != at_end;
    if target < low || target > high || !inside_end(target) {
        return Err(WhatIfError::Unreachable {
            table: table.id.clone(),
            hand: hand.name().to_string(),
            target: percent_text(target),
            range: range_text(&end, included, &at_zero, &at_end),
        });
    }
    let pay = (target.clone() - line.edge0.clone()) / line.slope.clone();
    let nearest = nearest_odds(&pay)
        .into_iter()
        .filter(|p| *p < end || (included && *p == end))
        .map(|p| {
            let e = line.at(&p);
            (p, e)
        })
        .collect();
    Ok(TargetPay {
        fits_table_format: fits_table_format(&pay),
        pay,
        nearest,
        solves: 0,
        solver_holds: None,
    })
}

/// The pays over which one line's edge is a straight line: from 0 up to
/// the returned pay (`true`: included). For every wager but the Ultimate
/// Pairs Bonus, up to [`MAX_ODDS_TERM`] to 1. An Ultimate Pairs line stays
/// straight while the edited table stays one the reader accepts: the lines
/// paying each deal change order only at another line's pay, so validity is
/// checked at each such pay and between each two.
fn straight_until(table: &PayTable, hand: PayingHand) -> Result<(Fraction, bool), WhatIfError> {
    let max = Fraction::from_int(MAX_ODDS_TERM as i128);
    if table.wager != WagerKind::UltimatePairs {
        return Ok((max, true));
    }
    let valid = |p: &Fraction| -> Result<bool, WhatIfError> {
        Ok(edit_pay(table, hand, p)?.check_lines().is_ok())
    };
    let mut stops: Vec<Fraction> = table
        .lines
        .iter()
        .filter(|l| l.hand != hand)
        .filter_map(|l| match l.award {
            Award::Odds { win, per } => Some(Fraction::new(win as i128, per as i128)),
            _ => None,
        })
        .filter(|p| *p > Fraction::ZERO && *p < max)
        .collect();
    stops.push(max);
    stops.sort();
    stops.dedup();
    let mut last = Fraction::ZERO;
    for stop in stops {
        let middle = (last.clone() + stop.clone()) / Fraction::from_int(2);
        if !valid(&middle)? {
            return Ok((last, true));
        }
        if !valid(&stop)? {
            return Ok((stop, false));
        }
        last = stop;
    }
    Ok((last, true))
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

/// The Blind's target on `river`'s deck ([`blind::target_pay`]), with the
/// exact edges of the posted odds around it (from the proving line where
/// they lie on it, else solved).
pub fn blind_target(
    river: &RiverTable,
    table: &PayTable,
    hand: PayingHand,
    target: &Fraction,
    progress: &dyn Progress,
) -> Result<TargetPay, WhatIfError> {
    let found = blind::target_pay(river, table, hand, target, progress)?;
    let max = blind::max_pay(table, hand)?;
    let on_line = |p: &Fraction| *p >= found.below.pay && *p <= found.above.pay;
    let proven = |p: &Fraction| {
        if on_line(p) && found.below.same_line(&found.above) {
            Some(found.below.at(p))
        } else {
            found
                .solved
                .iter()
                .find(|s| s.pay == *p)
                .map(|s| s.edge.clone())
        }
    };
    let candidates: Vec<Fraction> = nearest_odds(&found.pay)
        .into_iter()
        .filter(|p| *p <= max)
        .collect();
    let to_solve: Vec<Fraction> = candidates
        .iter()
        .filter(|p| proven(p).is_none())
        .cloned()
        .collect();
    let solved = blind::solve_at(river, table, hand, &to_solve, progress)?;
    let nearest = candidates
        .into_iter()
        .map(|p| {
            let edge = proven(&p).unwrap_or_else(|| {
                solved
                    .iter()
                    .find(|s| s.pay == p)
                    .map(|s| s.edge.clone())
                    .expect("every candidate not on the line is solved")
            });
            (p, edge)
        })
        .collect();
    Ok(TargetPay {
        fits_table_format: fits_table_format(&found.pay),
        solver_holds: Some(blind::holds(table, hand, &found.pay)?),
        pay: found.pay,
        nearest,
        solves: found.solved.len() + to_solve.len(),
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
