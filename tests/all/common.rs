//! Shared fixtures: pay tables and the full-deck solution, built once per
//! test binary; the base game's nets settled by `rules::settlement` for the
//! brute-force enumerations (`solver.rs`, `seen.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use uth_edge::analysis::catalog::{self, Catalog, GameEntry};
use uth_edge::cards::CardSet;
use uth_edge::evaluator::{HandCategory, HandRank};
use uth_edge::exact::game::{solve, Action, Decision, RiverTable, Solution};
use uth_edge::fraction::Fraction;
use uth_edge::progress::Silent;
use uth_edge::rules::paytable::{Award, PayLine, PayTable, PayingHand, Rules, WagerKind};
use uth_edge::rules::settlement::{settle_base, BaseRound, Versus};

/// Whether the long tests run: `UTH_EDGE_LONG_TESTS` is set (to anything).
/// CI sets it (`.ci/run`); `cargo test --release` without it runs the fast
/// suite, every check on a smaller deck or fewer cases where a long run
/// would only repeat it on a bigger one (CONTRIBUTING.md, "Tests").
pub fn long_tests() -> bool {
    std::env::var_os("UTH_EDGE_LONG_TESTS").is_some()
}

/// A Blind table from `(hand, win, per)` lines.
pub fn blind_table(id: &str, lines: &[(HandCategory, u64, u64)]) -> PayTable {
    PayTable {
        id: id.to_string(),
        title: id.to_string(),
        wager: WagerKind::Blind,
        lines: lines
            .iter()
            .map(|&(c, win, per)| PayLine {
                hand: PayingHand::Category(c),
                award: Award::Odds { win, per },
            })
            .collect(),
        source: "test".to_string(),
        rules_version: None,
        published: vec![],
        notes: vec![],
        rules: Rules::default(),
    }
}

/// A Blind table with fractional pays (7/3, 5/4, 1/2, 1/3), which exercise
/// the common denominator; it has no straight pay, so a straight pushes.
pub fn odd_blind_table() -> PayTable {
    blind_table(
        "odd",
        &[
            (HandCategory::FourOfAKind, 7, 3),
            (HandCategory::FullHouse, 5, 4),
            (HandCategory::Flush, 1, 2),
            (HandCategory::TwoPair, 1, 3),
        ],
    )
}

/// The preflop decision of the best of `[raise 4x, raise 3x, check]`
/// values, a tie going to checking, then to raising 3x (the solver's
/// order of preference).
pub fn best_preflop<T: Ord>(values: &[T; 3]) -> Decision {
    let best = values.iter().max().expect("three values");
    if values[2] == *best {
        Decision::Check
    } else if values[1] == *best {
        Decision::Raise(Action::Raise3x)
    } else {
        Decision::Raise(Action::Raise4x)
    }
}

/// Blind Paytable A of COMAR 36.05.16.12 (seeds/004): straight pays 1 to 1.
pub fn blind_a() -> PayTable {
    PayTable::resolve("blind-a").expect("built-in table")
}

/// The river table of the full deck, built once.
/// The shipped strategy file `name` (`wizard`, `timid`), read once.
pub fn shipped_strategy(name: &str) -> &'static uth_edge::strategy::FileStrategy {
    use uth_edge::strategy::FileStrategy;
    static FILES: OnceLock<Vec<FileStrategy>> = OnceLock::new();
    let files = FILES.get_or_init(|| {
        uth_edge::strategy::file::BUILTIN
            .iter()
            .map(|(id, _)| FileStrategy::builtin(id).unwrap())
            .collect()
    });
    files
        .iter()
        .find(|f| uth_edge::strategy::Strategy::name(*f) == name)
        .expect("a shipped strategy")
}

pub fn full_river() -> &'static RiverTable {
    static RIVER: OnceLock<RiverTable> = OnceLock::new();
    RIVER.get_or_init(|| RiverTable::build(CardSet::FULL_DECK, &Silent))
}

/// The solved full game with Blind table A, built once.
pub fn full_solution_a() -> &'static Solution<'static> {
    static SOLUTION: OnceLock<Solution<'static>> = OnceLock::new();
    SOLUTION.get_or_init(|| solve(full_river(), &blind_a(), &Silent))
}

/// Blind Paytable B of COMAR 36.05.16.12 (seeds/004): straight pushes.
pub fn blind_b() -> PayTable {
    PayTable::resolve("blind-b").expect("built-in table")
}

