//! The command line as typed ("low" arguments): clap definitions only.
//!
//! Nothing here is trusted: [`super::settings`] turns these into validated
//! settings (pay tables resolved and checked for their wager, amounts read
//! exactly, cards grouped as typed, output files opened) before any long
//! computation starts.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use uth_edge::report::Format;
use uth_edge::sample;

pub mod dead_cards;
pub mod money_rules;
mod sampling;

pub use sampling::{PlayerDealerArgs, SimulateArgs};

/// `--version`: the version and the git commit built from.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("UTH_EDGE_GIT_COMMIT"),
    ")"
);

/// The examples `uth-edge --help` ends with.
const EXAMPLES: &str = "\
Examples:
  uth-edge                                  every wager of every built-in table (the full report)
  uth-edge trips                            the four Trips tables UTH-01..04
  uth-edge tables show uth-01 > my.toml     a pay table to start from
  uth-edge report --paytable my.toml --format html -o report.html
  uth-edge check                            the published figures, verdict for each
  uth-edge strategy AsKd Qh7c2d             the exact EVs of a flop decision";

/// Exact house edge and element of risk of Ultimate Texas Hold'em wagers,
/// for any pay table. Without a command: one line per wager of every
/// built-in pay table and the verdicts on the published figures
/// (`--details`: every line, the same as `uth-edge report`).
#[derive(Parser)]
#[command(name = "uth-edge", version = VERSION, about, after_help = EXAMPLES)]
pub struct Cli {
    /// No progress bar and no warnings on standard error (errors still).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Also write the run's provenance to FILE as JSON: tool version and
    /// commit, command line, date, SHA-256 of each pay table and of each
    /// output written (for CSV and text, which have no place for it).
    #[arg(long, global = true, value_name = "FILE")]
    pub provenance: Option<PathBuf>,
    /// Without a command: every line of every table (as `uth-edge report`)
    /// instead of one line per table.
    #[arg(long)]
    pub details: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands. Trips under the Florida rule runs as
/// `trips --paytable uth-florida`.
#[derive(Subcommand)]
pub enum Command {
    /// Base game (Ante, Blind, Play) under optimal strategy: exact house
    /// edge, element of risk, standard deviation, action frequencies and the
    /// return table, over all 27,813,810,024,000 sequences.
    #[command(
        after_help = "Examples:\n  uth-edge game\n  uth-edge game --blind blind-b --format json\n  uth-edge game --blind my-blind.toml --timing"
    )]
    Game(GameArgs),
    /// The optimal strategy: the preflop chart, or the exact expected value
    /// of each choice for given cards (HOLE [FLOP [TURNRIVER]]).
    #[command(
        after_help = "Examples:\n  uth-edge strategy                      the preflop chart\n  uth-edge strategy AsKd                 one starting hand\n  uth-edge strategy AsKd Qh7c2d          a flop decision\n  uth-edge strategy AsKd Qh7c2d Tc4s     a river decision\n  uth-edge strategy 9s8s --seen-dealer 5c a preflop decision, one dealer card seen\n  uth-edge strategy AsKd 2c7d9h --dead Ah5s  a flop decision, Ah and 5s out of the deck"
    )]
    Strategy(StrategyArgs),
    /// Adds the exact sums of the shards of a dead-card run (`game --seen
    /// collude:K --shard I/N`) and prints its figures.
    #[command(after_help = "Example:\n  uth-edge merge shard-*.sums --format csv")]
    Merge(dead_cards::MergeArgs),
    /// Trips: house edge and element of risk over all 133,784,560 seven-card hands.
    #[command(
        after_help = "Examples:\n  uth-edge trips\n  uth-edge trips --paytable uth-03 --format json\n  uth-edge trips --paytable uth-florida\n  uth-edge trips --paytable my-table.toml"
    )]
    Trips(TripsArgs),
    /// Six Card Bonus: house edge and element of risk over all 20,358,520 six-card hands.
    #[command(
        after_help = "Examples:\n  uth-edge six-card\n  uth-edge six-card --paytable six-card-a --wager 5 --wager 25"
    )]
    SixCard(SixCardArgs),
    /// Progressive Payout wager with Envy Bonus: return, house edge and break-even meters.
    #[command(
        after_help = "Examples:\n  uth-edge progressive\n  uth-edge progressive --meter 250000 --players 3\n  uth-edge progressive --hand best-of-seven"
    )]
    Progressive(ProgressiveArgs),
    /// Bad Beat bonus: house edge over all 2,781,381,002,400 player/dealer/board deals.
    #[command(
        after_help = "Examples:\n  uth-edge bad-beat\n  uth-edge bad-beat --paytable my-bad-beat.toml --format csv"
    )]
    BadBeat(BadBeatArgs),
    /// Ultimate Pairs Bonus: house edge over all 1,624,350 deals of the
    /// player's and the dealer's two hole cards.
    #[command(
        after_help = "Examples:\n  uth-edge ultimate-pairs\n  uth-edge ultimate-pairs --paytable my-pairs.toml --format csv"
    )]
    UltimatePairs(UltimatePairsArgs),
    /// Monte Carlo simulation of every wager under a strategy (optimal,
    /// wizard, timid): estimates with standard errors and 95% confidence
    /// intervals beside the exact values where known; session results and
    /// bankroll risk. The same seed gives the same hands on any machine and
    /// any number of threads.
    #[command(
        after_help = "Examples:\n  uth-edge simulate --hands 1e7\n  uth-edge simulate --hands 1e6 --strategy wizard --session-hands 100 --bankroll 50\n  uth-edge simulate --hands 1e6 --base-only --format json"
    )]
    Simulate(SimulateArgs),
    /// The California player-dealer game: what the player-dealer, each seat
    /// and the card room's fees take per round and over a rotation of the
    /// bank, exact with an unlimited bank, simulated with a bank limit.
    #[command(
        name = "player-dealer",
        after_help = "Examples:\n  uth-edge player-dealer --players 3 --ante 1\n  uth-edge player-dealer --players 3 --ante 1 --bank 10\n  uth-edge player-dealer --ante 10 --trips 5 --bank 200 --win-cap on --fees collection-example\n  uth-edge player-dealer --seat-ante 2=50 --strategy wizard --format json"
    )]
    PlayerDealer(PlayerDealerArgs),
    /// Checks the figures pay tables publish against the exact computation:
    /// which definitions reproduce each one. Exit code 1 if one is not
    /// reproduced (and not recorded as a known discrepancy).
    #[command(
        after_help = "Examples:\n  uth-edge check\n  uth-edge check --paytable uth-02 --verbose\n  uth-edge check --paytable my-table.toml --format json"
    )]
    Check(CheckArgs),
    /// Every wager of every built-in pay table: house edge, element of
    /// risk, standard deviation, hit frequency, exact fractions; as a
    /// table, CSV, JSON, Markdown or one self-contained HTML page.
    #[command(
        after_help = "Examples:\n  uth-edge report\n  uth-edge report --format html -o report.html\n  uth-edge report --paytable my-table.toml --format markdown -o report.md"
    )]
    Report(ReportArgs),
    /// Pay tables side by side, grouped by wager, lowest house edge first.
    #[command(
        after_help = "Examples:\n  uth-edge compare uth-01 uth-02 uth-03 uth-04\n  uth-edge compare blind-a blind-b my-blind.toml --format csv"
    )]
    Compare(CompareArgs),
    /// Writes the committed results files (one CSV per wager, the preflop
    /// strategy), or compares them with a directory of committed ones.
    #[command(
        after_help = "Examples:\n  uth-edge results --check results\n  uth-edge results --out-dir results"
    )]
    Results(ResultsArgs),
    /// The built-in pay tables: list them, print one as a template to copy
    /// and edit, or validate a pay-table file without computing.
    #[command(
        after_help = "Examples:\n  uth-edge tables\n  uth-edge tables show uth-01 > my-table.toml\n  uth-edge tables validate my-table.toml"
    )]
    Tables(TablesArgs),
    /// What a table earns: theoretical win per hour, day and year by wager,
    /// and the range of a day's and a month's result, for each combination
    /// of the Blind, Trips and Six Card Bonus tables given (side by side).
    #[command(
        after_help = "Example:\n  uth-edge economics --ante 15 --trips uth-01 --trips uth-03 --trips-take-up 40%"
    )]
    Economics(EconomicsArgs),
    /// Prints a shell completion script: `uth-edge completions bash >
    /// /etc/bash_completion.d/uth-edge`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Prints a man page (roff): `uth-edge man > uth-edge.1`, or one
    /// command's: `uth-edge man game > uth-edge-game.1`.
    Man {
        /// The command whose page to print (default: the program's, which
        /// lists the commands).
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
    /// What-if on one pay line: the pay that gives a target house edge
    /// (exact, with the posted odds on each side), or the house edge over a
    /// range of pays. Blind tables are re-solved at each pay.
    #[command(
        name = "what-if",
        after_help = "Examples:\n  uth-edge what-if --paytable uth-01 --hand flush --edge 2%\n  uth-edge what-if --paytable uth-01 --hand flush --sweep 3:8:0.5\n  uth-edge what-if --paytable uth-01 --add two_pair=1 --remove straight\n  uth-edge what-if --paytable uth-03 --vary flush=5:8:0.5 --vary straight=3:5:1 --band 2.5%..3.5% --rank volatility"
    )]
    WhatIf(WhatIfArgs),
}

