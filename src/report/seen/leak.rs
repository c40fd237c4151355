//! "Value of a leak": the opt-in section of the HTML report (`uth-edge report
//! --format html --seen-results results/seen_cards.csv`) that shows, one row
//! per case, what a player who sees cards he should not gains. It reads the
//! committed results of `scripts/hole-card.sh`, as the one reader of that
//! file ([`crate::analysis::seen_results`]) validated them; it never
//! solves.

use super::SIDE_BETS_NOTE;
use crate::analysis::seen_results::SeenResult;
use crate::fraction::Fraction;
use crate::report::render::escape;
use crate::report::signed_percent;
use std::fmt::Write;

/// An exact figure as a percentage with four decimals, the exact value on
/// hover.
fn percent_cell(value: &Fraction) -> String {
    format!(
        "<td title=\"{}\">{}</td>",
        escape(&value.to_string()),
        signed_percent(value)
    )
}

/// The section, one row per case.
pub fn section(rows: &[SeenResult]) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<section id=\"leak\">\n<h2>Value of a leak</h2>\n<p class=\"legend\">The exact expectation of a \
         player who sees cards he should not and plays the best strategy given them (positive: the player \
         has the edge), from the committed results of <code>scripts/hole-card.sh</code>. {}</p>\n\
         <table>\n<tr><th class=\"text\">seen</th><th class=\"text\">Blind table</th><th>per Ante</th>\
         <th>per total wagered</th><th>raise 4x</th><th>std dev (Antes)</th><th>hands to be visible</th></tr>",
        escape(SIDE_BETS_NOTE)
    );
    for row in rows {
        let _ = writeln!(
            h,
            "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td>{}{}{}<td>{:.4}</td><td>{}</td></tr>",
            escape(&row.seen.to_string()),
            escape(&row.paytable),
            percent_cell(&row.per_ante),
            percent_cell(&row.per_total_wagered),
            percent_cell(&row.raise_4x),
            row.variance.to_f64().sqrt(),
            row.hands_until_visible
                .as_ref()
                .map_or(String::new(), |h| format!("{:.0}", h.to_f64().ceil()))
        );
    }
    let _ = writeln!(
        h,
        "</table>\n<p class=\"legend\">Hands to be visible: 4σ²/μ², after which the expected win exceeds two \
         standard deviations of the total.</p>"
    );
    if rows
        .iter()
        .any(|r| r.seen.to_string().contains("turnriver"))
    {
        let _ = writeln!(h, "<p class=\"legend\">{}</p>", escape(TURNRIVER_READINGS));
    }
    let _ = writeln!(h, "</section>");
    h
}

/// The two readings of a seen turn/river card, for the legend.
pub const TURNRIVER_READINGS: &str = "turnriver:1: one turn/river card is seen before the preflop \
     decision (and known at the flop); turnriver-at-flop:1: it becomes visible only after the preflop \
     decision, which knows only the seen dealer cards, and is known at the flop and river decisions.";