/// The solved full game with Blind table B, built once.
pub fn full_solution_b() -> &'static Solution<'static> {
    static SOLUTION: OnceLock<Solution<'static>> = OnceLock::new();
    SOLUTION.get_or_init(|| solve(full_river(), &blind_b(), &Silent))
}

/// Everything the tool computes for the built-in pay tables (what `uth-edge
/// report` and `uth-edge results` print), from the shared solutions.
pub fn builtin_catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let games = vec![
            GameEntry::from_solution(full_solution_a()),
            GameEntry::from_solution(full_solution_b()),
        ];
        let tables = catalog::builtin_tables().expect("built-in tables");
        assert_eq!(
            tables
                .iter()
                .filter(|t| t.wager == WagerKind::Blind)
                .map(|t| t.id.as_str())
                .collect::<Vec<_>>(),
            ["blind-a", "blind-b"],
            "the shared solutions are the built-in Blind tables"
        );
        Catalog::compute_with(games, &tables, &catalog::default_wager_amounts(), &Silent)
    })
}

/// The submission report of `catalog` in `format` (no pay tables as
/// submitted, no provenance), with the sections of the player-dealer games
/// of `dealer`: its one entry point, `report::submission::document`.
pub fn submission(
    catalog: &Catalog,
    format: uth_edge::report::Format,
    dealer: &[uth_edge::sample::player_dealer::PlayerDealerReport],
) -> String {
    let context = uth_edge::report::ExportContext::default();
    let document =
        uth_edge::report::submission::document(catalog, &context, dealer, None, &catalog.results)
            .expect("records of results");
    let mut bytes = Vec::new();
    uth_edge::report::render(format, &document, &mut bytes).expect("writing to memory");
    String::from_utf8(bytes).expect("UTF-8")
}

/// Runs the real `uth-edge` binary with `args` and no standard input.
pub fn uth_edge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uth-edge"))
        .env("UTH_EDGE_STAGE_LOG", "off")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Standard output of a run, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// Standard error of a run, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 errors")
}

/// Every net result of the base game under a Blind table, settled by
/// `rules::settlement::settle_base`, as integers over a common denominator:
/// `net[play][outcome][player category]` in units of `1/scale` Ante, the
/// outcomes being those of [`OUTCOMES`] (a Play of 0 is a fold).
pub struct Nets {
    /// The common denominator of every net.
    pub scale: i128,
    /// `[play][outcome][player category]`, in units of `1/scale`.
    pub net: [[[i64; 10]; 5]; 5],
}

/// The showdown outcomes indexed by [`outcome`]: win with the dealer
/// qualifying, win without, tie, lose with the dealer qualifying, lose without.
pub const OUTCOMES: [(Versus, bool); 5] = [
    (Versus::PlayerHigher, true),
    (Versus::PlayerHigher, false),
    (Versus::Tie, true),
    (Versus::DealerHigher, true),
    (Versus::DealerHigher, false),
];

/// The index in [`OUTCOMES`] of a showdown (the dealer qualifies with a pair
/// or better).
pub fn outcome(player: HandRank, dealer: HandRank) -> usize {
    let qualifies = dealer.category() >= HandCategory::Pair;
    match (player.cmp(&dealer), qualifies) {
        (std::cmp::Ordering::Greater, true) => 0,
        (std::cmp::Ordering::Greater, false) => 1,
        (std::cmp::Ordering::Equal, _) => 2,
        (std::cmp::Ordering::Less, true) => 3,
        (std::cmp::Ordering::Less, false) => 4,
    }
}

/// The nets of `table`, each settled once by the settlement module.
pub fn nets(table: &PayTable) -> Nets {
    nets_by(|round| settle_base(table, round).total())
}

/// The nets `settle` gives each round (`settle_base`'s, or under a payout
/// limit `settle_limited`'s), as [`nets`] gives them.
pub fn nets_by(settle: impl Fn(BaseRound) -> Fraction) -> Nets {
    let settle = |play: u8, o: usize, c: HandCategory| {
        settle(BaseRound {
            play,
            player: c,
            versus: OUTCOMES[o].0,
            dealer_qualifies: OUTCOMES[o].1,
        })
    };
    let mut scale = 1i128;
    for play in 0..5 {
        for o in 0..5 {
            for c in HandCategory::ALL {
                let d = i128::try_from(settle(play, o, c).denominator()).unwrap();
                let (mut a, mut b) = (scale, d);
                while b != 0 {
                    (a, b) = (b, a % b);
                }
                scale = scale / a * d;
            }
        }
    }
    let mut net = [[[0i64; 10]; 5]; 5];
    for (play, by_outcome) in net.iter_mut().enumerate() {
        for (o, by_category) in by_outcome.iter_mut().enumerate() {
            for c in HandCategory::ALL {
                let v = settle(play as u8, o, c) * Fraction::from_int(scale);
                by_category[c as usize] = i64::try_from(v.numerator()).unwrap();
            }
        }
    }
    Nets { scale, net }
}

