//! The parse of `strategy`'s flags into one [`Strategy`]: the Blind table
//! and the question asked, its cards read and checked (no card twice, dead
//! cards and seen cards consistent with the decision asked, dead cards of
//! the `--deck` and few enough to deal a hand) before any work.

use super::{LimitRun, Strategy, StrategyArgs};
use crate::cli::settings::{self, TableReader};
use uth_edge::cards::{parse_cards, Card, CardSet};
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, Variant};
use uth_edge::rules::paytable::{PayTable, WagerKind};
use uth_edge::strategy::oracle;

impl Strategy {
    /// Parses `strategy`'s flags: the Blind table, the cards of the
    /// question, then the question (under a payout limit, with cards seen
    /// or dead, or none), every refusal before any work.
    pub fn from_args(
        reader: &mut TableReader,
        args: &StrategyArgs,
    ) -> Result<Strategy, InputError> {
        let table = reader.read_for(&args.blind, WagerKind::Blind)?;
        let groups = strategy_cards(&args.cards)?;
        if let Some(with) = &args.with {
            return with_query(args, with, &groups, table);
        }
        if args.limit.given() {
            // A payout limit per hand (COMAR 36.05.16.12F): its own solve.
            let seen = args.sees_cards() || args.dead.is_some() || args.deck.is_some();
            let (run, cards) =
                LimitRun::read_for_strategy(&args.limit, table, &groups, seen, reader)?;
            return Ok(Strategy::PayoutLimited { run, cards });
        }
        let seen = args.sees_cards();
        if seen && args.dead.is_some() {
            return Err(InputError::usage(
                "--dead cannot be combined with --seen-dealer, --seen-flop, --seen-turnriver or --turnriver-at-flop yet (issue 26 continues)",
            ));
        }
        if args.deck.is_some() && (seen || args.dead.is_none()) {
            return Err(InputError::usage(
                "--deck goes with --dead only (the preflop chart with dead cards, or a preflop decision with them)",
            ));
        }
        if seen {
            return seen_query(args, &groups, table);
        }
        let cards = oracle::parse_query(&groups).map_err(|e| InputError::usage(e.to_string()))?;
        Ok(match (cards.len(), args.dead.as_deref()) {
            (0, Some(text)) => dead_chart_query(text, args.deck, table)?,
            (2, Some(text)) if args.deck.is_some() => {
                preflop_on_deck_query(cards, text, args.deck, table)?
            }
            (_, _) if args.deck.is_some() => {
                return Err(InputError::usage(
                    "--deck answers the preflop chart or a preflop decision (HOLE) only, not a flop or river decision",
                ))
            }
            _ => {
                // Dead cards, checked before any work; none (`--dead
                // ""`) is today's query.
                let dead = strategy_dead_cards(&cards, args.dead.as_deref())?;
                if dead.is_empty() {
                    Strategy::Decision { table, cards }
                } else {
                    Strategy::DeadCards {
                        table,
                        cards,
                        dead,
                        deck: CardSet::FULL_DECK,
                    }
                }
            }
        })
    }
}

/// The cards of a `strategy` query as typed: the hole cards (2), then the
/// flop (3), then the turn and river (2); each group one argument, no card
/// twice. Returns the groups' text for the oracle.
fn strategy_cards(groups: &[String]) -> Result<Vec<String>, InputError> {
    const GROUPS: [(&str, usize); 3] = [("hole cards", 2), ("flop", 3), ("turn and river", 2)];
    if groups.len() > GROUPS.len() {
        return Err(InputError::usage(format!(
            "strategy takes at most three groups of cards (HOLE FLOP TURNRIVER), got {}",
            groups.len()
        )));
    }
    for (text, (name, count)) in groups.iter().zip(GROUPS) {
        let cards = parse_cards(text)?;
        if cards.len() != count {
            return Err(InputError::usage(format!(
                "{name} '{text}': expected {count} cards, got {} (give HOLE, FLOP and TURNRIVER as separate arguments, e.g. AsKd Qh7c2d Tc4s)",
                cards.len()
            )));
        }
    }
    // Duplicates across groups.
    parse_cards(&groups.join(" "))?;
    Ok(groups.to_vec())
}

