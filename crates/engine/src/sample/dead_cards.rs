//! The sampled estimate of collusion by K = 4 to 6 players (`game --seen
//! collude:K --samples N --seed S`), whose exact solve (up to about 10^9
//! classes) is out of reach: a seed-reproducible stratified sample of
//! (player cards, partners' cards) situations, **each solved exactly** by
//! the seen-card engine ([`crate::exact::seen::dead_situation`]). It lives
//! here, with the Monte Carlo engine, because its figures are estimates,
//! never exact; only the solve of each drawn situation is exact.
//!
//! # The population and the strata
//! A situation is the player's two cards and the `2(K-1)` cards of his
//! partners, every one equally likely (as in [`crate::exact::seen::dead`]).
//! The situations are split into strata by the kind of the player's hand
//! (pair, suited, offsuit) and by how many of the partners' cards share a
//! **rank** with the player's cards (0, 1, 2, or 3 and more): those cards
//! are the player's outs, and their count is what changes his decisions
//! most (S. How, "Practical Collusion for Ultimate Texas Hold'em", 2010).
//! Suits are not used: a flush draw needs three more of a suit, so a
//! partner's card of the player's suit matters less. Each stratum's size is
//! counted exactly, `sum over the player's hands of C(R, m) C(n-2-R, d-m)`
//! (R the cards of the deck of the player's ranks, n the deck, d the dead
//! cards), and the sizes add up to every situation, `C(n,2) C(n-2,d)`.
//!
//! # The estimate
//! Each stratum gets `--samples N` situations drawn uniformly, with
//! replacement, from the generator of the stratum (seeded from `--seed` and
//! the stratum's number, as `simulate` seeds its chunks), so the same seed
//! gives the same situations on any machine and any number of threads. The
//! quantity averaged is the **gain** of a situation: its exact expectation
//! less the base game's exact expectation of the player's hand (the base
//! game's mean over hands is the base game, so the gain's mean is the gain
//! over the base game; subtracting it removes the spread between good and
//! bad hands from the sample variance). The estimate is the strata's means
//! weighted by their shares of the population, its standard error
//! `sqrt(sum W_h^2 s_h^2 / n_h)` (`s_h^2` the stratum's sample variance,
//! so `N` must be at least 2), and its 95% half-width that many standard
//! errors times Student's t quantile ([`super::t975`]) on the
//! Welch-Satterthwaite degrees of freedom
//! `(sum v_h)^2 / sum v_h^2 / (n_h - 1)`, `v_h = W_h^2 s_h^2 / n_h`
//! (rounded down, at least 1): with `N = 2` each stratum gives one degree
//! of freedom, and the normal 1.96 covered far less than 95% of the time.
//! The arithmetic of the estimate is in doubles (it is an estimate); each
//! situation's value is exact.

use super::rng::{below, chunk_rng};
use super::t975;
use crate::cards::{choose, Card, CardSet};
use crate::exact::game::Solution;
use crate::exact::seen::dead_situation::SituationSolver;
use crate::exact::seen::SeenError;
use crate::fraction::Fraction;
use crate::progress::timing::thread_cpu_seconds;
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

/// The kind of the player's two cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandKind {
    /// Two cards of one rank.
    Pair,
    /// Two ranks, one suit.
    Suited,
    /// Two ranks, two suits.
    Offsuit,
}

impl HandKind {
    fn of(a: Card, b: Card) -> HandKind {
        if a.rank() == b.rank() {
            HandKind::Pair
        } else if a.suit() == b.suit() {
            HandKind::Suited
        } else {
            HandKind::Offsuit
        }
    }

    /// The name used in output.
    pub fn name(self) -> &'static str {
        match self {
            HandKind::Pair => "pair",
            HandKind::Suited => "suited",
            HandKind::Offsuit => "offsuit",
        }
    }
}

/// The largest count of partners' cards of the player's ranks with a
/// stratum of its own; more fall in the last stratum ("3 or more").
pub const MATCHED_BUCKETS: usize = 4;

