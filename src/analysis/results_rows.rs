//! The rows of a results file written by this program (seen-card and
//! dead-card results): the header must be the documented column list, every
//! row must read, no case may appear twice under one Blind table, and the
//! file must hold at least one case. The row's own checks are the caller's.

/// Every row of `text` read by `read_row`, or the line and what is wrong:
/// `what` names the kind of file ("seen-card"), `key` a row's case and
/// Blind table (a case may appear once under each table).
pub fn read_rows<T>(
    text: &str,
    columns: &[&str],
    what: &str,
    read_row: impl Fn(&::csv::StringRecord) -> Result<T, String>,
    key: impl Fn(&T) -> (String, String),
) -> Result<Vec<T>, (u64, String)> {
    let mut reader = ::csv::Reader::from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map_err(|e| (1, format!("unreadable CSV header: {e}")))?
        .clone();
    if header.iter().ne(columns.iter().copied()) {
        return Err((
            1,
            format!(
                "not a {what} results file: the header is not `{}`",
                columns.join(",")
            ),
        ));
    }
    let mut rows: Vec<T> = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            (line, format!("unreadable CSV row: {e}"))
        })?;
        let line = record.position().map_or(0, |p| p.line());
        let row = read_row(&record).map_err(|why| (line, why))?;
        let (case, table) = key(&row);
        if rows.iter().any(|r| key(r) == (case.clone(), table.clone())) {
            return Err((
                line,
                format!("case {case} under Blind table {table} appears twice"),
            ));
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err((
            1,
            "a header and no case: the file holds no results".to_string(),
        ));
    }
    Ok(rows)
}
