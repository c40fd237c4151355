//! The parse of `game`'s flags into one [`Game`]: which mode the flags
//! ask for ([`Mode`]), each flag that means nothing in it refused (one
//! line, exit 2) rather than ignored, then the mode's values read and
//! checked (pay tables, cases, stakes); nothing solved, nothing printed.

use super::{parse_dead, parse_sampled, seen::SeenRun, strategy::StrategyRun, Game, GameArgs};
use crate::cli::commands::payout_limit::LimitRun;
use crate::cli::settings::{self, TableReader};
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, dead, Seen};
use uth_edge::message::shown;
use uth_edge::rules::paytable::WagerKind;
use uth_edge::strategy::FileStrategy;

impl Game {
    /// Parses `game`'s flags: the mode, then its values, every refusal
    /// before any work.
    pub fn from_args(args: &GameArgs, reader: &mut TableReader) -> Result<Game, InputError> {
        let mode = Mode::of(args)?;
        let fixed = args.strategy.as_deref().filter(|s| *s != "optimal");
        if let (Some(n), None, Mode::Base | Mode::Limit) = (args.dead.deck, fixed, mode) {
            return Err(InputError::usage(format!(
                "--deck {n}: means nothing in {} without --strategy NAME|FILE; it shrinks the deck of a strategy's evaluation or of an exact dead-card run (refused rather than ignored)",
                mode.what()
            )));
        }
        Ok(match mode {
            Mode::Limit => {
                // A payout limit per hand (COMAR 36.05.16.12F): its own solve.
                let tables = settings::paytables_for(reader, &args.blinds, WagerKind::Blind)?;
                let seen = !args.seen.is_empty();
                let limit = LimitRun::read(&args.limit, tables, seen, reader)?;
                match fixed {
                    Some(name) => Game::Strategy(Box::new(StrategyRun {
                        given: name.to_string(),
                        strategy: fixed_strategy(name, args.timing)?,
                        tables: limit.tables.clone(),
                        deck: settings::deck_of(args.dead.deck)?,
                        limit: Some(limit),
                    })),
                    None => Game::PayoutLimited(limit),
                }
            }
            Mode::DeadSampled => Game::DeadSampled(parse_sampled::parse(args, reader)?),
            Mode::DeadExact => Game::Dead(parse_dead::parse(args, reader)?),
            Mode::Seen => Game::Seen(seen_run(args, reader)?),
            Mode::Base => {
                let tables = settings::paytables_for(reader, &args.blinds, WagerKind::Blind)?;
                match fixed {
                    Some(name) => Game::Strategy(Box::new(StrategyRun {
                        given: name.to_string(),
                        strategy: fixed_strategy(name, args.timing)?,
                        tables,
                        deck: settings::deck_of(args.dead.deck)?,
                        limit: None,
                    })),
                    None => Game::Optimal {
                        tables,
                        timing: args.timing,
                    },
                }
            }
        })
    }
}

/// The strategy of `--strategy NAME|FILE` (not optimal), read and checked
/// before any work; `--timing` refused with it (it times the best play's
/// solve).
fn fixed_strategy(name: &str, timing: bool) -> Result<FileStrategy, InputError> {
    if timing {
        return Err(InputError::usage(
            "--timing: means nothing with --strategy (it times the solve of the best play)",
        ));
    }
    FileStrategy::resolve_among(name, &["optimal"])
        .map_err(|e| InputError::usage(format!("--strategy: {e}")))
}

/// The seen-card cases of `--seen` and their Blind tables (default
/// blind-a alone), each checked for the seen-card solver.
fn seen_run(args: &GameArgs, reader: &mut TableReader) -> Result<SeenRun, InputError> {
    let cases: Vec<Seen> = args
        .seen
        .iter()
        .map(|t| Seen::parse(t).map_err(|e| InputError::usage(e.to_string())))
        .collect::<Result<_, _>>()?;
    let tables = settings::paytables_for(reader, &args.blinds_or_a(), WagerKind::Blind)?;
    for table in &tables {
        seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
    }
    Ok(SeenRun {
        tables,
        cases,
        timing: args.timing,
    })
}

