//! What `-o/--out` and `--provenance` do with what is at the path (issue
//! 23): a regular file replaced whole with its mode kept, a symbolic link
//! followed, a FIFO or a character device written through, a file with
//! several hard links, a directory or an input of the run refused; and
//! every output path checked before any work (exit code 2, one line).

use crate::common::{stderr, stdout, uth_edge};
use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// An empty scratch directory of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("output-paths-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Asserts a refusal before any work: exit code 2, nothing on standard
/// output, one line naming each needle.
fn assert_refused(args: &[&str], needles: &[&str]) {
    let out = uth_edge(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing written");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{args:?}: '{needle}' not in: {err}");
    }
}

/// The bytes `trips --paytable uth-01 --format csv` prints.
fn trips_csv() -> Vec<u8> {
    let out = uth_edge(&["trips", "--paytable", "uth-01", "--format", "csv"]);
    assert!(out.status.success());
    out.stdout
}

#[test]
fn a_symbolic_link_is_followed_and_the_files_mode_kept() {
    // Fact (issue 23): the temporary file was renamed over the link,
    // replacing it and leaving its target untouched, with mode 0600.
    let dir = scratch("symlink");
    let real = dir.join("real.csv");
    fs::write(&real, "old\n").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("link.csv");
    std::os::unix::fs::symlink("real.csv", &link).unwrap();
    let args = ["trips", "--paytable", "uth-01", "--format", "csv", "-o"];
    let out = uth_edge(&[&args[..], &[s(&link)]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read(&real).unwrap(), trips_csv());
    assert_eq!(fs::metadata(&real).unwrap().mode() & 0o7777, 0o640);
}

#[test]
fn a_new_file_gets_the_usual_mode() {
    // Fact: a file created by a program gets 0666 less the umask (0644
    // under the usual umask 022); tempfile's own default is 0600.
    let dir = scratch("new");
    let file = dir.join("new.csv");
    let out = uth_edge(&["trips", "--paytable", "uth-01", "-o", s(&file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    // SAFETY: umask only swaps the process's mask; it is set back at once.
    let umask = unsafe {
        let old = libc::umask(0o022);
        libc::umask(old);
        old
    };
    assert_eq!(
        fs::metadata(&file).unwrap().mode() & 0o777,
        0o666 & !(umask as u32)
    );
}

#[test]
fn a_fifo_is_written_through() {
    // Fact (issue 23): the FIFO was replaced by a regular file and its
    // reader got nothing. A reader now gets exactly what standard output
    // gets.
    let dir = scratch("fifo");
    let fifo = dir.join("fifo");
    let c = CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: mkfifo with a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo");
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    let out = uth_edge(&[
        "trips",
        "--paytable",
        "uth-01",
        "--format",
        "csv",
        "-o",
        s(&fifo),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), trips_csv());
}

#[test]
fn a_character_device_is_written_through() {
    // Fact (issue 23): `-o /dev/full` run as root turned the device into a
    // regular file. Tested on a node of our own with /dev/full's numbers
    // (char 1:7, Linux's devices.txt; every write fails with ENOSPC), so a
    // regression cannot damage the machine; skipped where nodes cannot be
    // made (not root, or a nodev file system).
    let dir = scratch("device");
    let full = dir.join("full");
    let c = CString::new(full.as_os_str().as_bytes()).unwrap();
    // SAFETY: mknod with a valid NUL-terminated path.
    let made = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 7)) };
    if made != 0 || fs::OpenOptions::new().write(true).open(&full).is_err() {
        eprintln!("skipped: cannot make or open a device node here");
        return;
    }
    let out = uth_edge(&["trips", "--paytable", "uth-01", "-o", s(&full)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("No space left on device"),
        "{}",
        stderr(&out)
    );
    let meta = fs::symlink_metadata(&full).unwrap();
    assert!(meta.file_type().is_char_device(), "still the device");
    // /dev/null takes the output and stays what it is.
    let out = uth_edge(&["trips", "--paytable", "uth-01", "-o", "/dev/null"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}

#[test]
fn a_file_with_several_hard_links_is_refused() {
    // Fact (issue 23): replacing it cut it off from its other name.
    let dir = scratch("hardlink");
    let one = dir.join("one.csv");
    fs::write(&one, "kept\n").unwrap();
    fs::hard_link(&one, dir.join("two.csv")).unwrap();
    assert_refused(
        &["trips", "--paytable", "uth-01", "-o", s(&one)],
        &["--out", "one.csv", "2 hard links"],
    );
    assert_eq!(fs::read_to_string(dir.join("two.csv")).unwrap(), "kept\n");
    assert_eq!(fs::metadata(&one).unwrap().nlink(), 2);
}

#[test]
fn an_input_of_the_run_is_not_an_output() {
    // Fact (issue 23): `-o` onto the input table overwrote it. The same
    // file by another name (a link) is the same file.
    let dir = scratch("input");
    let table = dir.join("t.toml");
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/uth-01.toml"
    ))
    .unwrap();
    fs::write(&table, &text).unwrap();
    let link = dir.join("link.toml");
    std::os::unix::fs::symlink("t.toml", &link).unwrap();
    for (input, flag) in [(&table, "-o"), (&link, "-o"), (&table, "--provenance")] {
        assert_refused(
            &["trips", "--paytable", s(input), flag, s(&table)],
            &["t.toml", "is also an input", "pay table"],
        );
    }
    assert_eq!(fs::read_to_string(&table).unwrap(), text, "untouched");
    // A results file read by --seen-results, and a fee schedule.
    let seen = dir.join("seen.csv");
    fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/results/seen_cards.csv"),
        &seen,
    )
    .unwrap();
    assert_refused(
        &[
            "report",
            "--format",
            "html",
            "--seen-results",
            s(&seen),
            "-o",
            s(&seen),
        ],
        &["seen.csv", "results file"],
    );
    let fees = dir.join("fees.toml");
    fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/collection-example.toml"
        ),
        &fees,
    )
    .unwrap();
    assert_refused(
        &["player-dealer", "--fees", s(&fees), "-o", s(&fees)],
        &["fees.toml", "fee schedule"],
    );
}

