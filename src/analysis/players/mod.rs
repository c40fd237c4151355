//! The players a casino has (issue 33): the exact base-game figures of each
//! strategy played ([`solve_players`]) and of a mix of players
//! ([`PlayerMix`], [`mix`]), for the `economics --players` part and the
//! report's "Hold under practical play".
//!
//! A player is `optimal` (the solver's best play) or a strategy file
//! (shipped or the user's); each is solved exactly once per Blind table,
//! the optimal one taken from the catalog's solve when it has one. The
//! strategy files are evaluated two a flop pass (one read of the river
//! table for both, [`evaluate_policies_totals`]); the passes run one after
//! the other: each already uses every core (it is parallel), so running
//! them side by side would only share the same cores.
//!
//! **The mix's figures are exact averages over the seat-hands**: a share
//! `s_i` of the seat-hands is played by strategy `i`, with house edge per
//! Ante `e_i`, average total wagered per hand `T_i` (Antes) and variance
//! per hand `v_i`. The mix's house edge per Ante is `Σ s_i e_i`; its
//! average amount wagered `Σ s_i T_i`; its house edge **per total
//! wagered** (the operator's hold per dollar wagered) is the ratio of the
//! two, `Σ s_i e_i / Σ s_i T_i`, not the average of the players' ratios:
//! a player who raises more puts more money on the table, and the hold is
//! what the table keeps of all the money wagered. The variance of a
//! seat-hand, its player drawn from the mix, is `Σ s_i (v_i + e_i²) −
//! (Σ s_i e_i)²`.
//!
//! Under a payout limit per hand (`limited.rs`), each strategy is
//! evaluated with the limit capping its wins, at each Ante, beside the
//! optimal play knowing the limit; the mix is the same average of those
//! limited figures. With a Trips wager on a share `p` of the seat-hands
//! (`economics`), each player's figures are themselves such an average:
//! a share `1 − p` of its seat-hands is the base game alone under the
//! limit, a share `p` the base game and Trips priced jointly under it.

mod limited;
mod parse;

pub use limited::{
    mix_on_river_limited, mix_on_tables_limited, practical_holds_limited, solve_players_limited,
    LimitedEconomics,
};
pub use parse::PLAYERS_FILE_LIMIT;

use crate::analysis::economics::{TableTraffic, CONFIDENCE};
use crate::cards::CardSet;
use crate::exact::game::{evaluate_policies_totals, solve_totals, Policy, RiverTable};
use crate::fraction::Fraction;
use crate::progress::{Named, Progress};
use crate::result::WagerResult;
use crate::rules::paytable::PayTable;
use crate::strategy::file::StrategyFileError;
use crate::strategy::{AsPolicy, FileStrategy, Strategy};
use std::path::Path;

/// The most players in a mix: each is an exact solve of a minute or two.
pub const MAX_PLAYERS: usize = 10;

/// The strategies of the report's "Hold under practical play" when none
/// is chosen: the best play, the Wizard's, and the common mistakes an
/// operator's floor sees.
pub const PRACTICAL_DEFAULT: [&str; 5] = [
    "optimal",
    "wizard",
    "never-4x",
    "pairs-and-aces",
    "always-river",
];

/// How one player plays the base game.
#[derive(Clone, Debug)]
pub enum Player {
    /// The solver's best play.
    Optimal,
    /// A strategy file (shipped or the user's), boxed: its chart is a few
    /// hundred bytes.
    File(Box<FileStrategy>),
}

impl Player {
    /// `optimal`, a shipped strategy by name, or a strategy file.
    pub fn resolve(name: &str) -> Result<Player, StrategyFileError> {
        if name == "optimal" {
            Ok(Player::Optimal)
        } else {
            FileStrategy::resolve_among(name, &["optimal"]).map(|s| Player::File(Box::new(s)))
        }
    }

    /// Whether `name` is read as a file path (not `optimal`, not a shipped
    /// strategy) and relative.
    fn is_path(name: &str) -> bool {
        name != "optimal"
            && FileStrategy::builtin_text(name).is_none()
            && Path::new(name).is_relative()
    }

