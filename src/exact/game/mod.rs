//! The exact optimal-strategy solver for the base game (Ante, Blind, Play).
//!
//! # What it computes
//! Every one of the C(n,2)·C(n-2,3)·C(n-5,2)·C(n-7,2) equally likely
//! sequences (player cards, flop, turn and river, dealer cards) of an
//! `n`-card deck (27,813,810,024,000 for 52 cards) is played with the
//! strategy that takes, at each decision, the action of highest expected
//! value given what the player sees, the smaller bet on an exact tie. All
//! sums are integers (money in units of `1/scale` Ante, where `scale` is the
//! common denominator of the Blind pays), so every result is an exact
//! fraction and identical for any number of threads.
//!
//! # How
//! 1. **River table.** For each of the 134,459 suit-canonical five-card
//!    boards, every two-card holding of the remaining cards is ranked, the
//!    holdings are sorted by strength and one sweep counts, for each
//!    holding, the dealer holdings below / equal / above it that avoid its two
//!    cards: running totals minus per-card running totals (inclusion-
//!    exclusion; the holding itself is the only one containing both cards).
//!    Dealer hands that do not qualify (no pair) are counted the same way.
//!    The result per holding, a [`RiverCounts`], does not depend on the pay
//!    table, so one table serves every Blind pay table.
//! 2. **Flop decisions.** For each of the 1,755 canonical flops and every
//!    turn/river pair, the board's row is looked up (canonical board plus a
//!    suit renaming) and each holding's river values are summed: the value
//!    of a Play of `p` is `a + p·b` (linear in `p`), and the river decision
//!    is `max(a + b, fold)`. Summed over the turn and river this gives the
//!    values of raising 2x and of checking on the flop.
//! 3. **Preflop decisions.** Per starting-hand class (169 for 52 cards), the
//!    flop values are summed over all flops, using the class sizes of the
//!    canonical flops (a renaming of suits maps a class onto itself).
//! 4. **Tally.** A second sweep, with every decision known, counts the
//!    outcomes by final action, result and player hand, which gives the
//!    return table, the standard deviation, the action frequencies and the
//!    value of each wager. Hands raised before the flop are tallied from
//!    per-class totals of step 1. The total must equal step 3's value
//!    exactly; the solver asserts it.

use crate::cards::canonical::{
    all_pairs, canonical_classes, canonical_form, for_each_subset, pair_cards, pair_index,
    subset_index, PairMaps, SuitPermutation, PAIRS,
};
use crate::cards::{choose, Card, CardSet, DECK_SIZE};
use crate::evaluator::HandCategory;
use crate::exact::showdown::{cards_of, category_of, BoardScan};
use crate::fraction::Fraction;
use crate::progress::Progress;
use crate::result::{GameFigures, ResultLine, WagerResult};
use crate::rules::paytable::PayTable;
use crate::rules::settlement::{settle_base, BaseNet, BaseRound, Versus};
use rayon::prelude::*;
use std::collections::HashMap;

/// Number of hand categories.
const CATEGORIES: usize = HandCategory::COUNT;
/// Outcome kinds of a showdown, see [`Kind`].
const KINDS: usize = 5;
/// Number of ways a five-card board splits into a flop and a turn/river pair.
const SPLITS: u64 = 10;

/// How a showdown ends for the player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    WinDealerQualifies = 0,
    WinDealerDoesNotQualify = 1,
    Tie = 2,
    LoseDealerQualifies = 3,
    LoseDealerDoesNotQualify = 4,
}

impl Kind {
    pub const ALL: [Kind; KINDS] = [
        Kind::WinDealerQualifies,
        Kind::WinDealerDoesNotQualify,
        Kind::Tie,
        Kind::LoseDealerQualifies,
        Kind::LoseDealerDoesNotQualify,
    ];

    fn versus(self) -> Versus {
        match self {
            Kind::WinDealerQualifies | Kind::WinDealerDoesNotQualify => Versus::PlayerHigher,
            Kind::Tie => Versus::Tie,
            _ => Versus::DealerHigher,
        }
    }

    fn dealer_qualifies(self) -> bool {
        matches!(
            self,
            Kind::WinDealerQualifies | Kind::Tie | Kind::LoseDealerQualifies
        )
    }
}

/// The player's final action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Action {
    Fold,
    Raise1x,
    Raise2x,
    Raise3x,
    Raise4x,
}

impl Action {
    /// All actions, the order of [`play`](Self::play) `0..=4`.
    pub const ALL: [Action; 5] = [
        Action::Fold,
        Action::Raise1x,
        Action::Raise2x,
        Action::Raise3x,
        Action::Raise4x,
    ];

    /// The Play wager in Antes (0 for a fold).
    pub fn play(self) -> u8 {
        self as u8
    }

    pub fn from_play(play: u8) -> Action {
        Action::ALL[play as usize]
    }

    pub fn name(self) -> &'static str {
        match self {
            Action::Fold => "fold",
            Action::Raise1x => "raise_1x",
            Action::Raise2x => "raise_2x",
            Action::Raise3x => "raise_3x",
            Action::Raise4x => "raise_4x",
        }
    }
}

/// Dealer holdings of each [`Kind`] for one player holding on one board, and
/// the category of the player's hand, packed in 64 bits (11 bits a count).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct RiverCounts(u64);

impl RiverCounts {
    const BITS: u32 = 11;
    const MASK: u64 = (1 << Self::BITS) - 1;

    fn new(counts: [u32; KINDS], category: HandCategory) -> RiverCounts {
        let mut packed = (category as u64) << (5 * Self::BITS);
        for (k, &c) in counts.iter().enumerate() {
            debug_assert!((c as u64) <= Self::MASK);
            packed |= (c as u64) << (k as u32 * Self::BITS);
        }
        RiverCounts(packed)
    }

    /// Dealer holdings ending in `kind`.
    #[inline]
    pub fn count(self, kind: usize) -> u32 {
        ((self.0 >> (kind as u32 * Self::BITS)) & Self::MASK) as u32
    }

    #[inline]
    pub fn category_index(self) -> usize {
        (self.0 >> (5 * Self::BITS)) as usize
    }

