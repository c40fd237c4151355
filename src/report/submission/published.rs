//! The published figures of the submission report and their verdicts, as
//! `uth-edge check` gives them.

use crate::analysis::catalog::Catalog;
use crate::analysis::check::{self, Verdict};
use crate::report::document::Verdict as VerdictLine;
use crate::report::document::{Block, Section, Text};
use crate::report::percent;

/// The published figures and their verdicts (as `uth-edge check` gives
/// them).
pub(super) fn published(catalog: &Catalog) -> Section {
    let mut blocks = vec![
        Block::Heading(2, Text::plain("Published figures")),
        Block::Paragraph(Text::plain(
            "Each figure the pay tables' documents print, against every standard definition \
             (as uth-edge check does), rounded as printed.",
        )),
    ];
    match check::check(catalog) {
        Err(e) => blocks.push(Block::Verdicts(vec![VerdictLine {
            claim: Text::plain(e.to_string()),
            label: "NOT CHECKED".into(),
            holds: false,
        }])),
        Ok(checks) => {
            // Without the solved base game a base-game figure cannot be
            // checked here: left to `uth-edge check`.
            let checks: Vec<_> = checks
                .into_iter()
                .filter(|c| c.wager != "base_game" || catalog.game(&c.paytable).is_some())
                .collect();
            if checks.is_empty() {
                blocks.push(Block::Paragraph(Text::plain(
                    "No published figures to check.",
                )));
            }
            let mut verdicts = Vec::new();
            let mut discrepancies = Vec::new();
            for c in &checks {
                let shown: Vec<String> = match c.verdict {
                    Verdict::Reproduced => c
                        .reproduced_by()
                        .iter()
                        .map(|k| format!("{} = {}", k.id, percent(k.value.clone())))
                        .collect(),
                    _ => c
                        .candidates
                        .iter()
                        .filter(|k| k.own)
                        .take(3)
                        .map(|k| format!("nearest {} = {}", k.id, percent(k.value.clone())))
                        .collect(),
                };
                verdicts.push(VerdictLine {
                    claim: Text::plain(format!(
                        "{} {} {} ({}); computed: {}",
                        c.paytable,
                        c.figure.name,
                        c.figure.value,
                        c.figure.source,
                        shown.join("; ")
                    )),
                    label: c.verdict.label().into(),
                    holds: c.verdict == Verdict::Reproduced,
                });
                if let Some(why) = &c.figure.known_discrepancy {
                    discrepancies.push(Text::plain(format!(
                        "Known discrepancy ({}, {}): {why}",
                        c.paytable, c.figure.value
                    )));
                }
            }
            if !verdicts.is_empty() {
                blocks.push(Block::Verdicts(verdicts));
            }
            if !discrepancies.is_empty() {
                blocks.push(Block::List(discrepancies));
            }
        }
    }
    Section {
        id: Some("published".into()),
        blocks,
    }
}
