//! The CSV exporter: one row per pay line, a total row and one row per
//! extra figure, columns [`CSV_COLUMNS`] (the committed `results/` files
//! are written by it); and the pieces every CSV of the tool is written
//! with ([`write_rows`], [`Decimal`]).
//!
//! Each CSV shape is one `#[derive(Serialize)]` struct whose fields are
//! its columns, in order (a test checks them against the documented
//! list); the `csv` crate writes the rows, quoting where needed.

use crate::fraction::Fraction;
use crate::report::document::Records;
use crate::result::{GameFigures, WagerResult};
use serde::{Serialize, Serializer};
use std::io::{self, Write};

/// The CSV columns, in order. The last group is filled for the base game
/// only (`wager = base_game`) and empty otherwise; then the rule, meter and
/// players of a result, and the value of a `figure` row.
pub const CSV_COLUMNS: [&str; 47] = [
    "wager",
    "paytable",
    "wager_amount",
    "wager_amount_exact",
    "row",
    "hand",
    "combinations",
    "probability",
    "probability_exact",
    "pays",
    "return",
    "return_exact",
    "outcomes",
    "house_edge",
    "house_edge_exact",
    "element_of_risk",
    "element_of_risk_exact",
    "std_dev",
    "variance_exact",
    "hit_frequency",
    "hit_frequency_exact",
    "house_edge_per_initial_wager",
    "house_edge_per_initial_wager_exact",
    "average_total_wager",
    "average_total_wager_exact",
    "raise_4x",
    "raise_4x_exact",
    "raise_3x",
    "raise_3x_exact",
    "raise_2x",
    "raise_2x_exact",
    "raise_1x",
    "raise_1x_exact",
    "fold",
    "fold_exact",
    "ante_ev",
    "ante_ev_exact",
    "blind_ev",
    "blind_ev_exact",
    "play_ev",
    "play_ev_exact",
    "rule",
    "meter",
    "meter_exact",
    "players",
    "value",
    "value_exact",
];

/// A decimal column: Rust's shortest round-trip formatting of an `f64`
/// (`0.000032320620555914674`, `1`, `NaN`), never an exponent. The
/// committed `results/` files use it; the `csv` crate's own float
/// formatting (`3.2320620555914674e-5`, `1.0`) would change them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decimal(pub f64);

impl Decimal {
    /// An exact value as a decimal: the `f64` nearest it (ties to even,
    /// [`Fraction::to_f64`]), written as the shortest decimal that reads
    /// back as that `f64`. Correct at any size of the fraction's parts.
    pub fn of(f: &Fraction) -> Decimal {
        Decimal(f.to_f64())
    }
}

impl Serialize for Decimal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// Writes a CSV: the header `columns`, then one record per row. A row is a
/// struct whose fields are the columns in order; `None` is an empty field.
/// The header is written even when there are no rows. Written as the CSV
/// format is ([`Records::write`]: a text a spreadsheet would run as a
/// formula gets a `'` in front).
pub fn write_rows<T: Serialize>(
    columns: &[&str],
    rows: impl IntoIterator<Item = T>,
    out: &mut dyn Write,
) -> io::Result<()> {
    Records::of(columns, rows)?.write(out)
}

/// The columns a row struct is written under: its field names in order, a
/// nested struct's (such as [`SummaryColumns`]) in its place, as the `csv`
/// crate writes their values (for the tests that check a struct against
/// its documented columns). The `csv` crate derives no header from a
/// nested struct, so the names are read back from the row's JSON, which
/// keeps the fields in order.
#[cfg(test)]
pub(crate) fn header_of<T: Serialize>(row: T) -> Vec<String> {
    use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
    /// The columns of a JSON value: none for a scalar.
    struct Columns(Vec<String>);
    impl<'de> Deserialize<'de> for Columns {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Columns, D::Error> {
            d.deserialize_any(ColumnsVisitor)
        }
    }
    struct ColumnsVisitor;
    impl<'de> Visitor<'de> for ColumnsVisitor {
        type Value = Columns;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a row of scalars and nested rows")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Columns, A::Error> {
            let mut names = Vec::new();
            while let Some(name) = map.next_key::<String>()? {
                let Columns(nested) = map.next_value()?;
                if nested.is_empty() {
                    names.push(name);
                } else {
                    names.extend(nested);
                }
            }
            Ok(Columns(names))
        }
        fn visit_unit<E>(self) -> Result<Columns, E> {
            Ok(Columns(vec![]))
        }
        fn visit_bool<E>(self, _: bool) -> Result<Columns, E> {
            Ok(Columns(vec![]))
        }
        fn visit_i64<E>(self, _: i64) -> Result<Columns, E> {
            Ok(Columns(vec![]))
        }
        fn visit_u64<E>(self, _: u64) -> Result<Columns, E> {
            Ok(Columns(vec![]))
        }
        fn visit_f64<E>(self, _: f64) -> Result<Columns, E> {
            Ok(Columns(vec![]))
        }
        fn visit_str<E>(self, _: &str) -> Result<Columns, E> {
            Ok(Columns(vec![]))
        }
    }
    let json = serde_json::to_string(&row).expect("a row");
    serde_json::from_str::<Columns>(&json).expect("a row").0
}

