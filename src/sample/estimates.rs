//! The figures of a simulation: exact values to compare with
//! ([`ExactValues`]), estimates with standard errors and 95% confidence
//! intervals ([`Estimate`]), and the report of a run ([`SimulationReport`]),
//! derived by [`Sample::report`] from the exact counts. Writing a report is
//! the exporters' business ([`crate::report::simulation`]).

use super::cells::{base_round, six_card_hand, versus_index, Money, Units};
use super::engine::Sample;
use super::{BASE_CELLS, CHUNK_HANDS, SIX_CELLS, Z95};
use crate::evaluator::HandCategory;
use crate::exact::game::{Action, GameSummary};
use crate::fraction::Fraction;
use crate::rules::paytable::PayTable;
use serde::Serialize;

/// Exact figures of the base game under one strategy, to check the sample.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactBaseGame {
    /// Expected loss per Ante.
    pub house_edge: Fraction,
    /// Expected loss per unit of Ante + Blind + Play.
    pub element_of_risk: Fraction,
    /// Probability of each final action, indexed by [`Action::play`].
    pub actions: [Fraction; 5],
}

impl ExactBaseGame {
    /// The exact figures of a solved game (the optimal strategy), from
    /// [`crate::exact::game::Solution::summary`].
    pub fn from_summary(summary: &GameSummary) -> ExactBaseGame {
        ExactBaseGame {
            house_edge: summary.house_edge.clone(),
            element_of_risk: summary.element_of_risk.clone(),
            actions: summary.action_probabilities.clone(),
        }
    }
}

/// Exact values, where known, to report beside the estimates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExactValues {
    /// The exact base-game figures, if known.
    pub base_game: Option<ExactBaseGame>,
    /// Trips house edge (expected loss per unit wagered).
    pub trips: Option<Fraction>,
    /// Six Card Bonus house edge (expected loss per dollar wagered, at the
    /// simulated wager).
    pub six_card: Option<Fraction>,
    /// Ultimate Pairs Bonus house edge (expected loss per unit wagered).
    pub ultimate_pairs: Option<Fraction>,
}

/// A sample mean with its standard error and 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The sample mean.
    pub mean: f64,
    /// Standard error of the mean.
    pub std_error: f64,
    /// Low end of the 95% confidence interval.
    pub ci95_low: f64,
    /// High end of the 95% confidence interval.
    pub ci95_high: f64,
}

impl Estimate {
    pub(crate) fn new(mean: f64, std_error: f64) -> Estimate {
        Estimate {
            mean,
            std_error,
            ci95_low: mean - Z95 * std_error,
            ci95_high: mean + Z95 * std_error,
        }
    }

    /// A proportion `count / n` with its binomial standard error.
    pub fn proportion(count: u64, n: u64) -> Estimate {
        let p = count as f64 / n as f64;
        Estimate::new(p, (p * (1.0 - p) / n as f64).sqrt())
    }

    /// Whether `x` lies in the 95% confidence interval.
    pub fn covers(&self, x: f64) -> bool {
        self.ci95_low <= x && x <= self.ci95_high
    }

    /// Distance of `x` from the mean in standard errors.
    pub fn z(&self, x: f64) -> f64 {
        (x - self.mean) / self.std_error
    }
}

/// How often a hand or outcome occurred.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Frequency {
    /// `royal_flush`, `super_royal_diamonds`, `blind_flush`, `player_wins`...
    pub name: String,
    /// Number of times it occurred.
    pub count: u64,
    /// Its frequency per hand.
    pub frequency: Estimate,
    /// The exact probability, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub exact: Option<Fraction>,
}