/// What a `game` run is, by its flags: each flag means something in some
/// of these and is refused in the others (one line, exit 2, before any
/// work) rather than ignored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// The base game solved (no `--seen`, no payout limit).
    Base,
    /// The base game under a payout limit (`--payout-limit` and its flags).
    Limit,
    /// Seen-card cases (`--seen dealer:1`, `flop:1`, ...).
    Seen,
    /// Dead-card cases solved exactly (`--seen exposed:1 | collude:K`).
    DeadExact,
    /// Collusion estimated from a sample (`--samples`, or collude:4 to 6).
    DeadSampled,
}

impl Mode {
    /// The run the flags ask for, or the refusal of the first flag that
    /// means nothing in it.
    fn of(args: &GameArgs) -> Result<Mode, InputError> {
        use Mode::*;
        let mode = if args.limit.given() {
            Limit
        } else if parse_sampled::is_sampled(args) {
            DeadSampled
        } else if args.seen.iter().any(|s| dead::DeadCase::is_dead_case(s)) {
            DeadExact
        } else if !args.seen.is_empty() {
            Seen
        } else {
            Base
        };
        let leak = &args.dead.leak;
        // (flag, its value if given, the runs it means something in). The
        // sampled estimate refuses --shard itself, naming both flags.
        let flags: [(&str, Option<String>, &[Mode]); 8] = [
            ("shard", args.dead.shard.clone(), &[DeadExact, DeadSampled]),
            (
                "deck",
                args.dead.deck.map(|n| n.to_string()),
                &[DeadExact, Base, Limit],
            ),
            ("leak-ante", leak.ante.clone(), &[DeadExact, DeadSampled]),
            (
                "leak-hands-per-hour",
                leak.hands_per_hour.map(|n| n.to_string()),
                &[DeadExact, DeadSampled],
            ),
            (
                "samples",
                args.sample.samples.map(|n| n.to_string()),
                &[DeadSampled],
            ),
            (
                "seed",
                args.sample.seed.map(|n| n.to_string()),
                &[DeadSampled],
            ),
            ("timing", args.timing.then(String::new), &[Base, Seen]),
            ("strategy", args.strategy.clone(), &[Base, Limit]),
        ];
        for (flag, value, modes) in flags {
            if let Some(value) = value {
                if !modes.contains(&mode) {
                    let value = if value.is_empty() {
                        String::new()
                    } else {
                        format!(" {}", shown(&value))
                    };
                    return Err(InputError::usage(format!(
                        "--{flag}{value}: means nothing in {}; {} (refused rather than ignored)",
                        mode.what(),
                        Self::meaning(flag)
                    )));
                }
            }
        }
        Ok(mode)
    }

    /// The run, as the refusals name it.
    fn what(self) -> &'static str {
        match self {
            Mode::Base => "a solve of the base game",
            Mode::Limit => "a run under --payout-limit",
            Mode::Seen => "a seen-card run (--seen dealer:1, flop:1, ...)",
            Mode::DeadExact => "an exact dead-card run",
            Mode::DeadSampled => "a sampled collusion estimate (--samples)",
        }
    }

    /// What a mode-dependent flag is for.
    fn meaning(flag: &str) -> &'static str {
        match flag {
            "shard" => "it splits an exact dead-card run (--seen exposed:1 or collude:K)",
            "deck" => {
                "it shrinks the deck of a strategy's evaluation (--strategy) or of an exact dead-card run (--seen exposed:1 or collude:1 to 3)"
            }
            "leak-ante" | "leak-hands-per-hour" => {
                "it prices a dead-card leak (--seen exposed:1 or collude:K)"
            }
            "samples" | "seed" => "it samples a collusion estimate (--seen collude:K)",
            "strategy" => "it evaluates a strategy on the base game, under a payout limit or not (no --seen)",
            _ => "it times the base-game and seen-card solves",
        }
    }
}
