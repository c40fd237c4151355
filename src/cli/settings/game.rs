//! The `game` command's settings: the Blind tables, and with `--seen` the
//! seen-card cases, each read and checked before any solving; which run
//! the flags ask for ([`GameMode`]), a flag that means nothing in it refused.

use super::TableReader;
use crate::cli::args::GameArgs;
use uth_edge::error::InputError;
use uth_edge::exact::seen::{self, dead, Seen};
use uth_edge::message::shown;
use uth_edge::rules::paytable::{PayTable, WagerKind};

/// What `game` solves.
pub struct GameSettings {
    pub tables: Vec<PayTable>,
    /// The seen-card cases (game protection); none for the fair game.
    pub seen: Vec<Seen>,
}

impl GameSettings {
    /// Reads and checks the `game` command's flags.
    pub fn read(reader: &mut TableReader, args: &GameArgs) -> Result<GameSettings, InputError> {
        if args.seen.is_empty() {
            let tables = super::paytables_for(reader, &args.blinds, WagerKind::Blind)?;
            return Ok(GameSettings {
                tables,
                seen: Vec::new(),
            });
        }
        let cases: Vec<Seen> = args
            .seen
            .iter()
            .map(|t| Seen::parse(t).map_err(|e| InputError::usage(e.to_string())))
            .collect::<Result<_, _>>()?;
        // The seen-card cases default to blind-a alone.
        let blinds = if args.blinds.is_empty() {
            vec!["blind-a".to_string()]
        } else {
            args.blinds.clone()
        };
        let tables = super::paytables_for(reader, &blinds, WagerKind::Blind)?;
        for table in &tables {
            seen::check_blind_table(table).map_err(|e| InputError::usage(e.to_string()))?;
        }
        Ok(GameSettings {
            tables,
            seen: cases,
        })
    }
}

/// What a `game` run is, by its flags: each flag means something in some
/// of these and is refused in the others (one line, exit 2, before any
/// work) rather than ignored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameMode {
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

impl GameMode {
    /// The run the flags ask for, or the refusal of the first flag that
    /// means nothing in it.
    pub fn of(args: &GameArgs) -> Result<GameMode, InputError> {
        use GameMode::*;
        let mode = if args.limit.given() {
            Limit
        } else if super::is_sampled(args) {
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
        let flags: [(&str, Option<String>, &[GameMode]); 8] = [
            ("shard", args.dead.shard.clone(), &[DeadExact, DeadSampled]),
            ("deck", args.dead.deck.map(|n| n.to_string()), &[DeadExact]),
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
            ("strategy", args.strategy.clone(), &[Base]),
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
            GameMode::Base => "a solve of the base game",
            GameMode::Limit => "a run under --payout-limit",
            GameMode::Seen => "a seen-card run (--seen dealer:1, flop:1, ...)",
            GameMode::DeadExact => "an exact dead-card run",
            GameMode::DeadSampled => "a sampled collusion estimate (--samples)",
        }
    }

    /// What a mode-dependent flag is for.
    fn meaning(flag: &str) -> &'static str {
        match flag {
            "shard" => "it splits an exact dead-card run (--seen exposed:1 or collude:K)",
            "deck" => {
                "it shrinks the deck of an exact dead-card run (--seen exposed:1 or collude:1 to 3)"
            }
            "leak-ante" | "leak-hands-per-hour" => {
                "it prices a dead-card leak (--seen exposed:1 or collude:K)"
            }
            "samples" | "seed" => "it samples a collusion estimate (--seen collude:K)",
            "strategy" => "it evaluates a strategy on the base game (no --seen, no payout limit)",
            _ => "it times the base-game and seen-card solves",
        }
    }
}
