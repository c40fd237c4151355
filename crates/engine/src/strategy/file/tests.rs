//! The shipped files against the Rust strategies they replace (every deal
//! of a small deck, 200,000 random deals of the full deck, the exact
//! figures), suit symmetry, and the refusals of the reader.

use super::*;
use crate::cards::canonical::deck_of_ranks;
use crate::cards::CardSet;
use crate::exact::game::{evaluate_policy, RiverTable};
use crate::progress::Silent;
use crate::rules::paytable::PayTable;
use crate::strategy::{play_round, AsPolicy, TimidStrategy, WizardStrategy};

/// A seeded stream (SplitMix64): the same deals on every run.
pub(super) struct Stream(pub u64);

impl Stream {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Seven distinct cards of the full deck: two hole cards, five board.
    pub(super) fn deal(&mut self) -> ([Card; 2], [Card; 5]) {
        let mut seen = CardSet::EMPTY;
        let mut cards = [Card::from_index(0); 7];
        for card in &mut cards {
            *card = loop {
                let c = Card::from_index((self.next() % 52) as usize);
                if !seen.contains(c) {
                    break c;
                }
            };
            seen.insert(*card);
        }
        (
            [cards[0], cards[1]],
            [cards[2], cards[3], cards[4], cards[5], cards[6]],
        )
    }
}

/// Every decision of `a` and `b` agree on this deal (the river asked even
/// where the game would not ask it).
fn same_on(a: &dyn Strategy, b: &dyn Strategy, hole: [Card; 2], board: [Card; 5]) -> bool {
    let flop = [board[0], board[1], board[2]];
    a.preflop(hole) == b.preflop(hole)
        && a.flop(hole, flop) == b.flop(hole, flop)
        && a.river(hole, board) == b.river(hole, board)
        && play_round(a, hole, board) == play_round(b, hole, board)
}

fn shipped() -> [(FileStrategy, &'static dyn Strategy); 2] {
    [
        (FileStrategy::builtin("wizard").unwrap(), &WizardStrategy),
        (FileStrategy::builtin("timid").unwrap(), &TimidStrategy),
    ]
}

#[test]
fn every_shipped_file_reads_under_its_own_name() {
    for (id, _) in BUILTIN {
        let s = FileStrategy::builtin(id).unwrap();
        assert_eq!(s.name(), id);
        assert!(!s.description().is_empty(), "{id}");
    }
    // Every name but optimal loads its shipped file (analysis::exact_base).
    for name in crate::strategy::StrategyName::ALL {
        let file = FileStrategy::builtin(name.name());
        assert_eq!(file.is_some(), !name.needs_solution(), "{name}");
    }
}

#[test]
fn the_shipped_wizard_and_timid_equal_the_rust_ones_on_every_deal_of_a_small_deck() {
    // The 16 cards deuce, trey, ten and ace: deuces against treys (the
    // flop's pocket-pair rule), a ten against a trey for the flush draw;
    // under UTH_EDGE_LONG_TESTS the 20 cards deuce to five and ace (wheels).
    let long = std::env::var_os("UTH_EDGE_LONG_TESTS").is_some();
    let ranks: &[usize] = if long {
        &[0, 1, 2, 3, 12]
    } else {
        &[0, 1, 8, 12]
    };
    let deck = deck_of_ranks(ranks);
    let cards = deck.to_vec();
    // Every preflop holding of the full deck.
    for (file, rust) in shipped() {
        for a in 0..52 {
            for b in a + 1..52 {
                let hole = [Card::from_index(a), Card::from_index(b)];
                assert_eq!(file.preflop(hole), rust.preflop(hole), "{hole:?}");
            }
        }
    }
    let mut deals = 0u64;
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let rest = deck.minus(CardSet::from_cards(&[a, b]));
            crate::cards::canonical::for_each_subset(rest, 5, |board| {
                let board: [Card; 5] = board.to_vec().try_into().unwrap();
                for (file, rust) in shipped() {
                    assert!(same_on(&file, rust, [a, b], board), "{a} {b} {board:?}");
                }
                deals += 1;
            });
        }
    }
    // C(n,2) hole pairs x C(n-2,5) boards.
    let choose = crate::cards::choose;
    let n = cards.len() as u64;
    assert_eq!(deals, choose(n, 2) * choose(n - 2, 5));
}

