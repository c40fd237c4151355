//! The enumeration of one starting situation (the player's two cards and the
//! dealer cards he has seen), with every decision taken on what he sees.
//!
//! # The sums
//! The `n` cards left after the player's two and the seen dealer cards are
//! numbered `0..n`. Every five-card board of them is ranked once for the
//! player, and once for each way the unseen dealer cards (none, one or two)
//! can fall among the other cards; the showdown counts give the board's
//! eight [`Fields`]: the value of a Play of `p` summed over the dealer's
//! possible cards is `a + p·b` (Ante + Blind `a`, Play balance `b`), its
//! square `aa + 2p·ab + p²·bb`, and the river decision (Play 1x only when it
//! beats folding, a fold on a tie) gives `river_value`, `river_square` and
//! `river_plays` (1 when it plays).
//!
//! Each board's fields are added to its five four-card subsets
//! (`quads[Q] = Σ_{board ⊃ Q}`): a flop plus one seen turn/river card is a
//! four-card subset, and the sum over its boards is what the flop decision
//! of the `turnriver:1` case weighs. A flop `F` is in `C(5,3)` boards' ... its
//! sums over the boards containing it are half the sum of its four-card
//! supersets' sums (each such board is counted twice, once for each of its two
//! other cards), so `trios[F] = Σ_{Q ⊃ F} quads[Q] / 2` exactly.
//!
//! # Bounds (why 64 bits hold)
//! [`super::MAX_LEAF_UNITS`] bounds every one-deal amount, with any Play,
//! by 2^16 units. A board's square sums at most C(45,2) = 990 dealer
//! holdings of at most 2^32, and a flop's (doubled) sum at most
//! 2·C(47,2) = 2,162 boards: `2,162 · 990 · 2^32 < 2^63`. Sums over more
//! than one flop are 128-bit.

use super::{Decisions, PreflopState, Tally};
use crate::cards::{Card, CardSet};
use crate::evaluator::{tables, HandCategory, HandRank, PartialHand};
use crate::exact::game::{Kind, Payoffs};

/// Number of showdown kinds.
const KINDS: usize = 5;
/// Number of hand categories.
const CATEGORIES: usize = HandCategory::COUNT;

/// The sums kept per board, per four-card and per three-card subset.
pub(crate) type Fields = [i64; 8];
/// Index of the Ante + Blind sum `a` in [`Fields`].
const A: usize = 0;
/// Play balance `b`.
const B: usize = 1;
/// `Σ a²`.
const AA: usize = 2;
/// `Σ a·b`.
const AB: usize = 3;
/// `Σ b²`.
const BB: usize = 4;
/// Value of the river decision.
const RIVER_VALUE: usize = 5;
/// Its square.
const RIVER_SQUARE: usize = 6;
/// Boards (not deals) on which the river decision plays 1x.
const RIVER_PLAYS: usize = 7;

/// One Blind pay table's money per showdown, in units of `1/scale` Ante.
#[derive(Clone, Debug)]
pub(crate) struct Money {
    /// Ante + Blind net of a showdown, `[kind][category]`.
    ante_blind: [[i64; CATEGORIES]; KINDS],
    /// Play net per Ante of Play, `[kind]`.
    play: [i64; KINDS],
    /// Net of a fold.
    fold: i64,
}

impl Money {
    /// The amounts of `payoffs` (which the caller has bounded by
    /// [`super::MAX_LEAF_UNITS`]).
    pub(crate) fn new(payoffs: &Payoffs) -> Money {
        let w = payoffs.play_win;
        Money {
            ante_blind: payoffs.ante_blind,
            play: [w, w, 0, -w, -w],
            fold: payoffs.fold_value(1),
        }
    }

