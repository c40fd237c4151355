//! A sharded dead-card run through a real Slurm cluster (issue 34): the
//! job array of `scripts/slurm/submit.sh` (one `game --seen collude:2
//! --deck 16 --shard I/4` a task, then `merge` as a job that waits for them)
//! must give the bytes of the one-process run; a shard killed (`scancel`)
//! while it runs (`collude:2 --deck 20` in 2 shards, seconds a shard)
//! leaves no sums file and the merge cancelled, and resubmitted alone gives
//! the one-process bytes again. The fact checked: the shards hold exact
//! integer sums, so splitting the classes over tasks Slurm runs (in any
//! order, on any CPU) and adding them changes nothing.
//!
//! It needs a cluster (`sinfo` shows a node): CI starts a one-node one
//! (`scripts/slurm/start-local-cluster.sh`, from `.ci/run`) and sets
//! `UTH_EDGE_REQUIRE_SLURM`, which makes the test fail rather than skip
//! without one; elsewhere it skips with a message on standard error.

use crate::common::{stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The most a submission may take to run, queue included (the four shards
/// and the merge take a few seconds of CPU).
const WAIT: Duration = Duration::from_secs(60);

/// Whether a Slurm cluster answers here (`sinfo` lists a node); without
/// one the test is skipped, unless `UTH_EDGE_REQUIRE_SLURM` is set (CI).
fn slurm_is_up() -> bool {
    if sinfo_lists_a_node() {
        return true;
    }
    assert!(
        std::env::var_os("UTH_EDGE_REQUIRE_SLURM").is_none(),
        "UTH_EDGE_REQUIRE_SLURM is set but no Slurm cluster answers (sinfo): start one with scripts/slurm/start-local-cluster.sh"
    );
    eprintln!(
        "skipped: no Slurm cluster answers here (sinfo); scripts/slurm/start-local-cluster.sh starts one"
    );
    false
}

/// Whether `sinfo -h -o %T` lists a node within ten seconds (with a
/// configuration but no controller it retries for a minute: not waited
/// for).
fn sinfo_lists_a_node() -> bool {
    let Ok(mut child) = Command::new("sinfo")
        .args(["-h", "-o", "%T"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
    else {
        return false;
    };
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() < Duration::from_secs(10) => {
                std::thread::sleep(Duration::from_millis(100));
            }
            _ => {
                child.kill().ok();
                child.wait().ok();
                return false;
            }
        }
    }
    child
        .wait_with_output()
        .is_ok_and(|o| o.status.success() && !o.stdout.trim_ascii().is_empty())
}

/// `scripts/slurm/submit.sh ARGS`, with this build's binary: the array's
/// and the merge's job ids.
fn submit(args: &[&str]) -> (String, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm/submit.sh");
    let out = Command::new(script)
        .args(args)
        .env("UTH_EDGE", env!("CARGO_BIN_EXE_uth-edge"))
        .output()
        .expect("submit.sh runs");
    assert!(out.status.success(), "submit.sh {args:?}: {}", stderr(&out));
    let text = stdout(&out);
    let id = |what: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(what))
            .unwrap_or_else(|| panic!("no '{what}' line in {text}"))
            .to_string()
    };
    (id("array "), id("merge "))
}

/// Waits for the jobs `ids`, then checks the merge wrote `merged`; on a
/// timeout or a failure, says what the jobs printed.
fn wait_for(ids: &(String, String), dir: &Path, merged: &Path) {
    wait_until_gone(ids, dir);
    assert!(
        merged.exists(),
        "jobs {ids:?} ended without {}: {}",
        merged.display(),
        job_outputs(dir)
    );
}

