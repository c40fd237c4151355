//! The `progressive` command's results with meters: the long run of each
//! table with meters ([`uth_edge::exact::meter_long_run`]), the snapshot
//! at `--meter` for the others (and for tables with meters when `--meter`
//! is given). The meter flags are read and checked in
//! [`crate::cli::settings`] (`read_meters`).

use crate::cli::settings::ProgressiveSettings;
use uth_edge::error::InputError;
use uth_edge::exact::meter_long_run::{long_run_result, LongRunSettings};
use uth_edge::exact::progressive::{self, count_progressive_deals};
use uth_edge::progress::Progress;
use uth_edge::result::WagerResult;

/// The results of `progressive`: for each table, the long run at each
/// wager and number of other players when the table has meters (and the
/// snapshot at each `--meter` if given), else the snapshot as before.
pub fn results(
    s: &ProgressiveSettings,
    long_run: Option<&LongRunSettings>,
    meter_given: bool,
    progress: &dyn Progress,
) -> Result<Vec<WagerResult>, InputError> {
    let mut results = Vec::new();
    for t in &s.tables {
        let counts = count_progressive_deals(t.rules.progressive_hand, progress);
        let long = long_run.filter(|_| !t.rules.meters.is_empty());
        if let Some(settings) = long {
            for w in &s.wagers {
                for &n in &s.players {
                    results.push(long_run_result(t, counts, w.clone(), n, settings)?);
                }
            }
        }
        if long.is_none() || meter_given {
            for w in &s.wagers {
                for m in &s.meters {
                    for &n in &s.players {
                        results.push(progressive::progressive_result(
                            t,
                            counts,
                            w.clone(),
                            m.clone(),
                            n,
                        ));
                    }
                }
            }
        }
    }
    Ok(results)
}