#[derive(Args)]
pub struct WhatIfArgs {
    /// The pay table: built-in id, TOML file path or `-`.
    #[arg(long = "paytable", value_name = "ID|PATH|-", required = true)]
    pub paytable: String,
    /// The line to vary, by its hand name in the pay table (e.g. flush,
    /// straight, royal_flush).
    #[arg(long, value_name = "HAND", required_unless_present_any = ["add", "remove", "vary"])]
    pub hand: Option<String>,
    /// The target house edge: 2% or 0.02.
    #[arg(
        long,
        value_name = "EDGE",
        allow_hyphen_values = true,
        required_unless_present_any = ["sweep", "add", "remove", "vary"],
        conflicts_with = "sweep"
    )]
    pub edge: Option<String>,
    /// Pays to try, as FROM:TO:STEP in units of "X to 1" (e.g. 3:8:0.5).
    #[arg(long, value_name = "FROM:TO:STEP")]
    pub sweep: Option<String>,
    /// Six Card Bonus: the amount wagered in dollars. Default: 5.
    #[arg(long, value_name = "DOLLARS")]
    pub wager: Option<String>,
    /// Add a line the table lacks, HAND=PAY (45, 7.5, 3/2); repeat. Prints
    /// the exact edge before and after (with --vary: edits made first).
    #[arg(long, value_name = "HAND=PAY", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub add: Vec<String>,
    /// Take a line out (its hands then lose the wager); repeat.
    #[arg(long, value_name = "HAND", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub remove: Vec<String>,
    /// A family of tables: vary a line over HAND=VALUES, values being pays,
    /// FROM:TO:STEP ranges and `out`, comma-separated (flush=5:8:0.5,
    /// straight=3,4,out); repeat for each line (side bets; at most 100,000
    /// tables).
    #[arg(long, value_name = "HAND=VALUES", conflicts_with_all = ["hand", "edge", "sweep"])]
    pub vary: Vec<String>,
    /// With --vary: keep the tables whose house edge lies in LOW..HIGH
    /// (2.5%..3.5%, ends included).
    #[arg(
        long,
        value_name = "LOW..HIGH",
        allow_hyphen_values = true,
        requires = "vary"
    )]
    pub band: Option<String>,
    /// With --vary: the order of the tables kept.
    #[arg(long, value_name = "ORDER", requires = "vary",
          value_parser = ["hit-frequency", "volatility"], default_value = "hit-frequency")]
    pub rank: String,
    /// With --vary: how many tables to print.
    #[arg(long, value_name = "N", requires = "vary", default_value_t = 20)]
    pub top: usize,
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

