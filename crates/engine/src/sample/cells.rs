//! A round's *cell* (what settles it: Play, showdown result, whether the
//! dealer qualifies, the player's category; a Six Card Bonus hand) and the
//! money of each cell, settled once by [`crate::rules::settlement`] and
//! turned into 64-bit integers over one denominator per wager, with checked
//! arithmetic: a table or amount whose results do not fit is refused here,
//! before any hand is dealt ([`SimulationError::OutOfRange`]).

use super::config::{SimulationConfig, SimulationError};
use super::{BASE_CELLS, RESULTS, SIX_CELLS};
use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::rules::paytable::two_card::CLASSES;
use crate::rules::paytable::{PayTable, PayingHand};
use crate::rules::settlement::{
    settle_base, settle_limited, settle_six_card, settle_trips, settle_ultimate_pairs_classes,
    ultimate_pairs_best_lines, BaseRound, Versus,
};

/// Index of a showdown result.
#[inline]
pub(super) fn versus_index(v: Versus) -> usize {
    match v {
        Versus::PlayerHigher => 0,
        Versus::Tie => 1,
        Versus::DealerHigher => 2,
    }
}

const VERSUS_ALL: [Versus; RESULTS] = [Versus::PlayerHigher, Versus::Tie, Versus::DealerHigher];

/// The cell of a round. After a fold the showdown is not looked at and the
/// cell is `(0, Tie, not qualified, category)`.
#[inline]
pub(super) fn base_cell(play: usize, versus: usize, qualifies: bool, category: usize) -> usize {
    ((play * RESULTS + versus) * 2 + usize::from(qualifies)) * HandCategory::COUNT + category
}

pub(super) fn base_round(cell: usize) -> BaseRound {
    let category = cell % HandCategory::COUNT;
    let qualifies = (cell / HandCategory::COUNT) % 2 == 1;
    let versus = (cell / HandCategory::COUNT / 2) % RESULTS;
    let play = cell / HandCategory::COUNT / 2 / RESULTS;
    BaseRound {
        play: play as u8,
        player: HandCategory::ALL[category],
        versus: VERSUS_ALL[versus],
        dealer_qualifies: qualifies,
    }
}

/// Whether a cell can occur (fold cells use one placeholder showdown).
pub(super) fn cell_occurs(cell: usize) -> bool {
    let r = base_round(cell);
    r.play > 0 || (r.versus == Versus::Tie && !r.dealer_qualifies)
}

/// The hand a Six Card Bonus cell is settled as: the category of the best
/// five cards, or the Super Royal of suit `cell - 10` ([`settle_six_card`]
/// decides which line, if any, pays it).
pub(super) fn six_card_hand(cell: usize) -> PayingHand {
    if cell < HandCategory::COUNT {
        PayingHand::Category(HandCategory::ALL[cell])
    } else {
        PayingHand::SuperRoyalOf(cell - HandCategory::COUNT)
    }
}

/// The Ultimate Pairs Bonus cell of every deal, indexed by
/// `player_class * CLASSES + dealer_class` (classes of
/// [`crate::rules::paytable::two_card::class_of`]): the index of the pay
/// line that pays it ([`ultimate_pairs_best_lines`]), or `lines.len()` when
/// no line does (a loss). The same cells as the exact engine's
/// ([`crate::exact::ultimate_pairs`]).
pub(super) fn ultimate_pairs_cells(table: &PayTable) -> Vec<u16> {
    let unpaid = table.lines.len();
    let mut cells = Vec::with_capacity(CLASSES * CLASSES);
    for player in 0..CLASSES {
        for dealer in 0..CLASSES {
            let cell = ultimate_pairs_best_lines(&table.lines, player, dealer)
                .first()
                .copied()
                .unwrap_or(unpaid);
            // A pay table has far fewer than 2^16 lines (the reader's limit
            // is well below it).
            cells.push(u16::try_from(cell).expect("fewer than 2^16 pay lines"));
        }
    }
    cells
}

/// The net of a one-unit Ultimate Pairs Bonus wager in each cell of
/// [`ultimate_pairs_cells`], from [`settle_ultimate_pairs_classes`] on the
/// first deal of that cell; a line that pays no deal (another line always
/// pays more) gets its award, never used since no hand falls in it.
fn ultimate_pairs_money(table: &PayTable, cells: &[u16]) -> Vec<Fraction> {
    let unpaid = table.lines.len();
    (0..=unpaid)
        .map(
            |cell| match cells.iter().position(|&c| usize::from(c) == cell) {
                Some(deal) => settle_ultimate_pairs_classes(table, deal / CLASSES, deal % CLASSES),
                None => table.lines[cell].award.win_on(Fraction::ONE),
            },
        )
        .collect()
}

