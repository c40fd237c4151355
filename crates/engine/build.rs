//! Build script of the engine: builds the hand evaluator's lookup tables
//! (see `src/evaluator/builder.rs`, which asserts their invariants) into
//! `OUT_DIR/evaluator_tables.bin`, which the evaluator includes.

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
}