    /// The strategy's own name (`optimal`, or the file's `name`).
    pub fn name(&self) -> String {
        match self {
            Player::Optimal => "optimal".to_string(),
            Player::File(s) => s.name().to_string(),
        }
    }
}

/// The players of `--strategies a,b,FILE`, each once, read before any
/// solve.
pub fn parse_players(flag: &str, text: &str) -> Result<Vec<Player>, crate::error::InputError> {
    let mut players: Vec<Player> = Vec::new();
    for name in text.split(',').map(str::trim) {
        let at = format!("--{flag} {}", crate::message::shown(text));
        if name.is_empty() {
            return Err(crate::error::InputError::usage(format!(
                "{at}: an empty name (expected names or files separated by commas)"
            )));
        }
        let player = Player::resolve(name)
            .map_err(|e| crate::error::InputError::usage(format!("{at}: {e}")))?;
        if players.iter().any(|p| p.name() == player.name()) {
            return Err(crate::error::InputError::usage(format!(
                "{at}: the strategy {} is named twice",
                crate::message::shown(&player.name())
            )));
        }
        players.push(player);
    }
    if players.len() > MAX_PLAYERS {
        return Err(crate::error::InputError::usage(format!(
            "--{flag}: {} strategies, at most {MAX_PLAYERS} (each is an exact solve of a minute or two)",
            players.len()
        )));
    }
    Ok(players)
}

/// The players of a table and the share of seat-hands each plays, the
/// shares exact and summing to 1.
#[derive(Clone, Debug)]
pub struct PlayerMix {
    /// Each player with its share, in the order given.
    pub players: Vec<(Player, Fraction)>,
}

/// One strategy's exact base-game figures on one Blind table.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerFigures {
    /// The strategy's name (`mix` for a mix).
    pub player: String,
    /// House edge per Ante.
    pub house_edge: Fraction,
    /// Average total amount wagered per hand (Ante + Blind + Play), Antes.
    pub average_total_wager: Fraction,
    /// Variance of the player's net per hand, Antes squared.
    pub variance: Fraction,
}

impl PlayerFigures {
    /// The figures of a solved base game's result.
    ///
    /// # Panics
    /// If `result` is not a base game's (it has no game figures).
    pub fn of(player: &str, result: &WagerResult) -> PlayerFigures {
        let game = result.game.as_ref().expect("a base game's result");
        PlayerFigures {
            player: player.to_string(),
            house_edge: result.house_edge.clone(),
            average_total_wager: game.average_total_wager.clone(),
            variance: result.variance.clone(),
        }
    }

    /// House edge per total wagered: the expected loss over the average
    /// amount wagered (the element of risk).
    pub fn edge_per_total_wagered(&self) -> Fraction {
        self.house_edge.clone() / self.average_total_wager.clone()
    }
}

/// The figures of a mix: the share-weighted averages of the players' edge
/// per Ante and amount wagered, and the variance of a seat-hand whose
/// player is drawn from the mix (module doc).
///
/// # Panics
/// If `players` is empty.
pub fn mix(players: &[(PlayerFigures, Fraction)]) -> PlayerFigures {
    assert!(!players.is_empty(), "a mix of at least one player");
    let sum = |f: &dyn Fn(&PlayerFigures) -> Fraction| {
        players
            .iter()
            .fold(Fraction::ZERO, |acc, (p, s)| acc + s.clone() * f(p))
    };
    let house_edge = sum(&|p| p.house_edge.clone());
    let second = sum(&|p| p.variance.clone() + p.house_edge.clone() * p.house_edge.clone());
    PlayerFigures {
        player: "mix".to_string(),
        average_total_wager: sum(&|p| p.average_total_wager.clone()),
        variance: second - house_edge.clone() * house_edge.clone(),
        house_edge,
    }
}

