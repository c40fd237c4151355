//! The commands: settings read and checked first ([`super::settings`]),
//! then the library computes, then an exporter writes.

use super::args::{
    Cli, Command, EconomicsArgs, PlayerDealerArgs, ResultsArgs, SimulateArgs, StrategyArgs,
    WhatIfArgs,
};
use super::exit::stderr_line;
use super::output::{self, Output};
use super::progress_bar;
use super::settings::{
    self, PlayerDealerSettings, ProgressiveSettings, SimulateSettings, TableReader,
};
use anyhow::Context;
use std::io::Write;
use std::time::Instant;
use uth_edge::analysis::catalog::{self, Catalog};
use uth_edge::analysis::economics::{configurations, EconomicsWager, TableTraffic, WagerChoice};
use uth_edge::analysis::provenance::Provenance;
use uth_edge::analysis::results_dir::{self, ResultsDir};
use uth_edge::analysis::seen_results::{self, SeenResult};
use uth_edge::analysis::what_if;
use uth_edge::analysis::{check, results};
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{evaluate_policy, for_each_solution, solve, GameSummary, RiverTable};
use uth_edge::exact::{showdown_bets, side_bets, ultimate_pairs};
use uth_edge::fraction::Fraction;
use uth_edge::money::parse_dollars;
use uth_edge::progress::Progress;
use uth_edge::report::{self, ExportContext, Format};
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::{PayTable, PayingHand, TwoCardHand, WagerKind};
use uth_edge::sample;
use uth_edge::sample::player_dealer;
use uth_edge::strategy::{
    oracle, AsPolicy, OptimalStrategy, Strategy, StrategyName, TimidStrategy, WizardStrategy,
};

/// Runs the command line; with `--provenance FILE`, then writes the run's
/// provenance there (when the command wrote its output, even if it then
/// failed, as `check` does when a figure is not reproduced).
pub fn run(mut cli: Cli) -> anyhow::Result<()> {
    let sidecar = match cli.provenance.take() {
        Some(path) => Some(Output::open_for("--provenance", Some(&path))?),
        None => None,
    };
    let mut reader = TableReader::default();
    let result = run_command(cli, &mut reader);
    if let Some(mut sidecar) = sidecar {
        let outputs = output::finished();
        if !outputs.is_empty() {
            #[derive(serde::Serialize)]
            struct Outputs {
                outputs: Vec<output::Finished>,
            }
            let provenance = provenance(&reader);
            report::write_document(Outputs { outputs }, Some(&provenance), &mut sidecar)
                .and_then(|()| sidecar.finish())
                .context("writing the provenance")?;
        }
    }
    result
}

