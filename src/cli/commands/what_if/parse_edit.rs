//! The parse of `what-if --add/--remove/--vary` into one [`WhatIf`]: the
//! table, the amount wagered, the lines added or taken out (the edited
//! table), and for a family of tables the lines varied, the band, the
//! order and how many to print; the family's size and lines checked
//! before any computation.

use super::parse::{amount_of, table_of};
use super::{FamilySearch, WhatIf, WhatIfArgs};
use crate::cli::settings::TableReader;
use uth_edge::analysis::what_if::edit::{self, LineEdit};
use uth_edge::analysis::what_if::family::{self, Rank};
use uth_edge::analysis::what_if::WhatIfError;
use uth_edge::error::InputError;
use uth_edge::message::shown;

/// Reads and checks the flags of the line edits and the family; for a
/// family, its size and lines too.
pub(super) fn read(args: &WhatIfArgs, reader: &mut TableReader) -> Result<WhatIf, InputError> {
    let usage = |e: WhatIfError| InputError::usage(e.to_string());
    let table = table_of(args, reader)?;
    let amount = amount_of(args, &table)?;
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
        return Ok(WhatIf::Edit {
            table,
            edited,
            amount,
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
    Ok(WhatIf::Family {
        edited,
        amount,
        search: FamilySearch {
            varied,
            band,
            rank,
            top: args.top.unwrap_or(20),
        },
    })
}
