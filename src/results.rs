//! Typed result tables: what an experiment produces and what renderers and the claims check consume.
//!
//! A result table holds exact numbers (never pre-formatted strings) keyed like the published values in
//! `paper/published/*.yaml`: table id, panel, row, column and part (e.g. `B.T1` / `statistics` /
//! `kappa_w` / `lancer1-lancer2` / `ci_lo`). Formatting to the paper's precision happens in the renderers.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::model::{ClaimGroup, GridPlace, ProvenanceClass};

mod transcription_note;

pub(crate) use crate::model::{CellKey, VALUE};
pub(crate) use transcription_note::TranscriptionNote;

/// The column of a series figure's table that holds a run's position on the x axis.
pub(crate) const X_POSITION: &str = "x";

/// The numbers an experiment rebuilt for one artefact, with notes on how.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct ResultTable {
    pub(crate) id: String,
    /// Every rebuilt number, by its address within the table.
    pub(crate) cells: BTreeMap<CellKey, f64>,
    /// Rows `(panel, row)` rebuilt only in part: their missing cells are pending, not absent.
    pub(crate) pending_rows: BTreeSet<(String, String)>,
    /// How the numbers were obtained (method, options such as the kappa standard error), one line each.
    pub(crate) notes: Vec<String>,
    /// The paper's qualitative claims this experiment checked on the data it ran on (stand-in or real).
    pub(crate) claims: Vec<ClaimCheck>,
    /// The class of a claim checked on printed inputs rather than on the table's stand-in or real data
    /// (e.g. `exact` for a claim about paper B's pooled matrices), by claim id. Claims not listed are
    /// `simulated`, or `real-data` when [`ResultTable::real_data`] is set.
    pub(crate) claim_classes: BTreeMap<String, ProvenanceClass>,
    /// Whether the numbers come from a user's real collection (`--data`) rather than from published
    /// inputs or a stand-in: the ledger then reports them as class `real-data`.
    pub(crate) real_data: bool,
    /// Cells whose stand-in was *fitted* to the printed number (e.g. paper B's per-topic kappa targets),
    /// with the fit's tolerance. The ledger reports them `holds`/`fails` against that tolerance and says
    /// they agree by construction: a fitted number reproduces nothing by itself.
    pub(crate) fitted: BTreeMap<CellKey, f64>,
    /// Cells whose stand-in knobs were *calibrated* toward the printed number (a knob file's
    /// `builds_in:`, kind `calibrated`): the stand-in's value there is no evidence, and need not
    /// equal the print; the rebuilt tables mark it †.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub(crate) calibrated: BTreeSet<CellKey>,
    /// Rows the experiment decided at run time, by panel id, in display order. Used for the panels whose
    /// manifest layout has `rows: []` (A.T3 lists only the run pairs whose significance differs, so
    /// its rows are known only after the tests ran); panels with static rows ignore this.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) dynamic_rows: BTreeMap<String, Vec<DynamicRow>>,
    /// Cells printed in bold (A.T3 bolds the p-values below alpha, as the paper does).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub(crate) bold: BTreeSet<CellKey>,
    /// Cells the experiment copied from its inputs, which the paper prints too (A.T1's ratings,
    /// B.T1's confusion counts): the ledger shows them as printed inputs, echoed back, never as
    /// numbers reproduced.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub(crate) inputs: BTreeSet<CellKey>,
    /// The bold cells whose bold says "below this threshold" (A.T3's p < α), with the threshold:
    /// the renderers print such a value with the decimals it takes for the printed number to be
    /// below the threshold too.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) bold_below: BTreeMap<CellKey, f64>,
}

/// A row an experiment supplies at run time: its id (the `row` of its cells) and its printed label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub(crate) struct DynamicRow {
    pub(crate) id: String,
    pub(crate) label: String,
    /// The row's cell in its family's grid when the row is one of a family (a grouped claim,
    /// [`ClaimCheck::group`], or a headline number of a robustness study): the renderers fold the
    /// family into its grids.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) group: Option<GridPlace>,
}

/// One qualitative claim of a paper, checked on rebuilt results (for example "all CI upper limits are at
/// or above 1"). The claims ledger lists it with the class of the data it ran on (`simulated` on a
/// stand-in collection, `real-data` on a user's collection) and verdict `holds` or `fails`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct ClaimCheck {
    /// Stable id, `<table or section>.<name>`, e.g. `A.T2.ci_upper_at_least_one`.
    pub(crate) id: String,
    /// Where the paper makes the claim: a table id (`A.T2`) or a section (`A.§5`).
    pub(crate) section: String,
    /// The claim in the project's own words.
    pub(crate) statement: String,
    /// What the paper printed or asserted (a number, a count, or the asserted direction).
    pub(crate) printed: String,
    /// What the rebuild found, in the same terms.
    pub(crate) rebuilt: String,
    /// Whether the claim holds on the rebuilt results.
    pub(crate) holds: bool,
    /// The arithmetic behind the verdict, in one line.
    pub(crate) detail: String,
    /// The claim's cell in its family's grid, for a claim that is one of a family (A.T3's count of
    /// one measure, Dmax and N): the renderers show the family as one grid per measure. `None` for
    /// a claim that stands alone (and then absent from the JSON).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) group: Option<ClaimGroup>,
    /// Why the claim does not apply to the data at hand (its premise does not hold there, such as
    /// a role no assessor plays): then it is neither held nor failed, and `holds` is not read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) not_applicable: Option<String>,
    /// The claim measured through proxies of the quantity the paper names, each with its own
    /// verdict: `holds` says whether all hold; proxies that disagree make the verdict mixed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) proxies: Vec<ProxyCheck>,
    /// An observation about the paper's own data (one run's rank in one figure) rather than a
    /// claim: a stand-in cannot re-test it, so it is shown, never scored.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) observation: bool,
}

