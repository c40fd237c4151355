//! `uth-edge report` (HTML, Markdown) and `uth-edge compare`; the JSON
//! layouts of `docs/schema/` against the documents written.

use crate::common::uth_edge;
use crate::common::{builtin_catalog, submission};
use uth_edge::analysis::catalog::Catalog;
use uth_edge::analysis::compare;
use uth_edge::report::{percent, Format};

/// The values of attribute `name` (`src`, `href`) in an HTML text.
fn attribute_values<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!("{name}=\"");
    html.match_indices(&needle)
        .map(|(i, _)| {
            let rest = &html[i + needle.len()..];
            &rest[..rest.find('"').unwrap_or(rest.len())]
        })
        .collect()
}

#[test]
fn html_report_is_one_self_contained_file_with_every_section() {
    // Fact: the page must render offline: nothing is fetched (no external
    // src or href, no stylesheet link, no script file, no CSS url()).
    let page = submission(builtin_catalog(), Format::Html, &[]);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.trim_end().ends_with("</html>"));
    for attribute in ["src", "href", "xlink:href", "action", "data"] {
        for value in attribute_values(&page, attribute) {
            assert!(
                value.starts_with('#'),
                "{attribute}=\"{value}\" leaves the page"
            );
        }
    }
    for forbidden in [
        "http://", "https://", "<link", "<script", "<img", "<iframe", "url(", "@import",
    ] {
        assert!(!page.contains(forbidden), "the page contains {forbidden}");
    }
    for id in [
        "summary",
        "published",
        "house-edges",
        "strategy-blind-a",
        "strategy-blind-b",
        "outcomes-blind-a",
        "outcomes-blind-b",
        "detail-trips-uth-01",
        "worked-examples",
        "rules",
        "assumptions",
        "certification",
    ] {
        assert!(page.contains(&format!("id=\"{id}\"")), "section {id}");
    }
    // Every result in the summary, every figure's verdict shown.
    for name in ["blind-a", "uth-04", "six-card-b $5"] {
        assert!(
            page.contains(&format!("<td class=\"text\">{name}</td>")),
            "{name}"
        );
    }
    // Printed, a collapsed part would not show.
    assert!(!page.contains("<details"));
    assert!(page.contains(">KNOWN DISCREPANCY<"));
    assert_eq!(page.matches(">REPRODUCED<").count(), 7);
}

#[test]
fn html_strategy_grid_has_169_classes_per_blind_table_with_their_evs() {
    // Facts: 169 starting-hand classes; AA is raised 4x under any Blind
    // table (its 4x EV exceeds checking); 72o is checked (Wizard of Odds'
    // strategy: never raise it preflop).
    let page = submission(builtin_catalog(), Format::Html, &[]);
    for table in ["blind-a", "blind-b"] {
        let start = page.find(&format!("id=\"strategy-{table}\"")).unwrap();
        let end = start + page[start..].find("</section>").unwrap();
        let grid = &page[start..end];
        assert_eq!(grid.matches("<td class=").count(), 169, "{table}");
        assert_eq!(grid.matches("raise 4x: ").count(), 169, "{table}");
        assert!(grid.contains("<td class=\"raise_4x\" title=\"AA (6 combinations)"));
        assert!(grid.contains("<td class=\"check\" title=\"72o (12 combinations)"));
    }
}

#[test]
fn html_outcome_chart_has_one_bar_per_distinct_net_result() {
    // Fact: the return table folds into its distinct net results; the
    // bars' probabilities add up to 1 (checked through the counts here).
    let catalog = builtin_catalog();
    let page = submission(catalog, Format::Html, &[]);
    for game in &catalog.games {
        let mut nets: Vec<_> = game
            .summary
            .return_table
            .iter()
            .map(|l| l.net.total())
            .collect();
        nets.sort();
        nets.dedup();
        let id = format!("id=\"outcomes-{}\"", game.table.id);
        let start = page.find(&id).unwrap();
        let end = start + page[start..].find("</section>").unwrap();
        assert_eq!(
            page[start..end].matches("<rect").count(),
            nets.len(),
            "{}",
            game.table.id
        );
        let total: u64 = game
            .summary
            .return_table
            .iter()
            .map(|l| l.combinations)
            .sum();
        assert_eq!(total, 27_813_810_024_000);
    }
}

