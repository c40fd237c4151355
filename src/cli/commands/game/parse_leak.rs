//! The stakes a dead-card leak is priced at, shared by `game`'s dead-card
//! modes and `merge`: their flags ([`LeakArgs`]) and their reading
//! ([`LeakStakes`], the defaults applied there).

use clap::Args;
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::money::parse_dollars;

/// The stakes a leak is priced at (`game`'s dead-card cases and `merge`).
/// No default in clap: a flag given where it means nothing is refused, so
/// whether it was given must show (the defaults are applied in
/// [`LeakStakes`]).
#[derive(Args)]
pub struct LeakArgs {
    /// Dead-card cases: Ante in dollars, for the house's loss per hour.
    /// Default: 10.
    #[arg(
        id = "leak_ante", // not `ante`: --payout-limit's --ante is in the same command
        long = "leak-ante",
        value_name = "DOLLARS",
        allow_hyphen_values = true
    )]
    pub ante: Option<String>,
    /// Dead-card cases: hands per hour each player plays. Default: 30.
    #[arg(
        id = "leak_hands_per_hour",
        long = "leak-hands-per-hour",
        value_name = "N"
    )]
    pub hands_per_hour: Option<u32>,
}

/// What a leak is priced at: the Ante in dollars and the hands per hour.
pub struct LeakStakes {
    pub ante: Fraction,
    pub hands_per_hour: u32,
}

impl LeakStakes {
    /// The Ante when `--leak-ante` is not given, in dollars.
    const DEFAULT_ANTE: i128 = 10;
    /// The hands an hour when `--leak-hands-per-hour` is not given.
    const DEFAULT_HANDS_PER_HOUR: u32 = 30;

    /// `--leak-ante` and `--leak-hands-per-hour`.
    pub fn read(args: &LeakArgs) -> Result<LeakStakes, InputError> {
        let ante = match &args.ante {
            Some(text) => parse_dollars("leak-ante", text).map_err(InputError::from)?,
            None => Fraction::from_int(Self::DEFAULT_ANTE),
        };
        let hands_per_hour = args.hands_per_hour.unwrap_or(Self::DEFAULT_HANDS_PER_HOUR);
        if hands_per_hour == 0 {
            return Err(InputError::usage(
                "--leak-hands-per-hour 0: must be at least 1",
            ));
        }
        Ok(LeakStakes {
            ante,
            hands_per_hour,
        })
    }
}