/// One stratum: the player's hands of one kind with a given number of the
/// partners' cards of their ranks.
#[derive(Clone, Debug)]
pub struct Stratum {
    /// The kind of the player's hand.
    pub kind: HandKind,
    /// Partners' cards sharing a rank with the player's cards (the last
    /// bucket, `MATCHED_BUCKETS - 1`, means that many or more).
    pub matched: usize,
    /// Situations in the stratum, counted exactly.
    pub population: u64,
    /// (player's hand, partners' cards of its ranks, situations) of each
    /// part of the stratum, in a fixed order, for drawing.
    cells: Vec<((Card, Card), usize, u64)>,
}

impl Stratum {
    /// The stratum's name, e.g. `suited, 3+ of its ranks`.
    pub fn name(&self) -> String {
        let last = self.matched == MATCHED_BUCKETS - 1;
        format!(
            "{}, {}{} of its ranks",
            self.kind.name(),
            self.matched,
            if last { "+" } else { "" }
        )
    }
}

/// The cards of `deck` other than `hand`'s sharing a rank with it.
fn of_ranks(deck: CardSet, hand: (Card, Card)) -> CardSet {
    let own = CardSet::from_cards(&[hand.0, hand.1]);
    let cards: Vec<Card> = deck
        .minus(own)
        .to_vec()
        .into_iter()
        .filter(|c| c.rank() == hand.0.rank() || c.rank() == hand.1.rank())
        .collect();
    CardSet::from_cards(&cards)
}

/// The non-empty strata of the situations (player's two cards, `dead`
/// partners' cards) of `deck`, in a fixed order (pair, suited, offsuit; by
/// matched cards).
pub fn strata(deck: CardSet, dead: usize) -> Vec<Stratum> {
    let cards = deck.to_vec();
    let n = cards.len() as u64;
    let mut out = vec![];
    for kind in [HandKind::Pair, HandKind::Suited, HandKind::Offsuit] {
        for matched in 0..MATCHED_BUCKETS {
            let mut cells = vec![];
            for (i, &a) in cards.iter().enumerate() {
                for &b in &cards[i + 1..] {
                    if HandKind::of(a, b) != kind {
                        continue;
                    }
                    let r = of_ranks(deck, (a, b)).len() as u64;
                    let ms: Vec<usize> = if matched == MATCHED_BUCKETS - 1 {
                        (matched..=dead).collect()
                    } else {
                        vec![matched]
                    };
                    for m in ms {
                        let m64 = m as u64;
                        if m64 > r || m > dead || dead as u64 - m64 > n - 2 - r {
                            continue;
                        }
                        let size = choose(r, m64)
                            .checked_mul(choose(n - 2 - r, dead as u64 - m64))
                            .expect("a stratum's size fits 64 bits");
                        if size > 0 {
                            cells.push(((a, b), m, size));
                        }
                    }
                }
            }
            let population = cells.iter().map(|c| c.2).sum();
            if population > 0 {
                out.push(Stratum {
                    kind,
                    matched,
                    population,
                    cells,
                });
            }
        }
    }
    out
}

/// `count` cards of `from`, uniformly, by a partial shuffle.
fn pick(rng: &mut Xoshiro256PlusPlus, from: CardSet, count: usize) -> Vec<Card> {
    let mut cards = from.to_vec();
    for i in 0..count {
        let j = i + below(rng, (cards.len() - i) as u64) as usize;
        cards.swap(i, j);
    }
    cards.truncate(count);
    cards
}

/// One situation of `stratum`, uniformly: a part of the stratum chosen in
/// proportion to its size, then its matched and other dead cards uniformly.
fn draw(
    rng: &mut Xoshiro256PlusPlus,
    deck: CardSet,
    stratum: &Stratum,
    dead: usize,
) -> ((Card, Card), CardSet) {
    let mut r = below(rng, stratum.population);
    let &(hand, m, _) = stratum
        .cells
        .iter()
        .find(|c| {
            if r < c.2 {
                true
            } else {
                r -= c.2;
                false
            }
        })
        .expect("the draw is below the population");
    let outs = of_ranks(deck, hand);
    let others = deck
        .minus(CardSet::from_cards(&[hand.0, hand.1]))
        .minus(outs);
    let mut cards = pick(rng, outs, m);
    cards.extend(pick(rng, others, dead - m));
    (hand, CardSet::from_cards(&cards))
}

