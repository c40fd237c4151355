//! The run of `uth-edge game --seen exposed:1 | collude:K [--shard I/N]
//! [--deck N]`:
//! the dead-card cases (issue 26) solved exactly, the shard's count checked
//! against the case's classes first, the cost printed before the work
//! (not with `--quiet`), the
//! partial sums of a shard or the figures (their writing shared with
//! `merge`, which adds the shards' sums). Parsed in `parse_dead.rs`.

use super::parse_dead::DeadRun;
use super::parse_leak::LeakStakes;
use crate::cli::args::OutputArgs;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::TableReader;
use anyhow::Context;
use std::io::Write;
use uth_edge::cards::CardSet;
use uth_edge::error::InputError;
use uth_edge::exact::game::{solve, RiverTable};
use uth_edge::exact::seen::{dead, partners};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Progress;
use uth_edge::report::{self, dead::DeadFigures, Format};
use uth_edge::rules::paytable::PayTable;

/// `game --seen exposed:1|collude:K`: the shard's count checked, then
/// the classes and the projected cost first (standard error, not with
/// `--quiet`: `quiet`), then the work.
pub fn run(
    run: DeadRun,
    output: OutputArgs,
    quiet: bool,
    reader: &TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let DeadRun {
        cases,
        shard,
        stakes,
        tables,
        deck,
    } = run;
    if let (Some(shard), [case]) = (shard, &cases[..]) {
        check_shard_count(shard, *case, deck)?;
    }
    let mut out = Output::open(output.out.out.as_deref())?;
    let mut solved = vec![];
    for table in &tables {
        for &case in &cases {
            let part = shard.unwrap_or(dead::Shard::ALL);
            if case.by_dead_classes() {
                solved.push((
                    dead_classes(table, deck, case, part, quiet, progress)?,
                    table.clone(),
                ));
                continue;
            }
            let classes = dead::class_count(deck, case.dead_cards());
            if !quiet {
                stderr_line!(
                    "{case}: {classes} classes of (player cards, {} dead card{}) up to suit renaming; timing the first classes",
                    case.dead_cards(),
                    if case.dead_cards() == 1 { "" } else { "s" }
                );
            }
            let sums = dead::solve(table, deck, case, part, progress, &mut |cost| {
                if quiet {
                    return;
                }
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
    write_figures(&solved, output.format, &stakes, reader, progress, out)
}

/// A case by classes of its dead cards (`exact::seen::partners`): the
/// classes and the projected cost first (standard error, not when
/// `quiet`), then the work.
fn dead_classes(
    table: &PayTable,
    deck: CardSet,
    case: dead::DeadCase,
    part: dead::Shard,
    quiet: bool,
    progress: &dyn Progress,
) -> anyhow::Result<dead::DeadSums> {
    let k = case.dead_cards();
    let classes = partners::dead_classes(deck, k).len();
    let what = match case {
        dead::DeadCase::Exposed => "the exposed card",
        dead::DeadCase::Collude(2) => "the partner's two cards",
        _ => "the partners' four cards",
    };
    if !quiet {
        stderr_line!(
            "{case}: {classes} classes of {what} up to suit renaming, each one solve of the base game for every player holding; timing the first class"
        );
    }
    let sums = partners::solve_by_classes(table, deck, case, part, progress, &mut |cost| {
        if quiet {
            return;
        }
        stderr_line!(
            "{case}: projected {:.2} CPU hours for all {} classes (the first class's CPU time scaled by the class sizes){}",
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

/// Refuses a shard count above the case's number of classes on `deck`: a
/// shard is every N-th class, so with more shards than classes some would
/// hold none and project nothing.
fn check_shard_count(
    shard: dead::Shard,
    case: dead::DeadCase,
    deck: CardSet,
) -> Result<(), InputError> {
    // The cases solved by classes of their dead cards count them at once
    // (16,432 for collude:3, in well under a second); collude:1's classes
    // of (player cards, dead cards) are not counted when N is at most the
    // fewest there can be (each class holds at most 24 suit renamings of
    // its situations).
    let n = deck.len();
    let choose = |n: usize, k: usize| (0..k).fold(1usize, |c, i| c * (n - i) / (i + 1));
    let fewest = choose(n, 2) * choose(n - 2, case.dead_cards()) / 24;
    let classes = match case {
        _ if case.by_dead_classes() => partners::dead_classes(deck, case.dead_cards()).len(),
        _ if shard.count <= fewest => fewest,
        _ => dead::class_count(deck, case.dead_cards()),
    };
    if shard.count > classes {
        return Err(InputError::usage(format!(
            "--shard {}/{}: {case} has {classes} classes, so at most {classes} shards (a shard of no class would solve nothing)",
            shard.index, shard.count
        )));
    }
    Ok(())
}

/// The figures of dead-card runs (`game`'s whole runs, `merge`'s added
/// shards), written in `format`.
pub fn write_figures(
    solved: &[(dead::DeadSums, PayTable)],
    format: Format,
    stakes: &LeakStakes,
    reader: &TableReader,
    progress: &dyn Progress,
    out: Output,
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
            ante: stakes.ante.clone(),
            hands_per_hour: stakes.hands_per_hour,
        });
    }
    let document = report::dead::document(&figures, Some(crate::cli::commands::provenance(reader)))
        .context("writing the figures")?;
    crate::cli::commands::render_document(format, &document, out, "the figures")
}