/// The estimate of one wager.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WagerEstimate {
    /// `base_game`, `trips`, `six_card_bonus` or `ultimate_pairs`.
    pub wager: &'static str,
    /// The pay table's id.
    pub paytable: String,
    /// The pay table's title.
    pub title: String,
    /// The amount wagered in dollars (Six Card Bonus only).
    #[serde(serialize_with = "ser_opt_fraction")]
    pub wager_amount: Option<Fraction>,
    /// Number of hands.
    pub hands: u64,
    /// Net result summed over the sample, exact (Antes; dollars for the Six
    /// Card Bonus).
    #[serde(serialize_with = "ser_fraction")]
    pub net_total: Fraction,
    /// Standard deviation of one hand's net result.
    pub std_dev: f64,
    /// Mean net result per hand (Antes; dollars for the Six Card Bonus).
    pub net_per_hand: Estimate,
    /// Expected loss per initial wager: per Ante for the base game, per unit
    /// for Trips, per dollar for the Six Card Bonus.
    pub house_edge: Estimate,
    /// Expected loss per unit of the total amount wagered (for the base
    /// game, Ante + Blind + Play: a ratio estimate, delta-method standard
    /// error).
    pub element_of_risk: Estimate,
    /// The exact house edge, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub exact_house_edge: Option<Fraction>,
    /// The exact element of risk, where known.
    #[serde(serialize_with = "ser_opt_fraction")]
    pub exact_element_of_risk: Option<Fraction>,
    /// Whether the exact house edge lies in the 95% confidence interval.
    pub exact_inside_ci95: Option<bool>,
    /// Distance of the exact house edge from the estimate, in standard errors.
    pub exact_z: Option<f64>,
    /// How often the wager wins (net result above zero).
    pub hit_frequency: Estimate,
    /// Paying hands and outcomes.
    pub lines: Vec<Frequency>,
}

/// The distribution of session results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionReport {
    /// Hands per session.
    pub hands_per_session: u64,
    /// Number of complete sessions.
    pub sessions: u64,
    /// Hands after the last complete session, left out.
    pub hands_left_out: u64,
    /// Mean and standard deviation of a session's net result, Antes.
    pub mean: Estimate,
    /// Standard deviation of a session's net result, Antes.
    pub std_dev: f64,
    /// Percentiles of the net result, read from the histogram.
    pub percentiles: Vec<Percentile>,
    /// Lowest session result, Antes.
    pub lowest: f64,
    /// Highest session result, Antes.
    pub highest: f64,
    /// Widest histogram bucket among recorded values, Antes (0 = exact).
    pub resolution: f64,
    /// Chance a session ends ahead (net above 0).
    pub finish_ahead: Estimate,
    /// Chance a session ends even (net exactly 0).
    pub finish_even: Estimate,
    /// P(session loses more than X Antes), for each X asked.
    pub lose_more_than: Vec<Threshold>,
    /// P(running total reaches -B Antes within the session), B the bankroll.
    pub bankroll: Option<Threshold>,
}

/// A percentile of session results.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Percentile {
    /// The percentile, 0 to 100.
    pub percent: f64,
    /// Net result in Antes (the highest value of its histogram bucket).
    pub net: f64,
}

/// The chance of an event defined by an amount in Antes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Threshold {
    /// The amount, in Antes.
    pub antes: f64,
    /// The chance of the event.
    pub probability: Estimate,
}

/// The report of a simulation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimulationReport {
    /// The strategy's name.
    pub strategy: String,
    /// Number of hands played.
    pub hands: u64,
    /// The random seed.
    pub seed: u64,
    /// Number of cards in the deck.
    pub deck_size: usize,
    /// Hands per chunk of the run.
    pub chunk_hands: u64,
    /// The estimate of each wager.
    pub results: Vec<WagerEstimate>,
    /// Final actions: `fold`, `raise_1x` .. `raise_4x`.
    pub actions: Vec<Frequency>,
    /// Session statistics, if asked for.
    pub sessions: Option<SessionReport>,
}

pub(crate) fn ser_fraction<S: serde::Serializer>(f: &Fraction, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&f.to_string())
}

pub(crate) fn ser_opt_fraction<S: serde::Serializer>(
    f: &Option<Fraction>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match f {
        Some(f) => s.serialize_str(&f.to_string()),
        None => s.serialize_none(),
    }
}

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
