//! Strategies as data: a TOML strategy file (docs/strategy-format.md) read
//! into a [`FileStrategy`], a [`Strategy`] like any other, so that the
//! solver evaluates it exactly ([`crate::exact::game::evaluate_policy`]
//! through [`AsPolicy`](crate::strategy::AsPolicy)) and the sampler plays it.
//!
//! - preflop: the 4x and 3x lists in the hand-range notation players use
//!   (`range.rs`), every other hand checks;
//! - flop and river: ordered rules, the first that matches deciding, each a
//!   conjunction of predicates over the cards seen (`predicate.rs`,
//!   `rules.rs`), and a default action.
//!
//! Nothing in the format names a suit (a suit named is refused), so every
//! file strategy is suit-symmetric by construction. The shipped files
//! (`strategies/*.toml`, built in by name like the pay tables) are
//! [`BUILTIN`]. Every refusal is one line naming the file, the field and
//! the value ([`StrategyFileError`]), before any work.

pub mod digest;
mod error;
mod predicate;
pub mod published;
mod range;
mod rules;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_predicates;

pub use error::StrategyFileError;
pub use predicate::{Predicate, RiverBoard, Seen, KEYS};
pub use published::StrategyFigure;
pub use range::{parse_range, HandClass};
pub use rules::{Rule, Stage};

use super::{FlopChoice, PreflopChoice, RiverChoice, Strategy};
use crate::cards::{Card, RANKS};
use crate::exact::game::Decider as StageDecider;
use crate::exact::game::{Action, Decision};
use crate::input_file::{read_file, FileKind};
use crate::message::shown;
use std::path::Path;
use std::sync::OnceLock;

/// The most bytes read from a strategy file: 1 MiB (a shipped file is
/// under 3 KB).
pub const STRATEGY_FILE_LIMIT: u64 = 1 << 20;

/// The shipped strategy files: name and text (`include_str!` of
/// `strategies/*.toml`, so the tool runs from any directory).
pub const BUILTIN: [(&str, &str); 8] = [
    (
        "wizard",
        include_str!("../../../../../strategies/wizard.toml"),
    ),
    (
        "timid",
        include_str!("../../../../../strategies/timid.toml"),
    ),
    (
        "never-4x",
        include_str!("../../../../../strategies/never-4x.toml"),
    ),
    (
        "pairs-and-aces",
        include_str!("../../../../../strategies/pairs-and-aces.toml"),
    ),
    (
        "always-river",
        include_str!("../../../../../strategies/always-river.toml"),
    ),
    (
        "wizard-ties",
        include_str!("../../../../../strategies/wizard-ties.toml"),
    ),
    (
        "wizard-board-trips",
        include_str!("../../../../../strategies/wizard-board-trips.toml"),
    ),
    (
        "wizard-pair-plays",
        include_str!("../../../../../strategies/wizard-pair-plays.toml"),
    ),
];

/// A strategy read from a file.
#[derive(Clone, Debug)]
pub struct FileStrategy {
    name: String,
    description: String,
    /// The preflop choice of each hand class: `[high][low]` suited when
    /// `high > low`, `[low][high]` offsuit, `[r][r]` the pair.
    preflop: [[PreflopChoice; RANKS]; RANKS],
    /// The flop rules (raise: 2x).
    pub flop: Stage,
    /// The river rules (raise: 1x; otherwise fold).
    pub river: Stage,
    /// The figures published for the strategy (`[[published]]`).
    published: Vec<StrategyFigure>,
}

/// What decided a strategy file's decision at a spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// The preflop list naming the hand: `raise_4x` or `raise_3x`.
    PreflopList(&'static str),
    /// No preflop list names the hand: it checks.
    PreflopUnlisted,
    /// The rule of this index (from 0) of the flop or river section: the
    /// first whose conditions all hold.
    Rule(usize),
    /// No rule of the section matched: its `default`.
    Default,
}

/// A strategy file's decision at one spot and what decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileDecision {
    /// The decision, as the solver names them.
    pub decision: Decision,
    /// The list, rule or default that decided.
    pub decider: Decider,
}

/// The place of a hand class in the preflop grid.
fn grid(class: HandClass) -> (usize, usize) {
    if class.suited {
        (class.high, class.low)
    } else {
        (class.low, class.high)
    }
}

impl FileStrategy {
    /// The shipped file `name` (`wizard`, `timid`, ...), if there is one:
    /// read once a process (the text is part of the binary), a copy of
    /// that reading returned (a copy costs a few thousand instructions, a
    /// reading about 360,000).
    pub fn builtin(name: &str) -> Option<FileStrategy> {
        static READ: [OnceLock<FileStrategy>; BUILTIN.len()] =
            [const { OnceLock::new() }; BUILTIN.len()];
        let index = BUILTIN.iter().position(|(id, _)| *id == name)?;
        let strategy = READ[index].get_or_init(|| {
            let (id, text) = BUILTIN[index];
            let origin = format!("strategies/{id}.toml (built in)");
            FileStrategy::from_toml(text, &origin).expect("a shipped strategy file reads")
        });
        Some(strategy.clone())
    }