/// The cards of the Super Royal of each suit: A-K-Q-J-10-9.
pub(super) fn super_royal_masks() -> [u64; 4] {
    std::array::from_fn(|suit| crate::exact::side_bets::super_royal_cards(suit).0)
}

/// The parts `(numerator, denominator)` of a fraction, denominator > 0 (the
/// one place that reads a [`Fraction`]'s parts).
/// Every amount read here comes from `parse_dollars` (at most 12 digits and
/// 6 decimals) or a pay table's validated awards, so its parts fit in i128.
fn parts(f: &Fraction) -> (i128, i128) {
    f.to_i128_parts()
        .expect("dollar amounts and pay-table awards have parts within i128")
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

/// The least common multiple of two positive integers, if it fits.
fn lcm(a: i128, b: i128) -> Option<i128> {
    (a / gcd(a, b)).checked_mul(b)
}

/// `a / b` in lowest terms (`b` not zero), if its parts fit.
fn ratio(a: (i128, i128), b: (i128, i128)) -> Option<(i128, i128)> {
    let g = gcd(a.0, b.0).max(1);
    let h = gcd(a.1, b.1).max(1);
    let n = (a.0 / g).checked_mul(b.1 / h)?;
    let d = (a.1 / h).checked_mul(b.0 / g)?;
    Some(if d < 0 {
        (n.checked_neg()?, -d)
    } else {
        (n, d)
    })
}

/// Amounts of one kind as integers over one denominator.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Units<T> {
    /// The least common denominator (> 0).
    pub scale: i128,
    /// Each amount times `scale`.
    pub values: Vec<T>,
}

impl<T: TryFrom<i128> + Copy> Units<T> {
    /// `amounts` (as `(numerator, denominator)`) over their least common
    /// denominator; `None` when that denominator does not fit 128 bits or
    /// an amount over it does not fit `T`.
    fn of(amounts: &[(i128, i128)]) -> Option<Units<T>> {
        let scale = amounts.iter().try_fold(1, |s, &(_, d)| lcm(s, d))?;
        let values = amounts
            .iter()
            .map(|&(n, d)| T::try_from(n.checked_mul(scale / d)?).ok())
            .collect::<Option<_>>()?;
        Some(Units { scale, values })
    }
}

impl Units<i128> {
    /// The per-hand results of one wager over their common denominator, if
    /// `hands` times the largest of them fits 128 bits: then every sum of
    /// `hands` results (weighted by cell counts that add up to `hands`) is
    /// exact in `i128`, which [`super::estimates`] relies on.
    fn of_wager(amounts: &[Fraction], hands: u64) -> Option<Units<i128>> {
        let units = Units::<i128>::of(&amounts.iter().map(parts).collect::<Vec<_>>())?;
        let largest = units.values.iter().map(|v| v.unsigned_abs()).max()?;
        let bound = largest.checked_mul(u128::from(hands))?;
        (bound <= i128::MAX as u128).then_some(units)
    }
}

/// Settlement results of every cell, from [`crate::rules::settlement`], as
/// exact fractions and as integers over one denominator per wager.
#[derive(Clone, Debug)]
pub(super) struct Money {
    /// The Blind's net per base-game cell, Antes.
    pub blind: Vec<Fraction>,
    /// Trips net per category, units wagered.
    pub trips: Option<Vec<Fraction>>,
    /// Six Card Bonus net per cell, dollars.
    pub six: Option<Vec<Fraction>>,
    /// Ultimate Pairs Bonus cell of every deal ([`ultimate_pairs_cells`]).
    pub pairs_cells: Option<Vec<u16>>,
    /// Ultimate Pairs Bonus net per cell, units wagered (one Ante).
    pub pairs: Option<Vec<Fraction>>,
    /// Net of Ante, Blind and Play per base-game cell, Antes.
    pub base_units: Units<i128>,
    pub trips_units: Option<Units<i128>>,
    pub six_units: Option<Units<i128>>,
    pub pairs_units: Option<Units<i128>>,
    /// Per-hand totals in session units (`1 / session_scale` Ante), all
    /// zero without sessions; the hot loop adds them up in 64 bits.
    pub session_scale: i128,
    pub session_base: Vec<i64>,
    pub session_trips: Vec<i64>,
    pub session_six: Vec<i64>,
    /// Per Ultimate Pairs Bonus cell (one zero without that wager).
    pub session_pairs: Vec<i64>,
}

