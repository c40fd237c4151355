//! What-if on the lines themselves: add a line the table lacks, take one
//! out, and read the edits as written (`straight_flush=45`, `3/2`, `7.5`).
//!
//! An edited table is held to the pay-table reader's rules for its lines
//! (`rules/paytable/reader.rs`): a hand the wager can pay (a Super Royal
//! only on a Six Card Bonus table, `super_royal` and `super_royal_<suit>`
//! not both), odds with each side a whole number from 1 to
//! [`MAX_ODDS_TERM`], one line per hand, at least one line, and for the
//! Ultimate Pairs Bonus no ambiguous or never-paying line
//! ([`PayTable::check_lines`]); a Blind table must also be one the solver
//! holds. An edit breaking any of them is refused, naming the rule.

// Fraction becomes Clone-only (exact at any size); these clones stay.
#![allow(clippy::clone_on_copy)]

use super::{fits_table_format, odds_text, WhatIfError};
use crate::exact::game::check_blind_table;
use crate::fraction::Fraction;
use crate::money::parse_dollars;
use crate::rules::paytable::reader::MAX_ODDS_TERM;
use crate::rules::paytable::two_card::TwoCardHand;
use crate::rules::paytable::{Award, PayLine, PayTable, PayingHand, WagerKind};

/// One edit of a table's lines.
#[derive(Clone, Debug, PartialEq)]
pub enum LineEdit {
    /// Add a line for the hand, paying these odds (net win per unit).
    Add(PayingHand, Fraction),
    /// Take the hand's line out (the hand then loses the wager).
    Remove(PayingHand),
}

/// A hand as named on the command line: a pay-table hand name, or on an
/// Ultimate Pairs table a two-card hand (`AA`, `AK suited`).
pub fn parse_hand(table: &PayTable, name: &str) -> Result<PayingHand, WhatIfError> {
    let name = name.trim();
    PayingHand::from_name(name)
        .or_else(|| {
            (table.wager == WagerKind::UltimatePairs)
                .then(|| TwoCardHand::parse(name).ok())
                .flatten()
                .map(PayingHand::TwoCards)
        })
        .ok_or_else(|| WhatIfError::Edit {
            table: table.id.clone(),
            reason: format!(
                "'{}' is not a hand name (the table's lines: {})",
                crate::error::shown(name),
                line_names(table)
            ),
        })
}