#[test]
fn every_output_path_is_checked_before_any_work() {
    // Fact (issue 23): these failed with exit 1 after the work: simulate
    // -o DIR after 6.5 s, --provenance DIR after writing standard output,
    // -o X --provenance X, results --out-dir onto a file or /dev/null.
    let dir = scratch("before");
    let d = s(&dir);
    assert_refused(
        &["simulate", "--hands", "1000000", "-o", d],
        &["--out", d, "directory"],
    );
    assert_refused(&["trips", "--provenance", d], &["--provenance", d]);
    let x = dir.join("x.json");
    assert_refused(
        &["trips", "-o", s(&x), "--provenance", s(&x)],
        &["--out", "--provenance", "x.json"],
    );
    assert!(!x.exists(), "nothing written");
    let file = dir.join("file");
    fs::write(&file, "").unwrap();
    for target in [s(&file), "/dev/null"] {
        assert_refused(
            &["results", "--paytable", "uth-01", "--out-dir", target],
            &["--out-dir", target, "not a directory"],
        );
    }
    // A directory no file can be created in (Linux's /proc, even for root).
    assert_refused(
        &["results", "--paytable", "uth-01", "--out-dir", "/proc"],
        &["--out-dir /proc", "cannot write there"],
    );
    // A results file of the directory is an output too.
    let results = dir.join("results");
    fs::create_dir_all(&results).unwrap();
    assert_refused(
        &[
            "results",
            "--paytable",
            "uth-01",
            "--out-dir",
            s(&results),
            "--provenance",
            s(&results.join("trips.csv")),
        ],
        &["trips.csv", "--out-dir"],
    );
}

#[test]
fn standard_output_is_unchanged() {
    // Standard output is still written as before (the provenance beside it).
    let dir = scratch("stdout");
    let p = dir.join("p.json");
    let out = uth_edge(&["trips", "--paytable", "uth-01", "--provenance", s(&p)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).is_empty());
    assert!(fs::read_to_string(&p).unwrap().contains("standard output"));
}
