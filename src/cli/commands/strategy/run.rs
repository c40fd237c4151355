//! The run of `uth-edge strategy`: each question of [`Strategy`] answered
//! (the payout limit's in `cli/commands/payout_limit/`).

use super::{Strategy, StrategyArgs};
use crate::cli::commands::provenance;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use uth_edge::analysis::dead_chart;
use uth_edge::cards::{Card, CardSet};
use uth_edge::error::InputError;
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::exact::seen::{self, Variant};
use uth_edge::progress::Progress;
use uth_edge::report::{self, Format};
use uth_edge::rules::paytable::PayTable;
use uth_edge::strategy::oracle;

/// Runs `strategy`: the flags parsed into one [`Strategy`] (every refusal
/// there, one line, before any work), then its question answered
/// (`quiet`: `--quiet`, no warnings).
pub fn run(
    args: StrategyArgs,
    quiet: bool,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let strategy = Strategy::from_args(reader, &args)?;
    let format = args.output.format;
    let out = args.output.out.out.as_deref();
    match strategy {
        Strategy::PayoutLimited { run, cards } => {
            run.run_strategy(&cards, args.output, quiet, reader, progress)
        }
        Strategy::Decision { table, cards } => {
            decision(format, out, &cards, &table, reader, progress)
        }
        Strategy::DeadCards {
            table,
            cards,
            dead,
            deck,
        } => dead_card_decision(format, out, &cards, &dead, deck, &table, reader),
        Strategy::DeadChart { table, dead, deck } => {
            dead_chart(format, out, &dead, deck, &table, reader, progress)
        }
        Strategy::Seen {
            table,
            hole,
            dealer,
            variant,
            board_card,
        } => {
            let answer = SeenDecision {
                hole: &hole,
                dealer: &dealer,
                variant,
                board_card,
            };
            seen_decision(format, out, &answer, &table, reader)
        }
        Strategy::SeenChart {
            table,
            dealer,
            variant,
        } => seen_chart(format, out, &dealer, variant, &table, reader, progress),
        Strategy::With { table, cards, file } => {
            with_file(format, out, &cards, &file, &table, reader)
        }
    }
}

/// `strategy --with FILE HOLE [FLOP [TURNRIVER]]`: the file's decision and
/// the rule that decided, beside the exact EVs of the spot's choices.
fn with_file(
    format: Format,
    out: Option<&std::path::Path>,
    cards: &[Card],
    file: &uth_edge::strategy::FileStrategy,
    table: &PayTable,
    reader: &TableReader,
) -> anyhow::Result<()> {
    let decided = file
        .decide(cards)
        .expect("2, 5 or 7 cards: checked by the parse");
    let advice = oracle::spot_advice(table, cards)
        .expect("a preflop, flop or river decision")
        .map_err(InputError::from)?;
    let out = Output::open(out)?;
    let document =
        report::strategy::with_file(&table.id, cards, file, decided, &advice, provenance(reader));
    crate::cli::commands::render_document(format, &document, out, "the strategy")
}

/// The chart, or one decision's exact EVs: a preflop, flop or river
/// decision is enumerated directly, without the solve.
fn decision(
    format: Format,
    out: Option<&std::path::Path>,
    cards: &[Card],
    table: &PayTable,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let out = Output::open(out)?;
    let document = match oracle::spot_advice(table, cards) {
        Some(advice) => {
            let advice = advice.map_err(InputError::from)?;
            report::strategy::decision(&table.id, cards, &[], &advice, None, provenance(reader))
        }
        None => {
            let river = RiverTable::build(CardSet::FULL_DECK, progress);
            let solution = solve(&river, table, progress);
            report::strategy::from_solution(&solution, cards, None, provenance(reader))
        }
    };
    crate::cli::commands::render_document(format, &document, out, "the strategy")
}