#[derive(Args)]
pub struct EconomicsArgs {
    /// Blind pay table (base game); repeat to compare. Default: blind-a.
    #[arg(long = "blind", value_name = "ID|PATH|-")]
    pub blinds: Vec<String>,
    /// Trips pay table; repeat to compare. Default: uth-01.
    #[arg(long = "trips", value_name = "ID|PATH|-")]
    pub trips: Vec<String>,
    /// Six Card Bonus pay table; repeat to compare. Default: six-card-a.
    #[arg(long = "six-card", value_name = "ID|PATH|-")]
    pub six_cards: Vec<String>,
    /// Hands dealt per hour.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub hands_per_hour: u32,
    /// Seats filled on average (a table seats six).
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub seats: u32,
    /// Hours open per day.
    #[arg(
        long = "hours",
        visible_alias = "hours-per-day",
        value_name = "N",
        default_value_t = 16
    )]
    pub hours_per_day: u32,
    /// Days open per year.
    #[arg(
        long = "days",
        visible_alias = "days-per-year",
        value_name = "N",
        default_value_t = 365
    )]
    pub days_per_year: u32,
    /// Count only this wager; repeat for several. Default: every wager
    /// (the Ultimate Pairs Bonus only with --ultimate-pairs).
    #[arg(long = "wager", value_name = "WAGER",
          value_parser = ["base-game", "trips", "six-card", "ultimate-pairs"])]
    pub wagers: Vec<String>,
    /// Leave the base game (Ante, Blind, Play) out: the side bets alone.
    #[arg(long, conflicts_with = "wagers")]
    pub no_base_game: bool,
    /// Average Ante in dollars.
    #[arg(long, value_name = "DOLLARS", default_value = "10")]
    pub ante: String,
    /// Share of seat-hands with a Trips wager: 0.4 or 40%.
    #[arg(long, value_name = "SHARE", default_value = "50%")]
    pub trips_take_up: String,
    /// Average Trips wager in dollars.
    #[arg(long, value_name = "DOLLARS", default_value = "5")]
    pub trips_amount: String,
    /// Share of seat-hands with a Six Card Bonus wager: 0.2 or 20%.
    #[arg(long, value_name = "SHARE", default_value = "20%")]
    pub six_card_take_up: String,
    /// Average Six Card Bonus wager in dollars (its edge depends on it).
    #[arg(long, value_name = "DOLLARS", default_value = "5")]
    pub six_card_amount: String,
    /// Ultimate Pairs Bonus pay table; repeat to compare. Default: none (the
    /// wager is left out).
    #[arg(long = "ultimate-pairs", value_name = "ID|PATH|-")]
    pub ultimate_pairs: Vec<String>,
    /// Share of seat-hands with an Ultimate Pairs Bonus wager: 0.1 or 10%.
    #[arg(long, value_name = "SHARE", default_value = "10%")]
    pub ultimate_pairs_take_up: String,
    /// Average Ultimate Pairs Bonus wager in dollars.
    #[arg(long, value_name = "DOLLARS", default_value = "5")]
    pub ultimate_pairs_amount: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    pub action: Option<TablesAction>,
}

