//! The worked settlement examples of the submission report: a few fixed
//! deals (a royal flush with the Blind, the Ante pushed when the dealer
//! does not qualify, a fold, a Trips win after a fold when the report has
//! a Trips table, a payout limit that binds) and what each wager wins or
//! loses on them. Every amount is
//! computed by the settlement code (`rules::settlement`: the deal's cards
//! give the round, [`Deal::round`], then `settle_base`, `settle_trips` and
//! `settle_limited`) with the report's own Blind and Trips tables; none is
//! typed here.

use super::data::{insert_exact, PartRow};
use crate::analysis::catalog::Catalog;
use crate::cards::{parse_cards, Card};
use crate::evaluator::HandCategory;
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::report::document::{Block, Cell, Column, Section, Table, Text};
use crate::report::ExportContext;
use crate::rules::paytable::{PayTable, WagerKind};
use crate::rules::settlement::{
    settle_base, settle_limited, settle_trips, Deal, PayoutLimit, Versus,
};

/// The Ante of every example, in dollars (the Blind is the same; the Trips
/// wager is one Ante).
const ANTE: i128 = 10;

/// One wager's line of an example: its name, the amount wagered and the
/// net result, in dollars.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct WagerLine {
    pub wager: &'static str,
    pub wagered: Fraction,
    pub net: Fraction,
}

/// One worked example: its deal, what the player did and each wager's
/// result.
#[derive(Clone, Debug)]
pub(super) struct Example {
    pub title: &'static str,
    pub deal: Deal,
    /// What the player did, in words.
    pub action: &'static str,
    pub lines: Vec<WagerLine>,
    /// The payout limit, in dollars, and what it withheld, when one applies.
    pub limit: Option<(Fraction, Fraction)>,
    /// The net result of the hand, in dollars.
    pub total: Fraction,
}

/// A deal from its cards, written as in the rules (`As Ks`): fixed text of
/// this module, valid by construction (the unit test reads every one).
fn deal(player: &str, dealer: &str, board: &str) -> Deal {
    let cards = |text: &str| parse_cards(text).expect("the examples' cards are valid");
    let (p, d, b) = (cards(player), cards(dealer), cards(board));
    Deal {
        player: [p[0], p[1]],
        dealer: [d[0], d[1]],
        board: [b[0], b[1], b[2], b[3], b[4]],
    }
}

/// The title of the example that shows a Trips win: left out of a report
/// without a Trips table, where it would show no Trips wager.
const TRIPS_WIN: &str = "A Trips win after a fold";

/// The examples' deals: (title, deal, action, Play in Antes, limited).
fn deals() -> Vec<(&'static str, Deal, &'static str, u8, bool)> {
    let royal = deal("As Ks", "2c 2d", "Qs Js Ts 7h 3c");
    vec![
        (
            "A royal flush with the Blind",
            royal,
            "raises 4x before the flop",
            4,
            false,
        ),
        (
            "The dealer does not qualify: the Ante pushes",
            deal("Ah Kd", "Jh 9c", "Qc 8d 5s 3h 2c"),
            "raises 4x before the flop",
            4,
            false,
        ),
        (
            "A fold",
            deal("7c 2d", "9h 9d", "Kh Qd 8s 5c 3h"),
            "checks twice, then folds on the river",
            0,
            false,
        ),
        (
            TRIPS_WIN,
            deal("4c 3h", "Ad Qc", "Kh Kd Kc 7s 2d"),
            "checks twice, then folds on the river",
            0,
            false,
        ),
        (
            "A payout limit that binds",
            royal,
            "raises 4x before the flop",
            4,
            true,
        ),
    ]
}

/// The smallest power of ten, in Antes, below the wins `wins` (at least
/// one Ante): a limit that binds on the hand.
fn binding_limit(wins: &Fraction) -> Fraction {
    let mut limit = Fraction::ONE;
    let ten = Fraction::from_int(10);
    while &(&limit * &ten) < wins {
        limit = &limit * &ten;
    }
    limit
}

