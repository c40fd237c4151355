//! The committed results: every exact figure of the built-in pay tables as
//! CSV files, and the readable comparison that keeps them under regression.
//!
//! [`files`] turns a [`Catalog`] into one file per wager (`base_game.csv`,
//! `trips.csv`, `six_card_bonus.csv`, ...: the report's CSV layout,
//! [`crate::report::CSV_COLUMNS`]) and `preflop_strategy.csv` (every
//! starting-hand class under every Blind table, [`STRATEGY_COLUMNS`]).
//! `uth-edge results --out-dir DIR` writes them; `uth-edge results --check
//! DIR` and the test suite recompute them and compare byte for byte, and on
//! a difference [`diff_csv`] says which file, pay table, row and column
//! changed, from what to what.
//!
//! The decimal columns are Rust's shortest round-trip formatting of the
//! `f64` nearest the exact value: deterministic on every platform. The exact
//! columns are the real check.
//!
//! The files are written by the report's CSV exporter, so this layer
//! comes after [`crate::report`]; [`dir`] writes them into their directory
//! as one set.

pub mod dir;
pub mod strategies;

use crate::analysis::catalog::Catalog;
use crate::fraction::Fraction;
use crate::input_file::{read_file, read_replaced_file, FileKind, RESULTS_FILE_LIMIT};
use crate::report::{export, write_rows, Decimal, Format};
use crate::result::WagerResult;
use crate::rules::paytable::{PayTable, WagerKind};
use crate::strategy::oracle::ChartClass;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// One results file: its name in the results directory and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultFile {
    /// The file name in the results directory.
    pub name: String,
    /// The file's contents.
    pub text: String,
}

/// Columns of `preflop_strategy.csv`. The EVs are the exact expected net
/// result of the whole hand, in Antes, of each preflop choice.
pub const STRATEGY_COLUMNS: [&str; 11] = [
    "paytable",
    "class",
    "combinations",
    "raise_4x",
    "raise_4x_exact",
    "raise_3x",
    "raise_3x_exact",
    "check",
    "check_exact",
    "best",
    "best_ev_exact",
];

/// One row of [`STRATEGY_COLUMNS`]: a starting-hand class under a Blind
/// table.
#[derive(Serialize)]
struct StrategyRow<'a> {
    paytable: &'a str,
    class: &'a str,
    combinations: u64,
    raise_4x: Option<Decimal>,
    raise_4x_exact: Option<String>,
    raise_3x: Option<Decimal>,
    raise_3x_exact: Option<String>,
    check: Option<Decimal>,
    check_exact: Option<String>,
    best: &'static str,
    best_ev_exact: Option<String>,
}

impl<'a> StrategyRow<'a> {
    fn new(paytable: &'a str, class: &'a ChartClass) -> StrategyRow<'a> {
        // The options by name: raise 4x, raise 3x, check.
        let ev = |name: &str| {
            (class.options.iter())
                .find(|(d, _)| d.name() == name)
                .map(|(_, ev)| ev)
        };
        let decimal = |name| ev(name).map(Decimal::of);
        let exact = |name| ev(name).map(Fraction::to_string);
        StrategyRow {
            paytable,
            class: &class.name,
            combinations: class.combinations,
            raise_4x: decimal("raise_4x"),
            raise_4x_exact: exact("raise_4x"),
            raise_3x: decimal("raise_3x"),
            raise_3x_exact: exact("raise_3x"),
            check: decimal("check"),
            check_exact: exact("check"),
            best: class.best.name(),
            best_ev_exact: exact(class.best.name()),
        }
    }
}

/// The results files of a catalog: one per wager, in the order the wagers
/// appear, then `preflop_strategy.csv` if the base game was solved.
pub fn files(catalog: &Catalog) -> Vec<ResultFile> {
    let mut wagers: Vec<&str> = Vec::new();
    for r in &catalog.results {
        if !wagers.contains(&r.wager.as_str()) {
            wagers.push(&r.wager);
        }
    }
    let mut files: Vec<ResultFile> = wagers
        .iter()
        .map(|&wager| {
            let results: Vec<WagerResult> = catalog
                .results
                .iter()
                .filter(|r| r.wager == wager)
                .cloned()
                .collect();
            let mut bytes = Vec::new();
            export(Format::Csv, &results, &mut bytes).expect("writing to memory");
            ResultFile {
                name: format!("{wager}.csv"),
                text: String::from_utf8(bytes).expect("UTF-8 CSV"),
            }
        })
        .collect();
    if !catalog.games.is_empty() {
        let rows = catalog.games.iter().flat_map(|game| {
            game.chart
                .iter()
                .map(move |class| StrategyRow::new(&game.table.id, class))
        });
        let mut bytes = Vec::new();
        write_rows(&STRATEGY_COLUMNS, rows, &mut bytes).expect("writing to memory");
        files.push(ResultFile {
            name: "preflop_strategy.csv".to_string(),
            text: String::from_utf8(bytes).expect("UTF-8 CSV"),
        });
    }
    files
}

