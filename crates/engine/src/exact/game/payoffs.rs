//! The money of each showdown under one Blind pay table, as integers in
//! units of `1/scale` Ante, and the proof that the solver's 64-bit sums hold
//! them ([`check_blind_table`]); under a payout limit, the capped money
//! ([`Limited`], built by [`payout_limit`](super::payout_limit)).

use super::river_table::Entry;
use super::{Kind, CATEGORIES, KINDS};
use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::rules::paytable::PayTable;
use crate::rules::settlement::{settle_base, BaseRound, PayoutLimit};

/// The largest magnitude, in units of `1/scale` Ante, of any one-showdown
/// amount the solver accepts: the Ante + Blind net of an outcome, the Play's
/// win per Ante, the loss of a fold: 2^40.
///
/// **Why it suffices.** A flop value sums at most C(47,2) = 1,081
/// turn/rivers of at most C(45,2) = 990 dealer holdings each, and a raise
/// adds up to 4 Plays: `1,081 · 990 · (1 + 4) · 2^40 < 5.9 · 10^18 < 2^63`,
/// so every 64-bit sum of the flop pass holds. The preflop sums (over at most
/// 22,100 flops) and the tally are 128-bit.
pub const MAX_UNITS: i128 = 1 << 40;

/// A Blind pay table whose amounts the solver cannot hold exactly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "Blind pay table {id}: the base-game solver needs every amount, as a multiple of 1/d Ante \
     (d = the common denominator of the pays), to be at most 2^40 (about 1.1e12) in size; {what}"
)]
pub struct BlindRangeError {
    /// Id of the pay table.
    pub id: String,
    /// What exceeds the limit.
    pub what: String,
}

/// Whether the solver can solve the base game under `blind_table` exactly:
/// cheap (no solving), to be called before any heavy work.
pub fn check_blind_table(blind_table: &PayTable) -> Result<(), BlindRangeError> {
    Payoffs::new(blind_table).map(|_| ())
}

/// A value linear in an entry's counts: `c[0] + c[1]·x + c[2]·y + c[3]·z`,
/// per category slot (slot 0, no holding: 0).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Linear {
    pub(crate) slots: [[i64; 4]; 16],
}

impl Linear {
    /// The sum over the dealer holdings of `weight[kind][category]`.
    pub(crate) fn of(weight: &[[i64; CATEGORIES]; KINDS], dealer_hands: u32) -> Linear {
        let mut slots = [[0i64; 4]; 16];
        for (p, slot) in slots.iter_mut().skip(1).take(CATEGORIES).enumerate() {
            let (kx, ky) = Entry::kinds(p);
            let w = |k: Kind| weight[k as usize][p];
            let rest = w(Kind::LoseDealerQualifies);
            *slot = [
                dealer_hands as i64 * rest,
                w(kx) - rest,
                w(ky) - rest,
                w(Kind::Tie) - rest,
            ];
        }
        Linear { slots }
    }

    /// The value of an entry.
    #[inline(always)]
    pub(crate) fn at(&self, e: Entry) -> i64 {
        let c = &self.slots[e.slot];
        c[0] + c[1] * e.x as i64 + c[2] * e.y as i64 + c[3] * e.z as i64
    }
}

/// The money of each outcome under one Blind pay table, in units of
/// `1/scale` Ante, from [`settle_base`].
#[derive(Clone, Debug)]
pub struct Payoffs {
    /// Common denominator of every net result.
    pub scale: i64,
    /// Ante + Blind net of a showdown, `[kind][category]`.
    pub(crate) ante_blind: [[i64; CATEGORIES]; KINDS],
    /// Play net per Ante of Play, `[kind]`.
    pub(crate) play_unit: [i64; KINDS],
    /// Play net per Ante of Play on a win (minus it on a loss, 0 on a tie).
    pub(crate) play_win: i64,
    /// Net of a fold.
    pub(crate) fold: i64,
    /// Under a payout limit, the capped values (see
    /// [`payout_limit`](super::payout_limit)); `None` for the unlimited game.
    pub(crate) limited: Option<Box<Limited>>,
}

impl Payoffs {
    /// The amounts of `blind_table`, or why the solver cannot hold them
    /// (see [`MAX_UNITS`]).
    pub fn new(blind_table: &PayTable) -> Result<Payoffs, BlindRangeError> {
        let refuse = |what: String| BlindRangeError {
            id: blind_table.id.clone(),
            what,
        };
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
        for (play, kind, category) in [0, 1]
            .into_iter()
            .flat_map(|play| Kind::ALL.map(|kind| (play, kind)))
            .flat_map(|(play, kind)| HandCategory::ALL.map(|category| (play, kind, category)))
        {
            {
                let net = settle(play, kind, category);
                for part in [net.ante, net.blind, net.play] {
                    let d = i128::try_from(part.denominator())
                        .map_err(|_| refuse("the common denominator is larger".into()))?;
                    scale = (scale / crate::fraction::gcd(scale, d))
                        .checked_mul(d)
                        .filter(|&s| s <= MAX_UNITS)
                        .ok_or_else(|| refuse("the common denominator is larger".into()))?;
                }
            }
        }
        let units = |f: Fraction| -> Result<i64, BlindRangeError> {
            let v = f * Fraction::from_int(scale);
            // An integer (scale is a common denominator) unless too large.
            let n = v
                .to_i128()
                .ok_or_else(|| refuse(format!("an amount is {v}/{scale} Ante")))?;
            if n.abs() > MAX_UNITS {
                return Err(refuse(format!("an amount is {n}/{scale} Ante")));
            }
            Ok(n as i64)
        };
        let mut ante_blind = [[0i64; CATEGORIES]; KINDS];
        let mut play_unit = [0i64; KINDS];
        for kind in Kind::ALL {
            play_unit[kind as usize] = units(settle(1, kind, HandCategory::HighCard).play)?;
            for category in HandCategory::ALL {
                let one = settle(1, kind, category);
                ante_blind[kind as usize][category as usize] =
                    units(one.ante.clone() + one.blind.clone())?;
                // The solver relies on the value being linear in the Play.
                for play in 2..=4u8 {
                    let net = settle(play, kind, category);
                    assert_eq!(net.ante + net.blind, one.ante.clone() + one.blind.clone());
                    assert_eq!(
                        net.play,
                        one.play.clone() * Fraction::from_int(play as i128)
                    );
                }
            }
        }
        let fold = units(settle(0, Kind::Tie, HandCategory::HighCard).total())?;
        assert!(fold < 0, "a fold loses");
        // The flop loop uses the Play balance (wins minus losses), which
        // relies on the Play being an even-money wager that pushes on a tie.
        let play_win = play_unit[Kind::WinDealerQualifies as usize];
        assert_eq!(
            play_unit,
            [play_win, play_win, 0, -play_win, -play_win],
            "the Play wager is even money"
        );
        Ok(Payoffs {
            scale: scale as i64,
            ante_blind,
            play_unit,
            play_win,
            fold,
            limited: None,
        })
    }

