//! The Progressive wager's meters, wager by wager: the independent check of
//! the exact long run ([`crate::exact::meter_long_run`]).
//!
//! Each wager: its size is drawn from the wager mix; its contribution
//! (`rate − reserve` of the wager) is added to every meter (up to its
//! ceiling, if any); the player's cards, the flop (or the five community
//! cards) and each other player's two cards are dealt at random; the hand's
//! category is settled through [`crate::rules::settlement`] (the fixed
//! awards and the Envy Bonus) and a meter award pays its share of the meter
//! as it then stands; a 100% award resets the meter, an award under 100%
//! comes off it or is paid on top, as the reading says.
//!
//! The meter carries from one wager to the next, so the wagers are dealt one
//! after another from one random stream (chunk 0 of the run's seed, see
//! [`crate::sample`]), not in parallel chunks. The meter amounts are kept
//! in floating point (the exact figures are the exact engine's; this is
//! an estimate), and the run starts with every meter at its reset amount.
//!
//! # The interval
//! Successive wagers are not independent (they share the meter), so the
//! hands are not the units of the interval. With **one meter that a 100%
//! award resets**, the run regenerates at each reset: the meter is back at
//! its reset amount and what follows is independent of what came before,
//! so the *cycles* (the wagers from one reset to the next, the winning one
//! included) are independent and identically distributed, and the
//! long-run return per dollar of a wager size is `E[Y] / E[W]` (`Y` the
//! net of that size's wagers in a cycle, `W` their dollars; the
//! renewal-reward theorem). The estimate is the ratio `ΣY / ΣW` over the
//! complete cycles (the wagers after the last reset are left out), its
//! standard error the delta method's `sqrt(Σ(Y − R·W)² / (C(C − 1))) / W̄`,
//! and the interval ±`t975(C − 1)` of them ([`super::t975`]). It needs at
//! least [`MIN_CYCLES`] complete cycles; with fewer there is no interval.
//!
//! With **several meters, or a meter no 100% award resets**, the state
//! never regenerates as a whole, so the interval is by batch means: the
//! run is cut into `k` consecutive batches, each of at least [`SPAN`]
//! *memory times* of the slowest meter (the wagers per award that drains
//! it, a 100% award counting 1 and an award of p% taken off it p/100, as
//! the run saw them), `k` at most [`MAX_BATCHES`], the same ratio estimate
//! over the batches with `t975(k − 1)`; with fewer than [`MIN_CYCLES`]
//! such batches there is no interval. Batches cut at fixed counts (100 of
//! them, whatever the run) gave an interval however few the hits: with
//! progressive-md's royal flush meter (1 in 649,740) a million wagers see
//! one or two hits, or none, and the interval covered in 15 runs of 20
//! (measured for issue 31).

use super::rng::{below, chunk_rng};
use super::Estimate;
use crate::cards::{Card, CardSet, DECK_SIZE};
use crate::evaluator::{evaluate, HandCategory};
use crate::exact::meter_long_run::{LongRunSettings, PercentAwards};
use crate::fraction::Fraction;
use crate::rules::paytable::{Award, PayTable};
use crate::rules::settlement::{envy_bonus, settle_progressive};

/// The least number of complete cycles (or batches) for an interval.
pub const MIN_CYCLES: u64 = 30;
/// Memory times of the slowest meter a batch spans (several meters).
pub const SPAN: f64 = 10.0;
/// The most batches (several meters).
pub const MAX_BATCHES: u64 = 100;
/// The fewest wagers a run may have.
pub const MIN_WAGERS: u64 = 100;
/// Blocks the hands are summed in, joined into batches after the run.
const BLOCKS: u64 = 1000;

/// What to run: `hands` wagers with seed `seed`, `players` other players.
#[derive(Clone, Debug)]
pub struct MeterRun {
    /// Number of wagers.
    pub hands: u64,
    /// Seed of the random stream.
    pub seed: u64,
    /// Other players at the table (each may win the wager an Envy Bonus).
    pub players: u32,
    /// The mix and the reading of awards under 100%.
    pub settings: LongRunSettings,
}

/// The return per dollar of the wagers of one size.
#[derive(Clone, Debug)]
pub struct WagerSample {
    /// The wager, in dollars.
    pub wager: Fraction,
    /// How many wagers of this size were made.
    pub hands: u64,
    /// The net result per dollar wagered: over the complete cycles (or
    /// all the batches) with its 95% interval, or, when there is no
    /// interval, over every wager with a standard error of `NaN`.
    pub estimate: Estimate,
}

impl WagerSample {
    /// Whether the estimate has an interval.
    pub fn has_interval(&self) -> bool {
        self.estimate.std_error.is_finite()
    }
}

