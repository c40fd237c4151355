//! The engine: a run's hands in chunks of [`CHUNK_HANDS`], each dealt from
//! its own generator ([`super::rng`]), played with a [`Strategy`] in batches
//! and tallied per cell; chunks shared among threads by rayon, their integer
//! tallies added in any order with the same result ([`simulate`]).

use super::cells::{base_cell, super_royal_masks, versus_index, Money};
use super::checks::validate;
use super::config::{SessionConfig, SimulationConfig, SimulationError, SixCardBet};
use super::rng::{below, chunk_rng};
use super::sessions::{join_pieces, session_rules, Piece, Segment, SessionRules, SessionTally};
use super::{BASE_CELLS, BATCH, CARDS_PER_HAND, CHUNK_HANDS, SIX_CELLS};
use crate::cards::Card;
use crate::evaluator::{tables, HandCategory, PartialHand};
use crate::progress::Progress;
use crate::rules::paytable::two_card::{class_of, CLASSES};
use crate::rules::paytable::PayTable;
use crate::rules::settlement::{dealer_qualifies, Versus};
use crate::strategy::{FlopChoice, PreflopChoice, RiverChoice, RiverQuery, Strategy};
use rayon::prelude::*;

/// Everything counted over a set of chunks.
struct Tally {
    base: [u64; BASE_CELLS],
    six: [u64; SIX_CELLS],
    /// Hands per Ultimate Pairs Bonus cell (empty without that wager).
    pairs: Vec<u64>,
    sessions: Option<SessionTally>,
}

impl Tally {
    fn new(rules: Option<&SessionRules>, pairs_cells: usize) -> Tally {
        Tally {
            base: [0; BASE_CELLS],
            six: [0; SIX_CELLS],
            pairs: vec![0; pairs_cells],
            sessions: rules.map(SessionTally::new),
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        for (a, b) in self.base.iter_mut().zip(other.base) {
            *a += b;
        }
        for (a, b) in self.six.iter_mut().zip(other.six) {
            *a += b;
        }
        for (a, b) in self.pairs.iter_mut().zip(other.pairs) {
            *a += b;
        }
        if let (Some(a), Some(b)) = (self.sessions.as_mut(), other.sessions) {
            a.merge(b);
        }
        self
    }
}

/// What the hot loop reads.
struct Context<'a, S: ?Sized> {
    strategy: &'a S,
    hands: u64,
    seed: u64,
    deck: Vec<Card>,
    six_card: bool,
    super_royals: [u64; 4],
    /// The Ultimate Pairs Bonus cell of each deal, if that wager is made.
    pairs_cells: Option<&'a [u16]>,
    session: Option<&'a SessionRules>,
    session_base: &'a [i64],
    session_trips: &'a [i64],
    session_six: &'a [i64],
    session_pairs: &'a [i64],
}