    pub fn category(self) -> HandCategory {
        HandCategory::ALL[self.category_index()]
    }

    /// Dealer holdings beaten minus dealer holdings beating the player.
    pub fn balance(self) -> i32 {
        (self.count(0) + self.count(1)) as i32 - (self.count(3) + self.count(4)) as i32
    }
}

/// The river counts of every holding on every canonical board of a deck.
pub struct RiverTable {
    deck: CardSet,
    perms: Vec<SuitPermutation>,
    pair_maps: PairMaps,
    /// Canonical boards and their class sizes.
    boards: Vec<(CardSet, u64)>,
    /// For every five-card subset of the 52 cards (by [`subset_index`]) that
    /// lies in the deck: its canonical board's row `<< 5 |` the index of a
    /// suit renaming onto it. Locating a board is one lookup.
    board_locator: Vec<u32>,
    /// The canonical flops with their class sizes.
    flops: Vec<(CardSet, u64)>,
    /// For every three-card subset of the 52 cards (by [`subset_index`]) in
    /// the deck: its canonical flop's position in `flops` `<< 5 |` a suit
    /// renaming onto it.
    flop_locator: Vec<u32>,
    /// `boards.len()` rows of [`PAIRS`] packed [`RiverCounts`] (plain
    /// integers, so that the allocation is lazily zeroed memory).
    rows: Vec<u64>,
    /// Per entry of `rows`: dealer holdings beaten minus dealer holdings
    /// beating the player (the Play wager's balance, any pay table).
    play_balance: Vec<i16>,
    /// Dealer holdings per deal, C(n-7, 2).
    dealer_hands: u32,
    /// Per starting-hand canonical mask: outcome counts over every board
    /// (class size weighted, times the 10 flop splits), `[kind][category]`.
    class_outcomes: Vec<[[u64; CATEGORIES]; KINDS]>,
    /// The starting-hand classes (canonical holdings and class sizes).
    hole_classes: Vec<(CardSet, u64)>,
    /// The position in `hole_classes` of every holding (`None` for cards
    /// outside the deck).
    class_of_pair: Vec<Option<usize>>,
}

impl RiverTable {
    /// Builds the table for `deck` (closed under suit renaming, at least 9
    /// cards), reporting to `progress`.
    pub fn build(deck: CardSet, progress: &dyn Progress) -> RiverTable {
        assert!(deck.len() >= 9, "deck too small to deal a hand");
        let perms = SuitPermutation::all();
        let boards = canonical_classes(deck, 5);
        let board_locator = locator(deck, 5, &boards, &perms);
        let flops = canonical_classes(deck, 3);
        let flop_locator = locator(deck, 3, &flops, &perms);
        let dealer_hands = choose(deck.len() as u64 - 7, 2) as u32;
        let mut rows = vec![0u64; boards.len() * PAIRS];
        let mut play_balance = vec![0i16; boards.len() * PAIRS];
        progress.begin("river table", boards.len() as u64);
        let hole_classes = canonical_classes(deck, 2);
        let class_index: HashMap<u64, usize> = hole_classes
            .iter()
            .enumerate()
            .map(|(i, (m, _))| (m.0, i))
            .collect();
        let class_of_pair: Vec<Option<usize>> = all_pairs()
            .iter()
            .map(|&(_, m)| {
                (m & !deck.0 == 0).then(|| class_index[&canonical_form(CardSet(m), &perms).0 .0])
            })
            .collect();
        // Holdings outside the deck have no row entries, so are never read.
        let class_of: Vec<usize> = class_of_pair.iter().map(|c| c.unwrap_or(0)).collect();
        let zero = vec![[[0u64; CATEGORIES]; KINDS]; hole_classes.len()];
        let totals = rows
            .par_chunks_mut(PAIRS)
            .zip(play_balance.par_chunks_mut(PAIRS))
            .zip(boards.par_iter())
            .fold(
                || zero.clone(),
                |mut acc, ((row, balance), &(board, weight))| {
                    river_row(deck, board, dealer_hands, row);
                    for (h, &c) in row.iter().enumerate() {
                        if c == 0 {
                            continue;
                        }
                        let c = RiverCounts(c);
                        balance[h] = c.balance() as i16;
                        let cat = c.category_index();
                        for (k, by_category) in acc[class_of[h]].iter_mut().enumerate() {
                            by_category[cat] += weight * c.count(k) as u64;
                        }
                    }
                    progress.advance(1);
                    acc
                },
            )
            .reduce(
                || zero.clone(),
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        for k in 0..KINDS {
                            for c in 0..CATEGORIES {
                                x[k][c] += y[k][c];
                            }
                        }
                    }
                    a
                },
            );
        progress.finish();
        let class_outcomes = totals
            .into_iter()
            .map(|mut t| {
                for row in t.iter_mut() {
                    for x in row.iter_mut() {
                        *x *= SPLITS;
                    }
                }
                t
            })
            .collect();
        let pair_maps = PairMaps::new(&perms);
        RiverTable {
            deck,
            perms,
            pair_maps,
            boards,
            board_locator,
            flops,
            flop_locator,
            rows,
            play_balance,
            dealer_hands,
            class_outcomes,
            hole_classes,
            class_of_pair,
        }
    }

    /// The deck the table was built for.
    pub fn deck(&self) -> CardSet {
        self.deck
    }

    /// For every five-card subset of the 52 cards (by [`subset_index`]) in
    /// the deck: its canonical board's row `<< 5 |` the index (into
    /// [`SuitPermutation::all`]) of a suit renaming onto it.
    pub fn board_locator(&self) -> &[u32] {
        &self.board_locator
    }

    /// The same for every three-card subset and the canonical flops.
    pub fn flop_locator(&self) -> &[u32] {
        &self.flop_locator
    }

    /// The holding maps of the 24 suit renamings.
    pub fn pair_maps(&self) -> &PairMaps {
        &self.pair_maps
    }

    /// Dealer holdings per deal, C(n-7, 2).
    pub fn dealer_hands(&self) -> u32 {
        self.dealer_hands
    }

    /// The row number of `board`'s canonical board and the holding map into it.
    #[inline]
    fn locate_row(&self, board: CardSet) -> (usize, &[u16; PAIRS]) {
        let v = self.board_locator[subset_index(board)];
        ((v >> 5) as usize, self.pair_maps.map((v & 31) as usize))
    }

    /// The position of `flop`'s canonical flop and the holding map into it.
    #[inline]
    fn locate_flop(&self, flop: CardSet) -> (usize, &[u16; PAIRS]) {
        let v = self.flop_locator[subset_index(flop)];
        ((v >> 5) as usize, self.pair_maps.map((v & 31) as usize))
    }

    /// The row of `board`'s canonical board and the holding map into it.
    #[inline]
    fn locate(&self, board: CardSet) -> (&[u64], &[u16; PAIRS]) {
        let (i, map) = self.locate_row(board);
        (&self.rows[i * PAIRS..(i + 1) * PAIRS], map)
    }

    /// The river counts of holding `{a, b}` on `board` (five cards, disjoint).
    pub fn counts(&self, board: CardSet, a: Card, b: Card) -> RiverCounts {
        let (row, map) = self.locate(board);
        RiverCounts(row[map[pair_index(a, b)] as usize])
    }
}

