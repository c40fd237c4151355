//! The parse of `progressive`'s flags into one [`Progressive`]: the
//! tables (with `--hand`), wagers, meters and players read exactly and
//! checked against each table, the meter flags (the long run) and
//! `--simulate`; nothing computed.

use super::{HandArg, Progressive, ProgressiveArgs};
use crate::cli::settings::{paytables_for, read_meters, TableReader};
use uth_edge::analysis::catalog;
use uth_edge::error::InputError;
use uth_edge::exact::meter_long_run::LongRunSettings;
use uth_edge::exact::progressive;
use uth_edge::fraction::Fraction;
use uth_edge::money::parse_dollars;
use uth_edge::rules::paytable::{PayTable, ProgressiveHand, WagerKind};

impl Progressive {
    /// Parses `progressive`'s flags, in this order: the tables and
    /// amounts, the meter flags (the warnings of a reset below the least
    /// the rule allows kept for the run), `--simulate`; nothing printed.
    pub fn from_args(
        args: &ProgressiveArgs,
        reader: &mut TableReader,
    ) -> Result<Progressive, InputError> {
        let mut settings = ProgressiveSettings::read(reader, args)?;
        let meter_given = !args.meters.is_empty();
        let meters = read_meters(&args.meter, &mut settings.tables, meter_given)?;
        let simulate = read_simulation(args, meters.long_run.as_ref())?;
        Ok(Progressive {
            settings,
            meter_given,
            long_run: meters.long_run,
            warnings: meters.warnings,
            simulate,
        })
    }
}

/// The Progressive settings of the command line, read exactly and checked
/// against each table before anything is computed.
pub struct ProgressiveSettings {
    pub tables: Vec<PayTable>,
    pub wagers: Vec<Fraction>,
    pub meters: Vec<Fraction>,
    pub players: Vec<u32>,
}

impl ProgressiveSettings {
    /// Reads and checks the tables, wagers, meters and players.
    fn read(
        reader: &mut TableReader,
        args: &ProgressiveArgs,
    ) -> Result<ProgressiveSettings, InputError> {
        let mut tables = paytables_for(reader, &args.paytable.paytables, WagerKind::Progressive)?;
        if let Some(hand) = args.hand {
            for t in &mut tables {
                t.rules.progressive_hand = match hand {
                    HandArg::HoleAndFlop => ProgressiveHand::HoleAndFlop,
                    HandArg::BestOfSeven => ProgressiveHand::BestOfSeven,
                };
            }
        }
        let (wager, meter, players) = catalog::progressive_defaults();
        let wagers = if args.wagers.is_empty() {
            vec![wager]
        } else {
            args.wagers
                .iter()
                .map(|text| parse_dollars("wager", text))
                .collect::<Result<_, _>>()?
        };
        let meters = if args.meters.is_empty() {
            vec![meter]
        } else {
            args.meters
                .iter()
                .map(|text| progressive::parse_meter(text))
                .collect::<Result<_, _>>()?
        };
        let players = if args.players.is_empty() {
            vec![players]
        } else {
            args.players.clone()
        };
        for t in &tables {
            for w in &wagers {
                for &n in &players {
                    progressive::check_settings(t, w.clone(), n)?;
                }
            }
        }
        Ok(ProgressiveSettings {
            tables,
            wagers,
            meters,
            players,
        })
    }
}

/// `--simulate N` and `--seed S`, checked: a table with meters, the text
/// format, at least [`uth_edge::sample::meter::MIN_WAGERS`] wagers.
fn read_simulation(
    args: &ProgressiveArgs,
    long_run: Option<&LongRunSettings>,
) -> Result<Option<(u64, u64)>, InputError> {
    let Some(hands) = args.meter.simulate else {
        return Ok(None);
    };
    if long_run.is_none() {
        return Err(InputError::usage(
            "--simulate runs the meters: no pay table given states a meter (give --rate and --reset)",
        ));
    }
    if args.output.format != uth_edge::report::Format::Table {
        return Err(InputError::usage(
            "--simulate prints its estimates with --format table",
        ));
    }
    let least = uth_edge::sample::meter::MIN_WAGERS;
    if hands < least {
        return Err(InputError::usage(format!(
            "--simulate {hands}: at least {least} wagers"
        )));
    }
    Ok(Some((hands, args.meter.seed)))
}