/// Runs the command.
fn run_command(cli: Cli, reader: &mut TableReader) -> anyhow::Result<()> {
    let progress = progress_bar::reporter(cli.quiet);
    let progress: &dyn Progress = progress.as_ref();
    let Some(command) = cli.command else {
        let tables = catalog::builtin_tables().map_err(InputError::from)?;
        reader.record_builtin(&tables);
        let wagers = catalog::default_wager_amounts();
        return report(
            Format::Table,
            &tables,
            &wagers,
            ReportSections {
                player_dealer: false,
                leak: None,
            },
            reader,
            Output::open(None)?,
            progress,
        );
    };
    match command {
        Command::Game(args) if !args.seen.is_empty() => seen_game(args, reader, progress),
        Command::Game(args) => {
            let tables = settings::paytables_for(reader, &args.blinds, WagerKind::Blind)?;
            let out = Output::open(args.output.out.out.as_deref())?;
            let results = game_results(&tables, progress, args.timing);
            write_results(args.output.format, &results, &tables, reader, out)
        }
        Command::Strategy(args) => strategy(args, reader, progress),
        Command::Trips(args) => {
            let tables = settings::paytables_for(reader, &args.paytables, WagerKind::Trips)?;
            let out = Output::open(args.output.out.out.as_deref())?;
            let results = side_bets::trips_report(&tables, progress);
            write_results(args.output.format, &results, &tables, reader, out)
        }
        Command::SixCard(args) => {
            let tables = settings::paytables_for(reader, &args.paytables, WagerKind::SixCardBonus)?;
            let wagers = settings::wager_amounts(&args.wagers)?;
            let out = Output::open(args.output.out.out.as_deref())?;
            let results = side_bets::six_card_report(&tables, &wagers, progress);
            write_results(args.output.format, &results, &tables, reader, out)
        }
        Command::Progressive(args) => {
            let s = ProgressiveSettings::read(reader, &args)?;
            let out = Output::open(args.output.out.out.as_deref())?;
            let results = uth_edge::exact::progressive::progressive_report(
                &s.tables, &s.wagers, &s.meters, &s.players, progress,
            );
            write_results(args.output.format, &results, &s.tables, reader, out)
        }
        Command::BadBeat(args) => {
            let tables = settings::paytables_for(reader, &args.paytables, WagerKind::BadBeat)?;
            let out = Output::open(args.output.out.out.as_deref())?;
            let results = showdown_bets::bad_beat_report(&tables, progress);
            write_results(args.output.format, &results, &tables, reader, out)
        }
        Command::UltimatePairs(args) => {
            let tables =
                settings::paytables_for(reader, &args.paytables, WagerKind::UltimatePairs)?;
            let out = Output::open(args.output.out.out.as_deref())?;
            let results = ultimate_pairs::ultimate_pairs_report(&tables, progress);
            write_results(args.output.format, &results, &tables, reader, out)
        }
        Command::Simulate(args) => simulate(args, reader, progress),
        Command::PlayerDealer(args) => player_dealer(args, reader, progress),
        Command::Tables(args) => super::tables::run(args, reader),
        Command::Economics(args) => economics(args, reader, progress),
        Command::WhatIf(args) => what_if(args, reader, progress),
        Command::Completions { shell } => {
            let mut out = Output::open(None)?;
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "uth-edge", &mut out);
            out.finish().context("writing the completions")
        }
        Command::Man => {
            let mut out = Output::open(None)?;
            let command = <Cli as clap::CommandFactory>::command();
            clap_mangen::Man::new(command).render(&mut out)?;
            out.finish().context("writing the man page")
        }
        Command::Check(args) => {
            let given = if args.paytables.is_empty() {
                None
            } else {
                Some(settings::paytables(reader, &args.paytables)?)
            };
            // Tables named that publish nothing (an example table): said so.
            let unpublished: Vec<(String, String)> = given
                .iter()
                .flatten()
                .filter(|t| t.published.is_empty())
                .map(|t| (t.wager.name().to_string(), t.id.clone()))
                .collect();
            let tables = check::tables_to_check(given).map_err(InputError::from)?;
            settings::unique_ids(&tables)?;
            catalog::check_tables(&tables).map_err(InputError::from)?;
            // Figures about seen-card cases: checked against the committed
            // results when given, before any solving.
            let seen = check::seen_figures(&tables).map_err(InputError::from)?;
            let seen_checks = match &args.seen_results {
                Some(path) => {
                    let results = seen_rows(path)?;
                    check::check_seen(&seen, &results).map_err(|e| {
                        InputError::usage(format!("--seen-results {}: {e}", path.display()))
                    })?
                }
                None => Vec::new(),
            };
            let mut out = Output::open(args.output.out.out.as_deref())?;
            let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
            let mut checks = check::check(&catalog).map_err(InputError::from)?;
            checks.extend(seen_checks);
            if args.seen_results.is_none() && !seen.is_empty() && !cli.quiet {
                stderr_line!(
                    "note: {} published figure(s) about seen-card cases not checked: give --seen-results results/seen_cards.csv",
                    seen.len()
                );
            }
            match args.output.format {
                Format::Json => report::check::write_json(
                    &checks,
                    &unpublished,
                    Some(&provenance(reader)),
                    &mut out,
                ),
                // Tables named that publish nothing are said so, one line
                // each, instead of a bare "No published figures to check.".
                _ if checks.is_empty() && !unpublished.is_empty() => {
                    report::check::write_unpublished(&unpublished, false, &mut out)
                }
                _ => report::check::write_table(&checks, args.verbose, &mut out).and_then(|()| {
                    report::check::write_unpublished(&unpublished, !checks.is_empty(), &mut out)
                }),
            }
            .context("writing the check")?;
            out.finish().context("writing the check")?;
            if checks.is_empty() && !cli.quiet {
                stderr_line!("warning: no published figures in the pay tables given");
            }
            let (_, not_reproduced, _) = check::tally(&checks);
            if not_reproduced > 0 {
                anyhow::bail!("{not_reproduced} published figure(s) not reproduced");
            }
            Ok(())
        }
        Command::Report(args) => {
            let tables = if args.paytables.is_empty() {
                let tables = catalog::builtin_tables().map_err(InputError::from)?;
                reader.record_builtin(&tables);
                tables
            } else {
                settings::paytables(reader, &args.paytables)?
            };
            let wagers = settings::wager_amounts(&args.wagers)?;
            if args.player_dealer {
                if !matches!(args.format, Format::Table | Format::Markdown | Format::Html) {
                    return Err(InputError::usage(format!(
                        "--player-dealer: the player-dealer section is written with --format table, markdown or html, not {} (`uth-edge player-dealer --format {}` gives it alone)",
                        args.format.name(),
                        args.format.name()
                    ))
                    .into());
                }
                if !tables.iter().any(|t| t.wager == WagerKind::Blind) {
                    return Err(InputError::usage(
                        "--player-dealer: the report needs a Blind pay table (the player-dealer game is played on it)",
                    )
                    .into());
                }
            }
            let leak = match &args.seen_results {
                None => None,
                Some(_) if args.format != Format::Html => return Err(InputError::usage(
                    "--seen-results adds a section to the HTML report: use it with --format html",
                )
                .into()),
                Some(path) => Some(report::leak::section(&seen_rows(path)?)),
            };
            let out = Output::open(args.out.out.as_deref())?;
            report(
                args.format,
                &tables,
                &wagers,
                ReportSections {
                    player_dealer: args.player_dealer,
                    leak,
                },
                reader,
                out,
                progress,
            )
        }
        Command::Compare(args) => {
            let tables = settings::paytables(reader, &args.paytables)?;
            let wagers = settings::wager_amounts(&args.wagers)?;
            catalog::check_tables(&tables).map_err(InputError::from)?;
            let mut out = Output::open(args.output.out.out.as_deref())?;
            let catalog = Catalog::compute(&tables, &wagers, progress);
            match args.output.format {
                Format::Csv => report::compare::write_csv(&catalog.results, &mut out),
                Format::Json => report::compare::write_json(
                    &catalog.results,
                    Some(&provenance(reader)),
                    &mut out,
                ),
                _ => report::compare::write_table(&catalog.results, &mut out),
            }
            .context("writing the comparison")?;
            out.finish().context("writing the comparison")
        }
        Command::Results(args) => run_results(args, reader, progress),
    }
}

