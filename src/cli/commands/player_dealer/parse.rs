//! The parse of `player-dealer`'s flags into one [`PlayerDealer`]: the
//! strategy, the players and their amounts (`--ante`, `--trips`,
//! `--seat-ante`, `--seat-trips`), the player-dealer's bank and the fee
//! schedule, read and checked whole before any hand is dealt (every
//! refusal an [`InputError`] of one line).

use super::{PlayerDealer, PlayerDealerArgs};
use crate::cli::settings::TableReader;
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::input_file;
use uth_edge::message::shown;
use uth_edge::money::parse_amount;
use uth_edge::rules::collection::CollectionSchedule;
use uth_edge::rules::paytable::WagerKind;
use uth_edge::sample::player_dealer::{self, PlayerDealerConfig, PlayerDealerError};
use uth_edge::strategy::StrategyChoice;

impl PlayerDealer {
    /// Reads and checks the `player-dealer` command's flags.
    pub fn from_args(
        args: &PlayerDealerArgs,
        reader: &mut TableReader,
    ) -> Result<PlayerDealer, InputError> {
        let strategy = StrategyChoice::resolve(&args.strategy)
            .map_err(|e| InputError::usage(format!("--strategy: {e}")))?;
        let pd = |e: PlayerDealerError| InputError::PlayerDealer(e);
        if !(1..=player_dealer::MAX_PLAYERS).contains(&args.players) {
            return Err(pd(PlayerDealerError::Players(args.players)));
        }
        let amount = |flag: &'static str, text: &str| {
            parse_amount(flag, text).map_err(|e| InputError::usage(e.to_string()))
        };
        let ante = amount("ante", &args.ante)?;
        if !ante.is_positive() {
            return Err(InputError::usage(format!(
                "--ante {}: the Ante must be more than $0",
                shown(&args.ante)
            )));
        }
        let blind = reader.read_for(&args.blind, WagerKind::Blind)?;
        let mut config = PlayerDealerConfig::new(args.rotations, blind, args.players, ante.clone());
        config.seed = args.seed;
        config.threads = args.threads;
        config.rounds_per_hour = args.rounds_per_hour;
        config.win_cap = args.win_cap == "on";
        if let Some(t) = &args.trips {
            let trips = amount("trips", t)?;
            for p in &mut config.players {
                p.trips = trips.clone();
            }
        }
        let seat = |flag: &'static str, text: &str| -> Result<(usize, Fraction), InputError> {
            let bad = || {
                InputError::usage(format!(
                    "--{flag} {}: expected PLAYER=DOLLARS with PLAYER from 0 to {}",
                    shown(text),
                    args.players
                ))
            };
            let (who, value) = text.split_once('=').ok_or_else(bad)?;
            let who: usize = who.trim().parse().map_err(|_| bad())?;
            if who > args.players {
                return Err(bad());
            }
            Ok((who, amount(flag, value)?))
        };
        // A seat flag overrides --ante or --trips for its player; one player
        // given twice is refused (which amount was meant?), never the last
        // one kept silently.
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for (flag, texts) in [
            ("seat-ante", &args.seat_ante),
            ("seat-trips", &args.seat_trips),
        ] {
            for text in texts {
                let (who, value) = seat(flag, text)?;
                if seen.contains(&(flag, who)) {
                    return Err(InputError::usage(format!(
                        "--{flag} {}: player {who} is given twice (give each player's amount once)",
                        shown(text)
                    )));
                }
                seen.push((flag, who));
                match flag {
                    "seat-ante" => config.players[who].ante = value,
                    _ => config.players[who].trips = value,
                }
            }
        }
        if config.players.iter().any(|p| p.trips.is_positive()) {
            let table = args.trips_table.as_deref().unwrap_or("uth-01");
            config.trips = Some(reader.read_for(table, WagerKind::Trips)?);
        } else if let Some(table) = &args.trips_table {
            return Err(InputError::usage(format!(
                "--trips-table {}: no player wagers Trips (give --trips or --seat-trips); refused rather than ignored",
                uth_edge::message::shown(table)
            )));
        }
        config.bank = match args.bank.trim() {
            "unlimited" => None,
            text => {
                let value = amount("bank", text)?;
                if !value.is_positive() {
                    return Err(pd(PlayerDealerError::NonPositiveBank(shown(text))));
                }
                Some(if text.starts_with('$') {
                    value
                } else {
                    value * ante
                })
            }
        };
        if config.win_cap && config.bank.is_none() {
            return Err(InputError::usage(
                "--win-cap on: caps the player-dealer's win at its bank, and --bank is unlimited (give --bank N or $N); refused rather than ignored",
            ));
        }
        if let Some(name) = &args.fees {
            if CollectionSchedule::builtin(name).is_none() {
                crate::cli::output_path::note_input(
                    "the fee schedule",
                    std::path::Path::new(name),
                )?;
            }
            config.fees = Some(match CollectionSchedule::builtin(name) {
                Some(s) => s,
                None => {
                    let limit = input_file::FEE_SCHEDULE_LIMIT;
                    let text = input_file::read_file(
                        name.as_ref(),
                        input_file::FileKind::FeeSchedule,
                        limit,
                    )
                    .map_err(|e| InputError::usage(format!("--fees {name}: cannot read: {e}")))?;
                    CollectionSchedule::from_toml(&text, name)?
                }
            });
        }
        player_dealer::validate(&config).map_err(|e| {
            if e.is_input_error() {
                pd(e)
            } else {
                InputError::usage(e.to_string())
            }
        })?;
        Ok(PlayerDealer { strategy, config })
    }
}