/// Each player's exact base-game result on `table`, dealt from `deck`
/// (the full deck in the commands): one river table, one solve per
/// player; the optimal player's result is `optimal` when given (the
/// catalog's), else solved. The results are titled with the strategy.
pub fn solve_players(
    deck: CardSet,
    table: &PayTable,
    players: &[Player],
    optimal: Option<&WagerResult>,
    progress: &dyn Progress,
) -> Vec<(String, WagerResult)> {
    let river = RiverTable::build(deck, progress);
    // The strategy files, evaluated two a flop pass.
    let files: Vec<AsPolicy<FileStrategy>> = players
        .iter()
        .filter_map(|player| match player {
            Player::File(strategy) => Some(AsPolicy(&**strategy)),
            Player::Optimal => None,
        })
        .collect();
    let mut file_results = if files.is_empty() {
        Vec::new()
    } else {
        let names: Vec<&str> = files.iter().map(|f| f.0.name()).collect();
        let progress = &Named::new(progress, format!("{} on {}", names.join(", "), table.id));
        let policies: Vec<&dyn Policy> = files.iter().map(|f| f as &dyn Policy).collect();
        evaluate_policies_totals(&river, table, &policies, progress)
    }
    .into_iter();
    players
        .iter()
        .map(|player| {
            let progress = &Named::new(progress, format!("{} on {}", player.name(), table.id));
            let result = match (player, optimal) {
                (Player::Optimal, Some(result)) => result.clone(),
                (Player::Optimal, None) => solve_totals(&river, table, progress)
                    .summary()
                    .to_result(table),
                (Player::File(strategy), _) => {
                    let solution = file_results.next().expect("one solution per file");
                    let mut result = solution.summary().to_result(table);
                    // The table's published figures are for the best play.
                    result.published.clear();
                    result.title =
                        format!("{}, played by strategy {}", result.title, strategy.name());
                    result
                }
            };
            (player.name(), result)
        })
        .collect()
}

/// A player's (or the mix's) figures in dollars at a table's traffic.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerMoney {
    /// The player's figures, per Ante.
    pub figures: PlayerFigures,
    /// The share of seat-hands the player plays (1 for the mix and for
    /// the all-optimal comparison).
    pub share: Fraction,
    /// Expected win of the house per seat-hand of this player, dollars:
    /// Ante × house edge per Ante.
    pub win_per_seat_hand: Fraction,
    /// Per hour, dollars: per seat-hand × seat-hands per hour.
    pub win_per_hour: Fraction,
    /// Per day, dollars.
    pub win_per_day: Fraction,
    /// Per year, dollars.
    pub win_per_year: Fraction,
    /// Standard deviation of the house's result per seat-hand, dollars
    /// (the nearest f64 to the exact root).
    pub sd_per_seat_hand: f64,
    /// Normal-approximation ranges of a month's result, `(confidence,
    /// low, high)` in dollars.
    pub month_ranges: Vec<(&'static str, f64, f64)>,
}

/// The hold of a player mix on one Blind table at a table's traffic: each
/// player, the mix, and every seat played optimally beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct MixEconomics {
    /// The Blind table's id.
    pub paytable: String,
    /// Each player (win figures as if every seat played that way).
    pub players: Vec<PlayerMoney>,
    /// The mix.
    pub mix: PlayerMoney,
    /// Every seat played optimally.
    pub optimal: PlayerMoney,
    /// The payout limit every figure is computed under (the optimal
    /// play's knowing it), when one is given.
    pub limit: Option<LimitAssumed>,
}

/// A payout limit per hand the players' figures are computed under, at
/// one Ante ([`LimitAssumed::of`] a rule).
#[derive(Clone, Debug, PartialEq)]
pub struct LimitAssumed {
    /// The limit per hand, dollars.
    pub limit: Fraction,
    /// The Ante it is applied at, dollars.
    pub ante: Fraction,
    /// Whether it caps the net win instead of the wins.
    pub net_of_losses: bool,
    /// The Trips table's id and the Trips wager in dollars, when Trips is
    /// wagered with the hand.
    pub trips: Option<(String, Fraction)>,
    /// The share of seat-hands with that Trips wager, when not all
    /// (`economics`' take-up: the others play the base game alone under
    /// the limit, and the figures are the exact average of the two).
    pub trips_take_up: Option<Fraction>,
}

