//! Sessions: consecutive blocks of hands, their results counted exactly
//! (sums, the chance of finishing ahead, of losing more than `X`, of the
//! running total reaching `-B`) and their distribution kept in a histogram.
//! A chunk counts the sessions it holds whole and hands on the pieces of the
//! others, which [`join_pieces`] puts together in order, so that the results
//! do not depend on the threads.
//!
//! Range: [`session_rules`] checks, before any hand is dealt, that a
//! session's result and lowest running total stay below 2^62 session units
//! in magnitude (at most `K` times the largest loss or win of one hand), so
//! every sum below is exact.

use super::cells::Money;
use super::config::{SessionConfig, SimulationError};
use super::HISTOGRAM_DIGITS;
use crate::fraction::Fraction;
use hdrhistogram::Histogram;

/// A run of consecutive hands of one session: its net and the lowest
/// running total (counting the empty start, 0).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(super) struct Segment {
    /// Hands in the segment.
    pub hands: u64,
    /// Net result, session units.
    pub sum: i64,
    /// Lowest running total.
    pub low: i64,
}

impl Segment {
    #[inline]
    pub fn push(&mut self, value: i64) {
        self.hands += 1;
        self.sum += value;
        self.low = self.low.min(self.sum);
    }

    /// This segment followed by `next`.
    pub fn then(self, next: Segment) -> Segment {
        Segment {
            hands: self.hands + next.hands,
            sum: self.sum + next.sum,
            low: self.low.min(self.sum + next.low),
        }
    }
}

/// The part of a session that lies in one chunk, when the session does not
/// lie in a single chunk.
#[derive(Clone, Copy, Debug)]
pub(super) struct Piece {
    pub session: u64,
    pub chunk: u64,
    pub segment: Segment,
}

/// Session thresholds in session units.
#[derive(Clone, Debug)]
pub(super) struct SessionRules {
    pub hands: u64,
    /// Recorded value = result + shift.
    pub shift: i64,
    /// Loss more than X  <=>  result < -X  <=>  result <= loss_at[i].
    pub loss_at: Vec<i64>,
    /// Ruin  <=>  lowest running total <= ruin_at.
    pub ruin_at: Option<i64>,
}

/// Counts over complete sessions.
#[derive(Clone, Debug)]
pub(super) struct SessionTally {
    pub histogram: Histogram<u64>,
    pub count: u64,
    /// Sum of the results: below 2^62 each in magnitude, fewer than 2^64
    /// of them, so below 2^126.
    pub sum: i128,
    pub sum_squares: SumOfSquares,
    pub ahead: u64,
    pub even: u64,
    pub losses: Vec<u64>,
    pub ruined: u64,
    /// Sessions not wholly in the chunks counted, for [`join_pieces`].
    pub pieces: Vec<Piece>,
}

impl SessionTally {
    pub fn new(rules: &SessionRules) -> SessionTally {
        SessionTally {
            histogram: Histogram::new(HISTOGRAM_DIGITS).expect("valid histogram precision"),
            count: 0,
            sum: 0,
            sum_squares: SumOfSquares::default(),
            ahead: 0,
            even: 0,
            losses: vec![0; rules.loss_at.len()],
            ruined: 0,
            pieces: Vec::new(),
        }
    }

    pub fn record(&mut self, rules: &SessionRules, s: Segment) {
        // |s.sum| <= span < 2^62 and s.sum + shift >= 0 (`session_rules`).
        let value = (s.sum + rules.shift) as u64;
        self.histogram
            .record(value)
            .expect("auto-resizing histogram records any value");
        self.count += 1;
        self.sum += i128::from(s.sum);
        self.sum_squares
            .add(u128::from(s.sum.unsigned_abs()).pow(2));
        self.ahead += u64::from(s.sum > 0);
        self.even += u64::from(s.sum == 0);
        for (n, &at) in self.losses.iter_mut().zip(&rules.loss_at) {
            *n += u64::from(s.sum <= at);
        }
        if let Some(at) = rules.ruin_at {
            self.ruined += u64::from(s.low <= at);
        }
    }

    pub fn merge(&mut self, other: SessionTally) {
        self.histogram
            .add(&other.histogram)
            .expect("auto-resizing histograms add");
        self.count += other.count;
        self.sum += other.sum;
        self.sum_squares.merge(other.sum_squares);
        self.ahead += other.ahead;
        self.even += other.even;
        for (a, b) in self.losses.iter_mut().zip(other.losses) {
            *a += b;
        }
        self.ruined += other.ruined;
        self.pieces.extend(other.pieces);
    }
}

/// A sum of squares of session results. Each square is below 2^124 (a
/// result is below 2^62 in magnitude) and there are fewer than 2^64
/// sessions, so a 128-bit low part and the count of its wraparounds hold
/// the sum exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct SumOfSquares {
    low: u128,
    wraps: u64,
}

impl SumOfSquares {
    fn add(&mut self, square: u128) {
        let (low, wrapped) = self.low.overflowing_add(square);
        self.low = low;
        self.wraps += u64::from(wrapped);
    }

    fn merge(&mut self, other: SumOfSquares) {
        self.add(other.low);
        self.wraps += other.wraps;
    }

