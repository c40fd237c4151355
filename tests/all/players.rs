//! The players a casino has (issue 33): a player mix's exact hold
//! (`economics --players`, `--players-file`) against the strategies solved
//! alone, and its refusals (one line, exit code 2, before any solve).

use crate::common::{blind_a, long_tests, stderr, uth_edge};
use std::path::PathBuf;
use uth_edge::analysis::players::{practical_hold, solve_players, Player, PlayerMix};
use uth_edge::cards::canonical::deck_of_ranks;
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::result::WagerResult;

/// A file written for a test.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("players");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A strategy the code never saw: 4x with any pair, else check to the
/// river and call with a pair of the hole cards or better.
const PAIRS_CALL: &str = "name = \"pairs-call\"\n[preflop]\nraise_4x = \"22+\"\n\
    [flop]\ndefault = \"check\"\n[river]\ndefault = \"fold\"\n\
    [[river.rule]]\naction = \"raise\"\npocket_pair = true\n\
    [[river.rule]]\naction = \"raise\"\nhole_pairs_board = true\n";

/// The mean loss, second moment and amount wagered of a result, read
/// another way than the mix reads them: the mean and the second moment
/// from the return table's lines (contribution = p × net, so p × net² =
/// contribution² / p), the amount wagered from the element of risk
/// (edge / amount wagered).
fn by_lines(r: &WagerResult) -> (Fraction, Fraction, Fraction) {
    let mut mean = Fraction::ZERO;
    let mut second = Fraction::ZERO;
    for line in &r.lines {
        mean = mean + line.contribution.clone();
        second = second
            + line.contribution.clone() * line.contribution.clone() / line.probability.clone();
    }
    let loss = -mean;
    let wagered = loss.clone() / r.element_of_risk.clone();
    (loss, second, wagered)
}

#[test]
fn a_mix_is_the_exact_combination_of_its_strategies_solved_alone() {
    // Fact: on the 20-card deck (ten to ace), each strategy solved alone;
    // the mix's edge per Ante, per total wagered and variance recomputed
    // from the players' return tables (module `by_lines`): the average
    // loss, the average second moment less the squared mean, the average
    // loss over the average amount wagered.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let mine = file("pairs-call.toml", PAIRS_CALL);
    let text = format!("optimal:5%,wizard:45%,timid:20%,{}:30%", mine.display());
    let mix = PlayerMix::parse(&text).unwrap();
    let players: Vec<Player> = mix.players.iter().map(|(p, _)| p.clone()).collect();
    let table = blind_a();
    let solved = solve_players(deck, &table, &players, None, &Silent);
    assert_eq!(solved.len(), 4, "each strategy solved once");
    let optimal = &solved[0].1;
    let hold = practical_hold(&players, Some(&mix), &solved, optimal);
    let (_, figures) = hold.mix.clone().unwrap();
    let (mut loss, mut second, mut wagered) = (Fraction::ZERO, Fraction::ZERO, Fraction::ZERO);
    for ((_, share), (_, result)) in mix.players.iter().zip(&solved) {
        let (l, s, w) = by_lines(result);
        loss = loss + share.clone() * l;
        second = second + share.clone() * s;
        wagered = wagered + share.clone() * w;
    }
    assert_eq!(figures.house_edge, loss);
    assert_eq!(figures.average_total_wager, wagered);
    assert_eq!(
        figures.edge_per_total_wagered(),
        loss.clone() / wagered.clone()
    );
    assert_eq!(figures.variance, second - loss.clone() * loss);
    // The players differ (else the weighting would not be tested).
    assert_ne!(hold.players[1].house_edge, hold.players[2].house_edge);
    assert_ne!(
        hold.players[1].average_total_wager,
        hold.players[2].average_total_wager
    );
    // A mix of one player is that player.
    let alone = PlayerMix::parse("wizard:100%").unwrap();
    let hold = practical_hold(&players, Some(&alone), &solved, optimal);
    let (_, figures) = hold.mix.unwrap();
    assert_eq!(figures.house_edge, hold.players[1].house_edge);
    assert_eq!(figures.variance, hold.players[1].variance);
}