/// How the interval was made, or why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interval {
    /// The meter's resets: `cycles` complete cycles of `wagers` wagers.
    Regenerative {
        /// Complete cycles.
        cycles: u64,
        /// Wagers in them.
        wagers: u64,
    },
    /// Batch means over `batches` batches of consecutive wagers.
    BatchMeans {
        /// Number of batches.
        batches: u64,
    },
    /// The run is too short for an honest interval: `cycles` complete
    /// cycles (or batches long enough), fewer than [`MIN_CYCLES`].
    TooShort {
        /// Whether the units were the resets' cycles (else batches).
        regenerative: bool,
        /// How many there were.
        cycles: u64,
    },
}

/// A run's figures.
#[derive(Clone, Debug)]
pub struct MeterSample {
    /// The return per dollar of each size of the mix, in mix order.
    pub by_wager: Vec<WagerSample>,
    /// Resets of each meter.
    pub resets: Vec<u64>,
    /// How the interval was made.
    pub interval: Interval,
}

/// Sums over independent units (cycles or batches) of one wager size:
/// net `y` and dollars `w`, with the squares and products the ratio's
/// delta-method variance needs.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    units: u64,
    y: f64,
    w: f64,
    yy: f64,
    ww: f64,
    yw: f64,
}

impl Sums {
    fn add(&mut self, y: f64, w: f64) {
        self.units += 1;
        self.y += y;
        self.w += w;
        self.yy += y * y;
        self.ww += w * w;
        self.yw += y * w;
    }

    /// `Σy / Σw` with its delta-method standard error and a t interval on
    /// `units − 1` degrees of freedom.
    fn ratio(&self) -> Estimate {
        let c = self.units as f64;
        let r = self.y / self.w;
        let residuals = (self.yy - 2.0 * r * self.yw + r * r * self.ww).max(0.0);
        let w_mean = self.w / c;
        let se = (residuals / (c * (c - 1.0))).sqrt() / w_mean;
        Estimate::with_df(r, se, self.units - 1)
    }
}