    /// The sum, if below 2^127.
    pub fn exact(self) -> Option<i128> {
        if self.wraps == 0 {
            i128::try_from(self.low).ok()
        } else {
            None
        }
    }

    /// The sum in floating point.
    pub fn to_f64(self) -> f64 {
        self.wraps as f64 * 2f64.powi(128) + self.low as f64
    }
}

/// `(-x · scale)` as an exact ratio `(numerator, denominator > 0)`, if its
/// parts fit.
fn minus_scaled(x: &Fraction, scale: i128) -> Option<(i128, i128)> {
    let (n, d) = x.to_i128_parts()?;
    Some((n.checked_mul(scale)?.checked_neg()?, d))
}

/// A threshold in session units as a 64-bit integer: beyond the range of
/// session results (below 2^62 in magnitude), any value beyond it answers
/// the same, so it is clamped.
fn clamp(v: Option<i128>, huge_negative: bool) -> i64 {
    match v {
        Some(v) => i64::try_from(v).unwrap_or(if v < 0 { i64::MIN } else { i64::MAX }),
        None if huge_negative => i64::MIN,
        None => i64::MAX,
    }
}

/// The rules of `session` in the session units of `money`, or the session
/// length whose results would not fit.
pub(super) fn session_rules(
    session: &SessionConfig,
    money: &Money,
) -> Result<SessionRules, SimulationError> {
    let scale = money.session_scale;
    let too_long = || SimulationError::SessionTooLong(session.hands);
    let (worst_loss, best_win) = money.hand_extremes().ok_or_else(too_long)?;
    let k = i64::try_from(session.hands).map_err(|_| too_long())?;
    let shift = k.checked_mul(worst_loss).ok_or_else(too_long)?;
    // The largest shifted value must fit the histogram (below 2^62).
    let span = k
        .checked_mul(best_win)
        .and_then(|w| w.checked_add(shift))
        .ok_or_else(too_long)?;
    if span >= 1 << 62 {
        return Err(too_long());
    }
    Ok(SessionRules {
        hands: session.hands,
        shift,
        // result < -X·scale  <=>  result <= ceil(-X·scale) - 1
        loss_at: session
            .loss_thresholds
            .iter()
            .map(|x| {
                let ceil = minus_scaled(x, scale)
                    .and_then(|(n, d)| {
                        n.div_euclid(d)
                            .checked_add(i128::from(n.rem_euclid(d) != 0))
                    })
                    .and_then(|c| c.checked_sub(1));
                clamp(ceil, x.is_positive())
            })
            .collect(),
        // low <= -B·scale  <=>  low <= floor(-B·scale)
        ruin_at: session.bankroll.as_ref().map(|b| {
            let floor = minus_scaled(b, scale).map(|(n, d)| n.div_euclid(d));
            clamp(floor, b.is_positive())
        }),
    })
}

/// Joins the pieces of the sessions that straddle chunks, in order, and
/// records the complete ones (sessions `0..complete`).
pub(super) fn join_pieces(sessions: &mut SessionTally, rules: &SessionRules, complete: u64) {
    let mut pieces = std::mem::take(&mut sessions.pieces);
    pieces.sort_by_key(|p| (p.session, p.chunk));
    let mut i = 0;
    while i < pieces.len() {
        let mut segment = Segment::default();
        let s = pieces[i].session;
        while i < pieces.len() && pieces[i].session == s {
            segment = segment.then(pieces[i].segment);
            i += 1;
        }
        if s < complete {
            debug_assert_eq!(segment.hands, rules.hands);
            sessions.record(rules, segment);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_join_like_one_run() {
        let values = [3, -5, 2, -7, 10, -1, -4];
        for split in 0..=values.len() {
            let mut whole = Segment::default();
            let (mut a, mut b) = (Segment::default(), Segment::default());
            for (i, &v) in values.iter().enumerate() {
                whole.push(v);
                if i < split {
                    a.push(v)
                } else {
                    b.push(v)
                }
            }
            assert_eq!(a.then(b), whole);
        }
    }

    #[test]
    fn sums_of_squares_past_2_128_are_kept() {
        // 2^124 - 1 added 33 times: 33·(2^124 - 1) > 2^129, against u128
        // arithmetic split by hand.
        let square = (1u128 << 124) - 1;
        let mut s = SumOfSquares::default();
        for _ in 0..33 {
            s.add(square);
        }
        assert_eq!(s.wraps, 2);
        assert_eq!(s.low, square.wrapping_mul(33));
        assert_eq!(s.exact(), None);
        let mut t = SumOfSquares::default();
        t.add(5);
        assert_eq!(t.exact(), Some(5));
        t.merge(s);
        assert_eq!(
            (t.wraps, t.low),
            (2, square.wrapping_mul(33).wrapping_add(5))
        );
        assert!((s.to_f64() / (33.0 * 2f64.powi(124)) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn thresholds_beyond_any_result_are_clamped() {
        let x = Fraction::new(999_999_999_999, 1);
        assert_eq!(minus_scaled(&x, i128::MAX / 2), None);
        assert_eq!(clamp(None, true), i64::MIN);
        assert_eq!(minus_scaled(&Fraction::new(7, 2), 3), Some((-21, 2)));
        assert_eq!(clamp(Some(i128::from(i64::MAX) + 1), false), i64::MAX);
    }
}
