//! Validated settings ("high" arguments): what the commands run on.
//!
//! What the user typed is read and checked here (or, for a command with
//! its home in `cli/commands/<command>/`, in that home's parse step),
//! before any long computation: pay tables resolved and checked for their wager, one id per
//! table, amounts read exactly, cards grouped as typed, options that
//! contradict each other refused, output files opened. Each refusal is an
//! [`InputError`] (exit code 2) of one line naming the flag or file and the
//! value.
//!
//! What it holds, exactly, is what several commands share: the pay
//! tables named on the command line ([`TableReader`], [`paytables`],
//! [`paytables_for`], [`unique_ids`]), the amounts and shares
//! ([`wager_amounts`], [`wager_meant`], [`parse_share`]), the deck of
//! `--deck` ([`deck_of`]), the rows of `--seen-results` ([`seen_rows`],
//! `report` and `check`) and of `--dead-results` (`dead_results`, the
//! same two), the meters' flags (`progressive_meters`, [`read_meters`]:
//! `progressive` and `report`; its warnings returned, printed by the
//! runs), the stakes and traffic of a table (`traffic`, [`traffic`]:
//! `economics` and `report`). Every command's own settings are its home's, in `cli/commands/`.

pub mod dead_results;
mod progressive_meters;
mod traffic;

pub use progressive_meters::read as read_meters;
pub use traffic::traffic;

use uth_edge::analysis::catalog;
use uth_edge::analysis::provenance::TableSource;
use uth_edge::analysis::seen_results::{self, SeenResult};
use uth_edge::error::InputError;
use uth_edge::exact::game::check_blind_table;
use uth_edge::fraction::Fraction;
use uth_edge::input_file;
use uth_edge::message::shown;
use uth_edge::money::{parse_dollars, parse_percent};
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// Reads pay tables named on the command line (a built-in id, a file path,
/// or `-` for standard input, once) and records where each came from.
#[derive(Default)]
pub struct TableReader {
    sources: Vec<TableSource>,
    stdin_read: bool,
}

impl TableReader {
    /// The table `name` names, with its source recorded.
    pub fn read(&mut self, name: &str) -> Result<PayTable, InputError> {
        if PayTable::builtin_text(name).is_none() {
            // A file (or standard input, redirected from one) no output of
            // this run may overwrite.
            let path = if name == "-" { "/dev/stdin" } else { name };
            super::output_path::note_input("the pay table", std::path::Path::new(path))?;
        }
        let (table, origin, text) = if name == "-" {
            if self.stdin_read {
                return Err(InputError::usage(
                    "standard input ('-') can give only one pay table",
                ));
            }
            self.stdin_read = true;
            let text =
                input_file::read_stdin(input_file::FileKind::PayTable, input_file::PAY_TABLE_LIMIT)
                    .map_err(|e| {
                        InputError::usage(format!("-: cannot read standard input: {e}"))
                    })?;
            let table = PayTable::from_toml(&text, "standard input")?;
            (table, "standard input".to_string(), text)
        } else if let Some(text) = PayTable::builtin_text(name) {
            (
                PayTable::resolve(name)?,
                "built-in".to_string(),
                text.to_string(),
            )
        } else {
            let table = PayTable::resolve(name)?;
            let text = input_file::read_file(
                name.as_ref(),
                input_file::FileKind::PayTable,
                input_file::PAY_TABLE_LIMIT,
            )
            .map_err(|e| InputError::usage(format!("{name}: cannot read: {e}")))?;
            (table, name.to_string(), text)
        };
        if table.wager == WagerKind::Blind {
            // Refused now, before any work, if the solver cannot be exact.
            check_blind_table(&table)?;
        }
        self.sources
            .push(TableSource::new(&table.id, &origin, &text));
        Ok(table)
    }

    /// The table `name` names, checked to be for `wager`.
    pub fn read_for(&mut self, name: &str, wager: WagerKind) -> Result<PayTable, InputError> {
        let origin = match PayTable::builtin_text(name) {
            Some(_) => format!("paytables/{name}.toml (built in)"),
            None if name == "-" => "standard input".to_string(),
            None => name.to_string(),
        };
        Ok(self.read(name)?.expect_wager(wager, &origin)?)
    }

    /// Where every table read so far came from.
    pub fn sources(&self) -> Vec<TableSource> {
        self.sources.clone()
    }

    /// The sources of tables not read from the command line (built-in
    /// tables a command adds on its own), recorded too.
    pub fn record_builtin(&mut self, tables: &[PayTable]) {
        for t in tables {
            if self.sources.iter().any(|s| s.id == t.id) {
                continue;
            }
            if let Some(text) = PayTable::builtin_text(&t.id) {
                self.sources.push(TableSource::new(&t.id, "built-in", text));
            }
        }
    }
}