    /// The text of the shipped file `name`.
    pub fn builtin_text(name: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|(id, _)| *id == name).map(|(_, t)| *t)
    }

    /// A shipped strategy by name, else the file at that path, read whole
    /// (registered as an input of the run) and checked.
    pub fn resolve(name_or_path: &str) -> Result<FileStrategy, StrategyFileError> {
        FileStrategy::resolve_among(name_or_path, &[])
    }

    /// [`resolve`](Self::resolve) for a flag that takes the names `others`
    /// too (`optimal`, which the caller handles): a path that names no
    /// file is refused listing every name the flag takes, `others` first.
    pub fn resolve_among(
        name_or_path: &str,
        others: &[&str],
    ) -> Result<FileStrategy, StrategyFileError> {
        if let Some(strategy) = FileStrategy::builtin(name_or_path) {
            return Ok(strategy);
        }
        let text = read_file(
            Path::new(name_or_path),
            FileKind::Strategy,
            STRATEGY_FILE_LIMIT,
        )
        .map_err(|e| {
            let names: Vec<&str> = BUILTIN.iter().map(|(id, _)| *id).collect();
            let hint = if !e.is_not_found() {
                String::new()
            } else if others.is_empty() {
                format!(" (nor a shipped strategy: {})", names.join(", "))
            } else {
                format!(
                    " (nor a strategy by name: {}, {})",
                    others.join(", "),
                    names.join(", ")
                )
            };
            StrategyFileError::new(name_or_path, "file", format!("{e}{hint}"))
        })?;
        FileStrategy::from_toml(&text, name_or_path)
    }

    /// Reads and checks the text of a strategy file; `origin` names it in
    /// the refusals.
    pub fn from_toml(text: &str, origin: &str) -> Result<FileStrategy, StrategyFileError> {
        let fail = |field: &str, message: String| StrategyFileError::new(origin, field, message);
        let table: toml::Table = toml::from_str(text).map_err(|e| {
            // The line of the span's first byte: one plus the line breaks
            // before it.
            let line = e.span().map_or(0, |s| {
                1 + text.as_bytes()[..s.start.min(text.len())]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count()
            });
            fail(&format!("line {line}"), e.message().trim().to_string())
        })?;
        for key in table.keys() {
            if ![
                "name",
                "description",
                "source",
                "preflop",
                "flop",
                "river",
                "published",
            ]
            .contains(&key.as_str())
            {
                return Err(fail(
                    &shown(key),
                    "unknown field (a strategy file holds name, description, source, \
                     [preflop], [flop], [river], [[published]])"
                        .to_string(),
                ));
            }
        }
        let text_field = |key: &str, required: bool| match table.get(key) {
            Some(toml::Value::String(s)) => Ok(s.clone()),
            None if !required => Ok(String::new()),
            None => Err(fail(key, "missing".to_string())),
            Some(v) => Err(fail(
                key,
                format!("expected text, found {}", shown(&v.to_string())),
            )),
        };
        let name = text_field("name", true)?;
        let name_ok = !name.is_empty()
            && name.len() <= 40
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !name_ok || name == "optimal" {
            return Err(fail(
                "name",
                format!(
                    "'{}': expected 1 to 40 of a-z, 0-9 and -, not optimal (the solver's)",
                    shown(&name)
                ),
            ));
        }
        let description = text_field("description", false)?;
        text_field("source", false)?;
        let section = |key: &str| match table.get(key) {
            Some(toml::Value::Table(t)) => Ok(t),
            Some(_) => Err(fail(key, "expected a section [".to_string() + key + "]")),
            None => Err(fail(key, format!("missing section [{key}]"))),
        };
        let preflop = read_preflop(section("preflop")?, origin)?;
        let flop = Stage::read(section("flop")?, "flop", "check", origin)?;
        let river = Stage::read(section("river")?, "river", "fold", origin)?;
        let published = published::read_published(table.get("published"), &name, origin)?;
        Ok(FileStrategy {
            name,
            description,
            preflop,
            flop,
            river,
            published,
        })
    }

    /// What the file says the strategy is.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The figures published for the strategy (`[[published]]`), in the
    /// file's order.
    pub fn published(&self) -> &[StrategyFigure] {
        &self.published
    }

    /// The decision at the spot of `cards` (the two hole cards, then the
    /// flop, then the turn and river: 2, 5 or 7 cards, as `strategy`
    /// asks) and what decided it; `None` for another number of cards.
    pub fn decide(&self, cards: &[Card]) -> Option<FileDecision> {
        let hole = [*cards.first()?, *cards.get(1)?];
        let stage = match cards.len() {
            2 => {
                let choice = self.preflop(hole);
                let (decision, decider) = match choice {
                    PreflopChoice::Raise4x => (
                        Decision::Raise(Action::Raise4x),
                        Decider::PreflopList("raise_4x"),
                    ),
                    PreflopChoice::Raise3x => (
                        Decision::Raise(Action::Raise3x),
                        Decider::PreflopList("raise_3x"),
                    ),
                    PreflopChoice::Check => (Decision::Check, Decider::PreflopUnlisted),
                };
                return Some(FileDecision { decision, decider });
            }
            5 => (&self.flop, Action::Raise2x, Decision::Check),
            7 => (&self.river, Action::Raise1x, Decision::Fold),
            _ => return None,
        };
        let (rules, raise, other) = stage;
        let (raises, rule) = rules.decide(&Seen::new(hole, &cards[2..]));
        Some(FileDecision {
            decision: if raises {
                Decision::Raise(raise)
            } else {
                other
            },
            decider: rule.map_or(Decider::Default, Decider::Rule),
        })
    }

    /// The preflop choice of a hand class.
    pub fn preflop_of(&self, class: HandClass) -> PreflopChoice {
        let (i, j) = grid(class);
        self.preflop[i][j]
    }
}

