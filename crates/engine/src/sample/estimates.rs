//! The report of a run derived from its exact cell counts
//! ([`Sample::report`]): each wager's estimate with its standard error, the
//! frequencies, the session statistics; the figures themselves are
//! [`super::figures`]'s.

use super::cells::{base_round, six_card_hand, versus_index, Money, Units};
use super::engine::Sample;
use super::figures::{
    Estimate, ExactBaseGame, ExactValues, Frequency, Percentile, SessionReport, SimulationReport,
    Threshold, WagerEstimate,
};
use super::{BASE_CELLS, CHUNK_HANDS, SIX_CELLS};
use crate::evaluator::HandCategory;
use crate::exact::game::Action;
use crate::fraction::Fraction;
use crate::rules::paytable::PayTable;

/// The order in which the paying cells of a wager settled by category are
/// listed: Super Royals (the cells after the categories) by suit, then the
/// categories from the royal flush down.
fn category_order(cells: usize) -> Vec<usize> {
    (HandCategory::COUNT..cells)
        .chain((0..HandCategory::COUNT.min(cells)).rev())
        .collect()
}

/// Sums over a sample of integer values given by cell counts: `n` and `sum`
/// exact (the counts add up to the hands, and the hands times the largest
/// value fit 128 bits: checked before the run by `cells::Money::new`); the
/// sum of squares exact when it fits 128 bits.
struct Moments {
    n: i128,
    sum: i128,
    sum_squares: Option<i128>,
}

impl Moments {
    fn of(counts: &[u64], values: &[i128]) -> Moments {
        let mut m = Moments {
            n: 0,
            sum: 0,
            sum_squares: Some(0),
        };
        for (&c, &v) in counts.iter().zip(values) {
            let c = i128::from(c);
            m.n += c;
            m.sum += c * v;
            m.sum_squares = m
                .sum_squares
                .and_then(|s| s.checked_add(c.checked_mul(v.checked_mul(v)?)?));
        }
        m
    }

    /// Unbiased sample variance (in squared integer units): from the exact
    /// sums while `n·Σx² − (Σx)²` fits 128 bits, else `fallback()`.
    fn variance(&self, fallback: impl FnOnce() -> f64) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let exact = self.sum_squares.and_then(|sq| {
            let a = self.n.checked_mul(sq)?;
            a.checked_sub(self.sum.checked_mul(self.sum)?)
        });
        match exact {
            Some(num) => num as f64 / (self.n as f64 * (self.n - 1) as f64),
            None => fallback(),
        }
    }

    /// The variance of cell values in floating point, two passes over the
    /// cells (the mean first, from the exact sum), for sums of squares
    /// beyond 128 bits.
    fn two_pass(&self, counts: &[u64], values: &[i128]) -> f64 {
        let mean = self.sum as f64 / self.n as f64;
        let squares: f64 = counts
            .iter()
            .zip(values)
            .map(|(&c, &v)| c as f64 * (v as f64 - mean).powi(2))
            .sum();
        squares / (self.n - 1) as f64
    }
}

impl Sample {
    /// The estimates, compared with `exact` where given.
    pub fn report(&self, exact: &ExactValues) -> SimulationReport {
        let money = &self.money;
        let mut results = vec![self.base_estimate(money, exact.base_game.as_ref())];
        if let (Some(table), Some(values), Some(units)) =
            (&self.trips, &money.trips, &money.trips_units)
        {
            results.push(
                self.side_estimate(
                    "trips",
                    table,
                    None,
                    &self.category_counts(),
                    values,
                    units,
                    HandCategory::ALL
                        .iter()
                        .map(|c| c.name().to_string())
                        .collect(),
                    &category_order(HandCategory::COUNT),
                    exact.trips.clone(),
                ),
            );
        }
        if let (Some(bet), Some(values), Some(units)) =
            (&self.six_card, &money.six, &money.six_units)
        {
            results.push(
                self.side_estimate(
                    "six_card_bonus",
                    &bet.table,
                    Some(bet.wager.clone()),
                    &self.six,
                    values,
                    units,
                    (0..SIX_CELLS)
                        .map(|c| six_card_hand(c).name().to_string())
                        .collect(),
                    &category_order(SIX_CELLS),
                    exact.six_card.clone(),
                ),
            );
        }
        if let (Some(table), Some(values), Some(units)) =
            (&self.ultimate_pairs, &money.pairs, &money.pairs_units)
        {
            // One cell per pay line, in the table's order, then no line.
            let names = table
                .lines
                .iter()
                .map(|l| l.hand.name().to_string())
                .chain(["no_line".to_string()])
                .collect();
            let order: Vec<usize> = (0..values.len()).collect();
            results.push(self.side_estimate(
                "ultimate_pairs",
                table,
                None,
                &self.pairs,
                values,
                units,
                names,
                &order,
                exact.ultimate_pairs.clone(),
            ));
        }
        let per_play = self.per_play();
        let actions = Action::ALL
            .iter()
            .map(|&a| Frequency {
                name: a.name().to_string(),
                count: per_play[a.play() as usize],
                frequency: Estimate::proportion(per_play[a.play() as usize], self.hands),
                exact: exact
                    .base_game
                    .as_ref()
                    .map(|e| (e.actions[a.play() as usize]).clone()),
            })
            .collect();
        SimulationReport {
            strategy: self.strategy.clone(),
            hands: self.hands,
            seed: self.seed,
            deck_size: self.deck_size,
            chunk_hands: CHUNK_HANDS,
            results,
            actions,
            sessions: self.session_report(money.session_scale),
        }
    }