/// The worked examples with the Blind table `blind` and, when given, a
/// Trips table of the standard rule (without one, the Trips win is left
/// out).
pub(super) fn examples(blind: &PayTable, trips: Option<&PayTable>) -> Vec<Example> {
    let ante = Fraction::from_int(ANTE);
    deals()
        .into_iter()
        .filter(|(title, ..)| trips.is_some() || *title != TRIPS_WIN)
        .map(|(title, deal, action, play, limited)| {
            let round = deal.round(play);
            let base = settle_base(blind, round);
            let trips_net = trips.map(|t| settle_trips(t, round.player));
            let mut limit = None;
            let (base, trips_net) = if limited {
                let mut rule = PayoutLimit {
                    per_hand: Fraction::ONE,
                    net_of_losses: false,
                    trips: trips.map(|t| (t.clone(), Fraction::ONE)),
                };
                let unlimited = settle_limited(blind, &rule, round);
                rule.per_hand = binding_limit(&unlimited.wins());
                let net = settle_limited(blind, &rule, round);
                limit = Some((&rule.per_hand * &ante, &net.withheld * &ante));
                let trips_net = trips.map(|_| net.trips.clone());
                (net.base, trips_net)
            } else {
                (base, trips_net)
            };
            let mut lines = vec![
                WagerLine {
                    wager: "Ante",
                    wagered: ante.clone(),
                    net: &base.ante * &ante,
                },
                WagerLine {
                    wager: "Blind",
                    wagered: ante.clone(),
                    net: &base.blind * &ante,
                },
                WagerLine {
                    wager: "Play",
                    wagered: Fraction::from_int(i128::from(play)) * &ante,
                    net: &base.play * &ante,
                },
            ];
            if let Some(t) = trips_net {
                lines.push(WagerLine {
                    wager: "Trips",
                    wagered: ante.clone(),
                    net: t * &ante,
                });
            }
            let mut total: Fraction = lines.iter().map(|l| l.net.clone()).sum();
            if let Some((_, withheld)) = &limit {
                total = total - withheld;
            }
            Example {
                title,
                deal,
                action,
                lines,
                limit,
                total,
            }
        })
        .collect()
}

/// `As Ks`.
fn cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A signed dollar amount: `+$10`, `-$10`, `$0`.
fn signed(amount: &Fraction) -> String {
    if amount.is_positive() {
        format!("+{}", dollars(amount))
    } else {
        dollars(amount)
    }
}

/// The word for a net result.
fn outcome(line: &WagerLine) -> &'static str {
    if line.wagered == Fraction::ZERO {
        "not made"
    } else if line.net.is_positive() {
        "wins"
    } else if line.net == Fraction::ZERO {
        "pushes"
    } else {
        "loses"
    }
}

/// The hand's description: both hands and the showdown.
fn showdown(example: &Example) -> String {
    let round = example.deal.round(1);
    let dealer = example.deal.dealer_category();
    let versus = match round.versus {
        Versus::PlayerHigher => "the player's hand is higher",
        Versus::Tie => "the hands tie",
        Versus::DealerHigher => "the dealer's hand is higher",
    };
    let qualifies = if dealer >= HandCategory::Pair {
        "qualifies"
    } else {
        "does not qualify"
    };
    format!(
        "Player {}, dealer {}, board {}. The player {}. Player: {}; dealer: {} ({qualifies}); {versus}.",
        cards(&example.deal.player),
        cards(&example.deal.dealer),
        cards(&example.deal.board),
        example.action,
        round.player,
        dealer,
    )
}

/// The Blind table and the Trips table (of the standard rule) of the
/// report: those given, else the first solved game's Blind table.
fn tables<'a>(
    catalog: &'a Catalog,
    context: &'a ExportContext,
) -> (Option<&'a PayTable>, Option<&'a PayTable>) {
    let blind = context
        .tables
        .iter()
        .find(|t| t.wager == WagerKind::Blind)
        .or_else(|| catalog.games.first().map(|g| &g.table));
    let trips = context
        .tables
        .iter()
        .find(|t| t.wager == WagerKind::Trips && !t.rules.trips.needs_dealer());
    (blind, trips)
}

/// The "Worked settlement examples" part, when the report has a Blind
/// table (the examples are of the base game).
pub(super) fn worked_examples(catalog: &Catalog, context: &ExportContext) -> Option<Section> {
    let (blind, trips) = tables(catalog, context);
    let blind = blind?;
    let with_trips = match trips {
        Some(t) => format!(" and a ${ANTE} Trips wager on pay table {}", t.id),
        None => String::new(),
    };
    let mut blocks = vec![
        Block::Heading(2, Text::plain("Worked settlement examples")),
        Block::Paragraph(Text::plain(format!(
            "Each amount below is computed by the program's settlement code from the deal's cards, \
             with Blind pay table {}{with_trips}: a ${ANTE} Ante and a ${ANTE} Blind; the Play \
             wager is the multiple of the Ante the player raised. Net results in dollars (a win \
             is what is paid besides the wager returned).",
            blind.id
        ))),
    ];
    for example in examples(blind, trips) {
        blocks.push(Block::Heading(3, Text::plain(example.title)));
        blocks.push(Block::Paragraph(Text::plain(showdown(&example))));
        let mut rows: Vec<Vec<Cell>> = example
            .lines
            .iter()
            .map(|l| {
                vec![
                    Cell::plain(l.wager),
                    Cell::plain(dollars(&l.wagered)),
                    Cell::plain(outcome(l)),
                    Cell::plain(signed(&l.net)),
                ]
            })
            .collect();
        if let Some((limit, withheld)) = &example.limit {
            rows.push(vec![
                Cell::plain(format!("Payout limit {} a hand", dollars(limit))),
                Cell::plain(""),
                Cell::plain("withheld"),
                Cell::plain(signed(&-withheld.clone())),
            ]);
        }
        rows.push(vec![
            Cell::plain("Net result of the hand"),
            Cell::plain(""),
            Cell::plain(""),
            Cell::plain(signed(&example.total)),
        ]);
        blocks.push(Block::Table(Table {
            columns: vec![
                Column::left("wager"),
                Column::right("wagered"),
                Column::left("result"),
                Column::right("net"),
            ],
            rows,
        }));
    }
    if examples(blind, trips).iter().any(|e| e.limit.is_some()) {
        blocks.push(Block::Paragraph(Text::plain(
            "The payout limit (an example amount, chosen to bind on this hand) caps the sum of the \
             wins of the Ante, Blind, Play and Trips wagers, the stakes returned apart (COMAR \
             36.05.16.12F; the Progressive and Six Card Bonus wagers are not limited).",
        )));
    }
    Some(Section {
        id: Some("worked-examples".into()),
        blocks,
    })
}