    /// The largest magnitude of any one-deal amount, any Play.
    pub(crate) fn largest_amount(&self) -> i64 {
        let mut largest = self.fold.abs();
        for (row, play) in self.ante_blind.iter().zip(self.play) {
            for &a in row {
                largest = largest.max((a + 4 * play).abs()).max(a.abs());
            }
        }
        largest
    }

    /// A board's fields from its showdown counts by kind.
    #[inline]
    fn fields(&self, counts: &[i64; KINDS], category: usize) -> Fields {
        let mut f = [0i64; 8];
        let mut total = 0;
        for (k, &n) in counts.iter().enumerate() {
            let (a, b) = (self.ante_blind[k][category], self.play[k]);
            total += n;
            f[A] += n * a;
            f[B] += n * b;
            f[AA] += n * a * a;
            f[AB] += n * a * b;
            f[BB] += n * b * b;
        }
        let (play, fold) = (f[A] + f[B], self.fold * total);
        if play > fold {
            f[RIVER_VALUE] = play;
            f[RIVER_SQUARE] = f[AA] + 2 * f[AB] + f[BB];
            f[RIVER_PLAYS] = 1;
        } else {
            f[RIVER_VALUE] = fold;
            f[RIVER_SQUARE] = self.fold * self.fold * total;
        }
        f
    }
}

/// Binomial coefficients `C(i, k)` for `i <= 52`, `k <= 5`.
fn binomial(i: usize, k: usize) -> usize {
    crate::cards::choose(i as u64, k as u64) as usize
}

/// A binomial table for the colex index of subsets of `0..n`.
struct Colex {
    c: Vec<[usize; 6]>,
}

impl Colex {
    fn new(n: usize) -> Colex {
        Colex {
            c: (0..=n)
                .map(|i| std::array::from_fn(|k| binomial(i, k)))
                .collect(),
        }
    }
}

/// Adds `from` into `to`.
#[inline(always)]
fn add(to: &mut Fields, from: &Fields) {
    for (t, f) in to.iter_mut().zip(from) {
        *t += f;
    }
}

/// Where a showdown is counted: `2·order + qualifies`, `order` being 0 when
/// the player's hand is higher, 1 on a tie, 2 when lower. Branch-free: the
/// showdowns of an enumeration are unpredictable.
#[inline(always)]
fn bucket(player: u16, dealer: u16, qualify_from: u16) -> usize {
    let order = (player <= dealer) as usize + (player < dealer) as usize;
    2 * order + (dealer >= qualify_from) as usize
}

/// The showdown counts by [`Kind`] from the counts by [`bucket`].
#[inline(always)]
fn kinds(buckets: &[i64; 6]) -> [i64; KINDS] {
    let mut k = [0i64; KINDS];
    k[Kind::WinDealerQualifies as usize] = buckets[1];
    k[Kind::WinDealerDoesNotQualify as usize] = buckets[0];
    k[Kind::Tie as usize] = buckets[2] + buckets[3];
    k[Kind::LoseDealerQualifies as usize] = buckets[5];
    k[Kind::LoseDealerDoesNotQualify as usize] = buckets[4];
    k
}