/// Plays the hands of chunk `chunk` into `tally`.
fn run_chunk<S: Strategy + ?Sized>(ctx: &Context<'_, S>, chunk: u64, tally: &mut Tally) {
    let evaluator = tables();
    let first = chunk * CHUNK_HANDS;
    let last = first.saturating_add(CHUNK_HANDS).min(ctx.hands);
    let mut rng = chunk_rng(ctx.seed, chunk);
    // Any order of the deck will do: each draw is uniform over the cards
    // not yet drawn in this hand.
    let mut deck = ctx.deck.clone();
    let n = deck.len() as u64;
    // Session bookkeeping: the segment of the current session in this chunk.
    let k = ctx.session.map_or(u64::MAX, |r| r.hands);
    let mut segment = Segment::default();
    let mut session = first / k;
    let mut whole = first.is_multiple_of(k);
    let mut to_session_end = k - first % k;
    // Hands go in batches: dealt, then the preflop and flop decisions, then
    // the river decisions of the batch together (see
    // `Strategy::river_batch`), then settled in order.
    let mut cards = [[Card::from_index(0); CARDS_PER_HAND]; BATCH];
    let mut plays = [0usize; BATCH];
    let mut queries: [RiverQuery; BATCH] =
        [([Card::from_index(0); 2], [Card::from_index(0); 5]); BATCH];
    let mut asking = [0usize; BATCH];
    let mut choices = [RiverChoice::Fold; BATCH];
    let mut start = first;
    while start < last {
        let batch = (last - start).min(BATCH as u64) as usize;
        start += batch as u64;
        for hand in cards.iter_mut().take(batch) {
            for i in 0..CARDS_PER_HAND {
                let j = i + below(&mut rng, n - i as u64) as usize;
                deck.swap(i, j);
            }
            hand.copy_from_slice(&deck[..CARDS_PER_HAND]);
        }
        let mut asked = 0;
        for (j, hand) in cards.iter().take(batch).enumerate() {
            let hole = [hand[0], hand[1]];
            plays[j] = match ctx.strategy.preflop(hole) {
                PreflopChoice::Raise4x => 4,
                PreflopChoice::Raise3x => 3,
                PreflopChoice::Check => {
                    match ctx.strategy.flop(hole, [hand[4], hand[5], hand[6]]) {
                        FlopChoice::Raise2x => 2,
                        FlopChoice::Check => {
                            queries[asked] = (hole, [hand[4], hand[5], hand[6], hand[7], hand[8]]);
                            asking[asked] = j;
                            asked += 1;
                            0
                        }
                    }
                }
            };
        }
        ctx.strategy
            .river_batch(&queries[..asked], &mut choices[..asked]);
        for (&j, &choice) in asking.iter().zip(&choices).take(asked) {
            plays[j] = usize::from(choice == RiverChoice::Raise1x);
        }
        for (hand, &play) in cards.iter().zip(&plays).take(batch) {
            let hole = [hand[0], hand[1]];
            let board = [hand[4], hand[5], hand[6], hand[7], hand[8]];
            let community = board.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c));
            let player = evaluator.rank(community.add(hole[0]).add(hole[1]));
            let category = player.category().index();
            let cell = if play == 0 {
                base_cell(0, versus_index(Versus::Tie), false, category)
            } else {
                let dealer = evaluator.rank(community.add(hand[2]).add(hand[3]));
                let versus = Versus::between(player, dealer);
                let qualifies = dealer_qualifies(dealer.category());
                base_cell(play, versus_index(versus), qualifies, category)
            };
            tally.base[cell] += 1;
            let mut six_cell = 0;
            if ctx.six_card {
                let six = [hole[0], hole[1], hand[9], hand[10], hand[11], hand[12]];
                let hand = six.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c));
                let six_category = evaluator.rank(hand).category();
                six_cell = six_category.index();
                if six_category == HandCategory::RoyalFlush {
                    let mask = six.iter().fold(0u64, |m, c| m | c.mask());
                    if let Some(suit) = ctx.super_royals.iter().position(|&s| s == mask) {
                        six_cell = HandCategory::COUNT + suit;
                    }
                }
                tally.six[six_cell] += 1;
            }
            // The Ultimate Pairs Bonus looks only at the player's and the
            // dealer's hole cards, already dealt: no random number is drawn
            // for it, so the hands are the same with or without it.
            let mut pairs_cell = 0;
            if let Some(cells) = ctx.pairs_cells {
                let player = class_of(hand[0], hand[1]);
                let dealer = class_of(hand[2], hand[3]);
                pairs_cell = usize::from(cells[player * CLASSES + dealer]);
                tally.pairs[pairs_cell] += 1;
            }
            if let (Some(rules), Some(sessions)) = (ctx.session, tally.sessions.as_mut()) {
                segment.push(
                    ctx.session_base[cell]
                        + ctx.session_trips[category]
                        + ctx.session_six[six_cell]
                        + ctx.session_pairs[pairs_cell],
                );
                to_session_end -= 1;
                if to_session_end == 0 {
                    if whole {
                        sessions.record(rules, segment);
                    } else {
                        sessions.pieces.push(Piece {
                            session,
                            chunk,
                            segment,
                        });
                    }
                    segment = Segment::default();
                    session += 1;
                    whole = true;
                    to_session_end = k;
                }
            }
        }
    }
    if let Some(sessions) = tally.sessions.as_mut() {
        if segment.hands > 0 {
            sessions.pieces.push(Piece {
                session,
                chunk,
                segment,
            });
        }
    }
}