/// The provenance of this run: the command line as typed, today, and the
/// pay tables read.
pub(super) fn provenance(reader: &TableReader) -> Provenance {
    let command_line: Vec<String> = std::env::args().collect();
    Provenance::now(command_line.join(" "), reader.sources())
}

/// Writes results in a format (with the run's provenance where the format
/// has a place for it), then puts the output in place.
fn write_results(
    format: Format,
    results: &[WagerResult],
    tables: &[PayTable],
    reader: &TableReader,
    mut out: Output,
) -> anyhow::Result<()> {
    let context = ExportContext {
        provenance: Some(provenance(reader)),
        tables: tables.to_vec(),
        leak_section: None,
    };
    report::export_with(format, results, &context, &mut out).context("writing the report")?;
    out.finish().context("writing the report")
}

/// The opt-in sections of `uth-edge report`.
struct ReportSections {
    /// The California player-dealer game (solved with the report's Blind table).
    player_dealer: bool,
    /// The "value of a leak" HTML section, read from a seen-cards results file.
    leak: Option<String>,
}

/// `uth-edge report` (and no command: the report of every built-in table
/// as a table).
fn report(
    format: Format,
    tables: &[PayTable],
    wagers: &[Fraction],
    sections: ReportSections,
    reader: &TableReader,
    mut out: Output,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let ReportSections {
        player_dealer: with_player_dealer,
        leak: leak_section,
    } = sections;
    catalog::check_tables(tables).map_err(InputError::from)?;
    let (catalog, dealer) = if with_player_dealer {
        // One solve for the report and the player-dealer game (on the
        // first Blind table, under its optimal strategy).
        let mut dealer = None;
        let catalog = Catalog::compute_visiting(tables, wagers, progress, |i, solution| {
            if i == 0 {
                dealer = Some(uth_edge::analysis::player_dealer::report_section(
                    solution, progress,
                ));
            }
        });
        let dealer = dealer.expect("a Blind table among the report's tables")?;
        (catalog, dealer)
    } else {
        (Catalog::compute(tables, wagers, progress), Vec::new())
    };
    if format == Format::Html {
        let context = ExportContext {
            provenance: Some(provenance(reader)),
            tables: tables.to_vec(),
            leak_section,
        };
        let sections: Vec<String> = dealer
            .iter()
            .map(report::player_dealer::html_section)
            .collect();
        out.write_all(report::html::render_with_sections(&catalog, &context, &sections).as_bytes())
            .context("writing the report")?;
        return out.finish().context("writing the report");
    }
    if dealer.is_empty() {
        return write_results(format, &catalog.results, tables, reader, out);
    }
    let context = ExportContext {
        provenance: Some(provenance(reader)),
        tables: tables.to_vec(),
        leak_section: None,
    };
    report::export_with(format, &catalog.results, &context, &mut out)
        .context("writing the report")?;
    for d in &dealer {
        writeln!(out)?;
        if format == Format::Markdown {
            writeln!(out, "## Player-dealer game (California)\n")?;
        }
        report::export_document(format, d, None, &report::player_dealer::WRITERS, &mut out)
            .context("writing the report")?;
    }
    out.finish().context("writing the report")
}

/// `uth-edge strategy`: the chart, or one decision's exact EVs.
fn strategy(
    args: StrategyArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let table = reader.read_for(&args.blind, WagerKind::Blind)?;
    let groups = settings::strategy_cards(&args.cards)?;
    let seen = args.seen_dealer.is_some()
        || args.seen_flop.is_some()
        || args.seen_turnriver.is_some()
        || args.turnriver_at_flop;
    if seen && args.dead.is_some() {
        return Err(InputError::usage(
            "--dead cannot be combined with --seen-dealer, --seen-flop, --seen-turnriver or --turnriver-at-flop yet (issue 26 continues)",
        )
        .into());
    }
    if seen {
        return seen_strategy(&args, &groups, &table, reader, progress);
    }
    let cards = oracle::parse_query(&groups).map_err(|e| InputError::usage(e.to_string()))?;
    // Dead cards, checked before any work; none (`--dead ""`) is today's
    // query.
    let dead = settings::strategy_dead_cards(&cards, args.dead.as_deref())?;
    if !dead.is_empty() {
        return dead_card_strategy(&args, &cards, &dead, &table, reader);
    }
    let mut out = Output::open(args.output.out.out.as_deref())?;
    // A preflop, flop or river decision: enumerated directly, without the
    // solve.
    let provenance = provenance(reader);
    if let Some(advice) = oracle::spot_advice(&table, &cards) {
        let advice = advice.map_err(InputError::from)?;
        match args.output.format {
            Format::Json => report::write_document(
                oracle::advice_value(&table.id, &cards, &advice),
                Some(&provenance),
                &mut out,
            ),
            _ => out.write_all(oracle::advice_table(&table.id, &cards, &advice).as_bytes()),
        }
        .context("writing the strategy")?;
        return out.finish().context("writing the strategy");
    }
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    let solution = solve(&river, &table, progress);
    match args.output.format {
        Format::Json => report::write_document(
            oracle::json_value(&solution, &cards),
            Some(&provenance),
            &mut out,
        ),
        _ => out.write_all(oracle::table(&solution, &cards).as_bytes()),
    }
    .context("writing the strategy")?;
    out.finish().context("writing the strategy")
}

