//! The `what-if` command's settings: the table, the pay line edited (its
//! name read as the table's wager names it), the amount wagered, and the
//! question (a target house edge or a sweep of pays), every edited table
//! checked before any work.

use super::TableReader;
use crate::cli::args::WhatIfArgs;
use uth_edge::analysis::{catalog, what_if};
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::money::parse_dollars;
use uth_edge::rules::paytable::{PayTable, PayingHand, TwoCardHand, WagerKind};

/// The question `what-if` answers.
pub enum WhatIfQuestion {
    /// The pay that gives this house edge.
    Target(Fraction),
    /// The house edge at each of these pays.
    Sweep(Vec<Fraction>),
}

/// What `what-if` edits and asks.
pub struct WhatIfSettings {
    pub table: PayTable,
    pub hand: PayingHand,
    pub amount: Fraction,
    pub question: WhatIfQuestion,
}

impl WhatIfSettings {
    /// Reads and checks the `what-if` command's flags.
    pub fn read(reader: &mut TableReader, args: &WhatIfArgs) -> Result<WhatIfSettings, InputError> {
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
        let table = reader.read(&args.paytable)?;
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
        super::wager_meant(args.wager.as_slice(), std::slice::from_ref(&table))?;
        let amount = match &args.wager {
            Some(text) => parse_dollars("wager", text)?,
            None => Fraction::from_int(catalog::DEFAULT_SIX_CARD_WAGER),
        };
        let usage = |e: what_if::WhatIfError| InputError::usage(e.to_string());
        // Checks the line before any work.
        what_if::edit_pay(&table, hand, &Fraction::ONE).map_err(usage)?;
        // Every edited table of a sweep is re-validated before any work.
        let question = match args.sweep.as_deref() {
            Some(text) => {
                let pays = super::parse_sweep(text)?;
                what_if::check_pays(&table, hand, &pays).map_err(usage)?;
                WhatIfQuestion::Sweep(pays)
            }
            None => {
                let text = args
                    .edge
                    .as_deref()
                    .ok_or_else(|| InputError::usage("what-if needs --edge or --sweep"))?;
                WhatIfQuestion::Target(super::parse_edge(text)?)
            }
        };
        Ok(WhatIfSettings {
            table,
            hand,
            amount,
            question,
        })
    }
}