/// For every `k`-card subset of the 52 cards (by [`subset_index`]) that lies
/// in `deck`: the position of its canonical form in `classes` `<< 5 |` the
/// index of a suit renaming onto it (0 elsewhere).
fn locator(
    deck: CardSet,
    k: usize,
    classes: &[(CardSet, u64)],
    perms: &[SuitPermutation],
) -> Vec<u32> {
    let position: HashMap<u64, u32> = classes
        .iter()
        .enumerate()
        .map(|(i, (c, _))| (c.0, i as u32))
        .collect();
    let mut subsets = Vec::new();
    for_each_subset(deck, k, |s| subsets.push(s));
    let located: Vec<(usize, u32)> = subsets
        .par_iter()
        .map(|&s| {
            let (canon, perm) = canonical_form(s, perms);
            (subset_index(s), position[&canon.0] << 5 | perm as u32)
        })
        .collect();
    let mut table = vec![0u32; choose(DECK_SIZE as u64, k as u64) as usize];
    for (i, v) in located {
        table[i] = v;
    }
    table
}

/// Fills `row` with the river counts of every holding of `deck - board`:
/// the board's holdings ranked, sorted and swept once
/// ([`BoardScan`](crate::exact::showdown)); a holding of category `p` beats the
/// dealer holdings of lower categories that avoid its cards and those of its
/// own category below it.
fn river_row(deck: CardSet, board: CardSet, dealer_hands: u32, row: &mut [u64]) {
    let scan = BoardScan::new(deck, board);
    let high_card = HandCategory::HighCard.index();
    scan.sweep(|e, below, equal| {
        let (a, b) = cards_of(e);
        let p = category_of(e);
        let lower: u32 = (0..p).map(|d| scan.avoiding(a, b, p, d)).sum();
        let win = lower + below;
        let tie = equal;
        let lose = dealer_hands - win - tie;
        // Dealer hands with no pair do not qualify.
        let no_pair = scan.avoiding(a, b, p, high_card);
        let (win_nq, lose_nq) = if p == high_card {
            (win, no_pair - win - tie)
        } else {
            (no_pair, 0)
        };
        let mut counts = [0u32; KINDS];
        counts[Kind::WinDealerQualifies as usize] = win - win_nq;
        counts[Kind::WinDealerDoesNotQualify as usize] = win_nq;
        counts[Kind::Tie as usize] = tie;
        counts[Kind::LoseDealerQualifies as usize] = lose - lose_nq;
        counts[Kind::LoseDealerDoesNotQualify as usize] = lose_nq;
        row[b * (b - 1) / 2 + a] = RiverCounts::new(counts, HandCategory::ALL[p]).0;
    });
}

/// The money of each outcome under one Blind pay table, in units of
/// `1/scale` Ante, from [`settle_base`].
#[derive(Clone, Debug)]
pub struct Payoffs {
    /// Common denominator of every net result.
    pub scale: i64,
    /// Ante + Blind net of a showdown, `[kind][category]`.
    ante_blind: [[i64; CATEGORIES]; KINDS],
    /// Play net per Ante of Play, `[kind]`.
    play_unit: [i64; KINDS],
    /// Play net per Ante of Play on a win (minus it on a loss, 0 on a tie).
    play_win: i64,
    /// Net of a fold.
    fold: i64,
}

impl Payoffs {
    pub fn new(blind_table: &PayTable) -> Payoffs {
        let settle = |play: u8, kind: Kind, category: HandCategory| {
            settle_base(
                blind_table,
                BaseRound {
                    play,
                    player: category,
                    versus: kind.versus(),
                    dealer_qualifies: kind.dealer_qualifies(),
                },
            )
        };
        let mut scale: i128 = 1;
        for play in 0..=4 {
            for kind in Kind::ALL {
                for category in HandCategory::ALL {
                    let net = settle(play, kind, category);
                    for part in [net.ante, net.blind, net.play] {
                        let d = i128::try_from(part.denominator())
                            .expect("Blind pays within the solver's range");
                        scale = scale / gcd(scale, d) * d;
                    }
                }
            }
        }
        let units = |f: Fraction| -> i64 {
            let v = f * Fraction::from_int(scale);
            assert!(v.is_integer());
            i64::try_from(v.numerator()).expect("Blind pays within the solver's range")
        };
        let mut ante_blind = [[0i64; CATEGORIES]; KINDS];
        let mut play_unit = [0i64; KINDS];
        for kind in Kind::ALL {
            play_unit[kind as usize] = units(settle(1, kind, HandCategory::HighCard).play);
            for category in HandCategory::ALL {
                let one = settle(1, kind, category);
                ante_blind[kind as usize][category as usize] = units(&one.ante + &one.blind);
                // The solver relies on the value being linear in the Play.
                for play in 2..=4u8 {
                    let net = settle(play, kind, category);
                    assert_eq!(net.ante + net.blind, &one.ante + &one.blind);
                    assert_eq!(net.play, &one.play * Fraction::from_int(play as i128));
                }
            }
        }
        let fold = units(settle(0, Kind::Tie, HandCategory::HighCard).total());
        assert!(fold < 0, "a fold loses");
        // The flop loop uses the Play balance (wins minus losses), which
        // relies on the Play being an even-money wager that pushes on a tie.
        let play_win = play_unit[Kind::WinDealerQualifies as usize];
        assert_eq!(
            play_unit,
            [play_win, play_win, 0, -play_win, -play_win],
            "the Play wager is even money"
        );
        Payoffs {
            scale: scale as i64,
            ante_blind,
            play_unit,
            play_win,
            fold,
        }
    }