/// What an error says a wager is: `the Trips pay table 'uth-01'`.
fn named(kind: &str, table: &PayTable) -> String {
    format!("the {kind} pay table '{}'", table.id)
}

impl Money {
    /// The money of every cell of `config`'s wagers, or the wager whose
    /// results do not fit. The configuration must have passed the other
    /// checks of [`super::validate`] (a positive Ante).
    pub fn new(config: &SimulationConfig) -> Result<Money, SimulationError> {
        let hands = config.hands;
        let refuse = |what: String| {
            SimulationError::OutOfRange {
            what: format!("{what} over {hands} hands"),
            limit: "the hands times the largest result of a hand, over the common denominator of the pays and amounts, must stay below 2^127",
        }
        };
        let rounds: Vec<_> = (0..BASE_CELLS)
            .map(|c| settle_base(&config.blind, base_round(c)))
            .collect();
        let base: Vec<Fraction> = match &config.payout_limit {
            Some(limit) => (0..BASE_CELLS)
                .map(|c| settle_limited(&config.blind, limit, base_round(c)).total())
                .collect(),
            None => rounds.iter().map(|n| n.total()).collect(),
        };
        let blind: Vec<Fraction> = rounds.iter().map(|n| n.blind.clone()).collect();
        let base_units =
            Units::of_wager(&base, hands).ok_or_else(|| refuse(named("Blind", &config.blind)))?;
        let trips = config.trips.as_ref().map(|t| {
            HandCategory::ALL
                .iter()
                .map(|&c| settle_trips(t, c))
                .collect::<Vec<_>>()
        });
        let trips_units = match (&config.trips, &trips) {
            (Some(t), Some(v)) => {
                Some(Units::of_wager(v, hands).ok_or_else(|| refuse(named("Trips", t)))?)
            }
            _ => None,
        };
        let six = config.six_card.as_ref().map(|s| {
            (0..SIX_CELLS)
                .map(|c| settle_six_card(&s.table, six_card_hand(c), s.wager.clone()))
                .collect::<Vec<_>>()
        });
        let six_units = match (&config.six_card, &six) {
            (Some(s), Some(v)) => Some(Units::of_wager(v, hands).ok_or_else(|| {
                refuse(format!(
                    "{} at a {} wager",
                    named("Six Card Bonus", &s.table),
                    dollars(s.wager.clone())
                ))
            })?),
            _ => None,
        };
        let pairs_cells = config.ultimate_pairs.as_ref().map(ultimate_pairs_cells);
        let pairs = match (&config.ultimate_pairs, &pairs_cells) {
            (Some(t), Some(cells)) => Some(ultimate_pairs_money(t, cells)),
            _ => None,
        };
        let pairs_units = match (&config.ultimate_pairs, &pairs) {
            (Some(t), Some(v)) => Some(
                Units::of_wager(v, hands)
                    .ok_or_else(|| refuse(named("Ultimate Pairs Bonus", t)))?,
            ),
            _ => None,
        };
        let mut money = Money {
            blind,
            trips,
            six,
            pairs_cells,
            pairs,
            base_units,
            trips_units,
            six_units,
            pairs_units,
            session_scale: 1,
            session_base: vec![0; BASE_CELLS],
            session_trips: vec![0; HandCategory::COUNT],
            session_six: vec![0; SIX_CELLS],
            session_pairs: vec![0],
        };
        if let Some(session) = &config.session {
            money.session_units(&base, parts(&session.ante_dollars))?;
        }
        Ok(money)
    }

