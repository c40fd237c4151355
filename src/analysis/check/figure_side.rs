//! A published figure's sign, as its name fixes it, applied to the
//! definitions `check` tries: a "house edge" is compared only with the
//! definitions of the house edge (expected loss per unit, positive when the
//! house wins), a "player edge" or "return" only with the player's expected
//! result, a "return to player" only with 1 minus the house edge. Without
//! this a published house edge of `-0.90%` was reproduced by the expected
//! return, and a player edge of `0.90%` by the house edge.

use super::verdict::{Candidate, CheckError};
use crate::rules::paytable::{FigureSide, PublishedFigure};

/// The side of `figure` as its name says, with `candidates` narrowed to the
/// definitions of that side; a name that names no side leaves them all. A
/// name that names two sides, or a recorded `measure` of another side than
/// the name's, is an error naming the table and the figure.
pub fn keep_named_side(
    paytable: &str,
    figure: &PublishedFigure,
    candidates: &mut Vec<Candidate>,
) -> Result<Option<FigureSide>, CheckError> {
    let side = FigureSide::of_name(&figure.name).map_err(|why| CheckError::BadName {
        paytable: paytable.to_string(),
        name: figure.name.clone(),
        why,
    })?;
    let Some(side) = side else {
        return Ok(None);
    };
    let of_side = |c: &Candidate| c.side == Some(side);
    if let Some(measure) = &figure.measure {
        let other_side = candidates
            .iter()
            .any(|c| c.own && c.id == *measure && !of_side(c));
        if other_side {
            return Err(CheckError::MeasureOfOtherSide {
                paytable: paytable.to_string(),
                name: figure.name.clone(),
                measure: measure.clone(),
                side,
                known: candidates
                    .iter()
                    .filter(|c| c.own && of_side(c))
                    .map(|c| c.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
    }
    candidates.retain(of_side);
    Ok(Some(side))
}