    /// `(a, b)`: the showdown value with a Play of `p` is `a + p·b`, summed
    /// over the dealer holdings of `counts`.
    #[inline]
    pub fn showdown(&self, counts: RiverCounts) -> (i64, i64) {
        let cat = counts.category_index();
        let mut a = 0;
        let mut b = 0;
        for k in 0..KINDS {
            let n = counts.count(k) as i64;
            a += n * self.ante_blind[k][cat];
            b += n * self.play_unit[k];
        }
        (a, b)
    }

    /// The Ante + Blind part `a` of [`showdown`](Self::showdown).
    #[inline]
    pub fn ante_blind(&self, counts: RiverCounts) -> i64 {
        let cat = counts.category_index();
        (0..KINDS)
            .map(|k| counts.count(k) as i64 * self.ante_blind[k][cat])
            .sum()
    }

    /// Value of folding, summed over `dealer_hands` dealer holdings.
    #[inline]
    pub fn fold_value(&self, dealer_hands: u32) -> i64 {
        self.fold * dealer_hands as i64
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// A fixed, deterministic strategy to evaluate exactly instead of the
/// optimal one. It must be suit-symmetric: renaming the suits of all cards
/// never changes a decision (the enumeration visits one deal per class).
pub trait Policy: Sync {
    /// Preflop: `Raise(Raise4x)`, `Raise(Raise3x)` or `Check`.
    fn preflop(&self, a: Card, b: Card) -> Decision;
    /// Flop, after a check: raise 2x?
    fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool;
    /// River, after two checks: raise 1x (else fold)?
    fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool;
}

/// Whose decisions are played.
enum Choices<'p> {
    /// The action of highest expected value, smaller bet on a tie.
    Optimal,
    /// A fixed strategy, with its river decisions on every canonical board
    /// (one bit per row entry; entries of holdings that overlap the board
    /// are set, so that they add `a + b = 0` like the optimal `max(0, fold)`).
    Fixed {
        policy: &'p dyn Policy,
        river_bits: Vec<u64>,
    },
}

/// Words of a row of decision bits (one bit per holding).
pub const ROW_WORDS: usize = PAIRS.div_ceil(64);

impl Choices<'_> {
    #[inline]
    fn river_bit(bits: &[u64], row: usize, g: usize) -> bool {
        bits[row * ROW_WORDS + g / 64] >> (g % 64) & 1 == 1
    }
}

/// Sums over the turn and river for one holding on one flop, in units of
/// `1/scale` Ante summed over (turn/river, dealer) pairs.
#[derive(Clone, Copy, Default, Debug)]
pub struct FlopSums {
    /// Sum of `a` (Ante + Blind values).
    pub a: i64,
    /// Sum of `b` (Play per unit).
    pub b: i64,
    /// Sum of the values after checking twice (with the river decisions of
    /// the strategy played: optimal, or a fixed [`Policy`]'s).
    pub river: i64,
    /// The flop decision: raise 2x (else check).
    pub raise_flop: bool,
}

impl FlopSums {
    /// Value of raising `p` (before or on the flop).
    pub fn raise(self, p: i64) -> i64 {
        self.a + p * self.b
    }

    /// Value of the flop action taken, and whether it is to raise 2x.
    pub fn best(self) -> (i64, bool) {
        if self.raise_flop {
            (self.raise(2), true)
        } else {
            (self.river, false)
        }
    }
}

/// A starting-hand class and its decision.
#[derive(Clone, Debug)]
pub struct HoleClass {
    /// Canonical holding of the class.
    pub cards: (Card, Card),
    /// Holdings in the class.
    pub combinations: u64,
    /// Values summed over the class, every flop, turn/river and dealer
    /// holding, in units of `1/scale` Ante: raise 4x, raise 3x, check.
    pub raise_4x: i128,
    pub raise_3x: i128,
    pub check: i128,
    /// The optimal decision (smaller bet on a tie).
    pub action: Decision,
}

/// One distinct outcome of the base game under the optimal strategy.
#[derive(Clone, Debug)]
pub struct ReturnLine {
    pub action: Action,
    /// `None` after a fold.
    pub kind: Option<Kind>,
    /// The player's hand when it decides the Blind (a paying hand), else None.
    pub blind_hand: Option<HandCategory>,
    pub combinations: u64,
    pub net: BaseNet,
}

/// The solved base game for one Blind pay table.
pub struct Solution<'a> {
    pub river: &'a RiverTable,
    pub payoffs: Payoffs,
    pub blind_table: PayTable,
    pub classes: Vec<HoleClass>,
    /// `flops.len()` rows of [`PAIRS`] sums.
    flop_sums: Vec<FlopSums>,
    /// Value of the whole game in units of `1/scale` Ante, summed over all
    /// sequences.
    pub total_value: i128,
    /// Number of equally likely sequences.
    pub sequences: u64,
    /// Outcome counts `[play][kind][category]` (a fold is counted under play
    /// 0 with the showdown it avoided).
    pub tally: [[[u64; CATEGORIES]; KINDS]; 5],
}

/// Solves the base game for one Blind pay table.
pub fn solve<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    progress: &dyn Progress,
) -> Solution<'a> {
    solve_many(river, std::slice::from_ref(blind_table), progress)
        .pop()
        .expect("one solution per table")
}

/// Solves the base game for several Blind pay tables at once: the loop over
/// the 2 million (flop, turn/river) boards reads each board's row once for
/// all tables.
pub fn solve_many<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    progress: &dyn Progress,
) -> Vec<Solution<'a>> {
    solve_with(river, blind_tables, &Choices::Optimal, progress)
}

