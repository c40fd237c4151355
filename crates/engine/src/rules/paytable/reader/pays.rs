//! The pay lines of a file read and checked: each line's hand for the
//! wager and its award, one line per hand; for an Ultimate Pairs table the
//! two-card lines, none overlapping another so that it never pays.

use super::*;

/// The `[pays]` lines, strongest first.
pub(super) fn read_pays(
    raw: &RawTable,
    wager: WagerKind,
    meters: &[super::super::Meter],
    at: At,
) -> Result<Vec<PayLine>, PayTableError> {
    if wager == WagerKind::UltimatePairs {
        return read_two_card_pays(raw, at);
    }
    let mut lines: Vec<PayLine> = Vec::new();
    for (key, value) in raw.pays.get_ref() {
        let name = key.get_ref();
        let bad = |reason: String| PayTableError::BadAward {
            at: at(key.span().start),
            hand: shown(name),
            value: shown(&value.get_ref().to_string()),
            reason,
        };
        let hand = PayingHand::from_name(name).ok_or_else(|| PayTableError::UnknownHand {
            at: at(key.span().start),
            hand: shown(name),
            value: shown(&value.get_ref().to_string()),
        })?;
        if hand.is_super_royal() && wager != WagerKind::SixCardBonus {
            return Err(bad(format!(
                "a Super Royal is a six-card hand; this is a {wager} table"
            )));
        }
        let award = match value.get_ref() {
            toml::Value::Table(t) if t.contains_key("meter_percent") => {
                super::super::meters::parse_meter_award(t, meters)
            }
            other => parse_award(other),
        }
        .map_err(&bad)?;
        let fixed_ok = matches!(wager, WagerKind::SixCardBonus | WagerKind::Progressive);
        if matches!(award, Award::Fixed { .. }) && !fixed_ok {
            return Err(bad(format!(
                "a fixed dollar award is for six_card_bonus and progressive tables; a {wager} table pays odds"
            )));
        }
        if matches!(award, Award::Meter { .. }) && wager != WagerKind::Progressive {
            return Err(bad(format!(
                "a meter award is for progressive tables; a {wager} table pays odds"
            )));
        }
        lines.push(PayLine { hand, award });
    }
    // `super_royal` (any suit) and `super_royal_<suit>` would both pay the
    // same hand.
    if lines.iter().any(|l| l.hand == PayingHand::SuperRoyal) {
        if let Some((key, value)) = raw
            .pays
            .get_ref()
            .iter()
            .find(|(k, _)| k.get_ref().starts_with("super_royal_"))
        {
            return Err(PayTableError::DuplicateHand {
                at: at(key.span().start),
                hand: shown(key.get_ref()),
                value: shown(&value.get_ref().to_string()),
                other: "super_royal".to_string(),
            });
        }
    }
    if lines.is_empty() {
        return Err(PayTableError::NoPayingHand {
            at: at(raw.pays.span().start),
        });
    }
    lines.sort_by_key(|l| l.hand.display_order());
    Ok(lines)
}

