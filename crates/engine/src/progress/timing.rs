//! CPU clocks, for the cost a long computation projects from its first
//! units of work: CPU seconds rather than wall-clock seconds, so that a
//! loaded machine does not inflate the projection.

/// CPU seconds used so far by the calling thread (Linux and other POSIX
/// systems: `CLOCK_THREAD_CPUTIME_ID`); 0 if the clock is not available.
pub fn thread_cpu_seconds() -> f64 {
    cpu_seconds(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// CPU seconds used so far by the whole process, every thread
/// (`CLOCK_PROCESS_CPUTIME_ID`); 0 if the clock is not available.
pub fn process_cpu_seconds() -> f64 {
    cpu_seconds(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// The reading of CPU clock `clock` in seconds, 0 if it cannot be read.
fn cpu_seconds(clock: libc::clockid_t) -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec for the call's duration.
    let ok = unsafe { libc::clock_gettime(clock, &mut t) } == 0;
    if ok {
        t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_clocks_advance_with_work() {
        // Work done on this thread shows on both its clock and the
        // process's, which counts this thread among the others (a clock
        // that cannot be read stays at 0: the loop stops after 10 s).
        let (thread, process) = (thread_cpu_seconds(), process_cpu_seconds());
        let wall = std::time::Instant::now();
        let mut x = 1u64;
        while thread_cpu_seconds() - thread < 0.01 && wall.elapsed().as_secs() < 10 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        assert!(thread_cpu_seconds() - thread >= 0.01, "{x}");
        assert!(process_cpu_seconds() - process >= 0.01);
    }
}