/// How many situations to draw and from which seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SamplePlan {
    /// Situations drawn in each stratum (at least 2).
    pub samples: u64,
    /// The seed of every stratum's generator.
    pub seed: u64,
}

/// The most situations a stratum may draw (far beyond any useful run).
pub const MAX_SAMPLES: u64 = 1_000_000;

/// The situations of a plan, stratum by stratum, in the order drawn.
pub fn draws(deck: CardSet, dead: usize, plan: SamplePlan) -> Vec<Vec<((Card, Card), CardSet)>> {
    strata(deck, dead)
        .iter()
        .enumerate()
        .map(|(h, stratum)| {
            let mut rng = chunk_rng(plan.seed, h as u64);
            (0..plan.samples)
                .map(|_| draw(&mut rng, deck, stratum, dead))
                .collect()
        })
        .collect()
}

/// One stratum's part of the estimate.
#[derive(Clone, Debug)]
pub struct StratumEstimate {
    /// The stratum's name.
    pub name: String,
    /// Situations in the stratum, exactly.
    pub population: u64,
    /// Situations drawn.
    pub samples: u64,
    /// Mean gain over the base game per Ante of the drawn situations.
    pub mean_gain: f64,
    /// Their sample variance (divisor `samples - 1`).
    pub variance: f64,
}

/// What a sample draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleUnit {
    /// Situations (the player's cards and the partners'), each solved
    /// exactly (this module).
    Situations,
    /// Classes of the partners' cards under suit renaming, each one solve
    /// of the base game for every player holding
    /// ([`super::dead_classes`]).
    Classes,
}

impl SampleUnit {
    /// What is drawn, in output: `situations` or `classes of the partners' cards`.
    pub fn name(self) -> &'static str {
        match self {
            SampleUnit::Situations => "situations",
            SampleUnit::Classes => "classes of the partners' cards",
        }
    }
}

/// The sampled estimate of one colluding player's figures.
#[derive(Clone, Debug)]
pub struct DeadEstimate {
    /// Colluding players (K).
    pub players: usize,
    /// What the sample drew.
    pub unit: SampleUnit,
    /// Id of the Blind pay table.
    pub paytable: String,
    /// The deck.
    pub deck: CardSet,
    /// The plan drawn.
    pub plan: SamplePlan,
    /// Every situation, exactly: `C(n,2) C(n-2,2(K-1))`.
    pub population: u64,
    /// The strata.
    pub strata: Vec<StratumEstimate>,
    /// The base game's expectation per Ante, exact.
    pub base_per_ante: Fraction,
    /// Estimated gain over the base game per Ante, one player.
    pub gain: f64,
    /// The standard error of the gain.
    pub std_error: f64,
    /// The 95% half-width of the gain (and of the player's expectation):
    /// `std_error` times Student's t on the Welch-Satterthwaite degrees of
    /// freedom.
    pub half_width: f64,
    /// The control variate the estimate subtracts, if any (the class
    /// sample's, [`super::dead_classes`]).
    pub control: Option<Control>,
}

/// A control variate of a sampled estimate: a fixed strategy that cannot
/// use the dead cards, played exactly on each drawn class's deck. Its mean
/// over every class is its exact full-deck expectation, so the estimate
/// averages each class's gain less the control's gain on the same deck
/// ([`super::dead_classes`] states why).
#[derive(Clone, Debug)]
pub struct Control {
    /// The control strategy's name (`wizard`).
    pub strategy: &'static str,
    /// Its exact expectation per Ante on the whole deck.
    pub per_ante: Fraction,
    /// The 95% half-width of the same drawn classes' gains without the
    /// control (what it saves).
    pub plain_half_width: f64,
}

