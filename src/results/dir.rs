//! A results directory written as one set: locked, every file or a marker
//! that says the set is incomplete.
//!
//! [`ResultsDir::open`] (before any computation) creates the directory if
//! missing, refuses one that cannot be written, takes an exclusive lock on
//! it (`flock` on the directory itself, so no lock file is left behind: a
//! second run on the same directory is refused at once, while the first
//! holds it), and removes the temporary files a killed run left
//! (`.NAME.tmp-PID`).
//!
//! [`ResultsDir::write`] then writes every file to a temporary file beside
//! it and flushes it to disk; only when all are written (a full disk fails
//! here, changing nothing) does it write the marker [`INCOMPLETE`] naming
//! the files about to change, rename each temporary file into place, flush
//! the directory, and remove the marker. A run killed between the renames
//! leaves the marker: `uth-edge results --check` reports the directory as
//! incomplete ([`interrupted`]) until a run rewrites the files it names.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};

use super::ResultFile;

/// The marker file of an interrupted write: one results file name a line.
pub const INCOMPLETE: &str = "uth-edge-results.incomplete";

/// A results directory, locked for this run (unlocked when dropped).
pub struct ResultsDir {
    dir: PathBuf,
    /// The directory opened: its `flock` lasts as long as this handle.
    handle: File,
}

impl ResultsDir {
    /// Creates `dir` if missing, locks it, checks it can be written, and
    /// removes stray temporary files. The error is one line naming the
    /// directory (for `--out-dir DIR: ...`).
    pub fn open(dir: &Path) -> Result<ResultsDir, String> {
        let shown = dir.display();
        match fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(format!("{shown}: exists and is not a directory")),
            Err(_) => fs::create_dir_all(dir)
                .map_err(|e| format!("{shown}: cannot create the directory: {e}"))?,
        }
        let handle =
            File::open(dir).map_err(|e| format!("{shown}: cannot open the directory: {e}"))?;
        // SAFETY: flock on a descriptor this File owns; no memory involved.
        let locked = unsafe { libc::flock(handle.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        if locked != 0 {
            let e = io::Error::last_os_error();
            return Err(if e.kind() == io::ErrorKind::WouldBlock {
                format!("{shown}: another uth-edge results run is writing this directory; run again when it has finished")
            } else {
                format!("{shown}: cannot lock the directory: {e}")
            });
        }
        let opened = ResultsDir {
            dir: dir.to_path_buf(),
            handle,
        };
        opened.remove_strays();
        // A file created and removed: a read-only directory or file system
        // is refused now, not after the computation.
        let probe = opened.temporary("uth-edge-probe");
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)
            .and_then(|_| fs::remove_file(&probe))
            .map_err(|e| format!("{shown}: cannot write there: {e}"))?;
        Ok(opened)
    }

    /// `dir/.NAME.tmp-PID`.
    fn temporary(&self, name: &str) -> PathBuf {
        self.dir.join(format!(".{name}.tmp-{}", std::process::id()))
    }

    /// Removes the temporary files of earlier runs (`.NAME.tmp-DIGITS`);
    /// the lock means no other run is writing them.
    fn remove_strays(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if is_temporary_name(&name.to_string_lossy()) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    /// Writes `files` as one set (see the module comment). An error names
    /// the file; the directory is then unchanged (an error before the
    /// renames) or marked incomplete (during them).
    pub fn write(&self, files: &[ResultFile]) -> io::Result<()> {
        let named = |path: &Path, e: io::Error| {
            io::Error::new(e.kind(), format!("writing {}: {e}", path.display()))
        };
        let mut written: Vec<(PathBuf, PathBuf)> = Vec::new();
        let result = (|| {
            for f in files {
                let temporary = self.temporary(&f.name);
                let path = self.dir.join(&f.name);
                write_durably(&temporary, f.text.as_bytes()).map_err(|e| named(&path, e))?;
                written.push((temporary, path));
            }
            let earlier = self.incomplete_files();
            let mut marked = earlier.clone();
            for f in files {
                if !marked.contains(&f.name) {
                    marked.push(f.name.clone());
                }
            }
            self.mark(&marked)?;
            for (temporary, path) in &written {
                fs::rename(temporary, path).map_err(|e| named(path, e))?;
            }
            self.handle.sync_all().map_err(|e| named(&self.dir, e))?;
            let left: Vec<String> = earlier
                .into_iter()
                .filter(|n| !files.iter().any(|f| &f.name == n))
                .collect();
            self.mark(&left)
        })();
        if result.is_err() {
            for (temporary, _) in &written {
                let _ = fs::remove_file(temporary);
            }
        }
        result
    }

    /// The files the marker names (none without a marker).
    fn incomplete_files(&self) -> Vec<String> {
        marked_files(&self.dir)
    }

    /// Writes the marker naming `names` (removes it when there are none),
    /// durably: the marker is on disk before any file is renamed.
    fn mark(&self, names: &[String]) -> io::Result<()> {
        let marker = self.dir.join(INCOMPLETE);
        let named =
            |e: io::Error| io::Error::new(e.kind(), format!("writing {}: {e}", marker.display()));
        if names.is_empty() {
            match fs::remove_file(&marker) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
                Err(e) => return Err(named(e)),
            }
        } else {
            let temporary = self.temporary(INCOMPLETE);
            let text: String = names.iter().map(|n| format!("{n}\n")).collect();
            write_durably(&temporary, text.as_bytes()).map_err(named)?;
            fs::rename(&temporary, &marker).map_err(named)?;
        }
        self.handle.sync_all().map_err(named)
    }
}

