//! The player-dealer simulation: the plan of a run (every amount in integer
//! money units, checked), the rounds of a chunk of rotations, the tallies.

use super::figures::{self, PlayerDealerReport};
use super::{check_inputs, ExactInputs, PlayerDealerConfig, PlayerDealerError, CHUNK_ROTATIONS};
use crate::cards::Card;
use crate::evaluator::{tables, HandCategory, PartialHand};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::collection::DealerFeeBasis;
use crate::rules::settlement::{
    settle_base, settle_player_dealer_round, settle_trips, SeatClaims, SeatSettled, Versus,
};
use crate::sample::cells::{base_cell, base_round, versus_index};
use crate::sample::rng::{below, chunk_rng};
use crate::sample::BASE_CELLS;
use crate::strategy::{play_round, Strategy};
use hdrhistogram::Histogram;
use rayon::prelude::*;

/// The label under which a run reports its progress, in rotations.
pub const PROGRESS_LABEL: &str = "player-dealer rotations";

/// Significant decimal digits of the histograms.
const HISTOGRAM_DIGITS: u8 = 4;

/// One player's wagers in money units, for every round outcome.
#[derive(Clone, Debug)]
pub(super) struct SeatTable {
    /// Ante, Play, Blind results per base-game cell.
    pub base: Vec<[i128; 3]>,
    /// Trips result per category of the player's hand (0 without Trips).
    pub trips: [i128; HandCategory::COUNT],
    /// The player's fee, by Play (0 = fold, 1 to 4 Antes).
    pub fee: [i128; 5],
    /// The player-dealer's per-square fee for covering this seat, by Play.
    pub dealer_fee: [i128; 5],
    /// The charged total of the seat's wagers, by Play.
    pub charged: [i128; 5],
}

/// A run's plan: every amount in money units of `1 / scale` dollar.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    pub scale: i128,
    /// Players at the table (the player-dealer included).
    pub m: usize,
    /// Per player, the seat table of its wagers.
    pub players: Vec<SeatTable>,
    pub bank: Option<i128>,
    pub win_cap: bool,
    /// On the total-table-action basis: `(from, to, fee)` of each rate.
    pub total_rates: Option<Vec<(i128, Option<i128>, i128)>>,
    /// Whether the positions are pooled over every player-dealer.
    pub pooled: bool,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

