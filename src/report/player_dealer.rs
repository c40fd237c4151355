//! The report of a player-dealer run
//! ([`crate::sample::player_dealer::PlayerDealerReport`]) in each output
//! format: aligned text ([`write_table`]), CSV ([`write_csv`], columns
//! [`CSV_COLUMNS`]), JSON ([`write_json`]), Markdown (the text in a code
//! block), and the HTML section of `report --player-dealer`
//! ([`html_section`]); [`WRITERS`] names them for
//! [`super::export_document`], which picks one by [`super::Format`].

use super::DocumentWriters;
use crate::analysis::provenance::Provenance;
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::sample::player_dealer::{PlayerDealerReport, PositionReport};
use crate::sample::Estimate;
use std::io::{self, Write};

/// Its writers in each format, for [`super::export_document`] (Markdown:
/// the table in a code block; HTML refused).
pub const WRITERS: DocumentWriters<PlayerDealerReport> = DocumentWriters {
    table: write_table,
    csv: write_csv,
    json: write_json,
    no_html: "the player-dealer report has no HTML format of its own (see report --player-dealer)",
};

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

/// The settings lines.
fn header(r: &PlayerDealerReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "Player-dealer game: {} player{} besides the player-dealer, strategy {}, Blind {}, Trips {}",
        r.seats,
        if r.seats == 1 { "" } else { "s" },
        r.strategy,
        r.blind,
        r.trips.as_deref().unwrap_or("none")
    )?;
    let bank = r
        .bank
        .as_ref()
        .map_or("unlimited".to_string(), |b| dollars(b.clone()));
    let fees = match &r.fees {
        Some(id) if r.fees_example => format!("{id} (EXAMPLE figures, not a card room's)"),
        Some(id) => id.clone(),
        None => "none".to_string(),
    };
    writeln!(
        out,
        "Bank {bank}, win cap {}, fees {fees}; {} rotations ({} rounds), seed {}, {}-card deck",
        if r.win_cap { "on" } else { "off" },
        r.rotations,
        r.rounds,
        r.seed,
        r.deck_size
    )?;
    if r.linear {
        writeln!(
            out,
            "Exact: the bank covers every round, so each expectation is exact (linearity); the simulation is checked against it."
        )?;
    } else {
        writeln!(
            out,
            "Simulated: the bank limit makes the result depend on the settlement order; fees are exact (they do not depend on the bank)."
        )?;
    }
    Ok(())
}

fn position_line(p: &PositionReport, out: &mut dyn Write) -> io::Result<()> {
    let who = match p.player {
        Some(k) => format!("{} (P{k})", p.position),
        None => p.position.clone(),
    };
    writeln!(
        out,
        "  {:<19} {:>10} {:>9} {:>10} {:>6} {:>9} {:>10} {:>9} {:>10} {:>9} {:>9} {:>9}",
        who,
        money(p.before_fees.mean),
        format!("{:.4}", p.before_fees.std_error),
        opt_money(&p.before_fees_exact),
        inside(&p.before_fees, &p.before_fees_exact),
        format!("{:.4}", p.fees),
        money(p.after_fees.mean),
        format!("{:.4}", p.after_fees.std_error),
        opt_money(&p.after_fees_exact),
        format!("{:.3}", p.std_dev),
        format!("{:.4}", p.covered),
        format!("{:.4}", p.uncovered),
    )
}