/// The `[pays]` lines of an Ultimate Pairs Bonus table: two-card hands
/// ([`TwoCardHand`]) paid odds, highest award first. A deal matched by
/// several lines is paid by the highest-paying one; so a table is refused
/// when a deal is matched by two lines of the same award (which one pays
/// would be ambiguous) or a line never pays (every deal it matches is paid
/// more by another line): both are checked over all 169 x 169 pairs of
/// starting-hand classes.
fn read_two_card_pays(raw: &RawTable, at: At) -> Result<Vec<PayLine>, PayTableError> {
    let mut lines: Vec<PayLine> = Vec::new();
    let mut keys: Vec<(&Spanned<String>, &Spanned<toml::Value>)> = Vec::new();
    let bad = |key: &Spanned<String>, value: &Spanned<toml::Value>, reason: String| {
        PayTableError::BadHand {
            at: at(key.span().start),
            hand: shown(key.get_ref()),
            value: shown(&value.get_ref().to_string()),
            reason: one_line(&reason),
        }
    };
    for (key, value) in raw.pays.get_ref() {
        let name = key.get_ref();
        if PayingHand::from_name(name).is_some() {
            return Err(bad(key, value, format!(
                "'{name}' is a poker hand of five cards; an ultimate_pairs table names the player's two cards, such as AA, AK suited, pair 2-10 or AA with dealer AA"
            )));
        }
        let hand = TwoCardHand::parse(name).map_err(|reason| bad(key, value, reason))?;
        let award = parse_award(value.get_ref()).map_err(|reason| bad(key, value, reason))?;
        if !matches!(award, Award::Odds { .. }) {
            return Err(bad(
                key,
                value,
                "an ultimate_pairs table pays odds \"WIN to PER\"".to_string(),
            ));
        }
        if let Some(i) = lines
            .iter()
            .position(|l| l.hand == PayingHand::TwoCards(hand))
        {
            return Err(PayTableError::DuplicateHand {
                at: at(key.span().start),
                hand: format!("\"{}\"", shown(name)),
                value: shown(&value.get_ref().to_string()),
                other: format!("\"{}\"", shown(keys[i].0.get_ref())),
            });
        }
        lines.push(PayLine {
            hand: PayingHand::TwoCards(hand),
            award,
        });
        keys.push((key, value));
    }
    if lines.is_empty() {
        return Err(PayTableError::NoPayingHand {
            at: at(raw.pays.span().start),
        });
    }
    match two_card_conflict(&lines) {
        None => {}
        Some(TwoCardConflict::Ambiguous {
            first,
            second,
            deal,
        }) => {
            let (key, value) = keys[second];
            return Err(bad(key, value, format!(
                "ambiguous: a player's {deal} is also paid by pays.\"{}\" at the same pay (the highest-paying matching line pays); make the lines disjoint or pay them differently",
                shown(keys[first].0.get_ref())
            )));
        }
        Some(TwoCardConflict::NeverPays(i)) => {
            let (key, value) = keys[i];
            return Err(bad(key, value, NEVER_PAYS.to_string()));
        }
    }
    lines.sort_by(|a, b| {
        let win = |l: &PayLine| l.award.win_on(Fraction::ONE);
        win(b)
            .cmp(&win(a))
            .then_with(|| a.hand.name().cmp(&b.hand.name()))
    });
    Ok(lines)
}

/// Why a line never pays.
pub(super) const NEVER_PAYS: &str = "never pays: every deal it matches is paid more by another line (the highest-paying matching line pays)";

/// What makes the lines of an Ultimate Pairs table unusable: indices into
/// its lines.
pub(super) enum TwoCardConflict {
    /// A deal is paid by two lines at the same, highest, pay.
    Ambiguous {
        first: usize,
        second: usize,
        /// The deal, in words.
        deal: String,
    },
    /// Every deal the line matches is paid more by another line.
    NeverPays(usize),
}

/// The first conflict among an Ultimate Pairs table's lines, over every
/// class of the player's and the dealer's two cards.
pub(super) fn two_card_conflict(lines: &[PayLine]) -> Option<TwoCardConflict> {
    let mut pays = vec![false; lines.len()];
    for player in 0..CLASSES {
        for dealer in 0..CLASSES {
            match ultimate_pairs_best_lines(lines, player, dealer)[..] {
                [] => {}
                [one] => pays[one] = true,
                [first, second, ..] => {
                    let needs_dealer = |i: usize| matches!(lines[i].hand, PayingHand::TwoCards(h) if h.dealer.is_some());
                    let deal = if needs_dealer(first) || needs_dealer(second) {
                        format!(
                            "{} with a dealer's {}",
                            ClassSet::single(player).name(),
                            ClassSet::single(dealer).name()
                        )
                    } else {
                        ClassSet::single(player).name()
                    };
                    return Some(TwoCardConflict::Ambiguous {
                        first,
                        second,
                        deal,
                    });
                }
            }
        }
    }
    pays.iter()
        .position(|&p| !p)
        .map(TwoCardConflict::NeverPays)
}