/// `strategy --with NAME|FILE HOLE [FLOP [TURNRIVER]]`: a strategy file's
/// decision at one spot beside the optimal one, on the full deck without a
/// payout limit, seen or dead cards (each refused, one line); the file
/// read and checked before any work.
fn with_query(
    args: &StrategyArgs,
    with: &str,
    groups: &[String],
    table: PayTable,
) -> Result<Strategy, InputError> {
    let other = [
        ("--payout-limit", args.limit.given()),
        (
            "--seen-dealer, --seen-flop, --seen-turnriver or --turnriver-at-flop",
            args.sees_cards(),
        ),
        ("--dead", args.dead.is_some()),
        ("--deck", args.deck.is_some()),
    ];
    if let Some((flag, _)) = other.iter().find(|(_, given)| *given) {
        return Err(InputError::usage(format!(
            "--with {}: a strategy file's decision is answered on the full deck of the base game, not with {flag}",
            uth_edge::message::shown(with)
        )));
    }
    let cards = oracle::parse_query(groups).map_err(|e| InputError::usage(e.to_string()))?;
    if cards.is_empty() {
        return Err(InputError::usage(format!(
            "--with {}: give the spot, HOLE [FLOP [TURNRIVER]] (e.g. AsKd Qh7c2d Tc4s); the file's preflop chart is `uth-edge strategies validate`",
            uth_edge::message::shown(with)
        )));
    }
    if with.trim().eq_ignore_ascii_case("optimal") {
        return Err(InputError::usage(
            "--with optimal: the optimal decision is what `strategy` answers without --with",
        ));
    }
    // `optimal` is refused above: the names listed are the shipped ones.
    let file = Box::new(
        uth_edge::strategy::StrategyChoice::file(with, &[])
            .map_err(|e| InputError::usage(format!("--with: {e}")))?,
    );
    Ok(Strategy::With { table, cards, file })
}

/// The dead cards of a `strategy` query (`--dead`, absent = none), read
/// with the card parser and checked against the query's cards before any
/// work: a flop or river decision, no card both dead and dealt, enough
/// cards left to deal.
fn strategy_dead_cards(
    cards: &[uth_edge::cards::Card],
    dead: Option<&str>,
) -> Result<Vec<uth_edge::cards::Card>, InputError> {
    let Some(text) = dead else {
        return Ok(Vec::new());
    };
    let dead = parse_cards(text).map_err(|e| InputError::usage(format!("--dead '{text}': {e}")))?;
    let dead_set = uth_edge::cards::CardSet::from_cards(&dead);
    uth_edge::strategy::oracle::check_dead_cards(cards, dead_set)
        .map_err(|e| InputError::usage(format!("--dead '{text}': {e}")))?;
    Ok(dead)
}

/// `strategy HOLE --seen-dealer CARDS [--seen-flop CARD | --seen-turnriver
/// CARD | --turnriver-at-flop]` (the preflop decision given the seen
/// cards; with `--turnriver-at-flop`, given the seen dealer cards only, a
/// turn/river card to be seen at the flop), or without hole cards the
/// seen-card preflop chart.
fn seen_query(
    args: &StrategyArgs,
    groups: &[String],
    table: PayTable,
) -> Result<Strategy, InputError> {
    if args.turnriver_at_flop && (args.seen_flop.is_some() || args.seen_turnriver.is_some()) {
        return Err(InputError::usage(
            "--turnriver-at-flop takes no card and goes with neither --seen-flop nor --seen-turnriver: \
             the turn/river card it means is seen after the preflop decision, which cannot depend on it",
        ));
    }
    if groups.is_empty() && args.seen_flop.is_none() && args.seen_turnriver.is_none() {
        return seen_chart_query(args, table);
    }
    if groups.len() != 1 {
        return Err(InputError::usage(
            "with --seen-dealer, --seen-flop, --seen-turnriver or --turnriver-at-flop, give the hole cards only (the preflop decision is answered)",
        ));
    }
    let hole = parse_cards(&groups[0])?;
    let dealer = match &args.seen_dealer {
        Some(text) => parse_cards(text)?,
        None => vec![],
    };
    if dealer.len() > 2 {
        return Err(InputError::usage(format!(
            "--seen-dealer '{}': the dealer has two hole cards, got {}",
            args.seen_dealer.as_deref().unwrap_or(""),
            dealer.len()
        )));
    }
    let one = |flag: &str, text: &Option<String>| -> Result<Option<Card>, InputError> {
        match text {
            None => Ok(None),
            Some(t) => match parse_cards(t)?.as_slice() {
                [c] => Ok(Some(*c)),
                other => Err(InputError::usage(format!(
                    "{flag} '{t}': expected one card, got {}",
                    other.len()
                ))),
            },
        }
    };
    let flop = one("--seen-flop", &args.seen_flop)?;
    let turnriver = one("--seen-turnriver", &args.seen_turnriver)?;
    let (variant, board_card) = match (flop, turnriver) {
        (None, None) if args.turnriver_at_flop => (Variant::TurnRiverAtFlop, None),
        (None, None) => (Variant::NoBoardCard, None),
        (Some(c), None) => (Variant::Flop, Some(c)),
        (None, Some(c)) => (Variant::TurnRiver, Some(c)),
        _ => {
            return Err(InputError::usage(
                "--seen-flop and --seen-turnriver together are not supported",
            ))
        }
    };
    let mut all: Vec<Card> = hole.iter().chain(&dealer).copied().collect();
    all.extend(board_card);
    let distinct = CardSet::from_cards(&all);
    if distinct.len() != all.len() {
        return Err(InputError::usage(
            "a card is given twice (hole, seen dealer and seen board cards)",
        ));
    }
    seen::check_blind_table(&table).map_err(|e| InputError::usage(e.to_string()))?;
    Ok(Strategy::Seen {
        table,
        hole,
        dealer,
        variant,
        board_card,
    })
}