/// Waits until Slurm has no job of `ids` pending or running (`squeue`),
/// [`WAIT`] at most.
fn wait_until_gone(ids: &(String, String), dir: &Path) {
    let start = Instant::now();
    loop {
        let out = Command::new("squeue")
            .args(["-h", "-o", "%i %T", "-j", &format!("{},{}", ids.0, ids.1)])
            .output()
            .expect("squeue runs");
        if out.status.success() && out.stdout.trim_ascii().is_empty() {
            break;
        }
        assert!(
            start.elapsed() < WAIT,
            "jobs {ids:?} still queued after {WAIT:?}: {}{}",
            stdout(&out),
            job_outputs(dir)
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// What the jobs wrote (`slurm-*.out` in `dir`), for a failure's message.
fn job_outputs(dir: &Path) -> String {
    let mut text = String::new();
    for path in slurm_outputs(dir) {
        let body = std::fs::read_to_string(&path).unwrap_or_default();
        text += &format!("\n--- {}\n{body}", path.display());
    }
    text
}

/// The `slurm-*.out` files of `dir`, sorted.
fn slurm_outputs(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("slurm-") && name.ends_with(".out")
        })
        .collect();
    paths.sort();
    paths
}

#[test]
fn a_slurm_job_array_merges_to_the_one_process_bytes() {
    if !slurm_is_up() {
        return;
    }
    // The one-process run: collude:2 on sixteen cards (jack to ace), whose
    // 16 partner classes make 4 shards of 4.
    let whole = super::common::collude_2_sixteen_run();
    let dir = std::env::temp_dir().join(format!("uth-edge-slurm-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let dir_text = dir.display().to_string();
    let merged = dir.join("merged.csv");

    let ids = submit(&["--deck", "16", "collude:2", "4", &dir_text]);
    wait_for(&ids, &dir, &merged);
    assert_eq!(
        std::fs::read(&merged).unwrap(),
        whole.stdout,
        "{}",
        dir_text
    );
    // Slurm ran them: one output per array task, named by the array's id.
    for index in 1..=4 {
        let out = dir.join(format!("slurm-{}_{index}.out", ids.0));
        assert!(out.exists(), "{}: {}", out.display(), job_outputs(&dir));
    }

    std::fs::remove_dir_all(&dir).ok();
}

/// Waits until task `index` of the array `array` runs (`squeue` state
/// RUNNING) and has written to its output (the binary started: its first
/// lines are the class count and the projected cost), [`WAIT`] at most.
fn wait_until_running(array: &str, index: u32, dir: &Path) {
    let task = format!("{array}_{index}");
    let out_file = dir.join(format!("slurm-{task}.out"));
    let start = Instant::now();
    loop {
        let out = Command::new("squeue")
            .args(["-h", "-o", "%i %T", "-j", array])
            .output()
            .expect("squeue runs");
        let running = stdout(&out)
            .lines()
            .any(|l| l.trim() == format!("{task} RUNNING"));
        let started = std::fs::metadata(&out_file).is_ok_and(|m| m.len() > 0);
        if running && started {
            return;
        }
        assert!(
            !dir.join(format!("{index}-of-2.sums")).exists(),
            "task {task} finished before it was seen running: {}",
            job_outputs(dir)
        );
        assert!(
            start.elapsed() < WAIT,
            "task {task} not running after {WAIT:?}: {}{}",
            stdout(&out),
            job_outputs(dir)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_shard_killed_while_it_runs_and_resubmitted_gives_the_one_process_bytes() {
    if !slurm_is_up() {
        return;
    }
    // collude:2 on twenty cards (ten to ace): 25 partner classes, a few
    // seconds of CPU a shard of 2, long enough to be caught running.
    let args = ["game", "--seen", "collude:2", "--deck", "20"];
    let whole = crate::common::uth_edge(&[&["--quiet"], &args[..], &["--format", "csv"]].concat());
    assert!(whole.status.success(), "{}", stderr(&whole));
    let dir = std::env::temp_dir().join(format!("uth-edge-slurm-kill-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let dir_text = dir.display().to_string();
    let merged = dir.join("merged.csv");
    let killed = dir.join("1-of-2.sums");

    let ids = submit(&["--deck", "20", "collude:2", "2", &dir_text]);
    wait_until_running(&ids.0, 1, &dir);
    let cancel = Command::new("scancel")
        .arg(format!("{}_1", ids.0))
        .output()
        .expect("scancel runs");
    assert!(cancel.status.success(), "{}", stderr(&cancel));
    wait_until_gone(&ids, &dir);
    // Killed while it ran: no sums file (a temporary at most, removed on
    // SIGTERM), the other shard done, the merge cancelled (afterok).
    assert!(
        !killed.exists(),
        "the killed shard left {}: {}",
        killed.display(),
        job_outputs(&dir)
    );
    assert!(dir.join("2-of-2.sums").exists(), "{}", job_outputs(&dir));
    assert!(!merged.exists(), "the merge ran without shard 1");
    let state = Command::new("scontrol")
        .args(["show", "job", &ids.1])
        .output()
        .expect("scontrol runs");
    assert!(
        stdout(&state).contains("JobState=CANCELLED"),
        "{}",
        stdout(&state)
    );

    // Resubmitted alone: shard 1 solved again, shard 2 kept, and the merge
    // gives the one-process bytes.
    let again = submit(&[
        "--indexes",
        "1",
        "--deck",
        "20",
        "collude:2",
        "2",
        &dir_text,
    ]);
    wait_for(&again, &dir, &merged);
    assert_eq!(
        std::fs::read(&merged).unwrap(),
        whole.stdout,
        "{}",
        dir_text
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_array_task_s_log_has_its_stage_lines() {
    // Needs no cluster: the task script run as Slurm runs it (its index in
    // SLURM_ARRAY_TASK_ID), its standard error a file as Slurm's
    // `slurm-ARRAY_I.out` is. The shard runs without `--quiet`, so the log
    // says each stage and its time (`UTH_EDGE_STAGE_LOG=all`: a 16-card
    // shard's stages take under a second), after the projected cost; the
    // sums are written to DIR alone. With `--quiet` the log had the
    // projection only.
    let dir = std::env::temp_dir().join(format!("uth-edge-slurm-log-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm/collusion.sbatch");
    let log = dir.join("slurm-1_2.out");
    let out = Command::new("sh")
        .arg(&script)
        .env("UTH_EDGE", env!("CARGO_BIN_EXE_uth-edge"))
        .env("UTH_EDGE_CASE", "collude:2")
        .env("UTH_EDGE_SHARDS", "4")
        .env("UTH_EDGE_DIR", &dir)
        .env("UTH_EDGE_DECK", "16")
        .env("SLURM_ARRAY_TASK_ID", "2")
        .env("UTH_EDGE_STAGE_LOG", "all")
        .stderr(std::fs::File::create(&log).unwrap())
        .output()
        .expect("sh runs");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("uth-edge: dead cards: classes of the dead cards: ")),
        "{text}"
    );
    assert!(text.contains("collude:2: projected"), "{text}");
    assert!(dir.join("2-of-4.sums").exists(), "{}", stdout(&out));
    std::fs::remove_dir_all(&dir).ok();
}
