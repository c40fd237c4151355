//! The long-run return of a Progressive wager whose meters rise with every
//! wager and reset when won, exactly (COMAR 36.05.16.12D: the rules
//! submission states the rate of progression and the initial and reset
//! amount; a meter award pays "the amount on the meter when it is the
//! player's turn to be paid").
//!
//! # The model
//! The wagers on a meter are settled one after another, each on a hand dealt
//! independently of the others. Before wager `t` is settled the meter
//! shows `M_t`; the wager, of `w_t` dollars drawn from the wager mix
//! (independent of the hand), adds `v·w_t` (`v` = rate − reserve, the share
//! the meter shows), so the player is paid from `S_t = M_t + v·w_t`. The
//! hand then does one of:
//! - an award of 100% of the meter: the meter is emptied and reset to `R`
//!   (`M_{t+1} = R`, probability `F` per wager, the sum over such awards);
//! - an award of `p` < 100% of the meter, coming *off the meter* (the
//!   default reading): `M_{t+1} = (1 − p)·S_t` (the meter is not topped up
//!   to `R`: that is not a reset);
//! - an award of `p` < 100% paid by the house *on top*: `M_{t+1} = S_t`;
//! - anything else: `M_{t+1} = S_t`.
//!
//! So `M_{t+1} = A·(M_t + v·w_t) + B` with `(A, B)` drawn afresh each
//! wager: a Markov chain on the meter. Write `D = F + Σ q_k·p_k` over the
//! awards that come off the meter (`q_k` the award's probability per wager,
//! `p_k` its share, 100% awards included) and `T = Σ q_k·p_k` over the
//! awards paid on top. Then `E[A] = 1 − D`, `E[B] = F·R`, and the chain's
//! stationary mean (it exists when `D > 0`: some award takes money off the
//! meter) solves `E[M] = (1 − D)·(E[M] + v·μ) + F·R`, `μ` the mean wager:
//!
//! ```text
//! E[M]           = ((1 − D)·v·μ + F·R) / D        (before a wager)
//! E[M²]          = (E[A²]·(2·E[M]·v·μ + v²·E[w²]) + F·R²) / (1 − E[A²])
//! E[S | w]       = E[M] + v·w                     (when a w-dollar wager is paid)
//! E[S]           = (v·μ + F·R) / D                (over the mix)
//! meter paid out = E[S]·(D + T) per wager
//! ```
//!
//! (`E[A²] = 1 − F − Σ_off q_k·(1 − (1 − p_k)²)`, `AB = 0`). The hand of
//! a wager is independent of the meter it meets, so each
//! award's expected payment is its share of `E[S | w]`, the same expected
//! meter for every award of a meter, and the return is linear in the
//! meter: the long-run return of a `w`-dollar wager is the return at the
//! meters `E[S_j | w]` ([`crate::exact::progressive::progressive_result_at`]),
//! the Envy Bonus and the fixed awards unchanged. Its variance is the
//! variance at those meters plus `Σ q_k·(p_k/w)²·Var(M_j)` (only the square
//! of the player's own award is not linear in the meter).
//!
//! With every award off the meter (`T = 0`) the meter pays out
//! `v·μ + F·R` per wager: everything put on it plus a reset each time it is
//! won (conservation of money), whatever the shares `p_k`. That holds for
//! hands that are not independent too (several wagers in one round, paid in
//! turn order: a second hit in a round is paid from the meter as the first
//! left it), since the money put on and the resets add up by linearity; the
//! per-bettor figures (`E[S | w]`) assume independent hands.
//!
//! # Who funds the reset
//! By default the house seeds every reset (`reserve` 0: the meter shows the
//! whole rate). With a reserve `s`, the meter shows `v = rate − s` and the
//! reserve collects `s·μ` per wager toward the resets, which cost `F·R`
//! per wager: the house's own cost per wager is `F·R − s·μ` (negative: the
//! reserve gathers more than the resets take). The player's return depends
//! only on `v` and `R`.
//!
//! # Limits
//! A meter with a ceiling is refused (the expected meter then involves
//! `(1 − F)^K` for the `K` wagers it takes to reach the ceiling: a fraction
//! of millions of digits); the snapshot at a given meter and the simulation
//! accept it. A meter no award takes money from grows without end: refused.

