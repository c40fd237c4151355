//! One published figure checked against the definitions of its wager: the
//! printed value read, the definitions of the figure's side kept
//! ([`super::figure_side`]), the recorded measure checked, the verdict.

use super::figure_side;
use super::verdict::{Candidate, CheckError, FigureCheck, Owner, Verdict};
use crate::rules::paytable::{PrintedValue, PublishedFigure};

/// Checks one figure of `owner` against `candidates`.
pub fn check_figure(
    owner: Owner,
    figure: &PublishedFigure,
    mut candidates: Vec<Candidate>,
) -> Result<FigureCheck, CheckError> {
    let printed = PrintedValue::parse(&figure.value).ok_or_else(|| CheckError::BadValue {
        paytable: owner.paytable.clone(),
        name: figure.name.clone(),
        value: figure.value.clone(),
    })?;
    figure_side::keep_named_side(&owner.paytable, figure, &mut candidates)?;
    if let Some(measure) = &figure.measure {
        if !candidates.iter().any(|c| c.own && c.id == *measure) {
            return Err(CheckError::UnknownMeasure {
                paytable: owner.paytable.clone(),
                name: figure.name.clone(),
                measure: measure.clone(),
                known: candidates
                    .iter()
                    .filter(|c| c.own)
                    .map(|c| c.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
    }
    let target = printed.value();
    candidates.sort_by_key(|c| (c.value.clone() - target.clone()).abs());
    let mut check = FigureCheck {
        wager: owner.wager,
        paytable: owner.paytable,
        wager_amount: owner.wager_amount,
        figure: figure.clone(),
        printed,
        verdict: Verdict::NotReproduced,
        candidates,
    };
    check.verdict = if !check.reproduced_by().is_empty() {
        Verdict::Reproduced
    } else if figure.known_discrepancy.is_some() {
        Verdict::KnownDiscrepancy
    } else {
        Verdict::NotReproduced
    };
    Ok(check)
}