/// `strategy --seen-dealer CARDS [--turnriver-at-flop]`: the preflop chart
/// given the seen dealer cards.
fn seen_chart_query(args: &StrategyArgs, table: PayTable) -> Result<Strategy, InputError> {
    let Some(text) = args.seen_dealer.as_deref() else {
        return Err(InputError::usage(
            "the seen-card preflop chart needs --seen-dealer (one or two cards); \
             for one hand's decision give its hole cards",
        ));
    };
    let dealer = parse_cards(text)?;
    if dealer.is_empty() || dealer.len() > 2 {
        return Err(InputError::usage(format!(
            "--seen-dealer '{text}': expected one or two cards, got {}",
            dealer.len()
        )));
    }
    seen::check_blind_table(&table).map_err(|e| InputError::usage(e.to_string()))?;
    let variant = if args.turnriver_at_flop {
        Variant::TurnRiverAtFlop
    } else {
        Variant::NoBoardCard
    };
    Ok(Strategy::SeenChart {
        table,
        dealer,
        variant,
    })
}

/// The most dead cards the chart takes: the hole cards of five partners
/// (six players colluding).
const MAX_DEAD: usize = 10;

/// Cards a hand deals: the player's two, the board's five, the dealer's
/// two.
const HAND_CARDS: usize = 9;

/// The dead cards of `--dead TEXT` on `deck`: read (no card twice), each of
/// the deck and none of `cards`, and at most `most`.
fn dead_of(
    text: &str,
    deck: CardSet,
    cards: &[Card],
    most: usize,
) -> Result<Vec<Card>, InputError> {
    let dead = parse_cards(text).map_err(|e| InputError::usage(format!("--dead '{text}': {e}")))?;
    if let Some(card) = dead.iter().find(|&&c| !deck.contains(c)) {
        return Err(InputError::usage(format!(
            "--dead '{text}': {card} is not in the {}-card deck (--deck {})",
            deck.len(),
            deck.len()
        )));
    }
    if let Some(card) = dead.iter().find(|c| cards.contains(c)) {
        return Err(InputError::usage(format!(
            "--dead '{text}': card {card} is given both as a dead card and as a hole card"
        )));
    }
    if dead.len() > most {
        return Err(InputError::usage(format!(
            "--dead '{text}': {} dead cards leave {} of the {} cards, fewer than the {HAND_CARDS} a hand deals (at most {most} dead cards)",
            dead.len(),
            deck.len() - dead.len(),
            deck.len(),
        )));
    }
    Ok(dead)
}

/// `strategy --dead CARDS [--deck N]`: the preflop chart with the dead
/// cards out of the deck.
fn dead_chart_query(
    text: &str,
    deck: Option<u32>,
    table: PayTable,
) -> Result<Strategy, InputError> {
    let deck = settings::deck_of(deck)?;
    let most = MAX_DEAD.min(deck.len() - HAND_CARDS);
    let dead = parse_cards(text).map_err(|e| InputError::usage(format!("--dead '{text}': {e}")))?;
    if dead.len() > MAX_DEAD {
        return Err(InputError::usage(format!(
            "--dead '{text}': {} cards; the chart takes 1 to {MAX_DEAD} dead cards (five partners' hole cards)",
            dead.len()
        )));
    }
    let dead = dead_of(text, deck, &[], most)?;
    uth_edge::exact::game::check_blind_table(&table)
        .map_err(|e| InputError::usage(e.to_string()))?;
    Ok(Strategy::DeadChart { table, dead, deck })
}

/// `strategy HOLE --dead CARDS --deck N`: one preflop decision with dead
/// cards on a deck of the N highest cards (the seen-card engine).
fn preflop_on_deck_query(
    cards: Vec<Card>,
    text: &str,
    deck: Option<u32>,
    table: PayTable,
) -> Result<Strategy, InputError> {
    let deck = settings::deck_of(deck)?;
    if let Some(card) = cards.iter().find(|&&c| !deck.contains(c)) {
        return Err(InputError::usage(format!(
            "hole card {card} is not in the {}-card deck (--deck {})",
            deck.len(),
            deck.len()
        )));
    }
    let dead = dead_of(text, deck, &cards, deck.len() - HAND_CARDS)?;
    seen::check_blind_table(&table).map_err(|e| InputError::usage(e.to_string()))?;
    Ok(Strategy::DeadCards {
        table,
        cards,
        dead,
        deck,
    })
}

impl StrategyArgs {
    /// Whether any card seen is given (`--seen-dealer`, `--seen-flop`,
    /// `--seen-turnriver`, `--turnriver-at-flop`).
    fn sees_cards(&self) -> bool {
        self.seen_dealer.is_some()
            || self.seen_flop.is_some()
            || self.seen_turnriver.is_some()
            || self.turnriver_at_flop
    }
}
