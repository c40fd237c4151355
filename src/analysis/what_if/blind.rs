//! The Blind's what-if: the pay of one Blind line that gives a target house
//! edge, found exactly over every pay the base-game solver can hold.
//!
//! # Why the search is exact
//! Fix a strategy: the only amount that moves with the pay `p` of the line
//! is the Blind's win on the deals it pays, so the strategy's house edge is
//! an affine function of `p`, with slope minus the probability that this
//! line pays the Blind under that strategy (the Blind is one Ante). The
//! optimal house edge `f(p)` is the least of these affine functions over all
//! strategies: it is concave, continuous, piecewise linear and never rising
//! in `p`. A solve at a pay `q` gives `f(q)` and, from its return table, the
//! slope of the strategy it found: the line `L_q`, with `f ≤ L_q` everywhere
//! and `f(q) = L_q(q)`.
//! - If two solved pays `a < b` find the same line `L`, then `f = L` on all
//!   of `[a, b]`: concavity puts `f` above the chord from `(a, f(a))` to
//!   `(b, f(b))`, which is `L` itself, and `f ≤ L`. So when `f(a) ≥ t ≥
//!   f(b)`, the pay `L⁻¹(t)` gives exactly the edge `t`, whatever its
//!   denominator (it need not be a pay the solver can hold).
//! - Every line bounds the answer from above: `t = f(p*) ≤ L(p*)`, so `p* ≤
//!   L⁻¹(t)`. The search solves at the least of these bounds (Newton's
//!   method on a piecewise-linear function, from the high side), rounded
//!   down and up to pays the solver holds; each pass lands on a new piece or
//!   brackets the answer within one, so it ends after finitely many passes
//!   (a handful in practice, two solves a pass).
//! - `f` is continuous and never rises, so the edges reachable over pays
//!   from 0 to the largest the solver holds are exactly those from
//!   `f(largest)` to `f(0)`: a target outside is refused with that range.
//!
//! # What the solver holds
//! The solver's sums are 64-bit and proven not to overflow only while every
//! amount is at most 2^40 units of `1/d` Ante, `d` the common denominator
//! of the pays ([`crate::exact::game::MAX_UNITS`]); a pay with a large
//! numerator or denominator breaks that. Every pay solved here is checked
//! first ([`check_blind_table`]), and the search rounds its candidates to
//! the finest power-of-two denominator the check accepts.
//!
//! # Limit
//! If the target lies exactly at a change of strategy, or within a piece of
//! the edge narrower than the finest pays the solver holds there, two
//! solved pays cannot prove it; the search then refuses, naming the pays
//! that bracket the answer. No built-in table has shown this.

// Fraction becomes Clone-only (exact at any size); these clones stay.
#![allow(clippy::clone_on_copy)]

use super::{edit_pay, percent_text, WhatIfError};
use crate::exact::game::{check_blind_table, try_solve_many, RiverTable};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::reader::MAX_ODDS_TERM;
use crate::rules::paytable::{PayTable, PayingHand};

/// The passes (two solves each) the search may take before it gives up.
const MAX_PASSES: usize = 40;

/// The optimal house edge at one pay, with the slope in the pay of the
/// strategy the solver found there: the line `edge + (p − pay)·slope`.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The pay solved at.
    pub pay: Fraction,
    /// The exact house edge per Ante at that pay, optimal play.
    pub edge: Fraction,
    /// The change of that strategy's house edge per unit of pay: minus the
    /// probability that the line pays the Blind.
    pub slope: Fraction,
}

impl Piece {
    /// The edge of this piece's strategy at pay `p`.
    pub fn at(&self, p: &Fraction) -> Fraction {
        self.edge.clone() + (p.clone() - self.pay.clone()) * self.slope.clone()
    }

    /// The pay at which this piece's strategy has edge `target` (none if
    /// its edge does not move with the pay).
    pub fn pay_for(&self, target: &Fraction) -> Option<Fraction> {
        (!self.slope.is_zero())
            .then(|| self.pay.clone() + (target.clone() - self.edge.clone()) / self.slope.clone())
    }

    /// Whether two pieces are the same line (same slope, same edge at 0).
    pub fn same_line(&self, other: &Piece) -> bool {
        self.slope == other.slope && self.at(&Fraction::ZERO) == other.at(&Fraction::ZERO)
    }
}