/// Writes `files` into `dir` (created if missing) as one set, the
/// directory locked meanwhile ([`dir`]). An error
/// names the file.
pub fn write(path: &Path, files: &[ResultFile]) -> std::io::Result<()> {
    dir::ResultsDir::open(path)
        .map_err(std::io::Error::other)?
        .write(files)
}

/// The results files a table's figures go into.
pub fn file_names(wager: WagerKind) -> &'static [&'static str] {
    match wager {
        WagerKind::Blind => &["base_game.csv", "preflop_strategy.csv"],
        WagerKind::Trips => &["trips.csv"],
        WagerKind::SixCardBonus => &["six_card_bonus.csv"],
        WagerKind::Progressive => &["progressive.csv"],
        WagerKind::BadBeat => &["bad_beat.csv"],
        WagerKind::UltimatePairs => &["ultimate_pairs.csv"],
    }
}

/// The columns a results file of this name has.
fn columns_of(name: &str) -> &'static [&'static str] {
    if name == "preflop_strategy.csv" {
        &STRATEGY_COLUMNS
    } else {
        &crate::report::CSV_COLUMNS
    }
}

/// Refuses, before any computation, to write into `dir` a results file that
/// holds rows of pay tables not in `tables`: rewriting it would lose them.
/// (Write a subset of tables into another directory.) A file there must
/// read exactly as the results files are written (the header of this
/// version, every row its fields, one line each): anything else is refused
/// naming the file and line, since its rows could not be told apart.
pub fn check_no_rows_lost(dir: &Path, tables: &[PayTable]) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::new();
    for t in tables {
        for &name in file_names(t.wager) {
            if seen.contains(&name) {
                continue;
            }
            seen.push(name);
            let path = dir.join(name);
            let refuse = |why: String| format!("--out-dir {}: {why}", dir.display());
            // The file this run replaces (its output), not an input.
            let text = match read_replaced_file(&path, RESULTS_FILE_LIMIT) {
                Ok(text) => text,
                Err(e) if e.is_not_found() => continue,
                Err(e) => return Err(refuse(format!("{}: cannot read: {e}", path.display()))),
            };
            let ids = table_ids(&text, columns_of(name))
                .map_err(|(line, why)| refuse(format!("{}, line {line}: {why}; its rows would be lost (move the file away to write a fresh one)", path.display())))?;
            for id in ids {
                if !tables.iter().any(|t| t.id == id) {
                    return Err(refuse(format!(
                        "{name} holds rows of pay table '{id}', which this run does not compute; they would be lost (name every table of the file with --paytable, or write into another directory)"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The `paytable` of every row of a results file's text, read strictly:
/// the header must be `columns`, every row as many fields, each row on one
/// line. An error is (line number, what is wrong).
fn table_ids(text: &str, columns: &[&str]) -> Result<Vec<String>, (u64, String)> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => return Err((1, format!("not CSV: {e}"))),
        None => return Ok(Vec::new()),
    };
    if header.iter().ne(columns.iter().copied()) {
        let cut = |s: &str| s.chars().take(40).collect::<String>();
        let why = match (0..header.len().max(columns.len()))
            .find(|&i| header.get(i) != columns.get(i).copied())
        {
            Some(i) if i < header.len() && i < columns.len() => format!(
                "column {} is '{}', expected '{}'",
                i + 1,
                cut(&header[i]),
                columns[i]
            ),
            _ => format!("{} columns, expected {}", header.len(), columns.len()),
        };
        return Err((1, format!("not the header uth-edge writes: {why}")));
    }
    let paytable = columns.iter().position(|&c| c == "paytable").unwrap_or(0);
    let mut ids = Vec::new();
    let mut line = 1;
    for record in records {
        line += 1;
        let record = record.map_err(|e| match e.kind() {
            csv::ErrorKind::UnequalLengths { pos, len, .. } => (
                pos.as_ref().map_or(line, |p| p.line()),
                format!("a row of {len} fields, expected {}", columns.len()),
            ),
            _ => (line, format!("not CSV: {e}")),
        })?;
        let starts = record.position().map_or(line, |p| p.line());
        if starts != line {
            return Err((line, "a row that does not start on a line of its own (a blank line, or a quote left open?)".to_string()));
        }
        let id = record.get(paytable).unwrap_or_default();
        ids.push(crate::analysis::results_rows::unguarded(id).to_string());
    }
    // A quote left open swallows the lines after it into one field.
    let lines = text.lines().count() as u64;
    if lines != line {
        return Err((
            line,
            "a field runs over several lines (a quote left open?) or a blank line".to_string(),
        ));
    }
    Ok(ids)
}

/// Compares `files` with those committed in `dir`: one readable line per
/// difference (at most `limit` per file, then a count), empty when every
/// file is byte for byte the same. Files in `dir` that are not produced are
/// not reported (other tools may keep files there).
pub fn compare_dir(dir: &Path, files: &[ResultFile], limit: usize) -> Vec<String> {
    let mut differences = Vec::new();
    for f in files {
        let path = dir.join(&f.name);
        match read_file(&path, FileKind::CommittedResults, RESULTS_FILE_LIMIT) {
            Ok(old) if old == f.text => {}
            Ok(old) => {
                differences.extend(diff_csv(&path.display().to_string(), &old, &f.text, limit))
            }
            Err(e) => differences.push(format!(
                "{}: cannot read the committed file ({e}); it would be created",
                path.display()
            )),
        }
    }
    differences
}

/// The differences between two versions of a results CSV file (`old` the
/// committed one, `new` the fresh computation), one line each: `file: wager
/// W, pay table P, ROW: column C: old X, new Y`; a change every row of a
/// table repeats (its house edge) is one line naming the rows: `..., pay
/// table P, 9 rows (line royal_flush ... total): column C: ...`; rows added
/// or removed; a changed header. At most `limit` lines, then a count of the
/// rest. Rows are matched by their identifying columns (wager, pay table,
/// amount, rule, meter, players, row, hand, class), so an inserted row does
/// not shift the rest.
pub fn diff_csv(file: &str, old: &str, new: &str, limit: usize) -> Vec<String> {
    let (old_header, old_rows) = read_csv(old);
    let (new_header, new_rows) = read_csv(new);
    let mut lines = Vec::new();
    if old_header != new_header {
        lines.push(format!(
            "{file}: columns changed: old [{}], new [{}]",
            old_header.join(","),
            new_header.join(",")
        ));
    }
    let keyed = |header: &[String], rows: &[Vec<String>]| {
        let mut map: BTreeMap<(String, String), (usize, BTreeMap<String, String>)> =
            BTreeMap::new();
        for (i, row) in rows.iter().enumerate() {
            let fields: BTreeMap<String, String> =
                header.iter().cloned().zip(row.iter().cloned()).collect();
            map.insert(row_label(&fields), (i, fields));
        }
        map
    };
    let old_map = keyed(&old_header, &old_rows);
    let new_map = keyed(&new_header, &new_rows);
    // Changed cells, in the new file's order; the same change of one column
    // in several rows of one table (a figure every row repeats) is one line.
    let mut order: Vec<(usize, &(String, String))> =
        new_map.iter().map(|(k, (i, _))| (*i, k)).collect();
    order.sort();
    let mut changes: Vec<(String, String, String, String, Vec<String>)> = Vec::new();
    for (_, key) in order {
        let (table, row) = key;
        let (_, new_fields) = &new_map[key];
        match old_map.get(key) {
            None => lines.push(format!("{file}: {}: row added", join(table, row))),
            Some((_, old_fields)) => {
                for column in &new_header {
                    let (o, n) = (old_fields.get(column), new_fields.get(column));
                    if o == n {
                        continue;
                    }
                    let o = o.map_or("(none)", |s| s.as_str()).to_string();
                    let n = n.map_or("(none)", |s| s.as_str()).to_string();
                    match changes
                        .iter_mut()
                        .find(|c| c.0 == *table && c.1 == *column && c.2 == o && c.3 == n)
                    {
                        Some(c) => c.4.push(row.clone()),
                        None => {
                            changes.push((table.clone(), column.clone(), o, n, vec![row.clone()]))
                        }
                    }
                }
            }
        }
    }
    for (table, column, o, n, rows) in changes {
        let rows = match rows.as_slice() {
            [one] => one.clone(),
            [first, .., last] => format!("{} rows ({first} ... {last})", rows.len()),
            [] => String::new(),
        };
        lines.push(format!(
            "{file}: {}: column {column}: old {o}, new {n}",
            join(&table, &rows)
        ));
    }
    for key in old_map.keys() {
        if !new_map.contains_key(key) {
            lines.push(format!("{file}: {}: row removed", join(&key.0, &key.1)));
        }
    }
    if lines.is_empty() && old != new {
        // Same fields, different bytes (line endings, quoting, order).
        lines.push(format!(
            "{file}: same figures, different bytes (row order, quoting or line endings)"
        ));
    }
    if lines.len() > limit {
        let rest = lines.len() - limit;
        lines.truncate(limit);
        lines.push(format!("{file}: ... and {rest} more differences"));
    }
    lines
}

/// `table, row` joined: `wager trips, pay table uth-02, line royal_flush`.
fn join(table: &str, row: &str) -> String {
    match (table.is_empty(), row.is_empty()) {
        (false, false) => format!("{table}, {row}"),
        (true, _) => row.to_string(),
        (_, true) => table.to_string(),
    }
}

/// A row's identifying columns as (table, row): (`wager trips, pay table
/// uth-02`, `line royal_flush`); (`pay table blind-a`, `class AKs`).
fn row_label(fields: &BTreeMap<String, String>) -> (String, String) {
    let get = |k: &str| fields.get(k).filter(|v| !v.is_empty());
    let mut table = Vec::new();
    if let Some(w) = get("wager") {
        table.push(format!("wager {w}"));
    }
    if let Some(p) = get("paytable") {
        let mut p = format!("pay table {p}");
        if let Some(a) = get("wager_amount_exact") {
            p.push_str(&format!(" at ${a}"));
        }
        table.push(p);
    }
    if let Some(r) = get("rule") {
        table.push(format!("rule {r}"));
    }
    if let Some(m) = get("meter_exact") {
        table.push(format!("meter ${m}"));
    }
    if let Some(n) = get("players") {
        table.push(format!("{n} other players"));
    }
    let row = match (get("row"), get("hand"), get("class"), get("strategy")) {
        (Some(row), Some(hand), _, _) => format!("{row} {hand}"),
        (Some(row), None, _, _) => row.clone(),
        (None, _, Some(class), _) => format!("class {class}"),
        (None, _, None, Some(strategy)) => format!("strategy {strategy}"),
        _ => String::new(),
    };
    let table = table.join(", ");
    if table.is_empty() && row.is_empty() {
        // A file without identifying columns: the whole row.
        let all = fields
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",");
        return (String::new(), all);
    }
    (table, row)
}

/// Header and rows of a CSV text (unreadable records are kept as one field
/// with the error, so that they show up in the differences).
fn read_csv(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map(|h| h.iter().map(str::to_string).collect())
        .unwrap_or_default();
    let rows = reader
        .records()
        .map(|r| match r {
            Ok(r) => r.iter().map(str::to_string).collect(),
            Err(e) => vec![format!("unreadable CSV: {e}")],
        })
        .collect();
    (header, rows)
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_strategy_row_struct_has_the_documented_columns() {
        let row = StrategyRow {
            paytable: "blind-a",
            class: "AA",
            combinations: 6,
            raise_4x: None,
            raise_4x_exact: None,
            raise_3x: None,
            raise_3x_exact: None,
            check: None,
            check_exact: None,
            best: "raise_4x",
            best_ev_exact: None,
        };
        assert_eq!(crate::report::header_of(row), STRATEGY_COLUMNS);
    }

    use super::*;

    const OLD: &str = "wager,paytable,wager_amount,wager_amount_exact,row,hand,house_edge_exact\n\
        trips,uth-01,,,line,royal_flush,301629/33446140\n\
        trips,uth-02,,,line,royal_flush,48987/2572780\n";

    #[test]
    fn a_changed_figure_is_named_by_file_table_row_and_column() {
        let new = OLD.replace("48987/2572780", "1/50");
        let diff = diff_csv("results/trips.csv", OLD, &new, 10);
        assert_eq!(
            diff,
            ["results/trips.csv: wager trips, pay table uth-02, line royal_flush: column house_edge_exact: old 48987/2572780, new 1/50"]
        );
    }

    #[test]
    fn a_figure_every_row_repeats_is_one_line_naming_the_rows() {
        let old = format!("{OLD}trips,uth-02,,,total,,48987/2572780\n");
        let new = old.replace("48987/2572780", "1/50");
        let diff = diff_csv("t.csv", &old, &new, 10);
        assert_eq!(
            diff,
            ["t.csv: wager trips, pay table uth-02, 2 rows (line royal_flush ... total): column house_edge_exact: old 48987/2572780, new 1/50"]
        );
    }

    #[test]
    fn added_and_removed_rows_do_not_shift_the_others() {
        let new = format!("{OLD}trips,uth-03,,,line,royal_flush,1/3\n")
            .replace("trips,uth-01,,,line,royal_flush,301629/33446140\n", "");
        let diff = diff_csv("t.csv", OLD, &new, 10);
        assert_eq!(
            diff,
            [
                "t.csv: wager trips, pay table uth-03, line royal_flush: row added",
                "t.csv: wager trips, pay table uth-01, line royal_flush: row removed",
            ]
        );
    }

    #[test]
    fn many_differences_are_cut_with_a_count() {
        let new = OLD.replace("line", "total");
        let diff = diff_csv("t.csv", OLD, &new, 2);
        assert_eq!(diff.len(), 3);
        assert_eq!(diff[2], "t.csv: ... and 2 more differences");
    }
}