impl Plan {
    /// The plan of `config`, or why it cannot be run (before any card).
    pub fn new(config: &PlayerDealerConfig) -> Result<Plan, PlayerDealerError> {
        check_inputs(config)?;
        let fees = config.fees.as_ref();
        let fee_error = PlayerDealerError::Fees;
        // Every amount as a fraction first.
        struct Exact {
            base: Vec<[Fraction; 3]>,
            trips: Vec<Fraction>,
            fee: Vec<Fraction>,
            dealer_fee: Vec<Fraction>,
            charged: Vec<Fraction>,
        }
        let mut exact = Vec::new();
        for (p, w) in config.players.iter().enumerate() {
            let base = (0..BASE_CELLS)
                .map(|c| {
                    let net = settle_base(&config.blind, base_round(c));
                    [
                        net.ante * w.ante.clone(),
                        net.play * w.ante.clone(),
                        net.blind * w.ante.clone(),
                    ]
                })
                .collect();
            let trips = HandCategory::ALL
                .iter()
                .map(|&c| match &config.trips {
                    Some(t) if w.trips.is_positive() => settle_trips(t, c) * w.trips.clone(),
                    _ => Fraction::ZERO,
                })
                .collect();
            let (mut fee, mut dealer_fee, mut charged) = (vec![], vec![], vec![]);
            for play in 0..=4u8 {
                let squares = config.squares(p, play);
                let (f, d, c) = match fees {
                    Some(s) => {
                        let (f, d) = s.seat_fees(&squares).map_err(fee_error)?;
                        (f, d, s.charged_total(&squares))
                    }
                    None => (Fraction::ZERO, Fraction::ZERO, Fraction::ZERO),
                };
                fee.push(f);
                dealer_fee.push(d);
                charged.push(c);
            }
            exact.push(Exact {
                base,
                trips,
                fee,
                dealer_fee,
                charged,
            });
        }
        let total_rates: Option<Vec<_>> = fees
            .filter(|s| s.player_dealer_basis == DealerFeeBasis::TotalTableAction)
            .map(|s| {
                s.rates
                    .iter()
                    .map(|r| {
                        (
                            r.wager_from.clone(),
                            r.wager_to.clone(),
                            r.player_dealer_fee.clone(),
                        )
                    })
                    .collect()
            });
        // Every total table action that can occur has a rate.
        if let Some(s) = fees {
            let m = config.players.len();
            for d in 0..m {
                let mut totals = vec![Fraction::ZERO];
                for j in 1..m {
                    let p = (d + j) % m;
                    let mut next: Vec<Fraction> = Vec::new();
                    for t in &totals {
                        for c in &exact[p].charged {
                            let v = t.clone() + c.clone();
                            if !next.contains(&v) {
                                next.push(v);
                            }
                        }
                    }
                    totals = next;
                }
                for t in &totals {
                    s.dealer_total_fee(t).map_err(fee_error)?;
                }
            }
        }
        // The common denominator.
        let mut all: Vec<&Fraction> = Vec::new();
        for e in &exact {
            all.extend(e.base.iter().flatten());
            all.extend(&e.trips);
            all.extend(&e.fee);
            all.extend(&e.dealer_fee);
            all.extend(&e.charged);
        }
        if let Some(rates) = &total_rates {
            for (a, b, c) in rates {
                all.push(a);
                all.extend(b.iter());
                all.push(c);
            }
        }
        all.extend(config.bank.iter());
        let range = |what: &str| PlayerDealerError::OutOfRange(what.to_string());
        let mut scale: i128 = 1;
        for f in &all {
            let (_, d) = f.to_i128_parts().ok_or_else(|| range("an amount or pay"))?;
            scale = (scale / gcd(scale, d))
                .checked_mul(d)
                .ok_or_else(|| range("the common denominator of the amounts and pays"))?;
        }
        let units = |f: &Fraction| -> Result<i128, PlayerDealerError> {
            let (n, d) = f.to_i128_parts().ok_or_else(|| range("an amount or pay"))?;
            n.checked_mul(scale / d)
                .filter(|v| v.unsigned_abs() < 1 << 60)
                .ok_or_else(|| range("an amount or pay over the common denominator"))
        };
        let five = |v: &[Fraction]| -> Result<[i128; 5], PlayerDealerError> {
            let mut out = [0; 5];
            for (o, f) in out.iter_mut().zip(v) {
                *o = units(f)?;
            }
            Ok(out)
        };
        let mut players = Vec::new();
        for e in &exact {
            let mut base = Vec::with_capacity(BASE_CELLS);
            for [a, p, b] in &e.base {
                base.push([units(a)?, units(p)?, units(b)?]);
            }
            let mut trips = [0; HandCategory::COUNT];
            for (t, f) in trips.iter_mut().zip(&e.trips) {
                *t = units(f)?;
            }
            players.push(SeatTable {
                base,
                trips,
                fee: five(&e.fee)?,
                dealer_fee: five(&e.dealer_fee)?,
                charged: five(&e.charged)?,
            });
        }
        let total_rates = match total_rates {
            Some(rates) => Some(
                rates
                    .iter()
                    .map(|(a, b, c)| {
                        Ok((units(a)?, b.as_ref().map(&units).transpose()?, units(c)?))
                    })
                    .collect::<Result<Vec<_>, PlayerDealerError>>()?,
            ),
            None => None,
        };
        let bank = config.bank.as_ref().map(&units).transpose()?;
        // A bound on any position's round result: each seat's largest
        // result plus every fee; all below 2^60 each, at most 6 seats.
        let mut bound: i128 = total_rates
            .as_ref()
            .map_or(0, |r| r.iter().map(|x| x.2).max().unwrap_or(0));
        for t in &players {
            let base = t
                .base
                .iter()
                .map(|v| v.iter().map(|x| x.abs()).sum::<i128>())
                .max()
                .unwrap_or(0);
            let trips = t.trips.iter().map(|x| x.abs()).max().unwrap_or(0);
            let fees = t.fee.iter().max().unwrap_or(&0) + t.dealer_fee.iter().max().unwrap_or(&0);
            bound += base + trips + fees;
        }
        let m = config.players.len();
        // A rotation's result of a player: at most 2m rounds of `bound`.
        let rotation = bound * 2 * m as i128;
        let rounds = u128::from(config.rotations) * 2 * m as u128;
        let fits = (rotation as u128)
            .checked_mul(rotation as u128)
            .and_then(|sq| sq.checked_mul(rounds))
            .is_some_and(|v| v <= i128::MAX as u128)
            && rotation < 1 << 61;
        if !fits {
            return Err(range(&format!(
                "{} rotations with rounds of up to {} money units (the rounds times the square of the largest result must stay below 2^127)",
                config.rotations, bound
            )));
        }
        Ok(Plan {
            scale,
            m,
            players,
            bank,
            win_cap: config.win_cap,
            total_rates,
            pooled: config.same_wagers(),
        })
    }

