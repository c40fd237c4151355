//! `uth-edge`: the command-line front end of the `uth_edge` library.
//!
//! Thin on purpose: clap parses the flags ("low" arguments), [`run`] turns
//! them into validated settings (pay tables resolved and checked for the
//! wager, amounts read exactly) before any long computation starts, calls
//! the library and prints with the chosen exporter.
//!
//! Exit codes: 0 on success (also when standard output is closed early, as
//! by `| head`), 2 for bad input (flags, pay tables, amounts), 1 for any
//! other failure. Every error is one line `error: ...` on standard error.
//! A progress bar is drawn on standard error only when it is a terminal.

use anyhow::Context;
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;
use uth_edge::analysis::catalog::{self, Catalog};
use uth_edge::analysis::check;
use uth_edge::analysis::{compare, results};
use uth_edge::cards::{CardError, CardSet};
use uth_edge::exact::game::{evaluate_policy, solve, solve_many, RiverTable};
use uth_edge::exact::progressive::{self, ProgressiveError};
use uth_edge::exact::showdown_bets;
use uth_edge::exact::side_bets::{self, AmountError};
use uth_edge::fraction::Fraction;
use uth_edge::progress::{Progress, Silent};
use uth_edge::report::html;
use uth_edge::report::{self, Format, WagerResult};
use uth_edge::rules::paytable::{PayTable, PayTableError, ProgressiveHand, WagerKind};
use uth_edge::sample::{self, SimulationError};
use uth_edge::strategy::oracle;
use uth_edge::strategy::{
    AsPolicy, OptimalStrategy, Strategy, StrategyName, TimidStrategy, UnknownStrategy,
    WizardStrategy,
};

/// Exact house edge and element of risk of Ultimate Texas Hold'em wagers,
/// for any pay table. Without a command: everything it computes, as a table.
#[derive(Parser)]
#[command(name = "uth-edge", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The commands. Trips under the Florida rule runs as
/// `trips --paytable uth-florida`.
#[derive(Subcommand)]
enum Command {
    /// Base game (Ante, Blind, Play) under optimal strategy: exact house
    /// edge, element of risk, standard deviation, action frequencies and the
    /// return table, over all 27,813,810,024,000 sequences.
    Game(GameArgs),
    /// The optimal strategy: the preflop chart, or the exact expected value
    /// of each choice for given cards (HOLE [FLOP [TURN RIVER]]).
    Strategy(StrategyArgs),
    /// Trips: house edge and element of risk over all 133,784,560 seven-card hands.
    Trips(TripsArgs),
    /// Six Card Bonus: house edge and element of risk over all 20,358,520 six-card hands.
    SixCard(SixCardArgs),
    /// Progressive Payout wager with Envy Bonus: return, house edge and break-even meters.
    Progressive(ProgressiveArgs),
    /// Bad Beat bonus: house edge over all 2,781,381,002,400 player/dealer/board deals.
    BadBeat(BadBeatArgs),
    /// Monte Carlo simulation of every wager under a strategy (optimal,
    /// wizard, timid): estimates with standard errors and 95% confidence
    /// intervals beside the exact values where known; session results and
    /// bankroll risk. The same seed gives the same hands on any machine and
    /// any number of threads.
    Simulate(SimulateArgs),
    /// Checks the figures pay tables publish against the exact computation:
    /// which definitions reproduce each one. Exit code 1 if one is not
    /// reproduced (and not recorded as a known discrepancy).
    Check(CheckArgs),
    /// Every wager of every built-in pay table: house edge, element of
    /// risk, standard deviation, hit frequency, exact fractions; as a
    /// table, CSV, JSON, Markdown or one self-contained HTML page.
    Report(ReportArgs),
    /// Pay tables side by side, grouped by wager, lowest house edge first.
    Compare(CompareArgs),
    /// Writes the committed results files (one CSV per wager, the preflop
    /// strategy), or compares them with a directory of committed ones.
    Results(ResultsArgs),
}

#[derive(Args)]
struct ReportArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Table)]
    format: ReportFormat,
    /// Write to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum ReportFormat {
    /// Aligned text for people.
    Table,
    /// One row per pay line, and a total row.
    Csv,
    /// One JSON document.
    Json,
    /// Markdown tables.
    Markdown,
    /// One self-contained HTML page with charts.
    Html,
}

