//! What an output path names, checked before any work, and the files of a
//! run that must not be one another.
//!
//! [`resolve`] decides how a path given to `-o/--out` or `--provenance` is
//! written, or refuses it (exit code 2, one line naming the flag and path):
//!
//! - a path that does not exist yet, in an existing directory: a new file;
//! - a regular file with one link: replaced whole (a temporary file beside
//!   it renamed over it), keeping its mode (and its owner where the system
//!   permits); refused if it cannot be written;
//! - a symbolic link: followed, its target written as above (a link to a
//!   missing file is refused); `/dev/stdout` and the like as what they
//!   lead to;
//! - a character device (`/dev/null`, a terminal) or a FIFO: written
//!   through, as the bytes come (not whole);
//! - a regular file with several hard links: refused (replacing it would
//!   cut it off from its other names; writing it in place would not be
//!   whole-or-nothing); a directory, a block device or a socket: refused.
//!
//! The run's files are registered in [`uth_edge::input_file`]'s list:
//! [`claim`] for each output path (`-o`, `--provenance`, the files of
//! `results --out-dir`); every input file as it is read (the one bounded
//! reader registers it), or before, by [`note_input`], to name it (pay
//! table, fee schedule, results file, shard). A path that is both, or two
//! outputs that are one file, is refused whichever comes first. Files are
//! compared by device and inode (a link or another spelling of the path is
//! the same file); a file not created yet by its directory's real path and
//! its name.

use std::fs::{self, Metadata};
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use uth_edge::error::InputError;
use uth_edge::input_file;

/// How an output path is written.
pub enum Target {
    /// A new file or a regular file, replaced whole by renaming a
    /// temporary file written in `real`'s directory.
    Replace {
        /// The file's real path (a symbolic link followed).
        real: PathBuf,
        /// The file replaced, if it exists: its mode and owner are kept.
        existing: Option<Metadata>,
    },
    /// A character device or a FIFO, written through.
    Through {
        /// The path to open (links followed when it is opened).
        real: PathBuf,
    },
}

/// How `path` (given to `flag`) is written, or why it is refused.
pub fn resolve(flag: &str, path: &Path) -> Result<Target, InputError> {
    let refuse = |why: String| InputError::usage(format!("{flag} {}: {why}", path.display()));
    if path.as_os_str().is_empty() {
        return Err(refuse("an empty path".to_string()));
    }
    if path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(refuse("names a directory, not a file".to_string()));
    }
    let link = match fs::symlink_metadata(path) {
        Ok(link) => link,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let parent = parent_of(path);
            return match fs::metadata(parent) {
                Ok(m) if m.is_dir() => Ok(Target::Replace {
                    real: path.to_path_buf(),
                    existing: None,
                }),
                Ok(_) => Err(refuse(format!("{} is not a directory", parent.display()))),
                Err(e) => Err(refuse(format!(
                    "its directory {} cannot be used: {e}",
                    parent.display()
                ))),
            };
        }
        Err(e) => return Err(refuse(format!("cannot be used: {e}"))),
    };
    let meta = fs::metadata(path).map_err(|e| refuse(format!("cannot be used: {e}")))?;
    let kind = meta.file_type();
    if kind.is_dir() {
        Err(refuse("is a directory (name a file)".to_string()))
    } else if kind.is_file() {
        if meta.nlink() > 1 {
            return Err(refuse(format!(
                "has {} hard links; replacing it would cut it off from the others (write to another path)",
                meta.nlink()
            )));
        }
        // The file a link leads to is the one replaced, in its directory.
        let real = if link.file_type().is_symlink() {
            fs::canonicalize(path).map_err(|e| refuse(format!("cannot be used: {e}")))?
        } else {
            path.to_path_buf()
        };
        // Opened for writing without truncating: nothing changes, but a
        // file the user may not write is refused now, not after the work.
        fs::OpenOptions::new()
            .write(true)
            .open(&real)
            .map_err(|e| refuse(format!("cannot write there: {e}")))?;
        Ok(Target::Replace {
            real,
            existing: Some(meta),
        })
    } else if kind.is_char_device() || kind.is_fifo() {
        // Opened by the path as given: /dev/stdout leads to a pipe that
        // has no path of its own.
        Ok(Target::Through {
            real: path.to_path_buf(),
        })
    } else if kind.is_block_device() {
        Err(refuse("is a block device: refused".to_string()))
    } else {
        Err(refuse(
            "is neither a file, a character device nor a FIFO".to_string(),
        ))
    }
}

/// The directory a file path is in (`.` for a bare name).
pub fn parent_of(path: &Path) -> &Path {
    input_file::parent_of(path)
}

/// Registers `path` as an output of `flag`; refused if it is an input of
/// this run or another output.
pub fn claim(flag: &str, path: &Path) -> Result<(), InputError> {
    input_file::register_output(&format!("{flag} {}", path.display()), path)
        .map_err(InputError::usage)
}

/// Registers `path` as an input file (`what`: `the pay table`, ...);
/// refused if it is an output of this run. A path that cannot be read is
/// left to its reader to report.
pub fn note_input(what: &str, path: &Path) -> Result<(), InputError> {
    input_file::register_input(&format!("{what} {}", path.display()), path)
        .map_err(InputError::usage)
}
