//! The rules of the game as the submission report's figures take them: the
//! base game in full (the wagers, the raise windows, the fold, the dealer's
//! qualification, each showdown's settlement), the hand each wager is
//! settled on, each Trips table's settlement rule, and each reading used.
//! (The deck, the shuffle and the strategy assumed are the assumptions'
//! part, `assumptions`.) In every format: the pages' and the terminal's
//! section ([`rules`]), the JSON key `rules_of_the_game` ([`json`]) and
//! the CSV's `rule` rows ([`rows`]), all from the same items ([`items`]).

use super::data::PartRow;
use crate::analysis::catalog::Catalog;
use crate::report::document::{Block, Section, Text};
use crate::report::ExportContext;
use crate::rules::paytable::{PayTable, ProgressiveHand, TripsRule, WagerKind};

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

/// The base game's rules in full, in the order of a round.
fn base_game() -> Vec<Text> {
    [
        "Wagers: the player makes an Ante and an equal Blind wager; player and dealer each \
         receive two cards face down, and five community cards are dealt face up: three (the \
         flop), then two (the turn and the river) (COMAR 36.05.16.08-.11).",
        "Raise windows, one Play wager a hand: before the flop the player may check or make a \
         Play wager of 3 or 4 times the Ante; after the flop, a player who checked may check or \
         make a Play wager of 2 times the Ante; after the river, a player who checked twice must \
         make a Play wager of 1 times the Ante or fold (COMAR 36.05.16.11B, D, F).",
        "A fold loses the Ante and the Blind; the player's Trips and Six Card Bonus wagers stay \
         in action and are settled at the end of the round (COMAR 36.05.16.11F).",
        "The dealer qualifies with a pair or better. When the dealer does not qualify, the Ante \
         pushes (it is returned), and the Blind and Play wagers are settled against the dealer's \
         hand as below (COMAR 36.05.16.11H(1)).",
        "Player's hand higher: the Play wager wins 1 to 1; the Ante wins 1 to 1 when the dealer \
         qualifies; the Blind is paid by the Blind pay table for the hands it lists (a straight \
         or better, or a flush or better where the table pushes a straight) and pushes for a \
         lower winning hand (COMAR 36.05.16.11H(3)(b)-(c), 36.05.16.12B).",
        "Dealer's hand higher: the Play and Blind wagers lose, and the Ante loses when the dealer \
         qualifies (it pushes when not). A tie: the Ante, Blind and Play wagers push (COMAR \
         36.05.16.11H(3)(a), (d)).",
        "Hands are ranked as in poker; each hand is the best five cards of its player's two \
         cards and the five community cards.",
    ]
    .into_iter()
    .map(Text::plain)
    .collect()
}

/// The hand each wager of the report is settled on.
fn wager_hand(kind: WagerKind, tables: &[&PayTable]) -> String {
    match kind {
        WagerKind::Blind => "Ante, Blind and Play: the best five of the player's seven cards \
            against the best five of the dealer's seven."
            .to_string(),
        WagerKind::Trips => "Trips: the best five of the player's seven cards.".to_string(),
        WagerKind::SixCardBonus => "Six Card Bonus: the best five of six cards, the player's \
            two cards and four bonus cards."
            .to_string(),
        WagerKind::Progressive => {
            let hands: Vec<String> = tables
                .iter()
                .map(|t| match t.rules.progressive_hand {
                    ProgressiveHand::HoleAndFlop => format!(
                        "{}: the player's two cards and the three flop cards, a five-card hand, \
                         not the best five of seven (the table's rule hole_and_flop; COMAR \
                         36.05.16.01B(6) says a five-card hand)",
                        t.id
                    ),
                    ProgressiveHand::BestOfSeven => format!(
                        "{}: the best five of the player's seven cards (the table's rule \
                         best_of_seven)",
                        t.id
                    ),
                })
                .collect();
            let hands = if hands.is_empty() {
                "the player's two cards and the three flop cards".to_string()
            } else {
                hands.join("; ")
            };
            format!("Progressive: {hands}; its Envy Bonus on the other players' hands.")
        }
        WagerKind::BadBeat => "Bad Beat: both final hands, the one that loses the showdown \
            paid (a tie loses)."
            .to_string(),
        WagerKind::UltimatePairs => "Ultimate Pairs Bonus: the player's two cards (and the \
            dealer's two, for a line that names them); it stays in action after a fold."
            .to_string(),
    }
}

/// The wagers of the report: its tables', else its results'.
fn wagers(catalog: &Catalog, context: &ExportContext) -> Vec<WagerKind> {
    WagerKind::ALL
        .into_iter()
        .filter(|&kind| {
            context.tables.iter().any(|t| t.wager == kind)
                || catalog.results.iter().any(|r| {
                    WagerKind::from_name(&r.wager) == Some(kind)
                        || (kind == WagerKind::Blind && r.game.is_some())
                })
        })
        .collect()
}