/// The money of `figures` at `traffic` (share recorded, not applied).
pub fn player_money(
    figures: &PlayerFigures,
    share: Fraction,
    traffic: &TableTraffic,
) -> PlayerMoney {
    let per_hour = u64::from(traffic.hands_per_hour) * u64::from(traffic.seats);
    let per_day = per_hour * u64::from(traffic.hours_per_day);
    let per_month = per_day * u64::from(traffic.days_per_month);
    let per_year = per_day * u64::from(traffic.days_per_year);
    let win = traffic.ante.clone() * figures.house_edge.clone();
    let times = |n: u64| win.clone() * Fraction::from_int(i128::from(n));
    let variance = traffic.ante.clone() * traffic.ante.clone() * figures.variance.clone();
    let sd = variance.sqrt_to_f64();
    let mean = times(per_month).to_f64();
    let spread = sd * (per_month as f64).sqrt();
    PlayerMoney {
        figures: figures.clone(),
        share,
        win_per_hour: times(per_hour),
        win_per_day: times(per_day),
        win_per_year: times(per_year),
        win_per_seat_hand: win,
        sd_per_seat_hand: sd,
        month_ranges: CONFIDENCE
            .iter()
            .map(|&(name, z)| (name, mean - z * spread, mean + z * spread))
            .collect(),
    }
}

/// The hold of `mix` on a Blind table whose players' results are
/// `results` (by strategy name, as [`solve_players`] gives them) and whose
/// optimal result is `optimal`, at `traffic`.
///
/// # Panics
/// If a player of the mix has no result.
pub fn mix_economics(
    mix_of: &PlayerMix,
    results: &[(String, WagerResult)],
    optimal: &WagerResult,
    traffic: &TableTraffic,
) -> MixEconomics {
    let figures: Vec<PlayerFigures> = results
        .iter()
        .map(|(name, result)| PlayerFigures::of(name, result))
        .collect();
    mix_economics_of(
        mix_of,
        &figures,
        &PlayerFigures::of("optimal", optimal),
        &optimal.paytable,
        traffic,
    )
}

/// [`mix_economics`] from the players' figures (by name) and the optimal
/// play's, on the Blind table `paytable`.
///
/// # Panics
/// If a player of the mix has no figures.
pub fn mix_economics_of(
    mix_of: &PlayerMix,
    figures: &[PlayerFigures],
    optimal: &PlayerFigures,
    paytable: &str,
    traffic: &TableTraffic,
) -> MixEconomics {
    let shares: Vec<(PlayerFigures, Fraction)> = mix_of
        .players
        .iter()
        .map(|(player, share)| {
            let name = player.name();
            let found = figures
                .iter()
                .find(|f| f.player == name)
                .expect("figures for every player of the mix");
            (found.clone(), share.clone())
        })
        .collect();
    MixEconomics {
        paytable: paytable.to_string(),
        players: shares
            .iter()
            .map(|(f, s)| player_money(f, s.clone(), traffic))
            .collect(),
        mix: player_money(&mix(&shares), Fraction::ONE, traffic),
        optimal: player_money(optimal, Fraction::ONE, traffic),
        limit: None,
    }
}

/// The hold of `mix_of` on each Blind table of the base game's choice in
/// `choices`, at `traffic`: each strategy of the mix solved once a table
/// on the full deck, the optimal result taken from `results` (the
/// catalog's).
///
/// # Panics
/// If a Blind table has no base-game result in `results`.
pub fn mix_on_tables(
    choices: &[crate::analysis::economics::WagerChoice],
    results: &[WagerResult],
    mix_of: &PlayerMix,
    traffic: &TableTraffic,
    progress: &dyn Progress,
) -> Vec<MixEconomics> {
    let players: Vec<Player> = mix_of.players.iter().map(|(p, _)| p.clone()).collect();
    choices
        .iter()
        .filter(|c| c.wager == crate::analysis::economics::EconomicsWager::BaseGame)
        .flat_map(|c| &c.tables)
        .map(|table| {
            let optimal = results
                .iter()
                .find(|r| r.paytable == table.id && r.wager == "base_game")
                .expect("the catalog solved every Blind table");
            let solved =
                solve_players(CardSet::FULL_DECK, table, &players, Some(optimal), progress);
            mix_economics(mix_of, &solved, optimal, traffic)
        })
        .collect()
}

