//! The reading of the stakes and traffic flags (`args::traffic`) into a
//! [`TableTraffic`], the defaults applied: every value checked, one line
//! and exit 2 on a fault (zero, negative, not a whole number, beyond its
//! bound), before any work.

use crate::cli::args::traffic::TrafficArgs;
use uth_edge::analysis::economics::TableTraffic;
use uth_edge::error::InputError;
use uth_edge::money::parse_dollars;

/// The most hands an hour: a fast dealer deals far fewer.
const MAX_HANDS_PER_HOUR: u32 = 1_000;
/// The most seats filled: a table seats six, a stadium table a few dozen.
const MAX_SEATS: u32 = 100;

/// A count of `flag`: a whole number from 1 to `max` (`text` as given).
fn count(flag: &str, text: &str, max: u32) -> Result<u32, InputError> {
    let refuse = |why: &str| {
        InputError::usage(format!(
            "--{flag} {}: {why}",
            uth_edge::message::shown(text)
        ))
    };
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(refuse("not a whole number (write e.g. 30)"));
    }
    match digits.parse::<u32>() {
        Ok(0) => Err(refuse("must be at least 1")),
        Ok(n) if n <= max => Ok(n),
        _ => Err(refuse(&format!("at most {max}"))),
    }
}

/// The traffic of `args`, the defaults ([`TableTraffic::default`]) where a
/// flag is not given; `ante_flag` is the name the command gives the
/// average Ante (`economics`: `ante`; `report`: `average-ante`).
pub fn traffic(args: &TrafficArgs, ante_flag: &'static str) -> Result<TableTraffic, InputError> {
    let mut traffic = TableTraffic::default();
    if let Some(text) = &args.ante {
        traffic.ante = parse_dollars(ante_flag, text)?;
    }
    if let Some(text) = &args.hands_per_hour {
        traffic.hands_per_hour = count("hands-per-hour", text, MAX_HANDS_PER_HOUR)?;
    }
    if let Some(text) = &args.seats {
        traffic.seats = count("seats", text, MAX_SEATS)?;
    }
    if let Some(text) = &args.hours_per_day {
        traffic.hours_per_day = count("hours", text, 24)?;
    }
    Ok(traffic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_a_whole_number_within_its_bounds() {
        assert_eq!(count("seats", "6", 100).unwrap(), 6);
        for (bad, why) in [
            ("0", "at least 1"),
            ("-5", "not a whole number"),
            ("abc", "not a whole number"),
            ("2.5", "not a whole number"),
            ("", "not a whole number"),
            ("101", "at most 100"),
            ("99999999999", "at most 100"),
        ] {
            let message = count("seats", bad, 100).unwrap_err().to_string();
            assert!(message.contains(why), "{bad}: {message}");
            assert!(message.starts_with("--seats "), "{message}");
        }
    }
}