    /// The player in seat `seat` (1-based) while player `dealer` banks.
    pub fn player_at(&self, dealer: usize, seat: usize) -> usize {
        (dealer + seat) % self.m
    }

    /// The player-dealer's fee on the total table action `total` (0 on the
    /// per-square basis or without fees).
    fn total_fee(&self, total: i128) -> i128 {
        match &self.total_rates {
            Some(rates) if total > 0 => rates
                .iter()
                .find(|(from, to, _)| total >= *from && to.is_none_or(|t| total <= t))
                .map_or(0, |r| r.2),
            _ => 0,
        }
    }
}

/// Exact sums of a value over rounds: bounded by [`Plan::new`] so that
/// neither can pass 2^127.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Moments {
    pub sum: i128,
    pub squares: i128,
}

impl Moments {
    #[inline]
    fn add(&mut self, v: i128) {
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
    fn record(&mut self, v: i128) {
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
    fn new(plan: &Plan) -> Tally {
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

    fn merge(mut self, o: Tally) -> Tally {
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

/// What the rounds read.
struct Context<'a, S: ?Sized> {
    strategy: &'a S,
    plan: &'a Plan,
    rotations: u64,
    seed: u64,
    deck: Vec<Card>,
}

/// Plays the rotations of chunk `chunk` into `tally`.
fn run_chunk<S: Strategy + ?Sized>(ctx: &Context<'_, S>, chunk: u64, tally: &mut Tally) {
    let plan = ctx.plan;
    let evaluator = tables();
    let m = plan.m;
    let seats = m - 1;
    let first = chunk * CHUNK_ROTATIONS;
    let last = first.saturating_add(CHUNK_ROTATIONS).min(ctx.rotations);
    let mut rng = chunk_rng(ctx.seed, chunk);
    let mut deck = ctx.deck.clone();
    let n = deck.len() as u64;
    let cards_per_round = 2 * seats + 7;
    let mut claims = [SeatClaims::default(); super::MAX_PLAYERS];
    let mut settled = [SeatSettled::default(); super::MAX_PLAYERS];
    let mut plays = [0usize; super::MAX_PLAYERS];
    let mut rotation_before = vec![0i128; m];
    let mut rotation_after = vec![0i128; m];
    for _ in first..last {
        rotation_before.iter_mut().for_each(|v| *v = 0);
        rotation_after.iter_mut().for_each(|v| *v = 0);
        for dealer in 0..m {
            for _ in 0..2 {
                for i in 0..cards_per_round {
                    let j = i + below(&mut rng, n - i as u64) as usize;
                    deck.swap(i, j);
                }
                // Seat k's cards 2k, 2k+1; the player-dealer's next two;
                // then the five community cards.
                let pd = 2 * seats;
                let board = [
                    deck[pd + 2],
                    deck[pd + 3],
                    deck[pd + 4],
                    deck[pd + 5],
                    deck[pd + 6],
                ];
                let community = board.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c));
                let dealer_rank = evaluator.rank(community.add(deck[pd]).add(deck[pd + 1]));
                let qualifies = dealer_rank.category() >= HandCategory::Pair;
                for k in 0..seats {
                    let hole = [deck[2 * k], deck[2 * k + 1]];
                    let table = &plan.players[plan.player_at(dealer, k + 1)];
                    let play = play_round(ctx.strategy, hole, board).play() as usize;
                    let rank = evaluator.rank(community.add(hole[0]).add(hole[1]));
                    let category = rank.category().index();
                    let cell = if play == 0 {
                        base_cell(0, versus_index(Versus::Tie), false, category)
                    } else {
                        let versus = match rank.cmp(&dealer_rank) {
                            std::cmp::Ordering::Greater => Versus::PlayerHigher,
                            std::cmp::Ordering::Equal => Versus::Tie,
                            std::cmp::Ordering::Less => Versus::DealerHigher,
                        };
                        base_cell(play, versus_index(versus), qualifies, category)
                    };
                    let [ante, play_result, blind] = table.base[cell];
                    claims[k] = SeatClaims {
                        folded: play == 0,
                        ante,
                        play: play_result,
                        blind,
                        trips: table.trips[category],
                    };
                    plays[k] = play;
                }
                let outcome = settle_player_dealer_round(
                    &claims[..seats],
                    plan.bank,
                    plan.win_cap,
                    &mut settled,
                );
                let a = &mut tally.arrangements[if plan.pooled { 0 } else { dealer }];
                a.rounds += 1;
                let mut dealer_fee = 0;
                let mut room = 0;
                let mut total = 0;
                let mut any_returned = false;
                for k in 0..seats {
                    let player = plan.player_at(dealer, k + 1);
                    let table = &plan.players[player];
                    let fee = table.fee[plays[k]];
                    dealer_fee += table.dealer_fee[plays[k]];
                    total += table.charged[plays[k]];
                    room += fee;
                    let net = settled[k].net;
                    let c = &claims[k];
                    let position = &mut a.positions[k + 1];
                    position.before.add(net);
                    position.after.add(net - fee);
                    position.fees += fee;
                    position.uncovered += settled[k].uncovered;
                    position.stake += c.ante.abs() + c.play.abs() + c.blind.abs() + c.trips.abs();
                    position.histogram.record(net - fee);
                    any_returned |= settled[k].uncovered > 0;
                    rotation_before[player] += net;
                    rotation_after[player] += net - fee;
                }
                dealer_fee += plan.total_fee(total);
                room += dealer_fee;
                let pd_net = outcome.player_dealer;
                let position = &mut a.positions[0];
                position.before.add(pd_net);
                position.after.add(pd_net - dealer_fee);
                position.fees += dealer_fee;
                position.histogram.record(pd_net - dealer_fee);
                a.room.add(room);
                a.exhausted += u64::from(outcome.exhausted);
                a.capped += u64::from(outcome.capped);
                a.returned += u64::from(any_returned);
                rotation_before[dealer] += pd_net;
                rotation_after[dealer] += pd_net - dealer_fee;
            }
        }
        for (p, t) in tally.players.iter_mut().enumerate() {
            t.before.add(rotation_before[p]);
            t.after.add(rotation_after[p]);
            t.histogram.record(rotation_after[p]);
        }
    }
}

/// Runs the player-dealer game: `config.rotations` rotations with every
/// seat playing `strategy`, reporting rotations done to `progress` (label
/// [`PROGRESS_LABEL`]); `exact` (if known) gives the exact figures of the
/// linear case and the exact fees.
pub fn run<S: Strategy + ?Sized>(
    config: &PlayerDealerConfig,
    strategy: &S,
    exact: Option<&ExactInputs>,
    progress: &dyn Progress,
) -> Result<PlayerDealerReport, PlayerDealerError> {
    let plan = Plan::new(config)?;
    let work = || {
        let ctx = Context {
            strategy,
            plan: &plan,
            rotations: config.rotations,
            seed: config.seed,
            deck: config.deck.to_vec(),
        };
        let chunks = config.rotations.div_ceil(CHUNK_ROTATIONS);
        progress.begin(PROGRESS_LABEL, config.rotations);
        let tally = (0..chunks)
            .into_par_iter()
            .fold(
                || Tally::new(&plan),
                |mut tally, chunk| {
                    run_chunk(&ctx, chunk, &mut tally);
                    progress
                        .advance(CHUNK_ROTATIONS.min(config.rotations - chunk * CHUNK_ROTATIONS));
                    tally
                },
            )
            .reduce_with(Tally::merge)
            .expect("at least one chunk");
        progress.finish();
        tally
    };
    let tally = match config.threads {
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| PlayerDealerError::ThreadPool(e.to_string()))?
            .install(work),
        None => work(),
    };
    Ok(figures::report(
        config,
        strategy.name(),
        &plan,
        &tally,
        exact,
    ))
}
