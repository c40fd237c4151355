//! The temporary file an output file is written to before it is renamed
//! into place ([`super::output`]): named after its run, removed when the
//! run is stopped, and cleaned up by the next run if the first was killed.
//!
//! - Its name is `.NAME.uth-edge-PID-XXXXXX.tmp` beside the output `NAME`,
//!   `PID` the writing process and `XXXXXX` random (so two runs never share
//!   a name, even from two machines or containers writing one folder). The
//!   run holds an exclusive `flock` on it while it writes: a later write to
//!   the same path removes those whose lock it can take (their run has
//!   ended, e.g. killed by SIGKILL, which nothing can catch: the kernel
//!   drops the lock with the process) and leaves any other file alone,
//!   a run in progress's included, whatever its PID.
//! - While it is in progress, SIGTERM and SIGINT remove it and then end
//!   the process as the signal would have (the usual exit status: killed by
//!   that signal). The handler is installed when the first temporary file
//!   is made, only for a signal whose disposition is the default (a run
//!   started with SIGINT ignored, as `nohup` or a shell's `&` do, keeps
//!   ignoring it). The handler does only what a signal handler may: it
//!   reads the paths in progress from a few atomic slots, `unlink`s them,
//!   restores the default disposition and raises the signal again.

use std::ffi::{c_char, c_int, CString};
use std::fs;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::Once;
use tempfile::NamedTempFile;

/// The paths of the temporary files in progress (null: a free slot). A
/// run has at most a few outputs at once (`-o` and `--provenance`).
static IN_PROGRESS: [AtomicPtr<c_char>; 8] = [const { AtomicPtr::new(null_mut()) }; 8];

/// The start of the name of a temporary file of output `name` written by
/// process `pid` (the random part and `.tmp` follow).
fn prefix_of(name: &str, pid: u32) -> String {
    format!(".{name}.uth-edge-{pid}-")
}

/// Whether `entry` is a temporary file of output `name`: `.NAME.uth-edge-`,
/// a process id, optionally `-` and letters or digits, then `.tmp`.
fn is_temporary_of(entry: &str, name: &str) -> bool {
    let Some(middle) = entry
        .strip_prefix(&format!(".{name}.uth-edge-"))
        .and_then(|rest| rest.strip_suffix(".tmp"))
    else {
        return false;
    };
    let (pid, random) = middle.split_once('-').unwrap_or((middle, "a"));
    !pid.is_empty()
        && pid.bytes().all(|b| b.is_ascii_digit())
        && !random.is_empty()
        && random.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Takes the exclusive lock of an open file without waiting: whether it
/// was taken (a file system without locks: not taken).
fn lock(file: &fs::File) -> bool {
    use std::os::fd::AsRawFd;
    // SAFETY: flock on a descriptor this function borrows; it only locks.
    unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) == 0 }
}

/// Removes from `dir` the temporary files of output `name` whose run has
/// ended: those whose lock can be taken (a run in progress holds its own).
fn remove_stale(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if !is_temporary_of(&entry.file_name().to_string_lossy(), name) {
            continue;
        }
        if let Ok(file) = fs::File::open(entry.path()) {
            if lock(&file) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// A temporary file in progress, removed by SIGTERM or SIGINT until this
/// is dropped.
pub struct InProgress {
    slot: Option<usize>,
}

impl Drop for InProgress {
    /// Frees the slot. The path's bytes are left allocated on purpose (a
    /// few bytes per output): a handler running meanwhile in another
    /// thread may still be reading them.
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            IN_PROGRESS[slot].store(null_mut(), Ordering::SeqCst);
        }
    }
}

/// Creates the temporary file of output `real` in `dir` (exclusively, mode
/// 0666 less the umask), after removing stale ones; it is removed on
/// SIGTERM or SIGINT while the returned [`InProgress`] lives.
pub fn create(dir: &Path, real: &Path) -> io::Result<(NamedTempFile, InProgress)> {
    let name = real
        .file_name()
        .map_or("output".into(), |n| n.to_string_lossy());
    remove_stale(dir, &name);
    install_handler();
    // The path is tracked before the file exists, so that a signal at any
    // moment after it is created removes it (tracked after, a signal in
    // between left it behind); a name taken already is tracked no more.
    let mut guard = None;
    let file = tempfile::Builder::new()
        .prefix(&prefix_of(&name, std::process::id()))
        .rand_bytes(6)
        .suffix(".tmp")
        .make_in(dir, |path| {
            guard = Some(track(path));
            fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .mode(0o666)
                .open(path)
        })?;
    // Held until the file is renamed or removed: it marks the run alive.
    lock(file.as_file());
    let guard = guard.unwrap_or(InProgress { slot: None });
    Ok((file, guard))
}

/// Puts `path` in a free slot for the handler.
fn track(path: &Path) -> InProgress {
    let Ok(text) = CString::new(path.as_os_str().as_bytes()) else {
        return InProgress { slot: None };
    };
    let raw = text.into_raw();
    for (i, slot) in IN_PROGRESS.iter().enumerate() {
        if slot
            .compare_exchange(null_mut(), raw, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return InProgress { slot: Some(i) };
        }
    }
    // No slot free: the next write to the path removes the file if killed.
    // SAFETY: `raw` came from `into_raw` just above and was never shared.
    drop(unsafe { CString::from_raw(raw) });
    InProgress { slot: None }
}

/// Removes the temporary files in progress, then ends the process by the
/// same signal. Only async-signal-safe calls: atomic loads, `unlink`,
/// `signal`, `raise`.
extern "C" fn on_signal(signal: c_int) {
    for slot in &IN_PROGRESS {
        let path = slot.load(Ordering::SeqCst);
        if !path.is_null() {
            // SAFETY: a NUL-terminated path a slot holds is never freed.
            unsafe { libc::unlink(path) };
        }
    }
    // SAFETY: the default disposition restored, the signal raised again:
    // it is delivered when this handler returns and ends the process.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// Installs [`on_signal`] for SIGTERM and SIGINT, once, where their
/// disposition is the default.
fn install_handler() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        for signal in [libc::SIGTERM, libc::SIGINT] {
            // SAFETY: sigaction with valid pointers to zeroed structures,
            // the handler a plain `extern "C"` function.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction != libc::SIG_DFL
                {
                    continue;
                }
                let mut new: libc::sigaction = std::mem::zeroed();
                new.sa_sigaction = on_signal as extern "C" fn(c_int) as libc::sighandler_t;
                libc::sigemptyset(&mut new.sa_mask);
                libc::sigaction(signal, &new, std::ptr::null_mut());
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_temporary_of_the_named_output_is_recognised() {
        assert!(is_temporary_of(".a.csv.uth-edge-42-Xy12Zq.tmp", "a.csv"));
        assert!(is_temporary_of(".a.csv.uth-edge-42.tmp", "a.csv"));
        assert!(!is_temporary_of(".a.csv.uth-edge-42-Xy12Zq.tmp", "b.csv"));
        assert!(!is_temporary_of(".a.csv.uth-edge-.tmp", "a.csv"));
        assert!(!is_temporary_of(".a.csv.uth-edge-42-.tmp", "a.csv"));
        assert!(!is_temporary_of(".a.csv.uth-edge-+4.tmp", "a.csv"));
        assert!(!is_temporary_of(".a.csv.uth-edge-4-a.b.tmp", "a.csv"));
        assert!(!is_temporary_of(".a.csv.Xy12Zq.tmp", "a.csv"));
        assert!(!is_temporary_of("a.csv", "a.csv"));
        assert!(prefix_of("a.csv", 42).starts_with(".a.csv.uth-edge-42-"));
    }
}
