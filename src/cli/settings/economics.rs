//! The `economics` command's settings: the tables of each wager (with
//! their defaults), the stakes and the table's traffic, read exactly and
//! checked before any work.

use super::{paytables_for, TableReader};
use crate::cli::args::EconomicsArgs;
use uth_edge::analysis::economics::TableTraffic;
use uth_edge::analysis::economics_tables::{EconomicsTables, Stakes};
use uth_edge::error::InputError;
use uth_edge::money::parse_dollars;
use uth_edge::rules::paytable::WagerKind;

/// What `economics` prices: the tables, the stakes and the traffic.
pub struct EconomicsSettings {
    pub tables: EconomicsTables,
    pub stakes: Stakes,
    pub traffic: TableTraffic,
}

impl EconomicsSettings {
    /// Reads and checks the `economics` command's flags.
    pub fn read(
        reader: &mut TableReader,
        args: &EconomicsArgs,
    ) -> Result<EconomicsSettings, InputError> {
        let or_default = |given: &[String], default: &str| -> Vec<String> {
            if given.is_empty() {
                vec![default.to_string()]
            } else {
                given.to_vec()
            }
        };
        let blinds = paytables_for(
            reader,
            &or_default(&args.blinds, "blind-a"),
            WagerKind::Blind,
        )?;
        let trips = paytables_for(reader, &or_default(&args.trips, "uth-01"), WagerKind::Trips)?;
        let six_cards = paytables_for(
            reader,
            &or_default(&args.six_cards, "six-card-a"),
            WagerKind::SixCardBonus,
        )?;
        // The Ultimate Pairs Bonus only when asked for (no published table
        // exists; the built-in one is an example): no default table.
        let ultimate_pairs = if args.ultimate_pairs.is_empty() {
            Vec::new()
        } else {
            paytables_for(reader, &args.ultimate_pairs, WagerKind::UltimatePairs)?
        };
        let ante = parse_dollars("ante", &args.ante)?;
        let ultimate_pairs_amount =
            parse_dollars("ultimate-pairs-amount", &args.ultimate_pairs_amount)?;
        let ultimate_pairs_take_up =
            super::parse_share("ultimate-pairs-take-up", &args.ultimate_pairs_take_up)?;
        let trips_amount = parse_dollars("trips-amount", &args.trips_amount)?;
        let six_card_amount = parse_dollars("six-card-amount", &args.six_card_amount)?;
        let trips_take_up = super::parse_share("trips-take-up", &args.trips_take_up)?;
        let six_card_take_up = super::parse_share("six-card-take-up", &args.six_card_take_up)?;
        for (flag, n) in [
            ("hands-per-hour", args.hands_per_hour),
            ("seats", args.seats),
            ("hours", args.hours_per_day),
            ("days", args.days_per_year),
        ] {
            if n == 0 {
                return Err(InputError::usage(format!("--{flag} 0: must be at least 1")));
            }
        }
        if args.hours_per_day > 24 || args.days_per_year > 366 {
            return Err(InputError::usage(
                "--hours is at most 24 and --days at most 366",
            ));
        }
        let traffic = TableTraffic {
            hands_per_hour: args.hands_per_hour,
            seats: args.seats,
            hours_per_day: args.hours_per_day,
            days_per_year: args.days_per_year,
            days_per_month: 30,
            ante: ante.clone(),
        };
        Ok(EconomicsSettings {
            tables: EconomicsTables {
                blinds,
                trips,
                six_cards,
                ultimate_pairs,
            },
            stakes: Stakes {
                ante,
                trips_amount,
                trips_take_up,
                six_card_amount,
                six_card_take_up,
                ultimate_pairs_amount,
                ultimate_pairs_take_up,
            },
            traffic,
        })
    }
}
