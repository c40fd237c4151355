//! The rules a pay table states besides its pays: how Trips is settled
//! ([`TripsRule`]), which deals a Bad Beat line pays on ([`BadBeatWay`]),
//! which hand a Progressive pays on ([`ProgressiveHand`]) and its Envy
//! Bonus schedule ([`EnvySchedule`]), gathered in [`Rules`].

use super::*;

/// How a Trips wager is settled (pay-table key `rule`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TripsRule {
    /// Paid on the player's hand alone, whatever the dealer holds
    /// (COMAR 36.05.16.11I(2)).
    #[default]
    Standard,
    /// Paid only when the player's hand also beats the dealer's; a tie
    /// pushes a paying hand, a lower hand loses (the Florida racetrack
    /// variant).
    MustBeatDealer,
}

impl TripsRule {
    /// Both rules.
    pub(crate) const ALL: [TripsRule; 2] = [TripsRule::Standard, TripsRule::MustBeatDealer];

    /// The name used in pay-table files and machine-readable output.
    pub fn name(self) -> &'static str {
        match self {
            TripsRule::Standard => "standard",
            TripsRule::MustBeatDealer => "must_beat_dealer",
        }
    }

    /// Whether settling needs the dealer's hand.
    pub fn needs_dealer(self) -> bool {
        self == TripsRule::MustBeatDealer
    }
}

/// A way the Bad Beat bonus wins (pay-table key `pays_on`); each pays the
/// pay table's award for the category of the hand that lost the showdown.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BadBeatWay {
    /// The player's hand loses to the dealer's: paid by the player's hand.
    PlayerLosingHand,
    /// The player's hand beats the dealer's: paid by the dealer's hand.
    DealerBeatenHand,
}

impl BadBeatWay {
    /// Both ways.
    pub(crate) const ALL: [BadBeatWay; 2] =
        [BadBeatWay::PlayerLosingHand, BadBeatWay::DealerBeatenHand];

    /// The name used in pay-table files and machine-readable output.
    pub fn name(self) -> &'static str {
        match self {
            BadBeatWay::PlayerLosingHand => "player_losing_hand",
            BadBeatWay::DealerBeatenHand => "dealer_beaten_hand",
        }
    }
}

/// Which five cards make the Progressive hand (pay-table key `hand`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum ProgressiveHand {
    /// The player's two cards and the three flop cards: a five-card hand.
    #[default]
    HoleAndFlop,
    /// The best five of the player's two cards and the five community cards.
    BestOfSeven,
}

impl ProgressiveHand {
    /// Both hands.
    pub(crate) const ALL: [ProgressiveHand; 2] =
        [ProgressiveHand::HoleAndFlop, ProgressiveHand::BestOfSeven];

    /// The name used in pay-table files and machine-readable output.
    pub fn name(self) -> &'static str {
        match self {
            ProgressiveHand::HoleAndFlop => "hole_and_flop",
            ProgressiveHand::BestOfSeven => "best_of_seven",
        }
    }

    /// The hand with this [`name`](Self::name).
    pub fn from_name(name: &str) -> Option<ProgressiveHand> {
        ProgressiveHand::ALL.into_iter().find(|h| h.name() == name)
    }

    /// Number of community cards in the hand (3 or 5).
    pub fn board_cards(self) -> usize {
        match self {
            ProgressiveHand::HoleAndFlop => 3,
            ProgressiveHand::BestOfSeven => 5,
        }
    }
}

/// The Envy Bonus for one amount of Progressive wager: fixed dollars per
/// other player holding a hand of a listed category.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EnvySchedule {
    /// The Progressive wager, in whole dollars, this schedule is for.
    pub wager: u64,
    /// `(category, dollars)`, strongest first.
    pub awards: Vec<(HandCategory, u64)>,
}

impl EnvySchedule {
    /// Dollars paid for one other player holding a hand of `category`.
    pub fn award_for(&self, category: HandCategory) -> Option<u64> {
        self.awards
            .iter()
            .find(|(c, _)| *c == category)
            .map(|&(_, d)| d)
    }
}

/// The rule options of a table; each applies to one wager, the others keep
/// their defaults.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Trips tables: `rule`.
    pub trips: TripsRule,
    /// Bad Beat tables: `pays_on`, the ways the wager wins (default: both).
    pub bad_beat_pays_on: Vec<BadBeatWay>,
    /// Progressive tables: `hand`.
    pub progressive_hand: ProgressiveHand,
    /// Progressive tables: `wager_returned` (default true: awards are "to 1",
    /// the wager comes back with the award; false: "for 1").
    pub wager_returned: bool,
    /// Progressive tables: `[[envy]]`, by wager amount.
    pub envy: Vec<EnvySchedule>,
    /// Progressive tables: `[[meter]]`, the meters with their reset and
    /// rate ([`meters`](super::meters)); empty when the meter is given on
    /// the command line.
    pub meters: Vec<Meter>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            trips: TripsRule::Standard,
            bad_beat_pays_on: BadBeatWay::ALL.to_vec(),
            progressive_hand: ProgressiveHand::HoleAndFlop,
            wager_returned: true,
            envy: Vec::new(),
            meters: Vec::new(),
        }
    }
}
