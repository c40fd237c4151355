//! Build script: builds the hand evaluator's lookup tables (see
//! `src/evaluator/builder.rs`, which asserts their invariants) into
//! `OUT_DIR/evaluator_tables.bin`, which the evaluator includes; and records
//! the git commit the binary is built from (`UTH_EDGE_GIT_COMMIT`, shown by
//! `--version` and in every report's provenance), or `unknown` outside a git
//! checkout; and lists the output formats, one renderer file each in
//! `src/report/render/formats/`, into `OUT_DIR/formats.rs`, which
//! `src/report/render/mod.rs` includes (adding a format is adding its file).

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
    list_formats(std::path::Path::new(&out_dir));

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

/// Writes `OUT_DIR/formats.rs`: for every renderer file in
/// `src/report/render/formats/` (in file-name order), its `mod` line and its
/// entry in the `formats!` list; the variant is the file's stem with a
/// capital (`csv.rs` gives `Format::Csv`), its name, shape and place in
/// help texts are the file's `ABOUT` (see `src/report/render/mod.rs`).
fn list_formats(out_dir: &std::path::Path) {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = std::path::Path::new(&manifest).join("src/report/render/formats");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut stems: Vec<(String, std::path::PathBuf)> = std::fs::read_dir(&dir)
        .expect("read src/report/render/formats")
        .map(|entry| entry.expect("read src/report/render/formats").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("")
                .to_string();
            (stem, path)
        })
        .collect();
    stems.sort();
    let mut code = String::new();
    let mut list = String::new();
    for (stem, path) in &stems {
        let well_named = stem.starts_with(|c: char| c.is_ascii_lowercase())
            && stem
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
        assert!(
            well_named,
            "{}: a renderer file's name is its format's, in lower-case letters and digits",
            path.display()
        );
        let variant = stem[..1].to_uppercase() + &stem[1..];
        code.push_str(&format!(
            "#[path = {:?}]\nmod {stem};\n",
            path.display().to_string()
        ));
        list.push_str(&format!(
            "    #[doc = \"Rendered by `src/report/render/formats/{stem}.rs`.\"]\n    {variant} = {stem};\n"
        ));
    }
    code.push_str(&format!("formats! {{\n{list}}}\n"));
    std::fs::write(out_dir.join("formats.rs"), code).expect("write the list of formats to OUT_DIR");
}
