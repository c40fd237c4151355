//! The flags of the base game's commands: `game` (the solve, the seen-card
//! and dead-card cases, a payout limit) and `strategy` (the decisions at a
//! spot).

use super::{dead_cards, money_rules, OutputArgs, TableJsonOutputArgs};
use clap::Args;

#[derive(Args)]
pub struct GameArgs {
    /// A Blind pay table: built-in id (blind-a, blind-b) or TOML file path;
    /// repeat for several. Default: blind-a, blind-b.
    #[arg(long = "blind", value_name = "ID|PATH|-")]
    pub blinds: Vec<String>,
    /// Print the time of each stage (river table, each solve) and the peak
    /// memory on standard error.
    #[arg(long)]
    pub timing: bool,
    /// Evaluate this strategy exactly instead of the best play: a shipped
    /// name (wizard, timid, never-4x, pairs-and-aces, always-river; see
    /// `uth-edge strategies`), a strategy file (docs/strategy-format.md),
    /// or optimal (the default).
    #[arg(long = "strategy", value_name = "NAME|FILE")]
    pub strategy: Option<String>,
    /// Game protection: the player sees cards he should not, e.g.
    /// `dealer:1` (one dealer hole card), `dealer:2`, `flop:1` (one flop
    /// card before the preflop decision), `turnriver:1` (one turn/river card
    /// before the preflop decision), `turnriver-at-flop:1` (one turn/river
    /// card seen only after the preflop decision, known at the flop), or
    /// combinations such as `dealer:1,flop:1`; repeat for several cases.
    /// Dead cards (out of the deck, known to the player): `exposed:1` (one
    /// card out of play) or `collude:K` (K = 1 to 6 players pool their hole
    /// cards; 4 to 6 only estimated, with --samples).
    /// Default Blind table: blind-a.
    #[arg(long = "seen", value_name = "CASE")]
    pub seen: Vec<String>,
    #[command(flatten)]
    pub limit: money_rules::PayoutLimitArgs,
    #[command(flatten)]
    pub dead: dead_cards::DeadArgs,
    #[command(flatten)]
    pub sample: dead_cards::SampleArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

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
    #[command(flatten)]
    pub limit: money_rules::PayoutLimitArgs,
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

impl StrategyArgs {
    /// Whether any card seen is given (`--seen-dealer`, `--seen-flop`,
    /// `--seen-turnriver`, `--turnriver-at-flop`).
    pub fn sees_cards(&self) -> bool {
        self.seen_dealer.is_some()
            || self.seen_flop.is_some()
            || self.seen_turnriver.is_some()
            || self.turnriver_at_flop
    }
}