/// `uth-edge strategy HOLE FLOP [TURNRIVER] --dead CARDS`: one flop or river
/// decision's exact EVs with the dead cards out of the deck, enumerated
/// directly (the dead cards already checked, at least one).
fn dead_card_strategy(
    args: &StrategyArgs,
    cards: &[uth_edge::cards::Card],
    dead: &[uth_edge::cards::Card],
    table: &PayTable,
    reader: &TableReader,
) -> anyhow::Result<()> {
    let dead_set = CardSet::from_cards(dead);
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let provenance = provenance(reader);
    let advice = oracle::spot_advice_with_dead(table, cards, dead_set)
        .expect("a flop or river decision: checked with the dead cards")
        .map_err(InputError::from)?;
    match args.output.format {
        Format::Json => report::write_document(
            oracle::advice_value_with_dead(&table.id, cards, dead, &advice),
            Some(&provenance),
            &mut out,
        ),
        _ => out
            .write_all(oracle::advice_table_with_dead(&table.id, cards, dead, &advice).as_bytes()),
    }
    .context("writing the strategy")?;
    out.finish().context("writing the strategy")
}

/// `uth-edge strategy HOLE --seen-dealer CARDS [--seen-flop CARD |
/// --seen-turnriver CARD | --turnriver-at-flop]`: the preflop decision given
/// the seen cards (with `--turnriver-at-flop`, given the seen dealer cards
/// only, a turn/river card to be seen at the flop).
fn seen_strategy(
    args: &StrategyArgs,
    groups: &[String],
    table: &PayTable,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    use uth_edge::cards::{parse_cards, Card};
    use uth_edge::exact::seen::{self, Variant};
    if args.turnriver_at_flop && (args.seen_flop.is_some() || args.seen_turnriver.is_some()) {
        return Err(InputError::usage(
            "--turnriver-at-flop takes no card and goes with neither --seen-flop nor --seen-turnriver: \
             the turn/river card it means is seen after the preflop decision, which cannot depend on it",
        )
        .into());
    }
    if groups.is_empty() && args.seen_flop.is_none() && args.seen_turnriver.is_none() {
        return seen_chart(args, table, reader, progress);
    }
    if groups.len() != 1 {
        return Err(InputError::usage(
            "with --seen-dealer, --seen-flop, --seen-turnriver or --turnriver-at-flop, give the hole cards only (the preflop decision is answered)",
        )
        .into());
    }
    let hole = parse_cards(&groups[0]).map_err(InputError::from)?;
    let dealer = match &args.seen_dealer {
        Some(text) => parse_cards(text).map_err(InputError::from)?,
        None => vec![],
    };
    if dealer.len() > 2 {
        return Err(InputError::usage(format!(
            "--seen-dealer '{}': the dealer has two hole cards, got {}",
            args.seen_dealer.as_deref().unwrap_or(""),
            dealer.len()
        ))
        .into());
    }
    let one = |flag: &str, text: &Option<String>| -> Result<Option<Card>, InputError> {
        match text {
            None => Ok(None),
            Some(t) => match parse_cards(t)?.as_slice() {
                [c] => Ok(Some(*c)),
                other => Err(InputError::usage(format!(
                    "{flag} '{t}': expected one card, got {}",
                    other.len()
                ))),
            },
        }
    };
    let flop = one("--seen-flop", &args.seen_flop)?;
    let turnriver = one("--seen-turnriver", &args.seen_turnriver)?;
    let (variant, board_card) = match (flop, turnriver) {
        (None, None) if args.turnriver_at_flop => (Variant::TurnRiverAtFlop, None),
        (None, None) => (Variant::NoBoardCard, None),
        (Some(c), None) => (Variant::Flop, Some(c)),
        (None, Some(c)) => (Variant::TurnRiver, Some(c)),
        _ => {
            return Err(InputError::usage(
                "--seen-flop and --seen-turnriver together are not supported",
            )
            .into())
        }
    };
    let mut all: Vec<Card> = hole.iter().chain(&dealer).copied().collect();
    all.extend(board_card);
    let distinct = CardSet::from_cards(&all);
    if distinct.len() != all.len() {
        return Err(InputError::usage(
            "a card is given twice (hole, seen dealer and seen board cards)",
        )
        .into());
    }
    seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
    let (scale, states) =
        seen::solve_situation(table, CardSet::FULL_DECK, (hole[0], hole[1]), &dealer)
            .map_err(|e| InputError::usage(e.to_string()))?;
    let state = states[variant as usize]
        .iter()
        .find(|s| s.seen == board_card)
        .expect("every seen card has its state")
        .clone();
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let text = match args.output.format {
        Format::Json => {
            let p = provenance(reader);
            report::seen::strategy_json(&table.id, &hole, &dealer, variant, &state, scale, Some(&p))
        }
        _ => report::seen::strategy_table(&table.id, &hole, &dealer, variant, &state, scale),
    };
    out.write_all(text.as_bytes())
        .context("writing the strategy")?;
    out.finish().context("writing the strategy")
}