/// What `tables` does; without one, lists the built-in tables.
#[derive(Subcommand)]
pub enum TablesAction {
    /// Every built-in pay table: id, wager and title.
    List,
    /// Prints a built-in table's TOML file, ready to copy and edit.
    Show {
        /// The built-in id (see `uth-edge tables`).
        #[arg(value_name = "ID")]
        id: String,
    },
    /// Reads a pay-table file (or `-` for standard input), checks it and
    /// prints its inputs with every pay normalized, without computing.
    Validate {
        /// The file: a TOML path, a built-in id, or `-`.
        #[arg(value_name = "FILE")]
        file: String,
    },
}

/// `--format` restricted to the formats a command writes; every value is a
/// [`Format`] (the one format enum of the library).
fn formats(names: &'static [&'static str]) -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(names).map(|name| {
        name.parse::<Format>()
            .expect("every listed format name is a Format")
    })
}

/// Where the output goes.
#[derive(Args)]
pub struct OutArg {
    /// Write to this file instead of standard output: a regular file is
    /// written whole or not at all (a temporary file beside it, renamed
    /// into place when complete); a FIFO or a device is written through.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Args)]
pub struct ReportArgs {
    /// A pay table to report on, any wager: built-in id, TOML file path, or
    /// `-` for standard input; repeat for several. Default: every built-in
    /// table.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    /// Six Card Bonus tables: the amount wagered in dollars; repeat for
    /// several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    /// Add the California player-dealer game (5 players, $10 Antes,
    /// optimal strategy; unlimited bank and a bank of 10 Antes): needs a
    /// Blind table; formats table, markdown and html.
    #[arg(long = "player-dealer")]
    pub player_dealer: bool,
    /// Output format.
    #[arg(long, default_value = "table", value_parser = formats(&["table", "csv", "json", "markdown", "html"]))]
    pub format: Format,
    /// HTML only: add the "Value of a leak" section, one row per case, read
    /// from a seen-card results file (results/seen_cards.csv, written by
    /// scripts/hole-card.sh); nothing is solved for it.
    #[arg(long = "seen-results", value_name = "FILE")]
    pub seen_results: Option<std::path::PathBuf>,
    /// HTML only: add collusion and exposed-card rows to the "Value of a
    /// leak" section, read from dead-card results files (e.g.
    /// results/dead_cards.collude-2.csv, written by scripts/collusion.sh);
    /// repeat for several.
    #[arg(long = "dead-results", value_name = "FILE")]
    pub dead_results: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub out: OutArg,
}

#[derive(Args)]
pub struct CompareArgs {
    /// The pay tables: built-in ids or TOML file paths, any wagers.
    #[arg(value_name = "ID|PATH|-", required = true)]
    pub paytables: Vec<String>,
    /// Six Card Bonus tables: the amount wagered in dollars; repeat for
    /// several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct ResultsArgs {
    /// The pay tables (built-in ids or TOML file paths, any wagers); repeat
    /// for several. Default: every built-in table.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    #[command(flatten)]
    pub target: ResultsTarget,
}

#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct ResultsTarget {
    /// Write the results files into this directory (created if missing).
    /// Refused if a file there holds rows of pay tables this run does not
    /// compute (they would be lost).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Compare with the files in this directory instead: one line per
    /// changed figure; exit code 1 if any differs.
    #[arg(long, value_name = "DIR")]
    pub check: Option<PathBuf>,
}