/// The exact value and figures of a fixed strategy (instead of the optimal
/// one) under one Blind pay table. `Solution::classes` then holds the
/// policy's preflop decisions, and the oracle answers with its choices.
pub fn evaluate_policy<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    policy: &dyn Policy,
    progress: &dyn Progress,
) -> Solution<'a> {
    progress.begin("strategy river decisions", river.boards.len() as u64);
    let river_bits: Vec<u64> = river
        .boards
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, &(board, _))| {
            let row = &river.rows[i * PAIRS..(i + 1) * PAIRS];
            let mut bits = [0u64; ROW_WORDS];
            for (g, &entry) in row.iter().enumerate() {
                let (a, b) = pair_cards(g);
                if entry == 0 || policy.river_raise(a, b, board) {
                    bits[g / 64] |= 1 << (g % 64);
                }
            }
            progress.advance(1);
            bits
        })
        .collect();
    progress.finish();
    let choices = Choices::Fixed { policy, river_bits };
    solve_with(river, std::slice::from_ref(blind_table), &choices, progress)
        .pop()
        .expect("one solution per table")
}

fn solve_with<'a>(
    river: &'a RiverTable,
    blind_tables: &[PayTable],
    choices: &Choices,
    progress: &dyn Progress,
) -> Vec<Solution<'a>> {
    let payoffs: Vec<Payoffs> = blind_tables.iter().map(Payoffs::new).collect();
    // The Ante + Blind value `a` of every row entry under each pay table (the
    // Play part `b` is the table-independent balance times `play_win`), so
    // that the board loop only gathers and adds.
    let ante_blind: Vec<Vec<i32>> = payoffs
        .iter()
        .map(|p| {
            river
                .rows
                .par_iter()
                .map(|&c| {
                    i32::try_from(p.ante_blind(RiverCounts(c)))
                        .expect("Blind pays within the solver's range")
                })
                .collect()
        })
        .collect();
    let flops = &river.flops;
    let flop_sums = flop_sums(river, flops, &payoffs, &ante_blind, choices, progress);
    blind_tables
        .iter()
        .zip(payoffs)
        .zip(ante_blind)
        .zip(flop_sums)
        .map(|(((table, payoffs), ante_blind), flop_sums)| {
            finish(
                river,
                table,
                payoffs,
                &ante_blind,
                flop_sums,
                choices,
                progress,
            )
        })
        .collect()
}

/// Step 2: for every canonical flop, every holding and every pay table, the
/// sums over the turn and river. Returns `[table][flop * PAIRS + holding]`.
fn flop_sums(
    river: &RiverTable,
    flops: &[(CardSet, u64)],
    payoffs: &[Payoffs],
    ante_blind: &[Vec<i32>],
    choices: &Choices,
    progress: &dyn Progress,
) -> Vec<Vec<FlopSums>> {
    let deck = river.deck;
    let pairs = all_pairs();
    let tables = payoffs.len();
    let fold_river: Vec<i64> = payoffs
        .iter()
        .map(|p| p.fold_value(river.dealer_hands))
        .collect();
    let play_win: Vec<i64> = payoffs.iter().map(|p| p.play_win).collect();
    progress.begin("flop decisions", flops.len() as u64);
    let per_flop: Vec<Vec<FlopSums>> = flops
        .par_iter()
        .map(|&(flop, _)| {
            let mut sums = vec![FlopSums::default(); tables * PAIRS];
            // A suit renaming that fixes the flop maps each holding to one of
            // the same value (it only permutes the turn/river pairs), so only
            // the smallest holding of each such orbit is summed; the others
            // are copied below. This halves the work on average.
            let fixing: Vec<&[u16; PAIRS]> = river
                .perms
                .iter()
                .enumerate()
                .filter(|(_, p)| p.set(flop) == flop)
                .map(|(i, _)| river.pair_maps.map(i))
                .collect();
            let representative = |h: usize| fixing.iter().map(|m| m[h] as usize).min().unwrap_or(h);
            let holdings: Vec<(usize, u64)> = pairs
                .iter()
                .copied()
                .filter(|&(h, m)| m & !deck.0 == 0 && m & flop.0 == 0 && representative(h) == h)
                .collect();
            let mut a_rows: Vec<&[i32]> = Vec::with_capacity(tables);
            for_each_subset(deck.minus(flop), 2, |turn_river| {
                let board = flop.union(turn_river);
                let (row, map) = river.locate_row(board);
                let rows = row * PAIRS..(row + 1) * PAIRS;
                let b_row = &river.play_balance[rows.clone()];
                a_rows.clear();
                a_rows.extend(ante_blind.iter().map(|a| &a[rows.clone()]));
                // Holdings that share a card with the turn or river map to
                // entries of the canonical row that overlap its board: those
                // are zero (a = b = 0, and max(0, fold) = 0 since folding
                // loses), so they are added without a test.
                let add =
                    |sums: &mut [FlopSums], river_value: &dyn Fn(usize, usize, i64) -> i64| {
                        for &(h, _) in &holdings {
                            let g = map[h] as usize;
                            let balance = b_row[g] as i64;
                            for (t, a_row) in a_rows.iter().enumerate() {
                                let (a, b) = (a_row[g] as i64, balance * play_win[t]);
                                let s = &mut sums[t * PAIRS + h];
                                s.a += a;
                                s.b += b;
                                s.river += river_value(t, g, a + b);
                            }
                        }
                    };
                match choices {
                    Choices::Optimal => add(&mut sums, &|t, _, v| v.max(fold_river[t])),
                    Choices::Fixed { river_bits, .. } => add(&mut sums, &|t, g, v| {
                        if Choices::river_bit(river_bits, row, g) {
                            v
                        } else {
                            fold_river[t]
                        }
                    }),
                }
            });
            for t in 0..tables {
                for (h, &(_, m)) in pairs.iter().enumerate() {
                    if m & !deck.0 == 0 && m & flop.0 == 0 {
                        let mut s = sums[t * PAIRS + representative(h)];
                        s.raise_flop = match choices {
                            Choices::Optimal => s.raise(2) > s.river,
                            Choices::Fixed { policy, .. } => {
                                let (a, b) = pair_cards(h);
                                policy.flop_raise(a, b, flop)
                            }
                        };
                        sums[t * PAIRS + h] = s;
                    }
                }
            }
            progress.advance(1);
            sums
        })
        .collect();
    progress.finish();
    (0..tables)
        .map(|t| {
            per_flop
                .iter()
                .flat_map(|sums| sums[t * PAIRS..(t + 1) * PAIRS].iter().copied())
                .collect()
        })
        .collect()
}