/// `uth-edge strategy --seen-dealer CARDS [--turnriver-at-flop]`: the
/// preflop chart given the seen dealer cards (one situation solved per class
/// of hole cards).
fn seen_chart(
    args: &StrategyArgs,
    table: &PayTable,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    use uth_edge::cards::parse_cards;
    use uth_edge::exact::seen;
    let Some(text) = args.seen_dealer.as_deref() else {
        return Err(InputError::usage(
            "the seen-card preflop chart needs --seen-dealer (one or two cards); \
             for one hand's decision give its hole cards",
        )
        .into());
    };
    let dealer = parse_cards(text).map_err(InputError::from)?;
    if dealer.is_empty() || dealer.len() > 2 {
        return Err(InputError::usage(format!(
            "--seen-dealer '{text}': expected one or two cards, got {}",
            dealer.len()
        ))
        .into());
    }
    seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let variant = if args.turnriver_at_flop {
        seen::Variant::TurnRiverAtFlop
    } else {
        seen::Variant::NoBoardCard
    };
    let (scale, chart) = seen::preflop_chart(table, CardSet::FULL_DECK, &dealer, variant, progress)
        .map_err(|e| InputError::usage(e.to_string()))?;
    let text = match args.output.format {
        Format::Json => report::seen::chart_json(
            &table.id,
            &dealer,
            variant,
            &chart,
            scale,
            Some(&provenance(reader)),
        ),
        _ => report::seen::chart_table(&table.id, &dealer, variant, &chart, scale),
    };
    out.write_all(text.as_bytes())
        .context("writing the strategy")?;
    out.finish().context("writing the strategy")
}

/// Writes a document (a simulation, a player-dealer run) in `format` with
/// the run's provenance, then closes the output; an error says "writing
/// {what}".
fn write_document<T>(
    format: Format,
    document: &T,
    writers: &report::DocumentWriters<T>,
    reader: &TableReader,
    mut out: Output,
    what: &str,
) -> anyhow::Result<()> {
    let provenance = provenance(reader);
    report::export_document(format, document, Some(&provenance), writers, &mut out)
        .with_context(|| format!("writing {what}"))?;
    out.finish().with_context(|| format!("writing {what}"))
}

/// The `simulate` command: settings checked before any long computation,
/// then the solve (optimal strategy only), the exact side bets, the sample.
fn simulate(
    args: SimulateArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let SimulateSettings {
        strategy: name,
        config,
    } = SimulateSettings::read(reader, &args)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let run = |strategy: &dyn Strategy, exact: &mut sample::ExactValues| {
        if let Some(table) = &config.trips {
            exact.trips = Some(trips_house_edge(table, progress));
        }
        if let Some(bet) = &config.six_card {
            let counts = side_bets::count_six_card_hands(progress);
            exact.six_card =
                Some(side_bets::six_card_result(&bet.table, &counts, bet.wager.clone()).house_edge);
        }
        if let Some(table) = &config.ultimate_pairs {
            let counts = ultimate_pairs::count_deals();
            exact.ultimate_pairs =
                Some(ultimate_pairs::ultimate_pairs_result(table, &counts).house_edge);
        }
        sample::simulate(&config, strategy, progress).map(|sample| sample.report(exact))
    };
    let base = ExactBase {
        deck: CardSet::FULL_DECK,
        blind: &config.blind,
        wanted: !args.no_exact,
    };
    let report = base.play(name, progress, |strategy, summary| {
        let mut exact = sample::ExactValues {
            base_game: summary.map(sample::ExactBaseGame::from_summary),
            ..sample::ExactValues::default()
        };
        Ok(run(strategy, &mut exact)?)
    })?;
    let writers = &report::simulation::WRITERS;
    write_document(
        args.output.format,
        &report,
        writers,
        reader,
        out,
        "the report",
    )
}

/// The `player-dealer` command: settings checked before any long
/// computation, then the exact figures (the solve or the exact evaluation
/// of the strategy, the Trips counts), then the simulation.
fn player_dealer(
    args: PlayerDealerArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let PlayerDealerSettings {
        strategy: name,
        config,
    } = PlayerDealerSettings::read(reader, &args)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    let trips_edge = config.trips.as_ref().map(|t| trips_house_edge(t, progress));
    let exact_from = |s: &GameSummary| player_dealer::ExactInputs {
        house_edge: s.house_edge.clone(),
        actions: s.action_probabilities.clone(),
        trips_edge: trips_edge.clone(),
    };
    let run = |strategy: &dyn Strategy, exact: Option<&player_dealer::ExactInputs>| {
        player_dealer::run(&config, strategy, exact, progress).map_err(|e| {
            if e.is_input_error() {
                anyhow::Error::from(InputError::PlayerDealer(e))
            } else {
                anyhow::Error::from(e)
            }
        })
    };
    let base = ExactBase {
        deck: config.deck,
        blind: &config.blind,
        wanted: !args.no_exact,
    };
    let report = base.play(name, progress, |strategy, summary| {
        run(strategy, summary.map(exact_from).as_ref())
    })?;
    let writers = &report::player_dealer::WRITERS;
    write_document(
        args.output.format,
        &report,
        writers,
        reader,
        out,
        "the player-dealer report",
    )
}

