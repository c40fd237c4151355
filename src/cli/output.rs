//! Where a command's output goes: standard output, or a file written whole
//! or not at all.
//!
//! A path named with `-o/--out` or `--provenance` is checked when the
//! settings are read, before any computation ([`super::output_path`]: what
//! is written how, what is refused). A file is written as a temporary file
//! beside it (created exclusively, by the `tempfile` crate, and removed if
//! the output is abandoned, or the run stopped by SIGTERM or SIGINT:
//! [`super::temporary`]), flushed to disk, and [`Output::finish`] renames
//! it into place (keeping the old file's mode) and flushes the directory:
//! an output abandoned on an error, or a killed run, leaves the old file
//! untouched (and a run killed by SIGKILL a temporary file the next write
//! to the path removes). A character device or a FIFO is written through.
//!
//! Every output hashes its bytes as they are written; [`Output::finish`]
//! records what was written (file or standard output, size, SHA-256) in
//! the run's list [`finished`], which the `--provenance` file lists so that
//! it names exactly the bytes it vouches for.

use super::output_path::{self, Target};
use super::temporary;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fs::{self, File, Metadata};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tempfile::NamedTempFile;
use uth_edge::error::InputError;

/// A command's output.
pub struct Output {
    sink: Sink,
    /// SHA-256 of the bytes written so far.
    hash: Sha256,
    /// Number of bytes written so far.
    bytes: u64,
}

/// Where an output's bytes go.
enum Sink {
    /// Standard output.
    Stdout(BufWriter<io::Stdout>),
    /// A temporary file, renamed over `real` by [`Output::finish`] (and
    /// removed when dropped before).
    Replace {
        writer: BufWriter<NamedTempFile>,
        /// Removes the temporary file on SIGTERM or SIGINT (dropped after
        /// `writer`, which removes it on an error).
        in_progress: temporary::InProgress,
        /// The path as given, for messages and the provenance.
        shown: PathBuf,
        /// The path renamed onto (a symbolic link followed).
        real: PathBuf,
    },
    /// A character device or a FIFO, written through.
    Through {
        writer: BufWriter<File>,
        shown: PathBuf,
    },
}

/// An output written in full: where, how many bytes, their SHA-256.
#[derive(Clone, Debug, Serialize)]
pub struct Finished {
    /// The file's path as given, or `standard output`.
    pub file: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// SHA-256 of its bytes, lowercase hexadecimal.
    pub sha256: String,
}

/// The outputs this run has finished, in order.
static FINISHED: Mutex<Vec<Finished>> = Mutex::new(Vec::new());

/// The outputs this run has finished so far, in order.
pub fn finished() -> Vec<Finished> {
    FINISHED.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

impl Output {
    /// Standard output, or the file `path` (its temporary file created now).
    pub fn open(path: Option<&Path>) -> Result<Output, InputError> {
        Output::open_for("--out", path)
    }

    /// [`Output::open`], an error naming the option `flag` that gave the
    /// path: refused if it is one [`output_path::resolve`] refuses, an
    /// input of this run or another output.
    pub fn open_for(flag: &str, path: Option<&Path>) -> Result<Output, InputError> {
        let sink = match path {
            None => Sink::Stdout(BufWriter::new(io::stdout())),
            Some(shown) => {
                let cannot = |e: io::Error| {
                    InputError::usage(format!(
                        "{flag} {}: cannot write there: {e}",
                        shown.display()
                    ))
                };
                let target = output_path::resolve(flag, shown)?;
                output_path::claim(flag, shown)?;
                match target {
                    Target::Through { real } => Sink::Through {
                        writer: BufWriter::new(
                            fs::OpenOptions::new()
                                .write(true)
                                .open(real)
                                .map_err(cannot)?,
                        ),
                        shown: shown.to_path_buf(),
                    },
                    Target::Replace { real, existing } => {
                        let (file, in_progress) =
                            temporary_file(&real, existing.as_ref()).map_err(cannot)?;
                        Sink::Replace {
                            writer: BufWriter::new(file),
                            in_progress,
                            shown: shown.to_path_buf(),
                            real,
                        }
                    }
                }
            }
        };
        Ok(Output {
            sink,
            hash: Sha256::new(),
            bytes: 0,
        })
    }

    /// Flushes, puts the file in place, and records it in [`finished`].
    pub fn finish(mut self) -> io::Result<()> {
        self.flush()?;
        let hash = std::mem::take(&mut self.hash);
        let file = match self.sink {
            Sink::Stdout(_) => "standard output".to_string(),
            Sink::Through { shown, .. } => shown.display().to_string(),
            Sink::Replace {
                writer,
                in_progress,
                shown,
                real,
            } => {
                let named = |e: io::Error| {
                    io::Error::new(e.kind(), format!("writing {}: {e}", shown.display()))
                };
                let temporary = writer.into_inner().map_err(|e| named(e.into_error()))?;
                temporary.as_file().sync_all().map_err(named)?;
                temporary.persist(&real).map_err(|e| named(e.error))?;
                drop(in_progress);
                // The rename itself made durable.
                fs::File::open(output_path::parent_of(&real))
                    .and_then(|dir| dir.sync_all())
                    .map_err(named)?;
                shown.display().to_string()
            }
        };
        let sha256 = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
        FINISHED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Finished {
                file,
                bytes: self.bytes,
                sha256,
            });
        Ok(())
    }
}

/// A temporary file beside `real` ([`temporary::create`]:
/// `.NAME.uth-edge-PID.tmp`, created exclusively, removed on SIGTERM or
/// SIGINT) with the mode of the file it will replace (and its owner, where
/// the system permits), or a new file's usual mode (0666 less the umask).
fn temporary_file(
    real: &Path,
    existing: Option<&Metadata>,
) -> io::Result<(NamedTempFile, temporary::InProgress)> {
    let (file, in_progress) = temporary::create(output_path::parent_of(real), real)?;
    if let Some(old) = existing {
        // The owner first: changing it may clear set-id bits of the mode.
        let new = file.as_file().metadata()?;
        if (old.uid(), old.gid()) != (new.uid(), new.gid()) {
            // Only root may give a file away; anyone else writes their own.
            let _ = std::os::unix::fs::fchown(file.as_file(), Some(old.uid()), Some(old.gid()));
        }
        file.as_file().set_permissions(old.permissions())?;
    }
    Ok((file, in_progress))
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = match &mut self.sink {
            Sink::Stdout(w) => w.write(buf)?,
            Sink::Replace { writer, .. } => writer.write(buf)?,
            Sink::Through { writer, .. } => writer.write(buf)?,
        };
        self.hash.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::Replace { writer, .. } => writer.flush(),
            Sink::Through { writer, .. } => writer.flush(),
        }
    }
}