/// The JSON of a run that must succeed.
fn json_of(args: &[&str]) -> serde_json::Value {
    let out = uth_edge(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `economics --players NAME:100%` equals `game [--strategy NAME]`: the
/// house edge per Ante and per total wagered (the element of risk).
fn a_whole_table_of_one_player_is_its_game_figures(name: &str) {
    let players = format!("{name}:100%");
    let economics = json_of(&[
        "economics",
        "--wager",
        "base-game",
        "--players",
        &players,
        "--format",
        "json",
    ]);
    let mut game_args = vec!["game", "--blind", "blind-a", "--format", "json"];
    if name != "optimal" {
        game_args.extend(["--strategy", name]);
    }
    let game = json_of(&game_args);
    let mix = &economics["player_mix"][0]["mix"];
    let result = &game["results"][0];
    assert_eq!(
        mix["house_edge_exact"], result["house_edge_exact"],
        "{name}"
    );
    assert_eq!(
        mix["house_edge_per_total_wagered_exact"], result["element_of_risk_exact"],
        "{name}"
    );
}

#[test]
fn a_whole_table_of_optimal_players_is_the_game_figures() {
    a_whole_table_of_one_player_is_its_game_figures("optimal");
}

#[test]
fn a_whole_table_of_wizard_players_is_game_strategy_wizard() {
    // Two exact evaluations of the Wizard's strategy on the full deck (a
    // minute or two each): long only.
    if long_tests() {
        a_whole_table_of_one_player_is_its_game_figures("wizard");
    }
}

/// A run refused in one line naming `needle`, exit code 2, nothing on
/// standard output.
fn refused(args: &[&str], needle: &str) {
    let out = uth_edge(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn a_bad_mix_is_refused_in_one_line_before_any_solve() {
    for (players, needle) in [
        ("wizard:50%,timid:40%", "sum to 90%, not 100%"),
        ("wizard:50%,wizard:50%", "already in the mix"),
        ("wizard:50%,nobody:50%", "nobody"),
        ("wizard:50%,timid:fifty", "fifty"),
        ("wizard:50%,timid", "player 2"),
    ] {
        refused(&["economics", "--players", players], needle);
    }
    refused(
        &["economics", "--no-base-game", "--players", "optimal:100%"],
        "not counted",
    );
    let bad = file(
        "bad-mix.toml",
        "[[player]]\nstrategy = \"wizard\"\nshare = \"60%\"\n",
    );
    refused(
        &["economics", "--players-file", bad.to_str().unwrap()],
        "sum to 60%",
    );
    let typo = file(
        "typo-mix.toml",
        "[[player]]\nstrategy = \"wizard\"\nshares = \"100%\"\n",
    );
    refused(
        &["economics", "--players-file", typo.to_str().unwrap()],
        "player[1].shares",
    );
}

#[test]
fn a_players_file_names_strategy_files_beside_it() {
    // A relative strategy path in a players file is read from the players
    // file's folder, whatever the working directory.
    file("pairs-call.toml", PAIRS_CALL);
    let mix = file(
        "mix.toml",
        "[[player]]\nstrategy = \"optimal\"\nshare = \"70%\"\n\
         [[player]]\nstrategy = \"pairs-call.toml\"\nshare = \"30%\"\n",
    );
    let read = PlayerMix::read_file(&mix).unwrap();
    let names: Vec<String> = read.players.iter().map(|(p, _)| p.name()).collect();
    assert_eq!(names, ["optimal", "pairs-call"]);
    assert_eq!(read.players[1].1, Fraction::new(3, 10));
}

#[test]
fn the_submission_says_which_strategy_it_assumes_and_what_a_month_should_hold() {
    // Fact: the monitoring figures at the stated $10 Ante and 150
    // seat-hands an hour are the exact house edge × $10 × 150 (blind-a's
    // edge as the catalog solved it), and the part cites the Maryland
    // rule the issue names.
    let catalog = crate::common::builtin_catalog();
    let edge = catalog
        .results
        .iter()
        .find(|r| r.paytable == "blind-a" && r.wager == "base_game")
        .unwrap()
        .house_edge
        .clone();
    let per_hour = (edge * Fraction::from_int(1500)).to_fixed(2);
    for format in [
        uth_edge::report::Format::Markdown,
        uth_edge::report::Format::Html,
    ] {
        let text = crate::common::submission(catalog, format, &[]);
        assert!(text.contains("Strategy assumed"), "{format:?}");
        assert!(text.contains("assumes the best play"), "{format:?}");
        assert!(
            text.contains("Monitoring figures for the operator"),
            "{format:?}"
        );
        assert!(
            text.contains(&format!("${per_hour}")),
            "{format:?}: ${per_hour}"
        );
        assert!(text.contains("COMAR 36.05.03.25"), "{format:?}");
        assert!(
            !text.contains("Hold under practical play"),
            "{format:?}: not asked for"
        );
    }
}

#[test]
fn the_practical_hold_is_in_every_page_format_with_its_difference_from_optimal() {
    // Fact: on the 20-card deck, each strategy's edge per Ante less the
    // best play's, as the part prints it (four decimals of a percent),
    // from the strategies solved alone.
    let deck = deck_of_ranks(&[8, 9, 10, 11, 12]);
    let players: Vec<Player> = ["optimal", "wizard", "always-river"]
        .iter()
        .map(|n| Player::resolve(n).unwrap())
        .collect();
    let solved = solve_players(deck, &blind_a(), &players, None, &Silent);
    let mix = PlayerMix::parse("optimal:50%,always-river:50%").unwrap();
    let hold = practical_hold(&players, Some(&mix), &solved, &solved[0].1);
    let difference = solved[2].1.house_edge.clone() - solved[0].1.house_edge.clone();
    let shown = uth_edge::report::signed_percent(&difference);
    let catalog = crate::common::builtin_catalog();
    let context = uth_edge::report::ExportContext {
        practical: vec![hold],
        ..Default::default()
    };
    for format in [
        uth_edge::report::Format::Table,
        uth_edge::report::Format::Markdown,
        uth_edge::report::Format::Html,
    ] {
        let document =
            uth_edge::report::submission::document(catalog, &context, &[], None, &catalog.results)
                .unwrap();
        let mut bytes = Vec::new();
        uth_edge::report::render(format, &document, &mut bytes).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.contains("Hold under practical play"), "{format:?}");
        assert!(text.contains(&shown), "{format:?}: {shown}");
        assert!(
            text.contains("mix (optimal 50%, always-river 50%)"),
            "{format:?}"
        );
    }
}

#[test]
fn policies_evaluated_two_a_pass_are_each_evaluated_alone() {
    // A mix's strategies are evaluated two a flop pass (one read of the
    // river table sums the pay table twice, each with one strategy's
    // decisions): each must be what it is evaluated alone, its value,
    // every outcome of its tally and every starting-hand class's values
    // and decision (the identity of the two computations), on the 20-card
    // deck deuce to five and ace. The shipped files, files that raise a
    // class suited and not offsuit or the reverse, an odd one out, and a
    // file that asks `hole_suited` on the river (decided holding by
    // holding, so evaluated alone) among them; the second of a pair taking
    // the optimal flop decisions, or the first's, would move its figures.
    // And each alone against the full evaluation (every river decision
    // taken).
    use uth_edge::exact::game::{
        evaluate_policies_totals, evaluate_policy, evaluate_policy_totals, Policy, RiverTable,
    };
    use uth_edge::strategy::file::BUILTIN;
    use uth_edge::strategy::{AsPolicy, FileStrategy, Strategy};
    let suited = "name = \"suited\"\n[preflop]\nraise_3x = \"AA\"\n[flop]\ndefault = \"check\"\n\
                  [river]\ndefault = \"fold\"\n[[river.rule]]\naction = \"raise\"\n\
                  hole_suited = true\n";
    let mut files: Vec<FileStrategy> = BUILTIN
        .iter()
        .map(|(id, _)| FileStrategy::builtin(id).unwrap())
        .collect();
    files.insert(3, FileStrategy::from_toml(suited, "suited.toml").unwrap());
    files.push(FileStrategy::from_toml(PAIRS_CALL, "pairs-call.toml").unwrap());
    // Classes raised suited but not offsuit, and the reverse: a pair of
    // classes of cards with one card of the board's flush suit is offsuit,
    // so reaches the river under the first file (telling the two apart is
    // what the totals' untaken decisions rest on).
    for (name, range) in [
        ("suited-only", "raise_4x = \"A4s+, 54s\""),
        ("offsuit-only", "raise_3x = \"A4o+, 43o\""),
    ] {
        let text = format!(
            "name = \"{name}\"\n[preflop]\n{range}\n[flop]\ndefault = \"check\"\n\
             [river]\ndefault = \"fold\"\n[[river.rule]]\naction = \"raise\"\n\
             hole_pairs_board = true\n"
        );
        files.push(FileStrategy::from_toml(&text, "made.toml").unwrap());
    }
    let policies: Vec<AsPolicy<FileStrategy>> = files.iter().map(AsPolicy).collect();
    let policies: Vec<&dyn Policy> = policies.iter().map(|p| p as &dyn Policy).collect();
    assert!(files.len().is_multiple_of(2) && policies.iter().any(|p| !p.river_by_classes()));
    let blind = blind_a();
    let river = RiverTable::build(deck_of_ranks(&[0, 1, 2, 3, 12]), &Silent);
    let together = evaluate_policies_totals(&river, &blind, &policies, &Silent);
    assert_eq!(together.len(), files.len());
    for ((file, policy), got) in files.iter().zip(&policies).zip(&together) {
        let alone = evaluate_policy_totals(&river, &blind, *policy, &Silent);
        let name = file.name();
        assert_eq!(got.total_value, alone.total_value, "{name}");
        assert_eq!(got.tally, alone.tally, "{name}");
        let values = |s: &uth_edge::exact::game::Solution| -> Vec<_> {
            s.classes
                .iter()
                .map(|c| (c.cards, c.raise_4x, c.raise_3x, c.check, c.action))
                .collect()
        };
        assert_eq!(values(got), values(&alone), "{name}");
        // The totals alone leave the river decisions no holding reaches
        // untaken (those of the classes raised before the flop): the value,
        // the tally and every class's raises are those of the full
        // evaluation, which takes every decision.
        let full = evaluate_policy(&river, &blind, *policy, &Silent);
        assert_eq!(full.total_value, alone.total_value, "{name}");
        assert_eq!(full.tally, alone.tally, "{name}");
        let raises = |s: &uth_edge::exact::game::Solution| -> Vec<_> {
            s.classes
                .iter()
                .map(|c| (c.cards, c.raise_4x, c.raise_3x, c.action))
                .collect()
        };
        assert_eq!(raises(&full), raises(&alone), "{name}");
    }
}

#[test]
fn the_totals_ask_no_flop_decision_of_a_class_raised_before_the_flop() {
    // A strategy's totals alone (what a mix evaluates, alone or two a pass)
    // take the classes it raises before the flop from their sums over every
    // board, read once (their value and outcomes depend on no later
    // decision): the flop pass sums and decides only the holdings of the
    // classes that check, so it never asks the flop decision of a raised
    // class (it asked every orbit's before). The full evaluation asks them
    // (the counting is not idle); the figures are the same (the test
    // above). The wizard and the pairs-and-aces player (who raise 22
    // apart) on the 20-card deck deuce to five and ace, alone and two a
    // pass.
    use std::sync::atomic::{AtomicUsize, Ordering};
    use uth_edge::cards::{Card, CardSet};
    use uth_edge::exact::game::{
        evaluate_policies_totals, evaluate_policy, evaluate_policy_totals, Decision, Policy,
        RiverTable,
    };
    use uth_edge::strategy::{AsPolicy, FileStrategy};
    /// A file, counting the flop decisions asked of raised classes and of
    /// checked ones.
    struct Counting<'f> {
        file: AsPolicy<'f, FileStrategy>,
        asked: [AtomicUsize; 2],
    }
    impl Policy for Counting<'_> {
        fn preflop(&self, a: Card, b: Card) -> Decision {
            self.file.preflop(a, b)
        }
        fn flop_raise(&self, a: Card, b: Card, flop: CardSet) -> bool {
            let raised = self.file.preflop(a, b) != Decision::Check;
            self.asked[usize::from(raised)].fetch_add(1, Ordering::Relaxed);
            self.file.flop_raise(a, b, flop)
        }
        fn river_raise(&self, a: Card, b: Card, board: CardSet) -> bool {
            self.file.river_raise(a, b, board)
        }
        fn river_by_classes(&self) -> bool {
            self.file.river_by_classes()
        }
        fn river_raises(&self, board: CardSet, holes: &[[Card; 2]], raises: &mut [bool]) {
            self.file.river_raises(board, holes, raises)
        }
    }
    let files = ["wizard", "pairs-and-aces"].map(|id| FileStrategy::builtin(id).unwrap());
    let counting = || {
        files.each_ref().map(|file| Counting {
            file: AsPolicy(file),
            asked: [AtomicUsize::new(0), AtomicUsize::new(0)],
        })
    };
    let asked = |c: &Counting| c.asked.each_ref().map(|a| a.load(Ordering::Relaxed));
    let blind = blind_a();
    let river = RiverTable::build(deck_of_ranks(&[0, 1, 2, 3, 12]), &Silent);
    for policy in &counting() {
        evaluate_policy_totals(&river, &blind, policy, &Silent);
        let [checked, raised] = asked(policy);
        assert!(checked > 0, "{checked}");
        assert_eq!(raised, 0, "flop decisions asked of raised classes");
        evaluate_policy(&river, &blind, policy, &Silent);
        assert!(asked(policy)[1] > 0, "the full evaluation asks them");
    }
    let pair = counting();
    let policies: Vec<&dyn Policy> = pair.iter().map(|p| p as &dyn Policy).collect();
    evaluate_policies_totals(&river, &blind, &policies, &Silent);
    for policy in &pair {
        let [checked, raised] = asked(policy);
        assert!(checked > 0, "{checked}");
        assert_eq!(
            raised, 0,
            "flop decisions asked of raised classes, two a pass"
        );
    }
}
