//! All integration tests, in one test binary (one topic per module).
//!
//! Each test says which independent fact it checks: a textbook count, a
//! figure published in the source documents, or a brute-force computation
//! done here by other means than the library's.

mod bad_beat;
mod check;
mod check_dead;
mod cli;
mod collusion;
mod collusion_partners;
mod collusion_sample;
mod common;
mod coverage;
mod dead_cards;
mod dead_chart;
mod dead_results_committed;
mod deals;
mod docs_examples;
mod economics;
mod economics_json;
mod evaluator;
mod figure_labels;
mod file_sizes;
mod flag_modes;
mod formats;
mod fraction_props;
mod golden;
mod hostile_text;
mod house;
mod input_bounds;
mod layers;
mod leak_dead;
mod man;
mod money_rules_report;
mod money_rules_simulate;
mod one_renderer;
mod operator;
mod output_is_input;
mod output_paths;
mod output_temporaries;
mod payout_limit;
mod paytable_props;
mod paytables;
mod player_advantage;
mod player_dealer;
mod progressive;
mod progressive_meters;
mod provenance;
mod readme;
mod refusals;
mod report;
mod results;
mod results_stamps;
mod rule_options;
mod sampler;
mod seen;
mod side_bets;
mod solver;
mod submission;
mod submission_sheet;
mod trips_must_beat;
mod ultimate_pairs;
mod wager_props;
mod wagers_cli;
mod what_if;
mod what_if_family;
