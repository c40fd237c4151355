//! The Kubernetes Indexed Job of a sharded dead-card run
//! (`scripts/k8s/collusion-job.yaml`, its merge `collusion-merge.yaml`):
//! no cluster here, so the containers' own shell lines are taken from the
//! manifests and run as the pods would (completion indexes 0 to 3, the
//! environment the manifest sets, a shared folder for the volume) on a
//! 16-card collude:2; the merge's output must be the one-process run's
//! bytes (the shards hold exact integer sums), and an index rerun with its
//! sums already there must leave them as they are. The manifests'
//! structure (Indexed, completions equal to the shard count given to the
//! containers) is checked as text, and so is that the pods give uth-edge
//! the flags and variables the Slurm scripts give it (`--blind` from
//! UTH_EDGE_BLIND included: the manifests once hard-wired blind-a).

use crate::common::{stderr, stdout};
use std::path::Path;
use std::process::{Command, Output};

/// The manifest `name` of `scripts/k8s/`.
fn manifest(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/k8s")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The shell script of the first `args: - |` block after `- name:
/// CONTAINER` in `yaml`: the block's lines, less their indentation.
fn container_script(yaml: &str, container: &str) -> String {
    let lines: Vec<&str> = yaml.lines().collect();
    let named = lines
        .iter()
        .position(|l| l.trim() == format!("- name: {container}"))
        .unwrap_or_else(|| panic!("no container {container}"));
    let start = named
        + lines[named..]
            .iter()
            .position(|l| l.trim() == "- |")
            .expect("a block scalar of arguments");
    let indent = |l: &str| l.len() - l.trim_start().len();
    let outer = indent(lines[start]);
    let body: Vec<&str> = lines[start + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) > outer)
        .copied()
        .collect();
    let inner = indent(body[0]);
    body.iter()
        .map(|l| l.get(inner..).unwrap_or("").to_string() + "\n")
        .collect()
}

/// The value the manifest gives the environment variable `name`.
fn env_value(yaml: &str, name: &str) -> String {
    let lines: Vec<&str> = yaml.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == format!("- name: {name}"))
        .unwrap_or_else(|| panic!("no {name}"));
    let value = lines[at + 1]
        .trim()
        .strip_prefix("value: ")
        .expect("a value");
    value.trim_matches('"').to_string()
}

