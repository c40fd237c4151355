//! Steps 3 and 4 of the solve: the preflop decision of every starting-hand
//! class from the flop sums, then the tally of every outcome by final
//! action, showdown kind and player hand, for all pay tables in one pass
//! over the canonical boards; the tally must reproduce the optimal value.

use super::flop_pass::{Choices, FlopSums, ROW_WORDS};
use super::payoffs::{Linear, Payoffs};
use super::river_table::{unpack, RiverTable};
use super::{Action, Decision, HoleClass, Solution, Tally, CATEGORIES, KINDS, SPLITS};
use crate::cards::canonical::{all_pairs, for_each_subset, PAIRS};
use crate::cards::choose;
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use rayon::prelude::*;

/// The flop decisions of flop sums (rows of [`PAIRS`]) as bit rows.
pub(crate) fn flop_raise_bits(flop_sums: &[FlopSums]) -> Vec<u64> {
    flop_sums
        .chunks(PAIRS)
        .flat_map(|sums| {
            let mut bits = [0u64; ROW_WORDS];
            for (h, s) in sums.iter().enumerate() {
                if s.raise_flop {
                    bits[h / 64] |= 1 << (h % 64);
                }
            }
            bits
        })
        .collect()
}

fn add_tally(a: &mut Tally, b: &Tally) {
    for p in 0..5 {
        for k in 0..KINDS {
            for c in 0..CATEGORIES {
                a[p][k][c] += b[p][k][c];
            }
        }
    }
}

/// Step 3 for one table: the starting-hand classes and their decisions.
fn preflop(river: &RiverTable, flop_sums: &[FlopSums], choices: &Choices) -> Vec<HoleClass> {
    let class_of = &river.class_of_pair;
    let mut values = vec![[0i128; 3]; river.hole_classes.len()];
    for (f, &(flop, weight)) in river.flops.iter().enumerate() {
        for (h, m) in all_pairs() {
            let Some(c) = class_of[h] else { continue };
            if m & flop.0 != 0 {
                continue;
            }
            let s = flop_sums[f * PAIRS + h];
            let w = weight as i128;
            values[c][0] += w * s.raise(4) as i128;
            values[c][1] += w * s.raise(3) as i128;
            values[c][2] += w * s.best().0 as i128;
        }
    }
    river
        .hole_classes
        .iter()
        .zip(&values)
        .map(|(&(m, size), v)| {
            let cards = m.to_vec();
            // Ties go to the smaller bet: check, then 3x, then 4x.
            let mut action = Decision::Check;
            let mut best = v[2];
            if v[1] > best {
                action = Decision::Raise(Action::Raise3x);
                best = v[1];
            }
            if v[0] > best {
                action = Decision::Raise(Action::Raise4x);
            }
            if let Choices::Fixed { policy, .. } = choices {
                action = policy.preflop(cards[0], cards[1]);
            }
            HoleClass {
                cards: (cards[0], cards[1]),
                combinations: size,
                raise_4x: v[0],
                raise_3x: v[1],
                check: v[2],
                action,
            }
        })
        .collect()
}

/// What the tally needs of one table.
struct TallyTable {
    ante_blind: Linear,
    play_win: i64,
    fold: i64,
    /// Flop decision bits, [`ROW_WORDS`] per canonical flop.
    flop_raise: Vec<u64>,
    /// Whether each holding checks before the flop.
    checked: Vec<bool>,
}

