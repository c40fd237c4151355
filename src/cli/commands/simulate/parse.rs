//! The parse of `simulate`'s flags into one [`Simulate`]: the strategy,
//! the tables (the Trips rule checked against the sampler), the amounts
//! and the sessions read exactly, the payout limit (`parse_limit.rs`) and
//! the sampler's configuration checked whole; nothing computed.

use super::{parse_limit, Limit, Simulate, SimulateArgs};
use crate::cli::settings::TableReader;
use uth_edge::analysis::catalog;
use uth_edge::error::InputError;
use uth_edge::fraction::Fraction;
use uth_edge::message::shown;
use uth_edge::money::parse_dollars;
use uth_edge::rules::paytable::WagerKind;
use uth_edge::sample::{self, SimulationConfig};
use uth_edge::strategy::StrategyChoice;

/// The Trips table `simulate` uses unless told: uth-01.
const DEFAULT_SIMULATED_TRIPS: &str = "uth-01";
/// The Six Card Bonus table `simulate` uses unless told: six-card-a.
const DEFAULT_SIMULATED_SIX_CARD: &str = "six-card-a";

impl Simulate {
    /// Parses `simulate`'s flags (clap has already refused `--base-only`
    /// with a side-bet flag).
    pub fn from_args(
        args: &SimulateArgs,
        reader: &mut TableReader,
    ) -> Result<Simulate, InputError> {
        let strategy = StrategyChoice::resolve(&args.strategy)
            .map_err(|e| InputError::usage(format!("--strategy: {e}")))?;
        let mut config =
            SimulationConfig::new(args.hands, reader.read_for(&args.blind, WagerKind::Blind)?);
        config.seed = args.seed;
        config.threads = args.threads;
        if !args.base_only {
            let trips = args.trips.as_deref().unwrap_or(DEFAULT_SIMULATED_TRIPS);
            let table = reader.read_for(trips, WagerKind::Trips)?;
            if table.rules.trips.needs_dealer() {
                return Err(InputError::usage(format!(
                "--trips {trips}: the table's rule settles Trips against the dealer's hand, which the simulator does not; `uth-edge trips --paytable {trips}` computes it exactly"
            )));
            }
            config.trips = Some(table);
            let six = args
                .six_card
                .as_deref()
                .unwrap_or(DEFAULT_SIMULATED_SIX_CARD);
            let wager = match &args.wager {
                Some(text) => parse_dollars("wager", text)?,
                None => Fraction::from_int(catalog::DEFAULT_SIX_CARD_WAGER),
            };
            config.six_card = Some(sample::SixCardBet {
                table: reader.read_for(six, WagerKind::SixCardBonus)?,
                wager,
            });
            config.ultimate_pairs = args
                .ultimate_pairs
                .as_deref()
                .map(|id| reader.read_for(id, WagerKind::UltimatePairs))
                .transpose()?;
        }
        let simulation =
            |e| InputError::from_simulation(e).unwrap_or_else(|e| InputError::usage(e.to_string()));
        // Every amount flag is read, even those that only matter with
        // --session-hands: a typo is reported, never ignored.
        let ante_dollars = sample::parse_number("ante", args.ante.as_deref().unwrap_or("1"))
            .map_err(simulation)?;
        let bankroll = args
            .bankroll
            .as_deref()
            .map(|b| sample::parse_number("bankroll", b))
            .transpose()
            .map_err(simulation)?;
        let thresholds = args
            .lose_more_than
            .iter()
            .map(|x| sample::parse_number("lose-more-than", x))
            .collect::<Result<Vec<_>, _>>()
            .map_err(simulation)?;
        if args.ante.is_some() && args.session_hands.is_none() && args.payout_limit.is_none() {
            return Err(InputError::usage(format!(
            "--ante {}: the Ante in dollars prices the sessions (--session-hands) or a payout limit (--payout-limit); without either it means nothing (refused rather than ignored)",
            shown(args.ante.as_deref().unwrap_or(""))
        )));
        }
        if let Some(k) = args.session_hands {
            let mut session = sample::SessionConfig::new(k);
            session.bankroll = bankroll;
            if !thresholds.is_empty() {
                session.loss_thresholds = thresholds;
            }
            session.ante_dollars = ante_dollars;
            config.session = Some(session);
        }
        let limit = parse_limit::read(args, &strategy, &mut config)?;
        sample::validate(&config).map_err(simulation)?;
        Ok(match limit {
            None => Simulate::Plain {
                strategy,
                config,
                exact: !args.no_exact,
            },
            Some((rule, dollars, ante)) => Simulate::PayoutLimited {
                config,
                limit: Box::new(Limit {
                    rule,
                    dollars,
                    ante,
                }),
            },
        })
    }
}