/// A result for the tests of the row structs' columns: a Trips result with
/// no lines, every figure 1.
#[cfg(test)]
pub(crate) fn bare_result() -> WagerResult {
    WagerResult {
        wager: "trips".into(),
        paytable: "t".into(),
        title: "t".into(),
        wager_amount: None,
        outcomes: 1,
        lines: vec![],
        house_edge: Fraction::ONE,
        element_of_risk: Fraction::ONE,
        variance: Fraction::ONE,
        hit_frequency: Fraction::ONE,
        published: vec![],
        game: None,
        rule: None,
        meter: None,
        players: None,
        figures: vec![],
    }
}

/// The summary figures of a result as CSV columns, decimal and exact:
/// `house_edge`, `house_edge_exact`, `element_of_risk`,
/// `element_of_risk_exact`, `std_dev`, `variance_exact`, `hit_frequency`,
/// `hit_frequency_exact`. A field of a row struct, written in its place;
/// shared by the report's CSV and `compare`'s (as [`crate::report::JsonSummary`]
/// is by their JSON).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct SummaryColumns {
    house_edge: Decimal,
    house_edge_exact: String,
    element_of_risk: Decimal,
    element_of_risk_exact: String,
    std_dev: Decimal,
    variance_exact: String,
    hit_frequency: Decimal,
    hit_frequency_exact: String,
}

impl SummaryColumns {
    /// The summary columns of `r`.
    pub(crate) fn of(r: &WagerResult) -> SummaryColumns {
        SummaryColumns {
            house_edge: Decimal::of(&r.house_edge),
            house_edge_exact: r.house_edge.to_string(),
            element_of_risk: Decimal::of(&r.element_of_risk),
            element_of_risk_exact: r.element_of_risk.to_string(),
            std_dev: Decimal(r.std_dev()),
            variance_exact: r.variance.to_string(),
            hit_frequency: Decimal::of(&r.hit_frequency),
            hit_frequency_exact: r.hit_frequency.to_string(),
        }
    }
}

/// One row of [`CSV_COLUMNS`]. The fields from `outcomes` on are the
/// result's (repeated on every row so that any row stands alone).
#[derive(Clone, Debug, Serialize)]
struct Row<'a> {
    wager: &'a str,
    paytable: &'a str,
    wager_amount: Option<Decimal>,
    wager_amount_exact: Option<String>,
    row: &'static str,
    hand: &'a str,
    combinations: Option<u64>,
    probability: Option<Decimal>,
    probability_exact: Option<String>,
    pays: &'a str,
    #[serde(rename = "return")]
    return_: Option<Decimal>,
    return_exact: Option<String>,
    outcomes: u64,
    summary: SummaryColumns,
    house_edge_per_initial_wager: Option<Decimal>,
    house_edge_per_initial_wager_exact: Option<String>,
    average_total_wager: Option<Decimal>,
    average_total_wager_exact: Option<String>,
    raise_4x: Option<Decimal>,
    raise_4x_exact: Option<String>,
    raise_3x: Option<Decimal>,
    raise_3x_exact: Option<String>,
    raise_2x: Option<Decimal>,
    raise_2x_exact: Option<String>,
    raise_1x: Option<Decimal>,
    raise_1x_exact: Option<String>,
    fold: Option<Decimal>,
    fold_exact: Option<String>,
    ante_ev: Option<Decimal>,
    ante_ev_exact: Option<String>,
    blind_ev: Option<Decimal>,
    blind_ev_exact: Option<String>,
    play_ev: Option<Decimal>,
    play_ev_exact: Option<String>,
    rule: Option<&'a str>,
    meter: Option<Decimal>,
    meter_exact: Option<String>,
    players: Option<u32>,
    value: Option<Decimal>,
    value_exact: Option<String>,
}

