//! Pay tables: the data model shared by every engine, and its files.
//!
//! This module holds the model; [`reader`] reads and validates the TOML
//! files, `builtin` lists the tables built into the binary, `error` says
//! what can be wrong with a file and `published` reads published figures.
//!
//! A pay table says, for one wager, what each paying hand wins. Tables are
//! data: TOML files in `paytables/`, one per table, built into the binary
//! with `include_str!` so that the tool runs from any directory
//! ([`PayTable::builtin`], [`PayTable::builtin_ids`]). Wherever the tool
//! accepts a table id it also accepts the path of such a file
//! ([`PayTable::resolve`]).
//!
//! # File format
//! ```toml
//! id = "six-card-a"                  # the name the tool reports
//! title = "Six Card Bonus, ..."      # for people
//! wager = "six_card_bonus"           # trips | blind | six_card_bonus | progressive | bad_beat | ultimate_pairs
//! source = "COMAR 36.05.16.12E(1)"  # document and section
//! rules_version = "2014 amendments"  # optional: the rules' version assumed
//! notes = ["...", "..."]             # optional: the document's notes
//!
//! [pays]                             # hand name = award
//! super_royal_diamonds = { dollars = 1_000_000 }  # fixed dollar award
//! royal_flush = "1000 to 1"          # odds "WIN to PER", e.g. "3 to 2"
//!
//! [[published]]                      # optional, repeatable
//! name = "house edge"
//! value = "0.90%"                    # as printed
//! definition = "..."                 # optional: only if the document states it
//! source = "Washington State rules, pay tables"  # where it was published
//! note = "..."                       # optional
//! measure = "per_ante"               # optional: the one definition it follows
//! known_discrepancy = "..."          # optional: why it is not reproduced (not empty)
//! case = "dealer:1"                  # optional, Blind tables only: a figure
//!                                    # for a player who sees cards (game
//!                                    # protection), checked by `check
//!                                    # --seen-results`
//! ```
//! Rule options, each for one wager only (see the README for the full
//! format):
//! ```toml
//! rule = "must_beat_dealer"          # trips: paid only when the hand beats the
//!                                    # dealer's; "standard" (default): always
//! pays_on = ["player_losing_hand", "dealer_beaten_hand"]  # bad_beat (default: both)
//! hand = "hole_and_flop"             # progressive: or "best_of_seven"
//! wager_returned = true              # progressive: false = awards "for 1"
//!
//! [[envy]]                           # progressive, repeatable: Envy Bonus
//! wager = 1                          # for a Progressive wager of $1
//! royal_flush = { dollars = 1_000 }  # per other player holding one
//! ```
//! A progressive table may pay `{ meter_percent = P }` (P% of the meter) and
//! `{ dollars = N }`, and state its meters (`[[meter]]`, see [`meters`]).
//!
//! Hand names are the category names of [`HandCategory::name`]
//! (`royal_flush` .. `high_card`) and, for Six Card Bonus tables only,
//! `super_royal` (A-K-Q-J-10-9 of any one suit) or `super_royal_clubs`,
//! `_diamonds`, `_hearts`, `_spades` (of that suit). Ultimate Pairs Bonus
//! tables name two-card hands instead (`"AK suited" = "25 to 1"`,
//! `"pair 2-10"`, `"AA with dealer AA"`: see [`two_card`]); a deal matched by
//! several of their lines is paid by the highest-paying one. A hand that is not
//! listed does not pay: it loses the Trips and Six Card Bonus wagers and
//! pushes the Blind. A Six Card Bonus table with no Super Royal line for a
//! suit pays that Super Royal as the royal flush it holds.
//!
//! # Validation
//! Loading never panics. Every defect is a [`PayTableError`] of one line that
//! names the file (with the line where the file has one), the key and the
//! value: a TOML syntax error or duplicate key, an unknown key, an unknown
//! wager or hand name, a Super Royal or dollar award outside a Six Card Bonus
//! table, overlapping Super Royal lines, malformed or non-positive odds or
//! dollars, a table with no paying hand, a missing file, an id with
//! whitespace or a control character, a `[[published]]` value that is not a
//! printed number, a figure beyond the limits listed in [`reader`] (e.g. at
//! most 10^12 on either side of odds), and (with
//! [`PayTable::expect_wager`]) a table used for the wrong wager. Every
//! figure of an accepted table is computed exactly, at any size.

use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
pub use crate::money::group_thousands;
use serde::Deserialize;
use std::fmt;
use std::path::Path;

mod builtin;
pub mod digest;
mod error;
pub mod meters;
mod published;
pub mod reader;
mod rules;
pub mod two_card;