impl DeadEstimate {
    /// Estimated expectation per Ante of one colluding player.
    pub fn per_ante(&self) -> f64 {
        self.base_per_ante.to_f64() + self.gain
    }
}

/// Projected cost, reported after the first situations are solved.
#[derive(Clone, Copy, Debug)]
pub struct SampleCost {
    /// Situations to solve in all.
    pub situations: u64,
    /// Situations timed.
    pub timed: usize,
    /// Mean CPU seconds of one thread per situation (its own CPU clock).
    pub seconds_per_situation: f64,
}

/// The exact gain of one situation: its expectation less the base game's
/// expectation of the player's hand, per Ante.
fn gain_of(solver: &SituationSolver, base: &Solution, hand: (Card, Card), dead: CardSet) -> f64 {
    let tally = solver.solve(hand, dead);
    let value = Fraction::new(tally.value, tally.deals * solver.scale() as i128);
    let advice = base.preflop_advice(hand.0, hand.1);
    let best = advice
        .options
        .iter()
        .find(|(d, _)| *d == advice.best)
        .expect("the best choice is among the options")
        .1
        .clone();
    (value - best).to_f64()
}

/// Estimates collusion by `players` players on the deck of `base` under its
/// Blind table, drawing `plan`: the first situations (one per thread) are
/// timed and `cost` is told the projection before the rest are solved.
///
/// # Panics
/// If `players` is not 2 to 6, `plan.samples` is below 2 or the deck is
/// too small to deal the partners' cards and a hand.
pub fn estimate(
    base: &Solution,
    players: usize,
    plan: SamplePlan,
    progress: &dyn Progress,
    cost: &mut dyn FnMut(SampleCost),
) -> Result<DeadEstimate, SeenError> {
    assert!((2..=6).contains(&players) && plan.samples >= 2);
    let table: &PayTable = &base.blind_table;
    let deck = base.river.deck;
    let dead = 2 * (players - 1);
    assert!(deck.len() >= 9 + dead, "deck too small to deal a hand");
    let solver = SituationSolver::new(table, deck)?;
    let strata = strata(deck, dead);
    let drawn = draws(deck, dead, plan);
    let all: Vec<((Card, Card), CardSet)> = drawn.iter().flatten().copied().collect();
    progress.begin("collusion sample", all.len() as u64);
    let timed = rayon::current_num_threads().min(all.len());
    let (first, rest) = all.split_at(timed);
    let head: Vec<(f64, f64)> = first
        .par_iter()
        .map(|&(hand, dead)| {
            let start = thread_cpu_seconds();
            let g = gain_of(&solver, base, hand, dead);
            progress.advance(1);
            (g, thread_cpu_seconds() - start)
        })
        .collect();
    let seconds: f64 = head.iter().map(|h| h.1).sum();
    cost(SampleCost {
        situations: all.len() as u64,
        timed,
        seconds_per_situation: if timed == 0 {
            0.0
        } else {
            seconds / timed as f64
        },
    });
    let mut gains: Vec<f64> = head.into_iter().map(|h| h.0).collect();
    gains.extend(
        rest.par_iter()
            .map(|&(hand, dead)| {
                let g = gain_of(&solver, base, hand, dead);
                progress.advance(1);
                g
            })
            .collect::<Vec<f64>>(),
    );
    progress.finish();
    let population: u64 = strata.iter().map(|s| s.population).sum();
    let n = plan.samples as usize;
    let mut estimates = vec![];
    let (mut gain, mut variance, mut spread) = (0.0, 0.0, 0.0);
    for (h, stratum) in strata.iter().enumerate() {
        let part = &gains[h * n..(h + 1) * n];
        let mean = part.iter().sum::<f64>() / n as f64;
        let var = part.iter().map(|g| (g - mean) * (g - mean)).sum::<f64>() / (n - 1) as f64;
        let weight = stratum.population as f64 / population as f64;
        gain += weight * mean;
        let part = weight * weight * var / n as f64;
        variance += part;
        spread += part * part / (n - 1) as f64;
        estimates.push(StratumEstimate {
            name: stratum.name(),
            population: stratum.population,
            samples: plan.samples,
            mean_gain: mean,
            variance: var,
        });
    }
    Ok(DeadEstimate {
        control: None,
        players,
        unit: SampleUnit::Situations,
        paytable: table.id.clone(),
        deck,
        plan,
        population,
        strata: estimates,
        base_per_ante: Fraction::new(
            base.total_value,
            base.sequences as i128 * base.payoffs.scale as i128,
        ),
        gain,
        std_error: variance.sqrt(),
        half_width: t975(satterthwaite(variance, spread)) * variance.sqrt(),
    })
}

