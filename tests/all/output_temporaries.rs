//! The temporary file of `-o FILE` (issue 31): a run stopped by SIGTERM or
//! SIGINT while writing removes it (before, `.NAME.XXXXXX.tmp` stayed
//! beside the output forever), and a run killed by SIGKILL, which nothing
//! can catch, leaves one that the next write to the same path removes.
//! Tested on the real binary with real signals.

use crate::common::stderr;
use std::fs;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// An empty scratch directory of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("temporaries-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir` that start with `.NAME.` (a temporary file of the
/// output `NAME`, whatever its naming).
fn temporaries(dir: &Path, name: &str) -> Vec<String> {
    let prefix = format!(".{name}.");
    let mut found: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .collect();
    found.sort();
    found
}

#[test]
fn a_run_stopped_by_sigterm_or_sigint_leaves_no_temporary_file() {
    // `game -o` solves the base game (seconds) with its temporary file
    // open: the signal comes while it is being written. The old output is
    // kept whole, and the process ends by the signal (status: killed by it).
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let dir = scratch(&format!("signal-{signal}"));
        let out = dir.join("game.txt");
        fs::write(&out, "old\n").unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_uth-edge"));
        command
            .env("UTH_EDGE_STAGE_LOG", "off")
            .args(["--quiet", "game", "-o", out.to_str().unwrap()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        // The child starts with both signals at their default disposition
        // whatever this test process inherited: a test run started in the
        // background by a non-interactive shell ignores SIGINT, which the
        // child would inherit (the program then rightly leaves an ignored
        // signal alone and finishes the solve, exit status 0).
        // SAFETY: only `signal`, async-signal-safe, between fork and exec.
        unsafe {
            command.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                libc::signal(libc::SIGTERM, libc::SIG_DFL);
                Ok(())
            });
        }
        let mut child = command.spawn().unwrap();
        let started = Instant::now();
        while temporaries(&dir, "game.txt").is_empty() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "no temporary file appeared"
            );
            assert!(child.try_wait().unwrap().is_none(), "ended too soon");
            std::thread::sleep(Duration::from_millis(10));
        }
        // SAFETY: kill sends a signal to the child this test started.
        assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
        let status = child.wait_with_output().unwrap();
        assert_eq!(
            status.status.signal(),
            Some(signal),
            "ended by the signal: {:?} {}",
            status.status,
            stderr(&status)
        );
        assert_eq!(temporaries(&dir, "game.txt"), Vec::<String>::new());
        assert_eq!(fs::read_to_string(&out).unwrap(), "old\n", "kept whole");
    }
}

#[test]
fn the_next_write_removes_the_temporary_file_a_killed_run_left() {
    // A run killed by SIGKILL leaves `.NAME.uth-edge-PID-XXXXXX.tmp`, its
    // lock gone with it. Planted: two such files, unlocked (one in the
    // older form without the random part); one of a run in progress, whose
    // lock this test holds (whatever its PID: another machine's run may
    // share this one's PIDs); and a file of another program. A write to the
    // same path removes only the first two.
    use std::os::fd::AsRawFd;
    let dir = scratch("stale");
    let out = dir.join("trips.csv");
    let mut ended = Command::new("true").spawn().unwrap();
    ended.wait().unwrap();
    let stale = format!(".trips.csv.uth-edge-{}-a1B2c3.tmp", ended.id());
    let stale_old = format!(".trips.csv.uth-edge-{}.tmp", ended.id());
    let running = format!(".trips.csv.uth-edge-{}-Zz9yX8.tmp", ended.id());
    let other = ".trips.csv.Xy12Zq.tmp".to_string();
    for name in [&stale, &stale_old, &running, &other] {
        fs::write(dir.join(name), "left\n").unwrap();
    }
    let held = fs::File::open(dir.join(&running)).unwrap();
    // SAFETY: flock on a descriptor this test owns.
    let locked = unsafe { libc::flock(held.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    assert_eq!(locked, 0, "the file system takes locks");
    let run = crate::common::uth_edge(&[
        "trips",
        "--paytable",
        "uth-01",
        "--format",
        "csv",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let mut kept = vec![running, other];
    kept.sort();
    assert_eq!(temporaries(&dir, "trips.csv"), kept);
    drop(held);
    assert!(fs::read_to_string(&out).unwrap().starts_with("wager,"));
}