pub use builtin::VARIANTS;
use builtin::{builtin_origin, builtin_wagers, BUILTIN};
pub(crate) use error::one_line;
pub use error::{PayTableError, Place};
pub use meters::Meter;
pub use published::{entry_problem, FigureSide, PrintedValue};
pub use rules::{BadBeatWay, EnvySchedule, ProgressiveHand, Rules, TripsRule};
use std::borrow::Cow;
pub use two_card::{ClassSet, TwoCardHand};

/// The wager a pay table applies to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WagerKind {
    /// The Trips wager.
    Trips,
    /// The Blind wager.
    Blind,
    /// The Six Card Bonus wager.
    SixCardBonus,
    /// The Progressive Payout wager with its Envy Bonus (COMAR 36.05.16.12D).
    Progressive,
    /// The Bad Beat bonus (Washington State rules).
    BadBeat,
    /// The Ultimate Pairs Bonus, on the player's two cards (and, for a line
    /// that says so, the dealer's) (Washington State rules).
    UltimatePairs,
}

impl WagerKind {
    /// All wagers that have pay tables.
    pub const ALL: [WagerKind; 6] = [
        WagerKind::Trips,
        WagerKind::Blind,
        WagerKind::SixCardBonus,
        WagerKind::Progressive,
        WagerKind::BadBeat,
        WagerKind::UltimatePairs,
    ];

    /// The name used in pay-table files and machine-readable output.
    pub fn name(self) -> &'static str {
        match self {
            WagerKind::Trips => "trips",
            WagerKind::Blind => "blind",
            WagerKind::SixCardBonus => "six_card_bonus",
            WagerKind::Progressive => "progressive",
            WagerKind::BadBeat => "bad_beat",
            WagerKind::UltimatePairs => "ultimate_pairs",
        }
    }

    /// The wager with the given [`name`](Self::name).
    pub fn from_name(name: &str) -> Option<WagerKind> {
        WagerKind::ALL.into_iter().find(|w| w.name() == name)
    }
}

impl fmt::Display for WagerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Names of the suits in card order (see [`crate::cards`]: clubs, diamonds,
/// hearts, spades), as used in `super_royal_<suit>`.
pub const SUIT_NAMES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// A hand a pay table can name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PayingHand {
    /// Any hand of this category (for the Six Card Bonus, a royal flush that
    /// is not a Super Royal).
    Category(HandCategory),
    /// A-K-Q-J-10-9 of one suit (Six Card Bonus tables only). As a pay line:
    /// of any suit.
    SuperRoyal,
    /// A-K-Q-J-10-9 of the given suit (`0..4`, card order: clubs, diamonds,
    /// hearts, spades). As a pay line: of that suit only; as a hand to
    /// settle, the Super Royal the six cards hold.
    SuperRoyalOf(usize),
    /// Two-card hands of the player, and perhaps of the dealer (Ultimate
    /// Pairs Bonus tables only).
    TwoCards(TwoCardHand),
}

impl PayingHand {
    /// Every hand of a fixed name a pay table can name, strongest first
    /// (not the two-card hands of Ultimate Pairs tables, which are written
    /// as [`TwoCardHand`]s).
    pub fn all() -> Vec<PayingHand> {
        let mut all = vec![PayingHand::SuperRoyal];
        all.extend((0..4).map(PayingHand::SuperRoyalOf));
        all.extend(
            HandCategory::ALL
                .iter()
                .rev()
                .map(|&c| PayingHand::Category(c)),
        );
        all
    }

    /// The name used in pay-table files and machine-readable output (for a
    /// two-card hand, its canonical form, [`TwoCardHand::name`]).
    pub fn name(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            PayingHand::Category(c) => c.name(),
            PayingHand::SuperRoyal => "super_royal",
            PayingHand::SuperRoyalOf(0) => "super_royal_clubs",
            PayingHand::SuperRoyalOf(1) => "super_royal_diamonds",
            PayingHand::SuperRoyalOf(2) => "super_royal_hearts",
            PayingHand::SuperRoyalOf(_) => "super_royal_spades",
            PayingHand::TwoCards(hand) => return Cow::Owned(hand.name()),
        })
    }

    /// The hand of a fixed name with the given [`name`](Self::name) (two-card
    /// hands are read by [`TwoCardHand::parse`]).
    pub fn from_name(name: &str) -> Option<PayingHand> {
        PayingHand::all().into_iter().find(|h| h.name() == name)
    }

    /// Whether this is a Super Royal (of any or of one suit).
    pub fn is_super_royal(self) -> bool {
        matches!(self, PayingHand::SuperRoyal | PayingHand::SuperRoyalOf(_))
    }

    /// Order of display: Super Royals first (any suit, then clubs to
    /// spades), then categories from the royal flush down.
    fn display_order(self) -> usize {
        match self {
            PayingHand::SuperRoyal => 0,
            PayingHand::SuperRoyalOf(s) => 1 + s,
            PayingHand::Category(c) => 5 + (HandCategory::RoyalFlush.index() - c.index()),
            // Ultimate Pairs lines are ordered by award (see the reader).
            PayingHand::TwoCards(_) => 5 + HandCategory::COUNT,
        }
    }
}

