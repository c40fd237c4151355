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
//! Successive wagers are not independent (they share the meter), so the
//! interval comes from batch means: the run is cut into [`BATCHES`]
//! consecutive batches and the standard error is that of the batches'
//! returns per dollar, which is honest when a batch is long compared with
//! the time between resets.

use super::rng::{below, chunk_rng};
use super::Estimate;
use crate::cards::{Card, CardSet, DECK_SIZE};
use crate::evaluator::{evaluate, HandCategory};
use crate::exact::meter_long_run::{LongRunSettings, PercentAwards};
use crate::fraction::Fraction;
use crate::rules::paytable::{Award, PayTable};
use crate::rules::settlement::{envy_bonus, settle_progressive};

/// Batches of the batch-means interval.
pub const BATCHES: u64 = 100;

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
    /// The net result per dollar wagered, with its batch-means interval.
    pub estimate: Estimate,
}

/// A run's figures.
#[derive(Clone, Debug)]
pub struct MeterSample {
    /// The return per dollar of each size of the mix, in mix order.
    pub by_wager: Vec<WagerSample>,
    /// Resets of each meter.
    pub resets: Vec<u64>,
}

/// Runs the meters of `table` (which must state them, see
/// [`crate::rules::paytable::meters`]) for `run.hands` wagers, at least
/// [`BATCHES`]. Panics on a table without meters.
pub fn simulate_meters(table: &PayTable, run: &MeterRun) -> MeterSample {
    let meters = &table.rules.meters;
    assert!(!meters.is_empty(), "a table that states its meters");
    assert!(run.hands >= BATCHES, "at least one wager per batch");
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
    let sizes = mix.len();
    // Per size: (wagers, net, wagered) in all and per batch.
    let mut count = vec![0u64; sizes];
    let mut batch_returns: Vec<Vec<f64>> = vec![Vec::new(); sizes];
    let (mut batch_net, mut batch_wagered) = (vec![0.0f64; sizes], vec![0.0f64; sizes]);
    let per_batch = run.hands / BATCHES;
    for hand in 0..per_batch * BATCHES {
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
        if let Some((j, share)) = award[own.index()] {
            net += share * meter[j];
            if share == 1.0 {
                meter[j] = reset[j];
                resets[j] += 1;
            } else if !on_top {
                meter[j] *= 1.0 - share;
            }
        }
        for p in 0..run.players as usize {
            let start = 2 + board + 2 * p;
            net += envy[size][category(&deck[start..start + 2]).index()];
        }
        count[size] += 1;
        batch_net[size] += net;
        batch_wagered[size] += wager;
        if (hand + 1) % per_batch == 0 {
            for i in 0..sizes {
                if batch_wagered[i] > 0.0 {
                    batch_returns[i].push(batch_net[i] / batch_wagered[i]);
                }
                batch_net[i] = 0.0;
                batch_wagered[i] = 0.0;
            }
        }
    }
    let by_wager = (0..sizes)
        .map(|i| {
            let b = &batch_returns[i];
            let n = b.len() as f64;
            let mean = b.iter().sum::<f64>() / n;
            let var = b.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
            WagerSample {
                wager: run.settings.mix[i].0.clone(),
                hands: count[i],
                estimate: Estimate::new(mean, (var / n).sqrt()),
            }
        })
        .collect();
    MeterSample { by_wager, resets }
}