/// The name of a wager in the part's JSON and CSV: the results' (the
/// Ante, Blind and Play are the `base_game`'s).
fn wager_name(kind: WagerKind) -> &'static str {
    match kind {
        WagerKind::Blind => "base_game",
        other => other.name(),
    }
}

/// One item of the part: the list it is in (`base_game`, `wager_hand`,
/// `reading`), the wager and the pay table it is of (when it is of one),
/// and its words.
struct Item {
    list: &'static str,
    wager: Option<&'static str>,
    paytable: Option<String>,
    text: String,
}

/// The part's items in the order the pages print them: the base game's
/// rules (with a Blind table), each wager's hand (with each Trips table's
/// rule, the fixed-dollar and meter notes), each reading used.
fn items(catalog: &Catalog, context: &ExportContext) -> Vec<Item> {
    let item = |list, wager, paytable: Option<&str>, text: String| Item {
        list,
        wager,
        paytable: paytable.map(str::to_string),
        text,
    };
    let mut items = Vec::new();
    let kinds = wagers(catalog, context);
    if kinds.contains(&WagerKind::Blind) {
        items.extend(
            base_game()
                .into_iter()
                .map(|t| item("base_game", Some("base_game"), None, t.to_plain())),
        );
    }
    for &kind in &kinds {
        let tables: Vec<&PayTable> = context.tables.iter().filter(|t| t.wager == kind).collect();
        let text = wager_hand(kind, &tables);
        items.push(item("wager_hand", Some(wager_name(kind)), None, text));
    }
    for t in &context.tables {
        if t.wager == WagerKind::Trips {
            items.push(item(
                "wager_hand",
                Some("trips"),
                Some(&t.id),
                trips_rule(t),
            ));
        }
    }
    if catalog.results.iter().any(|r| r.wager_amount.is_some()) {
        items.push(item(
            "wager_hand",
            None,
            None,
            "Fixed-dollar awards are evaluated at the wager amount shown beside the pay table."
                .to_string(),
        ));
    }
    if catalog.results.iter().any(|r| r.meter.is_some()) {
        items.push(item(
            "wager_hand",
            Some("progressive"),
            None,
            "Progressive: at the meter and number of other players shown beside the pay table."
                .to_string(),
        ));
    }
    for t in &context.tables {
        for n in &t.notes {
            let wager = Some(wager_name(t.wager));
            items.push(item(
                "reading",
                wager,
                Some(&t.id),
                format!("{}: {n}", t.id),
            ));
        }
    }
    items
}

/// The words of the items of `list`.
fn texts(items: &[Item], list: &str) -> Vec<Text> {
    items
        .iter()
        .filter(|i| i.list == list)
        .map(|i| Text::plain(i.text.clone()))
        .collect()
}

/// The rules of the game, with each reading used.
pub(super) fn rules(catalog: &Catalog, context: &ExportContext) -> Section {
    let items = items(catalog, context);
    let mut blocks = vec![Block::Heading(2, Text::plain("Rules of the game"))];
    let base = texts(&items, "base_game");
    if !base.is_empty() {
        blocks.push(Block::Heading(3, Text::plain("The base game")));
        blocks.push(Block::List(base));
    }
    blocks.push(Block::Heading(3, Text::plain("Each wager's hand")));
    blocks.push(Block::List(texts(&items, "wager_hand")));
    let readings = texts(&items, "reading");
    if !readings.is_empty() {
        blocks.push(Block::Heading(3, Text::plain("Readings used")));
        blocks.push(Block::List(readings));
    }
    Section {
        id: Some("rules".into()),
        blocks,
    }
}

/// The part as JSON (the key `rules_of_the_game`): `base_game`, the base
/// game's rules in words (empty without a Blind table); `wager_hands` and
/// `readings`, each item `wager` (`null` for a note of every wager),
/// `paytable` (`null` unless the item is one table's) and `text`.
pub(super) fn json(catalog: &Catalog, context: &ExportContext) -> serde_json::Value {
    let items = items(catalog, context);
    let of = |list: &str| -> Vec<serde_json::Value> {
        items
            .iter()
            .filter(|i| i.list == list)
            .map(|i| serde_json::json!({"wager": i.wager, "paytable": i.paytable, "text": i.text}))
            .collect()
    };
    let base: Vec<&str> = items
        .iter()
        .filter(|i| i.list == "base_game")
        .map(|i| i.text.as_str())
        .collect();
    serde_json::json!({
        "base_game": base,
        "wager_hands": of("wager_hand"),
        "readings": of("reading"),
    })
}

/// The part as CSV rows: one `rule` row per item, `hand` its list
/// (`base_game`, `wager_hand`, `reading`), `wager` and `paytable` when it
/// is of one, `text` its words.
pub(super) fn rows(catalog: &Catalog, context: &ExportContext) -> Vec<PartRow> {
    items(catalog, context)
        .into_iter()
        .map(|i| {
            PartRow::new("rule", i.list)
                .set("wager", i.wager.unwrap_or_default())
                .set("paytable", i.paytable.unwrap_or_default())
                .set("text", i.text)
        })
        .collect()
}