impl Drop for ResultsDir {
    /// Unlocks explicitly: a copy of the descriptor in a process forked
    /// meanwhile (before its exec) would otherwise keep the lock a moment.
    fn drop(&mut self) {
        // SAFETY: flock on a descriptor this value owns.
        unsafe { libc::flock(self.handle.as_raw_fd(), libc::LOCK_UN) };
    }
}

/// Creates `path` (which must not exist), writes `bytes`, flushes to disk.
fn write_durably(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let written = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        });
    if written.is_err() {
        let _ = fs::remove_file(path);
    }
    written
}

/// Whether a file name is one of this module's temporary files:
/// `.NAME.tmp-DIGITS`.
fn is_temporary_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix('.') else {
        return false;
    };
    match rest.rsplit_once(".tmp-") {
        Some((stem, pid)) => {
            !stem.is_empty() && !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// The most bytes read from a marker: 64 KiB (it names a few results
/// files).
const MARKER_LIMIT: u64 = 64 << 10;

/// The files a marker in `dir` names (a marker that cannot be read, or
/// larger than [`MARKER_LIMIT`], names none: [`interrupted`] still reports
/// it).
fn marked_files(dir: &Path) -> Vec<String> {
    crate::input_file::read_replaced_file(&dir.join(INCOMPLETE), MARKER_LIMIT)
        .map(|text| text.lines().map(str::to_string).collect())
        .unwrap_or_default()
}

/// If a write of `dir` was interrupted (its marker is there), one line
/// saying so and naming the files that may mix old and new figures.
pub fn interrupted(dir: &Path) -> Option<String> {
    let marker = dir.join(INCOMPLETE);
    if fs::symlink_metadata(&marker).is_err() {
        return None;
    }
    let files = marked_files(dir);
    Some(format!(
        "{}: incomplete: a results run was interrupted while replacing [{}] (they may mix old and new figures); run uth-edge results --out-dir {} again",
        marker.display(),
        files.join(", "),
        dir.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> ResultFile {
        ResultFile {
            name: name.to_string(),
            text: text.to_string(),
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "uth-edge-results-dir-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn temporary_names_are_recognized() {
        assert!(is_temporary_name(".trips.csv.tmp-1234"));
        assert!(!is_temporary_name("trips.csv.tmp-1234"));
        assert!(!is_temporary_name(".trips.csv.tmp-"));
        assert!(!is_temporary_name(".trips.csv.tmp-12a"));
        assert!(!is_temporary_name(".gitignore"));
    }

    #[test]
    fn a_failed_rename_leaves_the_set_marked_incomplete() {
        // Fact: a directory that is not empty cannot be replaced by a file
        // (rename(2): EISDIR/ENOTEMPTY); it stands for a kill between two
        // renames. a.csv is replaced before `blocked` fails.
        let dir = scratch("marker");
        fs::create_dir_all(dir.join("blocked/inside")).unwrap();
        fs::write(dir.join("a.csv"), "old\n").unwrap();
        let opened = ResultsDir::open(&dir).unwrap();
        let result = opened.write(&[file("a.csv", "new\n"), file("blocked", "x\n")]);
        assert!(result.is_err());
        assert_eq!(fs::read_to_string(dir.join("a.csv")).unwrap(), "new\n");
        let line = interrupted(&dir).expect("reported incomplete");
        assert!(line.contains("[a.csv, blocked]"), "{line}");
        // No temporary file left behind.
        let strays: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| is_temporary_name(&e.file_name().to_string_lossy()))
            .collect();
        assert!(strays.is_empty());
        // A run that rewrites a.csv only still leaves `blocked` marked; one
        // that rewrites both clears the marker.
        fs::remove_dir_all(dir.join("blocked")).unwrap();
        opened.write(&[file("a.csv", "new\n")]).unwrap();
        assert!(interrupted(&dir).unwrap().contains("[blocked]"));
        opened.write(&[file("blocked", "x\n")]).unwrap();
        assert_eq!(interrupted(&dir), None);
        drop(opened);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_changes_nothing() {
        // A file in a subdirectory that does not exist cannot be created:
        // it stands for a full disk while writing the temporary files.
        let dir = scratch("nothing");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("a.csv"), "old\n").unwrap();
        let opened = ResultsDir::open(&dir).unwrap();
        assert!(opened
            .write(&[file("a.csv", "new\n"), file("missing/b.csv", "x\n")])
            .is_err());
        assert_eq!(fs::read_to_string(dir.join("a.csv")).unwrap(), "old\n");
        assert_eq!(interrupted(&dir), None);
        let names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.csv"]);
        drop(opened);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_second_run_on_a_locked_directory_is_refused() {
        let dir = scratch("lock");
        let first = ResultsDir::open(&dir).unwrap();
        let second = ResultsDir::open(&dir).err().expect("refused");
        assert!(second.contains("another uth-edge results run"), "{second}");
        drop(first);
        assert!(ResultsDir::open(&dir).is_ok());
        fs::remove_dir_all(&dir).unwrap();
    }
}