/// Steps 3 and 4 for one pay table, from its flop sums.
fn finish<'a>(
    river: &'a RiverTable,
    blind_table: &PayTable,
    payoffs: Payoffs,
    ante_blind: &[i32],
    flop_sums: Vec<FlopSums>,
    choices: &Choices,
    progress: &dyn Progress,
) -> Solution<'a> {
    let flops = &river.flops;
    let deck = river.deck;
    let n = deck.len() as u64;
    let fold_river = payoffs.fold_value(river.dealer_hands);
    let play_win = payoffs.play_win;
    let pairs = all_pairs();
    // Step 3: preflop decisions per starting-hand class.
    let hole_classes = &river.hole_classes;
    let class_of = &river.class_of_pair;
    let mut values = vec![[0i128; 3]; hole_classes.len()];
    for (f, &(flop, weight)) in flops.iter().enumerate() {
        for &(h, m) in &pairs {
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
    let classes: Vec<HoleClass> = hole_classes
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
        .collect();
    let total_value: i128 = classes
        .iter()
        .map(|c| match c.action {
            Decision::Raise(Action::Raise4x) => c.raise_4x,
            Decision::Raise(Action::Raise3x) => c.raise_3x,
            _ => c.check,
        })
        .sum();
    let sequences = choose(n, 2) * choose(n - 2, 3) * choose(n - 5, 2) * river.dealer_hands as u64;

    // Step 4: tally the outcomes of the optimal strategy.
    let mut tally = [[[0u64; CATEGORIES]; KINDS]; 5];
    for (class, outcomes) in classes.iter().zip(&river.class_outcomes) {
        if let Decision::Raise(action) = class.action {
            let play = action.play();
            for k in 0..KINDS {
                for c in 0..CATEGORIES {
                    tally[play as usize][k][c] += outcomes[k][c];
                }
            }
        }
    }
    // Hands checked before the flop: per canonical board, for each holding,
    // `m` = how many of the board's 10 (flop, turn/river) splits have a flop
    // raise; the other `10 - m` reach the river decision. Renaming suits maps
    // boards, flops, holdings and decisions together, so a canonical board
    // stands for its whole class (times the class size).
    let flop_raise = flop_raise_bits(&flop_sums);
    let words = ROW_WORDS;
    let checked: Vec<(usize, u64)> = pairs
        .iter()
        .copied()
        .filter(|&(h, _)| class_of[h].is_some_and(|c| classes[c].action == Decision::Check))
        .collect();
    progress.begin("outcome tally", river.boards.len() as u64);
    let flop_tallies = river
        .boards
        .par_iter()
        .enumerate()
        .fold(
            || [[[0u64; CATEGORIES]; KINDS]; 5],
            |mut acc, (i, &(board, weight))| {
                let mut raises = [0u8; PAIRS];
                for_each_subset(board, 3, |flop| {
                    let (f, map) = river.locate_flop(flop);
                    let bits = &flop_raise[f * words..(f + 1) * words];
                    for &(h, m) in &checked {
                        if m & board.0 == 0 {
                            let g = map[h] as usize;
                            raises[h] += (bits[g / 64] >> (g % 64) & 1) as u8;
                        }
                    }
                });
                let row = &river.rows[i * PAIRS..(i + 1) * PAIRS];
                let a_row = &ante_blind[i * PAIRS..(i + 1) * PAIRS];
                let b_row = &river.play_balance[i * PAIRS..(i + 1) * PAIRS];
                for &(h, m) in &checked {
                    if m & board.0 != 0 {
                        continue;
                    }
                    let counts = RiverCounts(row[h]);
                    let river_play = usize::from(match choices {
                        Choices::Optimal => {
                            a_row[h] as i64 + b_row[h] as i64 * play_win > fold_river
                        }
                        Choices::Fixed { river_bits, .. } => Choices::river_bit(river_bits, i, h),
                    });
                    let raised = raises[h] as u64;
                    let cat = counts.category_index();
                    for (k, kind) in Kind::ALL.iter().enumerate() {
                        let n = weight * counts.count(*kind as usize) as u64;
                        acc[2][k][cat] += raised * n;
                        acc[river_play][k][cat] += (SPLITS - raised) * n;
                    }
                }
                progress.advance(1);
                acc
            },
        )
        .reduce(
            || [[[0u64; CATEGORIES]; KINDS]; 5],
            |mut a, b| {
                add_tally(&mut a, &b);
                a
            },
        );
    progress.finish();
    add_tally(&mut tally, &flop_tallies);

    let solution = Solution {
        river,
        payoffs,
        blind_table: blind_table.clone(),
        classes,
        flop_sums,
        total_value,
        sequences,
        tally,
    };
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
        Fraction::new(total_value, solution.payoffs.scale as i128),
        "tally reproduces the optimal value"
    );
    solution
}

/// The flop decisions of flop sums (rows of [`PAIRS`]) as bit rows.
fn flop_raise_bits(flop_sums: &[FlopSums]) -> Vec<u64> {
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

fn add_tally(a: &mut [[[u64; CATEGORIES]; KINDS]; 5], b: &[[[u64; CATEGORIES]; KINDS]; 5]) {
    for p in 0..5 {
        for k in 0..KINDS {
            for c in 0..CATEGORIES {
                a[p][k][c] += b[p][k][c];
            }
        }
    }
}

/// Expected values of the choices at one decision, per Ante, exact.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// `(choice, expected net of the whole hand)`, largest bet first.
    pub options: Vec<(Decision, Fraction)>,
    /// The optimal choice (smaller bet on a tie).
    pub best: Decision,
}

/// A decision the player can make.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    Raise(Action),
    Check,
    Fold,
}

impl Decision {
    pub fn name(self) -> &'static str {
        match self {
            Decision::Raise(a) => a.name(),
            Decision::Check => "check",
            Decision::Fold => "fold",
        }
    }
}