#[derive(Args)]
pub struct CheckArgs {
    /// A pay table (built-in id or TOML file path) whose published figures
    /// to check; repeat for several. Default: every built-in table that
    /// records published figures.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    /// List every definition tried, not only the nearest.
    #[arg(long)]
    pub verbose: bool,
    /// Also check the published figures about seen-card cases (game
    /// protection) against these committed results of
    /// `scripts/hole-card.sh`, e.g. results/seen_cards.csv.
    #[arg(long = "seen-results", value_name = "FILE")]
    pub seen_results: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

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
    /// cards, an exposed card), e.g. `Ah5s`; answers a flop or river
    /// decision exactly without them.
    #[arg(long = "dead", value_name = "CARDS")]
    pub dead: Option<String>,
    #[command(flatten)]
    pub limit: money_rules::PayoutLimitArgs,
    #[command(flatten)]
    pub output: TableJsonOutputArgs,
}

#[derive(Args)]
pub struct TripsArgs {
    /// A Trips pay table: built-in id (uth-01 .. uth-04, uth-florida) or TOML
    /// file path; repeat for several. Default: uth-01, uth-02, uth-03, uth-04.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct SixCardArgs {
    /// A Six Card Bonus pay table: built-in id (six-card-a, six-card-b) or
    /// TOML file path; repeat for several. Default: six-card-a, six-card-b.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    /// The amount wagered in dollars (the Super Royal pays a fixed amount, so
    /// the edge depends on it); repeat for several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct ProgressiveArgs {
    /// A Progressive pay table: built-in id (progressive-md) or TOML file
    /// path; repeat for several. Default: progressive-md.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    /// The progressive meter in dollars (the royal and straight flush pay a
    /// share of it); repeat for several. Default: 10000, the lowest reset
    /// amount COMAR 36.05.16.12D(3) allows.
    #[arg(long = "meter", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub meters: Vec<String>,
    /// Other players at the table, 0 to 5 (each may win the player an Envy
    /// Bonus); repeat for several. Default: 0.
    #[arg(long = "players", value_name = "N")]
    pub players: Vec<u32>,
    /// The Progressive wager in dollars (the Envy Bonus depends on it);
    /// repeat for several. Default: 1.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    pub wagers: Vec<String>,
    /// Which five cards make the hand, overriding the pay table's `hand`.
    #[arg(long, value_enum)]
    pub hand: Option<HandArg>,
    #[command(flatten)]
    pub meter: money_rules::MeterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum HandArg {
    /// The player's two cards and the three flop cards.
    HoleAndFlop,
    /// The best five of the player's two cards and the five community cards.
    BestOfSeven,
}

#[derive(Args)]
pub struct BadBeatArgs {
    /// A Bad Beat pay table: built-in id (bad-beat-dg) or TOML file path;
    /// repeat for several. Default: bad-beat-dg.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args)]
pub struct UltimatePairsArgs {
    /// An Ultimate Pairs Bonus pay table: built-in id
    /// (ultimate-pairs-example) or TOML file path; repeat for several.
    /// Default: every built-in Ultimate Pairs table.
    #[arg(long = "paytable", value_name = "ID|PATH|-")]
    pub paytables: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `value` if it is at most `limit`, else why not (`what` names the limit).
fn at_most<T: PartialOrd + std::fmt::Display>(value: T, limit: T, what: &str) -> Result<T, String> {
    if value > limit {
        Err(format!("{value} is more than the limit of {what}"))
    } else {
        Ok(value)
    }
}

/// The output of the per-wager commands, `game`, `compare` and `economics`: format
/// (table, CSV or JSON) and destination.
#[derive(Args)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, default_value = "table", value_parser = formats(&["table", "csv", "json"]))]
    pub format: Format,
    #[command(flatten)]
    pub out: OutArg,
}

/// The output of `check`, `strategy` and `what-if`: format
/// (table or JSON) and destination.
#[derive(Args)]
pub struct TableJsonOutputArgs {
    /// Output format.
    #[arg(long, default_value = "table", value_parser = formats(&["table", "json"]))]
    pub format: Format,
    #[command(flatten)]
    pub out: OutArg,
}

/// The output of the simulations, `simulate` and `player-dealer`: format
/// (table, CSV, JSON or Markdown) and destination.
#[derive(Args)]
pub struct SimulationOutputArgs {
    /// Output format.
    #[arg(long, default_value = "table", value_parser = formats(&["table", "csv", "json", "markdown"]))]
    pub format: Format,
    #[command(flatten)]
    pub out: OutArg,
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every argument of every command has its own id. Two flattened
    /// groups once both named a field `ante` (`--ante` and `--leak-ante`):
    /// clap merged them and `game` demanded `--ante` on every run. clap's
    /// own `debug_assert` would say so, but only in a debug build.
    #[test]
    fn every_argument_of_a_command_has_its_own_id() {
        fn check(command: &clap::Command, path: &str) {
            let mut seen = std::collections::BTreeSet::new();
            for arg in command.get_arguments() {
                let id = arg.get_id().as_str();
                assert!(seen.insert(id), "{path}: argument id '{id}' is used twice");
            }
            for sub in command.get_subcommands() {
                check(sub, &format!("{path} {}", sub.get_name()));
            }
        }
        let mut cli = Cli::command();
        cli.build();
        cli.clone().debug_assert();
        check(&cli, "uth-edge");
    }
}
