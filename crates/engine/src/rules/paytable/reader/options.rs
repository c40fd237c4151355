//! The rule options of a file read and checked (`[rules]`: the Trips rule,
//! a Bad Beat line's `pays_on`, the Progressive hand and Envy Bonus
//! schedule), each refused in one line naming the key and the value.

use super::*;

/// A rule option that cannot be used.
fn bad_option(at: At, key: &str, start: usize, value: String, reason: String) -> PayTableError {
    PayTableError::BadOption {
        at: at(start),
        key: shown(key),
        value: shown(&value),
        reason,
    }
}

/// Reads and checks the rule options: each is allowed in its wager's tables
/// only.
pub(super) fn read_rules(raw: &RawTable, wager: WagerKind, at: At) -> Result<Rules, PayTableError> {
    let mut rules = Rules::default();
    let only_for = |key: &str, start: usize, value: String, owner: WagerKind| {
        if wager == owner {
            Ok(())
        } else {
            Err(bad_option(
                at,
                key,
                start,
                value,
                format!("{key} is a rule option of {owner} tables; this is a {wager} table"),
            ))
        }
    };
    if let Some(rule) = &raw.rule {
        let (start, text) = (rule.span().start, rule.get_ref());
        only_for("rule", start, format!("\"{text}\""), WagerKind::Trips)?;
        rules.trips = TripsRule::ALL
            .into_iter()
            .find(|r| r.name() == text)
            .ok_or_else(|| {
                bad_option(
                    at,
                    "rule",
                    start,
                    format!("\"{text}\""),
                    "unknown rule; expected standard or must_beat_dealer".to_string(),
                )
            })?;
    }
    if let Some(pays_on) = &raw.pays_on {
        let start = pays_on.span().start;
        only_for(
            "pays_on",
            start,
            pays_on.get_ref().to_string(),
            WagerKind::BadBeat,
        )?;
        rules.bad_beat_pays_on = read_pays_on(pays_on, at)?;
    }
    if let Some(hand) = &raw.hand {
        let (start, text) = (hand.span().start, hand.get_ref());
        only_for("hand", start, format!("\"{text}\""), WagerKind::Progressive)?;
        rules.progressive_hand = ProgressiveHand::from_name(text).ok_or_else(|| {
            bad_option(
                at,
                "hand",
                start,
                format!("\"{text}\""),
                "unknown hand; expected hole_and_flop or best_of_seven".to_string(),
            )
        })?;
    }
    if let Some(returned) = &raw.wager_returned {
        let start = returned.span().start;
        let shown = returned.get_ref().to_string();
        only_for("wager_returned", start, shown, WagerKind::Progressive)?;
        rules.wager_returned = *returned.get_ref();
    }
    if let Some(entries) = &raw.meter {
        let start = entries.span().start;
        only_for(
            "meter",
            start,
            "[[meter]]".to_string(),
            WagerKind::Progressive,
        )?;
        rules.meters = super::super::meters::read_meters(entries, at)?;
    }
    if let Some(envy) = &raw.envy {
        let start = envy.span().start;
        only_for(
            "envy",
            start,
            "[[envy]]".to_string(),
            WagerKind::Progressive,
        )?;
        for (i, entry) in envy.get_ref().iter().enumerate() {
            let schedule = read_envy_entry(entry, &format!("envy[{}]", i + 1), at)?;
            if rules.envy.iter().any(|e| e.wager == schedule.wager) {
                return Err(bad_option(
                    at,
                    &format!("envy[{}].wager", i + 1),
                    entry.span().start,
                    schedule.wager.to_string(),
                    "a schedule for this wager is already given".to_string(),
                ));
            }
            rules.envy.push(schedule);
        }
    }
    Ok(rules)
}