/// The Welch-Satterthwaite degrees of freedom of a sum of variance
/// estimates, `total^2 / spread` (`spread` the sum of each part squared
/// over its degrees of freedom), rounded down, at least 1 (1 too when
/// every part is 0: the half-width is 0 then).
pub(super) fn satterthwaite(total: f64, spread: f64) -> u64 {
    if spread > 0.0 {
        ((total * total / spread).floor() as u64).max(1)
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::canonical::{deck_of_ranks, for_each_subset};

    #[test]
    fn strata_add_up_to_every_situation() {
        // Every situation once: C(n,2) C(n-2,d), a textbook count.
        for (deck, dead) in [
            (deck_of_ranks(&[9, 10, 11, 12]), 2),
            (deck_of_ranks(&[8, 9, 10, 11, 12]), 4),
            (CardSet::FULL_DECK, 6),
            (CardSet::FULL_DECK, 8),
            (CardSet::FULL_DECK, 10),
        ] {
            let n = deck.len() as u64;
            let total: u64 = strata(deck, dead).iter().map(|s| s.population).sum();
            assert_eq!(total, choose(n, 2) * choose(n - 2, dead as u64), "{dead}");
        }
    }

    #[test]
    fn strata_sizes_match_an_enumeration() {
        // Each situation of a 16-card deck with 2 dead cards classified one
        // by one (no counting formula).
        let deck = deck_of_ranks(&[9, 10, 11, 12]);
        let strata = strata(deck, 2);
        let mut counted = vec![0u64; strata.len()];
        for_each_subset(deck, 2, |hand| {
            let h = hand.to_vec();
            let outs = of_ranks(deck, (h[0], h[1]));
            for_each_subset(deck.minus(hand), 2, |dead| {
                let m = dead.to_vec().iter().filter(|c| outs.contains(**c)).count();
                let m = m.min(MATCHED_BUCKETS - 1);
                let kind = HandKind::of(h[0], h[1]);
                let i = strata
                    .iter()
                    .position(|s| s.kind == kind && s.matched == m)
                    .expect("a stratum for every situation");
                counted[i] += 1;
            });
        });
        let sizes: Vec<u64> = strata.iter().map(|s| s.population).collect();
        assert_eq!(sizes, counted);
    }

    #[test]
    fn draws_fall_in_their_stratum_and_repeat_with_the_seed() {
        let deck = CardSet::FULL_DECK;
        let plan = SamplePlan {
            samples: 50,
            seed: 7,
        };
        let strata = strata(deck, 6);
        let drawn = draws(deck, 6, plan);
        for (stratum, list) in strata.iter().zip(&drawn) {
            for &(hand, dead) in list {
                assert_eq!(HandKind::of(hand.0, hand.1), stratum.kind);
                assert_eq!(dead.len(), 6);
                assert!(!dead.contains(hand.0) && !dead.contains(hand.1));
                let m = dead
                    .to_vec()
                    .iter()
                    .filter(|c| of_ranks(deck, hand).contains(**c))
                    .count();
                assert_eq!(m.min(MATCHED_BUCKETS - 1), stratum.matched);
            }
        }
        assert_eq!(drawn, draws(deck, 6, plan));
        assert_ne!(drawn, draws(deck, 6, SamplePlan { seed: 8, ..plan }));
    }
}