impl<'a> Solution<'a> {
    /// The class of a starting hand.
    pub fn class_of(&self, a: Card, b: Card) -> &HoleClass {
        let class = self.river.class_of_pair[pair_index(a, b)].expect("cards of the deck");
        &self.classes[class]
    }

    /// Flop sums of holding `{a, b}` on `flop`.
    fn flop_sums_of(&self, a: Card, b: Card, flop: CardSet) -> FlopSums {
        let (f, map) = self.river.locate_flop(flop);
        self.flop_sums[f * PAIRS + map[pair_index(a, b)] as usize]
    }

    /// Preflop: expected net of raising 4x, 3x and checking.
    pub fn preflop_advice(&self, a: Card, b: Card) -> Advice {
        let class = self.class_of(a, b);
        let n = self.deck_size();
        let per = class.combinations as i128
            * (choose(n - 2, 3) * choose(n - 5, 2) * self.river.dealer_hands as u64) as i128
            * self.payoffs.scale as i128;
        let ev = |v: i128| Fraction::new(v, per);
        Advice {
            options: vec![
                (Decision::Raise(Action::Raise4x), ev(class.raise_4x)),
                (Decision::Raise(Action::Raise3x), ev(class.raise_3x)),
                (Decision::Check, ev(class.check)),
            ],
            best: class.action,
        }
    }

    /// Flop: expected net of raising 2x and of checking (with optimal river play).
    pub fn flop_advice(&self, a: Card, b: Card, flop: CardSet) -> Advice {
        let s = self.flop_sums_of(a, b, flop);
        let n = self.deck_size();
        let per = (choose(n - 5, 2) * self.river.dealer_hands as u64) as i128
            * self.payoffs.scale as i128;
        let ev = |v: i64| Fraction::new(v as i128, per);
        Advice {
            options: vec![
                (Decision::Raise(Action::Raise2x), ev(s.raise(2))),
                (Decision::Check, ev(s.river)),
            ],
            best: if s.best().1 {
                Decision::Raise(Action::Raise2x)
            } else {
                Decision::Check
            },
        }
    }

    /// River: expected net of raising 1x and of folding.
    pub fn river_advice(&self, a: Card, b: Card, board: CardSet) -> Advice {
        let (value_1x, fold, raise) = self.river_values(a, b, board);
        let per = self.river.dealer_hands as i128 * self.payoffs.scale as i128;
        Advice {
            options: vec![
                (
                    Decision::Raise(Action::Raise1x),
                    Fraction::new(value_1x as i128, per),
                ),
                (Decision::Fold, Fraction::new(fold as i128, per)),
            ],
            best: if raise {
                Decision::Raise(Action::Raise1x)
            } else {
                Decision::Fold
            },
        }
    }

    fn river_values(&self, a: Card, b: Card, board: CardSet) -> (i64, i64, bool) {
        let (x, y) = self.payoffs.showdown(self.river.counts(board, a, b));
        let fold = self.payoffs.fold_value(self.river.dealer_hands);
        (x + y, fold, x + y > fold)
    }

    /// The optimal preflop action (`None` = check).
    pub fn preflop_raise(&self, a: Card, b: Card) -> Option<Action> {
        match self.class_of(a, b).action {
            Decision::Raise(action) => Some(action),
            _ => None,
        }
    }

    /// Whether the optimal flop action (after a check) is to raise 2x.
    pub fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool {
        self.flop_sums_of(a, b, flop).best().1
    }

    /// Whether the optimal river action (after two checks) is to raise 1x.
    pub fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool {
        self.river_values(a, b, board).2
    }

    fn deck_size(&self) -> u64 {
        self.river.deck.len() as u64
    }

    /// The optimal river decision of every holding on every canonical board
    /// ([`ROW_WORDS`] words per board row): bit `h` is set when raising 1x
    /// beats folding for holding `h` (holdings that overlap the board: 0).
    pub fn river_raise_rows(&self) -> Vec<u64> {
        let fold = self.payoffs.fold_value(self.river.dealer_hands);
        self.river
            .rows
            .par_chunks(PAIRS)
            .flat_map_iter(|row| {
                let mut bits = [0u64; ROW_WORDS];
                for (h, &entry) in row.iter().enumerate() {
                    let (a, b) = self.payoffs.showdown(RiverCounts(entry));
                    if entry != 0 && a + b > fold {
                        bits[h / 64] |= 1 << (h % 64);
                    }
                }
                bits
            })
            .collect()
    }

    /// The flop decision (raise 2x) of every holding on every canonical flop
    /// ([`ROW_WORDS`] words per flop, in the order of the flop locator).
    pub fn flop_raise_rows(&self) -> Vec<u64> {
        flop_raise_bits(&self.flop_sums)
    }

    /// Every distinct outcome with its combinations and net result.
    pub fn return_table(&self) -> Vec<ReturnLine> {
        let mut lines: Vec<ReturnLine> = Vec::new();
        let mut push = |line: ReturnLine| {
            if line.combinations == 0 {
                return;
            }
            match lines.iter_mut().find(|l| {
                l.action == line.action && l.kind == line.kind && l.blind_hand == line.blind_hand
            }) {
                Some(l) => l.combinations += line.combinations,
                None => lines.push(line),
            }
        };
        for (play, by_kind) in self.tally.iter().enumerate() {
            let action = Action::from_play(play as u8);
            for kind in Kind::ALL {
                for category in HandCategory::ALL {
                    let combinations = by_kind[kind as usize][category as usize];
                    let net = settle_base(
                        &self.blind_table,
                        BaseRound {
                            play: play as u8,
                            player: category,
                            versus: kind.versus(),
                            dealer_qualifies: kind.dealer_qualifies(),
                        },
                    );
                    let pays_blind = play > 0
                        && kind.versus() == Versus::PlayerHigher
                        && self.blind_table.award_for_category(category).is_some();
                    push(ReturnLine {
                        action,
                        kind: (play > 0).then_some(kind),
                        blind_hand: pays_blind.then_some(category),
                        combinations,
                        net,
                    });
                }
            }
        }
        lines.sort_by(|x, y| {
            y.net
                .clone()
                .total()
                .cmp(&x.net.total())
                .then(x.action.cmp(&y.action))
        });
        lines
    }
}

