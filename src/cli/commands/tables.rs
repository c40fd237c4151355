//! `uth-edge tables`: the built-in pay tables listed, one printed as a
//! template, or a pay-table file validated and its inputs printed
//! (every pay normalized) without computing anything.

use crate::cli::args::{TablesAction, TablesArgs};
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use std::io::Write;
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::rules::paytable::{Award, PayTable, PayingHand, WagerKind};

/// Runs `tables`.
pub fn run(args: TablesArgs, reader: &mut TableReader) -> anyhow::Result<()> {
    let mut out = Output::open(None)?;
    match args.action.unwrap_or(TablesAction::List) {
        TablesAction::List => {
            let ids = PayTable::builtin_ids();
            let width = ids.iter().map(|id| id.len()).max().unwrap_or(0);
            writeln!(out, "{:<width$} {:<16} title", "id", "wager")?;
            for id in ids {
                let t = PayTable::resolve(id).map_err(InputError::from)?;
                writeln!(out, "{:<width$} {:<16} {}", t.id, t.wager.name(), t.title)?;
            }
            writeln!(
                out,
                "\n`uth-edge tables show ID` prints one as a template; `uth-edge tables validate FILE` checks a file."
            )?;
        }
        TablesAction::Show { id } => {
            let text = PayTable::builtin_text(&id).ok_or_else(|| {
                InputError::usage(format!(
                    "unknown built-in pay table '{id}' (built-in ids: {})",
                    PayTable::builtin_ids().join(", ")
                ))
            })?;
            out.write_all(text.as_bytes())?;
        }
        TablesAction::Validate { file } => {
            let t = reader.read(&file)?;
            let source = reader.sources().pop().context("the table just read")?;
            writeln!(out, "{}: valid {} pay table", source.origin, t.wager.name())?;
            writeln!(out, "id:      {}", t.id)?;
            writeln!(out, "title:   {}", t.title)?;
            writeln!(out, "source:  {}", t.source)?;
            writeln!(out, "sha256:  {}", source.sha256)?;
            writeln!(out, "rules:   {}", rules_text(&t))?;
            writeln!(out, "lines (net win per unit wagered, exact):")?;
            for line in &t.lines {
                writeln!(
                    out,
                    "  {:<28} {:<18} {}{}",
                    line.hand.name(),
                    line.award.to_string(),
                    normalized(line.award),
                    hands_named(line.hand)
                )?;
            }
            if t.wager == WagerKind::UltimatePairs {
                writeln!(
                    out,
                    "(a deal matched by several lines is paid by the highest-paying one only)"
                )?;
            }
            for p in &t.published {
                writeln!(out, "published {}: {} ({})", p.name, p.value, p.source)?;
            }
        }
    }
    out.finish().context("writing the tables")
}

/// An award as the exact net win per unit wagered (`50 to 1` → `50`,
/// `3 to 2` → `3/2 = 1.5`), or what it depends on.
fn normalized(award: Award) -> String {
    match award {
        Award::Odds { win, per } => {
            let f = Fraction::new(i128::from(win), i128::from(per));
            if per == 1 {
                f.to_string()
            } else {
                format!("{f} = {}", f.to_f64())
            }
        }
        Award::Fixed { dollars } => format!("${dollars} whatever the wager"),
        Award::Meter { percent, .. } => format!("{percent}% of the meter"),
    }
}

/// For a two-card line, how many two-card hands it names: `  (12 of the
/// player's 1,326 hands)`, with the dealer's when the line names them.
fn hands_named(hand: PayingHand) -> String {
    let PayingHand::TwoCards(h) = hand else {
        return String::new();
    };
    let player = format!("{} of the player's 1,326 hands", h.player.combinations());
    match h.dealer {
        None => format!("  ({player})"),
        Some(d) => format!("  ({player}; the dealer's: {} of 1,326)", d.combinations()),
    }
}

/// The table's rule options as one line.
fn rules_text(t: &PayTable) -> String {
    let r = &t.rules;
    let ways: Vec<&str> = r.bad_beat_pays_on.iter().map(|w| w.name()).collect();
    format!(
        "trips = {}, bad beat pays on = [{}], progressive hand = {}, wager returned = {}",
        r.trips.name(),
        ways.join(", "),
        r.progressive_hand.name(),
        r.wager_returned
    )
}
