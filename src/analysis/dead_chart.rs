//! The preflop chart of a player who knows cards are out of the deck (a
//! partner's hole cards, an exposed card): for every class of starting
//! hands, the exact expected value of raising 4x, raising 3x and checking,
//! the best of them, and the base game's action for the same hand, so that
//! the holdings whose action changes stand out (`uth-edge strategy --dead
//! CARDS`).
//!
//! # How
//! The player's holdings are every holding of the deck less the dead cards,
//! each equally likely, and the best play of each is the base game's on
//! that smaller deck (the argument of [`crate::exact::seen::partners`]). So
//! one base-game solve of the deck less the dead cards gives the whole
//! chart: its river table is built under the suit renamings that map the
//! dead cards onto themselves ([`Symmetry::fixing`]: 2 for A♠K♦, 4 for a
//! pair, 6 for two suited cards, the identity alone for most sets of three
//! or more), so its starting-hand classes are classes of those renamings
//! (A♠K♦ and A♣K♦ may differ when A♥ and 5♠ are dead) and it costs about
//! 24 over their number times the 24-fold base solve. The solve keeps no
//! flop's sums ([`solve_totals`]): the per-class preflop sums are all the
//! chart needs. The base game's chart comes from one 24-fold solve of the
//! whole deck, made first and timed, so that the projected time of the
//! larger solve is known before it starts.
//!
//! # Exactness
//! Every expected value is the solver's integer sum over the class's
//! deals over their count ([`Solution::preflop_advice`]), an exact
//! fraction; the chart's value is the solve's total over its deals.

use crate::cards::canonical::{pair_cards, pair_index, Symmetry, PAIRS};
use crate::cards::{choose, Card, CardSet};
use crate::exact::game::{solve_totals, Advice, Decision, RiverTable, Solution};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::rules::paytable::PayTable;
use std::time::Instant;

/// The usual rank letters, 2 to ace.
const RANK_NAMES: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];

/// Bytes of memory a board of the river table and its river codes take,
/// measured: a solve of 48 cards under the identity alone (1.71 million
/// boards) peaked at 938,452 kB (docs/speed.md, "Memory"). Since the flop
/// pass holds no river codes it errs high: three dead cards, 1.91 million
/// boards, peak at 930,944 kB, about 500 bytes a board ("Reading a row").
const BYTES_PER_BOARD: u64 = 560;

/// What the chart's solve costs, known before any work.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPlan {
    /// The suit renamings that map the dead cards onto themselves (of 24).
    pub renamings: usize,
    /// Cards left in the deck once the dead cards are out.
    pub cards_left: usize,
    /// About how many boards the river table holds (five-card boards of the
    /// cards left over the renamings: a board fixed by a renaming other than
    /// the identity makes it slightly more).
    pub boards: u64,
    /// About the peak memory of the solve, in bytes.
    pub memory: u64,
}

/// The base game's solve, timed: what projects the chart's own solve.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartTiming {
    /// Seconds (wall clock) the base game's solve took.
    pub base_seconds: f64,
    /// Seconds the chart's solve is projected to take: the base game's
    /// scaled by the boards of each.
    pub projected_seconds: f64,
}

/// One class of starting hands of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartRow {
    /// The class's canonical holding (the lowest under the renamings kept).
    pub holding: (Card, Card),
    /// Holdings in the class.
    pub holdings: u64,
    /// Raise 4x, raise 3x and check: the exact expected net of the whole
    /// hand per Ante, and the best (the smaller bet on a tie).
    pub advice: Advice,
    /// The base game's action for the same hand (the whole deck).
    pub base: Decision,
}

impl ChartRow {
    /// Whether the best action differs from the base game's.
    pub fn changes(&self) -> bool {
        self.advice.best != self.base
    }

    /// The usual name of the hand: `AA`, `AKs`, `AKo`.
    pub fn hand(&self) -> String {
        let (a, b) = self.holding;
        let (hi, lo) = if a.rank() >= b.rank() { (a, b) } else { (b, a) };
        let mut name = format!("{}{}", RANK_NAMES[hi.rank()], RANK_NAMES[lo.rank()]);
        if hi.rank() != lo.rank() {
            name.push(if hi.suit() == lo.suit() { 's' } else { 'o' });
        }
        name
    }

    /// The holding as cards, higher rank first: `AsKd`.
    pub fn cards(&self) -> String {
        let (a, b) = self.holding;
        let (hi, lo) = if (a.rank(), a.suit()) >= (b.rank(), b.suit()) {
            (a, b)
        } else {
            (b, a)
        };
        format!("{hi}{lo}")
    }
}

/// The chart of one Blind table and set of dead cards.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadChart {
    /// The Blind pay table's id.
    pub paytable: String,
    /// The deck before the dead cards are taken out.
    pub deck: CardSet,
    /// The dead cards, as given.
    pub dead: Vec<Card>,
    /// The suit renamings kept (of 24).
    pub renamings: usize,
    /// Every class, by higher rank, lower rank, pairs and suited before
    /// offsuit, then by holding.
    pub rows: Vec<ChartRow>,
    /// The player's exact expectation per Ante playing this chart (and the
    /// best flop and river play) on the deck less the dead cards.
    pub value: Fraction,
    /// The base game's exact expectation per Ante on the whole deck.
    pub base_value: Fraction,
}

impl DeadChart {
    /// Holdings of the deck less the dead cards.
    pub fn holdings(&self) -> u64 {
        self.rows.iter().map(|r| r.holdings).sum()
    }

    /// Holdings whose best action differs from the base game's.
    pub fn holdings_changed(&self) -> u64 {
        self.rows
            .iter()
            .filter(|r| r.changes())
            .map(|r| r.holdings)
            .sum()
    }

