//! `report --dead-results FILE` and `check --dead-results FILE`
//! (repeatable): the dead-card results files (the collusion and
//! exposed-card rows of the "Value of a leak" section; the results the
//! published dead-card figures are checked against), each file read and
//! validated before any work, or one line naming the file and what is
//! wrong.

use uth_edge::analysis::dead_results::{self, DeadResult};
use uth_edge::analysis::results_rows;
use uth_edge::error::InputError;
use uth_edge::input_file;
use uth_edge::report::Format;
use uth_edge::rules::paytable::PayTable;

/// The rows of every file, in order; refused unless the report is HTML, and
/// when a case under one table appears in two files.
pub fn rows(
    paths: &[std::path::PathBuf],
    format: Format,
    tables: &[PayTable],
) -> Result<Vec<DeadResult>, InputError> {
    if paths.is_empty() {
        return Ok(vec![]);
    }
    if format != Format::Html {
        return Err(InputError::usage(
            "--dead-results adds rows to the HTML report's \"Value of a leak\" section: use it with --format html",
        ));
    }
    read_files(paths, tables)
}

/// The rows of every file, in order (`report --dead-results`, `check
/// --dead-results`); refused when a case under one table appears in two
/// files, and when a row was computed for another table of the same id as
/// one of `tables` (its contents' SHA-256 differs).
pub fn read_files(
    paths: &[std::path::PathBuf],
    tables: &[PayTable],
) -> Result<Vec<DeadResult>, InputError> {
    let mut rows: Vec<DeadResult> = vec![];
    for path in paths {
        crate::cli::output_path::note_input("the results file", path)?;
        let text = input_file::read_file(
            path,
            input_file::FileKind::DeadResults,
            input_file::RESULTS_FILE_LIMIT,
        )
        .map_err(|e| InputError::usage(format!("--dead-results {}: {e}", path.display())))?;
        let file_rows = dead_results::read(&text, &path.display().to_string())
            .map_err(|e| InputError::usage(format!("--dead-results {e}")))?;
        results_rows::same_tables(
            file_rows
                .iter()
                .map(|r| (r.paytable.as_str(), r.paytable_sha256.as_str())),
            tables,
        )
        .map_err(|e| InputError::usage(format!("--dead-results {}: {e}", path.display())))?;
        for row in file_rows {
            if rows
                .iter()
                .any(|r| r.case == row.case && r.paytable == row.paytable)
            {
                return Err(InputError::usage(format!(
                    "--dead-results {}: case {} under Blind table {} is also in an earlier file",
                    path.display(),
                    row.case,
                    row.paytable
                )));
            }
            rows.push(row);
        }
    }
    Ok(rows)
}