/// The exact answer for a Blind table: the pay, and the solved pays on
/// either side of it that prove it.
#[derive(Clone, Debug)]
pub struct BlindAnswer {
    /// The exact pay giving the target edge.
    pub pay: Fraction,
    /// The solved pay at or below it on the proving line.
    pub below: Piece,
    /// The solved pay at or above it on the proving line.
    pub above: Piece,
    /// Every pay solved, in the order solved (the search's record).
    pub solved: Vec<Piece>,
}

/// The Blind line's pays the solver can hold: from 0 to the largest whole
/// pay (at most the pay-table format's 10^12 to 1).
pub fn max_pay(table: &PayTable, hand: PayingHand) -> Result<Fraction, WhatIfError> {
    if !holds(table, hand, &Fraction::ZERO)? {
        return Err(out_of_range(table, hand, &Fraction::ZERO, None));
    }
    // Holding is monotone in a whole pay: every amount grows with it.
    let (mut good, mut bad) = (0u64, MAX_ODDS_TERM + 1);
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if holds(table, hand, &Fraction::from_int(mid as i128))? {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Ok(Fraction::from_int(good as i128))
}

/// Whether the solver holds the table with the line paying `pay`.
pub fn holds(table: &PayTable, hand: PayingHand, pay: &Fraction) -> Result<bool, WhatIfError> {
    match edit_pay(table, hand, pay) {
        Ok(edited) => Ok(check_blind_table(&edited).is_ok()),
        Err(WhatIfError::BadPay(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The refusal of a pay the solver cannot hold, naming the range it can.
pub fn out_of_range(
    table: &PayTable,
    hand: PayingHand,
    pay: &Fraction,
    max: Option<&Fraction>,
) -> WhatIfError {
    WhatIfError::BlindRange {
        table: table.id.clone(),
        hand: hand.name().to_string(),
        pay: super::odds_text(pay),
        range: match max {
            Some(m) => format!(
                "it holds this line's whole pays from 0 to {} to 1, and fractions while \
                 every amount stays within 2^40 units of 1/d Ante (d the common denominator \
                 of the pays)",
                m
            ),
            None => "it holds no pay of this line with the table's other pays".to_string(),
        },
    }
}

/// Solves the base game at each pay (two pays a flop pass). Every pay must
/// be one the solver holds ([`holds`]).
pub fn solve_at(
    river: &RiverTable,
    table: &PayTable,
    hand: PayingHand,
    pays: &[Fraction],
    progress: &dyn Progress,
) -> Result<Vec<Piece>, WhatIfError> {
    let PayingHand::Category(category) = hand else {
        return Err(WhatIfError::NeverPaid(hand.name().to_string()));
    };
    let tables = pays
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut t = edit_pay(table, hand, p)?;
            t.id = format!("{}#{i}", table.id);
            Ok(t)
        })
        .collect::<Result<Vec<_>, WhatIfError>>()?;
    let mut pieces = Vec::with_capacity(pays.len());
    for (chunk, chunk_pays) in tables.chunks(2).zip(pays.chunks(2)) {
        let solutions =
            try_solve_many(river, chunk, progress).map_err(|e| WhatIfError::BlindRange {
                table: table.id.clone(),
                hand: hand.name().to_string(),
                pay: chunk_pays
                    .iter()
                    .map(super::odds_text)
                    .collect::<Vec<_>>()
                    .join(" or "),
                range: e.to_string(),
            })?;
        for (solution, pay) in solutions.iter().zip(chunk_pays) {
            let summary = solution.summary();
            // The deals on which this line pays the Blind (one Ante each).
            let paid: u64 = summary
                .return_table
                .iter()
                .filter(|l| l.blind_hand == Some(category))
                .map(|l| l.combinations)
                .sum();
            pieces.push(Piece {
                pay: pay.clone(),
                edge: summary.house_edge.clone(),
                slope: -Fraction::new(paid as i128, summary.sequences as i128),
            });
        }
    }
    Ok(pieces)
}

/// The pay of `hand`'s line of the Blind `table` that gives the house edge
/// `target` under optimal play, exactly, solving the game on `river`'s deck
/// (see the module notes). Refuses a target outside the reachable range.
pub fn target_pay(
    river: &RiverTable,
    table: &PayTable,
    hand: PayingHand,
    target: &Fraction,
    progress: &dyn Progress,
) -> Result<BlindAnswer, WhatIfError> {
    let max = max_pay(table, hand)?;
    let mut solved = solve_at(river, table, hand, &[Fraction::ZERO, max.clone()], progress)?;
    let (top, bottom) = (solved[0].clone(), solved[1].clone());
    if *target > top.edge || *target < bottom.edge {
        return Err(WhatIfError::Unreachable {
            table: table.id.clone(),
            hand: hand.name().to_string(),
            target: percent_text(target),
            range: super::range_text(&max, true, &top.edge, &bottom.edge),
        });
    }
    for _ in 0..MAX_PASSES {
        let (below, above) = bracket(&solved, target);
        let answer = |pay: Fraction| BlindAnswer {
            pay,
            below: below.clone(),
            above: above.clone(),
            solved: solved.clone(),
        };
        if below.edge == *target {
            return Ok(answer(below.pay.clone()));
        }
        if above.edge == *target {
            return Ok(answer(above.pay.clone()));
        }
        if below.same_line(&above) {
            if let Some(pay) = below.pay_for(target) {
                return Ok(answer(pay));
            }
        }
        // Every solved line bounds the answer from above.
        let bound = solved
            .iter()
            .filter_map(|s| s.pay_for(target))
            .filter(|p| *p >= below.pay)
            .fold(above.pay.clone(), |least, p| least.min(p));
        let inside = |p: &Fraction| *p > below.pay && *p < above.pay;
        let mut next: Vec<Fraction> = Vec::new();
        if inside(&bound) && holds(table, hand, &bound)? {
            next.push(bound.clone());
        }
        for up in [false, true] {
            if let Some(p) = on_grid(table, hand, &bound, up, &max)? {
                if inside(&p) && !next.contains(&p) {
                    next.push(p);
                }
            }
        }
        if next.is_empty() {
            let middle = (below.pay.clone() + above.pay.clone()) / Fraction::from_int(2);
            if let Some(p) = on_grid(table, hand, &middle, false, &max)?.filter(|p| inside(p)) {
                next.push(p);
            }
        }
        if next.is_empty() {
            return Err(unsettled(table, hand, target, &below, &above));
        }
        next.truncate(2);
        solved.extend(solve_at(river, table, hand, &next, progress)?);
    }
    let (below, above) = bracket(&solved, target);
    Err(unsettled(table, hand, target, &below, &above))
}

/// The solved pays nearest the answer: the largest whose edge is at or
/// above `target` and the smallest whose edge is at or below it. `solved`
/// holds pay 0 (edge at or above the target) and the largest pay (at or
/// below it).
fn bracket(solved: &[Piece], target: &Fraction) -> (Piece, Piece) {
    let mut below = &solved[0];
    let mut above = &solved[1];
    for s in solved {
        if s.edge >= *target && s.pay > below.pay {
            below = s;
        }
        if s.edge <= *target && s.pay < above.pay {
            above = s;
        }
    }
    (below.clone(), above.clone())
}

/// The pay nearest `x` (rounded down, or up if `up`) with the finest
/// power-of-two denominator the solver holds, within 0 and `max`.
fn on_grid(
    table: &PayTable,
    hand: PayingHand,
    x: &Fraction,
    up: bool,
    max: &Fraction,
) -> Result<Option<Fraction>, WhatIfError> {
    for k in (0..=40).rev() {
        let unit = Fraction::from_int(1i128 << k);
        let scaled = (x.clone() * unit.clone()).to_big();
        let whole = if up { scaled.ceil() } else { scaled.floor() };
        let p = Fraction::from_big(whole) / unit;
        if p.is_negative() || p > *max {
            continue;
        }
        if holds(table, hand, &p)? {
            return Ok(Some(p));
        }
    }
    Ok(None)
}

/// The refusal when two solved pays bracket the answer on different lines
/// and no pay the solver holds lies between them.
fn unsettled(
    table: &PayTable,
    hand: PayingHand,
    target: &Fraction,
    below: &Piece,
    above: &Piece,
) -> WhatIfError {
    WhatIfError::Unsettled {
        table: table.id.clone(),
        hand: hand.name().to_string(),
        target: percent_text(target),
        below: format!(
            "{} (edge {} = {})",
            super::odds_text(&below.pay),
            percent_text(&below.edge),
            below.edge
        ),
        above: format!(
            "{} (edge {} = {})",
            super::odds_text(&above.pay),
            percent_text(&above.edge),
            above.edge
        ),
    }
}
