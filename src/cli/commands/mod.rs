//! The commands, one file each: the settings read and checked first
//! ([`super::settings`]), then the library computes, then an exporter
//! writes. This module dispatches and holds what every command shares: the
//! run's provenance and the writing of results and documents.
//!
//! The side bets computed alone (`trips`, `six-card`, `bad-beat`,
//! `ultimate-pairs`) share `side_bets`; `completions` and `man` share
//! `shell`.

mod check;
mod compare;
mod dead_game;
mod dead_sample;
mod economics;
mod game;
mod game_strategy;
mod money_report;
mod payout_limit;
mod player_dealer;
mod progressive;
mod progressive_meters;
mod report;
mod results;
mod shell;
mod side_bets;
mod simulate;
mod strategies;
mod strategy;
mod tables;
mod what_if;
mod what_if_tools;

use super::args::{Cli, Command};
use super::output::{self, Output};
use super::progress_bar;
use super::settings::{GameMode, ReportSettings, TableReader};
use anyhow::Context;
use uth_edge::analysis::provenance::Provenance;
use uth_edge::progress::Progress;
use uth_edge::report::{ExportContext, Format};
use uth_edge::result::WagerResult;
use uth_edge::rules::paytable::PayTable;

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
    if let Some(sidecar) = sidecar {
        let outputs = output::finished();
        if !outputs.is_empty() {
            #[derive(serde::Serialize)]
            struct Outputs {
                outputs: Vec<output::Finished>,
            }
            // JSON whatever the output's format (docs/output-formats.md).
            let document = uth_edge::report::document::Document {
                provenance: Some(provenance(&reader)),
                json: Some(Box::new(Outputs { outputs })),
                ..Default::default()
            };
            render_document(Format::Json, &document, sidecar, "the provenance")?;
        }
    }
    result
}

/// Runs the command (no command: the report of every built-in table as a
/// table).
fn run_command(cli: Cli, reader: &mut TableReader) -> anyhow::Result<()> {
    let progress = progress_bar::reporter(cli.quiet);
    let progress: &dyn Progress = progress.as_ref();
    let Some(command) = cli.command else {
        let settings = ReportSettings::builtin(reader)?;
        if !cli.details {
            return report::overview(&settings, progress);
        }
        return report::run(settings, Default::default(), None, reader, progress);
    };
    match command {
        Command::Game(args) => match GameMode::of(&args)? {
            GameMode::DeadExact | GameMode::DeadSampled => dead_game::run(args, reader, progress),
            _ => game::run(args, reader, progress),
        },
        Command::Merge(args) => dead_game::merge(args, reader, progress),
        Command::Strategy(args) => strategy::run(args, reader, progress),
        Command::Trips(args) => side_bets::trips(args, reader, progress),
        Command::SixCard(args) => side_bets::six_card(args, reader, progress),
        Command::BadBeat(args) => side_bets::bad_beat(args, reader, progress),
        Command::UltimatePairs(args) => side_bets::ultimate_pairs(args, reader, progress),
        Command::Progressive(args) => progressive::run(args, cli.quiet, reader, progress),
        Command::Simulate(args) => simulate::run(args, reader, progress),
        Command::PlayerDealer(args) => player_dealer::run(args, reader, progress),
        Command::Tables(args) => tables::run(args, reader, progress),
        Command::Strategies(args) => strategies::run(args),
        Command::Economics(args) => economics::run(args, reader, progress),
        Command::WhatIf(args) => what_if::run(args, reader, progress),
        Command::Completions { shell } => shell::completions(shell),
        Command::Man { command } => shell::man(command.as_deref()),
        Command::Check(args) => check::run(args, cli.quiet, reader, progress),
        Command::Report(args) => {
            let out = args.out.out.clone();
            let mut settings = ReportSettings::read(reader, &args)?;
            let money = money_report::read(&args.money, &mut settings.tables, reader)?;
            report::run(settings, money, out.as_deref(), reader, progress)
        }
        Command::Compare(args) => compare::run(args, reader, progress),
        Command::Results(args) => results::run(args, reader, progress),
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
    uth_edge::report::export_with(format, results, &context, &mut out)
        .context("writing the report")?;
    out.finish().context("writing the report")
}

/// Writes `document` in `format`, then closes the output; an error says
/// "writing {what}".
fn render_document(
    format: Format,
    document: &uth_edge::report::document::Document,
    mut out: Output,
    what: &str,
) -> anyhow::Result<()> {
    uth_edge::report::render(format, document, &mut out)
        .with_context(|| format!("writing {what}"))?;
    out.finish().with_context(|| format!("writing {what}"))
}
