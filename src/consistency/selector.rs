//! Selections of printed cells shared by the text and statement checks: which cells a check looks
//! at ([`Selector`]), how many distinct keys they have ([`CountSpec`]), and comparisons ([`Op`]).

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::model::artefact_words::artefact_words;
use crate::published::PublishedCell;
use crate::published::cell_label::meta_words;

/// Picks cells of one table; an absent dimension matches every value.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Selector {
    pub(crate) table: String,
    #[serde(default)]
    pub(crate) panel: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) row: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) column: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) part: Option<Vec<String>>,
}

impl Selector {
    pub(crate) fn matches(&self, cell: &PublishedCell) -> bool {
        let ok = |filter: &Option<Vec<String>>, value: &str| {
            filter.as_ref().is_none_or(|v| v.iter().any(|f| f == value))
        };
        cell.table == self.table
            && ok(&self.panel, &cell.panel)
            && ok(&self.row, &cell.row)
            && ok(&self.column, &cell.column)
            && ok(&self.part, &cell.part)
    }
}

/// Counts the distinct values of `distinct` (dimensions `panel`, `row`, `column`) among the cells
/// that `select` picks and whose `meta` has one of the given values.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CountSpec {
    pub(crate) select: Selector,
    #[serde(default)]
    pub(crate) meta: BTreeMap<String, MetaValues>,
    pub(crate) distinct: Vec<String>,
}

/// The values a cell's meta entry may have to be counted: one (`n: "40"`) or any of a list
/// (`n: ["40", "80"]`, for a statement about several settings at once).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub(crate) enum MetaValues {
    One(String),
    Any(Vec<String>),
}

impl MetaValues {
    fn admits(&self, value: Option<&String>) -> bool {
        match (self, value) {
            (MetaValues::One(v), Some(x)) => v == x,
            (MetaValues::Any(vs), Some(x)) => vs.contains(x),
            (_, None) => false,
        }
    }

    /// `N = 40` or `N = 40 or N = 80`.
    fn words(&self, key: &str) -> String {
        match self {
            MetaValues::One(v) => meta_words(key, v),
            MetaValues::Any(vs) => vs
                .iter()
                .map(|v| meta_words(key, v))
                .collect::<Vec<_>>()
                .join(" or "),
        }
    }
}

/// A comparison of a number with a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub(crate) enum Op {
    #[serde(rename = ">")]
    Gt,
    #[serde(rename = ">=")]
    Ge,
    #[serde(rename = "<")]
    Lt,
    #[serde(rename = "<=")]
    Le,
    #[serde(rename = "==")]
    Eq,
}

impl Op {
    pub(crate) fn holds(self, x: f64, bound: f64) -> bool {
        match self {
            Op::Gt => x > bound,
            Op::Ge => x >= bound,
            Op::Lt => x < bound,
            Op::Le => x <= bound,
            Op::Eq => x == bound,
        }
    }

    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Op::Gt => ">",
            Op::Ge => "≥",
            Op::Lt => "<",
            Op::Le => "≤",
            Op::Eq => "=",
        }
    }
}

/// What a count of distinct keys counts, in words: `rows` for one dimension, `(panel, row)
/// pairs` for two.
fn counted_words(dims: &[String]) -> String {
    match dims {
        [one] => format!("{one}s"),
        [a, b] => format!("({a}, {b}) pairs"),
        _ => format!("({}) combinations", dims.join(", ")),
    }
}

/// The number of distinct keys `spec` counts among `selected` (the cells its selector picks), with
/// the count in words.
pub(crate) fn count_distinct(
    selected: &[&PublishedCell],
    spec: &CountSpec,
) -> Result<(usize, String), String> {
    let mut keys = BTreeSet::new();
    for cell in selected {
        if spec.meta.iter().all(|(k, v)| v.admits(cell.meta.get(k))) {
            let mut key = Vec::new();
            for dim in &spec.distinct {
                key.push(match dim.as_str() {
                    "panel" => cell.panel.clone(),
                    "row" => cell.row.clone(),
                    "column" => cell.column.clone(),
                    other => {
                        return Err(format!(
                            "unknown dimension `{other}` (panel, row or column)"
                        ));
                    }
                });
            }
            keys.insert(key);
        }
    }
    let meta: Vec<String> = spec.meta.iter().map(|(k, v)| v.words(k)).collect();
    Ok((
        keys.len(),
        format!(
            "{} distinct {} of {}{}",
            keys.len(),
            counted_words(&spec.distinct),
            artefact_words(&spec.select.table),
            if meta.is_empty() {
                String::new()
            } else {
                format!(" with {}", meta.join(", "))
            }
        ),
    ))
}
