//! Progress of long computations, reported to whoever is watching.
//!
//! The engines take a `&dyn Progress` and call it from their worker threads
//! (hence `Sync`): [`begin`](Progress::begin) once with the amount of work,
//! [`advance`](Progress::advance) as units of it are done, then
//! [`finish`](Progress::finish). The library never draws anything itself:
//! the command-line front end passes a progress bar when standard error is a
//! terminal and [`Silent`] otherwise, and tests pass [`Silent`].
//!
//! [`timing`] reads the CPU clocks a computation projects its cost from.

pub mod timing;

/// A receiver of progress reports. Every method does nothing by default.
pub trait Progress: Sync {
    /// Work named `label` of `total` units starts.
    fn begin(&self, _label: &str, _total: u64) {}
    /// `units` more units are done.
    fn advance(&self, _units: u64) {}
    /// The work is done.
    fn finish(&self) {}
}

/// Reports nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}