/// One proxy of a claim's quantity and what it shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct ProxyCheck {
    /// The proxy in words (`flipped item pairs within posts`).
    pub(crate) name: String,
    pub(crate) holds: bool,
    /// What it measured, in a line.
    pub(crate) detail: String,
}

impl ResultTable {
    pub(crate) fn new(id: &str) -> Self {
        ResultTable {
            id: id.to_string(),
            ..ResultTable::default()
        }
    }

    /// Records one number.
    pub(crate) fn set(&mut self, panel: &str, row: &str, column: &str, part: &str, value: f64) {
        self.cells
            .insert(CellKey::new(&self.id, panel, row, column, part), value);
    }

    /// Looks up one number.
    pub(crate) fn get(&self, panel: &str, row: &str, column: &str, part: &str) -> Option<f64> {
        self.cells
            .get(&CellKey::new(&self.id, panel, row, column, part))
            .copied()
    }

    /// Marks a row as rebuilt only in part.
    #[cfg(test)]
    pub(crate) fn mark_pending_row(&mut self, panel: &str, row: &str) {
        self.pending_rows
            .insert((panel.to_string(), row.to_string()));
    }

    pub(crate) fn note(&mut self, line: impl Into<String>) {
        self.notes.push(line.into());
    }

    /// Marks a cell as fitted to its printed value, within `tolerance`.
    pub(crate) fn fitted_to_print(
        &mut self,
        panel: &str,
        row: &str,
        column: &str,
        part: &str,
        tolerance: f64,
    ) {
        self.fitted
            .insert(CellKey::new(&self.id, panel, row, column, part), tolerance);
    }

    /// Appends a row to `panel`, for panels whose layout leaves the rows to the experiment
    /// (`rows: []` in the manifest). Rows are shown in the order they are added.
    pub(crate) fn add_row(&mut self, panel: &str, id: &str, label: &str) {
        self.add_grouped_row(panel, id, label, None);
    }

    /// Appends a row to `panel` like [`ResultTable::add_row`], with its cell in its family's grid
    /// when the row is a grouped claim.
    pub(crate) fn add_grouped_row(
        &mut self,
        panel: &str,
        id: &str,
        label: &str,
        group: Option<GridPlace>,
    ) {
        self.dynamic_rows
            .entry(panel.to_string())
            .or_default()
            .push(DynamicRow {
                id: id.to_string(),
                label: label.to_string(),
                group,
            });
    }

    /// The rows an experiment supplied for `panel` (empty if none).
    pub(crate) fn rows_of(&self, panel: &str) -> &[DynamicRow] {
        self.dynamic_rows.get(panel).map_or(&[], Vec::as_slice)
    }

    /// Prints one cell in bold (the cell need not be set yet).
    pub(crate) fn mark_bold(&mut self, panel: &str, row: &str, column: &str, part: &str) {
        self.bold
            .insert(CellKey::new(&self.id, panel, row, column, part));
    }

    /// Records one number copied from the experiment's inputs (see [`ResultTable::inputs`]).
    pub(crate) fn set_input(
        &mut self,
        panel: &str,
        row: &str,
        column: &str,
        part: &str,
        value: f64,
    ) {
        let key = CellKey::new(&self.id, panel, row, column, part);
        self.cells.insert(key.clone(), value);
        self.inputs.insert(key);
    }

    /// Prints one cell in bold because its value is below `threshold` ([`ResultTable::bold_below`]).
    pub(crate) fn mark_bold_below(
        &mut self,
        panel: &str,
        row: &str,
        column: &str,
        part: &str,
        threshold: f64,
    ) {
        self.mark_bold(panel, row, column, part);
        self.bold_below
            .insert(CellKey::new(&self.id, panel, row, column, part), threshold);
    }

    /// The threshold a bold cell's value is below, when its bold says so.
    pub(crate) fn bold_threshold(
        &self,
        panel: &str,
        row: &str,
        column: &str,
        part: &str,
    ) -> Option<f64> {
        self.bold_below
            .get(&CellKey::new(&self.id, panel, row, column, part))
            .copied()
    }

    /// Whether a cell is printed in bold.
    pub(crate) fn is_bold(&self, panel: &str, row: &str, column: &str, part: &str) -> bool {
        self.bold
            .contains(&CellKey::new(&self.id, panel, row, column, part))
    }

    /// Records a checked qualitative claim.
    pub(crate) fn claim(&mut self, check: ClaimCheck) {
        self.claims.push(check);
    }

    /// Records a qualitative claim checked on printed inputs, with the class of those inputs.
    pub(crate) fn claim_with_class(&mut self, check: ClaimCheck, class: ProvenanceClass) {
        self.claim_classes.insert(check.id.clone(), class);
        self.claims.push(check);
    }
}
