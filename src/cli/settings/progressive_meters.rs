//! The meters' flags, read for `progressive` and `report`: those that set
//! a meter's rate and reset on a table (`--rate`, `--reset`, `--reserve`),
//! the readings and inputs of the long run (`--percent-awards`, `--mix`,
//! `--wagers-per-hour`), all read and checked before any work; the
//! warnings found are returned ([`Meters`]) for the run to print.

use crate::cli::args::money_rules::{MeterArgs, PercentAwardsArg};
use uth_edge::error::InputError;
use uth_edge::exact::meter_long_run::{meter_long_runs, LongRunSettings, PercentAwards};
use uth_edge::exact::progressive;
use uth_edge::fraction::Fraction;
use uth_edge::money::{dollars, parse_amount, parse_dollars, parse_percent};
use uth_edge::rules::paytable::{Award, Meter, PayTable};

/// The lowest initial and reset amount of a Maryland meter (COMAR
/// 36.05.16.12D(3)(b)); a lower one is warned about, not refused (other
/// jurisdictions differ).
const MARYLAND_LOWEST_RESET: i128 = 10_000;

/// The meters read: the long run's settings and the warnings for the run
/// to print (before any work).
pub struct Meters {
    /// `Some` when a table has meters.
    pub long_run: Option<LongRunSettings>,
    /// One line each (`warning: ...`): a reset below Maryland's lowest.
    pub warnings: Vec<String>,
}