/// Runs the meters of `table` (which must state them, see
/// [`crate::rules::paytable::meters`]) for `run.hands` wagers, at least
/// one. Panics on a table without meters or without wagers.
pub fn simulate_meters(table: &PayTable, run: &MeterRun) -> MeterSample {
    let meters = &table.rules.meters;
    assert!(!meters.is_empty(), "a table that states its meters");
    assert!(run.hands >= 1, "at least one wager");
    let mix: Vec<(f64, f64)> = run
        .settings
        .mix
        .iter()
        .map(|(w, share)| (w.to_f64(), share.to_f64()))
        .collect();
    // Each category's fixed net and Envy Bonus, from the settlement code (a
    // meter award settled at a meter of 0 nets its fixed part).
    let fixed: Vec<[f64; HandCategory::COUNT]> = run
        .settings
        .mix
        .iter()
        .map(|(w, _)| {
            HandCategory::ALL
                .map(|c| settle_progressive(table, c, w.clone(), Fraction::ZERO).to_f64())
        })
        .collect();
    let envy: Vec<[f64; HandCategory::COUNT]> = run
        .settings
        .mix
        .iter()
        .map(|(w, _)| HandCategory::ALL.map(|c| envy_bonus(table, c, w.clone()).to_f64()))
        .collect();
    let shown: Vec<f64> = meters.iter().map(|m| m.shown_rate().to_f64()).collect();
    let reset: Vec<f64> = meters.iter().map(|m| m.reset.to_f64()).collect();
    let ceiling: Vec<f64> = meters
        .iter()
        .map(|m| m.ceiling.as_ref().map_or(f64::INFINITY, Fraction::to_f64))
        .collect();
    let award: [Option<(usize, f64)>; HandCategory::COUNT] =
        HandCategory::ALL.map(|c| match table.award_for_category(c) {
            Some(Award::Meter { percent, meter }) => Some((meter, percent as f64 / 100.0)),
            _ => None,
        });
    let on_top = run.settings.percent_awards == PercentAwards::OnTop;
    let board = table.rules.progressive_hand.board_cards();
    let dealt = 2 + board + 2 * run.players as usize;

    let mut rng = chunk_rng(run.seed, 0);
    let mut deck: Vec<Card> = (0..DECK_SIZE).map(Card::from_index).collect();
    let mut meter = reset.clone();
    let mut resets = vec![0u64; meters.len()];
    // The share of each meter its awards have taken off (a reset counts 1).
    let mut drained = vec![0.0f64; meters.len()];
    // One meter that a 100% award resets: the run regenerates at its resets.
    let regenerates = meters.len() == 1 && award.iter().flatten().any(|&(_, s)| s == 1.0);
    let sizes = mix.len();
    // Per size: wagers, and net and dollars in all, in the open cycle, in
    // the complete cycles, and per block (of `blocks`, hand `h` in block
    // `h · blocks / hands`).
    let mut count = vec![0u64; sizes];
    let (mut all_net, mut all_wagered) = (vec![0.0f64; sizes], vec![0.0f64; sizes]);
    let (mut cycle_net, mut cycle_wagered) = (vec![0.0f64; sizes], vec![0.0f64; sizes]);
    let mut cycles = vec![Sums::default(); sizes];
    let (mut cycle_wagers, mut complete_wagers) = (0u64, 0u64);
    let blocks = BLOCKS.min(run.hands);
    let mut block_net = vec![vec![0.0f64; blocks as usize]; sizes];
    let mut block_wagered = vec![vec![0.0f64; blocks as usize]; sizes];
    for hand in 0..run.hands {
        // The wager's size.
        let u = below(&mut rng, 1 << 53) as f64 / (1u64 << 53) as f64;
        let mut size = sizes - 1;
        let mut cumulative = 0.0;
        for (i, (_, share)) in mix.iter().enumerate() {
            cumulative += share;
            if u < cumulative {
                size = i;
                break;
            }
        }
        let wager = mix[size].0;
        for j in 0..meter.len() {
            meter[j] = (meter[j] + shown[j] * wager).min(ceiling[j]);
        }
        // Deal: partial Fisher-Yates, each draw uniform over the cards left.
        for i in 0..dealt {
            let k = i + below(&mut rng, (DECK_SIZE - i) as u64) as usize;
            deck.swap(i, k);
        }
        let community = CardSet::from_cards(&deck[2..2 + board]);
        let category =
            |hole: &[Card]| evaluate(community.union(CardSet::from_cards(hole))).category();
        let own = category(&deck[0..2]);
        let mut net = fixed[size][own.index()];
        let mut cycle_ends = false;
        if let Some((j, share)) = award[own.index()] {
            net += share * meter[j];
            if share == 1.0 {
                meter[j] = reset[j];
                resets[j] += 1;
                drained[j] += 1.0;
                cycle_ends = regenerates;
            } else if !on_top {
                meter[j] *= 1.0 - share;
                drained[j] += share;
            }
        }
        for p in 0..run.players as usize {
            let start = 2 + board + 2 * p;
            net += envy[size][category(&deck[start..start + 2]).index()];
        }
        count[size] += 1;
        all_net[size] += net;
        all_wagered[size] += wager;
        cycle_net[size] += net;
        cycle_wagered[size] += wager;
        cycle_wagers += 1;
        if cycle_ends {
            for i in 0..sizes {
                cycles[i].add(cycle_net[i], cycle_wagered[i]);
                cycle_net[i] = 0.0;
                cycle_wagered[i] = 0.0;
            }
            complete_wagers += cycle_wagers;
            cycle_wagers = 0;
        }
        // Below 2^64 · 2^10: no overflow in 128 bits.
        let block = (u128::from(hand) * u128::from(blocks) / u128::from(run.hands)) as usize;
        block_net[size][block] += net;
        block_wagered[size][block] += wager;
    }
    let interval = if regenerates {
        let c = cycles[0].units;
        if c >= MIN_CYCLES {
            Interval::Regenerative {
                cycles: c,
                wagers: complete_wagers,
            }
        } else {
            Interval::TooShort {
                regenerative: true,
                cycles: c,
            }
        }
    } else {
        // The slowest meter's memory: wagers per unit drained (none
        // drained: no batch is long enough).
        let memory = drained
            .iter()
            .map(|&d| run.hands as f64 / d)
            .fold(0.0f64, f64::max);
        let fit = (run.hands as f64 / (SPAN * memory)).floor();
        let batches = (fit as u64).min(MAX_BATCHES).min(blocks);
        if batches >= MIN_CYCLES {
            Interval::BatchMeans { batches }
        } else {
            Interval::TooShort {
                regenerative: false,
                cycles: batches,
            }
        }
    };
    let by_wager = (0..sizes)
        .map(|i| {
            let estimate = match interval {
                Interval::Regenerative { .. } => cycles[i].ratio(),
                Interval::BatchMeans { batches } => {
                    // Block b goes to batch b · batches / blocks.
                    let (mut net, mut wagered) =
                        (vec![0.0; batches as usize], vec![0.0; batches as usize]);
                    for b in 0..blocks as usize {
                        let k = (b as u64 * batches / blocks) as usize;
                        net[k] += block_net[i][b];
                        wagered[k] += block_wagered[i][b];
                    }
                    let mut sums = Sums::default();
                    for (y, w) in net.into_iter().zip(wagered) {
                        sums.add(y, w);
                    }
                    sums.ratio()
                }
                Interval::TooShort { .. } => Estimate {
                    mean: all_net[i] / all_wagered[i],
                    std_error: f64::NAN,
                    ci95_low: f64::NAN,
                    ci95_high: f64::NAN,
                },
            };
            WagerSample {
                wager: run.settings.mix[i].0.clone(),
                hands: count[i],
                estimate,
            }
        })
        .collect();
    MeterSample {
        by_wager,
        resets,
        interval,
    }
}
