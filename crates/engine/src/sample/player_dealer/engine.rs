//! The player-dealer simulation: the rounds of a chunk of rotations played
//! under the run's [`Plan`] into a [`Tally`], the chunks run in parallel,
//! the figures read from the tally ([`figures`]).

use super::figures::{self, PlayerDealerReport};
use super::plan::Plan;
use super::tally::Tally;
use super::{ExactInputs, PlayerDealerConfig, PlayerDealerError, CHUNK_ROTATIONS};
use crate::cards::Card;
use crate::evaluator::{tables, PartialHand};
use crate::progress::Progress;
use crate::rules::settlement::{
    dealer_qualifies, settle_player_dealer_round, SeatClaims, SeatSettled, Versus,
};
use crate::sample::cells::{base_cell, versus_index};
use crate::sample::rng::{below, chunk_rng};
use crate::strategy::{play_round, Strategy};
use rayon::prelude::*;

/// The label under which a run reports its progress, in rotations.
pub const PROGRESS_LABEL: &str = "player-dealer rotations";

/// What the rounds read.
struct Context<'a, S: ?Sized> {
    strategy: &'a S,
    plan: &'a Plan,
    rotations: u64,
    seed: u64,
    deck: Vec<Card>,
}

/// Plays the rotations of chunk `chunk` into `tally`.
fn run_chunk<S: Strategy + ?Sized>(ctx: &Context<'_, S>, chunk: u64, tally: &mut Tally) {
    let plan = ctx.plan;
    let evaluator = tables();
    let m = plan.m;
    let seats = m - 1;
    let first = chunk * CHUNK_ROTATIONS;
    let last = first.saturating_add(CHUNK_ROTATIONS).min(ctx.rotations);
    let mut rng = chunk_rng(ctx.seed, chunk);
    let mut deck = ctx.deck.clone();
    let n = deck.len() as u64;
    let cards_per_round = 2 * seats + 7;
    let mut claims = [SeatClaims::default(); super::MAX_PLAYERS];
    let mut settled = [SeatSettled::default(); super::MAX_PLAYERS];
    let mut plays = [0usize; super::MAX_PLAYERS];
    let mut rotation_before = vec![0i128; m];
    let mut rotation_after = vec![0i128; m];
    for _ in first..last {
        rotation_before.iter_mut().for_each(|v| *v = 0);
        rotation_after.iter_mut().for_each(|v| *v = 0);
        for dealer in 0..m {
            for _ in 0..2 {
                for i in 0..cards_per_round {
                    let j = i + below(&mut rng, n - i as u64) as usize;
                    deck.swap(i, j);
                }
                // Seat k's cards 2k, 2k+1; the player-dealer's next two;
                // then the five community cards.
                let pd = 2 * seats;
                let board = [
                    deck[pd + 2],
                    deck[pd + 3],
                    deck[pd + 4],
                    deck[pd + 5],
                    deck[pd + 6],
                ];
                let community = board.iter().fold(PartialHand::EMPTY, |h, &c| h.add(c));
                let dealer_rank = evaluator.rank(community.add(deck[pd]).add(deck[pd + 1]));
                let qualifies = dealer_qualifies(dealer_rank.category());
                for k in 0..seats {
                    let hole = [deck[2 * k], deck[2 * k + 1]];
                    let table = &plan.players[plan.player_at(dealer, k + 1)];
                    let play = play_round(ctx.strategy, hole, board).play() as usize;
                    let rank = evaluator.rank(community.add(hole[0]).add(hole[1]));
                    let category = rank.category().index();
                    let cell = if play == 0 {
                        base_cell(0, versus_index(Versus::Tie), false, category)
                    } else {
                        let versus = Versus::between(rank, dealer_rank);
                        base_cell(play, versus_index(versus), qualifies, category)
                    };
                    let [ante, play_result, blind] = table.base[cell];
                    claims[k] = SeatClaims {
                        folded: play == 0,
                        ante,
                        play: play_result,
                        blind,
                        trips: table.trips[category],
                    };
                    plays[k] = play;
                }
                let outcome = settle_player_dealer_round(
                    &claims[..seats],
                    plan.bank,
                    plan.win_cap,
                    &mut settled,
                );
                let a = &mut tally.arrangements[if plan.pooled { 0 } else { dealer }];
                a.rounds += 1;
                let mut dealer_fee = 0;
                let mut room = 0;
                let mut total = 0;
                let mut any_returned = false;
                for k in 0..seats {
                    let player = plan.player_at(dealer, k + 1);
                    let table = &plan.players[player];
                    let fee = table.fee[plays[k]];
                    dealer_fee += table.dealer_fee[plays[k]];
                    total += table.charged[plays[k]];
                    room += fee;
                    let net = settled[k].net;
                    let c = &claims[k];
                    let position = &mut a.positions[k + 1];
                    position.before.add(net);
                    position.after.add(net - fee);
                    position.fees += fee;
                    position.uncovered += settled[k].uncovered;
                    position.stake += c.ante.abs() + c.play.abs() + c.blind.abs() + c.trips.abs();
                    position.histogram.record(net - fee);
                    any_returned |= settled[k].uncovered > 0;
                    rotation_before[player] += net;
                    rotation_after[player] += net - fee;
                }
                dealer_fee += plan.total_fee(total);
                room += dealer_fee;
                let pd_net = outcome.player_dealer;
                let position = &mut a.positions[0];
                position.before.add(pd_net);
                position.after.add(pd_net - dealer_fee);
                position.fees += dealer_fee;
                position.histogram.record(pd_net - dealer_fee);
                a.room.add(room);
                a.exhausted += u64::from(outcome.exhausted);
                a.capped += u64::from(outcome.capped);
                a.returned += u64::from(any_returned);
                rotation_before[dealer] += pd_net;
                rotation_after[dealer] += pd_net - dealer_fee;
            }
        }
        for (p, t) in tally.players.iter_mut().enumerate() {
            t.before.add(rotation_before[p]);
            t.after.add(rotation_after[p]);
            t.histogram.record(rotation_after[p]);
        }
    }
}

/// Runs the player-dealer game: `config.rotations` rotations with every
/// seat playing `strategy`, reporting rotations done to `progress` (label
/// [`PROGRESS_LABEL`]); `exact` (if known) gives the exact figures of the
/// linear case and the exact fees.
pub fn run<S: Strategy + ?Sized>(
    config: &PlayerDealerConfig,
    strategy: &S,
    exact: Option<&ExactInputs>,
    progress: &dyn Progress,
) -> Result<PlayerDealerReport, PlayerDealerError> {
    let plan = Plan::new(config)?;
    let work = || {
        let ctx = Context {
            strategy,
            plan: &plan,
            rotations: config.rotations,
            seed: config.seed,
            deck: config.deck.to_vec(),
        };
        let chunks = config.rotations.div_ceil(CHUNK_ROTATIONS);
        progress.begin(PROGRESS_LABEL, config.rotations);
        let tally = (0..chunks)
            .into_par_iter()
            .fold(
                || Tally::new(&plan),
                |mut tally, chunk| {
                    run_chunk(&ctx, chunk, &mut tally);
                    progress
                        .advance(CHUNK_ROTATIONS.min(config.rotations - chunk * CHUNK_ROTATIONS));
                    tally
                },
            )
            .reduce_with(Tally::merge)
            .expect("at least one chunk");
        progress.finish();
        tally
    };
    let tally = match config.threads {
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| PlayerDealerError::ThreadPool(e.to_string()))?
            .install(work),
        None => work(),
    };
    Ok(figures::report(
        config,
        strategy.name(),
        &plan,
        &tally,
        exact,
    ))
}
