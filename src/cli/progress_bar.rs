//! The progress bar: an indicatif bar on standard error when it is a
//! terminal; when it is not, the [stage log](super::stage_log) (one line
//! a piece of work of a second or more) instead of a bar.
//!
//! The time left is the time so far scaled by the work left over the work
//! done ([`time_left`]), and is shown only once a tenth of the work and a
//! second have passed: at the start of a piece of work the rate is not
//! known yet (the first units may be the slow or the fast ones), and an
//! estimate made then said "about 7m left" of a 2-second solve.

use super::stage_log::{self, StageLog};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use std::io::{self, IsTerminal};
use std::sync::Mutex;
use std::time::Duration;
use uth_edge::progress::{Progress, Silent};
use uth_edge::sample;

/// A progress bar on standard error when it is a terminal, else the stage
/// log; nothing with `--quiet` (or the stage log switched off).
pub fn reporter(quiet: bool) -> Box<dyn Progress> {
    if quiet {
        Box::new(Silent)
    } else if io::stderr().is_terminal() {
        Box::new(Bar(Mutex::new(None)))
    } else if stage_log::switched_off() {
        Box::new(Silent)
    } else {
        Box::new(StageLog::new())
    }
}

/// The bar of a sampling run: hands dealt and the rate, no time left.
const SAMPLING_TEMPLATE: &str =
    "{msg} [{bar:30}] {percent:>3}% {human_pos}/{human_len}, {per_sec} {elapsed}";

/// The bar of other work: the time left only as [`time_left`] allows
/// (`{left}`), never indicatif's own estimates.
const WORK_TEMPLATE: &str = "{msg} [{bar:30}] {percent:>3}% {elapsed}{left}";

/// An indicatif progress bar, a new one for each piece of work.
struct Bar(Mutex<Option<ProgressBar>>);

impl Progress for Bar {
    fn begin(&self, label: &str, total: u64) {
        let bar = ProgressBar::new(total);
        let template = if label == sample::PROGRESS_LABEL {
            SAMPLING_TEMPLATE
        } else {
            WORK_TEMPLATE
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            let left = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let total = state.len().unwrap_or(0);
                if let Some(left) = time_left(state.pos(), total, state.elapsed()) {
                    let _ = write!(w, ", about {} left", shown_duration(left));
                }
            };
            bar.set_style(style.with_key("left", left).progress_chars("=> "));
        }
        bar.set_message(label.to_string());
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(bar);
        }
    }

    fn advance(&self, units: u64) {
        if let Ok(slot) = self.0.lock() {
            if let Some(bar) = slot.as_ref() {
                bar.inc(units);
            }
        }
    }

    fn finish(&self) {
        if let Ok(mut slot) = self.0.lock() {
            if let Some(bar) = slot.take() {
                bar.finish_and_clear();
            }
        }
    }
}

/// The time left of a piece of work of `total` units with `done` done in
/// `elapsed`, at the rate so far; none until a tenth of the work and a
/// second have passed (before that the rate says little).
pub fn time_left(done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
    if done == 0 || done.saturating_mul(10) < total || elapsed < Duration::from_secs(1) {
        return None;
    }
    let left = total.saturating_sub(done);
    Some(elapsed.mul_f64(left as f64 / done as f64))
}

/// A time left as a person reads it: seconds under a minute and a half,
/// else minutes, rounded up.
fn shown_duration(d: Duration) -> String {
    let seconds = d.as_secs_f64().ceil() as u64;
    if seconds < 90 {
        format!("{seconds}s")
    } else {
        format!("{}m", seconds.div_ceil(60))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_time_left_is_claimed_before_the_rate_is_known() {
        // The start of a 2-second solve: 1% done after 20 ms. The old bar
        // (indicatif's {eta}) said minutes here; nothing is said now.
        let ms = Duration::from_millis;
        assert_eq!(time_left(1, 100, ms(20)), None);
        // A tenth done but in under a second: still nothing.
        assert_eq!(time_left(10, 100, ms(200)), None);
        // Half done in 1 s: 1 s left, as the work done says.
        assert_eq!(time_left(50, 100, ms(1000)), Some(ms(1000)));
        // A quarter done in 3 s: 9 s left.
        assert_eq!(time_left(25, 100, ms(3000)), Some(ms(9000)));
        assert_eq!(time_left(100, 100, ms(2000)), Some(ms(0)));
        assert_eq!(shown_duration(ms(1500)), "2s");
        assert_eq!(shown_duration(Duration::from_secs(400)), "7m");
    }

    #[test]
    fn the_bars_use_no_estimate_of_indicatif() {
        // indicatif's {eta} and {duration} estimate from the first units
        // (they said "about 7m left" of a 2-second solve); the time left is
        // shown only through {left}, that is `time_left`.
        for template in [SAMPLING_TEMPLATE, WORK_TEMPLATE] {
            for key in ["{eta", "{duration", "{wide_eta"] {
                assert!(!template.contains(key), "{key} in {template}");
            }
        }
        assert!(WORK_TEMPLATE.contains("{left}"));
    }
}