#[derive(Args)]
struct CompareArgs {
    /// The pay tables: built-in ids or TOML file paths, any wagers.
    #[arg(value_name = "ID|PATH", required = true)]
    paytables: Vec<String>,
    /// Six Card Bonus tables: the amount wagered in dollars; repeat for
    /// several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    wagers: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
struct ResultsArgs {
    /// The pay tables (built-in ids or TOML file paths, any wagers); repeat
    /// for several. Default: every built-in table.
    #[arg(long = "paytable", value_name = "ID|PATH")]
    paytables: Vec<String>,
    #[command(flatten)]
    target: ResultsTarget,
}

#[derive(Args)]
#[group(required = true, multiple = false)]
struct ResultsTarget {
    /// Write the results files into this directory (created if missing).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Compare with the files in this directory instead: one line per
    /// changed figure; exit code 1 if any differs.
    #[arg(long, value_name = "DIR")]
    check: Option<PathBuf>,
}

#[derive(Args)]
struct CheckArgs {
    /// A pay table (built-in id or TOML file path) whose published figures
    /// to check; repeat for several. Default: every built-in table that
    /// records published figures.
    #[arg(long = "paytable", value_name = "ID|PATH")]
    paytables: Vec<String>,
    /// List every definition tried, not only the nearest.
    #[arg(long)]
    verbose: bool,
    /// Output format (table or json).
    #[arg(long, value_enum, default_value_t = StrategyFormat::Table)]
    format: StrategyFormat,
}

#[derive(Args)]
struct GameArgs {
    /// A Blind pay table: built-in id (blind-a, blind-b) or TOML file path;
    /// repeat for several. Default: blind-a, blind-b.
    #[arg(long = "blind", value_name = "ID|PATH")]
    blinds: Vec<String>,
    /// Print the time of each stage (river table, each solve) on standard error.
    #[arg(long)]
    timing: bool,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
struct StrategyArgs {
    /// The Blind pay table: built-in id or TOML file path. Default: blind-a.
    #[arg(long = "blind", value_name = "ID|PATH", default_value = "blind-a")]
    blind: String,
    /// Cards: the player's two cards, then optionally the three flop cards,
    /// then optionally the turn and river (e.g. `AsKd`, `AsKd Qh7c2d`).
    #[arg(value_name = "CARDS")]
    cards: Vec<String>,
    /// Output format (table or json).
    #[arg(long, value_enum, default_value_t = StrategyFormat::Table)]
    format: StrategyFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum StrategyFormat {
    Table,
    Json,
}

#[derive(Args)]
struct TripsArgs {
    /// A Trips pay table: built-in id (uth-01 .. uth-04, uth-florida) or TOML
    /// file path; repeat for several. Default: uth-01, uth-02, uth-03, uth-04.
    #[arg(long = "paytable", value_name = "ID|PATH")]
    paytables: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
struct SixCardArgs {
    /// A Six Card Bonus pay table: built-in id (six-card-a, six-card-b) or
    /// TOML file path; repeat for several. Default: six-card-a, six-card-b.
    #[arg(long = "paytable", value_name = "ID|PATH")]
    paytables: Vec<String>,
    /// The amount wagered in dollars (the Super Royal pays a fixed amount, so
    /// the edge depends on it); repeat for several. Default: 5.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    wagers: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
struct ProgressiveArgs {
    /// A Progressive pay table: built-in id (progressive-md) or TOML file
    /// path; repeat for several. Default: progressive-md.
    #[arg(long = "paytable", value_name = "ID|PATH")]
    paytables: Vec<String>,
    /// The progressive meter in dollars (the royal and straight flush pay a
    /// share of it); repeat for several. Default: 10000, the lowest reset
    /// amount COMAR 36.05.16.12D(3) allows.
    #[arg(long = "meter", value_name = "DOLLARS", allow_hyphen_values = true)]
    meters: Vec<String>,
    /// Other players at the table, 0 to 5 (each may win the player an Envy
    /// Bonus); repeat for several. Default: 0.
    #[arg(long = "players", value_name = "N")]
    players: Vec<u32>,
    /// The Progressive wager in dollars (the Envy Bonus depends on it);
    /// repeat for several. Default: 1.
    #[arg(long = "wager", value_name = "DOLLARS", allow_hyphen_values = true)]
    wagers: Vec<String>,
    /// Which five cards make the hand, overriding the pay table's `hand`.
    #[arg(long, value_enum)]
    hand: Option<HandArg>,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
struct SimulateArgs {
    /// Number of hands, e.g. 10000000, 10_000_000 or 1e7.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    hands: u64,
    /// Seed of the random numbers.
    #[arg(long, value_name = "S", default_value_t = sample::DEFAULT_SEED)]
    seed: u64,
    /// The Blind pay table: built-in id or TOML file path.
    #[arg(long, value_name = "ID|PATH", default_value = "blind-a")]
    blind: String,
    /// The Trips wager (one Ante) on this pay table.
    #[arg(long, value_name = "ID|PATH", default_value = "uth-01")]
    trips: Option<String>,
    /// The Six Card Bonus wager on this pay table.
    #[arg(
        long = "six-card",
        value_name = "ID|PATH",
        default_value = "six-card-a"
    )]
    six_card: Option<String>,
    /// The Six Card Bonus wager in dollars. Default: 5.
    #[arg(long, value_name = "DOLLARS", allow_hyphen_values = true)]
    wager: Option<String>,
    /// Simulate the base game alone (no Trips, no Six Card Bonus).
    #[arg(long)]
    base_only: bool,
    /// How the player plays: optimal (the exact solver's decisions; solves
    /// the game first), wizard (the Wizard of Odds rule of thumb) or timid.
    #[arg(long, value_name = "NAME", default_value = "optimal")]
    strategy: String,
    /// Worker threads (the results do not depend on it). Default: all cores.
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// Report the distribution of the net result of sessions of K
    /// consecutive hands (in Antes, all wagers together).
    #[arg(long = "session-hands", value_name = "K", value_parser = parse_count)]
    session_hands: Option<u64>,
    /// With --session-hands: the chance that the running total reaches
    /// -B Antes within a session.
    #[arg(
        long,
        value_name = "B",
        requires = "session_hands",
        allow_hyphen_values = true
    )]
    bankroll: Option<String>,
    /// With --session-hands: report P(session loses more than X Antes);
    /// repeat for several. Default: 10, 25, 50, 100, 250.
    #[arg(
        long = "lose-more-than",
        value_name = "X",
        requires = "session_hands",
        allow_hyphen_values = true
    )]
    lose_more_than: Vec<String>,
    /// With --session-hands and --six-card: dollars per Ante, to count the
    /// Six Card Bonus (in dollars) in Antes.
    #[arg(
        long,
        value_name = "DOLLARS",
        default_value = "1",
        allow_hyphen_values = true
    )]
    ante: String,
    /// Skip the exact evaluation of a wizard or timid player (about 15 s);
    /// the estimates are then printed without the exact base-game figures.
    #[arg(long = "no-exact")]
    no_exact: bool,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Clone, Copy, ValueEnum)]
