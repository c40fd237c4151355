//! `uth-edge report` (and bare `uth-edge`), its one home: the flags
//! ([`ReportArgs`]), the one value parsed once from them ([`Report`], its
//! two modes: the overview of bare `uth-edge`, the full report; `parse.rs`,
//! and `parse_money.rs` for the money rules; nothing solved, nothing
//! printed) and its run: every wager of the tables in one document, with
//! the opt-in player-dealer and "value of a leak" sections and the
//! money-rules part (`money_rules.rs`: its flags and figures).

mod money_rules;
mod parse;
mod parse_money;

use super::provenance;
use crate::cli::args::paytable::{self, PaytableArgs};
use crate::cli::args::traffic::TrafficArgs;
use crate::cli::args::{formats, OutArg};
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use clap::Args;
use money_rules::{MoneyRulesRun, ReportMoneyArgs};
use std::path::PathBuf;
use uth_edge::analysis::catalog::Catalog;
use uth_edge::analysis::cross_check::{self, CrossCheck, CrossCheckRun};
use uth_edge::analysis::dead_results::DeadResult;
use uth_edge::analysis::economics::TableTraffic;
use uth_edge::analysis::players::{practical_holds, practical_holds_limited, Practical};
use uth_edge::analysis::seen_results::SeenResult;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Progress;
use uth_edge::report::{self, ExportContext, Format, Shape};
use uth_edge::rules::paytable::PayTable;

#[derive(Args)]
#[command(mut_args(paytable::help(
    "A pay table to report on, any wager: built-in id, TOML file path, or `-` for standard input; repeat for several. Default: every built-in table"
)))]
#[command(mut_arg("average_ante", |a| a.help(
    "The monitoring figures' average Ante in dollars (needs a Blind table). Default: 10"
)))]
pub struct ReportArgs {
    #[command(flatten)]
    pub paytable: PaytableArgs,
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
    #[arg(long, default_value = "table", value_parser = formats(Shape::Page))]
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
    /// The version of the rules the figures assume (an edition, amendment
    /// or date, e.g. "COMAR 36.05.16, 2014 amendments"), printed in the
    /// report's "Rules version and assumptions" beside each pay table's own
    /// `rules_version`.
    #[arg(long = "rules-version", value_name = "TEXT")]
    pub rules_version: Option<String>,
    /// Add the "Hold under practical play": the exact hold of optimal,
    /// wizard, never-4x, pairs-and-aces and always-river on each Blind
    /// table (each strategy an exact solve of a minute or two; not in the
    /// default report for that reason).
    #[arg(long)]
    pub practical: bool,
    /// The strategies of the "Hold under practical play" (implies
    /// --practical): names or strategy files, separated by commas:
    /// optimal,wizard,FILE.
    #[arg(long, value_name = "NAME|FILE,...")]
    pub strategies: Option<String>,
    /// Add a player mix to the "Hold under practical play" (implies
    /// --practical): STRATEGY:SHARE,... summing to 100%, as economics
    /// --players.
    #[arg(
        long,
        value_name = "STRATEGY:SHARE,...",
        conflicts_with = "players_file"
    )]
    pub players: Option<String>,
    /// The player mix as a file (docs/strategy-format.md, "A player mix").
    #[arg(long, value_name = "FILE")]
    pub players_file: Option<std::path::PathBuf>,
    /// The certification block's cross-check: hands simulated per Blind
    /// table (seeded, played by the strategy the figures assume), each
    /// exact figure compared with its estimate's 95% interval; 0 leaves
    /// it out. Default: 10^7 (about a second per table).
    #[arg(
        long = "cross-check-hands",
        value_name = "N",
        allow_hyphen_values = true
    )]
    pub cross_check_hands: Option<String>,
    #[command(flatten)]
    pub money: ReportMoneyArgs,
    /// The stakes and traffic of the monitoring figures (needs a Blind
    /// table): `--average-ante`, `--hands-per-hour`, `--seats`, `--hours`,
    /// as `economics` reads them.
    #[command(flatten)]
    pub traffic: TrafficArgs,
    #[command(flatten)]
    pub out: OutArg,
}

/// What a report run computes, parsed once ([`Report::from_args`],
/// [`Report::bare`]).
pub enum Report {
    /// Bare `uth-edge`: one line per wager of every built-in table and the
    /// verdicts on the published figures.
    Overview {
        tables: Vec<PayTable>,
        wagers: Vec<Fraction>,
    },
    /// `uth-edge report` (and bare `uth-edge --details`): every line of
    /// every table.
    Full(Box<FullReport>),
}

/// The full report: its tables, sections and money rules, checked.
pub struct FullReport {
    format: Format,
    tables: Vec<PayTable>,
    wagers: Vec<Fraction>,
    /// Add the California player-dealer game (solved with the report's
    /// first Blind table).
    player_dealer: bool,
    /// The rows of the "value of a leak" HTML section, from a seen-cards
    /// results file.
    leak: Option<Vec<SeenResult>>,
    /// The collusion and exposed-card rows of that section (`--dead-results`).
    dead_leak: Vec<DeadResult>,
    /// The money rules (payout limit, meters), checked; nothing solved.
    money: MoneyRulesRun,
    /// The version of the rules the figures assume (`--rules-version`).
    rules_version: Option<String>,
    /// The "Hold under practical play": its strategies and the player mix,
    /// when asked for.
    practical: Option<Practical>,
    /// The stakes and traffic of the monitoring figures.
    traffic: TableTraffic,
    /// Hands simulated per Blind table for the cross-check (0: left out).
    cross_check_hands: u64,
    /// `-o FILE` (standard output when none).
    out: Option<PathBuf>,
}

