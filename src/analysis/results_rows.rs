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
        let record: ::csv::StringRecord = record.iter().map(unguarded).collect();
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

/// A text field as it was before the writer guarded it against being run
/// as a spreadsheet formula (report::document::spreadsheet_text puts a `'`
/// before a text beginning with `=`, `+`, `-`, `@`, a tab, a carriage
/// return or `'`): that `'` taken off, so that a pay table whose id begins
/// with one of them is matched by its own id when its results are read.
pub fn unguarded(field: &str) -> &str {
    match field.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r', '\'']) => rest,
        _ => field,
    }
}

/// Whether the header of the CSV `text` is exactly `columns` less those
/// of `added` (the first version of a results file, before `added` were
/// added, is recognized by its header).
pub fn header_is_without(text: &str, columns: &[&str], added: &[&str]) -> bool {
    let mut reader = ::csv::Reader::from_reader(text.as_bytes());
    let older = columns.iter().copied().filter(|c| !added.contains(c));
    reader.headers().is_ok_and(|h| h.iter().eq(older))
}

/// The `paytable_sha256` column: 64 lowercase hexadecimal digits.
pub fn sha256_column(text: &str) -> Result<String, String> {
    if text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        Ok(text.to_string())
    } else {
        Err(format!(
            "paytable_sha256 {:?} is not 64 lowercase hexadecimal digits (the SHA-256 of the table's contents)",
            text.chars().take(70).collect::<String>()
        ))
    }
}

/// The `engine` column: this program's engine version
/// ([`crate::exact::ENGINE_VERSION`]); results of another are refused.
pub fn engine_column(text: &str) -> Result<(), String> {
    let current = crate::exact::ENGINE_VERSION;
    match text.parse::<u32>() {
        Ok(v) if v == current => Ok(()),
        Ok(v) => Err(format!(
            "engine {v}: computed by engine version {v}, this uth-edge's is {current}: compute it again"
        )),
        Err(_) => Err(format!("engine {text:?} is not a version number")),
    }
}

/// Whether the rows of a results file, each `(Blind table id, SHA-256 of
/// the table's contents)`, were computed for the tables they are used with:
/// a row whose id is that of one of `tables` but whose digest is not that
/// table's is refused, naming both digests (a table that shares an id is
/// not the same table unless it pays the same).
pub fn same_tables<'a>(
    rows: impl IntoIterator<Item = (&'a str, &'a str)>,
    tables: &[crate::rules::paytable::PayTable],
) -> Result<(), String> {
    for (id, digest) in rows {
        for table in tables.iter().filter(|t| t.id == id) {
            let given = table.contents_sha256();
            if given != digest {
                return Err(format!(
                    "computed for a Blind table {id} of contents SHA-256 {digest}, but the table {id} given here has SHA-256 {given}: another table under the same id (results are matched by contents, not by id)"
                ));
            }
        }
    }
    Ok(())
}

/// One row of a results file, read by column name: the checks every
/// results file makes of its cells, in one place (the seen-card and the
/// dead-card readers each add their own).
pub struct Row<'a> {
    record: &'a ::csv::StringRecord,
    columns: &'a [&'a str],
}

impl<'a> Row<'a> {
    /// The row `record` of a file whose header is `columns`.
    pub fn new(record: &'a ::csv::StringRecord, columns: &'a [&'a str]) -> Row<'a> {
        Row { record, columns }
    }

    /// The text of `column` (empty when the row is short).
    pub fn text(&self, column: &str) -> &'a str {
        let i = self.columns.iter().position(|c| *c == column).unwrap_or(0);
        self.record.get(i).unwrap_or("")
    }

    /// `column` as an exact fraction.
    pub fn exact(&self, column: &str) -> Result<crate::fraction::Fraction, String> {
        let text = self.text(column);
        crate::fraction::Fraction::parse(text).ok_or_else(|| {
            format!("{column} {text:?} is not an exact fraction such as -506436/23178175 (a zero denominator is not one)")
        })
    }

    /// Checks that the decimal `column` says what its exact value says, to
    /// the last digits of a double.
    pub fn decimal(&self, column: &str, exact_value: f64) -> Result<(), String> {
        let text = self.text(column);
        let value: f64 = text
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| format!("{column} {text:?} is not a decimal number"))?;
        if (value - exact_value).abs() > 1e-9 * exact_value.abs().max(1.0) {
            return Err(format!(
                "{column} {text} disagrees with its exact value {exact_value}"
            ));
        }
        Ok(())
    }

    /// `column` as a positive whole number.
    pub fn whole(&self, column: &str) -> Result<u64, String> {
        let text = self.text(column);
        text.parse::<u64>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("{column} {text:?} is not a positive whole number"))
    }

    /// The `paytable` column: a pay-table id (not empty, no white space).
    pub fn paytable(&self) -> Result<&'a str, String> {
        let paytable = self.text("paytable");
        if paytable.is_empty()
            || paytable
                .chars()
                .any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(format!(
                "paytable {paytable:?} is not a pay-table id (not empty, no white space)"
            ));
        }
        Ok(paytable)
    }

    /// The stamp every results row carries: the `paytable_sha256` column
    /// (returned) and the `engine` column, which must be this program's.
    pub fn stamp(&self) -> Result<String, String> {
        let sha256 = sha256_column(self.text("paytable_sha256"))?;
        engine_column(self.text("engine"))?;
        Ok(sha256)
    }
}
