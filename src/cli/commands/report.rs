//! `uth-edge report` (and bare `uth-edge`): every wager of the tables in
//! one document, with the opt-in player-dealer and "value of a leak"
//! sections.

use super::money_report::MoneyRulesRun;
use super::provenance;
use crate::cli::args::ReportArgs;
use crate::cli::output::Output;
use crate::cli::settings::{ReportSettings, TableReader};
use anyhow::Context;
use std::path::Path;
use uth_edge::analysis::catalog::Catalog;
use uth_edge::analysis::players::practical_holds;
use uth_edge::progress::Progress;
use uth_edge::report::{self, ExportContext, Format};

/// Runs `uth-edge report`: its flags read and checked (the tables, the
/// money rules), then [`run`].
pub fn command(
    args: ReportArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let out = args.out.out.clone();
    let mut settings = ReportSettings::read(reader, &args)?;
    let money = super::money_report::read(&args.money, &mut settings.tables, reader)?;
    run(settings, money, out.as_deref(), reader, progress)
}

/// Runs `report` with its settings, written to `out` (standard output when
/// none).
pub fn run(
    settings: ReportSettings,
    money: MoneyRulesRun,
    out: Option<&Path>,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let ReportSettings {
        format,
        tables,
        wagers,
        player_dealer: with_player_dealer,
        leak,
        dead_leak,
        practical,
    } = settings;
    money.warn();
    let leak_section = leak.map(|rows| report::seen::leak::section(&rows));
    let leak_section = report::dead::leak::with_dead_rows(leak_section, &dead_leak);
    let out = Output::open(out)?;
    let (catalog, dealer) = if with_player_dealer {
        // One solve for the report and the player-dealer game (on the
        // first Blind table, under its optimal strategy).
        let mut dealer = None;
        let catalog = Catalog::compute_visiting(&tables, &wagers, progress, |i, solution| {
            if i == 0 {
                dealer = Some(uth_edge::analysis::player_dealer::report_section(
                    solution, progress,
                ));
            }
        });
        let dealer = dealer.expect("a Blind table among the report's tables")?;
        (catalog, dealer)
    } else {
        (Catalog::compute(&tables, &wagers, progress), Vec::new())
    };
    let practical = practical
        .map(|p| practical_holds(&p, &tables, &catalog.results, progress))
        .unwrap_or_default();
    let money = money.figures(&tables, progress)?;
    let part = report::money_rules::section(&money);
    // The JSON body and the CSV records: the catalog's results, then the
    // payout limit's.
    let mut rows = catalog.results.clone();
    for (_, limited) in money.limit.iter().flat_map(|l| &l.rows) {
        rows.extend(limited.iter().map(|r| r.result.clone()));
    }
    // The strategies of the "Hold under practical play", as `game
    // --strategy` writes them.
    rows.extend(practical.iter().flat_map(|h| h.results.iter().cloned()));
    let context = ExportContext {
        provenance: Some(provenance(reader)),
        tables: tables.to_vec(),
        leak_section,
        practical,
    };
    let document = report::submission::document(&catalog, &context, &dealer, Some(part), &rows)
        .context("writing the report")?;
    super::render_document(format, &document, out, "the report")
}

/// Bare `uth-edge`: one line per wager of every built-in table and the
/// verdicts on the published figures (`--details`: [`run`]).
pub fn overview(settings: &ReportSettings, progress: &dyn Progress) -> anyhow::Result<()> {
    let catalog = Catalog::compute(&settings.tables, &settings.wagers, progress);
    let mut out = Output::open(None)?;
    report::render(
        Format::Table,
        &report::submission::overview(&catalog),
        &mut out,
    )?;
    out.finish().context("writing the report")
}