/// `n` distinct cards of `deck`, at random (a partial Fisher-Yates shuffle).
pub fn random_cards(
    rng: &mut rand_xoshiro::Xoshiro256PlusPlus,
    deck: CardSet,
    n: usize,
) -> Vec<uth_edge::cards::Card> {
    use rand_core::Rng;
    let mut cards = deck.to_vec();
    for i in 0..n {
        let j = i + (rng.next_u64() % (cards.len() - i) as u64) as usize;
        cards.swap(i, j);
    }
    cards.truncate(n);
    cards
}

/// The engine's sums of collude:2 and exposed:1 on 16 cards (jack to ace)
/// under `table`, the base game of that deck per Ante (solved by the
/// base-game solver), and the results file the CSV writer makes of them,
/// as `game --seen ... --format csv` writes it.
pub fn small_dead_card_results(
    table: &PayTable,
) -> (Vec<uth_edge::exact::seen::dead::DeadSums>, Fraction, String) {
    use uth_edge::cards::canonical::deck_of_ranks;
    use uth_edge::exact::seen::dead::{self, DeadCase, Shard};
    use uth_edge::report::{self, dead::DeadFigures};
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let river = RiverTable::build(deck, &Silent);
    let base = solve(&river, table, &Silent);
    let base = Fraction::new(
        base.total_value,
        base.sequences as i128 * base.payoffs.scale as i128,
    );
    let sums: Vec<_> = [DeadCase::Collude(2), DeadCase::Exposed]
        .into_iter()
        .map(|case| {
            dead::solve(table, deck, case, Shard::ALL, &Silent, &mut |_| {}).expect("solvable")
        })
        .collect();
    let figures: Vec<DeadFigures> = sums
        .iter()
        .map(|s| DeadFigures {
            sums: s,
            base_per_ante: base.clone(),
            ante: Fraction::from_int(10),
            hands_per_hour: 30,
        })
        .collect();
    let mut csv = vec![];
    {
        let document = report::dead::document(&figures, None).expect("a document");
        report::render(report::Format::Csv, &document, &mut csv).expect("written");
    }
    (sums, base, String::from_utf8(csv).expect("UTF-8"))
}

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// A directory of this test's own, with `my-trips.toml`: UTH-03's pays
/// (and its published 3.50%) under the id `my-trips`.
pub fn submitted_trips(name: &str) -> (PathBuf, PathBuf) {
    let dir =
        std::env::temp_dir().join(format!("uth-edge-submission-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/paytables/uth-03.toml"
    ))
    .unwrap()
    .replace("id = \"uth-03\"", "id = \"my-trips\"");
    let path = dir.join("my-trips.toml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// The code of a source: comments removed, string literals emptied (`""`)
/// and character literals blanked, line breaks kept (so line numbers
/// hold).
pub fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            let closes =
                |k: usize| chars[k] == '"' && (1..=hashes).all(|h| chars.get(k + h) == Some(&'#'));
            while j < chars.len() && !closes(j) {
                if chars[j] == '\n' {
                    out.push('\n');
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1 + hashes;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            // An escaped character literal: '\n', '\'', '\u{..}'.
            i += 3;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            out.push_str("' '");
            i += 1;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether the character before `i` continues an identifier (`for"` is
/// not a raw string's `r"`).
fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The one-process run the sharded small-deck tests compare with (the
/// shards, a Slurm array, a Kubernetes Job's pods): `game --seen collude:2
/// --deck 16 --format csv`, sixteen cards (jack to ace), 16 partner
/// classes; checked to succeed.
pub fn collude_2_sixteen_run() -> std::process::Output {
    let whole = uth_edge(&[
        "--quiet",
        "game",
        "--seen",
        "collude:2",
        "--deck",
        "16",
        "--format",
        "csv",
    ]);
    assert!(whole.status.success(), "{}", stderr(&whole));
    whole
}