    fn per_play(&self) -> [u64; 5] {
        let mut per_play = [0u64; 5];
        for (cell, &n) in self.base.iter().enumerate() {
            per_play[base_round(cell).play as usize] += n;
        }
        per_play
    }

    /// Hands by the category of the player's seven cards.
    fn category_counts(&self) -> [u64; HandCategory::COUNT] {
        let mut counts = [0u64; HandCategory::COUNT];
        for (cell, &n) in self.base.iter().enumerate() {
            counts[cell % HandCategory::COUNT] += n;
        }
        counts
    }

    fn base_estimate(&self, money: &Money, exact: Option<&ExactBaseGame>) -> WagerEstimate {
        let (scale, values) = (money.base_units.scale, &money.base_units.values);
        let m = Moments::of(&self.base, values);
        let n = self.hands as f64;
        let s = scale as f64;
        let mean = m.sum as f64 / n / s;
        let variance = m.variance(|| m.two_pass(&self.base, values));
        let std_dev = variance.sqrt() / s;
        let net_per_hand = Estimate::new(mean, std_dev / n.sqrt());
        let house_edge = Estimate::new(-mean, std_dev / n.sqrt());
        // Element of risk: R = -Σx / Σw, w = 2 + play Antes; delta method:
        // Var(R) ≈ Var(x + R·w) / (n · mean(w)²).
        let wagered: Vec<i128> = (0..BASE_CELLS)
            .map(|c| 2 + i128::from(base_round(c).play))
            .collect();
        let w = Moments::of(&self.base, &wagered);
        // Σ c·x·w exactly while it fits 128 bits, else in floating point.
        let cross = self
            .base
            .iter()
            .zip(values.iter().zip(&wagered))
            .try_fold(0i128, |sum, (&c, (&x, &w))| {
                sum.checked_add((i128::from(c) * x).checked_mul(w)?)
            })
            .map_or_else(
                || {
                    self.base
                        .iter()
                        .zip(values.iter().zip(&wagered))
                        .map(|(&c, (&x, &w))| c as f64 * x as f64 * w as f64)
                        .sum()
                },
                |cross| cross as f64,
            );
        let x_mean = m.sum as f64 / n / s;
        let w_mean = w.sum as f64 / n;
        let r = -x_mean / w_mean;
        let var_x = variance / (s * s);
        let var_w = w.variance(|| w.two_pass(&self.base, &wagered));
        let cov_xw = (cross / s - n * x_mean * w_mean) / (n - 1.0).max(1.0);
        let var_d = var_x + 2.0 * r * cov_xw + r * r * var_w;
        let element_of_risk = Estimate::new(r, (var_d.max(0.0) / n).sqrt() / w_mean);
        let mut lines = Vec::new();
        // Showdown results and folds.
        let mut results = [0u64; 4];
        for (cell, &count) in self.base.iter().enumerate() {
            let r = base_round(cell);
            let i = if r.play == 0 {
                3
            } else {
                versus_index(r.versus)
            };
            results[i] += count;
        }
        for (name, count) in ["player_wins", "tie", "dealer_wins", "fold"]
            .iter()
            .zip(results)
        {
            lines.push(self.frequency(name.to_string(), count));
        }
        let not_qualified: u64 = (0..BASE_CELLS)
            .filter(|&c| base_round(c).play > 0 && !base_round(c).dealer_qualifies)
            .map(|c| self.base[c])
            .sum();
        lines.push(self.frequency("dealer_does_not_qualify".into(), not_qualified));
        // Hands the Blind paid on.
        for category in HandCategory::ALL.iter().rev() {
            let count: u64 = (0..BASE_CELLS)
                .filter(|&c| {
                    c % HandCategory::COUNT == category.index() && money.blind[c].is_positive()
                })
                .map(|c| self.base[c])
                .sum();
            if count > 0 || self.blind.award_for_category(*category).is_some() {
                lines.push(self.frequency(format!("blind_{}", category.name()), count));
            }
        }
        WagerEstimate {
            wager: "base_game",
            paytable: self.blind.id.clone(),
            title: self.blind.title.clone(),
            wager_amount: None,
            hands: self.hands,
            net_total: Fraction::new(m.sum, scale),
            std_dev,
            net_per_hand,
            house_edge,
            element_of_risk,
            exact_house_edge: exact.map(|e| e.house_edge.clone()),
            exact_element_of_risk: exact.map(|e| e.element_of_risk.clone()),
            exact_inside_ci95: exact.map(|e| house_edge.covers(e.house_edge.to_f64())),
            exact_z: exact.map(|e| house_edge.z(e.house_edge.to_f64())),
            hit_frequency: self.hits(&self.base, values),
            lines,
        }
    }

