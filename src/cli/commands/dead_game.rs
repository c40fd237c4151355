//! `uth-edge game --seen exposed:1 | collude:K [--shard I/N]` and `uth-edge
//! merge`: the dead-card cases (issue 26), the cost printed before the
//! work, the partial sums of a shard and their merge. Their flags are read
//! and checked in [`crate::cli::settings`] (`DeadGameSettings`,
//! `MergeSettings`).

use crate::cli::args::dead_cards::MergeArgs;
use crate::cli::exit::stderr_line;
use crate::cli::output::Output;
use crate::cli::settings::{DeadGameSettings, LeakStakes, MergeSettings, TableReader};
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

/// `game --seen exposed:1|collude:K`: the classes and the projected cost
/// first (standard error), then the work.
pub fn run(
    args: crate::cli::args::GameArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    // collude:4 to 6 and --samples: the sampled estimate (dead_sample.rs).
    if crate::cli::settings::is_sampled(&args) {
        return super::dead_sample::run(args, reader, progress);
    }
    let DeadGameSettings {
        cases,
        shard,
        stakes,
        tables,
        deck,
    } = DeadGameSettings::read(&args, reader)?;
    let mut out = Output::open(args.output.out.out.as_deref())?;
    let mut solved = vec![];
    for table in &tables {
        for &case in &cases {
            let part = shard.unwrap_or(dead::Shard::ALL);
            if case.by_dead_classes() {
                solved.push((
                    dead_classes(table, deck, case, part, progress)?,
                    table.clone(),
                ));
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
    write_figures(&solved, args.output.format, &stakes, reader, progress, out)
}

/// A case by classes of its dead cards (`exact::seen::partners`): the
/// classes and the projected cost first (standard error), then the work.
fn dead_classes(
    table: &PayTable,
    deck: CardSet,
    case: dead::DeadCase,
    part: dead::Shard,
    progress: &dyn Progress,
) -> anyhow::Result<dead::DeadSums> {
    let k = case.dead_cards();
    let classes = partners::dead_classes(deck, k).len();
    let what = match case {
        dead::DeadCase::Exposed => "the exposed card",
        dead::DeadCase::Collude(2) => "the partner's two cards",
        _ => "the partners' four cards",
    };
    stderr_line!(
        "{case}: {classes} classes of {what} up to suit renaming, each one solve of the base game for every player holding; timing the first class"
    );
    let sums = partners::solve_by_classes(table, deck, case, part, progress, &mut |cost| {
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

/// `uth-edge merge FILE...`: the figures of a run from its shards' sums.
pub fn merge(
    args: MergeArgs,
    reader: &mut TableReader,
    progress: &dyn Progress,
) -> anyhow::Result<()> {
    let MergeSettings {
        whole,
        table,
        stakes,
    } = MergeSettings::read(&args, reader)?;
    let out = Output::open(args.output.out.out.as_deref())?;
    write_figures(
        &[(whole, table)],
        args.output.format,
        &stakes,
        reader,
        progress,
        out,
    )
}

fn write_figures(
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
    let document = report::dead::document(&figures, Some(super::provenance(reader)))
        .context("writing the figures")?;
    super::render_document(format, &document, out, "the figures")
}
