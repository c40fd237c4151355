//! `uth-edge game --seen exposed:1 | collude:K [--shard I/N]` and `uth-edge
//! merge`: the dead-card cases (issue 26), their flags, the cost printed
//! before the work, the partial sums of a shard and their merge.

use crate::cli::args::dead_cards::{DeadArgs, MergeArgs};
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::{self, TableReader};
use anyhow::Context;
use std::io::Write;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::exact::seen::{self, dead};
use uth_edge::fraction::Fraction;
use uth_edge::money::parse_dollars;
use uth_edge::progress::Progress;
use uth_edge::report::{self, dead::DeadFigures, Format};
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// Whether the `--seen` values name dead-card cases (all of them must, or
/// none).
pub fn is_dead_game(seen: &[String]) -> bool {
    seen.iter().any(|s| dead::DeadCase::is_dead_case(s))
}

fn settings(args: &DeadArgs) -> Result<(Fraction, u32), InputError> {
    let ante = parse_dollars("leak-ante", &args.ante).map_err(InputError::from)?;
    if args.hands_per_hour == 0 {
        return Err(InputError::usage(
            "--leak-hands-per-hour 0: must be at least 1",
        ));
    }
    Ok((ante, args.hands_per_hour))
}

/// `game --seen exposed:1|collude:K`: the classes and the projected cost
/// first (standard error), then the work.
pub fn run(
    args: crate::cli::args::GameArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    if args.seen.iter().any(|s| !dead::DeadCase::is_dead_case(s)) {
        return Err(InputError::usage(
            "--seen: dead-card cases (exposed:1, collude:K) go alone, not with seen-card cases",
        )
        .into());
    }
    let cases: Vec<dead::DeadCase> = args
        .seen
        .iter()
        .map(|t| dead::DeadCase::parse(t).map_err(|e| InputError::usage(e.to_string())))
        .collect::<Result<_, _>>()?;
    let shard = match &args.dead.shard {
        Some(text) => Some(dead::Shard::parse(text).map_err(InputError::usage)?),
        None => None,
    };
    if shard.is_some() && cases.len() != 1 {
        return Err(InputError::usage("--shard takes one --seen case").into());
    }
    let (ante, hands) = settings(&args.dead)?;
    let blinds = if args.blinds.is_empty() {
        vec!["blind-a".to_string()]
    } else {
        args.blinds.clone()
    };
    let tables = settings::paytables_for(reader, &blinds, WagerKind::Blind)?;
    if shard.is_some() && tables.len() != 1 {
        return Err(InputError::usage("--shard takes one --blind table").into());
    }
    for table in &tables {
        seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
    }
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let deck = CardSet::FULL_DECK;
    let mut solved = vec![];
    for table in &tables {
        for &case in &cases {
            let part = shard.unwrap_or(dead::Shard::ALL);
            if case == dead::DeadCase::Collude(2) {
                solved.push((collude_2(table, deck, part, progress)?, table.clone()));
                continue;
            }
            let classes = dead::class_count(deck, case.dead_cards());
            stderr_line!(
                "{case}: {classes} classes of (player cards, {} dead card{}) up to suit renaming; timing the first classes",
                case.dead_cards(),
                if case.dead_cards() == 1 { "" } else { "s" }
            );
            let sums = dead::solve(table, deck, case, part, progress, &mut |cost| {
                stderr_line!(
                    "{case}: {:.1} s a class (mean of {} timed, one thread each): projected {:.1} CPU hours for all {} classes{}",
                    cost.seconds_per_class,
                    cost.sampled,
                    cost.total_seconds() / 3600.0,
                    cost.classes,
                    if part.count > 1 {
                        format!(", {:.2} for this shard's {}", cost.shard_seconds() / 3600.0, cost.shard_classes)
                    } else {
                        String::new()
                    }
                );
            })
            .map_err(|e| InputError::usage(e.to_string()))?;
            solved.push((sums, table.clone()));
        }
    }
    if shard.is_some() {
        out.write_all(solved[0].0.to_text().as_bytes())
            .context("writing the sums")?;
        return out.finish().context("writing the sums");
    }
    write_figures(
        &solved,
        args.output.format,
        ante,
        hands,
        reader,
        progress,
        out,
    )
}

/// `collude:2` by partner class (`exact::seen::partners`): the classes and
/// the projected cost first (standard error), then the work.
fn collude_2(
    table: &PayTable,
    deck: CardSet,
    part: dead::Shard,
    progress: &dyn Progress,
) -> anyhow::Result<dead::DeadSums> {
    let classes = seen::partners::partner_classes(deck).len();
    stderr_line!(
        "collude:2: {classes} classes of the partner's two cards up to suit renaming, each one solve of the base game for every player holding; timing the first class"
    );
    let sums = seen::partners::solve_collude_2(table, deck, part, progress, &mut |cost| {
        stderr_line!(
            "collude:2: projected {:.2} CPU hours for all {} classes (the first class's CPU time scaled by the class sizes){}",
            cost.total_seconds() / 3600.0,
            cost.classes,
            if part.count > 1 {
                format!(", about {:.2} for this shard's {}", cost.shard_seconds() / 3600.0, cost.shard_classes)
            } else {
                String::new()
            }
        );
    })
    .map_err(|e| InputError::usage(e.to_string()))?;
    Ok(sums)
}

/// `uth-edge merge FILE...`: the figures of a run from its shards' sums.
pub fn merge(
    args: MergeArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let (ante, hands) = settings(&args.dead)?;
    let mut parts = vec![];
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| InputError::usage(format!("{}: {e}", path.display())))?;
        let sums = dead::DeadSums::parse(&text)
            .map_err(|e| InputError::usage(format!("{}: {e}", path.display())))?;
        parts.push(sums);
    }
    let whole = dead::DeadSums::merge(&parts).map_err(InputError::usage)?;
    // The table the sums were computed for, to solve the base game.
    let table = reader.read_for(&args.blind, WagerKind::Blind)?;
    if table.id != whole.paytable {
        return Err(InputError::usage(format!(
            "--blind {}: the sums are for Blind table {}; give it with --blind",
            args.blind, whole.paytable
        ))
        .into());
    }
    let out = Output::open(args.output.out.out.as_deref())?;
    write_figures(
        &[(whole, table)],
        args.output.format,
        ante,
        hands,
        reader,
        progress,
        out,
    )
}

fn write_figures(
    solved: &[(dead::DeadSums, PayTable)],
    format: Format,
    ante: Fraction,
    hands_per_hour: u32,
    reader: &TableReader,
    progress: &dyn Progress,
    mut out: Output,
) -> anyhow::Result<()> {
    let mut figures = vec![];
    for (sums, table) in solved {
        let river = RiverTable::build(sums.deck, progress);
        let base = solve(&river, table, progress);
        let base_per_ante = Fraction::new(
            base.total_value,
            base.sequences as i128 * base.payoffs.scale as i128,
        );
        figures.push(DeadFigures {
            sums,
            base_per_ante,
            ante: ante.clone(),
            hands_per_hour,
        });
    }
    match format {
        Format::Csv => report::dead::write_csv(&figures, &mut out),
        Format::Json => {
            report::dead::write_json(&figures, Some(&super::provenance(reader)), &mut out)
        }
        _ => report::dead::write_table(&figures, &mut out),
    }
    .context("writing the figures")?;
    out.finish().context("writing the figures")
}