#[test]
fn the_shipped_wizard_and_timid_equal_the_rust_ones_on_200000_random_deals() {
    let strategies = shipped();
    let mut stream = Stream(20_261_128);
    for _ in 0..200_000 {
        let (hole, board) = stream.deal();
        for (file, rust) in &strategies {
            assert!(same_on(file, *rust, hole, board), "{hole:?} {board:?}");
        }
    }
}

#[test]
fn the_shipped_files_give_the_exact_figures_of_the_rust_strategies() {
    // The 20-card deck always; the full deck (the published 85304831237 /
    // 3476726253000 of the wizard on Blind A) under UTH_EDGE_LONG_TESTS.
    let long = std::env::var_os("UTH_EDGE_LONG_TESTS").is_some();
    let blind = PayTable::resolve("blind-a").unwrap();
    let mut decks = vec![deck_of_ranks(&[0, 1, 2, 3, 12])];
    if long {
        decks.push(CardSet::FULL_DECK);
    }
    for deck in decks {
        let river = RiverTable::build(deck, &Silent);
        for (file, rust) in shipped() {
            let of = |s: &dyn Strategy| {
                evaluate_policy(&river, &blind, &AsPolicy(s), &Silent)
                    .summary()
                    .house_edge
            };
            assert_eq!(
                of(&file),
                of(rust),
                "{} on {} cards",
                file.name(),
                deck.len()
            );
        }
    }
}

#[test]
fn every_shipped_file_is_suit_symmetric_on_random_deals() {
    let mut stream = Stream(7);
    let strategies: Vec<FileStrategy> = BUILTIN
        .iter()
        .map(|(id, _)| FileStrategy::builtin(id).unwrap())
        .collect();
    for _ in 0..20_000 {
        let (hole, board) = stream.deal();
        let mut perm = [0, 1, 2, 3];
        for i in (1..4).rev() {
            perm.swap(i, (stream.next() % (i as u64 + 1)) as usize);
        }
        let p = |c: Card| Card::new(c.rank(), perm[c.suit()]);
        for s in &strategies {
            assert_eq!(
                play_round(s, hole, board),
                play_round(s, hole.map(p), board.map(p)),
                "{}",
                s.name()
            );
        }
    }
}

/// The refusal of a file whose sections are `body` (after a name).
fn refusal(body: &str) -> String {
    let text = format!("name = \"t\"\n{body}");
    FileStrategy::from_toml(&text, "my.toml")
        .unwrap_err()
        .to_string()
}

const SECTIONS: &str = "[flop]\ndefault = \"check\"\n[river]\ndefault = \"fold\"\n";

