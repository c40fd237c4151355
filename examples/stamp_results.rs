//! The migration of results files of the first version (before the pay
//! table's digest): stamps each with the Blind table it was computed for,
//! in place, and checks that the program reads the stamped file.
//!
//! ```sh
//! cargo run --release --example stamp_results -- --blind blind-a \
//!   results/seen_cards.csv results/dead_cards.collude-2.csv \
//!   results/dead_cards.collude-2/*.sums
//! ```
//!
//! - a sums file (`uth-edge dead-card sums v1`) becomes `v2`: the lines
//!   `paytable_sha256` (the table's contents digest) and `engine`
//!   ([`ENGINE_VERSION`]) after `paytable`, and the `checksum` line, with
//!   the same sums;
//! - a seen-card results CSV gains the columns `paytable_sha256` and
//!   `engine`;
//! - a dead-card results CSV gains `paytable_sha256`, `engine`, `deck`
//!   (`--deck`, default the full deck), `ante` and `hands_per_hour` (the
//!   stakes its dollars per hour were written for: `--ante`, default 10,
//!   `--hands-per-hour`, default 30, the defaults of `--leak-ante` and
//!   `--leak-hands-per-hour`); the reader then checks the deal count
//!   against the deck and the dollars against the stakes.
//!
//! Use it only on files whose table has not changed since they were
//! computed (`git log` on the table and on the files): the stamp says
//! "computed for this table", which nothing here can check. A file is
//! written only if the program reads the stamped text without an error (its
//! checksum, identities and figures), otherwise the example stops with the
//! reader's message and the file is left as it was.

use uth_edge::analysis::{dead_results, seen_results};
use uth_edge::cards::CardSet;
use uth_edge::exact::seen::dead::{DeadCase, DeadSums, Shard};
use uth_edge::exact::seen::Tally;
use uth_edge::exact::ENGINE_VERSION;
use uth_edge::rules::paytable::PayTable;

/// What a stamp adds.
struct Stamp {
    paytable_sha256: String,
    deck: String,
    ante: String,
    hands_per_hour: String,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut blind = None;
    let mut stamp = Stamp {
        paytable_sha256: String::new(),
        deck: format!("{:#x}", CardSet::FULL_DECK.0),
        ante: "10".to_string(),
        hands_per_hour: "30".to_string(),
    };
    let mut files = vec![];
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| fail(&format!("{arg}: no value")))
        };
        match arg.as_str() {
            "--blind" => blind = Some(value()),
            "--deck" => stamp.deck = value(),
            "--ante" => stamp.ante = value(),
            "--hands-per-hour" => stamp.hands_per_hour = value(),
            _ => files.push(arg),
        }
    }
    let blind =
        blind.unwrap_or_else(|| fail("--blind ID|PATH: the table the files were computed for"));
    let table = PayTable::resolve(&blind).unwrap_or_else(|e| fail(&e.to_string()));
    stamp.paytable_sha256 = table.contents_sha256();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| fail(&format!("{file}: {e}")));
        let stamped = if text.starts_with("uth-edge dead-card sums v1\n") {
            stamp_sums(&text, &stamp, &table).unwrap_or_else(|e| fail(&format!("{file}: {e}")))
        } else {
            stamp_csv(&text, &stamp, &table, file).unwrap_or_else(|e| fail(&format!("{file}: {e}")))
        };
        std::fs::write(file, stamped).unwrap_or_else(|e| fail(&format!("{file}: {e}")));
        println!(
            "{file}: stamped with {} {}",
            table.id, stamp.paytable_sha256
        );
    }
}

fn fail(why: &str) -> ! {
    eprintln!("stamp_results: {why}");
    std::process::exit(2)
}

/// A `v1` sums file as `v2`, read back by [`DeadSums::parse`].
fn stamp_sums(text: &str, stamp: &Stamp, table: &PayTable) -> Result<String, String> {
    let field = |name: &str| -> Result<&str, String> {
        text.lines()
            .find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(' ')))
            .ok_or(format!("no line {name}"))
    };
    let int = |name: &str| -> Result<i128, String> {
        field(name)?
            .parse()
            .map_err(|_| format!("{name}: not an integer"))
    };
    if field("paytable")? != table.id {
        return Err(format!(
            "computed for table {}, not {}",
            field("paytable")?,
            table.id
        ));
    }
    let actions: Vec<i128> = field("actions")?
        .split(' ')
        .map(|a| a.parse().map_err(|_| "actions: not integers".to_string()))
        .collect::<Result<_, _>>()?;
    let sums = DeadSums {
        case: DeadCase::parse(field("case")?).map_err(|e| e.to_string())?,
        paytable: table.id.clone(),
        paytable_sha256: stamp.paytable_sha256.clone(),
        engine: ENGINE_VERSION,
        deck: CardSet(
            u64::from_str_radix(field("deck")?.trim_start_matches("0x"), 16)
                .map_err(|_| "deck: not hexadecimal")?,
        ),
        scale: int("scale")? as i64,
        classes: int("classes")? as usize,
        shard: Shard::parse(field("shard")?)?,
        tally: Tally {
            deals: int("deals")?,
            value: int("value")?,
            square: int("square")?,
            actions: actions.try_into().map_err(|_| "actions: not five")?,
        },
    };
    let out = sums.to_text();
    if DeadSums::parse(&out)? != sums {
        return Err("the stamped sums do not read back".into());
    }
    Ok(out)
}

/// A seen-card or dead-card results CSV of the first version with the new
/// columns, read back by its reader.
fn stamp_csv(text: &str, stamp: &Stamp, table: &PayTable, file: &str) -> Result<String, String> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().map_err(|e| e.to_string())?.clone();
    let dead = header.iter().any(|c| c == "team_gain_per_round_exact");
    let columns: &[&str] = if dead {
        &dead_results::CSV_COLUMNS
    } else {
        &seen_results::CSV_COLUMNS
    };
    let engine = ENGINE_VERSION.to_string();
    let mut writer = csv::Writer::from_writer(vec![]);
    writer.write_record(columns).map_err(|e| e.to_string())?;
    for record in reader.records() {
        let record = record.map_err(|e| e.to_string())?;
        let row: Vec<&str> = columns
            .iter()
            .map(|c| match header.iter().position(|h| h == *c) {
                Some(i) => Ok(&record[i]),
                None => match *c {
                    "paytable_sha256" => Ok(stamp.paytable_sha256.as_str()),
                    "engine" => Ok(engine.as_str()),
                    "deck" => Ok(stamp.deck.as_str()),
                    "ante" => Ok(stamp.ante.as_str()),
                    "hands_per_hour" => Ok(stamp.hands_per_hour.as_str()),
                    other => Err(format!("column {other} is neither in the file nor stamped")),
                },
            })
            .collect::<Result<_, _>>()?;
        if row[1] != table.id {
            return Err(format!("a row is for table {}, not {}", row[1], table.id));
        }
        writer.write_record(&row).map_err(|e| e.to_string())?;
    }
    let out = String::from_utf8(writer.into_inner().map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    if dead {
        dead_results::read(&out, file).map_err(|e| e.to_string())?;
    } else {
        seen_results::read(&out, file).map_err(|e| e.to_string())?;
    }
    Ok(out)
}
