//! The parse of `what-if`'s flags into one [`WhatIf`]: the table, the
//! amount wagered and, for a line's pay, the line (its name read as the
//! table's wager names it) and the question (a target house edge or a
//! sweep of pays), every edited table checked before any work; the line
//! edits and the family of tables in `parse_edit.rs`. Nothing computed.

use super::{Line, WhatIf, WhatIfArgs};
use crate::cli::settings::{wager_meant, TableReader};
use uth_edge::analysis::{catalog, what_if};
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::message::shown;
use uth_edge::money::{parse_dollars, parse_percent, AmountError};
use uth_edge::rules::paytable::{PayTable, PayingHand, TwoCardHand, WagerKind};

impl WhatIf {
    /// Parses `what-if`'s flags: with `--add`, `--remove` or `--vary`
    /// the edited table (and the family), else `--hand` and its question.
    pub fn from_args(args: &WhatIfArgs, reader: &mut TableReader) -> Result<WhatIf, InputError> {
        if !(args.add.is_empty() && args.remove.is_empty() && args.vary.is_empty()) {
            return super::parse_edit::read(args, reader);
        }
        // The family's flags (clap's `requires = "vary"` lets them pass
        // beside --hand): refused rather than ignored.
        for (flag, given) in [
            ("band", args.band.is_some()),
            ("rank", args.rank.is_some()),
            ("top", args.top.is_some()),
        ] {
            if given {
                return Err(InputError::usage(format!(
                    "--{flag}: goes with --vary (a family of tables), not with --hand; refused rather than ignored"
                )));
            }
        }
        let table = table_of(args, reader)?;
        let hand_name = args.hand.as_deref().ok_or_else(|| {
            InputError::usage("what-if needs --hand HAND (or --add, --remove, --vary)")
        })?;
        let two_cards = || {
            (table.wager == WagerKind::UltimatePairs)
                .then(|| TwoCardHand::parse(hand_name).ok())
                .flatten()
                .map(PayingHand::TwoCards)
        };
        let hand = PayingHand::from_name(hand_name)
            .or_else(two_cards)
            .ok_or_else(|| {
                InputError::usage(format!(
                    "--hand {}: not a hand name (the table's lines: {})",
                    hand_name,
                    table
                        .lines
                        .iter()
                        .map(|l| l.hand.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?;
        let amount = amount_of(args, &table)?;
        let usage = |e: what_if::WhatIfError| InputError::usage(e.to_string());
        // Checks the line before any work.
        what_if::edit_pay(&table, hand, &Fraction::ONE).map_err(usage)?;
        let line = Line {
            table,
            hand,
            amount,
        };
        // Every edited table of a sweep is re-validated before any work.
        match args.sweep.as_deref() {
            Some(text) => {
                let pays = parse_sweep(text)?;
                what_if::check_pays(&line.table, hand, &pays).map_err(usage)?;
                Ok(WhatIf::Sweep { line, pays })
            }
            None => {
                let text = args
                    .edge
                    .as_deref()
                    .ok_or_else(|| InputError::usage("what-if needs --edge or --sweep"))?;
                let target = parse_edge(text)?;
                Ok(WhatIf::Target { line, target })
            }
        }
    }
}

/// The table of `--paytable` (given once: clap refuses none and a
/// second).
pub(super) fn table_of(
    args: &WhatIfArgs,
    reader: &mut TableReader,
) -> Result<PayTable, InputError> {
    let name = args
        .paytable
        .paytables
        .first()
        .ok_or_else(|| InputError::usage("what-if needs --paytable"))?;
    reader.read(name)
}

/// The amount wagered on `table` (`--wager`, refused without a Six Card
/// Bonus table; default $5).
pub(super) fn amount_of(args: &WhatIfArgs, table: &PayTable) -> Result<Fraction, InputError> {
    wager_meant(args.wager.as_slice(), std::slice::from_ref(table))?;
    Ok(match &args.wager {
        Some(text) => parse_dollars("wager", text)?,
        None => Fraction::from_int(catalog::DEFAULT_SIX_CARD_WAGER),
    })
}

/// A house edge such as `2%` or `-0.5%`, exactly (a bare `0.02` is
/// refused with its hint: write 2% or 0.02%).
fn parse_edge(text: &str) -> Result<Fraction, InputError> {
    parse_percent(text).map_err(|e| InputError::usage(format!("--edge {}: {e}", shown(text))))
}

/// A sweep `FROM:TO:STEP` of pays (net win per unit), exactly: FROM, FROM +
/// STEP, ... up to TO; at most 1,000 values.
fn parse_sweep(text: &str) -> Result<Vec<Fraction>, InputError> {
    let bad = |why: &str| {
        InputError::usage(format!(
            "--sweep {}: {why} (expected FROM:TO:STEP such as 3:8:0.5)",
            shown(text)
        ))
    };
    let parts: Vec<&str> = text.split(':').collect();
    let [from, to, step] = parts.as_slice() else {
        return Err(bad("three numbers separated by ':'"));
    };
    let number = |s: &str| -> Result<Fraction, InputError> {
        if s.trim_start_matches(['0', '.']).is_empty() && !s.is_empty() {
            Ok(Fraction::ZERO)
        } else {
            parse_dollars("sweep", s).map_err(|e| match e {
                AmountError::TooLarge { .. } => {
                    bad("a number is too large (at most 12 digits before the point)")
                }
                _ => bad("not a number"),
            })
        }
    };
    let (from, to, step) = (number(from)?, number(to)?, number(step)?);
    if step == Fraction::ZERO || to < from {
        return Err(bad("STEP must be above 0 and TO at least FROM"));
    }
    let mut pays = Vec::new();
    let mut p = from;
    while p <= to {
        if pays.len() == 1000 {
            return Err(bad("more than 1,000 pays"));
        }
        pays.push(p.clone());
        p = p + step.clone();
    }
    Ok(pays)
}
