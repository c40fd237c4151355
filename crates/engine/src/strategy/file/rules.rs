//! The flop and river sections of a strategy file: ordered rules, the first
//! that matches deciding, and a default action.
//!
//! A rule is `action` and a conjunction of [predicates](Predicate). A rule
//! that can never hold because two of its own conditions exclude each other
//! (`category_at_least = "flush"` with `category_at_most = "pair"`, a
//! suited pocket pair, an outs range that is empty, ...) is refused, as is
//! a rule without any condition (the default says that), a river-only
//! predicate in a flop rule, a draw in a river rule and `count_ties`
//! without an outs predicate.

use super::error::StrategyFileError;
use super::predicate::{shown_value, Predicate, Seen};
use crate::evaluator::HandCategory;

/// One decision point after the preflop: its rules in order and the
/// action when none matches (`true`: raise).
#[derive(Clone, Debug)]
pub struct Stage {
    /// The rules, in the file's order.
    pub rules: Vec<Rule>,
    /// Raise when no rule matches.
    pub default_raise: bool,
}

/// One rule: raise or not when every predicate holds.
#[derive(Clone, Debug)]
pub struct Rule {
    /// Raise (`true`) or check / fold.
    pub raise: bool,
    /// The conditions, the dear ones last.
    pub predicates: Vec<Predicate>,
}

impl Stage {
    /// Whether to raise, and the index of the rule that decided (`None`:
    /// the default).
    pub fn decide(&self, seen: &Seen) -> (bool, Option<usize>) {
        for (i, rule) in self.rules.iter().enumerate() {
            if rule.predicates.iter().all(|p| p.holds(seen)) {
                return (rule.raise, Some(i));
            }
        }
        (self.default_raise, None)
    }

    /// Whether a rule asks whether the hole cards share a suit: the only
    /// predicate a pair of classes of cards of the board (ranks, and the
    /// cards of the board's flush suit) does not decide on the river.
    pub fn reads_hole_suits(&self) -> bool {
        self.predicates()
            .any(|p| matches!(p, Predicate::HoleSuited(_)))
    }

    /// Whether a rule counts dealer outs.
    pub fn counts_outs(&self) -> bool {
        self.predicates().any(|p| p.is_dear())
    }

