//! The definitions a published figure is compared with: a side bet's house
//! edge, element of risk and returns; the base game's many (what the loss
//! is divided by), and the readings that bring in another table.

use super::verdict::Candidate;
use crate::analysis::catalog::{Catalog, GameEntry};
use crate::exact::game::{Action, ReturnLine};
use crate::fraction::Fraction;
use crate::money::dollars;
use crate::result::WagerResult;
use crate::rules::paytable::FigureSide;

/// The definitions of a side bet's figure: a single wager settled at once,
/// so its house edge (per unit wagered, = per hand) and its element of risk
/// are one number (two candidates only if they ever differ).
pub fn side_bet_candidates(result: &WagerResult) -> Vec<Candidate> {
    let at = (result.wager_amount)
        .clone()
        .map_or(String::new(), |a| format!(", at a {} wager", dollars(a)));
    let mut candidates = vec![Candidate {
        side: Some(FigureSide::House),
        reading: None,
        id: "house_edge".to_string(),
        description: if result.house_edge == result.element_of_risk {
            format!("house edge: expected loss per unit wagered (= element of risk, = loss per hand){at}")
        } else {
            format!("house edge: expected loss per unit wagered{at}")
        },
        value: result.house_edge.clone(),
        own: true,
    }];
    if result.house_edge != result.element_of_risk {
        candidates.push(Candidate {
            id: "element_of_risk".to_string(),
            description: format!("element of risk: expected loss per unit risked{at}"),
            value: result.element_of_risk.clone(),
            own: true,
            side: Some(FigureSide::House),
            reading: None,
        });
    }
    candidates.extend(return_candidates(
        result.house_edge.clone(),
        &format!("per unit wagered{at}"),
    ));
    candidates
}

/// The same figure stated as a return: the expected net result (minus the
/// edge; the "return" of a return table) and the return to player (what
/// comes back per unit wagered, the wager included: 1 minus the edge).
fn return_candidates(edge: Fraction, per: &str) -> [Candidate; 2] {
    [
        Candidate {
            id: "expected_return".to_string(),
            description: format!("expected net result {per} (= minus the house edge)"),
            value: -&edge,
            own: true,
            side: Some(FigureSide::Player),
            reading: None,
        },
        Candidate {
            id: "return_to_player".to_string(),
            description: format!(
                "return to player: paid back {per}, the wager included (= 1 - house edge)"
            ),
            value: Fraction::ONE - edge,
            own: true,
            side: Some(FigureSide::ReturnToPlayer),
            reading: None,
        },
    ]
}

/// Expected value of `f` over the outcomes of a solved game.
fn expect(game: &GameEntry, f: impl Fn(&ReturnLine) -> Fraction) -> Fraction {
    let total = game
        .summary
        .return_table
        .iter()
        .fold(Fraction::ZERO, |acc, l| {
            acc + f(l) * Fraction::from_int(l.combinations as i128)
        });
    total / Fraction::from_int(game.summary.sequences as i128)
}

/// The measures of the base game (per hand, in Antes) the definitions
/// divide.
struct GameMeasures {
    /// Expected loss per hand.
    loss: Fraction,
    /// Average total wagered (Ante + Blind + Play), folds included.
    wagered: Fraction,
}

fn measures(game: &GameEntry) -> GameMeasures {
    GameMeasures {
        loss: -game.summary.expected_value.clone(),
        wagered: game.summary.average_total_wager.clone(),
    }
}

