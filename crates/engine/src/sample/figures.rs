//! The figures of a simulation: exact values to compare with
//! ([`ExactValues`]), estimates with standard errors and 95% confidence
//! intervals ([`Estimate`]), and the report of a run ([`SimulationReport`]),
//! derived by [`super::Sample::report`] ([`super::estimates`]). Writing a
//! report is the exporters' business (`report::simulation` (the documents crate)).

use super::Z95;
use crate::exact::game::GameSummary;
use crate::fraction::Fraction;
use serde::Serialize;

/// Exact figures of the base game under one strategy, to check the sample.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactBaseGame {
    /// Expected loss per Ante.
    pub house_edge: Fraction,
    /// Expected loss per unit of Ante + Blind + Play.
    pub element_of_risk: Fraction,
    /// Probability of each final action, indexed by [`crate::exact::game::Action::play`].
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
    /// The estimate `mean` with its standard error; the 95% interval is
    /// `mean` ± 1.96 standard errors.
    pub fn new(mean: f64, std_error: f64) -> Estimate {
        Estimate {
            mean,
            std_error,
            ci95_low: mean - Z95 * std_error,
            ci95_high: mean + Z95 * std_error,
        }
    }

    /// A mean with a 95% interval of ±`t975(df)` standard errors (Student's
    /// t with `df` degrees of freedom), for a mean of few independent parts.
    pub(crate) fn with_df(mean: f64, std_error: f64, df: u64) -> Estimate {
        let t = t975(df);
        Estimate {
            mean,
            std_error,
            ci95_low: mean - t * std_error,
            ci95_high: mean + t * std_error,
        }
    }

    /// A proportion `count / n` with its binomial standard error and the
    /// Wilson score interval (Wilson, 1927):
    /// `(p + z²/2n ± z·sqrt(p(1 − p)/n + z²/4n²)) / (1 + z²/n)`. The normal interval `p ± z·se` is `[0, 0]`
    /// when nothing was seen and covers a rare outcome far less than 95% of
    /// the time (an outcome of 1 in a million in a million hands: 63%; the
    /// Wilson interval 92%, see the unit test).
    pub fn proportion(count: u64, n: u64) -> Estimate {
        let (p, nf) = (count as f64 / n as f64, n as f64);
        let z2 = Z95 * Z95;
        let d = 1.0 + z2 / nf;
        let centre = (p + z2 / (2.0 * nf)) / d;
        let half = Z95 / d * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
        Estimate {
            mean: p,
            std_error: (p * (1.0 - p) / nf).sqrt(),
            ci95_low: (centre - half).max(0.0),
            ci95_high: (centre + half).min(1.0),
        }
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

/// The 0.975 quantile of Student's t with `df` degrees of freedom (the
/// half-width of a two-sided 95% interval, in standard errors): tabulated
/// to 9 decimals for 1 to 30, beyond that the expansion of Abramowitz and
/// Stegun 26.7.5 in powers of `1/df` (within 10^-6 from 30 on); the normal
/// quantile for `df` = 0 (no degrees of freedom: not to be used).
pub fn t975(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706_204_736,
        4.302_652_730,
        3.182_446_305,
        2.776_445_105,
        2.570_581_836,
        2.446_911_851,
        2.364_624_252,
        2.306_004_135,
        2.262_157_163,
        2.228_138_852,
        2.200_985_160,
        2.178_812_830,
        2.160_368_656,
        2.144_786_688,
        2.131_449_546,
        2.119_905_299,
        2.109_815_578,
        2.100_922_040,
        2.093_024_054,
        2.085_963_447,
        2.079_613_845,
        2.073_873_068,
        2.068_657_610,
        2.063_898_562,
        2.059_538_553,
        2.055_529_439,
        2.051_830_516,
        2.048_407_142,
        2.045_229_642,
        2.042_272_456,
    ];
    match df {
        0 => Z95,
        1..=30 => TABLE[df as usize - 1],
        _ => {
            let (z, v) = (Z95, df as f64);
            let g1 = (z.powi(3) + z) / 4.0;
            let g2 = (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / 96.0;
            let g3 = (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z) / 384.0;
            let g4 = (79.0 * z.powi(9) + 776.0 * z.powi(7) + 1482.0 * z.powi(5)
                - 1920.0 * z.powi(3)
                - 945.0 * z)
                / 92_160.0;
            z + g1 / v + g2 / (v * v) + g3 / v.powi(3) + g4 / v.powi(4)
        }
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

/// Serializes an exact fraction as its text (`"-43/1000"`).
pub fn ser_fraction<S: serde::Serializer>(f: &Fraction, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&f.to_string())
}

/// Serializes an optional exact fraction as its text, or null.
pub fn ser_opt_fraction<S: serde::Serializer>(
    f: &Option<Fraction>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match f {
        Some(f) => s.serialize_str(&f.to_string()),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::{t975, Estimate};

    /// The exact chance that the interval of `count` in `n` covers `p`,
    /// summed over the binomial distribution of the count (its terms by
    /// the recurrence `P(k + 1) = P(k)·(n − k)/(k + 1)·p/(1 − p)`).
    fn coverage(n: u64, p: f64) -> f64 {
        let mut term = (n as f64 * (-p).ln_1p()).exp();
        let (mut covered, mut total) = (0.0, 0.0);
        for k in 0..=n {
            if Estimate::proportion(k, n).covers(p) {
                covered += term;
            }
            total += term;
            if total > 1.0 - 1e-12 {
                break;
            }
            term *= (n - k) as f64 / (k + 1) as f64 * p / (1.0 - p);
        }
        covered
    }

    #[test]
    fn proportion_intervals_cover_rare_outcomes() {
        // Coverage computed exactly from the binomial distribution: the
        // normal interval p ± 1.96·se covered an outcome of 1 in a million
        // in a million hands with chance 0.63 (nothing seen: [0, 0]).
        for (n, p) in [
            (1_000_000, 1e-6),
            (1_000_000, 1.0 / 649_740.0),
            (1_000_000, 5e-6),
            (1_000_000, 4_324.0 / 133_784_560.0),
            (1_000, 0.01),
            (1_000, 0.5),
        ] {
            let c = coverage(n, p);
            assert!(c >= 0.9, "n {n}, p {p}: covered with chance {c}");
        }
    }

    #[test]
    fn t_quantiles_match_the_published_table() {
        // NIST/SEMATECH e-Handbook of Statistical Methods, table 1.3.6.7.2
        // (upper critical values of Student's t, 0.025 upper tail), printed
        // to three decimals: the table's ends and the expansion beyond it.
        for (df, published) in [
            (1, 12.706),
            (2, 4.303),
            (10, 2.228),
            (30, 2.042),
            (31, 2.040),
            (40, 2.021),
            (60, 2.000),
            (100, 1.984),
        ] {
            assert!((t975(df) - published).abs() < 5e-4, "df {df}: {}", t975(df));
        }
        // The normal quantile is the limit.
        assert!((t975(1 << 40) - 1.959_964).abs() < 1e-6);
    }
}
