//! Numbers of the running text recomputed from the printed tables: a claim that repeats a cell, or
//! follows from printed numbers by a sum, a difference, a number of pairs `n(n − 1)/2`, or a count of
//! distinct keys (paper A §4: "15 variants" = the Dmax × N cells of one panel of Table 2).

use serde::Deserialize;

use super::context::CheckContext;
use super::error::WiringError;
use super::outcome::TextDerivation;
use super::selector::{CountSpec, count_distinct};
use crate::model::CellKey;
use crate::published::cell_label::cell_label;

/// A `text` entry of the wiring: how a text claim follows from printed numbers. Terms are cell keys
/// (`table/panel/row/column/part`), text claim ids, or number literals; exactly one of the operations
/// is given.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TextSpec {
    pub(crate) id: String,
    #[serde(default)]
    pub(crate) cell: Option<String>,
    #[serde(default)]
    pub(crate) sum: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) difference: Option<[String; 2]>,
    #[serde(default)]
    pub(crate) pairs_of: Option<String>,
    #[serde(default)]
    pub(crate) count: Option<CountSpec>,
}

impl TextSpec {
    /// Derives the claim's value (and the cell it repeats); results other checks record on the
    /// claim (`text_ci`) are kept.
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        let derivation = derive(context, self).map_err(|m| context.invalid(&self.id, m))?;
        let entry = context.checks.text.entry(self.id.clone()).or_default();
        entry.value = derivation.value;
        entry.cell = derivation.cell;
        entry.cell_words = derivation.cell_words;
        Ok(())
    }
}

/// A cell key written `table/panel/row/column/part`, its column resolved when it depends on a
/// parameter (`A.T1/main/item1/ug_p[0]/value`).
fn parse_key(context: &CheckContext, key: &str) -> Result<Option<CellKey>, String> {
    let parts: Vec<&str> = key.split('/').collect();
    if parts.len() != 5 {
        return Ok(None);
    }
    let key = CellKey::new(parts[0], parts[1], parts[2], parts[3], parts[4]);
    context.resolve_key(key).map(Some)
}

/// A term's value and how it is shown in the arithmetic.
fn term(context: &CheckContext, term: &str) -> Result<(f64, String), String> {
    let printed = &context.printed;
    if let Some(key) = parse_key(context, term)? {
        return printed
            .cell(&key)
            .map(|c| {
                // The cell in the words its table's layout gives it (`Mean (min/max) per-topic
                // linear weighted Cohen's κ`), never its ids.
                let layout = context
                    .manifest
                    .artefact(&c.table)
                    .and_then(|a| a.layout.as_ref());
                let words = cell_label(c, layout);
                (c.value, format!("{} ({words})", c.printed))
            })
            .ok_or_else(|| format!("no published cell `{term}`"));
    }
    if let Some(claim) = printed.text_claim(term) {
        return Ok((
            claim.value,
            format!("{} ({}, {})", claim.printed, claim.claim, claim.section),
        ));
    }
    term.parse::<f64>()
        .map(|v| (v, v.to_string()))
        .map_err(|_| format!("`{term}` is neither a cell key, a text claim id nor a number"))
}

fn derive(context: &CheckContext, spec: &TextSpec) -> Result<TextDerivation, String> {
    let given = [
        spec.cell.is_some(),
        spec.sum.is_some(),
        spec.difference.is_some(),
        spec.pairs_of.is_some(),
        spec.count.is_some(),
    ]
    .iter()
    .filter(|&&b| b)
    .count();
    if given != 1 {
        return Err(format!(
            "text claim `{}` needs exactly one of cell, sum, difference, pairs_of, count",
            spec.id
        ));
    }
    let printed = &context.printed;
    if printed.text(&spec.id).is_none() {
        return Err(format!(
            "no text claim `{}` in the published files",
            spec.id
        ));
    }
    let mut derivation = TextDerivation::default();
    let value = if let Some(cell) = &spec.cell {
        let (v, shown) = term(context, cell)?;
        derivation.cell = parse_key(context, cell)?;
        derivation.cell_words = derivation.cell.as_ref().map(|key| {
            let layout = context
                .manifest
                .artefact(&key.table)
                .and_then(|a| a.layout.as_ref());
            crate::published::cell_label::key_words_in_layout(key, layout)
        });
        (v, format!("the table prints {shown}"))
    } else if let Some(terms) = &spec.sum {
        let values = terms
            .iter()
            .map(|t| term(context, t))
            .collect::<Result<Vec<_>, _>>()?;
        let total: f64 = values.iter().map(|v| v.0).sum();
        let shown: Vec<String> = values.into_iter().map(|v| v.1).collect();
        (total, format!("{} = {total}", shown.join(" + ")))
    } else if let Some([a, b]) = &spec.difference {
        let (a, sa) = term(context, a)?;
        let (b, sb) = term(context, b)?;
        (a - b, format!("{sa} − {sb} = {}", a - b))
    } else if let Some(n) = &spec.pairs_of {
        let (n, shown) = term(context, n)?;
        let pairs = n * (n - 1.0) / 2.0;
        (pairs, format!("{shown}·({shown} − 1)/2 = {pairs}"))
    } else if let Some(count) = &spec.count {
        let (n, shown) = count_distinct(&printed.select(&count.select), count)?;
        (n as f64, shown)
    } else {
        return Err(format!("text claim `{}` has no derivation", spec.id));
    };
    derivation.value = Some(value);
    Ok(derivation)
}
