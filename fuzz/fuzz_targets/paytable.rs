//! Fuzz target for the pay-table reader: any bytes, read as text, either
//! load as a table or fail with a one-line error naming the file; never a
//! panic. The same property as the proptest fallback CI runs
//! (`tests/all/paytable_props.rs`, `check_reader`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uth_edge::rules::paytable::PayTable;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match PayTable::from_toml(text, "fuzz.toml") {
        Ok(table) => assert!(!table.lines.is_empty(), "a table pays at least one hand"),
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "one line: {message:?}");
            assert!(message.starts_with("fuzz.toml"), "names the file: {message}");
        }
    }
});
