//! The player-dealer game's settlement (California): the order in which the
//! seats are settled against the player-dealer's bank, and the bank itself.
//! Part of the one place payouts are decided ([`super`]).

/// What one seat's wagers would win (positive) or lose (negative) against an
/// unlimited bank, in integer money units, for the player-dealer game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SeatClaims {
    /// Whether the seat folded (its Ante and Blind lose; no Play).
    pub folded: bool,
    /// The Ante's result.
    pub ante: i128,
    /// The Play wager's result (0 after a fold).
    pub play: i128,
    /// The Blind's result.
    pub blind: i128,
    /// The Trips wager's result (0 when none is made).
    pub trips: i128,
}

/// What one seat's wagers did win or lose once the bank is applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SeatSettled {
    /// The seat's net result (money moved between it and the player-dealer).
    pub net: i128,
    /// Returned uncovered: winnings the bank could not pay plus losing
    /// wagers returned under the win cap (at least 0).
    pub uncovered: i128,
}

/// How a player-dealer round ended for the bank.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct BankOutcome {
    /// The player-dealer's net result (minus the sum of the seats' nets).
    pub player_dealer: i128,
    /// Whether a winning wager was not paid in full (the bank ran out).
    pub exhausted: bool,
    /// Whether a losing wager was returned because the player-dealer's net
    /// win had reached the bank (win cap on).
    pub capped: bool,
}

/// The player-dealer's running balance during one round.
struct Bank {
    /// The bank, if limited.
    limit: Option<i128>,
    win_cap: bool,
    /// The player-dealer's net so far.
    net: i128,
    exhausted: bool,
    capped: bool,
}

impl Bank {
    /// Settles one wager whose unlimited result is `claim` (player's side):
    /// a win is paid up to what the bank still holds (the bank plus the net
    /// so far, never below 0); a loss is collected, under the win cap only
    /// up to the bank less the net so far. Returns the money moved (player's
    /// side) and the amount returned uncovered.
    fn settle(&mut self, claim: i128) -> (i128, i128) {
        let Some(limit) = self.limit else {
            self.net -= claim;
            return (claim, 0);
        };
        if claim > 0 {
            let paid = claim.min((limit + self.net).max(0));
            self.net -= paid;
            self.exhausted |= paid < claim;
            (paid, claim - paid)
        } else if claim < 0 {
            let owed = -claim;
            let collected = if self.win_cap {
                owed.min((limit - self.net).max(0))
            } else {
                owed
            };
            self.net += collected;
            self.capped |= collected < owed;
            (-collected, owed - collected)
        } else {
            (0, 0)
        }
    }
}