/// The figures a regulator reads off a solved base game, all exact.
#[derive(Clone, Debug)]
pub struct GameSummary {
    /// Id of the Blind pay table.
    pub paytable: String,
    /// Number of equally likely sequences enumerated.
    pub sequences: u64,
    /// Expected net result per hand, in Antes.
    pub expected_value: Fraction,
    /// House edge per Ante: expected loss / Ante (the usual convention).
    pub house_edge: Fraction,
    /// House edge per initial wager: expected loss / (Ante + Blind).
    pub house_edge_per_initial_wager: Fraction,
    /// Element of risk: expected loss / average total amount wagered.
    pub element_of_risk: Fraction,
    /// Variance of the net result per hand, in Antes squared.
    pub variance: Fraction,
    /// Average total amount wagered (Ante + Blind + Play), in Antes.
    pub average_total_wager: Fraction,
    /// Probability of each final action, in the order of [`Action::ALL`].
    pub action_probabilities: [Fraction; 5],
    /// Expected net of the Ante, Blind and Play wagers separately.
    pub ante_ev: Fraction,
    pub blind_ev: Fraction,
    pub play_ev: Fraction,
    /// Every distinct outcome.
    pub return_table: Vec<ReturnLine>,
}

impl GameSummary {
    /// Standard deviation of the net result per hand, in Antes.
    pub fn std_dev(&self) -> f64 {
        self.variance.to_f64().sqrt()
    }

    /// Probability of an outcome line.
    pub fn probability(&self, line: &ReturnLine) -> Fraction {
        Fraction::new(line.combinations as i128, self.sequences as i128)
    }
}

impl ReturnLine {
    /// A description of the outcome, e.g. "raise 4x, win, dealer qualifies,
    /// Blind pays flush".
    pub fn description(&self) -> String {
        let action = match self.action {
            Action::Fold => return "fold".to_string(),
            a => a.name().replace('_', " "),
        };
        let kind = match self.kind {
            Some(Kind::WinDealerQualifies) => "win, dealer qualifies",
            Some(Kind::WinDealerDoesNotQualify) => "win, dealer does not qualify",
            Some(Kind::Tie) => "tie",
            Some(Kind::LoseDealerQualifies) => "lose, dealer qualifies",
            Some(Kind::LoseDealerDoesNotQualify) => "lose, dealer does not qualify",
            None => "",
        };
        match self.blind_hand {
            Some(hand) => format!(
                "{action}, {kind}, Blind pays {}",
                hand.name().replace('_', " ")
            ),
            None => format!("{action}, {kind}"),
        }
    }
}

impl Solution<'_> {
    /// The exact figures of the solved game.
    pub fn summary(&self) -> GameSummary {
        let lines = self.return_table();
        let total = Fraction::from_int(self.sequences as i128);
        let weigh = |f: &dyn Fn(&ReturnLine) -> Fraction| {
            lines.iter().fold(Fraction::ZERO, |acc, l| {
                acc + f(l) * Fraction::from_int(l.combinations as i128)
            }) / &total
        };
        let expected_value = weigh(&|l| l.net.total());
        let second_moment = weigh(&|l| l.net.total() * l.net.total());
        let average_total_wager = weigh(&|l| Fraction::from_int(2 + l.action.play() as i128));
        let action_probabilities = Action::ALL.map(|a| {
            weigh(&|l| {
                if l.action == a {
                    Fraction::ONE
                } else {
                    Fraction::ZERO
                }
            })
        });
        let loss = -&expected_value;
        GameSummary {
            paytable: self.blind_table.id.clone(),
            sequences: self.sequences,
            expected_value: expected_value.clone(),
            house_edge: loss.clone(),
            house_edge_per_initial_wager: loss.clone() / Fraction::from_int(2),
            element_of_risk: loss / average_total_wager.clone(),
            variance: second_moment - &expected_value * &expected_value,
            average_total_wager,
            action_probabilities,
            ante_ev: weigh(&|l| l.net.ante.clone()),
            blind_ev: weigh(&|l| l.net.blind.clone()),
            play_ev: weigh(&|l| l.net.play.clone()),
            return_table: lines,
        }
    }
}

impl GameSummary {
    /// The figures as a report row (`wager = base_game`, per Ante), with the
    /// Blind table's published figures.
    pub fn to_result(&self, blind_table: &PayTable) -> WagerResult {
        let lines = self
            .return_table
            .iter()
            .map(|l| {
                let probability = self.probability(l);
                let net = l.net.total();
                ResultLine {
                    hand: l.description(),
                    combinations: l.combinations,
                    probability: probability.clone(),
                    pays: if net.is_positive() {
                        format!("+{net}")
                    } else {
                        net.to_string()
                    },
                    contribution: probability * net,
                }
            })
            .collect();
        let hits: u64 = self
            .return_table
            .iter()
            .filter(|l| l.net.total().is_positive())
            .map(|l| l.combinations)
            .sum();
        WagerResult {
            wager: "base_game".to_string(),
            paytable: blind_table.id.clone(),
            title: blind_table.title.clone(),
            wager_amount: None,
            outcomes: self.sequences,
            lines,
            house_edge: self.house_edge.clone(),
            element_of_risk: self.element_of_risk.clone(),
            variance: self.variance.clone(),
            hit_frequency: Fraction::new(hits as i128, self.sequences as i128),
            published: blind_table.published.clone(),
            rule: None,
            meter: None,
            players: None,
            figures: Vec::new(),
            game: Some(GameFigures {
                house_edge_per_initial_wager: self.house_edge_per_initial_wager.clone(),
                average_total_wager: self.average_total_wager.clone(),
                action_probabilities: Action::ALL
                    .iter()
                    .rev()
                    .map(|a| {
                        (
                            a.name().to_string(),
                            self.action_probabilities[*a as usize].clone(),
                        )
                    })
                    .collect(),
                wager_ev: vec![
                    ("ante".to_string(), self.ante_ev.clone()),
                    ("blind".to_string(), self.blind_ev.clone()),
                    ("play".to_string(), self.play_ev.clone()),
                ],
            }),
        }
    }
}