    /// The proportion of hands in cells of positive value.
    fn hits(&self, counts: &[u64], values: &[i128]) -> Estimate {
        let wins = counts
            .iter()
            .zip(values)
            .filter(|(_, &v)| v > 0)
            .map(|(&c, _)| c)
            .sum();
        Estimate::proportion(wins, self.hands)
    }

    fn frequency(&self, name: String, count: u64) -> Frequency {
        Frequency {
            name,
            count,
            frequency: Estimate::proportion(count, self.hands),
            exact: None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn side_estimate(
        &self,
        wager: &'static str,
        table: &PayTable,
        amount: Option<Fraction>,
        counts: &[u64],
        values: &[Fraction],
        units: &Units<i128>,
        names: Vec<String>,
        order: &[usize],
        exact: Option<Fraction>,
    ) -> WagerEstimate {
        let stake = amount.clone().unwrap_or(Fraction::ONE);
        let scale = units.scale;
        let m = Moments::of(counts, &units.values);
        let n = self.hands as f64;
        let s = scale as f64;
        let mean = m.sum as f64 / n / s;
        let std_dev = m.variance(|| m.two_pass(counts, &units.values)).sqrt() / s;
        let net_per_hand = Estimate::new(mean, std_dev / n.sqrt());
        let per_unit = stake.to_f64();
        let house_edge = Estimate::new(-mean / per_unit, std_dev / n.sqrt() / per_unit);
        let lines: Vec<Frequency> = order
            .iter()
            .copied()
            .filter(|&c| values[c].is_positive())
            .map(|c| self.frequency(names[c].clone(), counts[c]))
            .collect();
        let hit_frequency = self.hits(counts, &units.values);
        WagerEstimate {
            wager,
            paytable: table.id.clone(),
            title: table.title.clone(),
            wager_amount: amount,
            hands: self.hands,
            net_total: Fraction::new(m.sum, scale),
            std_dev,
            net_per_hand,
            house_edge,
            element_of_risk: house_edge,
            exact_house_edge: exact.clone(),
            exact_element_of_risk: exact.clone(),
            exact_inside_ci95: exact.as_ref().map(|e| house_edge.covers(e.to_f64())),
            exact_z: exact.map(|e| house_edge.z(e.to_f64())),
            hit_frequency,
            lines,
        }
    }

    fn session_report(&self, scale: i128) -> Option<SessionReport> {
        let (config, rules, t) = self.session.as_ref()?;
        if t.count == 0 {
            return None;
        }
        let s = scale as f64;
        let n = t.count as f64;
        let moments = Moments {
            n: i128::from(t.count),
            sum: t.sum,
            sum_squares: t.sum_squares.exact(),
        };
        let variance = moments.variance(|| {
            let mean = t.sum as f64 / n;
            (t.sum_squares.to_f64() - n * mean * mean) / (n - 1.0)
        });
        let std_dev = variance.sqrt() / s;
        let antes = |v: u64| (v as i64 - rules.shift) as f64 / s;
        let percentiles = [1.0, 5.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0]
            .iter()
            .map(|&percent| Percentile {
                percent,
                net: antes(t.histogram.value_at_quantile(percent / 100.0)),
            })
            .collect();
        let widest = t
            .histogram
            .equivalent_range(t.histogram.max())
            .saturating_sub(1);
        Some(SessionReport {
            hands_per_session: rules.hands,
            sessions: t.count,
            hands_left_out: self.hands - t.count * rules.hands,
            mean: Estimate::new(t.sum as f64 / n / s, std_dev / n.sqrt()),
            std_dev,
            percentiles,
            lowest: antes(t.histogram.min()),
            highest: antes(t.histogram.max()),
            resolution: widest as f64 / s,
            finish_ahead: Estimate::proportion(t.ahead, t.count),
            finish_even: Estimate::proportion(t.even, t.count),
            lose_more_than: config
                .loss_thresholds
                .iter()
                .zip(&t.losses)
                .map(|(x, &c)| Threshold {
                    antes: x.to_f64(),
                    probability: Estimate::proportion(c, t.count),
                })
                .collect(),
            bankroll: config.bankroll.clone().map(|b| Threshold {
                antes: b.to_f64(),
                probability: Estimate::proportion(t.ruined, t.count),
            }),
        })
    }
}