/// Every definition of the base game's edge tried on a published figure,
/// for the Blind table of `game`, then the readings that bring in the other
/// tables of `catalog`:
///
/// | id | expected loss per hand divided by |
/// |---|---|
/// | `per_ante` | the Ante (= loss per hand in Antes; the usual "house edge") |
/// | `per_initial_wager` | Ante + Blind |
/// | `element_of_risk` | the average total wagered, Ante + Blind + Play, folds included |
/// | `per_wager_excluding_folded_stakes` | the average total wagered on hands not folded |
/// | `played_hands_only` | (loss of the hands not folded) / (their wagers): folds left out |
/// | `per_play_wager` | the average Play wager (0 on a fold) |
/// | `per_play_wager_when_played` | the average Play wager of hands not folded |
/// | `per_ante_and_play` | Ante + average Play (the Blind not counted as wagered) |
/// | `per_resolved_wager` | the average amount of the wagers that win or lose (pushes left out) |
/// | `per_maximum_wager` | Ante + Blind + 4x Play = 6 Antes |
/// | `ante_wager` | the Ante wager's own expected loss per Ante |
/// | `blind_wager` | the Blind wager's own expected loss per Blind |
/// | `play_wager` | the Play wager's own expected loss per unit of Play |
/// | `expected_return` | minus `per_ante`: the expected net result per Ante |
/// | `return_to_player` | 1 - `per_ante` |
///
/// Other readings (never a reproduction by themselves): for each Trips
/// table T of the catalog, the game with a Trips bet of one Ante added:
/// `per_ante+trips:T`, `per_initial_wager+trips:T` (over Ante + Blind +
/// Trips), `element_of_risk+trips:T` (over the total wagered plus the
/// Trips); for each other Blind table B solved, `per_ante@B`,
/// `per_initial_wager@B`, `element_of_risk@B`.
pub fn game_candidates(game: &GameEntry, catalog: &Catalog) -> Vec<Candidate> {
    let m = measures(game);
    let one = Fraction::ONE;
    let played = |l: &ReturnLine| {
        if l.action == Action::Fold {
            Fraction::ZERO
        } else {
            one.clone()
        }
    };
    let play = |l: &ReturnLine| Fraction::from_int(l.action.play() as i128);
    let p_played = expect(game, played);
    let average_play = expect(game, play);
    let wagered_played = expect(game, |l| (Fraction::from_int(2) + play(l)) * played(l));
    let loss_played = -expect(game, |l| l.net.total() * played(l));
    let resolved = expect(game, |l| {
        let stake = |net: Fraction, amount: Fraction| {
            if net.is_zero() {
                Fraction::ZERO
            } else {
                amount
            }
        };
        stake(l.net.ante.clone(), one.clone())
            + stake(l.net.blind.clone(), one.clone())
            + stake(l.net.play.clone(), play(l))
    });
    let s = &game.summary;
    let own = |id: &str, description: &str, value: Fraction| Candidate {
        id: id.to_string(),
        description: description.to_string(),
        value,
        own: true,
        side: Some(FigureSide::House),
        reading: None,
    };
    let mut candidates = vec![
        own(
            "per_ante",
            "house edge per Ante: expected loss per hand / Ante",
            m.loss.clone(),
        ),
        own(
            "per_initial_wager",
            "house edge per initial wager: expected loss / (Ante + Blind)",
            m.loss.clone() / Fraction::from_int(2),
        ),
        own(
            "element_of_risk",
            "element of risk: expected loss / average total wagered (Ante + Blind + Play, folds included)",
            m.loss.clone() / m.wagered.clone(),
        ),
        own(
            "per_wager_excluding_folded_stakes",
            "expected loss / average total wagered on hands not folded",
            m.loss.clone() / wagered_played.clone(),
        ),
        own(
            "played_hands_only",
            "loss of the hands not folded / their total wagered (folds left out)",
            loss_played / wagered_played,
        ),
        own(
            "per_play_wager",
            "expected loss / average Play wager (0 on a fold)",
            m.loss.clone() / average_play.clone(),
        ),
        own(
            "per_play_wager_when_played",
            "expected loss / average Play wager of hands not folded",
            m.loss.clone() / (&average_play / p_played),
        ),
        own(
            "per_ante_and_play",
            "expected loss / (Ante + average Play): the Blind not counted as wagered",
            m.loss.clone() / (one.clone() + average_play.clone()),
        ),
        own(
            "per_resolved_wager",
            "expected loss / average amount of the wagers that win or lose (pushes left out)",
            m.loss.clone() / resolved,
        ),
        own(
            "per_maximum_wager",
            "expected loss / maximum total wager (Ante + Blind + 4x Play = 6 Antes)",
            m.loss.clone() / Fraction::from_int(6),
        ),
        own(
            "ante_wager",
            "the Ante wager's own expected loss per Ante",
            -s.ante_ev.clone(),
        ),
        own(
            "blind_wager",
            "the Blind wager's own expected loss per Blind",
            -s.blind_ev.clone(),
        ),
        own(
            "play_wager",
            "the Play wager's own expected loss per unit of Play wagered",
            -s.play_ev.clone() / average_play,
        ),
    ];
    candidates.extend(return_candidates(m.loss.clone(), "per Ante"));
    let other = |id: String, description: String, value: Fraction| Candidate {
        id,
        description,
        value,
        own: false,
        side: Some(FigureSide::House),
        reading: None,
    };
    for trips in catalog.results.iter().filter(|r| r.wager == "trips") {
        let t = &trips.paytable;
        let loss = &m.loss + trips.house_edge.clone();
        candidates.push(other(
            format!("per_ante+trips:{t}"),
            format!("with a Trips bet ({t}) of one Ante: expected loss of Ante, Blind, Play and Trips / Ante"),
            loss.clone(),
        ));
        candidates.push(other(
            format!("per_initial_wager+trips:{t}"),
            format!("with a Trips bet ({t}) of one Ante: expected loss / (Ante + Blind + Trips)"),
            loss.clone() / Fraction::from_int(3),
        ));
        candidates.push(other(
            format!("element_of_risk+trips:{t}"),
            format!("with a Trips bet ({t}) of one Ante: expected loss / average total wagered including the Trips"),
            loss / (m.wagered.clone() + one.clone()),
        ));
    }
    for g in catalog.games.iter().filter(|g| g.table.id != game.table.id) {
        let b = &g.table.id;
        let mb = measures(g);
        candidates.push(other(
            format!("per_ante@{b}"),
            format!("house edge per Ante with Blind table {b}"),
            mb.loss.clone(),
        ));
        candidates.push(other(
            format!("per_initial_wager@{b}"),
            format!("house edge per initial wager (Ante + Blind) with Blind table {b}"),
            mb.loss.clone() / Fraction::from_int(2),
        ));
        candidates.push(other(
            format!("element_of_risk@{b}"),
            format!("element of risk with Blind table {b}"),
            mb.loss / mb.wagered,
        ));
    }
    candidates
}
