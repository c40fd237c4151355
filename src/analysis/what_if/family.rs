//! What-if over a family of tables: two or more named lines, each over a
//! grid of posted odds (or left out), the tables whose house edge lies in a
//! band, ranked by hit frequency or by volatility.
//!
//! **Exact and fast.** On a side bet whose every outcome is paid by at most
//! one line, chosen by the hand alone (Trips, Six Card Bonus, Bad Beat,
//! Progressive), the strategy does not depend on the pays, so with `P_i`
//! the probability that line `i` pays and `x_i` its pay (−1 when the line
//! is left out: its hands then lose the wager):
//! - house edge `e(x) = e(1) − Σ P_i·(x_i − 1)`;
//! - second moment of the net result `m(x) = m(1) + Σ P_i·(x_i² − 1)`, the
//!   variance `m − e²`;
//! - hit frequency `h(x) = h(1) − Σ_{i left out} P_i`.
//!
//! The engines compute, in one pass, the table with every varied line at 1
//! to 1, each line at 2 to 1 in turn (giving `P_i`), one more table with
//! every line at a different pay, and each line left out in turn; the model
//! must give those tables' exact edge, variance and hit frequency, or the
//! search is refused. Each member then costs a few exact additions.
//!
//! The Ultimate Pairs Bonus pays the highest-paying matching line only, so
//! its edge is linear only while the lines keep their order: every member
//! table is built, checked with the reader's rules and computed (at most
//! [`MAX_EACH_TABLE`]). The Blind changes the optimal strategy with its
//! pays: a family of Blind tables is refused (use `--sweep` on one line).
//!
//! **Bounds, before any work.** At most [`MAX_PAYS_PER_LINE`] values per
//! line and [`MAX_FAMILY`] tables in all.

// Fraction becomes Clone-only (exact at any size); these clones stay.
#![allow(clippy::clone_on_copy)]

use super::edit::{check_hand, check_table, parse_hand, parse_pay, set_line};
use super::WhatIfError;
use crate::analysis::catalog::Catalog;
use crate::fraction::Fraction;
use crate::money::parse_dollars;
use crate::progress::Progress;
use crate::rules::paytable::{PayTable, PayingHand, WagerKind};

/// The most tables a family may hold (the product of the lines' counts).
pub const MAX_FAMILY: u64 = 100_000;
/// The most values one line may take.
pub const MAX_PAYS_PER_LINE: usize = 1_000;
/// The most tables of an Ultimate Pairs family (each one computed).
pub const MAX_EACH_TABLE: u64 = 2_000;

/// One line varied: its hand and its values, in the order given (`None`:
/// the line left out).
#[derive(Clone, Debug, PartialEq)]
pub struct Varied {
    /// The hand of the line.
    pub hand: PayingHand,
    /// The pays it takes (net win per unit), `None` for left out.
    pub pays: Vec<Option<Fraction>>,
}

/// The order of the tables kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rank {
    /// Highest hit frequency first, then lowest volatility.
    HitFrequency,
    /// Lowest volatility (standard deviation per unit) first, then highest
    /// hit frequency.
    Volatility,
}

impl Rank {
    /// The rank of the given command-line name.
    pub fn from_name(name: &str) -> Option<Rank> {
        match name {
            "hit-frequency" => Some(Rank::HitFrequency),
            "volatility" => Some(Rank::Volatility),
            _ => None,
        }
    }

    /// Its command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Rank::HitFrequency => "hit-frequency",
            Rank::Volatility => "volatility",
        }
    }
}

/// One table of the family and its exact figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The pay of each varied line, in the order of the `--vary` flags.
    pub pays: Vec<Option<Fraction>>,
    /// House edge per unit wagered.
    pub house_edge: Fraction,
    /// Variance of the net result per unit wagered.
    pub variance: Fraction,
    /// Probability that the wager wins.
    pub hit_frequency: Fraction,
}

/// How the figures were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The linear model from this many computed tables (probes), verified.
    Linear {
        /// Tables computed by the engines.
        probes: usize,
    },
    /// Every member table computed.
    EachTable,
}

/// The answer: the tables in the band, ranked.
#[derive(Clone, Debug, PartialEq)]
pub struct Family {
    /// Tables in the family.
    pub size: u64,
    /// Tables the pay-table reader would refuse (left out), with the first
    /// one's reason.
    pub refused: u64,
    /// Why the first refused table is refused.
    pub first_refusal: Option<String>,
    /// The valid tables whose edge lies in the band, ranked.
    pub in_band: Vec<Member>,
    /// How the figures were computed.
    pub method: Method,
}

