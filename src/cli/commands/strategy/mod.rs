//! `uth-edge strategy`, its one home: the flags ([`StrategyArgs`]), the
//! one typed value parsed once from them ([`Strategy`]: the table and the
//! question, `parse.rs`, no work there) and the run of each question
//! (`run.rs`): the optimal chart, one decision's exact EVs (with dead
//! cards out of the deck, or given seen cards), the preflop chart given
//! seen dealer cards or dead cards, or any of these under a payout limit;
//! and a strategy file's decision at a spot beside the optimal one
//! (`--with`).

mod parse;
mod run;

pub use run::run;

use super::payout_limit::{LimitRun, PayoutLimitArgs};
use crate::cli::args::TableJsonOutputArgs;
use clap::Args;
use uth_edge::cards::{Card, CardSet};
use uth_edge::exact::seen::Variant;
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::FileStrategy;

#[derive(Args)]
pub struct StrategyArgs {
    /// The Blind pay table: built-in id or TOML file path. Default: blind-a.
    #[arg(long = "blind", value_name = "ID|PATH|-", default_value = "blind-a")]
    pub blind: String,
    /// Cards as three groups: the player's two cards, then optionally the
    /// three flop cards, then optionally the turn and river
    /// (e.g. `AsKd`, `AsKd Qh7c2d`, `AsKd Qh7c2d Tc4s`).
    #[arg(value_name = "HOLE [FLOP [TURNRIVER]]", num_args = 0..=3)]
    pub cards: Vec<String>,
    /// Game protection: the dealer hole card(s) the player has seen (one or
    /// two, e.g. `5c` or `5c9d`); answers HOLE's preflop decision given them.
    #[arg(long = "seen-dealer", value_name = "CARDS")]
    pub seen_dealer: Option<String>,
    /// Game protection: one flop card seen before the preflop decision.
    #[arg(long = "seen-flop", value_name = "CARD")]
    pub seen_flop: Option<String>,
    /// Game protection: one turn/river card seen before the preflop decision.
    #[arg(long = "seen-turnriver", value_name = "CARD")]
    pub seen_turnriver: Option<String>,
    /// Game protection: one turn/river card will be seen after the preflop
    /// decision (known at the flop): answers the preflop decision that
    /// knows only the seen dealer cards (no card to give: the preflop
    /// decision cannot depend on it).
    #[arg(long = "turnriver-at-flop")]
    pub turnriver_at_flop: bool,
    /// Game protection: cards known to be out of the deck (partners' hole
    /// cards, an exposed card), e.g. `Ah5s`; answers the decision of HOLE
    /// [FLOP [TURNRIVER]] exactly without them, or without cards the
    /// preflop chart given them (1 to 10 dead cards; its cost first).
    #[arg(long = "dead", value_name = "CARDS")]
    pub dead: Option<String>,
    /// With --dead, for checking on a small deck: the N highest cards (a
    /// multiple of 4 from 16 to 52: 16 is jack to ace). Default: 52.
    #[arg(long = "deck", value_name = "N")]
    pub deck: Option<u32>,
    /// A strategy to hold against the optimal one at the spot of HOLE
    /// [FLOP [TURNRIVER]]: a shipped name (wizard, timid, ...) or a
    /// strategy file. Says which rule decided, the file's action and the
    /// optimal one, with the exact EV of each.
    #[arg(long = "with", value_name = "NAME|FILE")]
    pub with: Option<String>,
    #[command(flatten)]
    pub limit: PayoutLimitArgs,
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

/// What `strategy` answers, parsed once from its flags
/// ([`Strategy::from_args`]): checked, nothing computed yet.
pub enum Strategy {
    /// The chart (no cards) or one decision's exact EVs (the cards of the
    /// query: hole, flop, turn and river as given).
    Decision { table: PayTable, cards: Vec<Card> },
    /// One decision with dead cards out of the deck (at least one, or a
    /// preflop decision on a `--deck` of fewer cards).
    DeadCards {
        table: PayTable,
        cards: Vec<Card>,
        dead: Vec<Card>,
        deck: CardSet,
    },
    /// The preflop chart with dead cards out of `deck` (none: the base
    /// chart, with its EVs, on `deck`).
    DeadChart {
        table: PayTable,
        dead: Vec<Card>,
        deck: CardSet,
    },
    /// The preflop decision of one hand given seen cards (the dealer's, and
    /// a board card when `variant` sees one).
    Seen {
        table: PayTable,
        hole: Vec<Card>,
        dealer: Vec<Card>,
        variant: Variant,
        board_card: Option<Card>,
    },
    /// The preflop chart given the seen dealer cards (one or two).
    SeenChart {
        table: PayTable,
        dealer: Vec<Card>,
        variant: Variant,
    },
    /// The chart or one hand's decisions under a payout limit per hand
    /// (`--payout-limit`), from the limited solve.
    PayoutLimited { run: LimitRun, cards: Vec<Card> },
    /// One decision of a strategy file (`--with`) beside the optimal one.
    With {
        table: PayTable,
        cards: Vec<Card>,
        file: Box<FileStrategy>,
    },
}
