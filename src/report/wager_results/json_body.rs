//! The JSON body of a list of wager results (`wager_results` and the
//! submission report): keys in a fixed order, every figure as a decimal and
//! as an exact fraction.

use crate::fraction::Fraction;
use crate::result::{GameFigures, WagerResult};
use serde::Serialize;

/// The report's JSON body.
#[derive(Serialize)]
pub(crate) struct JsonDocument<'a> {
    results: Vec<JsonResult<'a>>,
}

#[derive(Serialize)]
struct JsonResult<'a> {
    wager: &'a str,
    paytable: &'a str,
    title: &'a str,
    /// The strategy a base-game result assumes (the submission report's
    /// rows only: `optimal`, or a strategy of the practical hold).
    #[serde(skip_serializing_if = "Option::is_none")]
    strategy: Option<&'a str>,
    #[serde(flatten)]
    settings: JsonSettings<'a>,
    outcomes: u64,
    #[serde(flatten)]
    figures_summary: JsonSummary,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    game: Option<JsonGame>,
    lines: Vec<JsonLine<'a>>,
    published: Vec<JsonPublished<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    figures: Vec<JsonFigure<'a>>,
}

/// The settings a result depends on, as JSON keys (absent when unset):
/// `wager_amount`, `wager_amount_exact`, `rule`, `meter`, `meter_exact`,
/// `players`. Shared by the report and `compare`.
#[derive(Serialize)]
pub(crate) struct JsonSettings<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    wager_amount: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wager_amount_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    meter: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    meter_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<u32>,
}

impl<'a> JsonSettings<'a> {
    pub(crate) fn of(r: &'a WagerResult) -> JsonSettings<'a> {
        JsonSettings {
            wager_amount: r.wager_amount.as_ref().map(Fraction::to_f64),
            wager_amount_exact: r.wager_amount.as_ref().map(|a| a.to_string()),
            rule: r.rule.as_deref(),
            meter: r.meter.as_ref().map(Fraction::to_f64),
            meter_exact: r.meter.as_ref().map(|m| m.to_string()),
            players: r.players,
        }
    }
}

/// The summary figures of a result as JSON keys, decimal and exact:
/// house edge, element of risk, std deviation (with the exact variance),
/// hit frequency. Shared by the report and `compare`.
#[derive(Serialize)]
pub(crate) struct JsonSummary {
    house_edge: f64,
    house_edge_exact: String,
    element_of_risk: f64,
    element_of_risk_exact: String,
    std_dev: f64,
    variance_exact: String,
    hit_frequency: f64,
    hit_frequency_exact: String,
}

impl JsonSummary {
    pub(crate) fn of(r: &WagerResult) -> JsonSummary {
        JsonSummary {
            house_edge: r.house_edge.to_f64(),
            house_edge_exact: r.house_edge.to_string(),
            element_of_risk: r.element_of_risk.to_f64(),
            element_of_risk_exact: r.element_of_risk.to_string(),
            std_dev: r.std_dev(),
            variance_exact: r.variance.to_string(),
            hit_frequency: r.hit_frequency.to_f64(),
            hit_frequency_exact: r.hit_frequency.to_string(),
        }
    }
}

#[derive(Serialize)]
struct JsonFigure<'a> {
    name: &'a str,
    value: f64,
    value_exact: String,
    unit: &'a str,
}

/// The base game's further keys.
#[derive(Serialize)]
struct JsonGame {
    house_edge_per_initial_wager: f64,
    house_edge_per_initial_wager_exact: String,
    average_total_wager: f64,
    average_total_wager_exact: String,
    action_probabilities: serde_json::Map<String, serde_json::Value>,
    wager_ev: serde_json::Map<String, serde_json::Value>,
}

impl JsonGame {
    fn new(g: &GameFigures) -> JsonGame {
        let object = |pairs: &[(String, Fraction)]| {
            let mut map = serde_json::Map::new();
            for (name, f) in pairs {
                map.insert(name.clone(), serde_json::json!(f.to_f64()));
                map.insert(format!("{name}_exact"), serde_json::json!(f.to_string()));
            }
            map
        };
        JsonGame {
            house_edge_per_initial_wager: g.house_edge_per_initial_wager.to_f64(),
            house_edge_per_initial_wager_exact: g.house_edge_per_initial_wager.to_string(),
            average_total_wager: g.average_total_wager.to_f64(),
            average_total_wager_exact: g.average_total_wager.to_string(),
            action_probabilities: object(&g.action_probabilities),
            wager_ev: object(&g.wager_ev),
        }
    }
}

#[derive(Serialize)]
struct JsonLine<'a> {
    hand: &'a str,
    combinations: u64,
    probability: f64,
    probability_exact: String,
    pays: &'a str,
    #[serde(rename = "return")]
    contribution: f64,
    return_exact: String,
}

#[derive(Serialize)]
struct JsonPublished<'a> {
    name: &'a str,
    value: &'a str,
    definition: Option<&'a str>,
    source: &'a str,
    note: Option<&'a str>,
    measure: Option<&'a str>,
    known_discrepancy: Option<&'a str>,
}

/// The report's JSON body: `{"results": [...]}`, keys in a fixed order
/// (written after `tool_version`, `schema_version` and the provenance).
pub(crate) fn body(results: &[WagerResult]) -> JsonDocument<'_> {
    let unnamed: Vec<(Option<&str>, &WagerResult)> = results.iter().map(|r| (None, r)).collect();
    body_named(&unnamed)
}

/// [`body`] of results each with the strategy it assumes, when named
/// (the key `strategy`, after `title`).
pub(crate) fn body_named<'a>(results: &[(Option<&'a str>, &'a WagerResult)]) -> JsonDocument<'a> {
    JsonDocument {
        results: results
            .iter()
            .map(|&(strategy, r)| JsonResult {
                wager: &r.wager,
                paytable: &r.paytable,
                title: &r.title,
                strategy,
                settings: JsonSettings::of(r),
                outcomes: r.outcomes,
                figures_summary: JsonSummary::of(r),
                game: r.game.as_ref().map(JsonGame::new),
                lines: r
                    .lines
                    .iter()
                    .map(|l| JsonLine {
                        hand: &l.hand,
                        combinations: l.combinations,
                        probability: l.probability.to_f64(),
                        probability_exact: l.probability.to_string(),
                        pays: &l.pays,
                        contribution: l.contribution.to_f64(),
                        return_exact: l.contribution.to_string(),
                    })
                    .collect(),
                published: r
                    .published
                    .iter()
                    .map(|p| JsonPublished {
                        name: &p.name,
                        value: &p.value,
                        definition: p.definition.as_deref(),
                        source: &p.source,
                        note: p.note.as_deref(),
                        measure: p.measure.as_deref(),
                        known_discrepancy: p.known_discrepancy.as_deref(),
                    })
                    .collect(),
                figures: r
                    .figures
                    .iter()
                    .map(|f| JsonFigure {
                        name: &f.name,
                        value: f.value.to_f64(),
                        value_exact: f.value.to_string(),
                        unit: &f.unit,
                    })
                    .collect(),
            })
            .collect(),
    }
}
