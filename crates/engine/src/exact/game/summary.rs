//! The figures of a solved game: the return table (every distinct outcome
//! with its combinations and net), the [`GameSummary`] a regulator reads
//! and its report row.

use super::{Action, Kind, ReturnLine, Solution};
use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::result::{GameFigures, ResultLine, WagerResult};
use crate::rules::paytable::PayTable;
use crate::rules::settlement::{settle_base, settle_limited, BaseRound, LimitedNet, Versus};

impl Solution<'_> {
    /// Every distinct outcome with its combinations and net result.
    pub fn return_table(&self) -> Vec<ReturnLine> {
        let mut lines: Vec<ReturnLine> = Vec::new();
        let mut push = |line: ReturnLine| {
            if line.combinations == 0 {
                return;
            }
            match lines.iter_mut().find(|l| {
                l.action == line.action
                    && l.kind == line.kind
                    && l.blind_hand == line.blind_hand
                    && l.trips_hand == line.trips_hand
                    && l.withheld == line.withheld
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
                    let round = BaseRound {
                        play: play as u8,
                        player: category,
                        versus: kind.versus(),
                        dealer_qualifies: kind.dealer_qualifies(),
                    };
                    let limited = match &self.payoffs.limited {
                        Some(limited) => settle_limited(&self.blind_table, &limited.rules, round),
                        None => LimitedNet {
                            base: settle_base(&self.blind_table, round),
                            ..LimitedNet::default()
                        },
                    };
                    let trips_pays = limited.trips.is_positive();
                    let pays_blind = play > 0
                        && kind.versus() == Versus::PlayerHigher
                        && self.blind_table.award_for_category(category).is_some();
                    push(ReturnLine {
                        action,
                        kind: (play > 0).then_some(kind),
                        blind_hand: pays_blind.then_some(category),
                        combinations,
                        net: limited.base,
                        trips_hand: trips_pays.then_some(category),
                        trips: limited.trips,
                        withheld: limited.withheld,
                    });
                }
            }
        }
        lines.sort_by(|x, y| y.total().cmp(&x.total()).then(x.action.cmp(&y.action)));
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
    /// House edge per initial wager: expected loss / (Ante + Blind, and
    /// Trips under a payout limit with one).
    pub house_edge_per_initial_wager: Fraction,
    /// Element of risk: expected loss / average total amount wagered.
    pub element_of_risk: Fraction,
    /// Variance of the net result per hand, in Antes squared.
    pub variance: Fraction,
    /// Average total amount wagered (Ante + Blind + Play, and Trips under a
    /// payout limit with one), in Antes.
    pub average_total_wager: Fraction,
    /// Probability of each final action, in the order of [`Action::ALL`].
    pub action_probabilities: [Fraction; 5],
    /// Expected net of the Ante, Blind and Play wagers separately.
    pub ante_ev: Fraction,
    /// Expected net of the Blind wager.
    pub blind_ev: Fraction,
    /// Expected net of the Play wager.
    pub play_ev: Fraction,
    /// Under a payout limit with a Trips wager, its expected net (else 0).
    pub trips_ev: Fraction,
    /// Under a payout limit, the expected amount it keeps per hand (else 0).
    pub withheld: Fraction,
    /// Whether the game was solved under a payout limit.
    pub limited: bool,
    /// Every distinct outcome.
    pub return_table: Vec<ReturnLine>,
}

impl GameSummary {
    /// Standard deviation of the net result per hand, in Antes.
    pub fn std_dev(&self) -> f64 {
        self.variance.sqrt_to_f64()
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
            Action::Fold => "fold".to_string(),
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
        let mut text = match self.blind_hand {
            _ if self.action == Action::Fold => action,
            Some(hand) => format!(
                "{action}, {kind}, Blind pays {}",
                hand.name().replace('_', " ")
            ),
            None => format!("{action}, {kind}"),
        };
        if let Some(hand) = self.trips_hand {
            text += &format!(", Trips pays {}", hand.name().replace('_', " "));
        }
        if self.withheld.is_positive() {
            let s = if self.withheld == Fraction::ONE {
                ""
            } else {
                "s"
            };
            text += &format!(", capped (limit keeps {} Ante{s})", self.withheld);
        }
        text
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
        // Under a payout limit with Trips, the Trips wager is wagered too.
        let trips_amount = match &self.payoffs.limited {
            Some(limited) => limited
                .rules
                .trips
                .as_ref()
                .map(|(_, amount)| amount.clone()),
            None => None,
        }
        .unwrap_or(Fraction::ZERO);
        let expected_value = weigh(&|l| l.total());
        let second_moment = weigh(&|l| l.total() * l.total());
        let average_total_wager =
            weigh(&|l| Fraction::from_int(2 + l.action.play() as i128) + &trips_amount);
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
            house_edge_per_initial_wager: loss.clone() / (Fraction::from_int(2) + &trips_amount),
            element_of_risk: loss / average_total_wager.clone(),
            variance: second_moment - &expected_value * &expected_value,
            average_total_wager,
            action_probabilities,
            ante_ev: weigh(&|l| l.net.ante.clone()),
            blind_ev: weigh(&|l| l.net.blind.clone()),
            play_ev: weigh(&|l| l.net.play.clone()),
            trips_ev: weigh(&|l| l.trips.clone()),
            withheld: weigh(&|l| l.withheld.clone()),
            limited: self.payoffs.limited.is_some(),
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
                let net = l.total();
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
            .filter(|l| l.total().is_positive())
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
            // Figures about a seen-card case are not this result's.
            published: blind_table
                .published
                .iter()
                .filter(|p| p.case.is_none())
                .cloned()
                .collect(),
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
                wager_ev: {
                    let mut ev = vec![
                        ("ante".to_string(), self.ante_ev.clone()),
                        ("blind".to_string(), self.blind_ev.clone()),
                        ("play".to_string(), self.play_ev.clone()),
                    ];
                    if self.limited {
                        if !self.trips_ev.is_zero() {
                            ev.push(("trips".to_string(), self.trips_ev.clone()));
                        }
                        ev.push(("payout_limit".to_string(), -self.withheld.clone()));
                    }
                    ev
                },
            }),
        }
    }
}