use crate::evaluator::HandCategory;
use crate::exact::progressive::progressive_result_at;
use crate::exact::showdown::ShowdownCounts;
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::result::{Figure, WagerResult};
use crate::rules::paytable::meters::percent_text;
use crate::rules::paytable::{Award, Meter, PayTable};

/// How an award of less than 100% of a meter is paid.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PercentAwards {
    /// It comes off the meter (the meter keeps the rest): the default.
    #[default]
    OffMeter,
    /// The house pays it on top; the meter is unchanged.
    OnTop,
}

impl PercentAwards {
    /// The reading in words.
    pub fn describe(self) -> &'static str {
        match self {
            PercentAwards::OffMeter => "awards under 100% come off the meter",
            PercentAwards::OnTop => "awards under 100% paid by the house on top",
        }
    }
}

/// The readings and inputs of the long run.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LongRunSettings {
    /// The wagers that feed the meters: `(dollars, share of the wagers)`,
    /// shares adding up to 1. Default: every wager $1.
    pub mix: Vec<(Fraction, Fraction)>,
    /// How awards under 100% are paid.
    pub percent_awards: PercentAwards,
    /// Wagers per hour on the meter, for the mean time between hits.
    pub wagers_per_hour: Option<Fraction>,
}

impl Default for LongRunSettings {
    fn default() -> LongRunSettings {
        LongRunSettings {
            mix: vec![(Fraction::ONE, Fraction::ONE)],
            percent_awards: PercentAwards::OffMeter,
            wagers_per_hour: None,
        }
    }
}

impl LongRunSettings {
    /// The mean wager `μ`, in dollars.
    pub fn mean_wager(&self) -> Fraction {
        self.mix.iter().map(|(w, share)| w * share).sum()
    }
}

/// Why the long run of a table cannot be computed exactly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LongRunError {
    /// A meter with a ceiling.
    #[error("pay table {id}, meter {meter}: a ceiling makes the long-run return a fraction of millions of digits; not computed (drop the ceiling, or give --meter for the return at one amount)")]
    Ceiling {
        /// The table's id.
        id: String,
        /// The meter's name.
        meter: String,
    },
    /// A meter no award takes money from.
    #[error("pay table {id}, meter {meter}: no award takes money off this meter under the reading '{reading}', so it grows without end and has no long-run return")]
    NeverWon {
        /// The table's id.
        id: String,
        /// The meter's name.
        meter: String,
        /// The reading of awards under 100%.
        reading: &'static str,
    },
    /// A table whose meters have no rate and reset.
    #[error("pay table {id} states no meter (no [[meter]] with its rate and reset): give --rate and --reset for the long run")]
    NoMeter {
        /// The table's id.
        id: String,
    },
}

/// The long-run figures of one meter.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MeterLongRun {
    /// The meter.
    pub meter: Meter,
    /// `F`: the probability per wager that an award empties the meter.
    pub resets: Fraction,
    /// `D`: the expected share of the meter taken off per wager.
    pub drain: Fraction,
    /// `T`: the expected share of the meter paid on top per wager.
    pub on_top: Fraction,
    /// `E[M]`: the expected meter before a wager, in dollars.
    pub before_wager: Fraction,
    /// `E[S]`: the expected meter when a wager of the mix is paid.
    pub at_payment: Fraction,
    /// `Var(M)`: the variance of the meter before a wager (dollars²), which
    /// is also that of the meter a wager of any given size is paid from.
    pub variance: Fraction,
    /// The meter's payments per dollar wagered over the mix:
    /// `E[S]·(D + T) / μ`.
    pub paid_per_dollar: Fraction,
    /// The house's cost of the resets per wager, less the reserve:
    /// `F·R − s·μ` dollars.
    pub house_reset_cost: Fraction,
}

