//! The `strategy` command's settings: the Blind table and the question
//! asked, its cards read and checked (no card twice, dead cards and seen
//! cards consistent with the decision asked) before any work.

use super::TableReader;
use crate::cli::args::StrategyArgs;
use uth_edge::cards::{parse_cards, Card, CardSet};
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, Variant};
use uth_edge::rules::paytable::{PayTable, WagerKind};
use uth_edge::strategy::oracle;

/// The question `strategy` answers.
pub enum StrategyQuery {
    /// The chart (no cards) or one decision's exact EVs (the cards of the
    /// query: hole, flop, turn and river as given).
    Decision(Vec<Card>),
    /// One flop or river decision with dead cards out of the deck (at least
    /// one).
    DeadCards { cards: Vec<Card>, dead: Vec<Card> },
    /// The preflop decision of one hand given seen cards (the dealer's, and
    /// a board card when `variant` sees one).
    Seen {
        hole: Vec<Card>,
        dealer: Vec<Card>,
        variant: Variant,
        board_card: Option<Card>,
    },
    /// The preflop chart given the seen dealer cards (one or two).
    SeenChart { dealer: Vec<Card>, variant: Variant },
}

/// What `strategy` answers, on which table.
pub struct StrategySettings {
    pub table: PayTable,
    pub query: StrategyQuery,
}

impl StrategySettings {
    /// Reads and checks the `strategy` command's flags.
    pub fn read(
        reader: &mut TableReader,
        args: &StrategyArgs,
    ) -> Result<StrategySettings, InputError> {
        let table = reader.read_for(&args.blind, WagerKind::Blind)?;
        let groups = super::strategy_cards(&args.cards)?;
        let seen = args.sees_cards();
        if seen && args.dead.is_some() {
            return Err(InputError::usage(
                "--dead cannot be combined with --seen-dealer, --seen-flop, --seen-turnriver or --turnriver-at-flop yet (issue 26 continues)",
            ));
        }
        let query = if seen {
            seen_query(args, &groups, &table)?
        } else {
            let cards =
                oracle::parse_query(&groups).map_err(|e| InputError::usage(e.to_string()))?;
            // Dead cards, checked before any work; none (`--dead ""`) is
            // today's query.
            let dead = super::strategy_dead_cards(&cards, args.dead.as_deref())?;
            if dead.is_empty() {
                StrategyQuery::Decision(cards)
            } else {
                StrategyQuery::DeadCards { cards, dead }
            }
        };
        Ok(StrategySettings { table, query })
    }
}

/// `strategy HOLE --seen-dealer CARDS [--seen-flop CARD | --seen-turnriver
/// CARD | --turnriver-at-flop]` (the preflop decision given the seen
/// cards; with `--turnriver-at-flop`, given the seen dealer cards only, a
/// turn/river card to be seen at the flop), or without hole cards the
/// seen-card preflop chart.
fn seen_query(
    args: &StrategyArgs,
    groups: &[String],
    table: &PayTable,
) -> Result<StrategyQuery, InputError> {
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
    seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
    Ok(StrategyQuery::Seen {
        hole,
        dealer,
        variant,
        board_card,
    })
}

/// `strategy --seen-dealer CARDS [--turnriver-at-flop]`: the preflop chart
/// given the seen dealer cards.
fn seen_chart_query(args: &StrategyArgs, table: &PayTable) -> Result<StrategyQuery, InputError> {
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
    seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
    let variant = if args.turnriver_at_flop {
        Variant::TurnRiverAtFlop
    } else {
        Variant::NoBoardCard
    };
    Ok(StrategyQuery::SeenChart { dealer, variant })
}
