//! Pay tables: the data model shared by every engine.
//!
//! A pay table says, for one wager, what each paying hand wins. Tables are
//! data (TOML files in `paytables/`, built into the binary); this module holds
//! the model that the settlement rules and the engines read.
//!
//! (Loading, validation and the built-in tables are being written; the model
//! below is the contract the engines rely on.)

use crate::evaluator::HandCategory;
use crate::fraction::Fraction;

/// The wager a pay table applies to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WagerKind {
    Trips,
    Blind,
    SixCardBonus,
}

/// A hand a pay table can name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PayingHand {
    /// Any hand of this category (for the Six Card Bonus, a royal flush that
    /// is not a Super Royal).
    Category(HandCategory),
    /// A-K-Q-J-10-9 of one suit (Six Card Bonus tables only).
    SuperRoyal,
}

/// What a paying hand wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Award {
    /// `win` to `per`, e.g. 3 to 2: the wager is returned and wins
    /// `wager * win / per`.
    Odds { win: u64, per: u64 },
    /// A fixed amount in dollars, whatever the wager; the wager is returned.
    Fixed { dollars: u64 },
}

impl Award {
    /// The net win of a winning wager of `wager` (in dollars or units).
    pub fn win_on(self, wager: Fraction) -> Fraction {
        match self {
            Award::Odds { win, per } => wager * Fraction::new(win as i128, per as i128),
            Award::Fixed { dollars } => Fraction::from_int(dollars as i128),
        }
    }
}

/// One line of a pay table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PayLine {
    pub hand: PayingHand,
    pub award: Award,
}

/// A figure published for a pay table, to be checked.
#[derive(Clone, PartialEq, Debug)]
pub struct PublishedFigure {
    /// What the figure is, e.g. "house edge".
    pub name: String,
    /// The printed value, as printed (e.g. "0.90%").
    pub value: String,
    /// The definition, where the publisher stated it.
    pub definition: Option<String>,
    /// Where it was published.
    pub source: String,
}

/// A pay table.
#[derive(Clone, PartialEq, Debug)]
pub struct PayTable {
    pub id: String,
    pub title: String,
    pub wager: WagerKind,
    pub lines: Vec<PayLine>,
    /// Source document and section.
    pub source: String,
    pub published: Vec<PublishedFigure>,
}

impl PayTable {
    /// The award for a hand, if the table pays it.
    pub fn award_for(&self, hand: PayingHand) -> Option<Award> {
        self.lines.iter().find(|l| l.hand == hand).map(|l| l.award)
    }

    /// The award for a hand category, if the table pays it.
    pub fn award_for_category(&self, category: HandCategory) -> Option<Award> {
        self.award_for(PayingHand::Category(category))
    }
}