/// The four-card sums of one starting situation: `quads[colex(Q)]` for every
/// four-card subset `Q` of the `rest` cards.
fn four_card_sums(
    player: (Card, Card),
    seen: &[Card],
    rest: &[Card],
    money: &Money,
) -> Vec<Fields> {
    let n = rest.len();
    let colex = Colex::new(n);
    let c = &colex.c;
    let t = tables();
    let qualify_from = HandCategory::HighCard.class_count() + 1;
    let unseen = 2 - seen.len();
    let mut quads = vec![[0i64; 8]; binomial(n, 4)];
    let p0 = PartialHand::EMPTY.add(player.0).add(player.1);
    let d0 = seen.iter().fold(PartialHand::EMPTY, |h, &s| h.add(s));
    // The one-deal fields of each (bucket, category), for a dealer fully seen.
    let single: Vec<[Fields; CATEGORIES]> = (0..6)
        .map(|k| {
            std::array::from_fn(|cat| {
                let mut counts = [0i64; 6];
                counts[k] = 1;
                money.fields(&kinds(&counts), cat)
            })
        })
        .collect();
    // One unseen dealer card: the showdown counts of every board, from each
    // six-card set ranked once (see [`one_unseen_counts`]).
    let one_unseen = (unseen == 1).then(|| one_unseen_counts(p0, d0, rest, &colex));
    let mut board_index = 0usize;
    for e in 4..n {
        let (pe, de) = (p0.add(rest[e]), d0.add(rest[e]));
        for d in 3..e {
            let (pd, dd) = (pe.add(rest[d]), de.add(rest[d]));
            for cc in 2..d {
                let (pc, dc) = (pd.add(rest[cc]), dd.add(rest[cc]));
                for b in 1..cc {
                    let (pb, db) = (pc.add(rest[b]), dc.add(rest[b]));
                    for a in 0..b {
                        let (pa, da) = (pb.add(rest[a]), db.add(rest[a]));
                        let board = (1u64 << a) | (1 << b) | (1 << cc) | (1 << d) | (1 << e);
                        let fields = match &one_unseen {
                            Some((ranks, counts)) => {
                                let category = HandRank(ranks[board_index]).category().index();
                                let c6 = counts[board_index].map(i64::from);
                                money.fields(&kinds(&c6), category)
                            }
                            None => {
                                let rank = t.rank(pa);
                                let category = rank.category().index();
                                if unseen == 0 {
                                    single[bucket(rank.0, t.rank(da).0, qualify_from)][category]
                                } else {
                                    two_unseen_fields(rank.0, category, board, da, rest, money)
                                }
                            }
                        };
                        board_index += 1;

                        let (ca, cb, cc3, cd4, ce4) =
                            (c[a][1], c[b][2], c[cc][3], c[d][4], c[e][4]);
                        add(&mut quads[ca + cb + cc3 + cd4], &fields);
                        add(&mut quads[ca + cb + cc3 + ce4], &fields);
                        add(&mut quads[ca + cb + c[d][3] + ce4], &fields);
                        add(&mut quads[ca + c[cc][2] + c[d][3] + ce4], &fields);
                        add(&mut quads[c[b][1] + c[cc][2] + c[d][3] + ce4], &fields);
                    }
                }
            }
        }
    }
    quads
}