/// The examples of the report, with the ids of the Blind table and of
/// the Trips table when there is one (none without a Blind table).
fn report_examples(
    catalog: &Catalog,
    context: &ExportContext,
) -> Option<(String, Option<String>, Vec<Example>)> {
    let (blind, trips) = tables(catalog, context);
    let blind = blind?;
    Some((
        blind.id.clone(),
        trips.map(|t| t.id.clone()),
        examples(blind, trips),
    ))
}

/// The wager's name in the JSON and CSV: `ante`, `blind`, `play`,
/// `trips`.
fn wager_key(line: &WagerLine) -> String {
    line.wager.to_lowercase()
}

/// The pay table that settles a wager of an example.
fn settled_by<'a>(line: &WagerLine, blind: &'a str, trips: Option<&'a str>) -> &'a str {
    match line.wager {
        "Trips" => trips.unwrap_or_default(),
        _ => blind,
    }
}

/// The worked examples as JSON (the key `worked_examples`): per example
/// its cards, the player's action, the showdown in words, each wager's
/// amount, result and net in dollars (decimal and exact), the payout limit
/// when one binds, and the net of the hand.
pub(super) fn json(catalog: &Catalog, context: &ExportContext) -> Vec<serde_json::Value> {
    let Some((blind, trips, all)) = report_examples(catalog, context) else {
        return Vec::new();
    };
    all.iter()
        .map(|e| {
            let mut example = serde_json::Map::new();
            example.insert("title".into(), e.title.into());
            example.insert("player".into(), cards(&e.deal.player).into());
            example.insert("dealer".into(), cards(&e.deal.dealer).into());
            example.insert("board".into(), cards(&e.deal.board).into());
            example.insert("action".into(), e.action.into());
            example.insert("description".into(), showdown(e).into());
            example.insert("blind_paytable".into(), blind.clone().into());
            example.insert("trips_paytable".into(), trips.clone().into());
            let wagers: Vec<serde_json::Value> = e
                .lines
                .iter()
                .map(|l| {
                    let mut line = serde_json::Map::new();
                    line.insert("wager".into(), wager_key(l).into());
                    insert_exact(&mut line, "wagered", &l.wagered);
                    line.insert("result".into(), outcome(l).into());
                    insert_exact(&mut line, "net", &l.net);
                    line.into()
                })
                .collect();
            example.insert("wagers".into(), wagers.into());
            let limit = e.limit.as_ref().map(|(limit, withheld)| {
                let mut m = serde_json::Map::new();
                insert_exact(&mut m, "limit", limit);
                insert_exact(&mut m, "withheld", withheld);
                serde_json::Value::from(m)
            });
            example.insert("payout_limit".into(), limit.into());
            insert_exact(&mut example, "net", &e.total);
            example.into()
        })
        .collect()
}