/// Reads the meter flags and sets the meters they give on `tables`; the
/// long-run settings when a table has meters. Every check is done here,
/// before any deal is counted; nothing printed (a reset below Maryland's
/// lowest is a warning of [`Meters`]).
pub fn read(
    args: &MeterArgs,
    tables: &mut [PayTable],
    meter_given: bool,
) -> Result<Meters, InputError> {
    let usage = |flag: &str, text: &str, why: &str| {
        InputError::usage(format!("--{flag} {}: {why}", uth_edge::error::shown(text)))
    };
    let percent = |flag: &str, text: &String| {
        parse_percent(text).map_err(|e| usage(flag, text, &e.to_string()))
    };
    let rate = args.rate.as_ref().map(|t| percent("rate", t)).transpose()?;
    let reserve = args
        .reserve
        .as_ref()
        .map(|t| percent("reserve", t))
        .transpose()?;
    let reset = args
        .reset
        .as_ref()
        .map(|t| parse_amount("reset", t))
        .transpose()?;
    let setting = rate.is_some() || reserve.is_some() || reset.is_some();
    for t in tables.iter_mut() {
        let pays_meter = t
            .lines
            .iter()
            .any(|l| matches!(l.award, Award::Meter { .. }));
        if setting && !pays_meter {
            return Err(InputError::usage(format!(
                "--rate/--reset/--reserve: pay table {} pays no share of a meter",
                t.id
            )));
        }
        if setting && t.rules.meters.len() > 1 {
            return Err(InputError::usage(format!(
                "--rate/--reset/--reserve: pay table {} has several meters ({}); set each one's rate and reset in the file",
                t.id,
                names(t)
            )));
        }
        if setting {
            let old = t.rules.meters.first().cloned();
            let Some(rate) = rate
                .clone()
                .or_else(|| old.as_ref().map(|m| m.rate.clone()))
            else {
                return Err(InputError::usage(format!(
                    "--reset/--reserve need --rate: pay table {} states no meter, and COMAR 36.05.16.12D sets no rate of progression",
                    t.id
                )));
            };
            let meter = Meter {
                name: old
                    .as_ref()
                    .map_or(Meter::DEFAULT_NAME.to_string(), |m| m.name.clone()),
                reset: reset.clone().unwrap_or_else(|| {
                    old.as_ref()
                        .map_or(Fraction::from_int(progressive::DEFAULT_METER), |m| {
                            m.reset.clone()
                        })
                }),
                rate,
                reserve: reserve
                    .clone()
                    .unwrap_or_else(|| old.as_ref().map_or(Fraction::ZERO, |m| m.reserve.clone())),
                ceiling: old.and_then(|m| m.ceiling),
            };
            meter.check().map_err(|(field, why)| {
                let text = match field {
                    "rate" => args.rate.clone(),
                    "reset" => args.reset.clone(),
                    "reserve" => args.reserve.clone(),
                    _ => None,
                };
                match text {
                    Some(text) => usage(field, &text, &why),
                    None => InputError::usage(format!(
                        "pay table {}, meter {}: {field}: {why}",
                        t.id, meter.name
                    )),
                }
            })?;
            t.rules.meters = vec![meter];
        }
        if meter_given && t.rules.meters.len() > 1 {
            return Err(InputError::usage(format!(
                "--meter: pay table {} has several meters ({}); the long run gives each one's expected amount",
                t.id,
                names(t)
            )));
        }
    }
    let with_meters: Vec<&PayTable> = tables
        .iter()
        .filter(|t| !t.rules.meters.is_empty())
        .collect();
    let reading_given =
        args.percent_awards.is_some() || !args.mix.is_empty() || args.wagers_per_hour.is_some();
    if with_meters.is_empty() {
        if reading_given {
            return Err(InputError::usage(
                "--percent-awards/--mix/--wagers-per-hour are for the long run: no pay table given states a meter (give --rate and --reset)",
            ));
        }
        return Ok(Meters {
            long_run: None,
            warnings: Vec::new(),
        });
    }
    let settings = LongRunSettings {
        mix: read_mix(&args.mix)?,
        percent_awards: match args.percent_awards {
            Some(PercentAwardsArg::OnTop) => PercentAwards::OnTop,
            _ => PercentAwards::OffMeter,
        },
        wagers_per_hour: args
            .wagers_per_hour
            .as_ref()
            .map(|t| parse_dollars("wagers-per-hour", t))
            .transpose()?,
    };
    let mut warnings = Vec::new();
    for t in &with_meters {
        // Refusals that need no counts: a ceiling, a meter nobody takes from.
        meter_long_runs(t, &[Fraction::ONE; 10], &settings)?;
        for m in &t.rules.meters {
            if m.reset < Fraction::from_int(MARYLAND_LOWEST_RESET) {
                warnings.push(format!(
                    "warning: pay table {}, meter {}: reset {} is below $10,000, the lowest initial and reset amount COMAR 36.05.16.12D(3)(b) allows in Maryland (other jurisdictions differ)",
                    t.id,
                    m.name,
                    dollars(&m.reset)
                ));
            }
        }
    }
    Ok(Meters {
        long_run: Some(settings),
        warnings,
    })
}

/// The meters' names, comma separated.
fn names(t: &PayTable) -> String {
    t.rules
        .meters
        .iter()
        .map(|m| m.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `--mix DOLLARS:WEIGHT`, repeated: shares of the wagers adding up to 1.
fn read_mix(texts: &[String]) -> Result<Vec<(Fraction, Fraction)>, InputError> {
    if texts.is_empty() {
        return Ok(LongRunSettings::default().mix);
    }
    let mut mix: Vec<(Fraction, Fraction)> = Vec::new();
    for text in texts {
        let bad =
            |why: &str| InputError::usage(format!("--mix {}: {why}", uth_edge::error::shown(text)));
        let (wager, weight) = text
            .split_once(':')
            .ok_or_else(|| bad("expected DOLLARS:WEIGHT, such as 1:3 or 5:1"))?;
        let wager = parse_dollars("mix", wager)?;
        let weight = parse_dollars("mix", weight)?;
        if mix.iter().any(|(w, _)| *w == wager) {
            return Err(bad("this wager is already in the mix"));
        }
        mix.push((wager, weight));
    }
    let total: Fraction = mix.iter().map(|(_, weight)| weight.clone()).sum();
    Ok(mix
        .into_iter()
        .map(|(w, weight)| (w, weight / &total))
        .collect())
}