/// `script` run by `sh -c` as a pod would: `uth-edge` on the path, the
/// environment `vars`.
fn run_pod(script: &str, vars: &[(&str, &str)]) -> Output {
    let bin = Path::new(env!("CARGO_BIN_EXE_uth-edge")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .envs(vars.iter().copied())
        .env("PATH", path)
        .output()
        .expect("sh runs")
}

#[test]
fn the_manifests_are_an_indexed_job_of_as_many_completions_as_shards() {
    let job = manifest("collusion-job.yaml");
    assert!(job.contains("\n  completionMode: Indexed\n"), "{job}");
    let completions = job
        .lines()
        .find_map(|l| l.strip_prefix("  completions: "))
        .expect("completions");
    let completions = completions.split_whitespace().next().unwrap();
    assert_eq!(env_value(&job, "UTH_EDGE_SHARDS"), completions);
    let merge = manifest("collusion-merge.yaml");
    assert_eq!(env_value(&merge, "UTH_EDGE_SHARDS"), completions);
    assert_eq!(
        env_value(&merge, "UTH_EDGE_DIR"),
        env_value(&job, "UTH_EDGE_DIR")
    );
}

#[test]
fn the_job_s_pods_merge_to_the_one_process_bytes() {
    let whole = super::common::collude_2_sixteen_run();
    let dir = std::env::temp_dir().join(format!("uth-edge-k8s-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let dir_text = dir.display().to_string();
    let vars = [
        ("UTH_EDGE_CASE", "collude:2"),
        ("UTH_EDGE_SHARDS", "4"),
        ("UTH_EDGE_DIR", dir_text.as_str()),
        ("UTH_EDGE_DECK", "16"),
    ];
    let shard = container_script(&manifest("collusion-job.yaml"), "shard");
    for index in ["3", "0", "2", "1"] {
        let mut with_index = vars.to_vec();
        with_index.push(("JOB_COMPLETION_INDEX", index));
        let out = run_pod(&shard, &with_index);
        assert!(out.status.success(), "index {index}: {}", stderr(&out));
    }
    let merge = container_script(&manifest("collusion-merge.yaml"), "merge");
    let out = run_pod(&merge, &vars);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout, whole.stdout);
    assert_eq!(std::fs::read(dir.join("merged.csv")).unwrap(), whole.stdout);

    // A pod retried after its shard was written: the sums are kept.
    let first = dir.join("1-of-4.sums");
    let kept = std::fs::read(&first).unwrap();
    let mut with_index = vars.to_vec();
    with_index.push(("JOB_COMPLETION_INDEX", "0"));
    let out = run_pod(&shard, &with_index);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("already there"), "{}", stdout(&out));
    assert_eq!(std::fs::read(&first).unwrap(), kept);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_shard_pod_s_log_has_its_stage_lines() {
    // A pod's standard error is its log (`kubectl logs`), not a terminal:
    // the shard's command runs without `--quiet`, so the log says each
    // stage and its time, the cost projected before the work, and the sums
    // are written to the volume alone. (`UTH_EDGE_STAGE_LOG=all` logs
    // stages under a second too, as a 16-card shard's are; with `--quiet`
    // the log had the projection only.)
    let dir = std::env::temp_dir().join(format!("uth-edge-k8s-log-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let dir_text = dir.display().to_string();
    let shard = container_script(&manifest("collusion-job.yaml"), "shard");
    let vars = [
        ("UTH_EDGE_CASE", "collude:2"),
        ("UTH_EDGE_SHARDS", "4"),
        ("UTH_EDGE_DIR", dir_text.as_str()),
        ("UTH_EDGE_DECK", "16"),
        ("JOB_COMPLETION_INDEX", "0"),
        ("UTH_EDGE_STAGE_LOG", "all"),
    ];
    let out = run_pod(&shard, &vars);
    assert!(out.status.success(), "{}", stderr(&out));
    let log = stderr(&out);
    assert!(
        log.lines()
            .any(|l| l.starts_with("uth-edge: dead cards: classes of the dead cards: ")),
        "{log}"
    );
    assert!(log.contains("collude:2: projected"), "{log}");
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
    assert!(dir.join("1-of-4.sums").exists());
    std::fs::remove_dir_all(&dir).ok();
}

/// `scripts/slurm/` file `name`.
fn slurm_script(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/slurm")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What a shell script gives uth-edge: the long flags (`--word`) of its
/// command (from its first line running `uth-edge` or `exec`, and the
/// `set -- --flag` lines that build its arguments), and the UTH_EDGE_*
/// variables it reads (comments left out; the binary's own variable,
/// UTH_EDGE, is the Slurm script's alone: the pods find it on the path).
fn flags_and_variables(script: &str) -> (Vec<String>, Vec<String>) {
    let lines: Vec<&str> = script
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect();
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .map(String::from)
            .collect()
    };
    let command = lines
        .iter()
        .position(|l| l.trim_start().starts_with("exec ") || l.contains("uth-edge --"))
        .expect("a uth-edge command");
    let mut flags: Vec<String> = lines[command..]
        .iter()
        .chain(
            lines
                .iter()
                .filter(|l| l.trim_start().starts_with("set -- --")),
        )
        .flat_map(|l| words(l))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .collect();
    flags.sort();
    flags.dedup();
    let mut variables: Vec<String> = lines
        .iter()
        .flat_map(|l| words(l))
        .filter(|w| w.starts_with("UTH_EDGE_"))
        .collect();
    variables.sort();
    variables.dedup();
    (flags, variables)
}

#[test]
fn the_manifests_pass_the_slurm_scripts_flags_and_variables() {
    // The same run on either scheduler: the pods' lines give uth-edge the
    // flags the Slurm tasks give it and read the same variables (the Blind
    // table too: UTH_EDGE_BLIND, declared in both manifests).
    for (sbatch, yaml, container) in [
        ("collusion.sbatch", "collusion-job.yaml", "shard"),
        ("merge.sbatch", "collusion-merge.yaml", "merge"),
    ] {
        let slurm = flags_and_variables(&slurm_script(sbatch));
        let manifest = manifest(yaml);
        let mut pod = flags_and_variables(&container_script(&manifest, container));
        if container == "merge" {
            // The one difference, on purpose: the merge pod's log is the
            // merged CSV (`kubectl logs` mixes standard error in), so it
            // runs --quiet; Slurm's merge writes its CSV to a file and logs
            // its stages (docs/collusion-running.md, "A task's log").
            pod.0.retain(|flag| flag != "--quiet");
        }
        assert_eq!(pod, slurm, "{yaml} and {sbatch}");
        assert!(slurm.0.contains(&"--blind".to_string()), "{sbatch}");
        assert_eq!(env_value(&manifest, "UTH_EDGE_BLIND"), "blind-a", "{yaml}");
    }
}