    /// Classes whose best action differs from the base game's.
    pub fn classes_changed(&self) -> usize {
        self.rows.iter().filter(|r| r.changes()).count()
    }

    /// The player's gain over the base game per Ante: the value of knowing
    /// the dead cards together with the effect of their absence.
    pub fn gain(&self) -> Fraction {
        self.value.clone() - &self.base_value
    }
}

/// The cost of the chart's solve, before any work.
///
/// # Panics
/// If a dead card is not in `deck`.
pub fn plan(deck: CardSet, dead: CardSet) -> ChartPlan {
    assert!(dead.minus(deck).is_empty(), "dead cards of the deck");
    let renamings = Symmetry::fixing(dead).order();
    let cards_left = deck.len() - dead.len();
    let boards = choose(cards_left as u64, 5).div_ceil(renamings as u64);
    ChartPlan {
        renamings,
        cards_left,
        boards,
        memory: boards * BYTES_PER_BOARD,
    }
}

/// The expected value per Ante of a whole solve.
fn per_ante(solution: &Solution) -> Fraction {
    Fraction::new(
        solution.total_value,
        solution.sequences as i128 * solution.payoffs.scale as i128,
    )
}

/// Solves the chart: the base game on `deck` first (timed; `timed` is
/// called with the projection before the larger solve), then the deck less
/// `dead` under the renamings that fix them.
///
/// # Panics
/// If a dead card is not in `deck`, fewer than 9 cards are left, or the
/// Blind table's amounts exceed the solver's (check them first with
/// [`crate::exact::game::check_blind_table`]).
pub fn solve(
    blind_table: &PayTable,
    deck: CardSet,
    dead: &[Card],
    progress: &dyn Progress,
    timed: &mut dyn FnMut(&ChartTiming),
) -> DeadChart {
    let dead_set = CardSet::from_cards(dead);
    let plan = plan(deck, dead_set);
    assert!(plan.cards_left >= 9, "too few cards left to deal a hand");
    // The base game: its chart and value, then its tables freed.
    let start = Instant::now();
    let (base_value, base_actions) = {
        let river = RiverTable::build(deck, progress);
        let base = solve_totals(&river, blind_table, progress);
        let actions: Vec<Option<Decision>> = (0..PAIRS)
            .map(|h| {
                let (a, b) = pair_cards(h);
                (deck.contains(a) && deck.contains(b)).then(|| base.class_of(a, b).action)
            })
            .collect();
        (per_ante(&base), actions)
    };
    let base_seconds = start.elapsed().as_secs_f64();
    let base_boards = choose(deck.len() as u64, 5) as f64 / 24.0;
    timed(&ChartTiming {
        base_seconds,
        projected_seconds: base_seconds * plan.boards as f64 / base_boards,
    });
    let symmetry = Symmetry::fixing(dead_set);
    let river = RiverTable::build_under(deck.minus(dead_set), &symmetry, progress);
    let solution = solve_totals(&river, blind_table, progress);
    let mut rows: Vec<ChartRow> = solution
        .classes
        .iter()
        .map(|class| {
            let (a, b) = class.cards;
            ChartRow {
                holding: (a, b),
                holdings: class.combinations,
                advice: solution.preflop_advice(a, b),
                base: base_actions[pair_index(a, b)].expect("a holding of the deck"),
            }
        })
        .collect();
    rows.sort_by_key(|r| {
        let (a, b) = r.holding;
        let (hi, lo) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
        let kind = if hi == lo {
            0
        } else if a.suit() == b.suit() {
            1
        } else {
            2
        };
        (
            std::cmp::Reverse(hi),
            std::cmp::Reverse(lo),
            kind,
            pair_index(a, b),
        )
    });
    DeadChart {
        paytable: blind_table.id.clone(),
        deck,
        dead: dead.to_vec(),
        renamings: plan.renamings,
        rows,
        value: per_ante(&solution),
        base_value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn the_plan_counts_the_renamings_that_keep_the_dead_cards() {
        // Fact: the renamings of four suits that map a set onto itself: 24
        // for none, 6 for one card (the other three suits), 2 for two cards
        // of different suits and ranks, 4 for a pair, 6 for two suited
        // cards, 1 for three cards of three suits and ranks.
        for (dead, renamings) in [
            ("", 24),
            ("Ah", 6),
            ("Ah5s", 2),
            ("AhAs", 4),
            ("Ah5h", 6),
            ("Ah5s9c", 1),
        ] {
            let dead = CardSet::from_cards(&parse_cards(dead).unwrap());
            let plan = plan(CardSet::FULL_DECK, dead);
            assert_eq!(plan.renamings, renamings, "{dead}");
            assert_eq!(plan.cards_left, 52 - dead.len());
        }
        // Two dead cards, 2 renamings: C(50,5)/2 boards, about 0.6 GB.
        let plan = plan(
            CardSet::FULL_DECK,
            CardSet::from_cards(&parse_cards("Ah5s").unwrap()),
        );
        assert_eq!(plan.boards, 2_118_760 / 2);
        assert!((550_000_000..650_000_000).contains(&plan.memory));
    }

    #[test]
    fn a_row_names_its_hand_and_holding() {
        let row = |cards: &str| {
            let c = parse_cards(cards).unwrap();
            ChartRow {
                holding: (c[0], c[1]),
                holdings: 1,
                advice: Advice {
                    options: vec![],
                    best: Decision::Check,
                },
                base: Decision::Check,
            }
        };
        assert_eq!(
            (row("KdAs").hand(), row("KdAs").cards()),
            ("AKo".into(), "AsKd".into())
        );
        assert_eq!(row("5h5c").hand(), "55");
        assert_eq!(row("2c7c").hand(), "72s");
    }
}