/// The table's lines by name, for messages.
fn line_names(table: &PayTable) -> String {
    table
        .lines
        .iter()
        .map(|l| l.hand.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A pay as written: `45` (45 to 1), `7.5`, `3/2` or `3 to 2`, exactly;
/// above 0 and one a pay table can post.
pub fn parse_pay(text: &str) -> Result<Fraction, String> {
    let text = text.trim();
    let bad = || {
        format!(
            "'{}' is not a pay (expected the net win per unit such as 45, 7.5, 3/2 or \"3 to 2\")",
            crate::error::shown(text)
        )
    };
    let split = text.split_once(" to ").or_else(|| text.split_once('/'));
    let pay = match split {
        Some((win, per)) => {
            let term = |s: &str| -> Result<i128, String> {
                let s = s.trim();
                if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) || s.len() > 13 {
                    return Err(bad());
                }
                s.parse::<i128>().map_err(|_| bad())
            };
            let (win, per) = (term(win)?, term(per)?);
            if per == 0 {
                return Err(bad());
            }
            Fraction::new(win, per)
        }
        None if !text.is_empty() && text.trim_start_matches(['0', '.']).is_empty() => {
            Fraction::ZERO
        }
        None => parse_dollars("pay", text).map_err(|_| bad())?,
    };
    if !pay.is_positive() {
        return Err(format!(
            "a pay of {text}: a pay is above 0 (to take a line out, use --remove)"
        ));
    }
    if !fits_table_format(&pay) {
        return Err(format!(
            "a pay of {}: a pay table posts odds WIN to PER with each side a whole number from 1 to {MAX_ODDS_TERM}",
            odds_text(&pay)
        ));
    }
    Ok(pay)
}

/// `HAND=PAY` of `--add`.
pub fn parse_add(table: &PayTable, text: &str) -> Result<LineEdit, WhatIfError> {
    let bad = |reason: String| WhatIfError::Edit {
        table: table.id.clone(),
        reason,
    };
    let (hand, pay) = text.split_once('=').ok_or_else(|| {
        bad(format!(
            "--add {}: expected HAND=PAY such as straight_flush=45",
            crate::error::shown(text)
        ))
    })?;
    let hand = parse_hand(table, hand)?;
    let pay = parse_pay(pay).map_err(|reason| bad(format!("--add {}: {reason}", hand.name())))?;
    Ok(LineEdit::Add(hand, pay))
}

/// The table with `hand`'s line paying `pay` to 1 (added if missing) or,
/// with `None`, taken out; the reader's line rules are checked by [`apply`].
pub(crate) fn set_line(table: &mut PayTable, hand: PayingHand, pay: Option<&Fraction>) {
    table.lines.retain(|l| l.hand != hand);
    if let Some(pay) = pay {
        let (win, per) = pay
            .to_i128_parts()
            .expect("a pay that fits the table format");
        table.lines.push(PayLine {
            hand,
            award: Award::Odds {
                win: win as u64,
                per: per as u64,
            },
        });
        sort_lines(table);
    }
}

/// The reader's order: strongest hand first; for the Ultimate Pairs Bonus,
/// highest pay first, then by name.
fn sort_lines(table: &mut PayTable) {
    if table.wager == WagerKind::UltimatePairs {
        table.lines.sort_by(|a, b| {
            let win = |l: &PayLine| l.award.win_on(Fraction::ONE);
            win(b)
                .cmp(&win(a))
                .then_with(|| a.hand.name().cmp(&b.hand.name()))
        });
    } else {
        let all = PayingHand::all();
        table
            .lines
            .sort_by_key(|l| all.iter().position(|h| *h == l.hand).unwrap_or(usize::MAX));
    }
}

/// The table after `edits`, in order, refused in one line when the result
/// breaks a rule of the pay-table reader (see the module notes).
pub fn apply(table: &PayTable, edits: &[LineEdit]) -> Result<PayTable, WhatIfError> {
    let bad = |reason: String| WhatIfError::Edit {
        table: table.id.clone(),
        reason,
    };
    let mut edited = table.clone();
    for edit in edits {
        match edit {
            LineEdit::Add(hand, pay) => {
                if let Some(line) = edited.lines.iter().find(|l| l.hand == *hand) {
                    return Err(bad(format!(
                        "--add {}: the table already pays it ({}); to change its pay use --hand {} with --edge or --sweep",
                        hand.name(),
                        line.award,
                        hand.name()
                    )));
                }
                check_hand(&edited, *hand)
                    .map_err(|reason| bad(format!("--add {}: {reason}", hand.name())))?;
                set_line(&mut edited, *hand, Some(pay));
            }
            LineEdit::Remove(hand) => {
                if !edited.lines.iter().any(|l| l.hand == *hand) {
                    return Err(WhatIfError::NoSuchLine {
                        table: table.id.clone(),
                        hand: hand.name().to_string(),
                        lines: line_names(&edited),
                    });
                }
                set_line(&mut edited, *hand, None);
                if edited.lines.is_empty() {
                    return Err(bad(format!(
                        "--remove {}: a pay table needs at least one paying line",
                        hand.name()
                    )));
                }
            }
        }
    }
    check_table(&edited).map_err(bad)?;
    Ok(edited)
}

/// Whether the wager's tables can name `hand` (the reader's rules).
pub(crate) fn check_hand(table: &PayTable, hand: PayingHand) -> Result<(), String> {
    if hand.is_super_royal() && table.wager != WagerKind::SixCardBonus {
        return Err(format!(
            "a Super Royal is a six-card hand; this is a {} table",
            table.wager
        ));
    }
    if matches!(hand, PayingHand::TwoCards(_)) != (table.wager == WagerKind::UltimatePairs) {
        return Err(format!(
            "a {} table pays {}",
            table.wager,
            if table.wager == WagerKind::UltimatePairs {
                "two-card hands such as AA or AK suited"
            } else {
                "five-card hands such as flush or straight"
            }
        ));
    }
    let both_super_royals = |l: &PayLine| match hand {
        PayingHand::SuperRoyal => matches!(l.hand, PayingHand::SuperRoyalOf(_)),
        PayingHand::SuperRoyalOf(_) => l.hand == PayingHand::SuperRoyal,
        _ => false,
    };
    if let Some(line) = table.lines.iter().find(|l| both_super_royals(l)) {
        return Err(format!(
            "the table has a line for {}: super_royal and super_royal_<suit> would both pay the same hand",
            line.hand.name()
        ));
    }
    Ok(())
}

/// The whole-table rules an edit can break: the Ultimate Pairs Bonus's
/// lines, the Blind solver's range.
pub(crate) fn check_table(table: &PayTable) -> Result<(), String> {
    table.check_lines()?;
    if table.wager == WagerKind::Blind {
        check_blind_table(table).map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pays_read_exactly_and_refuse_what_a_table_cannot_post() {
        assert_eq!(parse_pay("45"), Ok(Fraction::from_int(45)));
        assert_eq!(parse_pay("7.5"), Ok(Fraction::new(15, 2)));
        assert_eq!(parse_pay("3/2"), Ok(Fraction::new(3, 2)));
        assert_eq!(parse_pay("3 to 2"), Ok(Fraction::new(3, 2)));
        assert!(parse_pay("0").unwrap_err().contains("above 0"));
        assert!(parse_pay("1/3000000000000")
            .unwrap_err()
            .contains("whole number from 1"));
        assert!(parse_pay("x").unwrap_err().contains("not a pay"));
    }

    #[test]
    fn an_added_line_takes_the_readers_place_and_the_readers_rules() {
        // Fact: the reader keeps lines strongest first (uth-01 as shipped).
        let t = PayTable::resolve("uth-03").unwrap();
        let names = |t: &PayTable| {
            t.lines
                .iter()
                .map(|l| l.hand.name().to_string())
                .collect::<Vec<_>>()
        };
        let edited = apply(
            &t,
            &[LineEdit::Remove(PayingHand::from_name("straight").unwrap())],
        )
        .unwrap();
        let added = apply(&edited, &[parse_add(&edited, "straight=4").unwrap()]).unwrap();
        assert_eq!(names(&added), names(&t));
        let err = apply(&t, &[parse_add(&t, "flush=9").unwrap()]).unwrap_err();
        assert!(err.to_string().contains("already pays it"), "{err}");
        let err = apply(&t, &[parse_add(&t, "super_royal=1000").unwrap()]).unwrap_err();
        assert!(err.to_string().contains("six-card hand"), "{err}");
    }
}
