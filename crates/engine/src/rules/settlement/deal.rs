//! A round settled from its cards: the player's and the dealer's two cards
//! and the five community cards give the [`BaseRound`] the settlement
//! functions of [`super`] take (the player's best five of seven, the
//! showdown, whether the dealer qualifies with a pair or better, COMAR
//! 36.05.16.11). The report's worked examples settle their deals through
//! it, so that no example's amount is typed.

use super::{dealer_qualifies, BaseRound, Versus};
use crate::cards::{Card, CardSet};
use crate::evaluator::{evaluate, HandCategory};

/// The cards of one round of the base game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Deal {
    /// The player's two cards.
    pub player: [Card; 2],
    /// The dealer's two cards.
    pub dealer: [Card; 2],
    /// The five community cards: the flop, then the turn and the river.
    pub board: [Card; 5],
}

impl Deal {
    /// Whether the nine cards are distinct (a deal one deck can give).
    pub fn is_possible(&self) -> bool {
        let all: Vec<Card> = self
            .player
            .iter()
            .chain(&self.dealer)
            .chain(&self.board)
            .copied()
            .collect();
        CardSet::from_cards(&all).len() == all.len()
    }

    /// The category of the player's best five of the seven cards.
    pub fn player_category(&self) -> HandCategory {
        evaluate(seven(self.player, self.board)).category()
    }

    /// The category of the dealer's best five of the seven cards.
    pub fn dealer_category(&self) -> HandCategory {
        evaluate(seven(self.dealer, self.board)).category()
    }

    /// The round when the player's Play wager is `play` Antes (4, 3, 2 or
    /// 1; 0 for a fold): the player's hand, the showdown and whether the
    /// dealer qualifies.
    pub fn round(&self, play: u8) -> BaseRound {
        let player = evaluate(seven(self.player, self.board));
        let dealer = evaluate(seven(self.dealer, self.board));
        BaseRound {
            play,
            player: player.category(),
            versus: Versus::between(player, dealer),
            dealer_qualifies: dealer_qualifies(dealer.category()),
        }
    }
}

/// Two hole cards and the board.
fn seven(hole: [Card; 2], board: [Card; 5]) -> CardSet {
    let mut cards = board.to_vec();
    cards.extend(hole);
    CardSet::from_cards(&cards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn deal(player: &str, dealer: &str, board: &str) -> Deal {
        let p = parse_cards(player).unwrap();
        let d = parse_cards(dealer).unwrap();
        let b = parse_cards(board).unwrap();
        Deal {
            player: [p[0], p[1]],
            dealer: [d[0], d[1]],
            board: [b[0], b[1], b[2], b[3], b[4]],
        }
    }

    #[test]
    fn a_deal_gives_the_showdown_and_the_dealers_qualification() {
        // Facts of poker: A-K of spades with Q-J-10 of spades is a royal
        // flush, beating a pair of twos (which qualifies: a pair or better);
        // A-K high beats Q-J high, and a queen-high dealer does not qualify;
        // hands that both play the board tie.
        let royal = deal("AsKs", "2c2d", "QsJsTs7h3c").round(4);
        assert_eq!(royal.player, HandCategory::RoyalFlush);
        assert_eq!(royal.versus, Versus::PlayerHigher);
        assert!(royal.dealer_qualifies);
        let high = deal("AhKd", "Jh9c", "Qc8d5s3h2c").round(4);
        assert_eq!(high.player, HandCategory::HighCard);
        assert_eq!(high.versus, Versus::PlayerHigher);
        assert!(!high.dealer_qualifies);
        let board = deal("2c3d", "2h3s", "5h6c7d8s9h").round(1);
        assert_eq!(board.versus, Versus::Tie);
        assert_eq!(board.player, HandCategory::Straight);
        assert!(deal("AsKs", "2c2d", "QsJsTs7h3c").is_possible());
        assert!(!deal("AsKs", "As2d", "QsJsTs7h3c").is_possible());
    }
}