/// Human-readable text.
pub fn write_table(r: &PlayerDealerReport, out: &mut dyn Write) -> io::Result<()> {
    header(r, out)?;
    for a in &r.arrangements {
        writeln!(out)?;
        match a.banker {
            Some(b) => writeln!(out, "Per round, dollars, while player P{b} banks ({} rounds):", a.rounds)?,
            None => writeln!(
                out,
                "Per round, dollars, every player-dealer pooled (all players wager alike; {} rounds):",
                a.rounds
            )?,
        }
        writeln!(
            out,
            "  {:<19} {:>10} {:>9} {:>10} {:>6} {:>9} {:>10} {:>9} {:>10} {:>9} {:>9} {:>9}",
            "position",
            "before",
            "std err",
            "exact",
            "inside",
            "fees",
            "after",
            "std err",
            "exact",
            "std dev",
            "covered",
            "uncovered"
        )?;
        for p in &a.positions {
            position_line(p, out)?;
        }
        writeln!(
            out,
            "  card room fees per round {} (exact {})",
            money(a.room_fees.mean),
            opt_money(&a.room_fees_exact)
        )?;
        writeln!(out, "  bank exhausted:      {}", pct(&a.bank_exhausted))?;
        writeln!(out, "  win cap reached:     {}", pct(&a.win_cap_reached))?;
        writeln!(out, "  a wager returned:    {}", pct(&a.any_returned))?;
        writeln!(
            out,
            "  zero-sum: {}",
            if a.zero_sum {
                "every round added up to 0 between the seats, the player-dealer and the fees"
            } else {
                "VIOLATED"
            }
        )?;
        let exact: Vec<&PositionReport> = a
            .positions
            .iter()
            .filter(|p| {
                p.before_fees_exact.is_some() || p.fees_exact.as_ref().is_some_and(|f| !f.is_zero())
            })
            .collect();
        if !exact.is_empty() {
            writeln!(out, "  exact fractions (dollars per round):")?;
            for p in exact {
                writeln!(
                    out,
                    "    {:<15} before fees {}   fees {}   after fees {}",
                    p.position,
                    p.before_fees_exact
                        .as_ref()
                        .map_or("-".to_string(), Fraction::to_string),
                    p.fees_exact
                        .as_ref()
                        .map_or("-".to_string(), Fraction::to_string),
                    p.after_fees_exact
                        .as_ref()
                        .map_or("-".to_string(), Fraction::to_string),
                )?;
            }
        }
        writeln!(
            out,
            "  percentiles of the round result after fees (dollars):"
        )?;
        for p in &a.positions {
            let cells: Vec<String> = p
                .percentiles
                .iter()
                .map(|q| format!("{}%: {:+.2}", q.percent, q.dollars))
                .collect();
            writeln!(out, "    {:<15} {}", p.position, cells.join("  "))?;
        }
    }
    let rot = &r.rotation;
    writeln!(out)?;
    writeln!(
        out,
        "Rotation: {} rounds, each player banks 2 in turn (dollars per rotation):",
        rot.rounds
    )?;
    writeln!(
        out,
        "  {:<7} {:>9} {:>9} {:>10} {:>9} {:>10} {:>6} {:>10} {:>9} {:>10}",
        "player",
        "Ante",
        "Trips",
        "before",
        "std err",
        "exact",
        "inside",
        "after",
        "std err",
        "exact"
    )?;
    for p in &rot.players {
        writeln!(
            out,
            "  {:<7} {:>9} {:>9} {:>10} {:>9} {:>10} {:>6} {:>10} {:>9} {:>10}",
            format!("P{}", p.player),
            dollars(p.ante.clone()),
            dollars(p.trips.clone()),
            money(p.before_fees.mean),
            format!("{:.4}", p.before_fees.std_error),
            opt_money(&p.before_fees_exact),
            inside(&p.before_fees, &p.before_fees_exact),
            money(p.after_fees.mean),
            format!("{:.4}", p.after_fees.std_error),
            opt_money(&p.after_fees_exact),
        )?;
    }
    writeln!(out, "  fair: {} ({})", rot.verdict, rot.reason)?;
    writeln!(
        out,
        "  card room fees per rotation {} (exact {}); per hour at {} rounds an hour {:.2} (exact {})",
        money(rot.fees.mean),
        opt_money(&rot.fees_exact),
        rot.rounds_per_hour,
        rot.fees_per_hour,
        rot.fees_per_hour_exact
            .as_ref()
            .map_or("-".to_string(), |f| format!("{} = {:.4}", f, f.to_f64()))
    )?;
    Ok(())
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

/// CSV (see [`CSV_COLUMNS`]).
pub fn write_csv(r: &PlayerDealerReport, out: &mut dyn Write) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    let err = |e: csv::Error| io::Error::other(e.to_string());
    w.write_record(CSV_COLUMNS).map_err(err)?;
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
            w.write_record([
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
            ])
            .map_err(err)?;
        }
        let mut room = vec![String::new(); CSV_COLUMNS.len()];
        room[0] = "position".into();
        room[1] = banker.clone();
        room[2] = "card room".into();
        room[4] = a.rounds.to_string();
        room[8] = a.room_fees.mean.to_string();
        room[9] = exact(&a.room_fees_exact);
        w.write_record(&room).map_err(err)?;
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
        w.write_record(&row).map_err(err)?;
    }
    let mut row = vec![String::new(); CSV_COLUMNS.len()];
    row[0] = "rotation".into();
    row[3] = "card room".into();
    row[4] = rot.rounds.to_string();
    row[8] = rot.fees.mean.to_string();
    row[9] = exact(&rot.fees_exact);
    w.write_record(&row).map_err(err)?;
    w.flush()
}

/// JSON: `{"tool_version", "schema_version", ["provenance",]
/// "player_dealer": ...}`, the report's fields (documented in
/// `docs/output-formats.md`).
pub fn write_json(
    r: &PlayerDealerReport,
    provenance: Option<&Provenance>,
    out: &mut dyn Write,
) -> io::Result<()> {
    #[derive(serde::Serialize)]
    struct Document<'a> {
        player_dealer: &'a PlayerDealerReport,
    }
    super::write_document(Document { player_dealer: r }, provenance, out)
}

/// The section of the submission report: a heading and the text table,
/// preformatted.
pub fn section(r: &PlayerDealerReport) -> super::document::Section {
    use super::document::{Block, Section, Text};
    let mut text = Vec::new();
    write_table(r, &mut text).expect("writing to memory");
    Section {
        id: Some("player-dealer".into()),
        blocks: vec![
            Block::Heading(2, Text::plain("Player-dealer game (California)")),
            Block::Preformatted(String::from_utf8_lossy(&text).into_owned()),
        ],
    }
}

/// The section of the HTML report: the text table in a `<pre>` block, with
/// a heading.
pub fn html_section(r: &PlayerDealerReport) -> String {
    let mut text = Vec::new();
    write_table(r, &mut text).expect("writing to memory");
    format!(
        "<section id=\"player-dealer\">\n<h2>Player-dealer game (California)</h2>\n<pre>{}</pre>\n</section>\n",
        super::html::escape(&String::from_utf8_lossy(&text))
    )
}