/// The probability per wager of each category of the player's own hand.
pub fn own_probabilities(counts: &ShowdownCounts) -> [Fraction; HandCategory::COUNT] {
    let total = counts.total() as i128;
    counts
        .player_categories()
        .map(|n| Fraction::new(n as i128, total))
}

/// The long-run figures of each meter of `table`, from the probabilities
/// of the player's hand categories ([`own_probabilities`]).
pub fn meter_long_runs(
    table: &PayTable,
    probability: &[Fraction; HandCategory::COUNT],
    settings: &LongRunSettings,
) -> Result<Vec<MeterLongRun>, LongRunError> {
    let meters = &table.rules.meters;
    if meters.is_empty() {
        return Err(LongRunError::NoMeter {
            id: table.id.clone(),
        });
    }
    let mu = settings.mean_wager();
    let mut runs = Vec::new();
    for (j, meter) in meters.iter().enumerate() {
        if meter.ceiling.is_some() {
            return Err(LongRunError::Ceiling {
                id: table.id.clone(),
                meter: meter.name.clone(),
            });
        }
        let (mut resets, mut drain, mut on_top) = (Fraction::ZERO, Fraction::ZERO, Fraction::ZERO);
        for c in HandCategory::ALL {
            let Some(Award::Meter { percent, meter: i }) = table.award_for_category(c) else {
                continue;
            };
            if i != j {
                continue;
            }
            let q = &probability[c.index()];
            let share = Fraction::new(percent as i128, 100);
            if percent == 100 {
                resets = resets + q;
                drain = drain + q * share;
            } else if settings.percent_awards == PercentAwards::OffMeter {
                drain = drain + q * share;
            } else {
                on_top = on_top + q * share;
            }
        }
        if !drain.is_positive() {
            return Err(LongRunError::NeverWon {
                id: table.id.clone(),
                meter: meter.name.clone(),
                reading: settings.percent_awards.describe(),
            });
        }
        let v = meter.shown_rate();
        let seeded = &resets * &meter.reset;
        let before_wager = ((Fraction::ONE - &drain) * &v * &mu + &seeded) / &drain;
        let at_payment = (&v * &mu + &seeded) / &drain;
        let paid_per_dollar = &at_payment * (&drain + &on_top) / &mu;
        // E[A²]: a reset gives A = 0, an award p off the meter A = 1 − p,
        // anything else A = 1; AB = 0 always (B = R only when A = 0).
        let mut a_squared = Fraction::ONE - &resets;
        for c in HandCategory::ALL {
            if let Some(Award::Meter { percent, meter: i }) = table.award_for_category(c) {
                let off = settings.percent_awards == PercentAwards::OffMeter;
                if i == j && percent < 100 && off {
                    let keep = Fraction::new(100 - percent as i128, 100);
                    a_squared =
                        a_squared - &probability[c.index()] * (Fraction::ONE - &keep * &keep);
                }
            }
        }
        let w_squared: Fraction = settings.mix.iter().map(|(w, share)| w * w * share).sum();
        let second = (&a_squared
            * (Fraction::from_int(2) * &before_wager * &v * &mu + &v * &v * w_squared)
            + &seeded * &meter.reset)
            / (Fraction::ONE - &a_squared);
        let variance = second - &before_wager * &before_wager;
        let house_reset_cost = seeded - &meter.reserve * &mu;
        runs.push(MeterLongRun {
            meter: meter.clone(),
            resets,
            drain,
            on_top,
            before_wager,
            at_payment,
            variance,
            paid_per_dollar,
            house_reset_cost,
        });
    }
    Ok(runs)
}

