//! The report of a player-dealer run
//! ([`crate::sample::player_dealer::PlayerDealerReport`]) as a document
//! ([`document`]: sections for people, the CSV records, columns
//! [`CSV_COLUMNS`], and the JSON body), rendered in any format by
//! [`super::render`]; and its section of `report --player-dealer`
//! ([`section`]: its text, preformatted).

use super::document::{Block, Cell, Column, Document, Records, Section, Table, Text};
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::sample::player_dealer::{ArrangementReport, PlayerDealerReport, PositionReport};
use crate::sample::Estimate;

/// Dollars with a sign and four decimals.
fn money(x: f64) -> String {
    format!("{x:+.4}")
}

fn opt_money(f: &Option<Fraction>) -> String {
    f.as_ref().map_or("-".to_string(), |f| money(f.to_f64()))
}

fn inside(e: &Estimate, exact: &Option<Fraction>) -> &'static str {
    match exact {
        Some(x) if e.covers(x.to_f64()) => "yes",
        Some(_) => "NO",
        None => "-",
    }
}

fn pct(e: &Estimate) -> String {
    format!(
        "{:.4}% (95% CI {:.4}% to {:.4}%)",
        e.mean * 100.0,
        e.ci95_low * 100.0,
        e.ci95_high * 100.0
    )
}

/// A paragraph of words.
fn paragraph(text: String) -> Block {
    Block::Paragraph(Text::plain(text))
}

/// A line under the one before.
fn note(text: String) -> Block {
    Block::Note(Text::plain(text))
}

/// The settings lines.
fn header(r: &PlayerDealerReport) -> Section {
    let bank = r
        .bank
        .as_ref()
        .map_or("unlimited".to_string(), |b| dollars(b.clone()));
    let fees = match &r.fees {
        Some(id) if r.fees_example => format!("{id} (EXAMPLE figures, not a card room's)"),
        Some(id) => id.clone(),
        None => "none".to_string(),
    };
    Section::of(vec![
        paragraph(format!(
            "Player-dealer game: {} player{} besides the player-dealer, strategy {}, Blind {}, Trips {}",
            r.seats,
            if r.seats == 1 { "" } else { "s" },
            r.strategy,
            r.blind,
            r.trips.as_deref().unwrap_or("none")
        )),
        paragraph(format!(
            "Bank {bank}, win cap {}, fees {fees}; {} rotations ({} rounds), seed {}, {}-card deck",
            if r.win_cap { "on" } else { "off" },
            r.rotations,
            r.rounds,
            r.seed,
            r.deck_size
        )),
        paragraph(if r.linear {
            "Exact: the bank covers every round, so each expectation is exact (linearity); the simulation is checked against it.".to_string()
        } else {
            "Simulated: the bank limit makes the result depend on the settlement order; fees are exact (they do not depend on the bank).".to_string()
        }),
    ])
}

/// Columns: the first left-aligned (two spaces in), the others
/// right-aligned at these least widths, one space apart.
fn columns(first: (&str, usize), others: &[(&str, usize)]) -> Vec<Column> {
    let mut columns = vec![Column::left(first.0).at_least(first.1)];
    columns.extend(
        others
            .iter()
            .map(|(name, width)| Column::right(name).at_least(*width).spaced(1)),
    );
    columns
}

fn position_row(p: &PositionReport) -> Vec<Cell> {
    let who = match p.player {
        Some(k) => format!("{} (P{k})", p.position),
        None => p.position.clone(),
    };
    [
        who,
        money(p.before_fees.mean),
        format!("{:.4}", p.before_fees.std_error),
        opt_money(&p.before_fees_exact),
        inside(&p.before_fees, &p.before_fees_exact).to_string(),
        format!("{:.4}", p.fees),
        money(p.after_fees.mean),
        format!("{:.4}", p.after_fees.std_error),
        opt_money(&p.after_fees_exact),
        format!("{:.3}", p.std_dev),
        format!("{:.4}", p.covered),
        format!("{:.4}", p.uncovered),
    ]
    .map(Cell::plain)
    .to_vec()
}

/// Rows of a position and a text, four spaces in (no header line in text).
fn position_rows(rows: Vec<(String, String)>, second: &str) -> Block {
    Block::Rows(Table {
        columns: vec![
            Column::left("position").at_least(15).spaced(4),
            Column::left(second).spaced(1),
        ],
        rows: rows
            .into_iter()
            .map(|(a, b)| vec![Cell::plain(a), Cell::plain(b)])
            .collect(),
    })
}