#[test]
fn markdown_report_has_a_summary_row_and_a_table_per_result() {
    // Fact: the README's Markdown layout: a summary with one row per
    // result, then one section per result with its lines and total.
    let catalog = builtin_catalog();
    let results = Catalog {
        results: catalog.results.clone(),
        games: vec![],
    };
    let md = submission(&results, Format::Markdown, &[]);
    assert!(md.starts_with("# Ultimate Texas Hold'em math report"));
    assert!(md.contains("\n## Summary\n\n| wager | pay table | house edge | return to player |"));
    let uth02 = catalog
        .results
        .iter()
        .find(|r| r.paytable == "uth-02")
        .unwrap();
    let row = format!(
        "| Trips | uth-02 | {} | {} | {} | {} | {:.4} |",
        percent(uth02.house_edge.clone()),
        percent(uth_edge::fraction::Fraction::ONE - &uth02.house_edge),
        percent(uth02.element_of_risk.clone()),
        percent(uth02.hit_frequency.clone()),
        uth02.std_dev(),
    );
    assert!(md.contains(&row), "{row}");
    // Summary, published figures, one per result, the strategy assumed,
    // the operator's monitoring figures, rules, rules version and
    // assumptions, certification (no worked examples: no Blind game).
    assert_eq!(md.matches("\n## ").count(), catalog.results.len() + 7);
    for part in [
        "\n## Strategy assumed",
        "\n## Monitoring figures for the operator",
    ] {
        assert!(md.contains(part), "{part}");
    }
    assert_eq!(md.matches("\n| Total |").count(), catalog.results.len());
    assert!(md.contains("- house edge per initial wager (Ante + Blind): 1.0925%"));
}