impl fmt::Display for PayingHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PayingHand::Category(c) => write!(f, "{c}"),
            PayingHand::SuperRoyal => f.write_str("Super Royal"),
            PayingHand::SuperRoyalOf(s) => {
                write!(f, "Super Royal of {}", SUIT_NAMES.get(*s).unwrap_or(&"?"))
            }
            PayingHand::TwoCards(hand) => f.write_str(&hand.name()),
        }
    }
}

/// What a paying hand wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Award {
    /// `win` to `per`, e.g. 3 to 2: the wager is returned and wins
    /// `wager * win / per`.
    Odds {
        /// Units won on `per` units wagered.
        win: u64,
        /// Units wagered (the `2` of 3 to 2).
        per: u64,
    },
    /// A fixed amount in dollars, whatever the wager; the wager is returned.
    Fixed {
        /// The amount, in dollars.
        dollars: u64,
    },
    /// `percent`% of a progressive meter (Progressive tables only).
    Meter {
        /// The share of the meter, in percent.
        percent: u64,
        /// Which meter: an index into [`Rules::meters`] (0 for the single
        /// meter of a table without `[[meter]]`).
        meter: usize,
    },
}

impl Award {
    /// The net win of a winning wager of `wager` (in dollars or units).
    /// Panics on a [`Award::Meter`] award, which needs the meter: see
    /// [`win_at_meter`](Self::win_at_meter).
    pub fn win_on(self, wager: Fraction) -> Fraction {
        self.win_at_meter(wager, None)
    }

    /// The amount an award pays on a wager of `wager` with the progressive
    /// meter at `meter` dollars (needed only by [`Award::Meter`] awards;
    /// panics if it is `None` for one).
    pub fn win_at_meter(self, wager: Fraction, meter: Option<Fraction>) -> Fraction {
        match self {
            Award::Odds { win, per } => wager * Fraction::new(win as i128, per as i128),
            Award::Fixed { dollars } => Fraction::from_int(dollars as i128),
            Award::Meter { percent, .. } => {
                meter.expect("a meter award is settled with the meter amount")
                    * Fraction::new(percent as i128, 100)
            }
        }
    }
}

impl fmt::Display for Award {
    /// `50 to 1`, or `$1,000,000` for a fixed award.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Award::Odds { win, per } => write!(f, "{win} to {per}"),
            Award::Fixed { dollars } => write!(f, "${}", group_thousands(*dollars)),
            Award::Meter { percent, meter: 0 } => write!(f, "{percent}% of meter"),
            Award::Meter { percent, meter } => write!(f, "{percent}% of meter {}", meter + 1),
        }
    }
}

/// One line of a pay table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PayLine {
    /// The paying hand.
    pub hand: PayingHand,
    /// What it wins.
    pub award: Award,
}

/// A figure published for a pay table, to be checked.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublishedFigure {
    /// What the figure is, e.g. "house edge".
    pub name: String,
    /// The printed value, as printed (e.g. "0.90%").
    pub value: String,
    /// The definition, where the publisher stated it.
    #[serde(default)]
    pub definition: Option<String>,
    /// Where it was published.
    pub source: String,
    /// What the project knows or doubts about the figure.
    #[serde(default)]
    pub note: Option<String>,
    /// The id of the one definition the figure is known to follow (see
    /// `uth-edge check`); without it every standard definition is tried.
    #[serde(default)]
    pub measure: Option<String>,
    /// Why the figure is known not to be reproduced. `uth-edge check` then
    /// reports a known discrepancy instead of failing.
    #[serde(default)]
    pub known_discrepancy: Option<String>,
    /// For a figure about a player who sees cards he should not (game
    /// protection): the case, named as `uth-edge game --seen` names it
    /// (`dealer:1`, `dealer:1,flop:1`). Such a figure is not one of the
    /// table's own results: `uth-edge check --seen-results FILE` checks it
    /// against the committed seen-card results.
    #[serde(default)]
    pub case: Option<String>,
}