/// A board's fields when both dealer cards are unseen: its C(n-5,2) dealer
/// holdings counted by classes of cards.
///
/// A dealer card that cannot join a flush counts only by its rank: a flush
/// needs five cards of a suit, and a suit with at most two board cards gets
/// at most four with the dealer's two. So a card's class is its rank, or,
/// for a card of the board's flush suit (three or more board cards of it,
/// at most one such suit), the card itself, as in the base game's river
/// table. Every holding of a pair of classes has the same rank: one
/// holding of the pair is ranked, and counted as many times as the pair has
/// holdings among the cards left (`C(k,2)` for two cards of one rank class
/// with `k` left, `k·l` for two classes). About 91 rankings a board without
/// a flush suit instead of C(n-5,2).
#[inline]
fn two_unseen_fields(
    player: u16,
    category: usize,
    board: u64,
    dealer_board: PartialHand,
    rest: &[Card],
    money: &Money,
) -> Fields {
    let t = tables();
    let qualify_from = HandCategory::HighCard.class_count() + 1;
    let mut suits = [0u8; 4];
    for (x, card) in rest.iter().enumerate() {
        if board & (1 << x) != 0 {
            suits[card.suit()] += 1;
        }
    }
    let flush_suit = suits.iter().position(|&n| n >= 3);
    // The cards left by class: up to two of each rank class (enough to
    // rank a pair of them) with their number; the flush-suit cards one by
    // one.
    let mut of_rank = [[Card::from_index(0); 2]; 13];
    let mut left = [0i64; 13];
    let mut flush_cards = [Card::from_index(0); 13];
    let mut flush_left = 0;
    for (x, &card) in rest.iter().enumerate() {
        if board & (1 << x) != 0 {
            continue;
        }
        if Some(card.suit()) == flush_suit {
            flush_cards[flush_left] = card;
            flush_left += 1;
        } else {
            let r = card.rank();
            if left[r] < 2 {
                of_rank[r][left[r] as usize] = card;
            }
            left[r] += 1;
        }
    }
    let flush_cards = &flush_cards[..flush_left];
    let mut counts = [0i64; 6];
    let mut count = |hand: PartialHand, holdings: i64| {
        let dealer = t.rank(hand).0;
        counts[bucket(player, dealer, qualify_from)] += holdings;
    };
    for r in 0..13 {
        let k = left[r];
        if k == 0 {
            continue;
        }
        let with_r = dealer_board.add(of_rank[r][0]);
        if k >= 2 {
            count(with_r.add(of_rank[r][1]), k * (k - 1) / 2);
        }
        for s in r + 1..13 {
            if left[s] > 0 {
                count(with_r.add(of_rank[s][0]), k * left[s]);
            }
        }
        for &card in flush_cards {
            count(with_r.add(card), k);
        }
    }
    for (i, &first) in flush_cards.iter().enumerate() {
        let with_first = dealer_board.add(first);
        for &card in &flush_cards[i + 1..] {
            count(with_first.add(card), 1);
        }
    }
    money.fields(&kinds(&counts), category)
}