enum HandArg {
    /// The player's two cards and the three flop cards.
    HoleAndFlop,
    /// The best five of the player's two cards and the five community cards.
    BestOfSeven,
}

#[derive(Args)]
struct BadBeatArgs {
    /// A Bad Beat pay table: built-in id (bad-beat-dg) or TOML file path;
    /// repeat for several. Default: bad-beat-dg.
    #[arg(long = "paytable", value_name = "ID|PATH")]
    paytables: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// A count such as `10000000`, `10_000_000`, `10,000,000` or `1e7`.
fn parse_count(text: &str) -> Result<u64, String> {
    let bad = || format!("'{text}' is not a whole number (e.g. 10000000, 10_000_000 or 1e7)");
    let plain: String = text.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    if let Some((mantissa, exponent)) = plain.split_once(['e', 'E']) {
        let m: u64 = mantissa.parse().map_err(|_| bad())?;
        let e: u32 = exponent.parse().map_err(|_| bad())?;
        return 10u64
            .checked_pow(e)
            .and_then(|p| p.checked_mul(m))
            .ok_or_else(bad);
    }
    plain.parse().map_err(|_| bad())
}

#[derive(Args)]
struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Table)]
    format: FormatArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    /// Aligned text for people.
    Table,
    /// One row per pay line, and a total row.
    Csv,
    /// One JSON document.
    Json,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Table => Format::Table,
            FormatArg::Csv => Format::Csv,
            FormatArg::Json => Format::Json,
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help, --version: print, success (a closed pipe is fine).
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", one_line_clap_error(&e));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            if is_input_error(&err) {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// A clap error as one line: its message and hints, without the usage.
fn one_line_clap_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<&str> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if !line.is_empty() {
            parts.push(line);
        }
    }
    format!("{} (see --help)", parts.join(" "))
}