/// Runs `uth-edge report`.
pub fn run(
    args: ReportArgs,
    quiet: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let report = Report::from_args(args, reader)?;
    run_report(report, quiet, reader, progress)
}

/// Runs bare `uth-edge` (`details`: `--details`, the full report of every
/// built-in table as a table).
pub fn bare(
    details: bool,
    quiet: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let report = Report::bare(details, reader)?;
    run_report(report, quiet, reader, progress)
}

/// Runs a report of either mode (`quiet`: `--quiet`, no warnings).
fn run_report(
    report: Report,
    quiet: bool,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    match report {
        Report::Overview { tables, wagers } => overview(&tables, &wagers, progress),
        Report::Full(full) => run_full(*full, quiet, reader, progress),
    }
}

/// The full report, written to its output (`quiet`: `--quiet`, the
/// meters' warnings not printed).
fn run_full(
    full: FullReport,
    quiet: bool,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let FullReport {
        format,
        tables,
        wagers,
        player_dealer: with_player_dealer,
        leak,
        dead_leak,
        money,
        rules_version,
        practical,
        traffic,
        cross_check_hands,
        out,
    } = full;
    // The meters' warnings (a reset below the least the rule allows) and
    // the payout limit's (below the least the rule allows at the table
    // minimum), unless --quiet, as `progressive`, `game` and `strategy`
    // print them.
    if !quiet {
        for warning in money.warnings.iter().chain(&money.limit_warnings()) {
            stderr_line!("{warning}");
        }
    }
    let leak_section = leak.map(|rows| report::seen::leak::section(&rows));
    let leak_section = report::dead::leak::with_dead_rows(leak_section, &dead_leak);
    let out = Output::open(out.as_deref())?;
    // One solve per Blind table for the report, the player-dealer game
    // (the first table, under its optimal strategy) and the cross-check's
    // sample (each table played by its solve's decisions; the Trips table
    // wagered on the first table's hands).
    let trips = cross_check::sampled_trips(&tables);
    let mut dealer = None;
    let mut samples = Vec::new();
    let catalog = Catalog::compute_visiting(&tables, &wagers, progress, |i, solution| {
        if with_player_dealer && i == 0 {
            dealer = Some(uth_edge::analysis::player_dealer::report_section(
                solution, progress,
            ));
        }
        if cross_check_hands > 0 {
            let trips = trips.filter(|_| i == 0);
            samples.push(cross_check::sample_table(
                solution,
                trips,
                cross_check_hands,
                uth_edge::sample::DEFAULT_SEED,
                None,
                progress,
            ));
        }
    });
    let dealer = match dealer {
        Some(section) => section?,
        None => Vec::new(),
    };
    let cross_check = if cross_check_hands == 0 {
        CrossCheck::LeftOut
    } else if samples.is_empty() {
        // No Blind table: no base game to sample; the part gives the
        // command (`simulate` plays its default Blind table).
        CrossCheck::NotRun
    } else {
        let samples = samples.into_iter().collect::<Result<Vec<_>, _>>()?;
        CrossCheck::Done(CrossCheckRun::compare(
            cross_check_hands,
            uth_edge::sample::DEFAULT_SEED,
            &samples,
            &catalog.results,
        ))
    };
    let money = money.figures(&tables, progress)?;
    // Under a payout limit, the practical hold is the limit's too: each
    // strategy at each Ante of the money rules, beside their optimal play
    // knowing the limit; else the catalog's game.
    let practical = match (practical, &money.limit) {
        (None, _) => Vec::new(),
        (Some(p), Some(limit)) => {
            practical_holds_limited(&p, &tables, &limit.rule, &limit.rows, progress)
        }
        (Some(p), None) => practical_holds(&p, &tables, &catalog.results, progress),
    };
    let part = report::money_rules::section(&money);
    // The JSON body and the CSV records: the catalog's results, then the
    // payout limit's (the document adds the practical hold's strategies').
    let mut rows = catalog.results.clone();
    for (_, limited) in money.limit.iter().flat_map(|l| &l.rows) {
        rows.extend(limited.iter().map(|r| r.result.clone()));
    }
    let context = ExportContext {
        provenance: Some(provenance(reader)),
        tables: tables.to_vec(),
        leak_section,
        rules_version,
        payout_limit: money.limit.as_ref().map(|l| l.rule.clone()),
        tool_sha256: uth_edge::analysis::provenance::running_binary_sha256(),
        practical,
        traffic,
        cross_check,
    };
    let document = report::submission::document(&catalog, &context, &dealer, Some(part), &rows)
        .context("writing the report")?;
    super::render_document(format, &document, out, "the report")
}

/// Bare `uth-edge`: one line per wager of every built-in table and the
/// verdicts on the published figures.
fn overview(
    tables: &[PayTable],
    wagers: &[Fraction],
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let catalog = Catalog::compute(tables, wagers, progress);
    let mut out = Output::open(None)?;
    report::render(
        Format::Table,
        &report::submission::overview(&catalog),
        &mut out,
    )?;
    out.finish().context("writing the report")
}
