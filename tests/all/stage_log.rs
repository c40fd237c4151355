//! The stage log: with standard error not a terminal, each piece of work
//! is said in one line with its time (`UTH_EDGE_STAGE_LOG=all` logs every
//! piece, however short, so the test does not depend on the machine's
//! speed); `--quiet` and `UTH_EDGE_STAGE_LOG=off` silence it; standard
//! output is the same either way.

use std::process::{Command, Output, Stdio};

fn trips(switch: &str, quiet: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_uth-edge"));
    command
        .env("UTH_EDGE_STAGE_LOG", switch)
        .arg("trips")
        .stdin(Stdio::null());
    if quiet {
        command.arg("--quiet");
    }
    command.output().expect("the binary runs")
}

#[test]
fn each_stage_is_one_line_with_its_time_and_quiet_or_off_silences_it() {
    let logged = trips("all", false);
    assert!(logged.status.success());
    let stderr = String::from_utf8(logged.stderr).expect("UTF-8");
    // Trips enumerates its 133,784,560 seven-card hands (a known count,
    // C(52,7)) as one piece of work: its line names it and a time.
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("uth-edge: Trips: all 133,784,560 seven-card hands: ")),
        "{stderr}"
    );
    for line in &lines {
        assert!(
            line.starts_with("uth-edge: ")
                && line.ends_with(" s)")
                && line.contains(" s (done at "),
            "not a stage line: {line}"
        );
    }
    for (switch, quiet) in [("all", true), ("off", false)] {
        let silent = trips(switch, quiet);
        assert!(silent.status.success());
        assert_eq!(
            String::from_utf8_lossy(&silent.stderr),
            "",
            "{switch} {quiet}"
        );
        assert_eq!(silent.stdout, logged.stdout, "the output is the same");
    }
}