    fn predicates(&self) -> impl Iterator<Item = Predicate> + '_ {
        self.rules.iter().flat_map(|r| r.predicates.iter().copied())
    }

    /// Reads the section `name` (`flop` or `river`) of the file `origin`:
    /// its actions are `raise` and `other` (`check` or `fold`).
    pub fn read(
        table: &toml::Table,
        name: &str,
        other: &str,
        origin: &str,
    ) -> Result<Stage, StrategyFileError> {
        let river = name == "river";
        let fail = |field: &str, message: String| {
            StrategyFileError::new(origin, &format!("{name}{field}"), message)
        };
        let action = |field: &str, value: Option<&toml::Value>| match value {
            Some(v) if v.as_str() == Some("raise") => Ok(true),
            Some(v) if v.as_str() == Some(other) => Ok(false),
            Some(v) => Err(fail(
                field,
                format!(
                    "expected \"raise\" or \"{other}\", found {}",
                    shown_value(v)
                ),
            )),
            None => Err(fail(field, format!("missing (\"raise\" or \"{other}\")"))),
        };
        for key in table.keys() {
            if key != "default" && key != "rule" {
                return Err(fail(
                    &format!(".{}", crate::message::shown(key)),
                    format!(
                        "unknown field '{}' (a section holds default and [[{name}.rule]] tables)",
                        crate::message::shown(key)
                    ),
                ));
            }
        }
        let default_raise = action(".default", table.get("default"))?;
        let rules = match table.get("rule") {
            None => Vec::new(),
            Some(toml::Value::Array(rules)) => rules
                .iter()
                .enumerate()
                .map(|(i, rule)| {
                    let field = format!(".rule[{}]", i + 1);
                    let Some(rule) = rule.as_table() else {
                        return Err(fail(&field, "expected a table of conditions".to_string()));
                    };
                    let raise = action(&format!("{field}.action"), rule.get("action"))?;
                    let predicates = read_conditions(rule, river)
                        .map_err(|(key, message)| fail(&format!("{field}{key}"), message))?;
                    Ok(Rule { raise, predicates })
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(fail(".rule", format!("expected [[{name}.rule]] tables"))),
        };
        Ok(Stage {
            rules,
            default_raise,
        })
    }
}

/// The predicates of a rule's table (all but `action`), dear ones last, or
/// the key at fault (`.KEY`, empty for the whole rule) and why.
fn read_conditions(rule: &toml::Table, river: bool) -> Result<Vec<Predicate>, (String, String)> {
    let ties = match rule.get("count_ties") {
        Some(v) => v.as_bool().ok_or_else(|| {
            (
                ".count_ties".to_string(),
                format!("expected true or false, found {}", shown_value(v)),
            )
        })?,
        None => false,
    };
    let mut predicates = Vec::new();
    for (key, value) in rule {
        if key == "action" {
            continue;
        }
        let at = format!(".{}", crate::message::shown(key));
        let Some(p) = Predicate::parse(key, value, ties).map_err(|m| (at.clone(), m))? else {
            continue;
        };
        if p.river_only() && !river {
            return Err((
                at,
                "needs the five community cards: a river predicate only".to_string(),
            ));
        }
        if p.flop_only() && river {
            return Err((
                at,
                "a draw, with no card to come on the river: a flop predicate only".to_string(),
            ));
        }
        predicates.push(p);
    }
    if rule.contains_key("count_ties") && !predicates.iter().any(|p| p.is_dear()) {
        return Err((
            ".count_ties".to_string(),
            "means nothing without dealer_outs_below or dealer_outs_at_least".to_string(),
        ));
    }
    if predicates.is_empty() {
        return Err((
            String::new(),
            "a rule without any condition always matches: say it with default".to_string(),
        ));
    }
    if let Some(why) = contradiction(&predicates) {
        return Err((String::new(), format!("contradicts itself: {why}")));
    }
    predicates.sort_by_key(|p| p.is_dear());
    Ok(predicates)
}

/// Why a rule's conditions exclude one another, if they do (the pairs of
/// conditions a reader can see cannot hold together; not every impossible
/// rule, which would take an enumeration of every deal).
fn contradiction(predicates: &[Predicate]) -> Option<String> {
    use Predicate::*;
    let mut category = (HandCategory::HighCard, HandCategory::RoyalFlush);
    let (mut high, mut low) = ((0usize, 12usize), (0usize, 12usize));
    // The outs bounds as written (none: not a condition of the rule).
    let mut outs: (Option<u32>, Option<u32>) = (None, None);
    let mut flags: Vec<(&str, bool)> = Vec::new();
    for &p in predicates {
        match p {
            CategoryAtLeast(c) => category.0 = c,
            CategoryAtMost(c) => category.1 = c,
            HoleHighAtLeast(r) => high.0 = r,
            HoleHighAtMost(r) => high.1 = r,
            HoleLowAtLeast(r) => low.0 = r,
            HoleLowAtMost(r) => low.1 = r,
            DealerOutsAtLeast(n, _) => outs.0 = Some(n),
            DealerOutsBelow(n, _) => outs.1 = Some(n),
            PocketPair(b) => flags.push(("pocket_pair", b)),
            HolePairsBoard(b) => flags.push(("hole_pairs_board", b)),
            PairOnBoardOnly(b) => flags.push(("pair_on_board_only", b)),
            HoleSuited(b) => flags.push(("hole_suited", b)),
            PairedHoleRankAtLeast(_) => flags.push(("paired_hole_rank_at_least", true)),
            _ => {}
        }
    }
    let flag = |name: &str| flags.iter().find(|f| f.0 == name).map(|f| f.1);
    if category.0 > category.1 {
        return Some(format!(
            "category_at_least {} is above category_at_most {}",
            category.0.name(),
            category.1.name()
        ));
    }
    if high.0 > high.1 || low.0 > low.1 || low.0 > high.1 {
        return Some("no two hole cards have ranks in the bounds given".to_string());
    }
    match outs {
        (Some(least), Some(below)) if least >= below => {
            return Some(format!(
                "dealer_outs_at_least {least} with dealer_outs_below {below}"
            ));
        }
        (None, Some(0)) => {
            return Some("dealer_outs_below 0: no count of outs is below 0".to_string());
        }
        _ => {}
    }
    if flag("pocket_pair") == Some(true) && flag("hole_suited") == Some(true) {
        return Some("a pocket pair is never suited".to_string());
    }
    if flag("pair_on_board_only") == Some(true) {
        for other in [
            "pocket_pair",
            "hole_pairs_board",
            "paired_hole_rank_at_least",
        ] {
            if flag(other) == Some(true) {
                return Some(format!("pair_on_board_only with {other}"));
            }
        }
        if category.0 > HandCategory::Pair || category.1 < HandCategory::Pair {
            return Some("pair_on_board_only outside the category bounds".to_string());
        }
    }
    let paired = [
        "pocket_pair",
        "hole_pairs_board",
        "paired_hole_rank_at_least",
    ]
    .iter()
    .find(|name| flag(name) == Some(true));
    if let (Some(name), HandCategory::HighCard) = (paired, category.1) {
        return Some(format!("{name} with category_at_most high_card"));
    }
    None
}
