//! The plan of a player-dealer run: every amount of every seat in integer
//! money units of one common scale, for every round outcome, checked so
//! that no tally can pass 2^127.

use super::{check_inputs, PlayerDealerConfig, PlayerDealerError};
use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::rules::collection::DealerFeeBasis;
use crate::rules::settlement::{settle_base, settle_trips};
use crate::sample::cells::base_round;
use crate::sample::BASE_CELLS;

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

/// Every amount of one player's wagers as an exact fraction of a dollar,
/// before the common scale is known.
struct ExactSeat {
    base: Vec<[Fraction; 3]>,
    trips: Vec<Fraction>,
    fee: Vec<Fraction>,
    dealer_fee: Vec<Fraction>,
    charged: Vec<Fraction>,
}

/// What does not fit the integer tallies.
fn out_of_range(what: &str) -> PlayerDealerError {
    PlayerDealerError::OutOfRange(what.to_string())
}

/// Player `p`'s wagers (`w`) settled in every round outcome, in dollars.
fn exact_seat(config: &PlayerDealerConfig, p: usize) -> Result<ExactSeat, PlayerDealerError> {
    let w = &config.players[p];
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
        let (f, d, c) = match config.fees.as_ref() {
            Some(s) => {
                let (f, d) = s.seat_fees(&squares).map_err(PlayerDealerError::Fees)?;
                (f, d, s.charged_total(&squares))
            }
            None => (Fraction::ZERO, Fraction::ZERO, Fraction::ZERO),
        };
        fee.push(f);
        dealer_fee.push(d);
        charged.push(c);
    }
    Ok(ExactSeat {
        base,
        trips,
        fee,
        dealer_fee,
        charged,
    })
}

/// Checks that every total table action that can occur, with any player
/// banking, has a rate of the fee schedule.
fn check_every_total_has_a_rate(
    config: &PlayerDealerConfig,
    exact: &[ExactSeat],
) -> Result<(), PlayerDealerError> {
    let Some(s) = config.fees.as_ref() else {
        return Ok(());
    };
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
            s.dealer_total_fee(t).map_err(PlayerDealerError::Fees)?;
        }
    }
    Ok(())
}

/// The least common denominator of `amounts`, checked.
fn common_scale<'a>(
    amounts: impl IntoIterator<Item = &'a Fraction>,
) -> Result<i128, PlayerDealerError> {
    let mut scale: i128 = 1;
    for f in amounts {
        let (_, d) = f
            .to_i128_parts()
            .ok_or_else(|| out_of_range("an amount or pay"))?;
        scale = (scale / gcd(scale, d))
            .checked_mul(d)
            .ok_or_else(|| out_of_range("the common denominator of the amounts and pays"))?;
    }
    Ok(scale)
}

/// `f` in money units of `1 / scale` dollar, each below 2^60.
fn units(f: &Fraction, scale: i128) -> Result<i128, PlayerDealerError> {
    let (n, d) = f
        .to_i128_parts()
        .ok_or_else(|| out_of_range("an amount or pay"))?;
    n.checked_mul(scale / d)
        .filter(|v| v.unsigned_abs() < 1 << 60)
        .ok_or_else(|| out_of_range("an amount or pay over the common denominator"))
}

/// A seat's amounts in money units.
fn seat_table(e: &ExactSeat, scale: i128) -> Result<SeatTable, PlayerDealerError> {
    let five = |v: &[Fraction]| -> Result<[i128; 5], PlayerDealerError> {
        let mut out = [0; 5];
        for (o, f) in out.iter_mut().zip(v) {
            *o = units(f, scale)?;
        }
        Ok(out)
    };
    let mut base = Vec::with_capacity(BASE_CELLS);
    for [a, p, b] in &e.base {
        base.push([units(a, scale)?, units(p, scale)?, units(b, scale)?]);
    }
    let mut trips = [0; HandCategory::COUNT];
    for (t, f) in trips.iter_mut().zip(&e.trips) {
        *t = units(f, scale)?;
    }
    Ok(SeatTable {
        base,
        trips,
        fee: five(&e.fee)?,
        dealer_fee: five(&e.dealer_fee)?,
        charged: five(&e.charged)?,
    })
}

/// Checks that no tally of a run can pass 2^127: a bound on any
/// position's round result (each seat's largest result plus every fee;
/// all below 2^60 each, at most 6 seats), a rotation at most 2m rounds of
/// it, the rounds times the square of a rotation's result.
fn check_tallies_fit(
    config: &PlayerDealerConfig,
    players: &[SeatTable],
    total_rates: &Option<Vec<(i128, Option<i128>, i128)>>,
) -> Result<(), PlayerDealerError> {
    let mut bound: i128 = total_rates
        .as_ref()
        .map_or(0, |r| r.iter().map(|x| x.2).max().unwrap_or(0));
    for t in players {
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
    let rotation = bound * 2 * m as i128;
    let rounds = u128::from(config.rotations) * 2 * m as u128;
    let fits = (rotation as u128)
        .checked_mul(rotation as u128)
        .and_then(|sq| sq.checked_mul(rounds))
        .is_some_and(|v| v <= i128::MAX as u128)
        && rotation < 1 << 61;
    if fits {
        Ok(())
    } else {
        Err(out_of_range(&format!(
            "{} rotations with rounds of up to {} money units (the rounds times the square of the largest result must stay below 2^127)",
            config.rotations, bound
        )))
    }
}

impl Plan {
    /// The plan of `config`, or why it cannot be run (before any card):
    /// every amount as an exact fraction, the fee schedule checked, the
    /// common scale, the amounts in money units, the tallies' range.
    pub fn new(config: &PlayerDealerConfig) -> Result<Plan, PlayerDealerError> {
        check_inputs(config)?;
        let exact = (0..config.players.len())
            .map(|p| exact_seat(config, p))
            .collect::<Result<Vec<_>, _>>()?;
        let exact_rates: Option<Vec<_>> = config
            .fees
            .as_ref()
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
        check_every_total_has_a_rate(config, &exact)?;
        let mut all: Vec<&Fraction> = Vec::new();
        for e in &exact {
            all.extend(e.base.iter().flatten());
            all.extend(&e.trips);
            all.extend(&e.fee);
            all.extend(&e.dealer_fee);
            all.extend(&e.charged);
        }
        for (a, b, c) in exact_rates.iter().flatten() {
            all.push(a);
            all.extend(b.iter());
            all.push(c);
        }
        all.extend(config.bank.iter());
        let scale = common_scale(all)?;
        let players = exact
            .iter()
            .map(|e| seat_table(e, scale))
            .collect::<Result<Vec<_>, _>>()?;
        let total_rates = exact_rates
            .map(|rates| {
                rates
                    .iter()
                    .map(|(a, b, c)| {
                        Ok((
                            units(a, scale)?,
                            b.as_ref().map(|b| units(b, scale)).transpose()?,
                            units(c, scale)?,
                        ))
                    })
                    .collect::<Result<Vec<_>, PlayerDealerError>>()
            })
            .transpose()?;
        let bank = config.bank.as_ref().map(|b| units(b, scale)).transpose()?;
        check_tallies_fit(config, &players, &total_rates)?;
        Ok(Plan {
            scale,
            m: config.players.len(),
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
    pub(super) fn total_fee(&self, total: i128) -> i128 {
        match &self.total_rates {
            Some(rates) if total > 0 => rates
                .iter()
                .find(|(from, to, _)| total >= *from && to.is_none_or(|t| total <= t))
                .map_or(0, |r| r.2),
            _ => 0,
        }
    }
}