/// An error about the family of `table`.
fn family_error(table: &PayTable, reason: String) -> WhatIfError {
    WhatIfError::Edit {
        table: table.id.clone(),
        reason,
    }
}

/// `HAND=VALUES` of `--vary`: VALUES is a comma-separated list of pays
/// (`8`, `7.5`, `3/2`), ranges `FROM:TO:STEP` (as `--sweep`) and `out`
/// (the line left out).
pub fn parse_vary(table: &PayTable, text: &str) -> Result<Varied, WhatIfError> {
    let bad = |reason: String| {
        family_error(
            table,
            format!("--vary {}: {reason}", crate::error::shown(text)),
        )
    };
    let (hand, values) = text.split_once('=').ok_or_else(|| {
        bad("expected HAND=VALUES such as flush=5:8:0.5 or straight=3,4,out".into())
    })?;
    let hand = parse_hand(table, hand)?;
    let mut pays: Vec<Option<Fraction>> = Vec::new();
    for item in values.split(',') {
        let item = item.trim();
        let parts: Vec<&str> = item.split(':').collect();
        let mut push = |p: Option<Fraction>| {
            if pays.contains(&p) {
                return Err(bad(format!("{} is given twice", show(&p))));
            }
            if pays.len() == MAX_PAYS_PER_LINE {
                return Err(bad(format!(
                    "more than {MAX_PAYS_PER_LINE} values for one line"
                )));
            }
            pays.push(p);
            Ok(())
        };
        match parts.as_slice() {
            ["out"] => push(None)?,
            [pay] => push(Some(parse_pay(pay).map_err(&bad)?))?,
            [from, to, step] => {
                let (from, to) = (parse_pay(from).map_err(&bad)?, parse_pay(to).map_err(&bad)?);
                let step = parse_dollars("vary", step).map_err(|_| {
                    bad(format!(
                        "step '{}' is not a number above 0",
                        crate::error::shown(step)
                    ))
                })?;
                if to < from {
                    return Err(bad(format!("{item}: TO is below FROM")));
                }
                let mut p = from;
                while p <= to {
                    push(Some(p.clone()))?;
                    p = p + step.clone();
                }
            }
            _ => {
                return Err(bad(format!(
                    "'{}' is not a pay, FROM:TO:STEP or out",
                    crate::error::shown(item)
                )))
            }
        }
    }
    Ok(Varied { hand, pays })
}

/// A value of a line as written for people: `7 to 1` or `out`.
pub fn show(p: &Option<Fraction>) -> String {
    match p {
        Some(p) => super::odds_text(p),
        None => "out".to_string(),
    }
}

/// A band of house edges `LOW..HIGH` (`2.5%..3.5%`), both ends
/// included; each end a percentage with its % sign.
pub fn parse_band(table: &PayTable, text: &str) -> Result<(Fraction, Fraction), WhatIfError> {
    let bad = || {
        family_error(
            table,
            format!(
                "--band {}: expected LOW..HIGH house edges such as 2.5%..3.5% (LOW at most HIGH)",
                crate::error::shown(text)
            ),
        )
    };
    let edge = |s: &str| -> Result<Fraction, WhatIfError> {
        crate::money::parse_percent(s).map_err(|e| {
            family_error(
                table,
                format!("--band {}: {}: {e}", crate::error::shown(text), s.trim()),
            )
        })
    };
    let (low, high) = text.split_once("..").ok_or_else(bad)?;
    let (low, high) = (edge(low)?, edge(high)?);
    if low > high {
        return Err(bad());
    }
    Ok((low, high))
}

/// Checks a family before any work: a side bet, distinct lines the wager
/// can name, and at most [`MAX_FAMILY`] tables ([`MAX_EACH_TABLE`] for the
/// Ultimate Pairs Bonus). Returns the number of tables.
pub fn check_family(table: &PayTable, varied: &[Varied]) -> Result<u64, WhatIfError> {
    if table.wager == WagerKind::Blind {
        return Err(family_error(
            table,
            "--vary: a Blind table's optimal strategy changes with its pays, so each table would need a full solve; vary one line with --hand and --sweep".into(),
        ));
    }
    let mut base = table.clone();
    for (i, v) in varied.iter().enumerate() {
        if varied[..i].iter().any(|w| w.hand == v.hand) {
            return Err(family_error(
                table,
                format!("--vary {}: the line is varied twice", v.hand.name()),
            ));
        }
        set_line(&mut base, v.hand, None);
    }
    for v in varied {
        check_hand(&base, v.hand)
            .map_err(|reason| family_error(table, format!("--vary {}: {reason}", v.hand.name())))?;
        set_line(&mut base, v.hand, Some(&Fraction::ONE));
    }
    let limit = if table.wager == WagerKind::UltimatePairs {
        MAX_EACH_TABLE
    } else {
        MAX_FAMILY
    };
    let size = varied.iter().try_fold(1u64, |n, v| {
        n.checked_mul(v.pays.len() as u64).filter(|&n| n <= limit)
    });
    size.ok_or_else(|| {
        let counts: Vec<String> = varied
            .iter()
            .map(|v| format!("{} {}", v.pays.len(), v.hand.name()))
            .collect();
        family_error(
            table,
            format!(
                "--vary: {} values make more than {limit} tables, the most a family may hold{}",
                counts.join(" x "),
                if table.wager == WagerKind::UltimatePairs {
                    " on an Ultimate Pairs table (each is computed)"
                } else {
                    ""
                }
            ),
        )
    })
}

