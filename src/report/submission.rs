//! The submission report: the document a regulator reads and signs, and an
//! operator decides on (`uth-edge report --format html`, and the same
//! content in Markdown).
//!
//! Its parts: a title naming the submitted pay tables, with the documents
//! they are submitted under; a summary (house edge, return to player,
//! element of risk, hit frequency, standard deviation, volatility index,
//! cycle); the published figures and their verdicts; the charts (HTML
//! only: the same figures are in the tables); per wager the pay table as
//! submitted, the true odds / payout odds / house advantage sheet, the
//! return table, the figures, the maximum win and the top award's odds,
//! the range after N hands; the rules and assumptions with each reading
//! used; a sign-off block; the provenance. Nothing is collapsed: every
//! part prints.

use super::document::Verdict as VerdictLine;
use super::document::{Block, Cell, Column, Document, Figure, FigureLayout, Section, Table, Text};
use super::{charts, one_in, percent, result_label, signed_percent, volatility_index, wager_title};
use super::{ExportContext, WagerResult};
use crate::analysis::catalog::Catalog;
use crate::analysis::check::{self, Verdict};
use crate::fraction::Fraction;
use crate::money::group_thousands;
use crate::rules::paytable::{PayTable, TripsRule, WagerKind};

/// The GLI-11 figure quoted for information: a gaming device's top award
/// must be attainable at odds no longer than 1 in 100,000,000.
const GLI_11_ODDS: u64 = 100_000_000;

/// A hand name as people write it: `three_of_a_kind` → `Three of a kind`.
pub fn readable_hand(name: &str) -> String {
    let spaced = name.replace('_', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => spaced,
    }
}

/// The pay tables of the report: those given, else the results' ids.
fn table_ids(catalog: &Catalog, context: &ExportContext) -> Vec<String> {
    let mut ids: Vec<String> = context.tables.iter().map(|t| t.id.clone()).collect();
    if ids.is_empty() {
        for r in &catalog.results {
            if !ids.contains(&r.paytable) {
                ids.push(r.paytable.clone());
            }
        }
    }
    ids
}

/// The document's title: the submitted table (its id and title) or tables.
fn title(catalog: &Catalog, context: &ExportContext) -> String {
    match context.tables.as_slice() {
        [t] => format!(
            "Ultimate Texas Hold'em math report: pay table {} ({})",
            t.id, t.title
        ),
        _ => {
            let ids = table_ids(catalog, context);
            let s = if ids.len() == 1 { "" } else { "s" };
            format!(
                "Ultimate Texas Hold'em math report: pay table{s} {}",
                ids.join(", ")
            )
        }
    }
}

/// The built-in table whose pays and rules equal `table`'s, if any.
pub fn identical_builtin(table: &PayTable) -> Option<String> {
    PayTable::builtin_ids().into_iter().find_map(|id| {
        let builtin = PayTable::builtin(id)?.ok()?;
        (builtin.wager == table.wager
            && builtin.lines == table.lines
            && builtin.rules == table.rules)
            .then(|| id.to_string())
    })
}

/// "identical to built-in X" for a table, in words.
fn identity_note(table: &PayTable) -> Option<String> {
    identical_builtin(table).map(|id| {
        if id == table.id {
            format!("{}: identical to built-in {id}.", table.id)
        } else {
            format!(
                "{}: identical to built-in {id} (the same pays and rules under another name).",
                table.id
            )
        }
    })
}

/// The running head of every printed page: each table's id and SHA-256.
fn running_head(catalog: &Catalog, context: &ExportContext) -> String {
    match &context.provenance {
        Some(p) if !p.paytables.is_empty() => p
            .paytables
            .iter()
            .map(|t| format!("{} SHA-256 {}", t.id, t.sha256))
            .collect::<Vec<_>>()
            .join("  |  "),
        _ => table_ids(catalog, context).join(", "),
    }
}

fn decimal(text: String, exact: &Fraction) -> Cell {
    Cell::decimal(text, exact.to_string())
}

fn exact_figure(label: &str, decimal: String, exact: &Fraction) -> Figure {
    Figure {
        label: label.to_string(),
        value: Text::plain(format!("{decimal} = ")).then_exact(exact.to_string()),
    }
}

