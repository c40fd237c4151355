//! Reading a player mix: `--players optimal:5%,wizard:45%,FILE:30%` or a
//! players file (`--players-file mix.toml`, docs/strategy-format.md,
//! "A player mix"). Every fault is refused in one line naming the flag or
//! the file, the entry and the value, before any solve: an entry without
//! its share, a share that is not a percentage above 0% and at most 100%,
//! an unknown strategy or a bad strategy file, a player named twice (by
//! the strategy's own name, so `wizard` and a copy of its file are the
//! same player), more than [`MAX_PLAYERS`] players, shares that do not sum
//! to exactly 100%.

use super::{Player, PlayerMix, MAX_PLAYERS};
use crate::error::InputError;
use crate::fraction::Fraction;
use crate::input_file::{read_file, FileKind};
use crate::message::shown;
use crate::money::parse_percent;
use std::path::Path;

/// The most bytes read from a players file: 64 KiB (a mix of ten players
/// is a few hundred bytes).
pub const PLAYERS_FILE_LIMIT: u64 = 1 << 16;

/// One entry before its strategy is read: where it is named (for the
/// refusals), the strategy's name or path, its share's text.
struct Entry {
    at: String,
    strategy: String,
    share: String,
}

impl PlayerMix {
    /// The mix of `--players NAME:SHARE,...` (each NAME `optimal`, a shipped
    /// strategy or a strategy file; each SHARE a percentage; the shares sum
    /// to 100%).
    pub fn parse(text: &str) -> Result<PlayerMix, InputError> {
        let flag = format!("--players {}", shown(text));
        let mut entries = Vec::new();
        for (i, part) in text.split(',').enumerate() {
            let at = format!("{flag}: player {}", i + 1);
            let Some((strategy, share)) = part.trim().rsplit_once(':') else {
                return Err(InputError::usage(format!(
                    "{at} ({}): expected STRATEGY:SHARE such as wizard:45%",
                    shown(part.trim())
                )));
            };
            entries.push(Entry {
                at,
                strategy: strategy.trim().to_string(),
                share: share.trim().to_string(),
            });
        }
        mix_of(&flag, entries, None)
    }

    /// The mix of a players file: `[[player]]` tables of `strategy` (a name
    /// or a path, relative to the players file's folder) and `share`.
    pub fn read_file(path: &Path) -> Result<PlayerMix, InputError> {
        let origin = format!("players file {}", shown(&path.display().to_string()));
        let fail = |field: &str, message: String| {
            InputError::usage(format!("{origin}: {field}: {message}"))
        };
        let text = read_file(path, FileKind::PlayerMix, PLAYERS_FILE_LIMIT)
            .map_err(|e| fail("file", e.to_string()))?;
        let table: toml::Table =
            toml::from_str(&text).map_err(|e| fail("toml", e.message().trim().to_string()))?;
        if let Some(key) = table.keys().find(|k| *k != "player") {
            return Err(fail(
                &shown(key),
                "unknown field (a players file holds [[player]] tables of strategy and share)"
                    .to_string(),
            ));
        }
        let Some(toml::Value::Array(players)) = table.get("player") else {
            return Err(fail(
                "player",
                "missing: expected [[player]] tables".to_string(),
            ));
        };
        let mut entries = Vec::new();
        for (i, player) in players.iter().enumerate() {
            let at = format!("player[{}]", i + 1);
            let toml::Value::Table(fields) = player else {
                return Err(fail(&at, "expected a [[player]] table".to_string()));
            };
            if let Some(key) = fields.keys().find(|k| *k != "strategy" && *k != "share") {
                return Err(fail(
                    &format!("{at}.{}", shown(key)),
                    "unknown field (a player holds strategy and share)".to_string(),
                ));
            }
            let text_of = |key: &str| match fields.get(key) {
                Some(toml::Value::String(s)) => Ok(s.clone()),
                Some(v) => Err(fail(
                    &format!("{at}.{key}"),
                    format!("expected text, found {}", shown(&v.to_string())),
                )),
                None => Err(fail(&format!("{at}.{key}"), "missing".to_string())),
            };
            entries.push(Entry {
                at: format!("{origin}: {at}"),
                strategy: text_of("strategy")?,
                share: text_of("share")?,
            });
        }
        mix_of(&origin, entries, path.parent())
    }
}

/// The mix of `entries`, each share and strategy checked; `folder` is
/// where a relative strategy path of a players file is found.
fn mix_of(
    origin: &str,
    entries: Vec<Entry>,
    folder: Option<&Path>,
) -> Result<PlayerMix, InputError> {
    if entries.is_empty() {
        return Err(InputError::usage(format!("{origin}: no player")));
    }
    if entries.len() > MAX_PLAYERS {
        return Err(InputError::usage(format!(
            "{origin}: {} players, at most {MAX_PLAYERS} (each is an exact solve of a minute or two)",
            entries.len()
        )));
    }
    // The shares first: the cheap checks before any strategy file is read.
    let mut shares = Vec::with_capacity(entries.len());
    for entry in &entries {
        let bad = |why: &str| {
            InputError::usage(format!(
                "{} ({}): share {}: {why}",
                entry.at,
                shown(&entry.strategy),
                shown(&entry.share)
            ))
        };
        let share = parse_percent(&entry.share).map_err(|e| bad(&e.to_string()))?;
        if !share.is_positive() || share > Fraction::ONE {
            return Err(bad("expected a share above 0% and at most 100%"));
        }
        shares.push(share);
    }
    let total = shares.iter().fold(Fraction::ZERO, |sum, s| sum + s.clone());
    if total != Fraction::ONE {
        let percent = (total * Fraction::from_int(100)).to_fixed(4);
        let percent = percent.trim_end_matches('0').trim_end_matches('.');
        return Err(InputError::usage(format!(
            "{origin}: the shares sum to {percent}%, not 100%"
        )));
    }
    let mut players: Vec<(Player, Fraction)> = Vec::with_capacity(entries.len());
    for (entry, share) in entries.into_iter().zip(shares) {
        let named = match folder {
            Some(folder) if Player::is_path(&entry.strategy) => {
                folder.join(&entry.strategy).display().to_string()
            }
            _ => entry.strategy.clone(),
        };
        let player =
            Player::resolve(&named).map_err(|e| InputError::usage(format!("{}: {e}", entry.at)))?;
        if let Some((twin, _)) = players.iter().find(|(p, _)| p.name() == player.name()) {
            return Err(InputError::usage(format!(
                "{} ({}): the player {} is already in the mix ({}); give each strategy once",
                entry.at,
                shown(&entry.strategy),
                shown(&player.name()),
                shown(&twin.name())
            )));
        }
        players.push((player, share));
    }
    Ok(PlayerMix { players })
}