/// A command line asking for something the commands do not do.
#[derive(Debug, thiserror::Error)]
enum CliError {
    #[error(
        "--trips {0}: the table's rule settles Trips against the dealer's hand, which the simulator does not; `uth-edge trips --paytable {0}` computes it exactly"
    )]
    TripsAgainstDealer(String),
}

/// Whether the error is the user's input (exit code 2).
fn is_input_error(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.is::<PayTableError>()
            || e.is::<AmountError>()
            || e.is::<CardError>()
            || e.is::<oracle::QueryError>()
            || e.is::<check::CheckError>()
            || e.is::<ProgressiveError>()
            || e.is::<CliError>()
            || e.is::<UnknownStrategy>()
            || e.downcast_ref::<SimulationError>()
                .is_some_and(SimulationError::is_input_error)
    })
}

/// Whether the error is a closed standard output.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let progress = progress_reporter();
    let progress: &dyn Progress = progress.as_ref();
    let (results, format) = match cli.command {
        Some(Command::Game(args)) => {
            let tables = paytables(&args.blinds, WagerKind::Blind)?;
            let timing = args.timing;
            (
                game_results(&tables, progress, timing),
                args.output.format.into(),
            )
        }
        Some(Command::Strategy(args)) => {
            let table = PayTable::resolve_for(&args.blind, WagerKind::Blind)?;
            let cards = oracle::parse_query(&args.cards)?;
            let river = RiverTable::build(CardSet::FULL_DECK, progress);
            let solution = solve(&river, &table, progress);
            let text = match args.format {
                StrategyFormat::Table => oracle::table(&solution, &cards),
                StrategyFormat::Json => oracle::json(&solution, &cards),
            };
            let mut out = BufWriter::new(io::stdout().lock());
            out.write_all(text.as_bytes())
                .context("writing the strategy")?;
            out.flush().context("writing the strategy")?;
            return Ok(());
        }
        Some(Command::Trips(args)) => {
            let tables = paytables(&args.paytables, WagerKind::Trips)?;
            let results = side_bets::trips_report(&tables, progress);
            (results, args.output.format.into())
        }
        Some(Command::Simulate(args)) => return simulate(args, progress),
        Some(Command::SixCard(args)) => {
            let tables = paytables(&args.paytables, WagerKind::SixCardBonus)?;
            let wagers = wager_amounts(&args.wagers)?;
            let results = side_bets::six_card_report(&tables, &wagers, progress);
            (results, args.output.format.into())
        }
        Some(Command::Progressive(args)) => {
            let mut tables = paytables(&args.paytables, WagerKind::Progressive)?;
            if let Some(hand) = args.hand {
                for t in &mut tables {
                    t.rules.progressive_hand = match hand {
                        HandArg::HoleAndFlop => ProgressiveHand::HoleAndFlop,
                        HandArg::BestOfSeven => ProgressiveHand::BestOfSeven,
                    };
                }
            }
            let settings = ProgressiveSettings::read(&args, &tables)?;
            let results = progressive::progressive_report(
                &tables,
                &settings.wagers,
                &settings.meters,
                &settings.players,
                progress,
            );
            (results, args.output.format.into())
        }
        Some(Command::BadBeat(args)) => {
            let tables = paytables(&args.paytables, WagerKind::BadBeat)?;
            let results = showdown_bets::bad_beat_report(&tables, progress);
            (results, args.output.format.into())
        }
        Some(Command::Check(args)) => return run_check(args, progress),
        Some(Command::Report(args)) => return run_report(args.format, args.out, progress),
        Some(Command::Compare(args)) => {
            let tables = args
                .paytables
                .iter()
                .map(|name| PayTable::resolve(name))
                .collect::<Result<Vec<_>, _>>()?;
            let wagers = wager_amounts(&args.wagers)?;
            catalog::check_tables(&tables)?;
            let catalog = Catalog::compute(&tables, &wagers, progress);
            let mut out = BufWriter::new(io::stdout().lock());
            match args.output.format {
                FormatArg::Table => compare::write_table(&catalog.results, &mut out),
                FormatArg::Csv => compare::write_csv(&catalog.results, &mut out),
                FormatArg::Json => compare::write_json(&catalog.results, &mut out),
            }
            .context("writing the comparison")?;
            out.flush().context("writing the comparison")?;
            return Ok(());
        }
        Some(Command::Results(args)) => return run_results(args, progress),
        None => return run_report(ReportFormat::Table, None, progress),
    };
    print(format, &results)
}