/// The base game a simulation plays and its exact figures under the
/// strategy played: `simulate` and `player-dealer`.
struct ExactBase<'t> {
    deck: CardSet,
    blind: &'t PayTable,
    /// Whether a fixed strategy's exact figures are wanted (the optimal
    /// strategy's come with its solve).
    wanted: bool,
}

impl ExactBase<'_> {
    /// Calls `play` with the strategy `name` and, when known, the exact
    /// summary of the base game under it: the optimal strategy solves the
    /// game (the solution answers its decisions); a fixed strategy is
    /// evaluated exactly by the solver if `wanted`, its river table dropped
    /// before `play`.
    fn play<T>(
        &self,
        name: StrategyName,
        progress: &dyn Progress,
        play: impl FnOnce(&dyn Strategy, Option<&GameSummary>) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let strategy: &dyn Strategy = match name {
            StrategyName::Optimal => {
                let river = RiverTable::build(self.deck, progress);
                let solution = solve(&river, self.blind, progress);
                return play(&OptimalStrategy::new(&solution), Some(&solution.summary()));
            }
            StrategyName::Wizard => &WizardStrategy,
            StrategyName::Timid => &TimidStrategy,
        };
        let summary = self.wanted.then(|| {
            let river = RiverTable::build(self.deck, progress);
            evaluate_policy(&river, self.blind, &AsPolicy(strategy), progress).summary()
        });
        play(strategy, summary.as_ref())
    }
}

/// `uth-edge results`: write the results files, or compare with them.
fn run_results(
    args: ResultsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let tables = if args.paytables.is_empty() {
        catalog::builtin_tables().map_err(InputError::from)?
    } else {
        settings::paytables(reader, &args.paytables)?
    };
    catalog::check_tables(&tables).map_err(InputError::from)?;
    // The directory checked, locked and its files claimed before any work.
    let locked = match &args.target.out_dir {
        Some(dir) => {
            let locked =
                ResultsDir::open(dir).map_err(|e| InputError::usage(format!("--out-dir {e}")))?;
            for t in &tables {
                for name in results::file_names(t.wager) {
                    super::output_path::claim("--out-dir", &dir.join(name))?;
                }
            }
            results::check_no_rows_lost(dir, &tables).map_err(InputError::usage)?;
            Some(locked)
        }
        None => None,
    };
    if let Some(dir) = &args.target.check {
        for t in &tables {
            for name in results::file_names(t.wager) {
                super::output_path::note_input("the results file", &dir.join(name))?;
            }
        }
    }
    let mut out = Output::open(None)?;
    let catalog = Catalog::compute(&tables, &catalog::default_wager_amounts(), progress);
    let files = results::files(&catalog);
    if let (Some(dir), Some(locked)) = (args.target.out_dir, locked) {
        locked.write(&files)?;
        for f in &files {
            writeln!(out, "{}", dir.join(&f.name).display())?;
        }
        return out.finish().context("writing the list of files");
    }
    let dir = args
        .target
        .check
        .context("clap requires --out-dir or --check")?;
    let mut differences = results::compare_dir(&dir, &files, 20);
    differences.extend(results_dir::interrupted(&dir));
    for line in &differences {
        writeln!(out, "{line}")?;
    }
    if !differences.is_empty() {
        out.finish()?;
        anyhow::bail!(
            "the results differ from {} (to accept an intended change: scripts/regenerate-results.sh, review git diff, commit)",
            dir.display()
        );
    }
    writeln!(out, "{} files identical to {}", files.len(), dir.display())?;
    out.finish().context("writing the comparison")
}

/// The base game solved for each Blind table (one river table for all);
/// with `timing`, the wall time of each stage and the peak memory on
/// standard error.
fn game_results(tables: &[PayTable], progress: &dyn Progress, timing: bool) -> Vec<WagerResult> {
    let start = Instant::now();
    let river = RiverTable::build(CardSet::FULL_DECK, progress);
    if timing {
        stderr_line!(
            "timing: river table (134,459 boards) {:.2} s, {} threads, peak memory so far {}",
            start.elapsed().as_secs_f64(),
            rayon::current_num_threads(),
            peak_memory().unwrap_or_else(|| "not available".into())
        );
    }
    let stage = Instant::now();
    let mut results = Vec::with_capacity(tables.len());
    for_each_solution(&river, tables, progress, |i, solution| {
        results.push(solution.summary().to_result(&tables[i]));
    });
    if timing {
        stderr_line!(
            "timing: solve {} table(s) {:.2} s",
            tables.len(),
            stage.elapsed().as_secs_f64()
        );
        stderr_line!("timing: total {:.2} s", start.elapsed().as_secs_f64());
        match peak_memory() {
            Some(peak) => stderr_line!("timing: peak memory (VmHWM) {peak}"),
            None => stderr_line!("timing: peak memory not available (no /proc/self/status)"),
        }
    }
    results
}

/// The process's peak resident memory so far, the kernel's high-water mark
/// (`VmHWM` in `/proc/self/status`, Linux only), as the kernel writes it.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}