/// The pay tables named on the command line (`--paytable`, repeatable), or
/// the wager's default built-in tables; each checked to be for that wager.
pub fn paytables_for(
    reader: &mut TableReader,
    given: &[String],
    wager: WagerKind,
) -> Result<Vec<PayTable>, InputError> {
    let names: Vec<String> = if given.is_empty() {
        PayTable::default_ids_for(wager)
            .into_iter()
            .map(String::from)
            .collect()
    } else {
        given.to_vec()
    };
    let tables = names
        .iter()
        .map(|name| reader.read_for(name, wager))
        .collect::<Result<Vec<_>, _>>()?;
    unique_ids(&tables)?;
    Ok(tables)
}

/// The pay tables named on the command line, of any wager.
pub fn paytables(reader: &mut TableReader, given: &[String]) -> Result<Vec<PayTable>, InputError> {
    let tables = given
        .iter()
        .map(|name| reader.read(name))
        .collect::<Result<Vec<_>, _>>()?;
    unique_ids(&tables)?;
    Ok(tables)
}

/// Refuses two tables with one id in a run: every output names a table by
/// its id, so two of them could not be told apart.
pub fn unique_ids(tables: &[PayTable]) -> Result<(), InputError> {
    for (i, t) in tables.iter().enumerate() {
        if tables[..i].iter().any(|o| o.id == t.id) {
            return Err(InputError::usage(format!(
                "two pay tables in this run have the id '{}' (a file may declare a built-in table's id): give each table its own id",
                t.id
            )));
        }
    }
    Ok(())
}

/// The wager amounts named on the command line, or $5.
pub fn wager_amounts(given: &[String]) -> Result<Vec<Fraction>, InputError> {
    if given.is_empty() {
        return Ok(catalog::default_wager_amounts());
    }
    given
        .iter()
        .map(|text| parse_dollars("wager", text).map_err(InputError::from))
        .collect()
}

/// Refuses `--wager` given with no Six Card Bonus table among `tables`:
/// the amount wagered changes only that wager's figures (its pays are in
/// dollars), so it would be ignored.
pub fn wager_meant(given: &[String], tables: &[PayTable]) -> Result<(), InputError> {
    match given.first() {
        Some(text) if !tables.iter().any(|t| t.wager == WagerKind::SixCardBonus) => {
            Err(InputError::usage(format!(
                "--wager {}: the amount wagered matters only for a Six Card Bonus table, and none is given (refused rather than ignored)",
                shown(text)
            )))
        }
        _ => Ok(()),
    }
}

/// The deck of `--deck N` (`strategy --dead`, `game`'s exact dead-card
/// cases): the N highest cards (N/4 ranks, ace down), or the full deck.
pub fn deck_of(n: Option<u32>) -> Result<uth_edge::cards::CardSet, InputError> {
    let Some(n) = n else {
        return Ok(uth_edge::cards::CardSet::FULL_DECK);
    };
    if !(16..=52).contains(&n) || n % 4 != 0 {
        return Err(InputError::usage(format!(
            "--deck {n}: expected a multiple of 4 from 16 to 52 (the N highest cards: 16 is jack to ace)"
        )));
    }
    let ranks: Vec<usize> = (13 - n as usize / 4..13).collect();
    Ok(uth_edge::cards::canonical::deck_of_ranks(&ranks))
}

/// A share such as `40%`: an exact fraction from 0% to 100%, read by
/// the one reader of percentages (a bare `0.4` is refused with its hint).
pub fn parse_share(flag: &'static str, text: &str) -> Result<Fraction, InputError> {
    let share = parse_percent(text)
        .map_err(|e| InputError::usage(format!("--{flag} {}: {e}", shown(text))))?;
    if share.is_negative() || share > Fraction::ONE {
        return Err(InputError::usage(format!(
            "--{flag} {}: expected a share from 0% to 100%, such as 40%",
            shown(text)
        )));
    }
    Ok(share)
}

/// The rows of a seen-card results file (`--seen-results FILE`), or one
/// line naming the file and what is wrong.
pub fn seen_rows(
    path: &std::path::Path,
    tables: &[PayTable],
) -> Result<Vec<SeenResult>, InputError> {
    super::output_path::note_input("the results file", path)?;
    let text = input_file::read_file(
        path,
        input_file::FileKind::SeenResults,
        input_file::RESULTS_FILE_LIMIT,
    )
    .map_err(|e| InputError::usage(format!("--seen-results {}: {e}", path.display())))?;
    let rows = seen_results::read(&text, &path.display().to_string())
        .map_err(|e| InputError::usage(format!("--seen-results {e}")))?;
    uth_edge::analysis::results_rows::same_tables(
        rows.iter()
            .map(|r| (r.paytable.as_str(), r.paytable_sha256.as_str())),
        tables,
    )
    .map_err(|e| InputError::usage(format!("--seen-results {}: {e}", path.display())))?;
    Ok(rows)
}
