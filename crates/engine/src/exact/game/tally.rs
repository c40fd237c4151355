//! Steps 3 and 4 of the solve: the preflop decision of every starting-hand
//! class from the flop sums, then the tally of every outcome by final
//! action, showdown kind and player hand: the flop pass counted the outcomes
//! of each class as if it checked before the flop ([`CheckedTally`]); a
//! class raised before the flop takes all of them with its raise. The tally
//! must reproduce the optimal value exactly, and the solver asserts it.

use super::payoffs::Payoffs;
use super::policy::Choices;
use super::river_table::RiverTable;
use super::sums::{add_counts, FlopSums, PassSums, PreflopSums};
use super::{Action, Decision, HoleClass, Solution, Tally, CATEGORIES, KINDS};
use crate::cards::canonical::all_pairs;
use crate::cards::choose;
use crate::fraction::Fraction;
use crate::rules::paytable::PayTable;

/// Adds to `values` (per starting-hand class: raise 4x, raise 3x, the
/// flop action taken) the values of canonical flop `f` from its sums (one
/// per holding, [`PAIRS`]), weighted by the flop's class size: the flop
/// pass calls it on each flop's sums as they are made, so that they need
/// not be kept.
pub(crate) fn add_flop_values(
    river: &RiverTable,
    f: usize,
    flop_sums: &[FlopSums],
    values: &mut [[i128; 3]],
) {
    let (flop, weight) = river.flops[f];
    for (h, m) in all_pairs() {
        let Some(c) = river.class_of_pair[h] else {
            continue;
        };
        if m & flop.0 != 0 {
            continue;
        }
        let s = flop_sums[h];
        let w = weight as i128;
        values[c][0] += w * s.raise(4) as i128;
        values[c][1] += w * s.raise(3) as i128;
        values[c][2] += w * s.best().0 as i128;
    }
}

/// Step 3 for one table: the starting-hand classes and their decisions from
/// their summed `values` ([`add_flop_values`]; under a payout limit, the
/// values of raising 4x and 3x are `limited`'s, summed by the flop pass).
fn preflop(
    river: &RiverTable,
    mut values: Vec<[i128; 3]>,
    limited: Option<&PreflopSums>,
    choices: &Choices,
) -> Vec<HoleClass> {
    if let Some(limited) = limited {
        for (v, l) in values.iter_mut().zip(limited) {
            v[0] = l[0];
            v[1] = l[1];
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

/// Steps 3 and 4 for every table, from their flop sums.
pub(crate) fn finish<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    payoffs: Vec<Payoffs>,
    (flop_sums, values, checked, preflop_sums, _): PassSums,
    choices: &Choices,
) -> Vec<Solution<'a>> {
    let n = river.deck.len() as u64;
    let sequences = choose(n, 2) * choose(n - 2, 3) * choose(n - 5, 2) * river.dealer_hands as u64;
    let solutions: Vec<Solution<'a>> = blind_tables
        .iter()
        .zip(payoffs)
        .zip(flop_sums)
        .zip(values)
        .zip(checked)
        .zip(preflop_sums)
        .map(
            |(((((table, payoffs), flop_sums), values), checked), limited)| {
                let classes = preflop(river, values, limited.as_ref(), choices);
                // A class checked before the flop ends as the flop pass counted;
                // a class raised before it ends with its raise, whatever follows.
                let mut tally: Tally = [[[0; CATEGORIES]; KINDS]; 5];
                for (class, outcomes) in classes.iter().zip(&checked) {
                    for (play, outcomes) in outcomes.iter().enumerate() {
                        let play = match class.action {
                            Decision::Raise(action) => action.play() as usize,
                            _ => play,
                        };
                        add_counts(&mut tally[play], outcomes);
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
            },
        )
        .collect();
    for solution in &solutions {
        // The tally must account for every sequence and reproduce the value.
        let counted: u64 = solution.tally.iter().flatten().flatten().sum();
        assert_eq!(counted, sequences, "tally covers every sequence");
        let tallied = solution
            .return_table()
            .iter()
            .fold(Fraction::ZERO, |acc, l| {
                acc + l.total() * Fraction::from_int(l.combinations as i128)
            });
        assert_eq!(
            tallied,
            Fraction::new(solution.total_value, solution.payoffs.scale as i128),
            "tally reproduces the optimal value"
        );
    }
    solutions
}