/// With one dealer card unseen, the player's rank on every board and the
/// showdown counts by [`bucket`] of every board over the unseen card, both
/// indexed by the board's colex rank among the five-card subsets of `rest`.
///
/// The dealer's hand is the seen card plus a six-card subset `S` of `rest`
/// (the board and the unseen card), so each `S` is ranked once and counted
/// for its six boards `S \ {x}`: C(n,6) rankings instead of C(n,5)·(n-5),
/// a sixth as many when the player has seen one dealer card.
fn one_unseen_counts(
    player: PartialHand,
    seen: PartialHand,
    rest: &[Card],
    colex: &Colex,
) -> (Vec<u16>, Vec<[u8; 6]>) {
    let n = rest.len();
    let c = &colex.c;
    let t = tables();
    let qualify_from = HandCategory::HighCard.class_count() + 1;
    let mut ranks = Vec::with_capacity(binomial(n, 5));
    for e in 4..n {
        let pe = player.add(rest[e]);
        for d in 3..e {
            let pd = pe.add(rest[d]);
            for cc in 2..d {
                let pc = pd.add(rest[cc]);
                for b in 1..cc {
                    let pb = pc.add(rest[b]);
                    for &card in &rest[..b] {
                        ranks.push(t.rank(pb.add(card)).0);
                    }
                }
            }
        }
    }
    // At most n - 5 <= 45 unseen cards per board: a count fits a byte.
    let mut counts = vec![[0u8; 6]; ranks.len()];
    for f in 5..n {
        let hf = seen.add(rest[f]);
        for e in 4..f {
            let he = hf.add(rest[e]);
            for d in 3..e {
                let hd = he.add(rest[d]);
                for cc in 2..d {
                    let hc = hd.add(rest[cc]);
                    for b in 1..cc {
                        let hb = hc.add(rest[b]);
                        // Colex ranks of the boards S minus one card, less `a`
                        // where `a` stays in the board (C(a,1) = a).
                        let drop_a = c[b][1] + c[cc][2] + c[d][3] + c[e][4] + c[f][5];
                        let high = [
                            c[cc][2] + c[d][3] + c[e][4] + c[f][5],
                            c[b][2] + c[d][3] + c[e][4] + c[f][5],
                            c[b][2] + c[cc][3] + c[e][4] + c[f][5],
                            c[b][2] + c[cc][3] + c[d][4] + c[f][5],
                            c[b][2] + c[cc][3] + c[d][4] + c[e][5],
                        ];
                        for (a, &card) in rest[..b].iter().enumerate() {
                            let dealer = t.rank(hb.add(card)).0;
                            let i = drop_a;
                            counts[i][bucket(ranks[i], dealer, qualify_from)] += 1;
                            for &h in &high {
                                let i = a + h;
                                counts[i][bucket(ranks[i], dealer, qualify_from)] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    (ranks, counts)
}

/// The flop decision at a node whose boards' sums are `s`, below which lie
/// `boards` boards of `completions` dealer holdings each: `(value, square,
/// actions)` of the better choice (check on a tie).
fn flop_node(s: &Fields, boards: i128, completions: i128) -> (i128, i128, [i128; 5]) {
    let w = |i: usize| s[i] as i128;
    let raise = w(A) + 2 * w(B);
    let mut actions = [0i128; 5];
    if raise > w(RIVER_VALUE) {
        actions[2] = boards * completions;
        (raise, w(AA) + 4 * w(AB) + 4 * w(BB), actions)
    } else {
        actions[1] = w(RIVER_PLAYS) * completions;
        actions[0] = (boards - w(RIVER_PLAYS)) * completions;
        (w(RIVER_VALUE), w(RIVER_SQUARE), actions)
    }
}

/// Accumulates a preflop state's two lines: the sums of the deals under it
/// (for raising 4x or 3x) and the value of checking (the flop decisions).
#[derive(Clone, Default)]
struct PreflopSums {
    /// Sums of `a`, `b`, `aa`, `ab`, `bb` over the state's deals.
    raw: [i128; 5],
    /// Check: value, square, actions.
    check: Tally,
}

impl PreflopSums {
    fn add_raw(&mut self, s: &Fields) {
        for (r, &v) in self.raw.iter_mut().zip(&s[..5]) {
            *r += v as i128;
        }
    }

    /// Adds another state's sums (its deals join this state's).
    fn merge(&mut self, other: &PreflopSums) {
        for (r, &v) in self.raw.iter_mut().zip(&other.raw) {
            *r += v;
        }
        self.check.add_weighted(&other.check, 1);
    }

    fn add_node(&mut self, node: (i128, i128, [i128; 5]), deals: i128) {
        self.check.deals += deals;
        self.check.value += node.0;
        self.check.square += node.1;
        for (t, n) in self.check.actions.iter_mut().zip(node.2) {
            *t += n;
        }
    }

    /// The preflop decision (the smaller bet on a tie) and its tally.
    fn decide(&self, seen: Option<Card>) -> PreflopState {
        let [a, b, aa, ab, bb] = self.raw;
        let deals = self.check.deals;
        let line = |p: i128| (a + p * b, aa + 2 * p * ab + p * p * bb);
        let (v4, q4) = line(4);
        let (v3, q3) = line(3);
        let mut state = PreflopState {
            seen,
            raise_4x: v4,
            raise_3x: v3,
            check: self.check.value,
            decision: Decisions::Check,
            tally: self.check.clone(),
        };
        let mut best = self.check.value;
        for (value, square, play, decision) in [
            (v3, q3, 3usize, Decisions::Raise3x),
            (v4, q4, 4, Decisions::Raise4x),
        ] {
            if value > best {
                best = value;
                state.decision = decision;
                let mut actions = [0i128; 5];
                actions[play] = deals;
                state.tally = Tally {
                    deals,
                    value,
                    square,
                    actions,
                };
            }
        }
        state
    }
}

/// Every preflop state of one starting situation (the player's cards and
/// the seen dealer cards, `deck` minus both being the cards left), for each
/// [`Variant`](super::Variant): the state without further cards, one state
/// per possible seen flop card and per possible seen turn/river card, and the
/// one state of a turn/river card seen only at the flop decision.
///
/// # The turn/river card seen at the flop
/// Then the preflop decision knows only the situation, the flop decision
/// knows the flop and the seen card `t`, the river decision the whole board.
/// Its deals are those of the `turnriver:1` states of every `t` together
/// (each deal, one equally likely sequence of flop, seen card, other card and
/// unseen dealer cards, is in exactly one of them), and below the preflop
/// decision nothing differs from those states: the flop node of `(flop, t)`
/// and the river nodes are the same. So the one preflop state's sums are the
/// sums of `by_turnriver[t]` over every `t`: the raise lines' sums (the deals
/// played at 4x or 3x) and the check line's tally with the best flop and
/// river decisions given `t`; the decision is taken once, on those totals.
/// It costs nothing beyond the `turnriver:1` states.
pub(crate) fn solve_situation(
    player: (Card, Card),
    seen: &[Card],
    deck: CardSet,
    money: &Money,
) -> [Vec<PreflopState>; 4] {
    let mut known = CardSet::from_cards(&[player.0, player.1]);
    for &s in seen {
        known.insert(s);
    }
    let rest = deck.minus(known).to_vec();
    let n = rest.len();
    let completions = binomial(n - 5, 2 - seen.len()) as i128;
    let quads = four_card_sums(player, seen, &rest, money);
    let colex = Colex::new(n);
    let c = &colex.c;
    // Flops: trios[F] = Σ_{Q ⊃ F} quads[Q] / 2; turn/river states use quads.
    let mut trios = vec![[0i64; 8]; binomial(n, 3)];
    let mut by_turnriver = vec![PreflopSums::default(); n];
    let turnriver_boards = (n - 4) as i128;
    let mut q = 0;
    for z in 3..n {
        for y in 2..z {
            for x in 1..y {
                for w in 0..x {
                    let s = &quads[q];
                    debug_assert_eq!(q, c[w][1] + c[x][2] + c[y][3] + c[z][4]);
                    q += 1;
                    add(&mut trios[c[w][1] + c[x][2] + c[y][3]], s);
                    add(&mut trios[c[w][1] + c[x][2] + c[z][3]], s);
                    add(&mut trios[c[w][1] + c[y][2] + c[z][3]], s);
                    add(&mut trios[c[x][1] + c[y][2] + c[z][3]], s);
                    let node = flop_node(s, turnriver_boards, completions);
                    for t in [w, x, y, z] {
                        let state = &mut by_turnriver[t];
                        state.add_raw(s);
                        state.add_node(node, turnriver_boards * completions);
                    }
                }
            }
        }
    }
    let flop_boards = binomial(n - 3, 2) as i128;
    let mut all = PreflopSums::default();
    let mut by_flop = vec![PreflopSums::default(); n];
    let mut f = 0;
    for z in 2..n {
        for y in 1..z {
            for x in 0..y {
                let s = &mut trios[f];
                f += 1;
                for v in s.iter_mut() {
                    debug_assert!(*v % 2 == 0);
                    *v /= 2;
                }
                let node = flop_node(s, flop_boards, completions);
                let deals = flop_boards * completions;
                all.add_raw(s);
                all.add_node(node, deals);
                for card in [x, y, z] {
                    by_flop[card].add_raw(s);
                    by_flop[card].add_node(node, deals);
                }
            }
        }
    }
    let per_card = |sums: Vec<PreflopSums>| -> Vec<PreflopState> {
        sums.iter()
            .zip(&rest)
            .map(|(s, &card)| s.decide(Some(card)))
            .collect()
    };
    let mut turnriver_at_flop = PreflopSums::default();
    for state in &by_turnriver {
        turnriver_at_flop.merge(state);
    }
    [
        vec![all.decide(None)],
        per_card(by_flop),
        per_card(by_turnriver),
        vec![turnriver_at_flop.decide(None)],
    ]
}