/// Settles a player-dealer round in the order of the California game rules
/// (California Bureau of Gambling Control, Ultimate Texas Hold'em,
/// California game rules, Dealing Procedures §14 and §16, and "Type of
/// Game"), against a bank of `bank` units (`None`: unlimited):
///
/// 1. Folded hands are collected when they fold (§14), seat by seat in
///    `claims` order (the player on the player-dealer's left first): the
///    Ante, the Blind, and the Trips wager if it loses.
/// 2. Then every seat in order (§16): Ante, Play, Blind, then Trips; a
///    folded seat only has its winning Trips wager left to be paid.
///
/// The bank is a running balance: a win is paid while the bank plus what
/// the player-dealer has collected, less what it has paid, is above 0, and
/// the rest of it is returned uncovered ("Once the player-dealer's wager has
/// been exhausted, the wagers not covered by the player-dealer shall be
/// returned"; "pays all winning wagers to the extent of their wager",
/// California Bureau of Gambling Control, Ultimate Texas Hold'em, rules of
/// play (player/dealer game), rule 4). With `win_cap` ("may not win or lose
/// more than the original amount wagered", "Type of Game"), once the
/// player-dealer's net win reaches the bank, losing wagers are returned
/// rather than collected (in part, for the one that reaches it).
///
/// `out[i]` receives seat `i`'s result (`out` at least as long as
/// `claims`). Every round is zero-sum: the seats' nets and the
/// player-dealer's add up to 0.
pub fn settle_player_dealer_round(
    claims: &[SeatClaims],
    bank: Option<i128>,
    win_cap: bool,
    out: &mut [SeatSettled],
) -> BankOutcome {
    let mut b = Bank {
        limit: bank,
        win_cap,
        net: 0,
        exhausted: false,
        capped: false,
    };
    for o in out.iter_mut().take(claims.len()) {
        *o = SeatSettled::default();
    }
    let mut apply = |o: &mut SeatSettled, claim: i128| {
        let (moved, uncovered) = b.settle(claim);
        o.net += moved;
        o.uncovered += uncovered;
    };
    for (c, o) in claims.iter().zip(out.iter_mut()) {
        if c.folded {
            apply(o, c.ante);
            apply(o, c.blind);
            if c.trips < 0 {
                apply(o, c.trips);
            }
        }
    }
    for (c, o) in claims.iter().zip(out.iter_mut()) {
        if c.folded {
            if c.trips > 0 {
                apply(o, c.trips);
            }
        } else {
            apply(o, c.ante);
            apply(o, c.play);
            apply(o, c.blind);
            apply(o, c.trips);
        }
    }
    BankOutcome {
        player_dealer: b.net,
        exhausted: b.exhausted,
        capped: b.capped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(folded: bool, ante: i128, play: i128, blind: i128, trips: i128) -> SeatClaims {
        SeatClaims {
            folded,
            ante,
            play,
            blind,
            trips,
        }
    }

    #[test]
    fn an_unlimited_bank_moves_every_claim() {
        let claims = [seat(false, 1, 4, 1, -1), seat(true, -1, 0, -1, 3)];
        let mut out = [SeatSettled::default(); 2];
        let r = settle_player_dealer_round(&claims, None, true, &mut out);
        assert_eq!(out[0].net, 5);
        assert_eq!(out[1].net, 1);
        assert_eq!(r.player_dealer, -6);
        assert!(!r.exhausted && !r.capped);
    }

    #[test]
    fn folds_are_collected_first_and_pay_later_seats() {
        // Bank 2. Seat 1 wins Ante 1 + Play 4 + Blind 1; seat 2 folded
        // (Ante and Blind lose 2 in all), collected before seat 1 is paid:
        // 2 + 2 = 4 is paid of seat 1's 6 (Ante 1, Play 3 of 4, Blind 0).
        let claims = [seat(false, 1, 4, 1, 0), seat(true, -1, 0, -1, 0)];
        let mut out = [SeatSettled::default(); 2];
        let r = settle_player_dealer_round(&claims, Some(2), false, &mut out);
        assert_eq!(
            out[0],
            SeatSettled {
                net: 4,
                uncovered: 2
            }
        );
        assert_eq!(out[1].net, -2);
        assert_eq!(r.player_dealer, -2);
        assert!(r.exhausted);
    }

    #[test]
    fn the_win_cap_returns_losing_wagers() {
        // Bank 3, win cap: seat 1 loses 1 + 3 + 1 = 5: 3 collected.
        let claims = [seat(false, -1, -3, -1, 0), seat(false, -1, -1, -1, 0)];
        let mut out = [SeatSettled::default(); 2];
        let r = settle_player_dealer_round(&claims, Some(3), true, &mut out);
        assert_eq!(
            out[0],
            SeatSettled {
                net: -3,
                uncovered: 2
            }
        );
        assert_eq!(
            out[1],
            SeatSettled {
                net: 0,
                uncovered: 3
            }
        );
        assert_eq!(r.player_dealer, 3);
        assert!(r.capped && !r.exhausted);
        let r = settle_player_dealer_round(&claims, Some(3), false, &mut out);
        assert_eq!(r.player_dealer, 8);
    }
}