/// The summary: one row per result.
fn summary(catalog: &Catalog, context: &ExportContext) -> Section {
    let mut table = Table {
        columns: vec![
            Column::left("wager"),
            Column::left("pay table"),
            Column::right("house edge"),
            Column::right("return to player"),
            Column::right("element of risk"),
            Column::right("hit frequency"),
            Column::right("std deviation"),
            Column::right("volatility index"),
            Column::right("cycle"),
        ],
        rows: vec![],
    };
    for r in &catalog.results {
        let rtp = Fraction::ONE - &r.house_edge;
        table.rows.push(vec![
            Cell::plain(wager_title(&r.wager)),
            Cell::plain(result_label(r)),
            decimal(percent(r.house_edge.clone()), &r.house_edge),
            decimal(percent(rtp.clone()), &rtp),
            decimal(percent(r.element_of_risk.clone()), &r.element_of_risk),
            decimal(percent(r.hit_frequency.clone()), &r.hit_frequency),
            Cell::decimal(
                format!("{:.4}", r.std_dev()),
                format!("variance {}", r.variance),
            ),
            Cell::plain(format!("{:.4}", volatility_index(r))),
            Cell::plain(group_thousands(r.outcomes)),
        ]);
    }
    let mut blocks = vec![
        Block::Heading(2, Text::plain("Summary")),
        Block::Table(table),
        Block::Paragraph(Text::plain(
            "Every figure is exact: computed by enumerating every deal, as a fraction (in each wager's \
             figures below; in HTML also on hover); decimals are for reading. House edge, return to \
             player (1 − house edge) and element of risk are fractions of the amount wagered: for the \
             base game, per Ante. Volatility index: VI = z·SD with z = 1.645 (90%). Cycle: the equally \
             likely outcomes counted.",
        )),
    ];
    let identities: Vec<Text> = context
        .tables
        .iter()
        .filter_map(identity_note)
        .map(Text::plain)
        .collect();
    if !identities.is_empty() {
        blocks.push(Block::List(identities));
    }
    Section {
        id: Some("summary".into()),
        blocks,
    }
}