/// Steps 3 and 4 for every table, from their flop sums.
pub(crate) fn finish<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    payoffs: Vec<Payoffs>,
    flop_sums: Vec<Vec<FlopSums>>,
    choices: &Choices,
    progress: &dyn Progress,
) -> Vec<Solution<'a>> {
    let n = river.deck.len() as u64;
    let sequences = choose(n, 2) * choose(n - 2, 3) * choose(n - 5, 2) * river.dealer_hands as u64;
    let classes: Vec<Vec<HoleClass>> = flop_sums
        .iter()
        .map(|sums| preflop(river, sums, choices))
        .collect();
    let tables: Vec<TallyTable> = payoffs
        .iter()
        .zip(&flop_sums)
        .zip(&classes)
        .map(|((p, sums), classes)| TallyTable {
            ante_blind: p.ante_blind_linear(river.dealer_hands),
            play_win: p.play_win,
            fold: p.fold_value(river.dealer_hands),
            flop_raise: flop_raise_bits(sums),
            checked: river
                .class_of_pair
                .iter()
                .map(|c| c.is_some_and(|c| classes[c].action == Decision::Check))
                .collect(),
        })
        .collect();
    let tallies = tally(river, &tables, choices, progress);
    let solutions: Vec<Solution<'a>> = blind_tables
        .iter()
        .zip(payoffs)
        .zip(classes)
        .zip(flop_sums)
        .zip(tallies)
        .map(|((((table, payoffs), classes), flop_sums), mut tally)| {
            // Hands raised before the flop: per-class totals of the river table.
            for (class, outcomes) in classes.iter().zip(&river.class_outcomes) {
                if let Decision::Raise(action) = class.action {
                    let play = action.play() as usize;
                    for k in 0..KINDS {
                        for c in 0..CATEGORIES {
                            tally[play][k][c] += outcomes[k][c];
                        }
                    }
                }
            }
            let total_value: i128 = classes
                .iter()
                .map(|c| match c.action {
                    Decision::Raise(Action::Raise4x) => c.raise_4x,
                    Decision::Raise(Action::Raise3x) => c.raise_3x,
                    _ => c.check,
                })
                .sum();
            Solution {
                river,
                payoffs,
                blind_table: table.clone(),
                classes,
                flop_sums,
                total_value,
                sequences,
                tally,
            }
        })
        .collect();
    for solution in &solutions {
        // The tally must account for every sequence and reproduce the value.
        let counted: u64 = solution.tally.iter().flatten().flatten().sum();
        assert_eq!(counted, sequences, "tally covers every sequence");
        let tallied = solution
            .return_table()
            .iter()
            .fold(Fraction::ZERO, |acc, l| {
                acc + l.net.total() * Fraction::from_int(l.combinations as i128)
            });
        assert_eq!(
            tallied,
            Fraction::new(solution.total_value, solution.payoffs.scale as i128),
            "tally reproduces the optimal value"
        );
    }
    solutions
}

/// Step 4 for the hands checked before the flop, every table in one pass:
/// per canonical board, for each holding, `m` = how many of the board's 10
/// (flop, turn/river) splits have a flop raise; the other `10 - m` reach the
/// river decision. Renaming suits maps boards, flops, holdings and decisions
/// together, so a canonical board stands for its whole class (times the
/// class size).
fn tally(
    river: &RiverTable,
    tables: &[TallyTable],
    choices: &Choices,
    progress: &dyn Progress,
) -> Vec<Tally> {
    let words = ROW_WORDS;
    let holdings: Vec<(usize, u64)> = all_pairs()
        .into_iter()
        .filter(|&(h, _)| tables.iter().any(|t| t.checked[h]))
        .collect();
    let zero = vec![[[[0u64; CATEGORIES]; KINDS]; 5]; tables.len()];
    progress.begin(
        "solving the base game: outcome tally (3 of 3)",
        river.boards.len() as u64,
    );
    let tallies = river
        .boards
        .par_iter()
        .enumerate()
        .fold(
            || zero.clone(),
            |mut acc, (i, &(board, weight))| {
                let mut raises = vec![[0u8; PAIRS]; tables.len()];
                for_each_subset(board, 3, |flop| {
                    let (f, map) = river.locate_flop(flop);
                    for (table, raises) in tables.iter().zip(raises.iter_mut()) {
                        let bits = &table.flop_raise[f * words..(f + 1) * words];
                        for &(h, m) in &holdings {
                            if m & board.0 == 0 {
                                let g = map[h] as usize;
                                raises[h] += (bits[g / 64] >> (g % 64) & 1) as u8;
                            }
                        }
                    }
                });
                let row = river.row(i);
                for &(h, m) in &holdings {
                    if m & board.0 != 0 {
                        continue;
                    }
                    let e = unpack(row[h], || river.row_exceptions(i));
                    let counts = e.counts(river.dealer_hands);
                    let cat = counts.category_index();
                    for (t, table) in tables.iter().enumerate() {
                        if !table.checked[h] {
                            continue;
                        }
                        let river_play = usize::from(match choices {
                            Choices::Optimal => {
                                let bal = counts.balance() as i64;
                                table.ante_blind.at(e) + bal * table.play_win > table.fold
                            }
                            Choices::Fixed { river_bits, .. } => {
                                Choices::river_bit(river_bits, i, h)
                            }
                        });
                        let raised = raises[t][h] as u64;
                        let acc = &mut acc[t];
                        for (k, &count) in counts.counts().iter().enumerate() {
                            let n = weight * count as u64;
                            acc[2][k][cat] += raised * n;
                            acc[river_play][k][cat] += (SPLITS - raised) * n;
                        }
                    }
                }
                progress.advance(1);
                acc
            },
        )
        .reduce(
            || zero.clone(),
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    add_tally(x, y);
                }
                a
            },
        );
    progress.finish();
    tallies
}
