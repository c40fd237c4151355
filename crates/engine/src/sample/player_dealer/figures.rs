//! The figures of a player-dealer run, in dollars: per position (the
//! player-dealer and each seat) per round, and per player over a rotation;
//! exact fractions where the game is linear (and for the fees, which do not
//! depend on the bank), estimates with standard errors and 95% intervals
//! from the integer tallies otherwise. Writing them is
//! `report::player_dealer` (the documents crate)'s business.

use super::plan::Plan;
use super::tally::{Moments, SignedHistogram, Tally};
use super::{ExactInputs, PlayerDealerConfig, CHUNK_ROTATIONS, PERCENTILES};
use crate::fraction::Fraction;
use crate::sample::{ser_fraction, ser_opt_fraction, Estimate};
use serde::Serialize;

/// A percentile of a distribution of results, in dollars.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DollarPercentile {
    /// The percentile, 0 to 100.
    pub percent: f64,
    /// The result, dollars: the smallest result such that at least
    /// `percent`% of the results are at most it (exact below 2^15 money
    /// units in magnitude, else the highest value of its histogram bucket,
    /// within a relative 10^-4).
    pub dollars: f64,
}

/// One position of the table (the player-dealer or a seat), per round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionReport {
    /// `player-dealer` or `seat K` (K-th settled, K = 1 on the
    /// player-dealer's left).
    pub position: String,
    /// The player in this position (`None` when every player-dealer is
    /// pooled: every player places the same wagers).
    pub player: Option<usize>,
    /// Expected result per round before fees, dollars.
    pub before_fees: Estimate,
    /// Its exact value, where the game is linear.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub before_fees_exact: Option<Fraction>,
    /// Mean fees paid per round, dollars.
    pub fees: f64,
    /// The exact expected fees per round, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub fees_exact: Option<Fraction>,
    /// Expected result per round after fees, dollars.
    pub after_fees: Estimate,
    /// Its exact value, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub after_fees_exact: Option<Fraction>,
    /// Standard deviation of the round result after fees, dollars (from the
    /// joint deal).
    pub std_dev: f64,
    /// Mean money the seat's wagers would move against an unlimited bank
    /// (seats only; 0 for the player-dealer).
    pub at_stake: f64,
    /// Mean money returned uncovered per round (seats only).
    pub uncovered: f64,
    /// Mean money covered: at stake less uncovered (seats only).
    pub covered: f64,
    /// Percentiles of the round result after fees.
    pub percentiles: Vec<DollarPercentile>,
}

/// The rounds one player banked (or, pooled, every round).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArrangementReport {
    /// The player banking (`None`: pooled over every player-dealer).
    pub banker: Option<usize>,
    /// Rounds counted.
    pub rounds: u64,
    /// The player-dealer, then seats 1 to n.
    pub positions: Vec<PositionReport>,
    /// Chance a round exhausts the bank (a winning wager not paid in full).
    pub bank_exhausted: Estimate,
    /// Chance a round reaches the win cap (a losing wager returned).
    pub win_cap_reached: Estimate,
    /// Chance a round returns some wager uncovered.
    pub any_returned: Estimate,
    /// The card room's fees per round, dollars.
    pub room_fees: Estimate,
    /// Their exact expectation, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub room_fees_exact: Option<Fraction>,
    /// Whether every round added up to zero between the seats, the
    /// player-dealer and the fees (checked on the exact sums).
    pub zero_sum: bool,
}

/// One player over whole rotations.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RotationPlayer {
    /// The player (0 banks first; K sits in seat K meanwhile).
    pub player: usize,
    /// The player's Ante, dollars.
    #[serde(serialize_with = "ser_fraction")]
    pub ante: Fraction,
    /// The player's Trips wager, dollars.
    #[serde(serialize_with = "ser_fraction")]
    pub trips: Fraction,
    /// Expected net per rotation before fees, dollars.
    pub before_fees: Estimate,
    /// Its exact value, where the game is linear.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub before_fees_exact: Option<Fraction>,
    /// Expected net per rotation after fees, dollars.
    pub after_fees: Estimate,
    /// Its exact value, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub after_fees_exact: Option<Fraction>,
    /// Percentiles of the rotation's net after fees.
    pub percentiles: Vec<DollarPercentile>,
}