/// The published figures and their verdicts (as `uth-edge check` gives
/// them).
fn published(catalog: &Catalog) -> Section {
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

/// The net result of a line per unit wagered (its return over its
/// probability), `None` for a line that never happens.
fn line_net(contribution: &Fraction, probability: &Fraction) -> Option<Fraction> {
    (!probability.is_zero()).then(|| contribution / probability)
}

/// True odds against an event of probability `p`: `(1 − p)/p to 1`.
fn true_odds(p: &Fraction) -> Cell {
    if p.is_zero() {
        return Cell::plain("never");
    }
    let against = (Fraction::ONE - p) / p;
    let value = against.to_f64();
    let text = if value >= 100.0 {
        format!("{} to 1", group_thousands(value.round() as u64))
    } else {
        format!("{value:.2} to 1")
    };
    Cell::decimal(text, format!("{against} to 1"))
}

/// The probability the Blind pays `hand` (the base game's lines that say
/// "Blind pays <hand>").
fn blind_probability(r: &WagerResult, hand: &str) -> Fraction {
    let phrase = format!("Blind pays {}", hand.replace('_', " "));
    r.lines
        .iter()
        .filter(|l| l.hand.ends_with(&phrase))
        .map(|l| l.probability.clone())
        .sum()
}

/// The pay table as submitted and the true odds / payout odds / house
/// advantage sheet of a result.
fn pay_and_odds(r: &WagerResult, table: Option<&PayTable>, blocks: &mut Vec<Block>) {
    let Some(t) = table else { return };
    let base_game = r.game.is_some();
    let mut pays = Table {
        columns: vec![Column::left("hand"), Column::left("pays")],
        rows: vec![],
    };
    for line in &t.lines {
        pays.rows.push(vec![
            Cell::plain(readable_hand(&line.hand.name())),
            Cell::plain(line.award.to_string()),
        ]);
    }
    blocks.push(Block::Heading(3, Text::plain("Pay table as submitted")));
    blocks.push(Block::Table(pays));
    blocks.push(Block::Paragraph(Text::plain(format!(
        "Source: {}",
        t.source
    ))));
    blocks.push(Block::Heading(
        3,
        Text::plain("True odds, payout odds and house advantage"),
    ));
    let mut sheet = Table {
        columns: vec![
            Column::left("hand"),
            Column::right("probability"),
            Column::right("true odds"),
            Column::left("payout odds"),
        ],
        rows: vec![],
    };
    for line in &t.lines {
        let name = line.hand.name();
        let p = if base_game {
            blind_probability(r, &name)
        } else {
            r.lines
                .iter()
                .filter(|l| l.hand == name)
                .map(|l| l.probability.clone())
                .sum()
        };
        sheet.rows.push(vec![
            Cell::plain(readable_hand(&name)),
            decimal(p.to_fixed(12), &p),
            true_odds(&p),
            Cell::plain(line.award.to_string()),
        ]);
    }
    blocks.push(Block::Table(sheet));
    let advantage = if base_game {
        "House advantage of the game as a whole (Ante, Blind and Play are not separate bets; \
         the probability above is that of the Blind paying the hand)"
    } else {
        "House advantage of the wager"
    };
    blocks.push(Block::Figures(
        FigureLayout::Loose,
        vec![exact_figure(
            advantage,
            percent(r.house_edge.clone()),
            &r.house_edge,
        )],
    ));
}

/// The return table: every line with its combinations, probability, "1
/// in", pays and contribution, and a total row.
fn return_table(r: &WagerResult) -> Table {
    let mut table = Table {
        columns: vec![
            Column::left("hand"),
            Column::right("combinations"),
            Column::right("probability"),
            Column::right("1 in"),
            Column::left("pays"),
            Column::right("contribution"),
        ],
        rows: vec![],
    };
    for l in &r.lines {
        table.rows.push(vec![
            Cell::plain(readable_hand(&l.hand)),
            Cell::plain(group_thousands(l.combinations)),
            decimal(l.probability.to_fixed(12), &l.probability),
            Cell::plain(one_in(l.probability.clone())),
            Cell::plain(&l.pays),
            decimal(signed_percent(&l.contribution), &l.contribution),
        ]);
    }
    let expected = -r.house_edge.clone();
    table.rows.push(vec![
        Cell::plain("Total"),
        Cell::plain(group_thousands(r.outcomes)),
        Cell::plain(Fraction::ONE.to_fixed(12)),
        Cell::plain(""),
        Cell::plain(""),
        decimal(signed_percent(&expected), &expected),
    ]);
    table
}

/// The maximum win of a result and the odds of the top award.
fn maximum_win(r: &WagerResult) -> Vec<Block> {
    let best = r
        .lines
        .iter()
        .filter_map(|l| line_net(&l.contribution, &l.probability).map(|net| (net, l)))
        .max_by(|a, b| a.0.cmp(&b.0));
    let Some((net, _)) = best.filter(|(net, _)| net.is_positive()) else {
        return vec![];
    };
    let top: Vec<_> = r
        .lines
        .iter()
        .filter(|l| line_net(&l.contribution, &l.probability).as_ref() == Some(&net))
        .collect();
    let p: Fraction = top.iter().map(|l| l.probability.clone()).sum();
    let names: Vec<String> = top.iter().map(|l| readable_hand(&l.hand)).collect();
    let unit = if r.game.is_some() {
        "Antes"
    } else {
        "times the wager"
    };
    let within = if p.to_f64() * GLI_11_ODDS as f64 >= 1.0 {
        "within"
    } else {
        "beyond"
    };
    vec![
        Block::Heading(3, Text::plain("Maximum win and the top award's odds")),
        Block::Figures(
            FigureLayout::Loose,
            vec![
                Figure {
                    label: "maximum win".into(),
                    value: Text::plain(format!("{net} {unit} ({})", names.join("; "))),
                },
                Figure {
                    label: "odds of the top award".into(),
                    value: Text::plain(format!("1 in {} (probability ", one_in(p.clone())))
                        .then_exact(p.to_string())
                        .then(")"),
                },
            ],
        ),
        Block::Paragraph(Text::plain(format!(
            "For information: GLI-11, a standard for gaming devices (not for table games), asks that \
             a device's top award be attainable at odds of at least 1 in {}; this top award's odds \
             are {within} that figure.",
            group_thousands(GLI_11_ODDS)
        ))),
    ]
}

/// The figures of a result, decimal and exact.
fn figures(r: &WagerResult) -> Vec<Figure> {
    let rtp = Fraction::ONE - &r.house_edge;
    let mut figures = vec![
        exact_figure("house edge", percent(r.house_edge.clone()), &r.house_edge),
        exact_figure("return to player", percent(rtp.clone()), &rtp),
        exact_figure(
            "element of risk",
            percent(r.element_of_risk.clone()),
            &r.element_of_risk,
        ),
        exact_figure(
            "hit frequency",
            percent(r.hit_frequency.clone()),
            &r.hit_frequency,
        ),
        Figure {
            label: "standard deviation".into(),
            value: Text::plain(format!("{:.4} (variance ", r.std_dev()))
                .then_exact(r.variance.to_string())
                .then(")"),
        },
        Figure {
            label: "volatility index (VI = z·SD, z = 1.645 for 90%)".into(),
            value: Text::plain(format!("{:.4}", volatility_index(r))),
        },
        Figure {
            label: "cycle (equally likely outcomes counted)".into(),
            value: Text::plain(group_thousands(r.outcomes)),
        },
    ];
    if let Some(g) = &r.game {
        figures.push(exact_figure(
            "house edge per initial wager (Ante + Blind)",
            percent(g.house_edge_per_initial_wager.clone()),
            &g.house_edge_per_initial_wager,
        ));
        figures.push(Figure {
            label: "average total wager".into(),
            value: Text::plain(format!("{:.6} = ", g.average_total_wager.to_f64()))
                .then_exact(g.average_total_wager.to_string())
                .then(" Antes"),
        });
        for (name, p) in &g.action_probabilities {
            figures.push(exact_figure(&name.replace('_', " "), percent(p.clone()), p));
        }
        for (name, ev) in &g.wager_ev {
            figures.push(Figure {
                label: format!("{} EV", readable_hand(name)),
                value: Text::plain(format!("{:+.6} = ", ev.to_f64()))
                    .then_exact(ev.to_string())
                    .then(" Antes"),
            });
        }
    }
    for f in &r.figures {
        figures.push(exact_figure(
            &f.name.replace('_', " "),
            format!("{:.6} {}", f.value.to_f64(), f.unit),
            &f.value,
        ));
    }
    figures
}

/// The section of one result.
fn wager_section(r: &WagerResult, table: Option<&PayTable>) -> Section {
    let mut blocks = vec![
        Block::Heading(
            2,
            Text::plain(format!(
                "{}: pay table {}",
                wager_title(&r.wager),
                result_label(r)
            )),
        ),
        Block::Paragraph(Text::plain(r.title.clone())),
    ];
    if let Some(note) = table.and_then(identity_note) {
        blocks.push(Block::Paragraph(Text::plain(note)));
    }
    pay_and_odds(r, table, &mut blocks);
    blocks.push(Block::Heading(3, Text::plain("Return table")));
    blocks.push(Block::Table(return_table(r)));
    blocks.push(Block::Heading(3, Text::plain("Figures")));
    blocks.push(Block::Figures(FigureLayout::Loose, figures(r)));
    blocks.extend(maximum_win(r));
    blocks.push(Block::Heading(3, Text::plain("Range after N hands")));
    blocks.push(Block::Paragraph(Text::plain(
        "The player's net result after N hands, in units wagered: the mean −N·edge is exact; the \
         range is the normal approximation, mean ± z·SD·√N.",
    )));
    blocks.push(Block::Table(super::wager_results::ranges_table(r)));
    if r.game.is_some() {
        blocks.push(Block::Paragraph(Text::plain(
            "Strategy: the optimal strategy (at every decision, the action with the highest expected \
             value given the player's cards and the board), computed exactly; frequencies of the \
             final actions above.",
        )));
    }
    Section {
        id: Some(format!("detail-{}", charts::anchor(r))),
        blocks,
    }
}

/// The rule each submitted Trips table is settled under.
fn trips_rule(t: &PayTable) -> String {
    match t.rules.trips {
        TripsRule::Standard => format!(
            "Trips ({}): settled on the player's best five-card hand of seven cards whatever the \
             dealer holds, and even after the player folds (COMAR 36.05.16.11I(2)).",
            t.id
        ),
        TripsRule::MustBeatDealer => format!(
            "Trips ({}): paid only when the player's hand also beats the dealer's; a tie pushes a \
             paying hand (the table's rule must_beat_dealer).",
            t.id
        ),
    }
}

/// The rules and assumptions, with each reading used.
fn rules(catalog: &Catalog, context: &ExportContext) -> Section {
    let mut items = vec![
        Text::plain(
            "One standard 52-card deck, no jokers, shuffled before every hand: every deal is \
             equally likely, and each figure counts every deal (the cycle).",
        ),
        Text::plain("Hands are ranked as in poker: the best five-card hand of the seven cards."),
    ];
    if catalog.results.iter().any(|r| r.game.is_some()) {
        items.push(Text::plain(
            "Base game: Ante and Blind wagered equally; the player plays the optimal strategy; the \
             dealer qualifies with a pair or better; figures per Ante.",
        ));
    }
    for t in &context.tables {
        if t.wager == WagerKind::Trips {
            items.push(Text::plain(trips_rule(t)));
        }
    }
    if catalog.results.iter().any(|r| r.wager_amount.is_some()) {
        items.push(Text::plain(
            "Fixed-dollar awards are evaluated at the wager amount shown beside the pay table.",
        ));
    }
    if catalog.results.iter().any(|r| r.meter.is_some()) {
        items.push(Text::plain(
            "Progressive: at the meter and number of other players shown beside the pay table.",
        ));
    }
    let mut blocks = vec![
        Block::Heading(2, Text::plain("Rules and assumptions")),
        Block::List(items),
    ];
    let readings: Vec<Text> = context
        .tables
        .iter()
        .flat_map(|t| {
            t.notes
                .iter()
                .map(move |n| Text::plain(format!("{}: {n}", t.id)))
        })
        .collect();
    if !readings.is_empty() {
        blocks.push(Block::Heading(3, Text::plain("Readings used")));
        blocks.push(Block::List(readings));
    }
    Section {
        id: Some("rules".into()),
        blocks,
    }
}

/// The sign-off block: blank lines for the preparer, the reviewer and the
/// regulator.
fn sign_off() -> Section {
    let row = |role: &str| {
        vec![
            Cell::plain(role),
            Cell::plain(""),
            Cell::plain(""),
            Cell::plain(""),
        ]
    };
    Section {
        id: Some("sign-off".into()),
        blocks: vec![
            Block::Heading(2, Text::plain("Sign-off")),
            Block::Paragraph(Text::plain(
                "The figures above are those of the pay tables identified by their SHA-256 in the \
                 provenance below, as submitted.",
            )),
            Block::Table(Table {
                columns: vec![
                    Column::left("role"),
                    Column::left("name"),
                    Column::left("signature"),
                    Column::left("date"),
                ],
                rows: vec![
                    row("Prepared by"),
                    row("Reviewed by"),
                    row("Approved for the regulator"),
                ],
            }),
        ],
    }
}

/// The submission report of a catalog, with the pay tables as submitted
/// and the provenance of `context`, and `extra` sections (the
/// player-dealer game) after the charts.
pub fn document<'a>(
    catalog: &Catalog,
    context: &ExportContext,
    extra: Vec<Section>,
) -> Document<'a> {
    let mut sections = vec![
        Section::of(vec![Block::List(
            context
                .tables
                .iter()
                .map(|t| {
                    Text::plain(format!(
                        "{}, {}, submitted under: {}",
                        t.id, t.title, t.source
                    ))
                })
                .collect(),
        )]),
        summary(catalog, context),
        published(catalog),
    ];
    if context.tables.is_empty() {
        sections.remove(0);
    }
    let mut plots = vec![charts::edge_chart(&catalog.results)];
    if !catalog.games.is_empty() {
        plots.push(charts::strategy_grids(&catalog.games));
        plots.push(charts::outcome_charts(&catalog.games));
    }
    plots.extend(context.leak_section.iter().cloned());
    sections.push(Section::of(plots.into_iter().map(Block::Plot).collect()));
    sections.extend(extra);
    for r in &catalog.results {
        let table = context.tables.iter().find(|t| t.id == r.paytable);
        sections.push(wager_section(r, table));
    }
    sections.push(rules(catalog, context));
    sections.push(sign_off());
    Document {
        title: Some(title(catalog, context)),
        sections,
        provenance: context.provenance.clone(),
        running_head: Some(running_head(catalog, context)),
        ..Document::default()
    }
}

