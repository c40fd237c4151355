//! Where a command's output goes: standard output, or a file written whole
//! or not at all.
//!
//! A file named with `-o/--out` is opened when the settings are read, before
//! any computation (a directory that does not exist fails at once), as a
//! temporary file beside the target; [`Output::finish`] renames it into
//! place. An output abandoned on an error leaves the old file untouched.
//!
//! Every output hashes its bytes as they are written; [`Output::finish`]
//! records what was written (file or standard output, size, SHA-256) in
//! the run's list [`finished`], which the `--provenance` file lists so that
//! it names exactly the bytes it vouches for.

use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
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
    /// A temporary file, renamed to `target` by [`Output::finish`].
    File {
        writer: BufWriter<File>,
        temporary: PathBuf,
        target: PathBuf,
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
    /// path.
    pub fn open_for(flag: &str, path: Option<&Path>) -> Result<Output, InputError> {
        let sink = match path {
            None => Sink::Stdout(BufWriter::new(io::stdout())),
            Some(target) => {
                let temporary = temporary_path(target);
                let file = File::create(&temporary).map_err(|e| {
                    InputError::usage(format!(
                        "{flag} {}: cannot write there: {e}",
                        target.display()
                    ))
                })?;
                Sink::File {
                    writer: BufWriter::new(file),
                    temporary,
                    target: target.to_path_buf(),
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
        let file = match &mut self.sink {
            Sink::Stdout(_) => "standard output".to_string(),
            Sink::File {
                temporary, target, ..
            } => {
                std::fs::rename(&*temporary, &*target).map_err(|e| {
                    io::Error::new(e.kind(), format!("writing {}: {e}", target.display()))
                })?;
                // Renamed: nothing left for `drop` to remove.
                temporary.clear();
                target.display().to_string()
            }
        };
        let sha256 = std::mem::take(&mut self.hash)
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
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

impl Drop for Output {
    fn drop(&mut self) {
        if let Sink::File { temporary, .. } = &self.sink {
            if !temporary.as_os_str().is_empty() {
                let _ = std::fs::remove_file(temporary);
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = match &mut self.sink {
            Sink::Stdout(w) => w.write(buf)?,
            Sink::File { writer, .. } => writer.write(buf)?,
        };
        self.hash.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::File { writer, .. } => writer.flush(),
        }
    }
}

/// `dir/.name.tmp-PID`, beside `target` so that the rename is atomic.
pub fn temporary_path(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or("output".into(), |n| n.to_string_lossy());
    target.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}