/// The table of the family with each varied line at its value.
pub fn member_table(table: &PayTable, varied: &[Varied], pays: &[Option<Fraction>]) -> PayTable {
    let mut t = table.clone();
    for (v, p) in varied.iter().zip(pays) {
        set_line(&mut t, v.hand, p.as_ref());
    }
    t
}

/// Edge, variance and hit frequency of each table, computed by the engines
/// in one catalog (the Six Card Bonus at `amount` dollars).
fn figures(
    tables: &mut [PayTable],
    amount: &Fraction,
    progress: &dyn Progress,
) -> Vec<[Fraction; 3]> {
    for (i, t) in tables.iter_mut().enumerate() {
        t.id = format!("{}#{i}", t.id);
    }
    let catalog = Catalog::compute(tables, std::slice::from_ref(amount), progress);
    tables
        .iter()
        .map(|t| {
            let r = catalog
                .results
                .iter()
                .find(|r| r.paytable == t.id)
                .expect("the catalog has a result for every table");
            [
                r.house_edge.clone(),
                r.variance.clone(),
                r.hit_frequency.clone(),
            ]
        })
        .collect()
}

/// House edge, variance and hit frequency (per unit wagered) of each
/// table, exactly (the Six Card Bonus at `amount` dollars; a Blind table
/// solved, per Ante).
pub fn figures_of(
    tables: &[PayTable],
    amount: &Fraction,
    progress: &dyn Progress,
) -> Vec<[Fraction; 3]> {
    figures(&mut tables.to_vec(), amount, progress)
}

/// Every member's values, in order (the first line varies slowest).
fn members(varied: &[Varied]) -> impl Iterator<Item = Vec<Option<Fraction>>> + '_ {
    let mut index = vec![0usize; varied.len()];
    let mut done = varied.iter().any(|v| v.pays.is_empty());
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let member = varied
            .iter()
            .zip(&index)
            .map(|(v, &i)| v.pays[i].clone())
            .collect();
        done = true;
        for k in (0..varied.len()).rev() {
            index[k] += 1;
            if index[k] < varied[k].pays.len() {
                done = false;
                break;
            }
            index[k] = 0;
        }
        Some(member)
    })
}

/// The family's tables in `band` (all when `None`), ranked by `rank`
/// (see the module notes). Call [`check_family`] first.
pub fn search(
    table: &PayTable,
    varied: &[Varied],
    band: Option<&(Fraction, Fraction)>,
    rank: Rank,
    amount: &Fraction,
    progress: &dyn Progress,
) -> Result<Family, WhatIfError> {
    let size = check_family(table, varied)?;
    let in_band =
        |m: &Member| band.is_none_or(|(low, high)| m.house_edge >= *low && m.house_edge <= *high);
    let mut family = Family {
        size,
        refused: 0,
        first_refusal: None,
        in_band: Vec::new(),
        method: Method::EachTable,
    };
    let refuse = |family: &mut Family, pays: &[Option<Fraction>], reason: String| {
        family.refused += 1;
        if family.first_refusal.is_none() {
            let values: Vec<String> = varied
                .iter()
                .zip(pays)
                .map(|(v, p)| format!("{} {}", v.hand.name(), show(p)))
                .collect();
            family.first_refusal = Some(format!("{}: {reason}", values.join(", ")));
        }
    };
    if table.wager == WagerKind::UltimatePairs {
        let mut valid = Vec::new();
        let mut tables = Vec::new();
        for pays in members(varied) {
            let t = member_table(table, varied, &pays);
            match check(&t) {
                Ok(()) => {
                    tables.push(t);
                    valid.push(pays);
                }
                Err(reason) => refuse(&mut family, &pays, reason),
            }
        }
        for (pays, [house_edge, variance, hit_frequency]) in
            valid
                .into_iter()
                .zip(figures(&mut tables, amount, progress))
        {
            let m = Member {
                pays,
                house_edge,
                variance,
                hit_frequency,
            };
            if in_band(&m) {
                family.in_band.push(m);
            }
        }
    } else {
        let model = Model::probe(table, varied, amount, progress)?;
        family.method = Method::Linear {
            probes: model.probes,
        };
        let others = member_table(table, varied, &vec![None; varied.len()])
            .lines
            .len();
        for pays in members(varied) {
            if others == 0 && pays.iter().all(Option::is_none) {
                refuse(
                    &mut family,
                    &pays,
                    "a pay table needs at least one paying line".into(),
                );
                continue;
            }
            let m = model.at(pays);
            if in_band(&m) {
                family.in_band.push(m);
            }
        }
    }
    rank_members(&mut family.in_band, rank);
    Ok(family)
}