/// `uth-edge game --seen CASE`: the cases grouped by the number of dealer
/// cards seen (one enumeration serves the four community-card variants).
fn seen_game(
    args: super::args::GameArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    use uth_edge::exact::seen::{self, Seen};
    let cases: Vec<Seen> = args
        .seen
        .iter()
        .map(|t| Seen::parse(t).map_err(|e| InputError::usage(e.to_string())))
        .collect::<Result<_, _>>()?;
    let blinds = if args.blinds.is_empty() {
        vec!["blind-a".to_string()]
    } else {
        args.blinds.clone()
    };
    let tables = settings::paytables_for(reader, &blinds, WagerKind::Blind)?;
    for table in &tables {
        seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
    }
    let out = Output::open(args.output.out.out.as_deref())?;
    let mut solved = vec![];
    for table in &tables {
        let mut by_dealer: Vec<Option<[seen::SeenCase; 4]>> = vec![None, None, None];
        for case in &cases {
            if by_dealer[case.dealer].is_none() {
                let start = Instant::now();
                let result = seen::solve(table, CardSet::FULL_DECK, case.dealer, progress)
                    .map_err(|e| InputError::usage(e.to_string()))?;
                if args.timing {
                    stderr_line!(
                        "timing: dealer:{} ({} classes, four cases) {:.1} s, {} threads",
                        case.dealer,
                        result[0].classes,
                        start.elapsed().as_secs_f64(),
                        rayon::current_num_threads()
                    );
                }
                by_dealer[case.dealer] = Some(result);
            }
            let solved_case =
                by_dealer[case.dealer].as_ref().expect("solved")[case.variant as usize].clone();
            solved.push(solved_case);
        }
    }
    let mut out = out;
    match args.output.format {
        Format::Csv => report::seen::write_csv(&solved, &mut out),
        Format::Json => report::seen::write_json(&solved, Some(&provenance(reader)), &mut out),
        _ => report::seen::write_table(&solved, &mut out),
    }
    .context("writing the report")?;
    out.finish().context("writing the report")
}

/// `uth-edge economics`: each combination of the tables given, side by
/// side (the combinations and figures: [`uth_edge::analysis::economics`]).
fn economics(
    args: EconomicsArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    // Every amount and take-up is checked, counted or not.
    for (flag, text) in [
        ("ante", &args.ante),
        ("trips-amount", &args.trips_amount),
        ("six-card-amount", &args.six_card_amount),
        ("ultimate-pairs-amount", &args.ultimate_pairs_amount),
    ] {
        parse_dollars(flag, text).map_err(InputError::from)?;
    }
    settings::parse_share("ultimate-pairs-take-up", &args.ultimate_pairs_take_up)?;
    let kept = economics_wagers(&args)?;
    // Only the wagers counted are read and computed (no solve of the base
    // game when it is left out).
    let mut choices = Vec::new();
    for wager in kept {
        let (given, default, kind, take_up, amount) = match wager {
            EconomicsWager::BaseGame => {
                (&args.blinds, "blind-a", WagerKind::Blind, "1", &args.ante)
            }
            EconomicsWager::Trips => (
                &args.trips,
                "uth-01",
                WagerKind::Trips,
                args.trips_take_up.as_str(),
                &args.trips_amount,
            ),
            EconomicsWager::SixCardBonus => (
                &args.six_cards,
                "six-card-a",
                WagerKind::SixCardBonus,
                args.six_card_take_up.as_str(),
                &args.six_card_amount,
            ),
            EconomicsWager::UltimatePairs => (
                &args.ultimate_pairs,
                "",
                WagerKind::UltimatePairs,
                args.ultimate_pairs_take_up.as_str(),
                &args.ultimate_pairs_amount,
            ),
        };
        let names = if given.is_empty() {
            vec![default.to_string()]
        } else {
            given.clone()
        };
        let (take_up_flag, amount_flag) = match wager {
            EconomicsWager::BaseGame => ("take-up", "ante"),
            EconomicsWager::Trips => ("trips-take-up", "trips-amount"),
            EconomicsWager::SixCardBonus => ("six-card-take-up", "six-card-amount"),
            EconomicsWager::UltimatePairs => ("ultimate-pairs-take-up", "ultimate-pairs-amount"),
        };
        choices.push(WagerChoice {
            wager,
            tables: settings::paytables_for(reader, &names, kind)?,
            take_up: settings::parse_share(take_up_flag, take_up)?,
            amount: parse_dollars(amount_flag, amount).map_err(InputError::from)?,
        });
    }
    for (flag, n) in [
        ("hands-per-hour", args.hands_per_hour),
        ("seats", args.seats),
        ("hours", args.hours_per_day),
        ("days", args.days_per_year),
    ] {
        if n == 0 {
            return Err(InputError::usage(format!("--{flag} 0: must be at least 1")).into());
        }
    }
    if args.hours_per_day > 24 || args.days_per_year > 366 {
        return Err(InputError::usage("--hours is at most 24 and --days at most 366").into());
    }
    let ante = parse_dollars("ante", &args.ante).map_err(InputError::from)?;
    let six_amount =
        parse_dollars("six-card-amount", &args.six_card_amount).map_err(InputError::from)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let tables: Vec<PayTable> = choices.iter().flat_map(|c| c.tables.clone()).collect();
    let catalog = Catalog::compute(&tables, std::slice::from_ref(&six_amount), progress);
    let traffic = TableTraffic {
        hands_per_hour: args.hands_per_hour,
        seats: args.seats,
        hours_per_day: args.hours_per_day,
        days_per_year: args.days_per_year,
        days_per_month: 30,
        ante,
    };
    let configurations = configurations(&choices, &catalog.results, &traffic)
        .map_err(|e| InputError::usage(e.to_string()))?;
    match args.output.format {
        Format::Json => {
            report::economics::write_json(&traffic, &configurations, &provenance(reader), &mut out)
        }
        Format::Csv => report::economics::write_csv(&traffic, &configurations, &mut out),
        _ => report::economics::write_table(&traffic, &configurations, &mut out),
    }
    .context("writing the economics")?;
    out.finish().context("writing the economics")
}

