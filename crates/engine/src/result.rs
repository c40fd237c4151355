//! What the engines return: the exact figures of a wager under one pay
//! table ([`WagerResult`]), with no formatting. Every exporter in
//! `report` (the documents crate) reads these; no engine imports an exporter.

use crate::fraction::Fraction;
use crate::rules::paytable::PublishedFigure;

/// One row of a result: the hands a pay line settles.
#[derive(Clone, PartialEq, Debug)]
pub struct ResultLine {
    /// The pay line's hand name (`royal_flush`, `super_royal_diamonds`, ...),
    /// or `other` for the hands no line pays.
    pub hand: String,
    /// Number of hands (deals) settled by this line.
    pub combinations: u64,
    /// `combinations / outcomes`.
    pub probability: Fraction,
    /// The award as written (`50 to 1`, `$100,000`), or `loses` / `push`.
    pub pays: String,
    /// This line's part of the expected net result, per unit wagered.
    pub contribution: Fraction,
}

/// The figures of one wager under one pay table (and, for wagers paid in
/// fixed dollar amounts, one wager amount).
#[derive(Clone, PartialEq, Debug)]
pub struct WagerResult {
    /// The wager's name: `trips`, `six_card_bonus`, ...
    pub wager: String,
    /// The pay table's id.
    pub paytable: String,
    /// The pay table's title.
    pub title: String,
    /// The amount wagered in dollars, where the figures depend on it.
    pub wager_amount: Option<Fraction>,
    /// Number of equally likely outcomes (deals) counted.
    pub outcomes: u64,
    /// The rows; their contributions add up to minus the house edge.
    pub lines: Vec<ResultLine>,
    /// Expected loss per unit wagered (negative: the player's advantage).
    pub house_edge: Fraction,
    /// Expected loss per unit of the total amount risked.
    pub element_of_risk: Fraction,
    /// Variance of the net result per unit wagered (squared units).
    pub variance: Fraction,
    /// Probability that the wager wins (net result above zero).
    pub hit_frequency: Fraction,
    /// Figures the pay table's documents publish, for comparison.
    pub published: Vec<PublishedFigure>,
    /// The base game's further figures (Ante, Blind and Play together).
    pub game: Option<GameFigures>,
    /// The pay table's rule option, where the wager has one: Trips
    /// `standard` / `must_beat_dealer`, the Bad Beat's ways to win
    /// (`player_losing_hand+dealer_beaten_hand`), the Progressive's hand
    /// (`hole_and_flop`, `best_of_seven`, with `, for_one` when awards do not
    /// return the wager).
    pub rule: Option<String>,
    /// The progressive meter, in dollars, where the figures depend on it.
    pub meter: Option<Fraction>,
    /// The number of other players at the table (Envy Bonus), where the
    /// figures depend on it.
    pub players: Option<u32>,
    /// Further exact figures of the result (e.g. the Progressive's
    /// break-even meters).
    pub figures: Vec<Figure>,
}

/// A named exact figure of a result beyond its house edge, e.g. a
/// break-even meter.
#[derive(Clone, PartialEq, Debug)]
pub struct Figure {
    /// What it is, e.g. `break_even_meter_3_other_players`.
    pub name: String,
    /// Its exact value.
    pub value: Fraction,
    /// Its unit, e.g. `dollars`.
    pub unit: String,
}

impl WagerResult {
    /// Standard deviation of the net result per unit wagered.
    pub fn std_dev(&self) -> f64 {
        self.variance.sqrt_to_f64()
    }
}

/// Figures only the base game has. Its [`WagerResult`] is per Ante: the
/// `house_edge` is per Ante, the `lines` are the return table (every
/// distinct outcome, `pays` = its net result in Antes).
#[derive(Clone, PartialEq, Debug)]
pub struct GameFigures {
    /// Expected loss per initial wager (Ante + Blind).
    pub house_edge_per_initial_wager: Fraction,
    /// Average total amount wagered (Ante + Blind + Play), in Antes.
    pub average_total_wager: Fraction,
    /// `(action, probability)`: raise_4x, raise_3x, raise_2x, raise_1x, fold.
    pub action_probabilities: Vec<(String, Fraction)>,
    /// `(wager, expected net in Antes)`: ante, blind, play.
    pub wager_ev: Vec<(String, Fraction)>,
}