    /// `(a, b)`: the showdown value with a Play of `p` is `a + p·b`, summed
    /// over the dealer holdings of `counts`.
    #[inline]
    pub fn showdown(&self, counts: super::RiverCounts) -> (i64, i64) {
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

    /// River: the values of raising 1x and of folding, summed over the
    /// dealer holdings of `counts` (under a payout limit, the capped ones).
    pub fn river(&self, counts: super::RiverCounts) -> (i64, i64) {
        match &self.limited {
            None => {
                let (a, b) = self.showdown(counts);
                (a + b, self.fold_value(counts.counts().iter().sum()))
            }
            Some(limited) => limited.river(counts),
        }
    }

    /// Value of folding, summed over `dealer_hands` dealer holdings.
    #[inline]
    pub fn fold_value(&self, dealer_hands: u32) -> i64 {
        self.fold * dealer_hands as i64
    }

    /// The Ante + Blind value `a` of an entry, as a linear function.
    pub(crate) fn ante_blind_linear(&self, dealer_hands: u32) -> Linear {
        Linear::of(&self.ante_blind, dealer_hands)
    }
}

/// The Play balance of an entry (dealer holdings beaten minus those beating
/// the player), as a linear function.
pub(crate) fn balance_linear(dealer_hands: u32) -> Linear {
    let mut weight = [[0i64; CATEGORIES]; KINDS];
    for kind in Kind::ALL {
        let w = match kind.versus() {
            crate::rules::settlement::Versus::PlayerHigher => 1,
            crate::rules::settlement::Versus::Tie => 0,
            crate::rules::settlement::Versus::DealerHigher => -1,
        };
        weight[kind as usize] = [w; CATEGORIES];
    }
    Linear::of(&weight, dealer_hands)
}

/// Category slots of a row entry (0: none, 1-10: category + 1).
pub(super) const SLOTS: usize = CATEGORIES + 1;

/// The capped money of a Blind table under a payout limit (built by
/// [`payout_limit`](super::payout_limit)).
#[derive(Clone, Debug)]
pub(crate) struct Limited {
    /// The limit and the Trips wager.
    pub(crate) rules: PayoutLimit,
    /// Capped net of a hand, `[play][kind][category]`, in units of
    /// `1/scale` Ante (play 0: a fold, whatever the kind).
    pub(crate) values: [[[i64; CATEGORIES]; KINDS]; 5],
}

/// The coefficients a limited table gives the flop pass (see
/// [`payout_limit`](super::payout_limit)), for `dealer_hands` dealer
/// holdings an entry.
pub(super) struct LimitedLinears {
    /// `a'`: with the Play balance `b`, `a' + 2·b` is the capped raise 2x.
    pub(super) ante_blind: Linear,
    /// The capped raise 1x on the river.
    pub(super) raise_river: Linear,
    /// The capped fold, per category slot, summed over an entry's dealers.
    pub(super) fold: [i64; SLOTS],
    /// The capped raises 4x and 3x.
    pub(super) preflop: [Linear; 2],
}

impl Limited {
    /// The flop pass's coefficients.
    pub(super) fn linears(&self, play_win: i64, dealer_hands: u32) -> LimitedLinears {
        let of = |p: usize| Linear::of(&self.values[p], dealer_hands);
        let mut ante_blind = of(2);
        let balance = balance_linear(dealer_hands);
        for (r, b) in ante_blind.slots.iter_mut().zip(&balance.slots) {
            for (r, b) in r.iter_mut().zip(b) {
                *r -= 2 * b * play_win;
            }
        }
        let mut fold = [0i64; SLOTS];
        for (slot, fold) in fold.iter_mut().enumerate().skip(1) {
            *fold = self.values[0][Kind::Tie as usize][slot - 1] * dealer_hands as i64;
        }
        LimitedLinears {
            ante_blind,
            raise_river: of(1),
            fold,
            preflop: [of(4), of(3)],
        }
    }

    /// River: the capped values of raising 1x and of folding, summed over
    /// the dealer holdings of `counts`.
    pub(super) fn river(&self, counts: super::RiverCounts) -> (i64, i64) {
        let cat = counts.category_index();
        let mut raise = 0;
        let mut dealers = 0;
        for k in 0..KINDS {
            let n = counts.count(k) as i64;
            raise += n * self.values[1][k][cat];
            dealers += n;
        }
        (raise, dealers * self.values[0][Kind::Tie as usize][cat])
    }
}
