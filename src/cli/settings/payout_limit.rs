//! The settings of `--payout-limit` on `game` and `strategy` (COMAR
//! 36.05.16.12F): the Blind tables, the Antes, the limit and its reading,
//! the Trips wager, all read and checked before any solving (the solver
//! must hold every amount exactly); a warning when the limit is below the
//! least the rule allows at the table minimum given.

use super::TableReader;
use crate::cli::args::money_rules::PayoutLimitArgs;
use crate::cli::args::{GameArgs, StrategyArgs};
use crate::cli::exit::stderr_line;
use uth_edge::cards::Card;
use uth_edge::error::InputError;
use uth_edge::exact::game::{largest_win, limited_payoffs};
use uth_edge::fraction::Fraction;
use uth_edge::money::{dollars, parse_dollars};
use uth_edge::rules::paytable::{PayTable, WagerKind};
use uth_edge::rules::settlement::PayoutLimit;
use uth_edge::strategy::oracle;

/// The least payout limit COMAR 36.05.16.12F allows whatever the stakes.
const RULE_FLOOR_DOLLARS: i128 = 50_000;

/// A payout-limit run, checked: Blind tables, Antes and the limit.
pub struct LimitRun {
    /// The Blind tables.
    pub tables: Vec<PayTable>,
    /// The Antes, in dollars.
    pub antes: Vec<Fraction>,
    /// The limit, in dollars.
    pub limit: Fraction,
    /// Whether the limit is on the net win (wins less the wagers lost).
    pub net_of_losses: bool,
    /// The Trips table and wager in dollars.
    pub trips: Option<(PayTable, Fraction)>,
}

impl LimitRun {
    /// Checks the flags (one line, exit 2, on the first fault) and that the
    /// solver can hold every amount exactly, warns when the limit is below
    /// the rule's floor; no solving.
    pub fn read(
        args: &PayoutLimitArgs,
        tables: Vec<PayTable>,
        seen: bool,
        reader: &mut TableReader,
    ) -> Result<LimitRun, InputError> {
        let Some(limit) = &args.payout_limit else {
            return Err(InputError::usage(
                "--ante, --antes, --trips, --table-minimum and --payout-limit-net go with --payout-limit DOLLARS",
            ));
        };
        if seen {
            return Err(InputError::usage(
                "--payout-limit cannot be combined with cards seen (--seen, --seen-dealer, --seen-flop, --seen-turnriver, --turnriver-at-flop) or --dead yet",
            ));
        }
        let limit = parse_dollars("payout-limit", limit)?;
        let antes = match (&args.ante, &args.antes) {
            (Some(ante), _) => vec![parse_dollars("ante", ante)?],
            (None, Some(list)) => list
                .split(',')
                .map(|a| parse_dollars("antes", a))
                .collect::<Result<Vec<_>, _>>()?,
            (None, None) => {
                return Err(InputError::usage(
                    "--payout-limit needs --ante DOLLARS (or --antes DOLLARS,...): the limit is in dollars, the pays in Antes",
                ))
            }
        };
        let trips = match (&args.trips, &args.trips_amount) {
            (Some(table), Some(amount)) => {
                let table = reader.read_for(table, WagerKind::Trips)?;
                if table.rules.trips.needs_dealer() {
                    return Err(InputError::usage(format!(
                        "--trips {}: a Trips table paid only when the hand beats the dealer's is not supported with --payout-limit",
                        table.id
                    )));
                }
                Some((table, parse_dollars("trips-amount", amount)?))
            }
            _ => None,
        };
        let minimum = match &args.table_minimum {
            Some(m) => Some(parse_dollars("table-minimum", m)?),
            None => None,
        };
        let run = LimitRun {
            tables,
            antes,
            limit,
            net_of_losses: args.payout_limit_net,
            trips,
        };
        for table in &run.tables {
            for ante in &run.antes {
                limited_payoffs(table, &run.limit_at(ante))?;
            }
            if let Some(minimum) = &minimum {
                let floor = run.rule_floor(table, minimum);
                if run.limit < floor {
                    stderr_line!(
                        "warning: the payout limit {} is below the least COMAR 36.05.16.12F allows at a {} table minimum with {}: {} (the greater of $50,000 and the most one player can win on a round betting the minimum)",
                        dollars(&run.limit),
                        dollars(minimum),
                        table.id,
                        dollars(&floor)
                    );
                }
            }
        }
        Ok(run)
    }

    /// The limit at an Ante of `ante` dollars, in Antes.
    pub fn limit_at(&self, ante: &Fraction) -> PayoutLimit {
        PayoutLimit {
            per_hand: &self.limit / ante,
            net_of_losses: self.net_of_losses,
            trips: self
                .trips
                .as_ref()
                .map(|(table, amount)| (table.clone(), amount / ante)),
        }
    }

    /// The least limit COMAR 36.05.16.12F allows at a table minimum of
    /// `minimum` dollars: the greater of $50,000 and the most one player can
    /// win betting the minimum (Play 4x; Trips at the minimum if wagered).
    fn rule_floor(&self, table: &PayTable, minimum: &Fraction) -> Fraction {
        let at_minimum = PayoutLimit {
            per_hand: Fraction::ONE,
            net_of_losses: false,
            trips: self.trips.as_ref().map(|(t, _)| (t.clone(), Fraction::ONE)),
        };
        let most = largest_win(table, &at_minimum) * minimum;
        std::cmp::max(most, Fraction::from_int(RULE_FLOOR_DOLLARS))
    }
}

/// `strategy --payout-limit`: the run (one Blind table, one Ante) and the
/// cards asked about.
pub struct LimitStrategy {
    pub run: LimitRun,
    /// The cards as `oracle::parse_query` reads them (none: the chart).
    pub cards: Vec<Card>,
}

impl LimitRun {
    /// `game --payout-limit`: the Blind tables and the limit's flags.
    pub fn for_game(args: &GameArgs, reader: &mut TableReader) -> Result<LimitRun, InputError> {
        let tables = super::paytables_for(reader, &args.blinds, WagerKind::Blind)?;
        LimitRun::read(&args.limit, tables, !args.seen.is_empty(), reader)
    }
}

impl LimitStrategy {
    /// `strategy --payout-limit`: the Blind table, the cards and the
    /// limit's flags, with one Ante.
    pub fn read(
        args: &StrategyArgs,
        reader: &mut TableReader,
    ) -> Result<LimitStrategy, InputError> {
        let table = reader.read_for(&args.blind, WagerKind::Blind)?;
        let groups = super::strategy_cards(&args.cards)?;
        let seen = args.sees_cards() || args.dead.is_some();
        let run = LimitRun::read(&args.limit, vec![table], seen, reader)?;
        if run.antes.len() > 1 {
            return Err(InputError::usage("strategy takes one --ante, not --antes"));
        }
        let cards = oracle::parse_query(&groups).map_err(|e| InputError::usage(e.to_string()))?;
        Ok(LimitStrategy { run, cards })
    }
}