/// The first screen of `uth-edge` with no command: one line per result
/// (the summary) and one per published figure with its verdict, then where
/// the details are.
pub fn overview<'a>(catalog: &Catalog) -> Document<'a> {
    let context = ExportContext::default();
    let mut verdicts = Table {
        columns: vec![
            Column::left("pay table"),
            Column::left("figure"),
            Column::right("published"),
            Column::left("verdict"),
        ],
        rows: vec![],
    };
    let (checks, error) = match check::check(catalog) {
        Ok(checks) => (checks, None),
        Err(e) => (vec![], Some(e.to_string())),
    };
    for c in &checks {
        verdicts.rows.push(vec![
            Cell::plain(&c.paytable),
            Cell::plain(&c.figure.name),
            Cell::plain(&c.figure.value),
            Cell::plain(c.verdict.label()),
        ]);
    }
    let summary = summary(catalog, &context);
    let table = summary
        .blocks
        .into_iter()
        .find(|b| matches!(b, Block::Table(_)))
        .expect("the summary has a table");
    Document {
        sections: vec![
            Section::of(vec![
                Block::Heading(
                    2,
                    Text::plain("Every wager of every built-in pay table (house edge per unit wagered; base game per Ante):"),
                ),
                table,
            ]),
            Section::of(vec![
                Block::Heading(2, Text::plain("Published figures, as uth-edge check verdicts:")),
                Block::Table(verdicts),
            ]
            .into_iter()
            .chain(error.map(|e| Block::Paragraph(Text::plain(e))))
            .collect()),
            Section::of(vec![Block::Paragraph(Text::plain(
                "Every line of every table: uth-edge --details (= uth-edge report). The submission report: uth-edge report --format html.",
            ))]),
        ],
        ..Document::default()
    }
}

