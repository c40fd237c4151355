//! The settings of the commands that compute the catalog of a set of
//! tables: `report` (and bare `uth-edge`), `compare` and `results`; the
//! tables read (the built-in tables when none is named), the amounts, the
//! report's opt-in sections checked against its format.

use super::TableReader;
use crate::cli::args::{CompareArgs, ReportArgs, ResultsArgs};
use uth_edge::analysis::catalog;
use uth_edge::analysis::players::{parse_players, PlayerMix, Practical, PRACTICAL_DEFAULT};
use uth_edge::analysis::seen_results::SeenResult;
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::report::Format;
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// What `report` reports on.
pub struct ReportSettings {
    pub format: Format,
    pub tables: Vec<PayTable>,
    pub wagers: Vec<Fraction>,
    /// Add the California player-dealer game (solved with the report's
    /// first Blind table).
    pub player_dealer: bool,
    /// The rows of the "value of a leak" HTML section, from a seen-cards
    /// results file.
    pub leak: Option<Vec<SeenResult>>,
    /// The collusion and exposed-card rows of that section (`--dead-results`).
    pub dead_leak: Vec<uth_edge::analysis::dead_results::DeadResult>,
    /// The "Hold under practical play": its strategies and the player mix,
    /// when asked for.
    pub practical: Option<Practical>,
}

impl ReportSettings {
    /// Bare `uth-edge`: every built-in table, as a table.
    pub fn builtin(reader: &mut TableReader) -> Result<ReportSettings, InputError> {
        Ok(ReportSettings {
            format: Format::Table,
            tables: builtin_tables(reader)?,
            wagers: catalog::default_wager_amounts(),
            player_dealer: false,
            leak: None,
            dead_leak: vec![],
            practical: None,
        })
    }

    /// Reads and checks the `report` command's flags.
    pub fn read(reader: &mut TableReader, args: &ReportArgs) -> Result<ReportSettings, InputError> {
        let tables = if args.paytables.is_empty() {
            builtin_tables(reader)?
        } else {
            super::paytables(reader, &args.paytables)?
        };
        let wagers = super::wager_amounts(&args.wagers)?;
        super::wager_meant(&args.wagers, &tables)?;
        if args.player_dealer {
            if !matches!(args.format, Format::Table | Format::Markdown | Format::Html) {
                return Err(InputError::usage(format!(
                    "--player-dealer: the player-dealer section is written with --format table, markdown or html, not {} (`uth-edge player-dealer --format {}` gives it alone)",
                    args.format.name(),
                    args.format.name()
                )));
            }
            if !tables.iter().any(|t| t.wager == WagerKind::Blind) {
                return Err(InputError::usage(
                    "--player-dealer: the report needs a Blind pay table (the player-dealer game is played on it)",
                ));
            }
        }
        let leak =
            match &args.seen_results {
                None => None,
                Some(_) if args.format != Format::Html => return Err(InputError::usage(
                    "--seen-results adds a section to the HTML report: use it with --format html",
                )),
                Some(path) => Some(super::seen_rows(path, &tables)?),
            };
        let dead_leak = super::dead_results::rows(&args.dead_results, args.format, &tables)?;
        catalog::check_tables(&tables)?;
        let practical = practical(args, &tables)?;
        Ok(ReportSettings {
            practical,
            format: args.format,
            tables,
            wagers,
            player_dealer: args.player_dealer,
            leak,
            dead_leak,
        })
    }
}

/// The strategies of the report's "Hold under practical play" (the
/// default five with `--practical`, else `--strategies`) and its mix
/// (`--players`, `--players-file`), read and checked before any solve.
fn practical(args: &ReportArgs, tables: &[PayTable]) -> Result<Option<Practical>, InputError> {
    let asked = [
        ("--practical", args.practical),
        ("--strategies", args.strategies.is_some()),
        ("--players", args.players.is_some()),
        ("--players-file", args.players_file.is_some()),
    ];
    let Some((flag, _)) = asked.iter().find(|(_, given)| *given) else {
        return Ok(None);
    };
    if !tables.iter().any(|t| t.wager == WagerKind::Blind) {
        return Err(InputError::usage(format!(
            "{flag}: the hold under practical play is the base game's: the report needs a Blind pay table"
        )));
    }
    let mix = match (&args.players, &args.players_file) {
        (Some(text), _) => Some(PlayerMix::parse(text)?),
        (None, Some(path)) => Some(PlayerMix::read_file(path)?),
        (None, None) => None,
    };
    let players = match &args.strategies {
        Some(text) => parse_players("strategies", text)?,
        None => parse_players("practical", &PRACTICAL_DEFAULT.join(","))?,
    };
    Ok(Some(Practical { players, mix }))
}

/// Every built-in table, recorded as read.
fn builtin_tables(reader: &mut TableReader) -> Result<Vec<PayTable>, InputError> {
    let tables = catalog::builtin_tables()?;
    reader.record_builtin(&tables);
    Ok(tables)
}

/// What `compare` puts side by side.
pub struct CompareSettings {
    pub tables: Vec<PayTable>,
    pub wagers: Vec<Fraction>,
}

impl CompareSettings {
    /// Reads and checks the `compare` command's flags.
    pub fn read(
        reader: &mut TableReader,
        args: &CompareArgs,
    ) -> Result<CompareSettings, InputError> {
        let tables = super::paytables(reader, &args.paytables)?;
        let wagers = super::wager_amounts(&args.wagers)?;
        super::wager_meant(&args.wagers, &tables)?;
        catalog::check_tables(&tables)?;
        Ok(CompareSettings { tables, wagers })
    }
}

/// The tables `results` writes or checks the files of (every built-in
/// table when none is named).
pub fn results_tables(
    reader: &mut TableReader,
    args: &ResultsArgs,
) -> Result<Vec<PayTable>, InputError> {
    let tables = if args.paytables.is_empty() {
        catalog::builtin_tables()?
    } else {
        super::paytables(reader, &args.paytables)?
    };
    catalog::check_tables(&tables)?;
    Ok(tables)
}