/// `uth-edge report` (and no command: the report as a table).
fn run_report(
    format: ReportFormat,
    path: Option<PathBuf>,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let tables = catalog::builtin_tables()?;
    catalog::check_tables(&tables)?;
    let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
    let mut out: Box<dyn Write> = match &path {
        Some(p) => Box::new(BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("creating {}", p.display()))?,
        )),
        None => Box::new(BufWriter::new(io::stdout().lock())),
    };
    let format = match format {
        ReportFormat::Table => Format::Table,
        ReportFormat::Csv => Format::Csv,
        ReportFormat::Json => Format::Json,
        ReportFormat::Markdown => Format::Markdown,
        ReportFormat::Html => {
            out.write_all(html::render(&catalog).as_bytes())
                .context("writing the report")?;
            out.flush().context("writing the report")?;
            return Ok(());
        }
    };
    report::export(format, &catalog.results, &mut out).context("writing the report")?;
    out.flush().context("writing the report")?;
    Ok(())
}

/// The Progressive settings of the command line, read exactly and checked
/// against each table before anything is computed.
struct ProgressiveSettings {
    wagers: Vec<Fraction>,
    meters: Vec<Fraction>,
    players: Vec<u32>,
}

impl ProgressiveSettings {
    /// $1 wager, meter $10,000, no other player.
    fn defaults() -> ProgressiveSettings {
        ProgressiveSettings {
            wagers: vec![Fraction::ONE],
            meters: vec![Fraction::from_int(progressive::DEFAULT_METER)],
            players: vec![0],
        }
    }

    fn read(args: &ProgressiveArgs, tables: &[PayTable]) -> anyhow::Result<ProgressiveSettings> {
        let mut settings = ProgressiveSettings::defaults();
        if !args.wagers.is_empty() {
            settings.wagers = args
                .wagers
                .iter()
                .map(|text| side_bets::parse_dollars(text))
                .collect::<Result<_, _>>()?;
        }
        if !args.meters.is_empty() {
            settings.meters = args
                .meters
                .iter()
                .map(|text| progressive::parse_meter(text))
                .collect::<Result<_, _>>()?;
        }
        if !args.players.is_empty() {
            settings.players = args.players.clone();
        }
        for t in tables {
            for w in &settings.wagers {
                for &n in &settings.players {
                    progressive::check_settings(t, w.clone(), n)?;
                }
            }
        }
        Ok(settings)
    }
}