/// `strategy HOLE [FLOP [TURNRIVER]] --dead CARDS`: one decision's exact
/// EVs with the dead cards out of the deck, enumerated directly (the dead
/// cards already checked; on a `--deck` of fewer cards, a preflop
/// decision, named with its deck).
fn dead_card_decision(
    format: Format,
    out: Option<&std::path::Path>,
    cards: &[Card],
    dead: &[Card],
    deck: CardSet,
    table: &PayTable,
    reader: &TableReader,
) -> anyhow::Result<()> {
    let dead_set = CardSet::from_cards(dead);
    uth_edge::exact::seen::check_blind_table(table)
        .map_err(|e| InputError::usage(e.to_string()))?;
    let out = Output::open(out)?;
    let advice = if deck == CardSet::FULL_DECK {
        oracle::spot_advice_with_dead(table, cards, dead_set)
            .expect("a preflop, flop or river decision: checked with the dead cards")
            .map_err(InputError::from)?
    } else {
        let hole = (cards[0], cards[1]);
        seen::dead::preflop_advice(table, deck, hole, dead_set)
            .map_err(|e| InputError::usage(e.to_string()))?
    };
    let deck_cards = (deck != CardSet::FULL_DECK).then(|| deck.len());
    let document = report::strategy::decision(
        &table.id,
        cards,
        dead,
        &advice,
        deck_cards,
        provenance(reader),
    );
    crate::cli::commands::render_document(format, &document, out, "the strategy")
}

/// The seen cards of one preflop decision.
struct SeenDecision<'a> {
    hole: &'a [Card],
    dealer: &'a [Card],
    variant: Variant,
    board_card: Option<Card>,
}

/// `strategy HOLE --seen-dealer CARDS [--seen-flop CARD | --seen-turnriver
/// CARD | --turnriver-at-flop]`: the preflop decision given the seen cards
/// (with `--turnriver-at-flop`, given the seen dealer cards only, a
/// turn/river card to be seen at the flop).
fn seen_decision(
    format: Format,
    out: Option<&std::path::Path>,
    seen_cards: &SeenDecision,
    table: &PayTable,
    reader: &TableReader,
) -> anyhow::Result<()> {
    let SeenDecision {
        hole,
        dealer,
        variant,
        board_card,
    } = *seen_cards;
    let (scale, states) =
        seen::solve_situation(table, CardSet::FULL_DECK, (hole[0], hole[1]), dealer)
            .map_err(|e| InputError::usage(e.to_string()))?;
    let state = states[variant as usize]
        .iter()
        .find(|s| s.seen == board_card)
        .expect("every seen card has its state")
        .clone();
    let spot = report::seen::strategy::SeenSpot {
        paytable: &table.id,
        hole,
        dealer,
        variant,
    };
    let document =
        report::seen::strategy::decision_document(spot, &state, scale, Some(provenance(reader)));
    crate::cli::commands::render_document(format, &document, Output::open(out)?, "the strategy")
}

/// `strategy --seen-dealer CARDS [--turnriver-at-flop]`: the preflop chart
/// given the seen dealer cards (one situation solved per class of hole
/// cards).
fn seen_chart(
    format: Format,
    out: Option<&std::path::Path>,
    dealer: &[Card],
    variant: Variant,
    table: &PayTable,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let out = Output::open(out)?;
    let (scale, chart) = seen::preflop_chart(table, CardSet::FULL_DECK, dealer, variant, progress)
        .map_err(|e| InputError::usage(e.to_string()))?;
    let document = report::seen::strategy::chart_document(
        &table.id,
        dealer,
        variant,
        &chart,
        scale,
        Some(provenance(reader)),
    );
    crate::cli::commands::render_document(format, &document, out, "the strategy")
}

/// `strategy --dead CARDS [--deck N]`: the preflop chart with the dead
/// cards out of the deck (one solve of the deck less them, under the suit
/// renamings that keep them), its cost on standard error first.
fn dead_chart(
    format: Format,
    out: Option<&std::path::Path>,
    dead: &[Card],
    deck: CardSet,
    table: &PayTable,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let out = Output::open(out)?;
    let plan = dead_chart::plan(deck, CardSet::from_cards(dead));
    stderr_line!(
        "dead-card chart: {} of the 24 suit renamings keep the dead cards; one solve of the {} cards left, about {} boards, up to about {}; timing the base game's solve first",
        plan.renamings,
        plan.cards_left,
        plan.boards,
        if plan.memory >= 1_000_000_000 {
            format!("{:.1} GB", plan.memory as f64 / 1e9)
        } else {
            format!("{} MB", plan.memory.div_ceil(1_000_000))
        }
    );
    let chart = dead_chart::solve(table, deck, dead, progress, &mut |timing| {
        stderr_line!(
            "dead-card chart: the base game took {:.1} s; projected about {:.0} s for the chart's solve",
            timing.base_seconds,
            timing.projected_seconds
        );
    });
    let document = report::dead::chart::document(&chart, provenance(reader));
    crate::cli::commands::render_document(format, &document, out, "the strategy")
}