#[test]
fn refusals_name_the_file_the_field_and_the_value_on_one_line() {
    let cases = [
        (
            format!("[preflop]\nraise_4x = \"33+, K5x+\"\n{SECTIONS}"),
            "strategy file my.toml: preflop.raise_4x: 'K5x+': expected two ranks",
        ),
        (
            format!("[preflop]\nraise_4x = \"AhKh\"\n{SECTIONS}"),
            "preflop.raise_4x: 'AhKh' names a suit",
        ),
        (
            format!("[preflop]\nraise_4x = \"A2+\"\nraise_3x = \"AK\"\n{SECTIONS}"),
            "preflop.raise_3x: AKs is also in preflop.raise_4x",
        ),
        (
            format!("[preflop]\n{SECTIONS}[[river.rule]]\naction = \"raise\"\nflush_suit = \"hearts\"\n"),
            "river.rule[1].flush_suit: 'flush_suit' names a suit",
        ),
        (
            format!("[preflop]\n{SECTIONS}[[river.rule]]\naction = \"raise\"\nhidden_pear = true\n"),
            "river.rule[1].hidden_pear: unknown predicate 'hidden_pear'",
        ),
        (
            format!(
                "[preflop]\n{SECTIONS}[[river.rule]]\naction = \"raise\"\n\
                 category_at_least = \"flush\"\ncategory_at_most = \"pair\"\n"
            ),
            "river.rule[1]: contradicts itself: category_at_least flush is above category_at_most pair",
        ),
        (
            format!(
                "[preflop]\n{SECTIONS}[[river.rule]]\naction = \"raise\"\n\
                 pocket_pair = true\nhole_suited = true\n"
            ),
            "contradicts itself: a pocket pair is never suited",
        ),
        (
            "[preflop]\n[flop]\ndefault = \"check\"\n[[flop.rule]]\naction = \"raise\"\n\
             dealer_outs_below = 20\n[river]\ndefault = \"fold\"\n"
                .to_string(),
            "flop.rule[1].dealer_outs_below: needs the five community cards",
        ),
        (
            format!("[preflop]\n{SECTIONS}[[river.rule]]\naction = \"2x\"\npocket_pair = true\n"),
            "river.rule[1].action: expected \"raise\" or \"fold\", found \"2x\"",
        ),
        (
            format!("[preflop]\n{SECTIONS}[[river.rule]]\naction = \"raise\"\nkicker_at_least = \"1\"\n"),
            "river.rule[1].kicker_at_least: expected a rank",
        ),
        (
            "[preflop]\n[flop]\ndefault = \"check\"\n".to_string(),
            "river: missing section [river]",
        ),
        // 45 cards are unseen on the river: 46 outs never happen.
        (
            format!("[preflop]\n{SECTIONS}[[river.rule]]\naction = \"raise\"\ndealer_outs_at_least = 46\n"),
            "river.rule[1].dealer_outs_at_least: expected a count of cards from 0 to 45",
        ),
        // A draw on the river: no card to come.
        (
            format!("[preflop]\n{SECTIONS}[[river.rule]]\naction = \"raise\"\nflush_draw_hole_at_least = \"T\"\n"),
            "river.rule[1].flush_draw_hole_at_least: a draw, with no card to come on the river",
        ),
        (
            format!("[preflop]\n{SECTIONS}[[river.rule]]\naction = \"fold\"\nopen_ended_draw = false\npocket_pair = true\n"),
            "river.rule[1].open_ended_draw: a draw, with no card to come on the river",
        ),
    ];
    // A TOML error names its line: the third line here.
    let e = FileStrategy::from_toml("name = \"t\"\n[preflop]\nraise_4x = \n", "my.toml")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("strategy file my.toml: line 3: "), "{e}");
    // A key of 10,000 characters is cut in the message.
    let long = "k".repeat(10_000);
    let e = refusal(&format!("{long} = 1\n"));
    assert!(e.len() < 500, "{}", e.len());
    for (body, says) in cases {
        let e = refusal(&body);
        assert!(e.contains(says), "expected {says:?} in {e:?}");
        assert!(!e.contains('\n'), "{e}");
    }
}

#[test]
fn a_long_preflop_list_reads_in_one_pass_and_a_hand_in_both_lists_is_still_refused() {
    // 240,000 hand classes named (A2+ twenty thousand times): each is
    // checked against the other list by its place in the chart; the old
    // check compared each with every class named before it (about 3 x
    // 10^10 comparisons, minutes). Repeats within one list are the same
    // choice, not a contradiction.
    let long = vec!["A2+"; 20_000].join(", ");
    let body =
        format!("name = \"long\"\n[preflop]\nraise_4x = \"{long}\"\nraise_3x = \"KK\"\n{SECTIONS}");
    let read = FileStrategy::from_toml(&body, "long.toml").expect("a long list reads");
    let [a, k] = [
        crate::cards::parse_card("As").unwrap(),
        crate::cards::parse_card("Kd").unwrap(),
    ];
    assert_eq!(read.preflop([a, k]), PreflopChoice::Raise4x);
    let clash =
        format!("name = \"c\"\n[preflop]\nraise_4x = \"{long}\"\nraise_3x = \"A5o\"\n{SECTIONS}");
    let e = FileStrategy::from_toml(&clash, "c.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("A5o is also in preflop.raise_4x"), "{e}");
}
