//! Pay tables side by side, for an operator choosing one.
//!
//! Results are grouped by wager (a Trips table is compared with Trips
//! tables, a Blind table through the base game it makes), in the order the
//! wagers first appear, and sorted within a group by house edge, lowest
//! first (ties by pay-table id). Each row gives the house edge, the element
//! of risk, the standard deviation, the hit frequency and the pay line that
//! contributes most to the player's return (for the base game, the outcome
//! of the return table).

use crate::result::{ResultLine, WagerResult};

/// The results of one wager, best for the player first.
pub struct Group<'a> {
    /// The wager's name (`trips`, `base_game`).
    pub wager: &'a str,
    /// Lowest house edge first.
    pub rows: Vec<&'a WagerResult>,
}

/// Groups `results` by wager and sorts each group by house edge.
pub fn groups(results: &[WagerResult]) -> Vec<Group<'_>> {
    let mut groups: Vec<Group> = Vec::new();
    for r in results {
        match groups.iter_mut().find(|g| g.wager == r.wager) {
            Some(g) => g.rows.push(r),
            None => groups.push(Group {
                wager: &r.wager,
                rows: vec![r],
            }),
        }
    }
    for g in &mut groups {
        g.rows.sort_by(|a, b| {
            a.house_edge
                .cmp(&b.house_edge)
                .then_with(|| a.paytable.cmp(&b.paytable))
                .then_with(|| a.wager_amount.cmp(&b.wager_amount))
        });
    }
    groups
}

/// The line that contributes most to the return (largest part of the
/// expected net result; the first such line on a tie).
pub fn top_line(result: &WagerResult) -> Option<&ResultLine> {
    result
        .lines
        .iter()
        .fold(None, |best: Option<&ResultLine>, l| match best {
            Some(b) if b.contribution >= l.contribution => Some(b),
            _ => Some(l),
        })
}