/// One arrangement's section: who banks, each position's result per round.
fn arrangement_section(a: &ArrangementReport) -> Section {
    let mut blocks = vec![paragraph(match a.banker {
        Some(b) => format!(
            "Per round, dollars, while player P{b} banks ({} rounds):",
            a.rounds
        ),
        None => format!(
            "Per round, dollars, every player-dealer pooled (all players wager alike; {} rounds):",
            a.rounds
        ),
    })];
    blocks.push(Block::Table(Table {
        columns: columns(
            ("position", 19),
            &[
                ("before", 10),
                ("std err", 9),
                ("exact", 10),
                ("inside", 6),
                ("fees", 9),
                ("after", 10),
                ("std err", 9),
                ("exact", 10),
                ("std dev", 9),
                ("covered", 9),
                ("uncovered", 9),
            ],
        ),
        rows: a.positions.iter().map(position_row).collect(),
    }));
    blocks.push(note(format!(
        "card room fees per round {} (exact {})",
        money(a.room_fees.mean),
        opt_money(&a.room_fees_exact)
    )));
    blocks.push(note(format!(
        "bank exhausted:      {}",
        pct(&a.bank_exhausted)
    )));
    blocks.push(note(format!(
        "win cap reached:     {}",
        pct(&a.win_cap_reached)
    )));
    blocks.push(note(format!(
        "a wager returned:    {}",
        pct(&a.any_returned)
    )));
    blocks.push(note(format!(
        "zero-sum: {}",
        if a.zero_sum {
            "every round added up to 0 between the seats, the player-dealer and the fees"
        } else {
            "VIOLATED"
        }
    )));
    let fraction = |f: &Option<Fraction>| f.as_ref().map_or("-".to_string(), Fraction::to_string);
    let exact: Vec<(String, String)> = a
        .positions
        .iter()
        .filter(|p| {
            p.before_fees_exact.is_some() || p.fees_exact.as_ref().is_some_and(|f| !f.is_zero())
        })
        .map(|p| {
            (
                p.position.clone(),
                format!(
                    "before fees {}   fees {}   after fees {}",
                    fraction(&p.before_fees_exact),
                    fraction(&p.fees_exact),
                    fraction(&p.after_fees_exact),
                ),
            )
        })
        .collect();
    if !exact.is_empty() {
        blocks.push(note("exact fractions (dollars per round):".to_string()));
        blocks.push(position_rows(exact, "exact"));
    }
    blocks.push(note(
        "percentiles of the round result after fees (dollars):".to_string(),
    ));
    let percentiles = a
        .positions
        .iter()
        .map(|p| {
            let cells: Vec<String> = p
                .percentiles
                .iter()
                .map(|q| format!("{}%: {:+.2}", q.percent, q.dollars))
                .collect();
            (p.position.clone(), cells.join("  "))
        })
        .collect();
    blocks.push(position_rows(percentiles, "percentiles"));
    Section::of(blocks)
}

/// The rotation's section: each player's result over a rotation.
fn rotation_section(r: &PlayerDealerReport) -> Section {
    let rot = &r.rotation;
    let rows = rot
        .players
        .iter()
        .map(|p| {
            [
                format!("P{}", p.player),
                dollars(p.ante.clone()),
                dollars(p.trips.clone()),
                money(p.before_fees.mean),
                format!("{:.4}", p.before_fees.std_error),
                opt_money(&p.before_fees_exact),
                inside(&p.before_fees, &p.before_fees_exact).to_string(),
                money(p.after_fees.mean),
                format!("{:.4}", p.after_fees.std_error),
                opt_money(&p.after_fees_exact),
            ]
            .map(Cell::plain)
            .to_vec()
        })
        .collect();
    Section::of(vec![
        paragraph(format!(
            "Rotation: {} rounds, each player banks 2 in turn (dollars per rotation):",
            rot.rounds
        )),
        Block::Table(Table {
            columns: columns(
                ("player", 7),
                &[
                    ("Ante", 9),
                    ("Trips", 9),
                    ("before", 10),
                    ("std err", 9),
                    ("exact", 10),
                    ("inside", 6),
                    ("after", 10),
                    ("std err", 9),
                    ("exact", 10),
                ],
            ),
            rows,
        }),
        note(format!("fair: {} ({})", rot.verdict, rot.reason)),
        note(format!(
            "card room fees per rotation {} (exact {}); per hour at {} rounds an hour {:.2} (exact {})",
            money(rot.fees.mean),
            opt_money(&rot.fees_exact),
            rot.rounds_per_hour,
            rot.fees_per_hour,
            rot.fees_per_hour_exact
                .as_ref()
                .map_or("-".to_string(), |f| format!("{} = {:.4}", f, f.to_f64()))
        )),
    ])
}