    /// Session units: every wager in Antes (Trips and the Ultimate Pairs
    /// Bonus are one Ante each; the Six Card Bonus, in dollars, is divided
    /// by the dollars `ante` of an Ante) as 64-bit integers over one
    /// denominator, whose sum over one hand fits 64 bits too.
    fn session_units(
        &mut self,
        base: &[Fraction],
        ante: (i128, i128),
    ) -> Result<(), SimulationError> {
        let refuse = || SimulationError::OutOfRange {
            what: format!(
                "a hand's result of all wagers together in Antes of {}, for sessions",
                dollars(Fraction::new(ante.0, ante.1))
            ),
            limit:
                "it must stay below 2^63 units of the common denominator of the pays and amounts",
        };
        let mut amounts: Vec<(i128, i128)> = base.iter().map(parts).collect();
        match &self.trips {
            Some(t) => amounts.extend(t.iter().map(parts)),
            None => amounts.extend([(0, 1); HandCategory::COUNT]),
        }
        match &self.six {
            Some(v) => {
                for d in v {
                    amounts.push(ratio(parts(d), ante).ok_or_else(refuse)?);
                }
            }
            None => amounts.extend([(0, 1); SIX_CELLS]),
        }
        match &self.pairs {
            Some(v) => amounts.extend(v.iter().map(parts)),
            None => amounts.push((0, 1)),
        }
        let units = Units::<i64>::of(&amounts).ok_or_else(refuse)?;
        let mut values = units.values.into_iter();
        self.session_base = values.by_ref().take(BASE_CELLS).collect();
        self.session_trips = values.by_ref().take(HandCategory::COUNT).collect();
        self.session_six = values.by_ref().take(SIX_CELLS).collect();
        self.session_pairs = values.collect();
        self.session_scale = units.scale;
        self.hand_extremes().ok_or_else(refuse)?;
        Ok(())
    }

    /// The largest loss and largest win of one hand (all wagers together),
    /// in session units, both at least 0; `None` if a hand's total does not
    /// fit 64 bits (then the sampler cannot add it up).
    pub fn hand_extremes(&self) -> Option<(i64, i64)> {
        let occurring = (0..BASE_CELLS).filter(|&c| cell_occurs(c)).map(|c| {
            i128::from(self.session_base[c])
                + i128::from(self.session_trips[c % HandCategory::COUNT])
        });
        let (lo, hi) = occurring.fold((0, 0), |(lo, hi), v| (v.min(lo), v.max(hi)));
        let six_min = self.session_six.iter().min().copied().unwrap_or(0).min(0);
        let six_max = self.session_six.iter().max().copied().unwrap_or(0).max(0);
        let pairs_min = self.session_pairs.iter().min().copied().unwrap_or(0).min(0);
        let pairs_max = self.session_pairs.iter().max().copied().unwrap_or(0).max(0);
        let lo = i64::try_from(lo + i128::from(six_min) + i128::from(pairs_min)).ok()?;
        let hi = i64::try_from(hi + i128::from(six_max) + i128::from(pairs_max)).ok()?;
        Some((lo.checked_neg()?, hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip() {
        for cell in 0..BASE_CELLS {
            let r = base_round(cell);
            assert_eq!(
                base_cell(
                    r.play as usize,
                    versus_index(r.versus),
                    r.dealer_qualifies,
                    r.player.index()
                ),
                cell
            );
        }
    }

    #[test]
    fn units_are_exact_or_refused() {
        assert_eq!(
            Units::<i64>::of(&[(1, 2), (-5, 3), (7, 1)]),
            Some(Units {
                scale: 6,
                values: vec![3, -10, 42]
            })
        );
        // Twelve-digit coprime denominators: their product passes 2^127.
        let primes = [
            999_999_999_989,
            999_999_999_961,
            999_999_999_959,
            999_999_999_947,
        ];
        assert_eq!(Units::<i128>::of(&primes.map(|p| (1, p))), None);
        // A value over its denominator beyond 2^63.
        assert_eq!(Units::<i64>::of(&[(1 << 62, 1), (1, 2)]), None);
        assert!(Units::<i64>::of(&[(1 << 61, 1), (1, 2)]).is_some());
        // Per wager: the largest result times the hands below 2^127.
        let big = [Fraction::from_int(1 << 100), Fraction::from_int(-1)];
        assert!(Units::of_wager(&big, 1 << 26).is_some());
        assert!(Units::of_wager(&big, 1 << 27).is_none());
    }

    #[test]
    fn ratios_are_reduced_and_checked() {
        assert_eq!(ratio((3, 4), (9, 2)), Some((1, 6)));
        assert_eq!(ratio((3, 4), (-9, 2)), Some((-1, 6)));
        assert_eq!(ratio((i128::MAX, 1), (1, 3)), None);
    }
}
