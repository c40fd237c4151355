//! The tallies of a player-dealer run: exact sums and sums of squares of
//! each result, and histograms of them, per position, arrangement and
//! player, merged across chunks.

use super::plan::Plan;
use hdrhistogram::Histogram;

/// Significant decimal digits of the histograms.
const HISTOGRAM_DIGITS: u8 = 4;

/// Exact sums of a value over rounds: bounded by [`Plan::new`] so that
/// neither can pass 2^127.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Moments {
    pub sum: i128,
    pub squares: i128,
}

impl Moments {
    #[inline]
    pub(super) fn add(&mut self, v: i128) {
        self.sum += v;
        self.squares += v * v;
    }

    fn merge(&mut self, o: Moments) {
        self.sum += o.sum;
        self.squares += o.squares;
    }
}

/// A distribution of signed results: the magnitudes of the losses and of
/// the other results in two HdrHistograms, so that the precision is
/// relative to each result itself (exact, one bucket per money unit, below
/// 2^15 units in magnitude with 4 significant digits).
#[derive(Clone, Debug)]
pub(super) struct SignedHistogram {
    losses: Histogram<u64>,
    others: Histogram<u64>,
}

impl SignedHistogram {
    fn new() -> SignedHistogram {
        let h = || Histogram::new(HISTOGRAM_DIGITS).expect("valid histogram precision");
        SignedHistogram {
            losses: h(),
            others: h(),
        }
    }

    /// Records `v` (below 2^61 in magnitude, see [`Plan::new`]).
    #[inline]
    pub(super) fn record(&mut self, v: i128) {
        let (h, m) = if v < 0 {
            (&mut self.losses, -v)
        } else {
            (&mut self.others, v)
        };
        h.record(m as u64).expect("auto-resizing histogram");
    }

    fn add(&mut self, o: &SignedHistogram) {
        self.losses.add(&o.losses).expect("same precision");
        self.others.add(&o.others).expect("same precision");
    }

    /// The `rank`-th smallest recorded magnitude of `h` (1-based; the
    /// highest value of its bucket).
    fn at_rank(h: &Histogram<u64>, rank: u64) -> u64 {
        let mut seen = 0;
        for v in h.iter_recorded() {
            seen += v.count_at_value();
            if seen >= rank {
                return v.value_iterated_to();
            }
        }
        h.max()
    }

    /// The smallest result such that at least `q` of the results are at most
    /// it (`0 < q <= 1`; 0 when nothing is recorded).
    pub fn value_at_quantile(&self, q: f64) -> i128 {
        let (neg, pos) = (self.losses.len(), self.others.len());
        let n = neg + pos;
        if n == 0 {
            return 0;
        }
        let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
        if rank <= neg {
            -i128::from(Self::at_rank(&self.losses, neg - rank + 1))
        } else {
            i128::from(Self::at_rank(&self.others, rank - neg))
        }
    }
}

/// Counts of one position over rounds.
#[derive(Clone, Debug)]
pub(super) struct PositionTally {
    pub before: Moments,
    pub after: Moments,
    pub fees: i128,
    pub uncovered: i128,
    /// The money the seat's wagers would move with an unlimited bank.
    pub stake: i128,
    /// After-fee results.
    pub histogram: SignedHistogram,
}

impl PositionTally {
    fn new() -> PositionTally {
        PositionTally {
            before: Moments::default(),
            after: Moments::default(),
            fees: 0,
            uncovered: 0,
            stake: 0,
            histogram: SignedHistogram::new(),
        }
    }

    fn merge(&mut self, o: PositionTally) {
        self.before.merge(o.before);
        self.after.merge(o.after);
        self.fees += o.fees;
        self.uncovered += o.uncovered;
        self.stake += o.stake;
        self.histogram.add(&o.histogram);
    }
}

/// Counts of the rounds one player-dealer (or, pooled, every one) banked.
#[derive(Clone, Debug)]
pub(super) struct ArrangementTally {
    pub rounds: u64,
    /// The player-dealer, then seats 1 to n.
    pub positions: Vec<PositionTally>,
    pub room: Moments,
    pub exhausted: u64,
    pub capped: u64,
    pub returned: u64,
}

impl ArrangementTally {
    fn new(m: usize) -> ArrangementTally {
        ArrangementTally {
            rounds: 0,
            positions: (0..m).map(|_| PositionTally::new()).collect(),
            room: Moments::default(),
            exhausted: 0,
            capped: 0,
            returned: 0,
        }
    }

    fn merge(&mut self, o: ArrangementTally) {
        self.rounds += o.rounds;
        for (a, b) in self.positions.iter_mut().zip(o.positions) {
            a.merge(b);
        }
        self.room.merge(o.room);
        self.exhausted += o.exhausted;
        self.capped += o.capped;
        self.returned += o.returned;
    }
}

/// A player's results over whole rotations.
#[derive(Clone, Debug)]
pub(super) struct PlayerTally {
    pub before: Moments,
    pub after: Moments,
    pub histogram: SignedHistogram,
}

/// Everything counted over a set of chunks.
#[derive(Clone, Debug)]
pub(super) struct Tally {
    pub arrangements: Vec<ArrangementTally>,
    pub players: Vec<PlayerTally>,
}

impl Tally {
    pub(super) fn new(plan: &Plan) -> Tally {
        let arrangements = if plan.pooled { 1 } else { plan.m };
        Tally {
            arrangements: (0..arrangements)
                .map(|_| ArrangementTally::new(plan.m))
                .collect(),
            players: (0..plan.m)
                .map(|_| PlayerTally {
                    before: Moments::default(),
                    after: Moments::default(),
                    histogram: SignedHistogram::new(),
                })
                .collect(),
        }
    }

    pub(super) fn merge(mut self, o: Tally) -> Tally {
        for (a, b) in self.arrangements.iter_mut().zip(o.arrangements) {
            a.merge(b);
        }
        for (a, b) in self.players.iter_mut().zip(o.players) {
            a.before.merge(b.before);
            a.after.merge(b.after);
            a.histogram.add(&b.histogram);
        }
        self
    }
}