/// The player-dealer run as a document: the settings, a section per
/// arrangement, the rotation; with the CSV records ([`CSV_COLUMNS`]) and
/// the JSON body (`{"player_dealer": ...}`).
pub fn document(r: &PlayerDealerReport, provenance: Option<Provenance>) -> Document<'_> {
    #[derive(serde::Serialize)]
    struct Body<'a> {
        player_dealer: &'a PlayerDealerReport,
    }
    let mut sections = vec![header(r)];
    sections.extend(r.arrangements.iter().map(arrangement_section));
    sections.push(rotation_section(r));
    Document {
        sections,
        provenance,
        csv: Some(csv_records(r)),
        json: Some(Box::new(Body { player_dealer: r })),
        ..Document::default()
    }
}

/// The document as aligned text (the submission report shows it
/// preformatted).
fn text(r: &PlayerDealerReport) -> String {
    let mut bytes = Vec::new();
    super::render(super::Format::Table, &document(r, None), &mut bytes).expect("writing to memory");
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The CSV columns: one row per position per player-dealer (`row =
/// position`, the card room's fees as position `card room`) and one per
/// player over a rotation (`row = rotation`, the card room as player
/// `card room`). Money in dollars; `*_exact` are exact fractions, empty
/// where not known; `banker` is empty when pooled.
pub const CSV_COLUMNS: [&str; 19] = [
    "row",
    "banker",
    "position",
    "player",
    "rounds",
    "before_fees",
    "before_fees_se",
    "before_fees_exact",
    "fees",
    "fees_exact",
    "after_fees",
    "after_fees_se",
    "after_fees_exact",
    "std_dev",
    "at_stake",
    "uncovered",
    "covered",
    "bank_exhausted",
    "win_cap_reached",
];

/// The CSV records (see [`CSV_COLUMNS`]).
fn csv_records(r: &PlayerDealerReport) -> Records {
    let mut records: Vec<Vec<String>> = Vec::new();
    let exact = |f: &Option<Fraction>| f.as_ref().map_or(String::new(), Fraction::to_string);
    for a in &r.arrangements {
        let banker = a.banker.map_or(String::new(), |b| b.to_string());
        for p in &a.positions {
            let dealer = p.position == "player-dealer";
            let bank = |e: &Estimate| {
                if dealer {
                    e.mean.to_string()
                } else {
                    String::new()
                }
            };
            records.push(vec![
                "position".to_string(),
                banker.clone(),
                p.position.clone(),
                p.player.map_or(String::new(), |k| k.to_string()),
                a.rounds.to_string(),
                p.before_fees.mean.to_string(),
                p.before_fees.std_error.to_string(),
                exact(&p.before_fees_exact),
                p.fees.to_string(),
                exact(&p.fees_exact),
                p.after_fees.mean.to_string(),
                p.after_fees.std_error.to_string(),
                exact(&p.after_fees_exact),
                p.std_dev.to_string(),
                p.at_stake.to_string(),
                p.uncovered.to_string(),
                p.covered.to_string(),
                bank(&a.bank_exhausted),
                bank(&a.win_cap_reached),
            ]);
        }
        let mut room = vec![String::new(); CSV_COLUMNS.len()];
        room[0] = "position".into();
        room[1] = banker.clone();
        room[2] = "card room".into();
        room[4] = a.rounds.to_string();
        room[8] = a.room_fees.mean.to_string();
        room[9] = exact(&a.room_fees_exact);
        records.push(room);
    }
    let rot = &r.rotation;
    for p in &rot.players {
        let mut row = vec![String::new(); CSV_COLUMNS.len()];
        row[0] = "rotation".into();
        row[3] = p.player.to_string();
        row[4] = rot.rounds.to_string();
        row[5] = p.before_fees.mean.to_string();
        row[6] = p.before_fees.std_error.to_string();
        row[7] = exact(&p.before_fees_exact);
        row[10] = p.after_fees.mean.to_string();
        row[11] = p.after_fees.std_error.to_string();
        row[12] = exact(&p.after_fees_exact);
        records.push(row);
    }
    let mut row = vec![String::new(); CSV_COLUMNS.len()];
    row[0] = "rotation".into();
    row[3] = "card room".into();
    row[4] = rot.rounds.to_string();
    row[8] = rot.fees.mean.to_string();
    row[9] = exact(&rot.fees_exact);
    records.push(row);
    Records {
        columns: CSV_COLUMNS.iter().map(|c| c.to_string()).collect(),
        rows: records,
    }
}

/// The section of the submission report: a heading and the text table,
/// preformatted.
pub fn section(r: &PlayerDealerReport) -> super::document::Section {
    Section {
        id: Some("player-dealer".into()),
        blocks: vec![
            Block::Heading(2, Text::plain("Player-dealer game (California)")),
            Block::Preformatted(text(r)),
        ],
    }
}
