//! The stage log: when standard error is not a terminal (a log file, a
//! batch job, CI), each piece of work that took a second or more is said
//! in one line with its time, so that a slow run read afterwards says what
//! it did and where the time went. `--quiet` silences it; so does the
//! environment variable `UTH_EDGE_STAGE_LOG=off`, for scripts and tests
//! that compare standard error byte for byte (the times differ from run to
//! run); `UTH_EDGE_STAGE_LOG=all` logs every piece of work, however short.

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use uth_edge::progress::Progress;

/// The environment variable that turns the stage log off (`off`) or
/// makes it log every piece of work (`all`).
pub const SWITCH: &str = "UTH_EDGE_STAGE_LOG";

/// Pieces of work shorter than this are not logged (unless `all`).
const SHORTEST: Duration = Duration::from_secs(1);

/// Is the stage log turned off by [`SWITCH`]?
pub fn switched_off() -> bool {
    std::env::var_os(SWITCH).is_some_and(|v| v == "off")
}

/// The shortest piece of work logged: a second, or none with `all`.
fn shortest() -> Duration {
    if std::env::var_os(SWITCH).is_some_and(|v| v == "all") {
        Duration::ZERO
    } else {
        SHORTEST
    }
}

/// One line on standard error per piece of work of a second or more.
pub struct StageLog {
    /// When the command started (the lines say the time since).
    started: Instant,
    /// The shortest piece of work logged.
    shortest: Duration,
    /// The piece of work under way: its label and start.
    current: Mutex<Option<(String, Instant)>>,
}

impl StageLog {
    /// A log whose times count from now.
    pub fn new() -> StageLog {
        StageLog {
            started: Instant::now(),
            shortest: shortest(),
            current: Mutex::new(None),
        }
    }
}

impl Progress for StageLog {
    fn begin(&self, label: &str, _total: u64) {
        if let Ok(mut slot) = self.current.lock() {
            *slot = Some((label.to_string(), Instant::now()));
        }
    }

    fn finish(&self) {
        let Ok(mut slot) = self.current.lock() else {
            return;
        };
        if let Some((label, begun)) = slot.take() {
            let took = begun.elapsed();
            if took >= self.shortest {
                let line = stage_line(&label, took, self.started.elapsed());
                let _ = writeln!(std::io::stderr(), "{line}");
            }
        }
    }
}

/// A stage's line: the work, how long it took and the time since the
/// command started.
fn stage_line(label: &str, took: Duration, since_start: Duration) -> String {
    format!(
        "uth-edge: {label}: {:.1} s (done at {:.1} s)",
        took.as_secs_f64(),
        since_start.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_line_says_the_work_and_both_times() {
        let line = stage_line(
            "Trips: all 133,784,560 seven-card hands",
            Duration::from_millis(2_340),
            Duration::from_millis(12_050),
        );
        assert_eq!(
            line,
            "uth-edge: Trips: all 133,784,560 seven-card hands: 2.3 s (done at 12.1 s)"
        );
    }
}