/// The worked examples as CSV rows: per example one `example` row per
/// wager (`wager` the wager, `paytable` the table that settles it,
/// `wager_amount` the dollars wagered, `pays` the result, `value` the net
/// in dollars), one `payout_limit` row when a limit binds (`wager_amount`
/// the limit, `value` minus what it withheld) and one `total` row (the
/// net of the hand); `hand` is the example's title, `text` the deal in
/// words.
pub(super) fn rows(catalog: &Catalog, context: &ExportContext) -> Vec<PartRow> {
    let Some((blind, trips, all)) = report_examples(catalog, context) else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    for e in &all {
        let row = |wager: &str| {
            PartRow::new("example", e.title)
                .set("wager", wager)
                .set("text", showdown(e))
        };
        for l in &e.lines {
            rows.push(
                row(&wager_key(l))
                    .set("paytable", settled_by(l, &blind, trips.as_deref()))
                    .exact("wager_amount", &l.wagered)
                    .set("pays", outcome(l))
                    .exact("value", &l.net),
            );
        }
        if let Some((limit, withheld)) = &e.limit {
            rows.push(
                row("payout_limit")
                    .set("paytable", blind.as_str())
                    .exact("wager_amount", limit)
                    .set("pays", "withheld")
                    .exact("value", &-withheld.clone()),
            );
        }
        rows.push(row("total").exact("value", &e.total));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(id: &str) -> PayTable {
        PayTable::builtin(id).expect("built in").expect("valid")
    }

    /// (wager, wagered, net) in dollars.
    fn lines(example: &Example) -> Vec<(&'static str, i128, i128)> {
        let whole = |f: &Fraction| {
            assert!(f.is_integer(), "{f}");
            f.numerator().to_string().parse::<i128>().expect("small")
        };
        example
            .lines
            .iter()
            .map(|l| (l.wager, whole(&l.wagered), whole(&l.net)))
            .collect()
    }

    #[test]
    fn each_example_settles_as_the_rules_say() {
        // The amounts by hand, from the rules: COMAR 36.05.16.11H (the
        // Ante returned when the dealer has less than a pair; a higher
        // hand paid on the Ante, Blind and Play, the Blind returned below a
        // straight; a fold loses the Ante and Blind, .11F(2)) and .11I (the
        // Trips paid whatever the dealer holds); Blind Paytable A
        // (.12B(1)): royal flush 500 to 1; Trips Paytable A = UTH-01
        // (.12C(1)): royal flush 50 to 1, three of a kind 3 to 1; .12F: the
        // payout limit caps the wins. Ante $10, Blind $10, Trips $10.
        let (blind, trips) = (table("blind-a"), table("uth-01"));
        let all = examples(&blind, Some(&trips));
        assert_eq!(all.len(), 5);
        // 1. Royal flush, 4x, dealer pair of twos: Ante 1 to 1, Blind 500
        // to 1, Play 4 × $10 at 1 to 1, Trips 50 to 1.
        assert_eq!(
            lines(&all[0]),
            [
                ("Ante", 10, 10),
                ("Blind", 10, 5_000),
                ("Play", 40, 40),
                ("Trips", 10, 500)
            ]
        );
        assert_eq!(all[0].total, Fraction::from_int(5_550));
        // 2. A-K high against Q-J high (no pair): Ante returned, Blind
        // returned (less than a straight), Play paid, Trips lost.
        assert_eq!(
            lines(&all[1]),
            [
                ("Ante", 10, 0),
                ("Blind", 10, 0),
                ("Play", 40, 40),
                ("Trips", 10, -10)
            ]
        );
        // 3. A fold: Ante and Blind lost, no Play; Trips (high card) lost.
        assert_eq!(
            lines(&all[2]),
            [
                ("Ante", 10, -10),
                ("Blind", 10, -10),
                ("Play", 0, 0),
                ("Trips", 10, -10)
            ]
        );
        // 4. A fold with three kings: Ante and Blind lost, Trips 3 to 1.
        assert_eq!(
            lines(&all[3]),
            [
                ("Ante", 10, -10),
                ("Blind", 10, -10),
                ("Play", 0, 0),
                ("Trips", 10, 30)
            ]
        );
        assert_eq!(all[3].total, Fraction::from_int(10));
        // 5. The royal flush under a $1,000 limit (100 Antes, the power of
        // ten below the $5,550 won): $4,550 withheld, $1,000 paid.
        assert_eq!(lines(&all[4]), lines(&all[0]));
        assert_eq!(
            all[4].limit,
            Some((Fraction::from_int(1_000), Fraction::from_int(4_550)))
        );
        assert_eq!(all[4].total, Fraction::from_int(1_000));
        for e in &all {
            assert!(e.deal.is_possible(), "{}", e.title);
        }
    }

    #[test]
    fn without_trips_or_with_blind_b_the_examples_follow_the_table() {
        // Blind Paytable B (COMAR 36.05.16.12B(2)) also pays a royal flush
        // 500 to 1; with no Trips table the lines stop at the Play, the
        // Trips win is left out (titled so, it showed no Trips wager: seen
        // on the printed report), and the limit binds on $5,050 at $1,000.
        let all = examples(&table("blind-b"), None);
        assert_eq!(
            lines(&all[0]),
            [("Ante", 10, 10), ("Blind", 10, 5_000), ("Play", 40, 40)]
        );
        assert!(all.iter().all(|e| !e.title.contains("Trips")));
        assert_eq!(all.len(), 4);
        assert_eq!(all[3].total, Fraction::from_int(1_000));
        assert_eq!(
            all[3].limit,
            Some((Fraction::from_int(1_000), Fraction::from_int(4_050)))
        );
    }
}