/// The reader's rules for a member table: at least one line, then
/// [`check_table`].
fn check(t: &PayTable) -> Result<(), String> {
    if t.lines.is_empty() {
        return Err("a pay table needs at least one paying line".into());
    }
    check_table(t)
}

/// Sorts members by `rank`, ties kept in the order of the family.
pub fn rank_members(members: &mut [Member], rank: Rank) {
    members.sort_by(|a, b| match rank {
        Rank::HitFrequency => b
            .hit_frequency
            .cmp(&a.hit_frequency)
            .then_with(|| a.variance.cmp(&b.variance)),
        Rank::Volatility => a
            .variance
            .cmp(&b.variance)
            .then_with(|| b.hit_frequency.cmp(&a.hit_frequency)),
    });
}

/// The linear model of the module notes, from the table with every varied
/// line at 1 to 1.
struct Model {
    edge: Fraction,
    second: Fraction,
    hit: Fraction,
    /// `P_i`, the probability that line `i` pays.
    paid: Vec<Fraction>,
    probes: usize,
}

impl Model {
    /// The member with these values.
    fn at(&self, pays: Vec<Option<Fraction>>) -> Member {
        let (mut edge, mut second, mut hit) =
            (self.edge.clone(), self.second.clone(), self.hit.clone());
        for (p, paid) in pays.iter().zip(&self.paid) {
            let x = p.clone().unwrap_or(-Fraction::ONE);
            edge = edge - paid.clone() * (x.clone() - Fraction::ONE);
            second = second + paid.clone() * (x.clone() * x - Fraction::ONE);
            if p.is_none() {
                hit = hit - paid.clone();
            }
        }
        let variance = second - edge.clone() * edge.clone();
        Member {
            pays,
            house_edge: edge,
            variance,
            hit_frequency: hit,
        }
    }

    /// Computes the probe tables and checks the model on them.
    fn probe(
        table: &PayTable,
        varied: &[Varied],
        amount: &Fraction,
        progress: &dyn Progress,
    ) -> Result<Model, WhatIfError> {
        let k = varied.len();
        let ones = vec![Some(Fraction::ONE); k];
        let mut probes: Vec<Vec<Option<Fraction>>> = vec![ones.clone()];
        for i in 0..k {
            let mut p = ones.clone();
            p[i] = Some(Fraction::from_int(2));
            probes.push(p);
        }
        probes.push(
            (0..k)
                .map(|i| Some(Fraction::from_int(i as i128 + 3)))
                .collect(),
        );
        let others = member_table(table, varied, &vec![None; k]).lines.len();
        for (i, v) in varied.iter().enumerate() {
            if v.pays.contains(&None) && (others > 0 || k > 1) {
                let mut p = ones.clone();
                p[i] = None;
                probes.push(p);
            }
        }
        let mut tables: Vec<PayTable> = probes
            .iter()
            .map(|p| member_table(table, varied, p))
            .collect();
        let got = figures(&mut tables, amount, progress);
        let second = |f: &[Fraction; 3]| f[1].clone() + f[0].clone() * f[0].clone();
        let model = Model {
            edge: got[0][0].clone(),
            second: second(&got[0]),
            hit: got[0][2].clone(),
            paid: (0..k)
                .map(|i| got[0][0].clone() - got[1 + i][0].clone())
                .collect(),
            probes: probes.len(),
        };
        for (p, f) in probes.into_iter().zip(&got) {
            let m = model.at(p);
            if m.house_edge != f[0] || m.variance != f[1] || m.hit_frequency != f[2] {
                return Err(family_error(
                    table,
                    "--vary: the house edge is not linear in these lines' pays (a hand paid by two lines?), so the family is not computed".into(),
                ));
            }
        }
        Ok(model)
    }
}