/// The `simulate` command: settings checked before any long computation,
/// then the solve (optimal strategy only), the exact side bets, the sample.
fn simulate(args: SimulateArgs, progress: &dyn Progress) -> anyhow::Result<()> {
    let name: StrategyName = args.strategy.parse()?;
    let mut config = sample::SimulationConfig::new(
        args.hands,
        PayTable::resolve_for(&args.blind, WagerKind::Blind)?,
    );
    config.seed = args.seed;
    config.threads = args.threads;
    let (trips, six_card) = if args.base_only {
        (None, None)
    } else {
        (args.trips.as_ref(), args.six_card.as_ref())
    };
    if let Some(trips) = trips {
        let table = PayTable::resolve_for(trips, WagerKind::Trips)?;
        if table.rules.trips.needs_dealer() {
            return Err(CliError::TripsAgainstDealer(trips.clone()).into());
        }
        config.trips = Some(table);
    }
    if let Some(six) = six_card {
        let wager = match &args.wager {
            Some(text) => side_bets::parse_dollars(text)?,
            None => Fraction::from_int(5),
        };
        config.six_card = Some(sample::SixCardBet {
            table: PayTable::resolve_for(six, WagerKind::SixCardBonus)?,
            wager,
        });
    }
    if let Some(k) = args.session_hands {
        let mut session = sample::SessionConfig::new(k);
        session.bankroll = args
            .bankroll
            .as_deref()
            .map(|b| sample::parse_number("bankroll", b))
            .transpose()?;
        if !args.lose_more_than.is_empty() {
            session.loss_thresholds = args
                .lose_more_than
                .iter()
                .map(|x| sample::parse_number("lose-more-than", x))
                .collect::<Result<_, _>>()?;
        }
        session.ante_dollars = sample::parse_number("ante", &args.ante)?;
        config.session = Some(session);
    }
    sample::validate(&config)?;
    let run = |strategy: &dyn Strategy, exact: &mut sample::ExactValues| {
        if let Some(table) = &config.trips {
            let counts = side_bets::count_seven_card_hands(progress);
            exact.trips = Some(side_bets::trips_result(table, &counts).house_edge);
        }
        if let Some(bet) = &config.six_card {
            let counts = side_bets::count_six_card_hands(progress);
            exact.six_card =
                Some(side_bets::six_card_result(&bet.table, &counts, bet.wager.clone()).house_edge);
        }
        sample::simulate(&config, strategy, progress).map(|sample| sample.report(exact))
    };
    let mut exact = sample::ExactValues::default();
    let report = match name {
        StrategyName::Optimal => {
            let river = RiverTable::build(CardSet::FULL_DECK, progress);
            let solution = solve(&river, &config.blind, progress);
            exact.base_game = Some(sample::ExactBaseGame::from_summary(&solution.summary()));
            run(&OptimalStrategy::new(&solution), &mut exact)?
        }
        StrategyName::Wizard | StrategyName::Timid => {
            let strategy: &dyn Strategy = if name == StrategyName::Wizard {
                &WizardStrategy
            } else {
                &TimidStrategy
            };
            if !args.no_exact {
                // The solver's exact evaluation of this fixed strategy.
                let river = RiverTable::build(CardSet::FULL_DECK, progress);
                let evaluated =
                    evaluate_policy(&river, &config.blind, &AsPolicy(strategy), progress);
                exact.base_game = Some(sample::ExactBaseGame::from_summary(&evaluated.summary()));
            }
            run(strategy, &mut exact)?
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    sample::export(args.output.format.into(), &report, &mut out).context("writing the report")?;
    out.flush().context("writing the report")?;
    Ok(())
}

/// `uth-edge results`.
fn run_results(args: ResultsArgs, progress: &dyn Progress) -> anyhow::Result<()> {
    let tables = if args.paytables.is_empty() {
        catalog::builtin_tables()?
    } else {
        args.paytables
            .iter()
            .map(|name| PayTable::resolve(name))
            .collect::<Result<Vec<_>, _>>()?
    };
    catalog::check_tables(&tables)?;
    let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
    let files = results::files(&catalog);
    let args = args.target;
    if let Some(dir) = args.out_dir {
        results::write(&dir, &files).with_context(|| format!("writing {}", dir.display()))?;
        for f in &files {
            println!("{}", dir.join(&f.name).display());
        }
        return Ok(());
    }
    let dir = args.check.expect("clap requires --out-dir or --check");
    let differences = results::compare_dir(&dir, &files, 20);
    for line in &differences {
        println!("{line}");
    }
    if !differences.is_empty() {
        anyhow::bail!(
            "the results differ from {} (to accept an intended change: scripts/regenerate-results.sh, review git diff, commit)",
            dir.display()
        );
    }
    println!("{} files identical to {}", files.len(), dir.display());
    Ok(())
}

/// `uth-edge check`.
fn run_check(args: CheckArgs, progress: &dyn Progress) -> anyhow::Result<()> {
    let mut tables: Vec<PayTable> = if args.paytables.is_empty() {
        catalog::builtin_tables()?
            .into_iter()
            .filter(|t| !t.published.is_empty())
            .collect()
    } else {
        args.paytables
            .iter()
            .map(|name| PayTable::resolve(name))
            .collect::<Result<_, _>>()?
    };
    // The readings that bring in other tables: the built-in Trips and Blind
    // tables, when a base-game figure is checked.
    let checked: Vec<String> = tables.iter().map(|t| t.id.clone()).collect();
    if tables
        .iter()
        .any(|t| t.wager == WagerKind::Blind && !t.published.is_empty())
    {
        for t in catalog::builtin_tables()? {
            if matches!(t.wager, WagerKind::Blind | WagerKind::Trips) && !checked.contains(&t.id) {
                let mut t = t;
                t.published.clear();
                tables.push(t);
            }
        }
    }
    catalog::check_tables(&tables)?;
    let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
    let checks = check::check(&catalog)?;
    let mut out = BufWriter::new(io::stdout().lock());
    match args.format {
        StrategyFormat::Table => check::write_table(&checks, args.verbose, &mut out),
        StrategyFormat::Json => check::write_json(&checks, &mut out),
    }
    .context("writing the check")?;
    out.flush().context("writing the check")?;
    if checks.is_empty() {
        eprintln!("warning: no published figures in the pay tables given");
    }
    let (_, not_reproduced, _) = check::tally(&checks);
    if not_reproduced > 0 {
        anyhow::bail!("{not_reproduced} published figure(s) not reproduced");
    }
    Ok(())
}

/// The base game solved for each Blind table (one river table for all);
/// with `timing`, the wall time of each stage on standard error.
fn game_results(tables: &[PayTable], progress: &dyn Progress, timing: bool) -> Vec<WagerResult> {
    let start = Instant::now();
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    if timing {
        eprintln!(
            "timing: river table (134,459 boards) {:.2} s, {} threads",
            start.elapsed().as_secs_f64(),
            rayon::current_num_threads()
        );
    }
    let stage = Instant::now();
    let results = solve_many(&river, tables, progress)
        .iter()
        .zip(tables)
        .map(|(solution, table)| solution.summary().to_result(table))
        .collect();
    if timing {
        eprintln!(
            "timing: solve {} table(s) {:.2} s",
            tables.len(),
            stage.elapsed().as_secs_f64()
        );
    }
    if timing {
        eprintln!("timing: total {:.2} s", start.elapsed().as_secs_f64());
    }
    results
}

/// The pay tables named on the command line, or the wager's default
/// built-in tables; each checked to be for that wager.
fn paytables(given: &[String], wager: WagerKind) -> anyhow::Result<Vec<PayTable>> {
    if given.is_empty() {
        return PayTable::default_ids_for(wager)
            .into_iter()
            .map(|id| PayTable::resolve_for(id, wager).map_err(Into::into))
            .collect();
    }
    given
        .iter()
        .map(|name| PayTable::resolve_for(name, wager).map_err(Into::into))
        .collect()
}

/// The wager amounts named on the command line, or $5.
fn wager_amounts(given: &[String]) -> anyhow::Result<Vec<Fraction>> {
    if given.is_empty() {
        return Ok(vec![Fraction::from_int(5)]);
    }
    given
        .iter()
        .map(|text| side_bets::parse_dollars(text).map_err(Into::into))
        .collect()
}

fn print(format: Format, results: &[WagerResult]) -> anyhow::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    report::export(format, results, &mut out).context("writing the report")?;
    out.flush().context("writing the report")?;
    Ok(())
}

/// A progress bar on standard error when it is a terminal, else nothing.
fn progress_reporter() -> Box<dyn Progress> {
    if io::stderr().is_terminal() {
        Box::new(Bar(Mutex::new(None)))
    } else {
        Box::new(Silent)
    }
}

/// An indicatif progress bar, a new one for each piece of work.
struct Bar(Mutex<Option<ProgressBar>>);

impl Progress for Bar {
    fn begin(&self, label: &str, total: u64) {
        let bar = ProgressBar::new(total);
        let template = if label == sample::PROGRESS_LABEL {
            "{msg} [{bar:30}] {percent:>3}% {human_pos}/{human_len}, {per_sec} {elapsed}"
        } else {
            "{msg} [{bar:30}] {percent:>3}% {elapsed}"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(label.to_string());
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(bar);
        }
    }

    fn advance(&self, units: u64) {
        if let Ok(slot) = self.0.lock() {
            if let Some(bar) = slot.as_ref() {
                bar.inc(units);
            }
        }
    }

    fn finish(&self) {
        if let Ok(mut slot) = self.0.lock() {
            if let Some(bar) = slot.take() {
                bar.finish_and_clear();
            }
        }
    }
}