/// A pay table.
#[derive(Clone, PartialEq, Debug)]
pub struct PayTable {
    /// The table's id (the file's `id` key).
    pub id: String,
    /// The table's title.
    pub title: String,
    /// The wager the table pays.
    pub wager: WagerKind,
    /// The paying hands, strongest first.
    pub lines: Vec<PayLine>,
    /// Source document and section.
    pub source: String,
    /// The version of the rules document the table's figures assume (its
    /// edition, amendment or date), when the file states one
    /// (`rules_version`). Not part of the contents' digest: it changes no
    /// figure.
    pub rules_version: Option<String>,
    /// Figures published for the table, to check.
    pub published: Vec<PublishedFigure>,
    /// The source documents' notes on the table, as recorded in the file.
    pub notes: Vec<String>,
    /// The rule options (defaults where the file sets none).
    pub rules: Rules,
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

    /// The line naming exactly this hand, if any.
    pub fn line_for(&self, hand: PayingHand) -> Option<PayLine> {
        self.lines.iter().find(|l| l.hand == hand).copied()
    }

    /// The ids of the built-in tables, in order.
    pub fn builtin_ids() -> Vec<&'static str> {
        BUILTIN.iter().map(|b| b.0).collect()
    }

    /// The ids of the built-in tables for one wager, in order.
    pub fn builtin_ids_for(wager: WagerKind) -> Vec<&'static str> {
        builtin_wagers()
            .iter()
            .filter(|(_, kind)| *kind == Some(wager))
            .map(|(id, _)| *id)
            .collect()
    }

    /// The ids of the built-in tables a command uses for `wager` when no
    /// table is named: all of the wager's tables but the rule variants
    /// ([`VARIANTS`], such as `uth-florida`), which are used by name.
    pub fn default_ids_for(wager: WagerKind) -> Vec<&'static str> {
        PayTable::builtin_ids_for(wager)
            .into_iter()
            .filter(|id| !VARIANTS.contains(id))
            .collect()
    }

    /// The built-in table with this id, if there is one. (Its file is
    /// checked by the tests; an error here is a defect of the build.)
    pub fn builtin(id: &str) -> Option<Result<PayTable, PayTableError>> {
        BUILTIN
            .iter()
            .find(|b| b.0 == id)
            .map(|b| PayTable::from_toml(b.1, &builtin_origin(id)))
    }

    /// The TOML text of the built-in table with this id, as shipped in
    /// `paytables/` (a template for a new table).
    pub fn builtin_text(id: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|b| b.0 == id).map(|b| b.1)
    }

    /// The built-in table with this id, or else the table in the file at
    /// this path. A name that is not a built-in id and names no file is an
    /// [`PayTableError::Unknown`] error, unless it looks like a path (holds a
    /// `/` or ends in `.toml`), which is then reported as unreadable.
    pub fn resolve(id_or_path: &str) -> Result<PayTable, PayTableError> {
        if let Some(table) = PayTable::builtin(id_or_path) {
            return table;
        }
        let path = Path::new(id_or_path);
        let looks_like_path = id_or_path.contains(['/', '\\']) || id_or_path.ends_with(".toml");
        if path.exists() || looks_like_path {
            PayTable::load(path)
        } else {
            Err(PayTableError::Unknown {
                name: one_line(id_or_path),
                builtins: PayTable::builtin_ids().join(", "),
            })
        }
    }

    /// [`resolve`](Self::resolve), then [`expect_wager`](Self::expect_wager).
    pub fn resolve_for(id_or_path: &str, wager: WagerKind) -> Result<PayTable, PayTableError> {
        let origin = match PayTable::builtin(id_or_path) {
            Some(_) => builtin_origin(id_or_path),
            None => id_or_path.to_string(),
        };
        PayTable::resolve(id_or_path)?.expect_wager(wager, &origin)
    }

    /// The table in the file at `path`.
    pub fn load(path: &Path) -> Result<PayTable, PayTableError> {
        let origin = path.display().to_string();
        let text = crate::input_file::read_file(
            path,
            crate::input_file::FileKind::PayTable,
            crate::input_file::PAY_TABLE_LIMIT,
        )
        .map_err(|e| PayTableError::Read {
            path: one_line(&origin),
            reason: e.to_string(),
        })?;
        PayTable::from_toml(&text, &origin)
    }

    /// This table if it is for `wager`; else a [`PayTableError::WrongWager`]
    /// naming the table's file (`origin`).
    pub fn expect_wager(self, wager: WagerKind, origin: &str) -> Result<PayTable, PayTableError> {
        if self.wager == wager {
            Ok(self)
        } else {
            Err(PayTableError::WrongWager {
                origin: one_line(origin),
                id: self.id,
                found: self.wager,
                expected: wager,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_names_round_trip() {
        for hand in PayingHand::all() {
            assert_eq!(PayingHand::from_name(&hand.name()), Some(hand));
        }
        assert_eq!(PayingHand::all().len(), 15);
    }
}
