//! Build script: builds the hand evaluator's lookup tables (see
//! `src/evaluator/builder.rs`, which asserts their invariants) into
//! `OUT_DIR/evaluator_tables.bin`, which the evaluator includes; and records
//! the git commit the binary is built from (`UTH_EDGE_GIT_COMMIT`, shown by
//! `--version` and in every report's provenance), or `unknown` outside a git
//! checkout.

use std::process::Command;

#[path = "src/evaluator/builder.rs"]
#[allow(dead_code)]
mod builder;

fn main() {
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let tables = builder::build().to_bytes();
    std::fs::write(
        std::path::Path::new(&out_dir).join("evaluator_tables.bin"),
        tables,
    )
    .expect("write the evaluator tables to OUT_DIR");
    println!("cargo:rerun-if-changed=src/evaluator/builder.rs");

    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    let dirty = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=no"])
        .output()
        .ok()
        .is_some_and(|o| o.status.success() && !o.stdout.is_empty());
    let commit = if dirty && commit != "unknown" {
        format!("{commit}-modified")
    } else {
        commit
    };
    println!("cargo:rustc-env=UTH_EDGE_GIT_COMMIT={commit}");
    // The git directory as git finds it: `.git` in a checkout, elsewhere in
    // a worktree (where `.git` is a file). A path that does not exist would
    // make cargo rerun this script, and rebuild the crate, on every build.
    println!("cargo:rerun-if-changed=build.rs");
    let git_dir = Command::new("git")
        .args(["rev-parse", "--git-dir"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    if let Some(dir) = git_dir {
        println!("cargo:rerun-if-changed={dir}/HEAD");
        println!("cargo:rerun-if-changed={dir}/index");
    }
}