impl<'a> Row<'a> {
    /// A `total` row of `r`; the other rows are this with their own
    /// fields.
    fn total(r: &'a WagerResult) -> Row<'a> {
        let decimal = |f: Option<&Fraction>| f.map(Decimal::of);
        let exact = |f: Option<&Fraction>| f.map(Fraction::to_string);
        let game = r.game.as_ref();
        let named = |pairs: fn(&GameFigures) -> &Vec<(String, Fraction)>, name: &str| {
            game.and_then(|g| pairs(g).iter().find(|(n, _)| n == name).map(|(_, f)| f))
        };
        let action = |name| named(|g| &g.action_probabilities, name);
        let ev = |name| named(|g| &g.wager_ev, name);
        let per_initial = game.map(|g| &g.house_edge_per_initial_wager);
        let average = game.map(|g| &g.average_total_wager);
        let net = -r.house_edge.clone();
        Row {
            wager: &r.wager,
            paytable: &r.paytable,
            wager_amount: decimal(r.wager_amount.as_ref()),
            wager_amount_exact: exact(r.wager_amount.as_ref()),
            row: "total",
            hand: "",
            combinations: Some(r.outcomes),
            probability: Some(Decimal::of(&Fraction::ONE)),
            probability_exact: Some(Fraction::ONE.to_string()),
            pays: "",
            return_: Some(Decimal::of(&net)),
            return_exact: Some(net.to_string()),
            outcomes: r.outcomes,
            summary: SummaryColumns::of(r),
            house_edge_per_initial_wager: decimal(per_initial),
            house_edge_per_initial_wager_exact: exact(per_initial),
            average_total_wager: decimal(average),
            average_total_wager_exact: exact(average),
            raise_4x: decimal(action("raise_4x")),
            raise_4x_exact: exact(action("raise_4x")),
            raise_3x: decimal(action("raise_3x")),
            raise_3x_exact: exact(action("raise_3x")),
            raise_2x: decimal(action("raise_2x")),
            raise_2x_exact: exact(action("raise_2x")),
            raise_1x: decimal(action("raise_1x")),
            raise_1x_exact: exact(action("raise_1x")),
            fold: decimal(action("fold")),
            fold_exact: exact(action("fold")),
            ante_ev: decimal(ev("ante")),
            ante_ev_exact: exact(ev("ante")),
            blind_ev: decimal(ev("blind")),
            blind_ev_exact: exact(ev("blind")),
            play_ev: decimal(ev("play")),
            play_ev_exact: exact(ev("play")),
            rule: r.rule.as_deref(),
            meter: decimal(r.meter.as_ref()),
            meter_exact: exact(r.meter.as_ref()),
            players: r.players,
            value: None,
            value_exact: None,
        }
    }
}

/// The report's CSV records: per result, one `line` row per pay line, one
/// `total` row (all outcomes, the expected net result as `return`, and the
/// house edge and element of risk, which the `line` rows repeat so that any
/// row stands alone) and one `figure` row per extra figure (its name in
/// `hand`, its value in `value`), under [`CSV_COLUMNS`].
pub(crate) fn records(results: &[WagerResult]) -> io::Result<Records> {
    records_with(results, &[])
}

/// A row a document adds after a result's figures (`game --strategy`'s
/// cost and deviations): its kind in `row`, what it is in `hand`, how
/// often in `probability` (where that applies), its value in `value`; the
/// other fields are the result's, as on its `total` row.
pub(crate) struct ExtraRow {
    /// The row's kind (the `row` column).
    pub row: &'static str,
    /// What it is (the `hand` column).
    pub hand: String,
    /// How often it occurs, when that applies.
    pub probability: Option<Fraction>,
    /// Its value (the `value` column).
    pub value: Fraction,
}

/// [`records`], with `extra[i]`'s rows after result `i`'s figure rows.
pub(crate) fn records_with(
    results: &[WagerResult],
    extra: &[Vec<ExtraRow>],
) -> io::Result<Records> {
    let none: &[ExtraRow] = &[];
    let rows = results.iter().enumerate().flat_map(|(i, r)| {
        let extra = extra.get(i).map_or(none, Vec::as_slice);
        let total = Row::total(r);
        let lines = r.lines.iter().map({
            let total = total.clone();
            move |l| Row {
                row: "line",
                hand: &l.hand,
                combinations: Some(l.combinations),
                probability: Some(Decimal::of(&l.probability)),
                probability_exact: Some(l.probability.to_string()),
                pays: &l.pays,
                return_: Some(Decimal::of(&l.contribution)),
                return_exact: Some(l.contribution.to_string()),
                ..total.clone()
            }
        });
        let figures = r.figures.iter().map({
            let total = total.clone();
            move |f| Row {
                row: "figure",
                hand: &f.name,
                combinations: None,
                probability: None,
                probability_exact: None,
                pays: "",
                return_: None,
                return_exact: None,
                value: Some(Decimal::of(&f.value)),
                value_exact: Some(f.value.to_string()),
                ..total.clone()
            }
        });
        let extra = extra.iter().map({
            let total = total.clone();
            move |x| Row {
                row: x.row,
                hand: &x.hand,
                combinations: None,
                probability: x.probability.as_ref().map(Decimal::of),
                probability_exact: x.probability.as_ref().map(Fraction::to_string),
                pays: "",
                return_: None,
                return_exact: None,
                value: Some(Decimal::of(&x.value)),
                value_exact: Some(x.value.to_string()),
                ..total.clone()
            }
        });
        lines.chain([total]).chain(figures).chain(extra)
    });
    Records::of(&CSV_COLUMNS, rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_row_struct_has_the_documented_columns() {
        let r = bare_result();
        assert_eq!(header_of(Row::total(&r)), CSV_COLUMNS);
    }

    #[test]
    fn decimals_are_written_without_an_exponent() {
        // Fact: 1/30940 = 0.0000323206...; Rust's `Display` of an f64 never
        // uses an exponent, and writes 1.0 as `1`.
        let mut out = Vec::new();
        let rows = [(Decimal::of(&Fraction::new(1, 30940)), Decimal(1.0))];
        write_rows(&["a", "b"], rows, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a,b\n0.000032320620555914674,1\n"
        );
    }
}