#[test]
fn compare_sorts_each_wager_by_house_edge_lowest_first() {
    // Fact: the published edges order the Trips tables UTH-01 (0.90%) <
    // UTH-02 (1.90%) < UTH-03 (3.50%) < Florida (4.88%, Wizard of Odds) <
    // UTH-04 (6.18%), whatever order they are given in; Blind Paytable A
    // (straight pays) beats B (pushes); groups in order of first appearance.
    let catalog = builtin_catalog();
    let mut results = catalog.results.clone();
    results.reverse();
    let groups = compare::groups(&results);
    let order: Vec<(&str, Vec<&str>)> = groups
        .iter()
        .map(|g| {
            (
                g.wager,
                g.rows.iter().map(|r| r.paytable.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        order,
        [
            ("ultimate_pairs", vec!["ultimate-pairs-example"]),
            ("bad_beat", vec!["bad-beat-dg"]),
            ("progressive", vec!["progressive-md"]),
            ("six_card_bonus", vec!["six-card-a", "six-card-b"]),
            (
                "trips",
                vec!["uth-01", "uth-02", "uth-03", "uth-florida", "uth-04"]
            ),
            ("base_game", vec!["blind-a", "blind-b"]),
        ]
    );
}

#[test]
fn compare_command_groups_mixed_wagers_and_names_the_top_hand() {
    // Facts: a mixed list is grouped by wager in order of first appearance
    // and ranked by house edge; UTH-01's largest part of the return is its
    // full house: 3,473,184 of the 133,784,560 hands, paid 9 to 1, +23.36%
    // of the wager.
    let out = uth_edge(&[
        "compare",
        "uth-04",
        "six-card-b",
        "uth-01",
        "six-card-a",
        "--format",
        "csv",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0], uth_edge::report::compare::CSV_COLUMNS);
    let keys: Vec<(&str, &str, &str)> = rows[1..].iter().map(|r| (r[0], r[1], r[2])).collect();
    assert_eq!(
        keys,
        [
            ("trips", "1", "uth-01"),
            ("trips", "2", "uth-04"),
            ("six_card_bonus", "1", "six-card-a"),
            ("six_card_bonus", "2", "six-card-b"),
        ]
    );
    let column = |name: &str| {
        uth_edge::report::compare::CSV_COLUMNS
            .iter()
            .position(|c| *c == name)
            .unwrap()
    };
    assert_eq!(rows[1][column("rule")], "standard");
    assert_eq!(rows[1][column("top_hand")], "full_house");
    assert_eq!(rows[1][column("top_hand_pays")], "9 to 1");
    // 3,473,184 x 9 / 133,784,560, reduced.
    assert_eq!(rows[1][column("top_hand_return_exact")], "6534/27965");
}

/// A JSON Schema of `docs/schema/`.
fn schema(file: &str) -> serde_json::Value {
    let path = format!("{}/docs/schema/{file}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn json_outputs_have_every_key_the_schema_requires() {
    // Fact: docs/schema/results.schema.json documents the JSON layout; every
    // key it marks required is in the documents the commands print.
    let schema = schema("results.schema.json");
    let required = |v: &serde_json::Value| -> Vec<String> {
        v["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k.as_str().unwrap().to_string())
            .collect()
    };
    for args in [
        vec!["trips", "--paytable", "uth-01", "--format", "json"],
        vec!["six-card", "--paytable", "six-card-a", "--format", "json"],
        vec!["progressive", "--format", "json"],
    ] {
        let out = crate::common::uth_edge(&args);
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for key in required(&schema) {
            assert!(doc.get(&key).is_some(), "{args:?}: {key}");
        }
        for key in required(&schema["$defs"]["provenance"]) {
            assert!(
                doc["provenance"].get(&key).is_some(),
                "{args:?}: provenance.{key}"
            );
        }
        for result in doc["results"].as_array().unwrap() {
            for key in required(&schema["$defs"]["result"]) {
                assert!(result.get(&key).is_some(), "{args:?}: {key}");
            }
            for line in result["lines"].as_array().unwrap() {
                for key in required(&schema["$defs"]["line"]) {
                    assert!(line.get(&key).is_some(), "{args:?}: line {key}");
                }
            }
        }
    }
}

#[test]
fn seen_card_json_has_every_key_the_schema_requires_and_no_other() {
    // Fact: docs/schema/seen-cards.schema.json documents the layout of
    // `game --seen ... --format json`. The command solves the full deck;
    // its writer is run here on the three cases of a 16-card game with one
    // dealer card seen. Every key the schema marks required is there, and
    // every key there is one the schema lists.
    use crate::common::blind_a;
    use uth_edge::cards::canonical::deck_of_ranks;
    use uth_edge::exact::seen;
    use uth_edge::progress::Silent;
    let schema = schema("seen-cards.schema.json");
    let deck = deck_of_ranks(&[9, 10, 11, 12]);
    let cases = seen::solve(&blind_a(), deck, 1, &Silent).expect("solvable");
    let mut bytes = Vec::new();
    let document = uth_edge::report::seen::document(&cases, None).unwrap();
    uth_edge::report::render(uth_edge::report::Format::Json, &document, &mut bytes).unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    // The object `value` at `path` against the schema object `node`.
    let conforms = |node: &serde_json::Value, value: &serde_json::Value, path: &str| {
        let listed = node["properties"].as_object().unwrap();
        for key in node["required"].as_array().unwrap() {
            let key = key.as_str().unwrap();
            assert!(value.get(key).is_some(), "{path}: no {key}");
        }
        for key in value.as_object().unwrap().keys() {
            assert!(listed.contains_key(key), "{path}: {key} not in the schema");
        }
    };
    let defs = &schema["$defs"];
    conforms(&schema, &doc, "document");
    let written = doc["cases"].as_array().unwrap();
    assert_eq!(written.len(), cases.len());
    for (case, solved) in written.iter().zip(&cases) {
        conforms(&defs["case"], case, "case");
        conforms(
            &defs["case"]["properties"]["final_play"],
            &case["final_play"],
            "final_play",
        );
        let figures = [
            "average_total_wager",
            "player_edge_per_ante",
            "player_edge_per_total_wagered",
        ];
        for key in figures {
            conforms(&defs["figure"], &case[key], key);
        }
        for share in case["final_play"].as_object().unwrap().values() {
            conforms(&defs["figure"], share, "final_play share");
        }
        conforms(
            &defs["figure"],
            &case["hands_until_visible"],
            "hands_until_visible",
        );
        assert_eq!(case["case"], solved.seen.to_string());
        assert_eq!(
            case["player_edge_per_ante"]["exact"],
            solved.per_ante().to_string()
        );
    }
}