/// `pays_on`: one way or a list of ways, each once, in the documented order
/// whatever the file's order.
fn read_pays_on(pays_on: &Spanned<toml::Value>, at: At) -> Result<Vec<BadBeatWay>, PayTableError> {
    let start = pays_on.span().start;
    let as_written = pays_on.get_ref().to_string();
    let bad = |reason: String| bad_option(at, "pays_on", start, as_written.clone(), reason);
    let expected = "expected \"player_losing_hand\", \"dealer_beaten_hand\" or a list of them";
    let names: Vec<String> = match pays_on.get_ref() {
        toml::Value::String(s) => vec![s.clone()],
        toml::Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad(expected.to_string()))?,
        _ => return Err(bad(expected.to_string())),
    };
    let mut ways = Vec::new();
    for name in &names {
        let way = BadBeatWay::ALL
            .into_iter()
            .find(|w| w.name() == name)
            .ok_or_else(|| bad(format!("unknown way '{}'; {expected}", shown(name))))?;
        if ways.contains(&way) {
            return Err(bad(format!("'{name}' is listed twice")));
        }
        ways.push(way);
    }
    if ways.is_empty() {
        return Err(bad(expected.to_string()));
    }
    Ok(BadBeatWay::ALL
        .into_iter()
        .filter(|w| ways.contains(w))
        .collect())
}

/// One `[[envy]]` schedule: `wager = N` and at least one hand paid a fixed
/// amount more than the wager.
fn read_envy_entry(entry: &EnvyEntry, prefix: &str, at: At) -> Result<EnvySchedule, PayTableError> {
    let entry_at = entry.span().start;
    let mut wager_dollars = None;
    let mut awards = Vec::new();
    for (key, value) in entry.get_ref() {
        let name = key.get_ref();
        let (key_at, shown) = (key.span().start, value.get_ref().to_string());
        let bad = |reason: String| {
            bad_option(
                at,
                &format!("{prefix}.{name}"),
                key_at,
                shown.clone(),
                reason,
            )
        };
        if name == "wager" {
            match value.get_ref() {
                toml::Value::Integer(n) if *n > 0 && *n as u64 <= MAX_ENVY_WAGER => {
                    wager_dollars = Some(*n as u64)
                }
                _ => {
                    return Err(bad(format!(
                        "the Progressive wager is a positive whole number of dollars, at most {MAX_ENVY_WAGER}"
                    )))
                }
            }
            continue;
        }
        let category = HandCategory::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = HandCategory::ALL.iter().rev().map(|c| c.name()).collect();
            bad(format!(
                "unknown hand name; expected wager or one of {}",
                names.join(", ")
            ))
        })?;
        match parse_award(value.get_ref()) {
            Ok(Award::Fixed { dollars }) => awards.push((category, dollars)),
            Ok(_) => {
                return Err(bad(
                    "an Envy Bonus is a fixed amount { dollars = N }".to_string()
                ))
            }
            Err(reason) => return Err(bad(reason)),
        }
    }
    let wager = wager_dollars.ok_or_else(|| {
        bad_option(
            at,
            prefix,
            entry_at,
            "[[envy]]".to_string(),
            "missing wager = N (the Progressive wager in dollars this schedule is for)".to_string(),
        )
    })?;
    if let Some(&(c, d)) = awards.iter().find(|&&(_, d)| d <= wager) {
        return Err(bad_option(
            at,
            &format!("{prefix}.{}", c.name()),
            entry_at,
            format!("{{ dollars = {d} }}"),
            format!(
                "an Envy Bonus must be more than the wager it is paid on (wager = {wager}), so that any Envy Bonus wins"
            ),
        ));
    }
    if awards.is_empty() {
        return Err(bad_option(
            at,
            prefix,
            entry_at,
            format!("wager = {wager}"),
            "no award (an Envy Bonus schedule pays at least one hand)".to_string(),
        ));
    }
    awards.sort_by_key(|&(c, _)| std::cmp::Reverse(c));
    Ok(EnvySchedule { wager, awards })
}