/// Writes the submission report in HTML or Markdown, with the
/// player-dealer game's sections when it was played.
pub fn write(
    format: super::Format,
    catalog: &Catalog,
    context: &ExportContext,
    dealer: &[crate::sample::player_dealer::PlayerDealerReport],
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let extra = dealer.iter().map(super::player_dealer::section).collect();
    super::render(format, &document(catalog, context, extra), out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_names_read_as_words() {
        assert_eq!(readable_hand("three_of_a_kind"), "Three of a kind");
        assert_eq!(readable_hand("AA with dealer AA"), "AA with dealer AA");
    }

    #[test]
    fn true_odds_of_a_one_in_four_event_are_three_to_one() {
        // Fact: p = 1/4 means 3 ways against to 1 for.
        let cell = true_odds(&Fraction::new(1, 4));
        assert_eq!(cell.text.to_plain(), "3.00 to 1");
        assert_eq!(cell.exact.as_deref(), Some("3 to 1"));
    }

    #[test]
    fn a_table_with_uth_03_pays_under_another_name_is_identified() {
        let mut t = PayTable::builtin("uth-03").unwrap().unwrap();
        t.id = "my-trips".into();
        assert_eq!(identical_builtin(&t).as_deref(), Some("uth-03"));
        assert!(identity_note(&t)
            .unwrap()
            .contains("identical to built-in uth-03"));
        t.lines.pop();
        assert_eq!(identical_builtin(&t), None);
    }
}
