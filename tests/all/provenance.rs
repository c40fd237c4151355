//! Provenance: every JSON document opens with the tool's version, the
//! layout's version and the run's provenance; `--provenance FILE` ties a CSV
//! (or any output) to them by its SHA-256.

use crate::common::{stderr, uth_edge};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// The schema of the provenance file and of the keys every document opens
/// with.
fn schema() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/schema/provenance.schema.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The keys a schema object marks required.
fn required(v: &serde_json::Value) -> Vec<String> {
    v["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap().to_string())
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn every_json_document_opens_with_the_versions_and_the_provenance() {
    // Facts: the version is Cargo.toml's; the layout is schema_version 1
    // (docs/schema); the provenance has every key the schema requires and
    // names the pay tables read.
    let schema = schema();
    for (args, table) in [
        (
            vec!["check", "--paytable", "uth-02", "--format", "json"],
            "uth-02",
        ),
        (
            vec!["compare", "uth-01", "uth-02", "--format", "json"],
            "uth-01",
        ),
        (
            vec![
                "simulate",
                "--strategy",
                "wizard",
                "--no-exact",
                "--hands",
                "1000",
                "--format",
                "json",
            ],
            "blind-a",
        ),
        (
            vec!["strategy", "AsKd", "Qh7c2d", "3s4s", "--format", "json"],
            "blind-a",
        ),
        (
            vec!["trips", "--paytable", "uth-03", "--format", "json"],
            "uth-03",
        ),
        (
            vec![
                "what-if",
                "--paytable",
                "uth-01",
                "--hand",
                "flush",
                "--sweep",
                "5:6:1",
                "--format",
                "json",
            ],
            "uth-01",
        ),
    ] {
        let out = uth_edge(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["tool_version"], env!("CARGO_PKG_VERSION"), "{args:?}");
        assert_eq!(doc["schema_version"], 1, "{args:?}");
        for key in required(&schema["$defs"]["provenance"]) {
            assert!(doc["provenance"].get(&key).is_some(), "{args:?}: {key}");
        }
        let tables = doc["provenance"]["paytables"].as_array().unwrap();
        assert!(
            tables.iter().any(|t| t["id"] == table),
            "{args:?}: {table} not in {tables:?}"
        );
    }
}

#[test]
fn the_provenance_file_names_the_csv_by_its_sha256() {
    // Facts: the SHA-256 of the CSV file and of the pay-table file, as
    // computed here (sha2, FIPS 180-4); the CSV stays plain CSV (every row
    // as many fields as the header).
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("provenance-sidecar");
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("mine.toml");
    let text =
        include_str!("../../paytables/uth-01.toml").replace("id = \"uth-01\"", "id = \"mine\"");
    std::fs::write(&table, &text).unwrap();
    let csv = dir.join("mine.csv");
    let sidecar = dir.join("mine.provenance.json");
    let _ = std::fs::remove_file(&sidecar);
    let out = uth_edge(&[
        "trips",
        "--paytable",
        table.to_str().unwrap(),
        "--format",
        "csv",
        "-o",
        csv.to_str().unwrap(),
        "--provenance",
        sidecar.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let csv_bytes = std::fs::read(&csv).unwrap();
    let mut reader = csv::Reader::from_reader(csv_bytes.as_slice());
    let width = reader.headers().unwrap().len();
    assert_eq!(width, uth_edge::report::CSV_COLUMNS.len());
    for record in reader.records() {
        assert_eq!(record.unwrap().len(), width);
    }
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sidecar).unwrap()).unwrap();
    for key in required(&schema()) {
        assert!(doc.get(&key).is_some(), "{key}");
    }
    let outputs = doc["outputs"].as_array().unwrap();
    assert_eq!(outputs.len(), 1, "{outputs:?}");
    assert_eq!(outputs[0]["file"], csv.to_str().unwrap());
    assert_eq!(outputs[0]["bytes"], csv_bytes.len());
    assert_eq!(outputs[0]["sha256"], hex(&csv_bytes));
    let tables = doc["provenance"]["paytables"].as_array().unwrap();
    assert_eq!(tables.len(), 1);
    assert_eq!(tables[0]["id"], "mine");
    assert_eq!(tables[0]["sha256"], hex(text.as_bytes()));
}

#[test]
fn a_provenance_file_that_cannot_be_written_fails_before_any_work() {
    // Fact: a directory that does not exist cannot hold the file; the
    // error names the option, exit code 2 (bad input).
    let out = uth_edge(&["trips", "--provenance", "/nonexistent-directory/p.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("error: --provenance /nonexistent-directory/p.json"));
    assert!(out.stdout.is_empty());
}
