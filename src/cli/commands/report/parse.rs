//! The parse of `report`'s flags (and of bare `uth-edge`) into one
//! [`Report`]: the tables read (the built-in tables when none is named),
//! the amounts, the report's opt-in sections checked against its format
//! and read, the money rules (`parse_money.rs`); nothing solved.

use super::{FullReport, Report, ReportArgs};
use crate::cli::settings::{self, TableReader};
use uth_edge::analysis::catalog;
use uth_edge::analysis::cross_check;
use uth_edge::analysis::economics::TableTraffic;
use uth_edge::analysis::players::{parse_players, PlayerMix, Practical, PRACTICAL_DEFAULT};
use uth_edge::error::InputError;
use uth_edge::message::shown;
use uth_edge::report::Format;
use uth_edge::rules::paytable::{PayTable, WagerKind};

impl Report {
    /// Bare `uth-edge`: every built-in table, as a table; the overview,
    /// or with `--details` (`details`) the full report.
    pub fn bare(details: bool, reader: &mut TableReader) -> Result<Report, InputError> {
        let tables = builtin_tables(reader)?;
        let wagers = catalog::default_wager_amounts();
        if !details {
            return Ok(Report::Overview { tables, wagers });
        }
        Ok(Report::Full(Box::new(FullReport {
            format: Format::Table,
            tables,
            wagers,
            player_dealer: false,
            leak: None,
            dead_leak: vec![],
            money: Default::default(),
            rules_version: None,
            practical: None,
            traffic: TableTraffic::default(),
            cross_check_hands: cross_check::DEFAULT_HANDS,
            out: None,
        })))
    }

    /// Reads and checks the `report` command's flags: the tables and
    /// sections, then the money rules (which set the meter flags on the
    /// Progressive tables, so the report's rows are their long run).
    pub fn from_args(args: ReportArgs, reader: &mut TableReader) -> Result<Report, InputError> {
        let rules_version = args
            .rules_version
            .as_deref()
            .map(rules_version)
            .transpose()?;
        let mut tables = if args.paytable.paytables.is_empty() {
            builtin_tables(reader)?
        } else {
            settings::paytables(reader, &args.paytable.paytables)?
        };
        let wagers = settings::wager_amounts(&args.wagers)?;
        settings::wager_meant(&args.wagers, &tables)?;
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
                Some(path) => Some(settings::seen_rows(path, &tables)?),
            };
        let dead_leak = settings::dead_results::rows(&args.dead_results, args.format, &tables)?;
        catalog::check_tables(&tables)?;
        let practical = practical(&args, &tables)?;
        let traffic = traffic(&args, &tables)?;
        let money = super::parse_money::read(&args.money, &mut tables, reader)?;
        let cross_check_hands = cross_check_hands(args.cross_check_hands.as_deref(), &tables)?;
        Ok(Report::Full(Box::new(FullReport {
            format: args.format,
            tables,
            wagers,
            player_dealer: args.player_dealer,
            leak,
            dead_leak,
            money,
            rules_version,
            practical,
            traffic,
            cross_check_hands,
            out: args.out.out,
        })))
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

/// The stakes and traffic of the monitoring figures (`--average-ante`,
/// `--hands-per-hour`, `--seats`, `--hours`), the defaults where not
/// given; refused without a Blind table (the figures are the base
/// game's).
fn traffic(args: &ReportArgs, tables: &[PayTable]) -> Result<TableTraffic, InputError> {
    if let Some(flag) = args.traffic.first_given("--average-ante") {
        if !tables.iter().any(|t| t.wager == WagerKind::Blind) {
            return Err(InputError::usage(format!(
                "{flag}: the monitoring figures are the base game's: the report needs a Blind pay table"
            )));
        }
    }
    settings::traffic(&args.traffic, "average-ante")
}

/// `--cross-check-hands N`: a whole number (`1e7`, `10_000_000`), 0 to
/// leave the cross-check out, at most [`cross_check::MAX_HANDS`]; the
/// sampler's settings checked on each Blind table (and the Trips table it
/// wagers) before any work. The default when not given.
fn cross_check_hands(text: Option<&str>, tables: &[PayTable]) -> Result<u64, InputError> {
    let Some(text) = text else {
        return Ok(cross_check::DEFAULT_HANDS);
    };
    let refuse =
        |why: String| InputError::usage(format!("--cross-check-hands {}: {why}", shown(text)));
    let hands = crate::cli::args::sampling::parse_count(text.trim()).map_err(|_| {
        refuse("not a whole number of hands (e.g. 10000000, 10_000_000 or 1e7; 0 leaves the cross-check out)".into())
    })?;
    if hands > cross_check::MAX_HANDS {
        return Err(refuse(
            "more than 10^10 hands per Blind table (minutes each); `uth-edge simulate` runs a longer check".into(),
        ));
    }
    if hands == 0 {
        return Ok(0);
    }
    let trips = cross_check::sampled_trips(tables);
    for blind in tables.iter().filter(|t| t.wager == WagerKind::Blind) {
        let mut config = uth_edge::sample::SimulationConfig::new(hands, blind.clone());
        config.trips = trips.cloned();
        uth_edge::sample::validate(&config)
            .map_err(|e| refuse(format!("pay table {}: {e}", blind.id)))?;
    }
    Ok(hands)
}

/// The longest `--rules-version`, in characters.
const RULES_VERSION_LIMIT: usize = 200;

/// `--rules-version TEXT`: one line of visible text, not empty, at most
/// [`RULES_VERSION_LIMIT`] characters.
fn rules_version(text: &str) -> Result<String, InputError> {
    let refuse = |why: String| {
        InputError::usage(format!(
            "--rules-version \"{}\": {why}",
            uth_edge::message::shown(text)
        ))
    };
    if text.trim().is_empty() {
        return Err(refuse(
            "empty: give the rules' edition, amendment or date".into(),
        ));
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(refuse(format!(
            "contains a control character ('{}'): the version is one line",
            c.escape_default()
        )));
    }
    if let Some((c, what)) = text
        .chars()
        .find_map(|c| uth_edge::message::invisible(c).map(|w| (c, w)))
    {
        return Err(refuse(format!("contains U+{:04X}, {what}", c as u32)));
    }
    if text.chars().count() > RULES_VERSION_LIMIT {
        return Err(refuse(format!(
            "longer than {RULES_VERSION_LIMIT} characters"
        )));
    }
    Ok(text.trim().to_string())
}

/// Every built-in table, recorded as read.
fn builtin_tables(reader: &mut TableReader) -> Result<Vec<PayTable>, InputError> {
    let tables = catalog::builtin_tables()?;
    reader.record_builtin(&tables);
    Ok(tables)
}
