//! The `progressive` command's results with meters: the long run of each
//! table with meters ([`uth_edge::exact::meter_long_run`]), the snapshot
//! at `--meter` for the others (and for tables with meters when `--meter`
//! is given). The meter flags are read and checked in
//! [`crate::cli::settings`] (`read_meters`).

use super::parse::ProgressiveSettings;
use uth_edge::error::InputError;
use uth_edge::exact::meter_long_run::{long_run_result, LongRunSettings};
use uth_edge::exact::progressive::{self, count_progressive_deals};
use uth_edge::money::dollars;
use uth_edge::progress::Progress;
use uth_edge::report::document::Document;
use uth_edge::result::WagerResult;

/// The results of `progressive`: for each table, the long run at each
/// wager and number of other players when the table has meters (and the
/// snapshot at each `--meter` if given), else the snapshot as before.
pub fn results(
    s: &ProgressiveSettings,
    long_run: Option<&LongRunSettings>,
    meter_given: bool,
    progress: &dyn Progress,
) -> Result<Vec<WagerResult>, InputError> {
    let mut results = Vec::new();
    for t in &s.tables {
        let counts = count_progressive_deals(t.rules.progressive_hand, progress);
        let long = long_run.filter(|_| !t.rules.meters.is_empty());
        if let Some(settings) = long {
            for w in &s.wagers {
                for &n in &s.players {
                    results.push(long_run_result(t, counts, w.clone(), n, settings)?);
                }
            }
        }
        if long.is_none() || meter_given {
            for w in &s.wagers {
                for m in &s.meters {
                    for &n in &s.players {
                        results.push(progressive::progressive_result(
                            t,
                            counts,
                            w.clone(),
                            m.clone(),
                            n,
                        ));
                    }
                }
            }
        }
    }
    Ok(results)
}

/// `--simulate N`: the meters of every table with meters run wager by wager
/// ([`uth_edge::sample::meter`]), for each number of other players: each
/// wager size's return per dollar with its 95% interval beside the exact
/// long run (or no interval, with the reason, when the run has too few
/// cycles), and the resets of each meter; as a text table.
pub fn simulation(
    s: &ProgressiveSettings,
    long_run: &LongRunSettings,
    hands: u64,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Document<'static>, InputError> {
    use uth_edge::report::document::{Block, Cell, Column, Section, Table, Text};
    use uth_edge::sample::meter::{simulate_meters, Interval, MeterRun, MIN_CYCLES};
    let mut table = Table {
        columns: vec![
            Column::left("pay table"),
            Column::right("players"),
            Column::right("wager"),
            Column::right("wagers"),
            Column::right("return per $"),
            Column::right("std error"),
            Column::right("95% CI"),
            Column::right("exact long run"),
            Column::left("inside"),
        ],
        rows: Vec::new(),
    };
    let mut resets = Vec::new();
    for t in s.tables.iter().filter(|t| !t.rules.meters.is_empty()) {
        let counts = count_progressive_deals(t.rules.progressive_hand, progress);
        for &players in &s.players {
            let run = MeterRun {
                hands,
                seed,
                players,
                settings: long_run.clone(),
            };
            let sample = simulate_meters(t, &run);
            for w in &sample.by_wager {
                let exact =
                    -long_run_result(t, counts, w.wager.clone(), players, long_run)?.house_edge;
                let e = &w.estimate;
                let (low, high) = (e.ci95_low, e.ci95_high);
                let (se, ci, inside) = if w.has_interval() {
                    (
                        format!("{:.6}", e.std_error),
                        format!("[{low:+.6}, {high:+.6}]"),
                        if e.covers(exact.to_f64()) {
                            "yes"
                        } else {
                            "NO"
                        },
                    )
                } else {
                    ("-".to_string(), "none: N too small".to_string(), "-")
                };
                table.rows.push(vec![
                    Cell::plain(&t.id),
                    Cell::plain(players.to_string()),
                    Cell::plain(dollars(&w.wager)),
                    Cell::plain(w.hands.to_string()),
                    Cell::plain(format!("{:+.6}", e.mean)),
                    Cell::plain(se),
                    Cell::plain(ci),
                    Cell::decimal(format!("{:+.6}", exact.to_f64()), exact.to_string()),
                    Cell::plain(inside),
                ]);
            }
            let per_meter: Vec<String> = t
                .rules
                .meters
                .iter()
                .zip(&sample.resets)
                .map(|(m, n)| format!("{} {n}", m.name))
                .collect();
            let interval = match sample.interval {
                Interval::Regenerative { cycles, wagers } => format!(
                    "95% interval by the meter's resets: {cycles} complete cycles ({wagers} wagers; those after the last reset left out), t on {} degrees of freedom",
                    cycles - 1
                ),
                Interval::BatchMeans { batches } => format!(
                    "95% interval by batch means: {batches} batches, each at least 10 times the wagers per drain of the slowest meter"
                ),
                Interval::TooShort {
                    regenerative: true,
                    cycles,
                } => format!(
                    "no interval: N is too small, {cycles} complete cycles between resets, at least {MIN_CYCLES} needed; the return is over every wager"
                ),
                Interval::TooShort { cycles, .. } => format!(
                    "no interval: N is too small, room for {cycles} batches of 10 times the wagers per drain of the slowest meter, at least {MIN_CYCLES} needed; the return is over every wager"
                ),
            };
            resets.push(Text::plain(format!(
                "{}, {players} other players: resets {}; {interval}",
                t.id,
                per_meter.join(", ")
            )));
        }
    }
    Ok(Document {
        sections: vec![Section::of(vec![
            Block::Heading(
                2,
                Text::plain(format!(
                    "Simulation of the meters: {hands} wagers, seed {seed}, one stream (the meter carries from wager to wager)"
                )),
            ),
            Block::Table(table),
            Block::List(resets),
        ])],
        ..Document::default()
    })
}