/// The wagers `economics` counts: those of `--wager`, or every wager but
/// the base game with `--no-base-game` (the Ultimate Pairs Bonus only with
/// a table given, as no published table exists).
fn economics_wagers(args: &EconomicsArgs) -> Result<Vec<EconomicsWager>, InputError> {
    if args.wagers.is_empty() {
        return Ok(EconomicsWager::ALL
            .into_iter()
            .filter(|w| *w != EconomicsWager::BaseGame || !args.no_base_game)
            .filter(|w| *w != EconomicsWager::UltimatePairs || !args.ultimate_pairs.is_empty())
            .collect());
    }
    let asked: Vec<EconomicsWager> = args
        .wagers
        .iter()
        .filter_map(|name| EconomicsWager::from_flag_name(name))
        .collect();
    if asked.contains(&EconomicsWager::UltimatePairs) && args.ultimate_pairs.is_empty() {
        return Err(InputError::usage(
            "--wager ultimate-pairs: give its table with --ultimate-pairs ID|PATH (no published table exists)",
        ));
    }
    Ok(EconomicsWager::ALL
        .into_iter()
        .filter(|w| asked.contains(w))
        .collect())
}

/// `uth-edge what-if`.
fn what_if(
    args: WhatIfArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    if !(args.add.is_empty() && args.remove.is_empty() && args.vary.is_empty()) {
        return super::what_if_tools::run(&args, reader, progress);
    }
    let table = reader.read(&args.paytable)?;
    let hand_name = args.hand.as_deref().context("clap requires --hand")?;
    let two_cards = || {
        (table.wager == WagerKind::UltimatePairs)
            .then(|| TwoCardHand::parse(hand_name).ok())
            .flatten()
            .map(PayingHand::TwoCards)
    };
    let hand = PayingHand::from_name(hand_name)
        .or_else(two_cards)
        .ok_or_else(|| {
            InputError::usage(format!(
                "--hand {}: not a hand name (the table's lines: {})",
                hand_name,
                table
                    .lines
                    .iter()
                    .map(|l| l.hand.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
    let amount = match &args.wager {
        Some(text) => parse_dollars("wager", text).map_err(InputError::from)?,
        None => Fraction::from_int(catalog::DEFAULT_SIX_CARD_WAGER),
    };
    // Checks the line before any work.
    what_if::edit_pay(&table, hand, &Fraction::ONE)
        .map_err(|e| InputError::usage(e.to_string()))?;
    let usage = |e: what_if::WhatIfError| InputError::usage(e.to_string());
    // Every edited table of a sweep is re-validated before any work.
    let sweep = args
        .sweep
        .as_deref()
        .map(settings::parse_sweep)
        .transpose()?;
    if let Some(pays) = &sweep {
        what_if::check_pays(&table, hand, pays).map_err(usage)?;
    }
    let mut out = Output::open(args.output.out.out.as_deref())?;
    if let Some(pays) = sweep {
        let edges = what_if::sweep(&table, hand, &pays, &amount, progress).map_err(usage)?;
        report::what_if::write_sweep(
            &table,
            hand,
            &pays,
            &edges,
            args.output.format,
            &provenance(reader),
            &mut out,
        )?;
    } else {
        let text = args
            .edge
            .as_deref()
            .context("clap requires --edge or --sweep")?;
        let target = settings::parse_edge(text)?;
        let answer =
            what_if::target_pay(&table, hand, &target, &amount, progress).map_err(usage)?;
        report::what_if::write_target(
            &table,
            hand,
            &target,
            &answer,
            args.output.format,
            &provenance(reader),
            &mut out,
        )?;
    }
    out.finish().context("writing the what-if")
}

/// The rows of a seen-card results file (`--seen-results FILE`), or one
/// line naming the file and what is wrong.
fn seen_rows(path: &std::path::Path) -> Result<Vec<SeenResult>, InputError> {
    super::output_path::note_input("the results file", path)?;
    let text = uth_edge::input_file::read_file(path, uth_edge::input_file::RESULTS_FILE_LIMIT)
        .map_err(|e| InputError::usage(format!("--seen-results {}: {e}", path.display())))?;
    seen_results::read(&text, &path.display().to_string())
        .map_err(|e| InputError::usage(format!("--seen-results {e}")))
}

/// The exact house edge of a Trips table (every seven-card hand counted),
/// for the sampling commands' comparisons.
fn trips_house_edge(table: &PayTable, progress: &dyn Progress) -> Fraction {
    let counts = side_bets::count_seven_card_hands(progress);
    side_bets::trips_result(table, &counts).house_edge
}