/// A full rotation: each player banks two rounds in turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RotationReport {
    /// Rounds per rotation (twice the players at the table).
    pub rounds: u64,
    /// Every player.
    pub players: Vec<RotationPlayer>,
    /// `fair`, `not fair`, `no unfairness detected` (simulated, every
    /// player's 95% interval before fees holds 0), `unfair` (simulated, one
    /// does not).
    pub verdict: String,
    /// Why.
    pub reason: String,
    /// The card room's fees per rotation, dollars.
    pub fees: Estimate,
    /// Their exact expectation, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub fees_exact: Option<Fraction>,
    /// Rounds dealt per hour (an input).
    pub rounds_per_hour: u32,
    /// The card room's fees per hour, dollars.
    pub fees_per_hour: f64,
    /// Their exact expectation, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub fees_per_hour_exact: Option<Fraction>,
}

/// Everything a player-dealer run reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerDealerReport {
    /// Players besides the player-dealer.
    pub seats: usize,
    /// The players' strategy.
    pub strategy: String,
    /// The Blind pay table's id.
    pub blind: String,
    /// The Trips pay table's id, if any.
    pub trips: Option<String>,
    /// The bank in dollars (`None`: unlimited).
    #[serde(serialize_with = "ser_opt_fraction")]
    pub bank: Option<Fraction>,
    /// Whether the win cap applies.
    pub win_cap: bool,
    /// The collection table's id, if any.
    pub fees: Option<String>,
    /// Whether that table is an illustration.
    pub fees_example: bool,
    /// Rotations dealt.
    pub rotations: u64,
    /// Rounds dealt.
    pub rounds: u64,
    /// The random seed.
    pub seed: u64,
    /// Cards in the deck.
    pub deck_size: usize,
    /// Rotations per chunk of the random stream.
    pub chunk_rotations: u64,
    /// Money units per dollar of the exact sums.
    pub units_per_dollar: String,
    /// Whether the game is linear (unlimited bank, or one covering every
    /// possible round), so that the expectations are exact.
    pub linear: bool,
    /// Per round, by player-dealer.
    pub arrangements: Vec<ArrangementReport>,
    /// Over a rotation.
    pub rotation: RotationReport,
}

/// Mean and standard error of a value counted over `n` rounds, in dollars,
/// and the standard deviation of one round.
fn estimate(m: Moments, n: u64, scale: i128) -> (Estimate, f64) {
    let nf = Fraction::from_int(i128::from(n));
    let mean = Fraction::from_int(m.sum) / nf.clone();
    let variance = if n > 1 {
        (Fraction::from_int(m.squares) - Fraction::from_int(m.sum) * mean.clone())
            / Fraction::from_int(i128::from(n) - 1)
    } else {
        Fraction::ZERO
    };
    let s = scale as f64;
    let sd = variance.to_f64().max(0.0).sqrt() / s;
    (Estimate::new(mean.to_f64() / s, sd / (n as f64).sqrt()), sd)
}

fn percentiles(h: &SignedHistogram, scale: i128) -> Vec<DollarPercentile> {
    PERCENTILES
        .iter()
        .map(|&percent| DollarPercentile {
            percent,
            dollars: h.value_at_quantile(percent / 100.0) as f64 / scale as f64,
        })
        .collect()
}

/// The exact expectations a plan allows.
struct ExactFigures {
    /// Per player, its expected result as a seat before fees (linear only).
    seat: Option<Vec<Fraction>>,
    /// Per player, its expected fee as a seat.
    seat_fee: Option<Vec<Fraction>>,
    /// Per banker, the player-dealer's expected fee.
    dealer_fee: Option<Vec<Fraction>>,
}

fn dollars(units: i128, scale: i128) -> Fraction {
    Fraction::new(units, scale)
}

fn exact_figures(
    config: &PlayerDealerConfig,
    plan: &Plan,
    linear: bool,
    exact: Option<&ExactInputs>,
) -> ExactFigures {
    let m = plan.m;
    let by_play = |values: &[i128; 5]| -> Option<Fraction> {
        if values.iter().all(|v| *v == values[0]) {
            return Some(dollars(values[0], plan.scale));
        }
        let e = exact?;
        Some(
            values
                .iter()
                .zip(&e.actions)
                .fold(Fraction::ZERO, |t, (v, p)| {
                    t + dollars(*v, plan.scale) * p.clone()
                }),
        )
    };
    let seat = exact.filter(|_| linear).and_then(|e| {
        config
            .players
            .iter()
            .map(|w| {
                let trips = if w.trips.is_positive() {
                    w.trips.clone() * e.trips_edge.clone()?
                } else {
                    Fraction::ZERO
                };
                Some(-(w.ante.clone() * e.house_edge.clone() + trips))
            })
            .collect()
    });
    let seat_fee: Option<Vec<Fraction>> = plan.players.iter().map(|t| by_play(&t.fee)).collect();
    let dealer_fee: Option<Vec<Fraction>> = (0..m)
        .map(|d| {
            let mut fee = Fraction::ZERO;
            let mut totals = [0i128; 5];
            let mut fixed_total = true;
            for j in 1..m {
                let t = &plan.players[plan.player_at(d, j)];
                fee = fee + by_play(&t.dealer_fee)?;
                fixed_total &= t.charged.iter().all(|v| *v == t.charged[0]);
                for (a, c) in totals.iter_mut().zip(t.charged) {
                    *a += c;
                }
            }
            if plan.total_rates.is_some() {
                if !fixed_total {
                    return None;
                }
                let r = plan
                    .total_rates
                    .as_ref()?
                    .iter()
                    .find(|(from, to, _)| totals[0] >= *from && to.is_none_or(|t| totals[0] <= t))
                    .map_or(0, |r| r.2);
                fee = fee + dollars(if totals[0] > 0 { r } else { 0 }, plan.scale);
            }
            Some(fee)
        })
        .collect();
    ExactFigures {
        seat,
        seat_fee,
        dealer_fee,
    }
}