/// The `[preflop]` section: every hand class's choice.
fn read_preflop(
    table: &toml::Table,
    origin: &str,
) -> Result<[[PreflopChoice; RANKS]; RANKS], StrategyFileError> {
    let mut grid_of = [[PreflopChoice::Check; RANKS]; RANKS];
    for key in table.keys() {
        if key != "raise_4x" && key != "raise_3x" {
            return Err(StrategyFileError::new(
                origin,
                &format!("preflop.{}", shown(key)),
                "unknown field (the preflop section holds raise_4x and raise_3x)",
            ));
        }
    }
    // The list each hand class was named in, by its place in the chart:
    // a lookup per class, whatever the length of the lists.
    let mut named_in: [[Option<&str>; 13]; 13] = [[None; 13]; 13];
    for (key, choice) in [
        ("raise_4x", PreflopChoice::Raise4x),
        ("raise_3x", PreflopChoice::Raise3x),
    ] {
        let field = format!("preflop.{key}");
        let text = match table.get(key) {
            None => continue,
            Some(toml::Value::String(s)) => s,
            Some(v) => {
                return Err(StrategyFileError::new(
                    origin,
                    &field,
                    format!(
                        "expected a list in quotes (\"33+, A2+, JTo\"), found {}",
                        shown(&v.to_string())
                    ),
                ))
            }
        };
        let classes = parse_range(text).map_err(|m| StrategyFileError::new(origin, &field, m))?;
        for class in classes {
            let (i, j) = grid(class);
            if let Some(other) = named_in[i][j].filter(|k| *k != key) {
                return Err(StrategyFileError::new(
                    origin,
                    &field,
                    format!("{class} is also in preflop.{other}: a hand has one choice"),
                ));
            }
            named_in[i][j] = Some(key);
            grid_of[i][j] = choice;
        }
    }
    Ok(grid_of)
}

impl Strategy for FileStrategy {
    fn name(&self) -> &str {
        &self.name
    }

    fn preflop(&self, hole: [Card; 2]) -> PreflopChoice {
        self.preflop_of(HandClass::of(hole))
    }

    fn flop(&self, hole: [Card; 2], flop: [Card; 3]) -> FlopChoice {
        match self.flop.decide(&Seen::new(hole, &flop)).0 {
            true => FlopChoice::Raise2x,
            false => FlopChoice::Check,
        }
    }

    fn river(&self, hole: [Card; 2], board: [Card; 5]) -> RiverChoice {
        match self.river.decide(&Seen::new(hole, &board)).0 {
            true => RiverChoice::Raise1x,
            false => RiverChoice::Fold,
        }
    }

    fn is_suit_symmetric(&self) -> bool {
        true
    }

    fn river_by_classes(&self) -> bool {
        // Every river predicate but `hole_suited` reads ranks, the hand and
        // the dealer outs, which a pair of classes of cards decides
        // (`river_decisions_follow_the_pairs_of_classes`).
        !self.river.reads_hole_suits()
    }

    fn river_board(&self, board: [Card; 5], holes: &[[Card; 2]], choices: &mut [RiverChoice]) {
        let facts = RiverBoard::new(board, self.river.counts_outs());
        for (&hole, choice) in holes.iter().zip(choices) {
            *choice = match self.river.decide(&Seen::on_river(hole, &facts)).0 {
                true => RiverChoice::Raise1x,
                false => RiverChoice::Fold,
            };
        }
    }

    fn river_deciders(
        &self,
        board: [Card; 5],
        holes: &[[Card; 2]],
        deciders: &mut [StageDecider],
    ) -> bool {
        let facts = RiverBoard::new(board, self.river.counts_outs());
        for (&hole, decider) in holes.iter().zip(deciders) {
            *decider = match self.river.decide(&Seen::on_river(hole, &facts)).1 {
                Some(i) => StageDecider::Rule(i),
                None => StageDecider::Default,
            };
        }
        true
    }

    fn flop_decider(&self, hole: [Card; 2], flop: [Card; 3]) -> Option<StageDecider> {
        Some(match self.flop.decide(&Seen::new(hole, &flop)).1 {
            Some(i) => StageDecider::Rule(i),
            None => StageDecider::Default,
        })
    }
}