/// The "Hold under practical play" of one Blind table: each strategy's
/// exact figures, the optimal ones they are compared with, and the mix's
/// when one is given.
#[derive(Clone, Debug, PartialEq)]
pub struct PracticalHold {
    /// The Blind table's id.
    pub paytable: String,
    /// The best play's figures (the reference of every difference).
    pub optimal: PlayerFigures,
    /// Each strategy chosen, in order.
    pub players: Vec<PlayerFigures>,
    /// The mix, with each player's share, when one is given.
    pub mix: Option<(Vec<(String, Fraction)>, PlayerFigures)>,
    /// The exact results of the strategies other than the best play, each
    /// with its strategy's name (for the report's JSON and CSV rows, which
    /// name it; titled "..., played by strategy NAME").
    pub results: Vec<(String, WagerResult)>,
    /// The payout limit and Ante every figure is computed under (the
    /// optimal play's knowing it), when the report gives one.
    pub limit: Option<LimitAssumed>,
}

/// The practical hold of a Blind table: `players` (and the mix's players)
/// found by name in `results` ([`solve_players`]), against `optimal`.
///
/// # Panics
/// If a player has no result.
pub fn practical_hold(
    players: &[Player],
    mix_of: Option<&PlayerMix>,
    results: &[(String, WagerResult)],
    optimal: &WagerResult,
) -> PracticalHold {
    let figures = |name: &str| {
        let (_, result) = results
            .iter()
            .find(|(n, _)| n == name)
            .expect("a result for every player");
        PlayerFigures::of(name, result)
    };
    PracticalHold {
        paytable: optimal.paytable.clone(),
        optimal: PlayerFigures::of("optimal", optimal),
        players: players.iter().map(|p| figures(&p.name())).collect(),
        results: results
            .iter()
            .filter(|(n, _)| n != "optimal")
            .cloned()
            .collect(),
        limit: None,
        mix: mix_of.map(|m| {
            let shares: Vec<(PlayerFigures, Fraction)> = m
                .players
                .iter()
                .map(|(p, s)| (figures(&p.name()), s.clone()))
                .collect();
            (
                m.players
                    .iter()
                    .map(|(p, s)| (p.name(), s.clone()))
                    .collect(),
                mix(&shares),
            )
        }),
    }
}

/// What the report's "Hold under practical play" shows: its strategies and
/// the player mix, when given.
#[derive(Clone, Debug)]
pub struct Practical {
    /// The strategies, in order ([`PRACTICAL_DEFAULT`] unless chosen).
    pub players: Vec<Player>,
    /// The player mix, when given.
    pub mix: Option<PlayerMix>,
}

impl Practical {
    /// The strategies, then the mix's players not among them: each solved
    /// once a table.
    pub fn all_players(&self) -> Vec<Player> {
        let mut players = self.players.clone();
        for (player, _) in self.mix.iter().flat_map(|m| &m.players) {
            if !players.iter().any(|p| p.name() == player.name()) {
                players.push(player.clone());
            }
        }
        players
    }
}

/// The practical hold of each Blind table of `tables` on the full deck:
/// every strategy of `practical` and of its mix solved once a table (the
/// optimal result taken from `results`, the catalog's).
///
/// # Panics
/// If a Blind table has no base-game result in `results`.
pub fn practical_holds(
    practical: &Practical,
    tables: &[PayTable],
    results: &[WagerResult],
    progress: &dyn Progress,
) -> Vec<PracticalHold> {
    let players = practical.all_players();
    tables
        .iter()
        .filter(|t| t.wager == crate::rules::paytable::WagerKind::Blind)
        .map(|table| {
            let optimal = results
                .iter()
                .find(|r| r.paytable == table.id && r.wager == "base_game")
                .expect("the catalog solved every Blind table");
            let solved =
                solve_players(CardSet::FULL_DECK, table, &players, Some(optimal), progress);
            practical_hold(&practical.players, practical.mix.as_ref(), &solved, optimal)
        })
        .collect()
}

#[cfg(test)]
mod tests;
