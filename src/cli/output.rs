//! Where a command's output goes: standard output, or a file written whole
//! or not at all.
//!
//! A file named with `-o/--out` is opened when the settings are read, before
//! any computation (a directory that does not exist fails at once), as a
//! temporary file beside the target; [`Output::finish`] renames it into
//! place. An output abandoned on an error leaves the old file untouched.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use uth_edge::error::InputError;

/// A command's output.
pub enum Output {
    /// Standard output.
    Stdout(BufWriter<io::Stdout>),
    /// A temporary file, renamed to `target` by [`Output::finish`].
    File {
        writer: BufWriter<File>,
        temporary: PathBuf,
        target: PathBuf,
    },
}

impl Output {
    /// Standard output, or the file `path` (its temporary file created now).
    pub fn open(path: Option<&Path>) -> Result<Output, InputError> {
        let Some(target) = path else {
            return Ok(Output::Stdout(BufWriter::new(io::stdout())));
        };
        let temporary = temporary_path(target);
        let file = File::create(&temporary).map_err(|e| {
            InputError::usage(format!(
                "--out {}: cannot write there: {e}",
                target.display()
            ))
        })?;
        Ok(Output::File {
            writer: BufWriter::new(file),
            temporary,
            target: target.to_path_buf(),
        })
    }

    /// Flushes, and puts the file in place.
    pub fn finish(mut self) -> io::Result<()> {
        self.flush()?;
        if let Output::File {
            temporary, target, ..
        } = &self
        {
            std::fs::rename(temporary, target).map_err(|e| {
                io::Error::new(e.kind(), format!("writing {}: {e}", target.display()))
            })?;
        }
        // Renamed: nothing left for `drop` to remove.
        if let Output::File { temporary, .. } = &mut self {
            temporary.clear();
        }
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if let Output::File { temporary, .. } = self {
            if !temporary.as_os_str().is_empty() {
                let _ = std::fs::remove_file(temporary);
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File { writer, .. } => writer.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File { writer, .. } => writer.flush(),
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
