//! The printed numbers of the published files, indexed for the checks: table cells by key, text
//! claims by id, and selections of cells.

use std::collections::BTreeMap;

use super::selector::Selector;
use crate::model::{CellKey, PaperId as Paper};
use crate::published::{PublishedCell, PublishedFile, TextClaim};

/// The printed cells and text claims of every published file.
#[derive(Debug)]
pub(crate) struct Printed<'a> {
    cells: BTreeMap<CellKey, &'a PublishedCell>,
    text: BTreeMap<&'a str, &'a TextClaim>,
    files: &'a [PublishedFile],
}

/// The parts of one `a/b/c (sso%)` group of an overlap table, keyed by (panel, row, column).
pub(crate) type OverlapGroups = BTreeMap<(String, String, String), BTreeMap<String, f64>>;

impl<'a> Printed<'a> {
    pub(crate) fn new(files: &'a [PublishedFile]) -> Self {
        let mut cells = BTreeMap::new();
        let mut text = BTreeMap::new();
        for file in files {
            for cell in file.cells() {
                cells.insert(cell.key(), cell);
            }
            for claim in &file.text {
                text.insert(claim.id.as_str(), claim);
            }
        }
        Printed { cells, text, files }
    }

    /// Every printed cell, in key order.
    pub(crate) fn cells(&self) -> impl Iterator<Item = &'a PublishedCell> + '_ {
        self.cells.values().copied()
    }

    /// The cells of table `id`, in key order.
    pub(crate) fn table(&self, id: &str) -> Vec<&'a PublishedCell> {
        self.cells().filter(|c| c.table == id).collect()
    }

    /// The cell with this key.
    pub(crate) fn cell(&self, key: &CellKey) -> Option<&'a PublishedCell> {
        self.cells.get(key).copied()
    }

    /// The printed value of one cell.
    pub(crate) fn get(
        &self,
        table: &str,
        panel: &str,
        row: &str,
        column: &str,
        part: &str,
    ) -> Option<f64> {
        self.cell(&CellKey::new(table, panel, row, column, part))
            .map(|c| c.value)
    }

    /// The value of a text claim of the running text.
    pub(crate) fn text(&self, id: &str) -> Option<f64> {
        self.text.get(id).map(|c| c.value)
    }

    /// A text claim of the running text.
    pub(crate) fn text_claim(&self, id: &str) -> Option<&'a TextClaim> {
        self.text.get(id).copied()
    }

    /// The cells `selector` picks, in file order.
    pub(crate) fn select(&self, selector: &Selector) -> Vec<&'a PublishedCell> {
        self.files
            .iter()
            .flat_map(|f| f.cells())
            .filter(|c| selector.matches(c))
            .collect()
    }

    /// The paper a table id belongs to: the file that prints it, or whose paper prefixes it (`A.text`).
    pub(crate) fn paper_of(&self, table: &str) -> Option<Paper> {
        self.files
            .iter()
            .find(|f| f.table(table).is_some() || table.starts_with(&format!("{}.", f.paper)))
            .map(|f| f.paper.clone())
    }
}

/// The cells of an overlap table grouped by (panel, row, column): part (`a`, `b`, `c`, `sso_pct`) →
/// value.
pub(crate) fn overlap_groups(cells: &[&PublishedCell]) -> OverlapGroups {
    let mut groups = OverlapGroups::new();
    for c in cells {
        groups
            .entry((c.panel.clone(), c.row.clone(), c.column.clone()))
            .or_default()
            .insert(c.part.clone(), c.value);
    }
    groups
}
