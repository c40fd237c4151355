//! uth-edge: exact house edge and element of risk of every Ultimate Texas
//! Hold'em wager, for any pay table.
//!
//! The crate is the engine; `src/main.rs` is a thin command-line front end.
//! One module per concept:
//! - [`cards`]: cards, card sets, parsing of card strings;
//! - [`evaluator`]: the lookup-table hand evaluator;
//! - [`fraction`]: exact fractions, the currency of every figure;
//! - [`paytable`]: pay tables (data model, files, validation);
//! - [`settlement`]: the rules: what each wager wins or loses, in one place;
//! - [`canonical`]: suit isomorphism (canonical boards, flops, starting hands);
//! - [`solver`]: the exact optimal-strategy solver of the base game;
//! - [`oracle`]: the strategy oracle (preflop chart, exact EVs of each choice);
//! - [`side_bets`]: Trips and the Six Card Bonus, exactly, by enumeration;
//! - [`showdown`]: every player/dealer deal counted by both hands'
//!   categories and the showdown result (canonical boards, sorted sweep);
//! - [`showdown_bets`]: the Bad Beat bonus and Trips that must beat the
//!   dealer, from those counts;
//! - [`progressive`]: the Progressive Payout wager and its Envy Bonus;
//! - [`report`]: results and their exporters (table, CSV, JSON, Markdown);
//! - [`progress`]: progress reports of long computations;
//! - [`catalog`]: everything computed for a set of pay tables, once;
//! - [`check`]: published figures checked against the exact computation;
//! - [`compare`]: pay tables side by side;
//! - [`html`]: the self-contained HTML report;
//! - [`results`]: the committed results files and their readable comparison;
//! - [`strategy`]: player strategies (the optimal oracle and rule-based ones);
//! - [`sampler`]: the Monte Carlo engine (any strategy, every wager, sessions).
pub mod canonical;
pub mod cards;
pub mod catalog;
pub mod check;
pub mod compare;
pub mod evaluator;
pub mod fraction;
pub mod html;
pub mod oracle;
pub mod paytable;
pub mod progress;
pub mod progressive;
pub mod report;
pub mod results;
pub mod sampler;
pub mod settlement;
pub mod showdown;
pub mod showdown_bets;
pub mod side_bets;
pub mod solver;
pub mod strategy;