/// The raw result of a simulation: exact counts, from which
/// [`Sample::report`] derives the estimates.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The strategy's name.
    pub strategy: String,
    /// Number of hands played.
    pub hands: u64,
    /// The random seed.
    pub seed: u64,
    /// Number of cards in the deck.
    pub deck_size: usize,
    /// Hands per base-game cell (see the module documentation).
    pub(super) base: [u64; BASE_CELLS],
    /// Hands per Six Card Bonus cell.
    pub(super) six: [u64; SIX_CELLS],
    /// Hands per Ultimate Pairs Bonus cell (the index of the paying line,
    /// then no line); empty without that wager.
    pub(super) pairs: Vec<u64>,
    pub(super) blind: PayTable,
    pub(super) trips: Option<PayTable>,
    pub(super) six_card: Option<SixCardBet>,
    pub(super) ultimate_pairs: Option<PayTable>,
    pub(super) session: Option<(SessionConfig, SessionRules, SessionTally)>,
    /// The money of every cell.
    pub(super) money: Money,
}

/// The label under which a simulation reports its progress, in hands.
pub const PROGRESS_LABEL: &str = "simulating hands";

/// Runs the simulation: `config.hands` hands played with `strategy`,
/// reporting the hands done to `progress` (label [`PROGRESS_LABEL`]).
pub fn simulate<S: Strategy + ?Sized>(
    config: &SimulationConfig,
    strategy: &S,
    progress: &dyn Progress,
) -> Result<Sample, SimulationError> {
    validate(config)?;
    match config.threads {
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| SimulationError::ThreadPool(e.to_string()))?
            .install(|| simulate_here(config, strategy, progress)),
        None => simulate_here(config, strategy, progress),
    }
}

fn simulate_here<S: Strategy + ?Sized>(
    config: &SimulationConfig,
    strategy: &S,
    progress: &dyn Progress,
) -> Result<Sample, SimulationError> {
    let money = Money::new(config)?;
    let rules = config
        .session
        .as_ref()
        .map(|s| session_rules(s, &money))
        .transpose()?;
    let ctx = Context {
        strategy,
        hands: config.hands,
        seed: config.seed,
        deck: config.deck.to_vec(),
        six_card: config.six_card.is_some(),
        super_royals: super_royal_masks(),
        pairs_cells: money.pairs_cells.as_deref(),
        session: rules.as_ref(),
        session_base: &money.session_base,
        session_trips: &money.session_trips,
        session_six: &money.session_six,
        session_pairs: &money.session_pairs,
    };
    let pairs_cells = money.pairs.as_ref().map_or(0, Vec::len);
    let chunks = config.hands.div_ceil(CHUNK_HANDS);
    progress.begin(PROGRESS_LABEL, config.hands);
    let tally = (0..chunks)
        .into_par_iter()
        .fold(
            || Tally::new(rules.as_ref(), pairs_cells),
            |mut tally, chunk| {
                run_chunk(&ctx, chunk, &mut tally);
                progress.advance(CHUNK_HANDS.min(config.hands - chunk * CHUNK_HANDS));
                tally
            },
        )
        .reduce_with(Tally::merge)
        .expect("at least one chunk");
    progress.finish();
    let session = match (config.session.clone(), rules, tally.sessions) {
        (Some(config_s), Some(rules), Some(mut sessions)) => {
            join_pieces(&mut sessions, &rules, config.hands / rules.hands);
            Some((config_s, rules, sessions))
        }
        _ => None,
    };
    Ok(Sample {
        strategy: strategy.name().to_string(),
        hands: config.hands,
        seed: config.seed,
        deck_size: config.deck.len(),
        base: tally.base,
        six: tally.six,
        pairs: tally.pairs,
        blind: config.blind.clone(),
        trips: config.trips.clone(),
        six_card: config.six_card.clone(),
        ultimate_pairs: config.ultimate_pairs.clone(),
        session,
        money,
    })
}
