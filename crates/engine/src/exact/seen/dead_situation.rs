//! One dead-card situation solved exactly: the player's two cards and a set
//! of dead cards (his partners' hole cards), the dealer's cards and the
//! board drawn from the deck less both, every decision the best given what
//! the player knows. It is the per-class solve of [`super::dead`] without
//! the classes: what the sampled estimate of `collude:4` to `collude:6`
//! (`crate::sample::dead_cards`) solves for each situation it draws.

use super::{money, pass, SeenError, Tally};
use crate::cards::{Card, CardSet};
use crate::rules::paytable::PayTable;

/// The seen-card engine's money for one Blind table and deck, ready to
/// solve any number of situations.
pub struct SituationSolver {
    money: pass::Money,
    scale: i64,
    deck: CardSet,
}

impl SituationSolver {
    /// The solver of situations on `deck` under `blind_table`, or why the
    /// engine cannot hold the table's money.
    pub fn new(blind_table: &PayTable, deck: CardSet) -> Result<SituationSolver, SeenError> {
        let (money, scale) = money(blind_table)?;
        Ok(SituationSolver { money, scale, deck })
    }

    /// Money unit of the sums: `1/scale` Ante.
    pub fn scale(&self) -> i64 {
        self.scale
    }

    /// The exact sums over every deal of the situation (the player's
    /// `player`, the cards of `dead` out of the deck) under the best
    /// strategy, money in `1/scale` Ante.
    ///
    /// # Panics
    /// If the cards overlap, are not of the deck, or leave fewer than 7
    /// cards to deal.
    pub fn solve(&self, player: (Card, Card), dead: CardSet) -> Tally {
        let hand = CardSet::from_cards(&[player.0, player.1]);
        assert!(player.0 != player.1 && hand.minus(self.deck).is_empty());
        assert!(dead.minus(self.deck).is_empty() && dead.minus(hand) == dead);
        let left = self.deck.minus(dead);
        assert!(left.len() >= 9, "too few cards left to deal a hand");
        let states = pass::solve_situation(player, &[], left, &self.money);
        states[0][0].tally.clone()
    }
}