/// Whether the bank covers every possible round (then the game is linear).
fn bank_covers_everything(plan: &Plan) -> bool {
    let Some(bank) = plan.bank else {
        return true;
    };
    let (mut most_paid, mut most_collected) = (0i128, 0i128);
    for t in &plan.players {
        let wins = |sign: i128| {
            t.base
                .iter()
                .map(|v| v.iter().map(|x| (sign * x).max(0)).sum::<i128>())
                .max()
                .unwrap_or(0)
                + t.trips.iter().map(|x| (sign * x).max(0)).max().unwrap_or(0)
        };
        // Any `m - 1` players could sit at the table: bound by all.
        most_paid += wins(1);
        most_collected += wins(-1);
    }
    bank >= most_paid && (!plan.win_cap || bank >= most_collected)
}

/// The report of a run.
pub(super) fn report(
    config: &PlayerDealerConfig,
    strategy: &str,
    plan: &Plan,
    tally: &Tally,
    exact: Option<&ExactInputs>,
) -> PlayerDealerReport {
    let m = plan.m;
    let seats = m - 1;
    let scale = plan.scale;
    let linear = bank_covers_everything(plan);
    let ex = exact_figures(config, plan, linear, exact);
    let mut arrangements = Vec::new();
    for (i, a) in tally.arrangements.iter().enumerate() {
        let banker = (!plan.pooled).then_some(i);
        let d = banker.unwrap_or(0);
        let n = a.rounds;
        let mut positions = Vec::new();
        let mut sum_before = 0i128;
        let mut sum_after = 0i128;
        let seat_exact = |j: usize| -> Option<Fraction> {
            let p = plan.player_at(d, j);
            ex.seat.as_ref().map(|s| s[p].clone())
        };
        for (k, t) in a.positions.iter().enumerate() {
            sum_before += t.before.sum;
            sum_after += t.after.sum;
            let (before, _) = estimate(t.before, n, scale);
            let (after, sd) = estimate(t.after, n, scale);
            let (before_exact, fees_exact) = if k == 0 {
                (
                    ex.seat.as_ref().map(|_| {
                        (1..m).fold(Fraction::ZERO, |s, j| s - seat_exact(j).expect("linear"))
                    }),
                    ex.dealer_fee.as_ref().map(|f| f[d].clone()),
                )
            } else {
                (
                    seat_exact(k),
                    ex.seat_fee
                        .as_ref()
                        .map(|f| f[plan.player_at(d, k)].clone()),
                )
            };
            let after_exact = match (&before_exact, &fees_exact) {
                (Some(b), Some(f)) => Some(b.clone() - f.clone()),
                _ => None,
            };
            let per_round = |v: i128| v as f64 / scale as f64 / n as f64;
            positions.push(PositionReport {
                position: if k == 0 {
                    "player-dealer".to_string()
                } else {
                    format!("seat {k}")
                },
                player: banker.map(|d| if k == 0 { d } else { plan.player_at(d, k) }),
                before_fees: before,
                before_fees_exact: before_exact,
                fees: per_round(t.fees),
                fees_exact,
                after_fees: after,
                after_fees_exact: after_exact,
                std_dev: sd,
                at_stake: per_round(t.stake),
                uncovered: per_round(t.uncovered),
                covered: per_round(t.stake - t.uncovered),
                percentiles: percentiles(&t.histogram, scale),
            });
        }
        let room_exact = match (&ex.seat_fee, &ex.dealer_fee) {
            (Some(s), Some(f)) => {
                Some((1..m).fold(f[d].clone(), |t, j| t + s[plan.player_at(d, j)].clone()))
            }
            _ => None,
        };
        arrangements.push(ArrangementReport {
            banker,
            rounds: n,
            positions,
            bank_exhausted: Estimate::proportion(a.exhausted, n),
            win_cap_reached: Estimate::proportion(a.capped, n),
            any_returned: Estimate::proportion(a.returned, n),
            room_fees: estimate(a.room, n, scale).0,
            room_fees_exact: room_exact,
            zero_sum: sum_before == 0 && sum_after + a.room.sum == 0,
        });
    }
    // The rotation.
    let rotations = config.rotations;
    let mut players = Vec::new();
    for (p, t) in tally.players.iter().enumerate() {
        let before_exact = ex.seat.as_ref().map(|s| {
            let as_dealer = (0..m)
                .filter(|&q| q != p)
                .fold(Fraction::ZERO, |t, q| t - s[q].clone());
            Fraction::from_int(2) * (as_dealer + s[p].clone() * Fraction::from_int(seats as i128))
        });
        let fees_exact = match (&ex.seat_fee, &ex.dealer_fee) {
            (Some(s), Some(f)) => Some(
                Fraction::from_int(2)
                    * (f[p].clone() + s[p].clone() * Fraction::from_int(seats as i128)),
            ),
            _ => None,
        };
        let after_exact = match (&before_exact, &fees_exact) {
            (Some(b), Some(f)) => Some(b.clone() - f.clone()),
            _ => None,
        };
        players.push(RotationPlayer {
            player: p,
            ante: config.players[p].ante.clone(),
            trips: config.players[p].trips.clone(),
            before_fees: estimate(t.before, rotations, scale).0,
            before_fees_exact: before_exact,
            after_fees: estimate(t.after, rotations, scale).0,
            after_fees_exact: after_exact,
            percentiles: percentiles(&t.histogram, scale),
        });
    }
    let (verdict, reason) = if plan.pooled {
        (
            "fair",
            "every player places the same wagers, so each faces the same game as player-dealer and as each seat: every player's expectation before fees is exactly 0".to_string(),
        )
    } else if players.iter().all(|p| p.before_fees_exact.is_some()) {
        if players
            .iter()
            .all(|p| p.before_fees_exact.as_ref().is_some_and(Fraction::is_zero))
        {
            (
                "fair",
                "every player's exact expectation before fees is 0".to_string(),
            )
        } else {
            (
                "not fair",
                "the players' exact expectations before fees are not all 0: a player wagering more than the others gives them, when they bank, more than it takes back when it banks".to_string(),
            )
        }
    } else if players.iter().all(|p| p.before_fees.covers(0.0)) {
        (
            "no unfairness detected",
            "simulated: every player's 95% interval before fees holds 0".to_string(),
        )
    } else {
        (
            "unfair",
            "simulated: some player's 95% interval before fees does not hold 0".to_string(),
        )
    };
    // The room's fees per rotation: every round of every banker, twice.
    let mut room = Moments::default();
    let mut room_rounds = 0u64;
    for a in &tally.arrangements {
        room.sum += a.room.sum;
        room.squares += a.room.squares;
        room_rounds += a.rounds;
    }
    let per_round = estimate(room, room_rounds, scale).0;
    let rounds = 2 * m as u64;
    let r = rounds as f64;
    let fees = Estimate::new(per_round.mean * r, per_round.std_error * r);
    let fees_exact = arrangements
        .iter()
        .map(|a| a.room_fees_exact.clone())
        .collect::<Option<Vec<_>>>()
        .map(|v| {
            let per_banker = if plan.pooled {
                v[0].clone() * Fraction::from_int(m as i128)
            } else {
                v.into_iter().fold(Fraction::ZERO, |t, f| t + f)
            };
            per_banker * Fraction::from_int(2)
        });
    let hour = Fraction::from_int(i128::from(config.rounds_per_hour));
    PlayerDealerReport {
        seats,
        strategy: strategy.to_string(),
        blind: config.blind.id.clone(),
        trips: config.trips.as_ref().map(|t| t.id.clone()),
        bank: config.bank.clone(),
        win_cap: config.win_cap,
        fees: config.fees.as_ref().map(|f| f.id.clone()),
        fees_example: config.fees.as_ref().is_some_and(|f| f.example),
        rotations,
        rounds: rotations * rounds,
        seed: config.seed,
        deck_size: config.deck.len(),
        chunk_rotations: CHUNK_ROTATIONS,
        units_per_dollar: scale.to_string(),
        linear,
        arrangements,
        rotation: RotationReport {
            rounds,
            players,
            verdict: verdict.to_string(),
            reason,
            fees_per_hour: fees.mean / r * f64::from(config.rounds_per_hour),
            fees_per_hour_exact: fees_exact
                .as_ref()
                .map(|f| f.clone() / Fraction::from_int(rounds as i128) * hour),
            fees,
            fees_exact,
            rounds_per_hour: config.rounds_per_hour,
        },
    }
}
