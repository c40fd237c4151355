//! The settings of `what-if --add/--remove/--vary`: the table, the amount
//! wagered, the lines added or taken out (the edited table), and for a
//! family of tables the lines varied, the band, the order and how many to
//! print; the family's size and lines checked before any computation.

use super::TableReader;
use crate::cli::args::WhatIfArgs;
use uth_edge::analysis::catalog;
use uth_edge::analysis::what_if::edit::{self, LineEdit};
use uth_edge::analysis::what_if::family::{self, Rank, Varied};
use uth_edge::analysis::what_if::WhatIfError;
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::message::shown;
use uth_edge::money::parse_dollars;
use uth_edge::rules::paytable::PayTable;

/// What `what-if --add/--remove/--vary` runs on.
pub struct WhatIfEditSettings {
    /// The table as given.
    pub table: PayTable,
    /// The table with the lines added and taken out.
    pub edited: PayTable,
    /// Six Card Bonus: the amount wagered in dollars.
    pub amount: Fraction,
    /// With `--vary`: the family of tables searched.
    pub family: Option<FamilySearch>,
}

/// A family of tables (`--vary`): the lines varied, the band of house
/// edges kept, their order and how many to print.
pub struct FamilySearch {
    pub varied: Vec<Varied>,
    pub band: Option<(Fraction, Fraction)>,
    pub rank: Rank,
    pub top: usize,
}

impl WhatIfEditSettings {
    /// Reads and checks the flags; for a family, its size and lines too.
    pub fn read(
        args: &WhatIfArgs,
        reader: &mut TableReader,
    ) -> Result<WhatIfEditSettings, InputError> {
        let usage = |e: WhatIfError| InputError::usage(e.to_string());
        let table = reader.read(&args.paytable)?;
        super::wager_meant(args.wager.as_slice(), std::slice::from_ref(&table))?;
        let amount = match &args.wager {
            Some(text) => parse_dollars("wager", text).map_err(InputError::from)?,
            None => Fraction::from_int(catalog::DEFAULT_SIX_CARD_WAGER),
        };
        let mut edits = Vec::new();
        for text in &args.remove {
            edits.push(LineEdit::Remove(
                edit::parse_hand(&table, text).map_err(usage)?,
            ));
        }
        for text in &args.add {
            edits.push(edit::parse_add(&table, text).map_err(usage)?);
        }
        let edited = edit::apply(&table, &edits).map_err(usage)?;
        if args.vary.is_empty() {
            return Ok(WhatIfEditSettings {
                table,
                edited,
                amount,
                family: None,
            });
        }
        let varied = args
            .vary
            .iter()
            .map(|text| family::parse_vary(&edited, text))
            .collect::<Result<Vec<_>, _>>()
            .map_err(usage)?;
        for v in &varied {
            if edits.iter().any(|e| match e {
                LineEdit::Add(h, _) | LineEdit::Remove(h) => *h == v.hand,
            }) {
                return Err(InputError::usage(format!(
                    "--vary {}: the line is also added or taken out; vary it alone (its values may include out)",
                    v.hand.name()
                )));
            }
        }
        let band = args
            .band
            .as_deref()
            .map(|text| family::parse_band(&edited, text))
            .transpose()
            .map_err(usage)?;
        let rank_name = args.rank.as_deref().unwrap_or("hit-frequency");
        let rank = Rank::from_name(rank_name).ok_or_else(|| {
            InputError::usage(format!(
                "--rank {}: expected hit-frequency or volatility",
                shown(rank_name)
            ))
        })?;
        // The size and the lines are checked before any computation.
        family::check_family(&edited, &varied).map_err(usage)?;
        Ok(WhatIfEditSettings {
            table,
            edited,
            amount,
            family: Some(FamilySearch {
                varied,
                band,
                rank,
                top: args.top.unwrap_or(20),
            }),
        })
    }
}
