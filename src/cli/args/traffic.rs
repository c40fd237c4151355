//! The stakes and the traffic of a table, the flag group `economics` and
//! `report` share (`#[command(flatten)]`): the average Ante, hands an
//! hour, seats filled and hours open a day. No default in clap: `report`
//! refuses them where they mean nothing (a report without a base game),
//! so whether one was given must show; the defaults, `economics`' since
//! it began, are applied where they are read (`settings::traffic`).

use clap::Args;

/// The stakes and the traffic of a table.
#[derive(Args, Clone, Debug, Default)]
pub struct TrafficArgs {
    /// Average Ante in dollars. Default: 10.
    #[arg(
        id = "average_ante", // not `ante`: --payout-limit's --ante is in `report`
        long = "average-ante",
        value_name = "DOLLARS",
        allow_hyphen_values = true
    )]
    pub ante: Option<String>,
    /// Hands dealt per hour. Default: 30.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub hands_per_hour: Option<String>,
    /// Seats filled on average (a table seats six). Default: 5.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seats: Option<String>,
    /// Hours open per day. Default: 16.
    #[arg(
        long = "hours",
        visible_alias = "hours-per-day",
        value_name = "N",
        allow_hyphen_values = true
    )]
    pub hours_per_day: Option<String>,
}

impl TrafficArgs {
    /// The first of these flags given (`--average-ante` as `ante_flag`
    /// names it), if any.
    pub fn first_given(&self, ante_flag: &'static str) -> Option<&'static str> {
        [
            (ante_flag, self.ante.is_some()),
            ("--hands-per-hour", self.hands_per_hour.is_some()),
            ("--seats", self.seats.is_some()),
            ("--hours", self.hours_per_day.is_some()),
        ]
        .into_iter()
        .find(|(_, given)| *given)
        .map(|(flag, _)| flag)
    }
}