/// The long-run result of a `wager`-dollar Progressive wager with `players`
/// other players (checked as for [`progressive_result_at`]): the pay
/// table's lines at the expected meters when the wager is paid, `E[S_j |
/// w]`, and figures for each meter and award. `counts` must be those of the
/// table's hand reading.
pub fn long_run_result(
    table: &PayTable,
    counts: &ShowdownCounts,
    wager: Fraction,
    players: u32,
    settings: &LongRunSettings,
) -> Result<WagerResult, LongRunError> {
    let probability = own_probabilities(counts);
    let runs = meter_long_runs(table, &probability, settings)?;
    let at_hit: Vec<Fraction> = runs
        .iter()
        .map(|r| &r.before_wager + r.meter.shown_rate() * &wager)
        .collect();
    let mut result = progressive_result_at(table, counts, wager.clone(), &at_hit, players);
    result.meter = None;
    // The variance at the expected meters, plus what the meter's own spread
    // adds: only the square of the player's own award is not linear in the
    // meter, so E[X²] gains q_k·(p_k/w)²·Var(S_j) for each meter award.
    for c in HandCategory::ALL {
        if let Some(Award::Meter { percent, meter }) = table.award_for_category(c) {
            let share = Fraction::new(percent as i128, 100) / &wager;
            result.variance = &result.variance
                + &probability[c.index()] * &share * &share * &runs[meter].variance;
        }
    }
    let mut figures = Vec::new();
    let figure = |name: String, value: Fraction, unit: &str| Figure {
        name,
        value,
        unit: unit.to_string(),
    };
    for (run, s) in runs.iter().zip(&at_hit) {
        let n = match run.meter.name.as_str() {
            Meter::DEFAULT_NAME => Meter::DEFAULT_NAME.to_string(),
            name => format!("meter {name}"),
        };
        figures.push(figure(
            format!("expected {n} when paid"),
            s.clone(),
            "dollars",
        ));
        figures.push(figure(
            format!("expected {n} before a wager"),
            run.before_wager.clone(),
            "dollars",
        ));
        figures.push(figure(
            format!("{n} paid back per dollar wagered (all wagers)"),
            run.paid_per_dollar.clone(),
            "per dollar",
        ));
        figures.push(figure(
            format!("{n} reset cost to the house per wager"),
            run.house_reset_cost.clone(),
            "dollars",
        ));
    }
    for c in HandCategory::ALL.iter().rev() {
        let Some(award) = table.award_for_category(*c) else {
            continue;
        };
        let q = &probability[c.index()];
        if !q.is_positive() {
            continue;
        }
        let name = c.name();
        if let Some(per_hour) = &settings.wagers_per_hour {
            figures.push(figure(
                format!("{name} mean hours between hits"),
                Fraction::ONE / (q * per_hour),
                "hours",
            ));
        }
        if matches!(award, Award::Meter { .. }) {
            figures.push(figure(
                format!("{name} hits per 100,000,000 wagers (GLI-11, information)"),
                q * Fraction::from_int(100_000_000),
                "hits",
            ));
        }
    }
    figures.append(&mut result.figures);
    result.figures = figures;
    let meters: Vec<String> = runs
        .iter()
        .map(|r| {
            let reserve = if r.meter.reserve.is_positive() {
                format!(", reserve {} funds resets", percent_text(&r.meter.reserve))
            } else {
                ", house seeds resets".to_string()
            };
            format!(
                "{} rate {}{reserve}, reset {}",
                r.meter.name,
                percent_text(&r.meter.rate),
                dollars(&r.meter.reset)
            )
        })
        .collect();
    let mix: Vec<String> = settings
        .mix
        .iter()
        .map(|(w, share)| format!("{} {}", dollars(w), percent_text(share)))
        .collect();
    let rule = result.rule.take().unwrap_or_default();
    result.rule = Some(format!(
        "{rule}; long run: {}; {}; wager mix {}",
        meters.join("; "),
        settings.percent_awards.describe(),
        mix.join(", ")
    ));
    result.title = format!("{} (long run of the meter)", result.title);
    Ok(result)
}
