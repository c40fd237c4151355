//! The progress bar: an indicatif bar on standard error when it is a
//! terminal, nothing when it is not (piped output stays clean).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, IsTerminal};
use std::sync::Mutex;
use uth_edge::progress::{Progress, Silent};
use uth_edge::sample;

/// A progress bar on standard error when it is a terminal, else nothing.
pub fn reporter(quiet: bool) -> Box<dyn Progress> {
    if !quiet && io::stderr().is_terminal() {
        Box::new(Bar(Mutex::new(None)))
    } else {
        Box::new(Silent)
    }
}

/// An indicatif progress bar, a new one for each piece of work.
struct Bar(Mutex<Option<ProgressBar>>);

impl Progress for Bar {
    fn begin(&self, label: &str, total: u64) {
        let bar = ProgressBar::new(total);
        let template = if label == sample::PROGRESS_LABEL {
            "{msg} [{bar:30}] {percent:>3}% {human_pos}/{human_len}, {per_sec} {elapsed}"
        } else {
            "{msg} [{bar:30}] {percent:>3}% {elapsed}, about {eta} left"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
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
