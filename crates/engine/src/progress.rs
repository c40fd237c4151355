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

/// Another receiver's reports, each label preceded by the name of the
/// solve it belongs to (`strategy wizard: solving the base game: ...`),
/// so that a run of several solves of the same kind (one per strategy, per
/// Ante under a payout limit) says which one is under way.
pub struct Named<'a> {
    /// The receiver the reports go to.
    inner: &'a dyn Progress,
    /// What the solve is, put before each label.
    name: String,
}

impl<'a> Named<'a> {
    /// Reports to `inner`, each label preceded by `name` and a colon.
    pub fn new(inner: &'a dyn Progress, name: impl Into<String>) -> Named<'a> {
        Named {
            inner,
            name: name.into(),
        }
    }
}

impl Progress for Named<'_> {
    fn begin(&self, label: &str, total: u64) {
        self.inner.begin(&format!("{}: {label}", self.name), total);
    }

    fn advance(&self, units: u64) {
        self.inner.advance(units);
    }

    fn finish(&self) {
        self.inner.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Keeps every label begun.
    #[derive(Default)]
    struct Labels(Mutex<Vec<(String, u64)>>);

    impl Progress for Labels {
        fn begin(&self, label: &str, total: u64) {
            self.0.lock().unwrap().push((label.to_string(), total));
        }
    }

    #[test]
    fn a_named_solve_says_its_name_before_each_label() {
        let labels = Labels::default();
        let named = Named::new(&labels, "strategy wizard");
        named.begin("solving the base game: flop decisions", 7);
        named.advance(7);
        named.finish();
        assert_eq!(
            *labels.0.lock().unwrap(),
            [(
                "strategy wizard: solving the base game: flop decisions".to_string(),
                7
            )]
        );
    }
}
